// SFC step 8c, near copies (docs/boruta.md#sfc-steps): a feature that nearly copies a relevant feature
// (|r| >= copy_correlation, 0.99 by default) carries its information, so it is weak whatever its own test showed: a
// forest splits a group of near-copies' importance among them, and one copy's test, in a design where the others
// stand in or where a depth-5 forest hardly uses it, has little power. By the same token a strong feature with a
// near copy among the relevant ones can be stood in for, so it becomes weak.
#include <algorithm>
#include <cmath>
#include <optional>

#include "featrel/stats.hpp"
#include "methods/boruta/sfc_internal.hpp"

namespace featrel::sfc::detail {

namespace {
// Rows both columns need before a correlation counts: at 10 rows, |r| >= 0.99 between independent columns has
// probability below 1e-7 (t = 19.8 on 8 degrees of freedom); with fewer, a copy is not established.
constexpr std::size_t kMinCopyRows = 10;

std::size_t complete_rows(const double* a, const double* b, std::size_t n) {
  std::size_t m = 0;
  for (std::size_t i = 0; i < n; ++i) m += !std::isnan(a[i]) && !std::isnan(b[i]);
  return m;
}
}  // namespace

std::optional<double> near_copy_correlation(const Eigen::MatrixXd& X, std::size_t a, std::size_t b, double min_r) {
  const std::size_t n = static_cast<std::size_t>(X.rows());
  const double* xa = X.col(static_cast<Eigen::Index>(a)).data();
  const double* xb = X.col(static_cast<Eigen::Index>(b)).data();
  const double c = std::abs(stats::pearson_complete(xa, xb, n));
  if (!(c >= min_r) || complete_rows(xa, xb, n) < kMinCopyRows) return std::nullopt;
  return c;
}

void copy_step(const Dataset& data, const std::vector<bool>& constant, double min_r, Result& r) {
  if (min_r <= 0.0) return;
  const std::size_t d = r.features.size();
  auto near_copy = [&](std::size_t a, std::size_t b) { return near_copy_correlation(data.X, a, b, min_r); };
  // Breadth first from the relevant features in column order: a copy of a copy is a copy too.
  std::vector<std::size_t> frontier;
  for (std::size_t j = 0; j < d; ++j)
    if (r.features[j].cls > 0) frontier.push_back(j);
  for (std::size_t head = 0; head < frontier.size(); ++head) {
    const std::size_t j = frontier[head];
    for (std::size_t k = 0; k < d; ++k) {
      FeatureResult& f = r.features[k];
      if (f.cls != 0 || constant[k]) continue;
      if (const auto c = near_copy(k, j)) {
        f.cls = 1;
        f.near_copy = NearCopy{j, *c};
        r.copies_added.push_back(k);
        frontier.push_back(k);
      }
    }
  }
  std::sort(r.copies_added.begin(), r.copies_added.end());
  // A strong feature with a near copy among the relevant ones (V's weak members, partners, copies) is replaceable.
  std::vector<std::size_t> demoted;
  for (std::size_t j = 0; j < d; ++j) {
    if (r.features[j].cls != 2) continue;
    for (std::size_t k = 0; k < d; ++k) {
      if (k == j || r.features[k].cls == 0) continue;
      if (const auto c = near_copy(j, k)) {
        r.features[j].near_copy = NearCopy{k, *c};
        demoted.push_back(j);
        break;
      }
    }
  }
  for (std::size_t j : demoted) r.features[j].cls = 1;  // after the scan, so that two strong copies both go
  r.copies_demoted = std::move(demoted);
}

}  // namespace featrel::sfc::detail
