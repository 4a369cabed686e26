// Internal to src/data: the pieces read_csv and make_dataset share.
//
// Both readers first produce a RawTable (numeric features with NaN marking missing cells, the target as raw
// strings, and where each row came from), then build_dataset turns it into a Dataset: target encoding and task
// resolution (label_encoding.cpp), missing values and constant columns (column_checks.cpp).
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "featrel/dataset.hpp"

namespace featrel::detail {

struct RawTable {
  Eigen::MatrixXd X;                       // NaN = missing cell
  std::vector<std::string> feature_names;
  std::string target_name;
  std::vector<std::string> target;         // raw target values, surrounding blanks trimmed
  std::string source;                      // file name or "<memory>"
  std::vector<std::size_t> lines;          // file line of each row; empty for data from memory
};

// "data.csv, row 17 (line 18)" for a 0-based row: rows are counted from 1 among the data rows, and the line
// is the line of the file the row starts on, so both readers of a message can find it.
std::string where_row(const RawTable& raw, std::size_t row);

// Outcome of parsing one field as a number.
enum class NumberParse { ok, not_number, not_finite };
// Parses a whole field (blanks around it ignored, a leading '+' allowed) with std::from_chars.
NumberParse parse_number(std::string_view text, double& value);
// True for the spellings of a missing value: empty, "NA" and "?" (after trimming blanks).
bool is_missing_token(std::string_view text);
// The text without leading and trailing spaces and tabs.
std::string_view trim_blanks(std::string_view text);
// A value for messages: quoted, and shortened when very long.
std::string quote_value(std::string_view text);
// "'a', 'b', 'c'" with at most `limit` names, then "and N more".
std::string name_list(const std::vector<std::string>& names, std::size_t limit = 12);

// Encodes the target of `raw` into `out` (labels, classes, y, task) and resolves the task (specs/README.md §4).
void encode_target(const RawTable& raw, const CsvOptions& options, Dataset& out);

// Missing feature values: InputError naming column and first row unless options.impute is mean, median or
// keep; fills them (mean, median) with a warning. Then flags constant columns with a warning.
void check_columns(const RawTable& raw, const CsvOptions& options, Dataset& out);

// The shared finish of read_csv and make_dataset.
Dataset build_dataset(RawTable&& raw, const CsvOptions& options);

}  // namespace featrel::detail
