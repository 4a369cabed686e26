// The rows of a Dataset as a Dataset of their own (include/featrel/dataset.hpp): resampled repeats and UBayFS's
// outer splits run a method on a subset of the rows through this one function.
#include "featrel/dataset.hpp"
#include "featrel/preprocess.hpp"

namespace featrel {

Dataset subset_rows(const Dataset& data, const std::vector<std::size_t>& rows) {
  Dataset d = data;
  const auto m = static_cast<Eigen::Index>(rows.size());
  d.X.resize(m, data.X.cols());
  d.y.resize(m);
  d.labels.clear();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto r = static_cast<Eigen::Index>(rows[i]);
    d.X.row(static_cast<Eigen::Index>(i)) = data.X.row(r);
    if (data.y.size() == data.X.rows()) d.y[static_cast<Eigen::Index>(i)] = data.y[r];
    if (!data.labels.empty()) d.labels.push_back(data.labels[rows[i]]);
  }
  if (data.y.size() != data.X.rows()) d.y.resize(0);
  d.source_rows.resize(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i)
    d.source_rows[i] = data.source_rows.empty() ? rows[i] : data.source_rows[rows[i]];
  for (std::size_t j = 0; j < d.missing_rows.size(); ++j) {
    if (d.missing_rows[j].empty()) continue;
    std::vector<bool> flags(rows.size());
    std::size_t count = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) count += (flags[i] = data.missing_rows[j][rows[i]]) ? 1 : 0;
    d.missing_rows[j] = std::move(flags);
    if (j < d.missing_counts.size()) d.missing_counts[j] = count;
  }
  // The Dataset's rule for constant columns, on these rows (a subsample can make a column constant); it skips the
  // NaN that --impute keep leaves.
  d.constant.resize(data.n_features(), false);
  for (std::size_t j = 0; j < d.constant.size(); ++j)
    d.constant[j] = d.constant[j] || is_constant_column(d.X.col(static_cast<Eigen::Index>(j)));
  d.warnings.clear();
  return d;
}

}  // namespace featrel
