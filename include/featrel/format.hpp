// Number formatting shared by every writer, so that the same value prints the same bytes everywhere.
//
// format_number gives the shortest decimal that reads back to the same double (std::to_chars), which makes
// generated CSV files byte-identical across runs and platforms; format_fixed gives a fixed number of decimals
// for human-readable tables.
#pragma once

#include <optional>
#include <string>

namespace featrel {

// Shortest round-trip representation ("0.1", "-3", "1e-07"); "nan", "inf", "-inf" for non-finite values.
std::string format_number(double value);
// Fixed notation with `decimals` digits after the point ("0.1235").
std::string format_fixed(double value, int decimals);
// `digits` significant digits, printf's %g ("0.03162", "1.2e-05"), for messages and titles.
std::string format_significant(double value, int digits);
// A table cell: format_fixed for a finite value, "-" for a non-finite or missing one.
std::string format_cell(double value, int decimals);
std::string format_cell(const std::optional<double>& value, int decimals);

}  // namespace featrel
