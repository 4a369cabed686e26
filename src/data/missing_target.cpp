// Rows without a target value: named all at once in the reader's error, or left out with
// CsvOptions::drop_missing_target (a warning names them, and each remaining row keeps its source row number).
#include <algorithm>
#include <string>
#include <vector>

#include "dataset_internal.hpp"
#include "featrel/error.hpp"

namespace featrel::detail {

std::vector<std::size_t> missing_target_rows(const RawTable& raw, const CsvOptions& options) {
  std::vector<std::size_t> rows;
  for (std::size_t i = 0; i < raw.target.size(); ++i)
    if (is_missing_value(raw.target[i], options.na_values)) rows.push_back(i);
  return rows;
}

std::string row_numbers_text(const RawTable& raw, const std::vector<std::size_t>& rows) {
  constexpr std::size_t kShown = 10;
  std::string out = rows.size() == 1 ? "row " : "rows ";
  for (std::size_t q = 0; q < std::min(kShown, rows.size()); ++q) {
    if (q > 0) out += q + 1 == rows.size() ? " and " : ", ";
    out += std::to_string((rows[q] < raw.rows.size() ? raw.rows[rows[q]] : rows[q]) + 1);
  }
  if (rows.size() > kShown) out += " and " + std::to_string(rows.size() - kShown) + " more";
  return out;
}

void drop_rows_without_target(RawTable& raw, const CsvOptions& options, Dataset& out) {
  if (!options.drop_missing_target) return;
  const std::vector<std::size_t> missing = missing_target_rows(raw, options);
  if (missing.empty()) return;
  const std::size_t n = raw.target.size();
  const std::size_t kept_rows = n - missing.size();
  if (kept_rows < 2) {
    throw InputError(raw.source + ": target '" + raw.target_name + "' is missing in " + std::to_string(missing.size()) +
                     " of " + std::to_string(n) + " rows, so --drop-missing-target leaves " +
                     std::to_string(kept_rows) + "; featrel needs at least 2 rows with a target value");
  }
  const std::string dropped = row_numbers_text(raw, missing);

  std::vector<std::size_t> keep;  // positions kept, ascending
  keep.reserve(kept_rows);
  for (std::size_t i = 0, q = 0; i < n; ++i) {
    if (q < missing.size() && missing[q] == i) {
      ++q;
      continue;
    }
    keep.push_back(i);
  }
  std::vector<std::size_t> at(n, kNoRow);  // old position -> new position
  for (std::size_t p = 0; p < keep.size(); ++p) at[keep[p]] = p;
  const auto pick = [&](auto& values) {
    if (values.size() != n) return;
    auto picked = values;
    picked.resize(keep.size());
    for (std::size_t p = 0; p < keep.size(); ++p) picked[p] = values[keep[p]];
    values = std::move(picked);
  };

  Eigen::MatrixXd X(static_cast<Eigen::Index>(keep.size()), raw.X.cols());
  for (std::size_t p = 0; p < keep.size(); ++p) X.row(static_cast<Eigen::Index>(p)) = raw.X.row(static_cast<Eigen::Index>(keep[p]));
  raw.X = std::move(X);
  std::vector<std::size_t> source_rows(keep.size());
  for (std::size_t p = 0; p < keep.size(); ++p) source_rows[p] = raw.rows.size() == n ? raw.rows[keep[p]] : keep[p];
  pick(raw.target);
  pick(raw.target_numbers);
  pick(raw.lines);
  for (auto& text : raw.text) pick(text);
  // A message about a text column quotes its first non-numeric value: its new row, or, when that row was left
  // out, the next value among the kept rows.
  for (std::size_t j = 0; j < raw.first_text_row.size(); ++j) {
    const std::size_t old = raw.first_text_row[j];
    if (old == kNoRow) continue;
    raw.first_text_row[j] = at[old];
    if (at[old] != kNoRow || j >= raw.text.size()) continue;
    for (std::size_t p = 0; p < raw.text[j].size(); ++p)
      if (keep[p] > old && !is_missing_value(raw.text[j][p], options.na_values)) {
        raw.first_text_row[j] = p;
        raw.first_text_value[j] = raw.text[j][p];
        break;
      }
  }
  raw.rows = source_rows;
  out.source_rows = std::move(source_rows);
  out.warnings.push_back(
      "target '" + raw.target_name + "' is missing in " + std::to_string(missing.size()) + " of " + std::to_string(n) +
      " rows (" + dropped + "); they are left out (--drop-missing-target) and the analysis uses the other " +
      std::to_string(kept_rows) + ". If the target is missing for a reason linked to it (e.g. patients lost to "
      "follow-up), the rows left are not a random sample of the cohort: say so when reporting the result");
}

}  // namespace featrel::detail
