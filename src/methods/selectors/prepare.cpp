// The matrix the selectors see (docs/ubayfs.md#ensemble-stage step 2): the rows' non-constant columns, z-scored with the
// rows' mean and sample SD (divisor n − 1, as R's scale()), and the rows' target.
#include <algorithm>
#include <cstdint>
#include <numeric>

#include "featrel/preprocess.hpp"
#include "featrel/selectors.hpp"

namespace featrel::selectors {

Target make_target(const Dataset& data, const std::vector<std::size_t>& rows) {
  Target t;
  t.task = data.task;
  const bool all = rows.empty();
  const std::size_t n = all ? data.n_samples() : rows.size();
  t.y.resize(static_cast<Eigen::Index>(n));
  if (data.task != Task::regression) {
    t.n_classes = data.n_classes();
    t.labels.resize(n);
  }
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t r = all ? i : rows[i];
    t.y[static_cast<Eigen::Index>(i)] = data.y[static_cast<Eigen::Index>(r)];
    if (data.task != Task::regression) t.labels[i] = data.labels[r];
  }
  return t;
}

namespace {

std::vector<std::size_t> all_rows_if_empty(const Dataset& data, const std::vector<std::size_t>& rows) {
  if (!rows.empty()) return rows;
  std::vector<std::size_t> all(data.n_samples());
  std::iota(all.begin(), all.end(), std::size_t{0});
  return all;
}

}  // namespace

Prepared prepare_matrix(const Dataset& data, const std::vector<std::size_t>& rows) {
  const std::vector<std::size_t> used = all_rows_if_empty(data, rows);
  const Standardizer s = Standardizer::fit(data.X, used, SdDivisor::sample);
  Prepared out;
  for (std::size_t j = 0; j < data.n_features(); ++j)
    if (!s.constant[j]) out.columns.push_back(static_cast<int>(j));
  const auto n = static_cast<Eigen::Index>(used.size());
  out.Z.resize(n, static_cast<Eigen::Index>(out.columns.size()));
  for (Eigen::Index c = 0; c < out.Z.cols(); ++c) {
    const auto j = static_cast<Eigen::Index>(out.columns[static_cast<std::size_t>(c)]);
    const double mean = s.mean[j], sd = s.sd[j];
    // (x − mean)/sd is monotone in x in floating point too, which ascending_order relies on.
    for (Eigen::Index i = 0; i < n; ++i)
      out.Z(i, c) = (data.X(static_cast<Eigen::Index>(used[static_cast<std::size_t>(i)]), j) - mean) / sd;
  }
  out.y = make_target(data, used);
  return out;
}

std::vector<std::vector<std::uint32_t>> ascending_order(const Dataset& data) {
  std::vector<std::vector<std::uint32_t>> order(data.n_features());
  for (std::size_t j = 0; j < order.size(); ++j) {
    auto& o = order[j];
    o.resize(data.n_samples());
    std::iota(o.begin(), o.end(), std::uint32_t{0});
    const auto col = data.X.col(static_cast<Eigen::Index>(j));
    std::sort(o.begin(), o.end(), [&](std::uint32_t a, std::uint32_t b) { return col[a] < col[b]; });
  }
  return order;
}

Prepared prepare_matrix(const Dataset& data, const std::vector<std::size_t>& rows,
                        const std::vector<std::vector<std::uint32_t>>& ascending) {
  Prepared out = prepare_matrix(data, rows);
  const std::vector<std::size_t> used = all_rows_if_empty(data, rows);
  // Position of each Dataset row in the sub-sample (−1 = not drawn); walking a column's full order and keeping
  // the drawn rows gives the sub-sample's order in O(n). Rows drawn twice are not supported: fall back.
  std::vector<int> position(data.n_samples(), -1);
  for (std::size_t i = 0; i < used.size(); ++i) {
    if (position[used[i]] >= 0) return out;
    position[used[i]] = static_cast<int>(i);
  }
  out.y.ascending_rows.resize(out.columns.size());
  for (std::size_t c = 0; c < out.columns.size(); ++c) {
    auto& rows_c = out.y.ascending_rows[c];
    rows_c.reserve(used.size());
    for (std::uint32_t r : ascending[static_cast<std::size_t>(out.columns[c])])
      if (position[r] >= 0) rows_c.push_back(position[r]);
  }
  return out;
}

}  // namespace featrel::selectors
