// Per-column checks after reading: missing feature values (recorded, then an error, imputed or kept) and
// constant columns (docs/architecture.md#constant-columns). Constant columns stay in the Dataset so indices match the CSV; they
// are flagged.
#include <algorithm>
#include <cmath>
#include <string>

#include "data/dataset_internal.hpp"
#include "featrel/error.hpp"
#include "featrel/preprocess.hpp"

namespace featrel::detail {

void check_columns(const RawTable& raw, const CsvOptions& options, Dataset& out) {
  Eigen::MatrixXd& X = out.X;
  const Eigen::Index n = X.rows();
  const Eigen::Index d = X.cols();

  std::size_t filled = 0;
  std::vector<std::string> filled_columns;
  out.missing_counts.assign(static_cast<std::size_t>(d), 0);
  out.missing_rows.assign(static_cast<std::size_t>(d), {});
  for (Eigen::Index j = 0; j < d; ++j) {
    const auto column = X.col(j);
    Eigen::Index first = -1;
    Eigen::Index missing = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
      if (std::isnan(column[i])) {
        if (first < 0) first = i;
        ++missing;
      }
    }
    out.missing_counts[static_cast<std::size_t>(j)] = static_cast<std::size_t>(missing);
    if (missing == 0) continue;
    // Recorded before imputation: checks on the values as read (preflight) must skip the invented ones.
    std::vector<bool>& rows = out.missing_rows[static_cast<std::size_t>(j)];
    rows.resize(static_cast<std::size_t>(n));
    for (Eigen::Index i = first; i < n; ++i) rows[static_cast<std::size_t>(i)] = std::isnan(column[i]);
    const std::string& name = out.feature_names[static_cast<std::size_t>(j)];
    if (options.impute == Impute::none) {
      // An indicator column's missing value is a missing category: name the column of the file.
      const auto jj = static_cast<std::size_t>(j);
      const bool indicator = jj < out.origins.size() && !out.origins[jj].level.empty();
      const std::string& column = indicator ? out.origins[jj].column : name;
      throw InputError(where_row(raw, static_cast<std::size_t>(first)) + ", column '" + column +
                       "': missing value (" + std::to_string(missing) +
                       " missing in this column); featrel needs complete data — use --impute mean or --impute "
                       "median, remove those rows, or --drop the column");
    }
    if (options.impute == Impute::keep) {
      filled += static_cast<std::size_t>(missing);
      filled_columns.push_back(name);
      continue;
    }
    if (missing == n) {
      throw InputError(raw.source + ", column '" + name + "': every value is missing, so there is nothing to "
                       "impute from; --drop the column");
    }
    filled += impute_column(X.col(j), options.impute);
    filled_columns.push_back(name);
  }
  if (filled > 0) {
    const std::string count = std::to_string(filled) + " missing value" + (filled == 1 ? "" : "s") + " in " +
                              std::to_string(filled_columns.size()) + " column" +
                              (filled_columns.size() == 1 ? "" : "s") + " (" + name_list(filled_columns) + ")";
    if (options.impute == Impute::keep) {
      out.warnings.push_back("kept " + count + " as NaN (--impute keep)");
    } else {
      out.warnings.push_back("imputed " + count + " with the column " + to_string(options.impute) +
                             " of the observed values");
    }
  }

  out.constant.assign(static_cast<std::size_t>(d), false);
  std::vector<std::string> constant_names;
  for (Eigen::Index j = 0; j < d; ++j) {
    if (!is_constant_column(X.col(j))) continue;
    out.constant[static_cast<std::size_t>(j)] = true;
    constant_names.push_back(out.feature_names[static_cast<std::size_t>(j)]);
  }
  if (!constant_names.empty()) {
    out.warnings.push_back(std::to_string(constant_names.size()) + " constant column" +
                           (constant_names.size() == 1 ? "" : "s") + " (" + name_list(constant_names) +
                           ") left out of every model fit and reported with constant: true");
  }
}

}  // namespace featrel::detail
