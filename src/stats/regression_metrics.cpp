// Regression and ordinal scores: R² with docs/fri.md#hyperparameter-search's rule for a constant target, MAE, and macro-averaged MAE.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "featrel/metrics.hpp"
#include "stats/detail.hpp"

namespace featrel::metrics {

namespace {

using stats::detail::require;

void check_pair(const std::vector<double>& y, const std::vector<double>& yhat, const char* function) {
  stats::detail::require_same_size(y.size(), yhat.size(), function);
  require(!y.empty(), function, "no samples");
  for (std::size_t i = 0; i < y.size(); ++i)
    require(std::isfinite(y[i]) && std::isfinite(yhat[i]), function,
            "non-finite value at position " + std::to_string(i));
}

}  // namespace

double r2(const std::vector<double>& y, const std::vector<double>& yhat) {
  check_pair(y, yhat, "r2");
  double ss_res = 0.0;
  for (std::size_t i = 0; i < y.size(); ++i) ss_res += (y[i] - yhat[i]) * (y[i] - yhat[i]);
  // A constant y is detected exactly (max = min), not from SS_tot: the mean of n copies of 0.1 need not be 0.1,
  // and a tiny rounding SS_tot would turn 1 − SS_res/SS_tot into a huge negative number.
  const auto [lo, hi] = std::minmax_element(y.begin(), y.end());
  if (*lo == *hi) return ss_res == 0.0 ? 1.0 : 0.0;
  double m = 0.0;
  for (double v : y) m += v;
  m /= static_cast<double>(y.size());
  double ss_tot = 0.0;
  for (double v : y) ss_tot += (v - m) * (v - m);
  return 1.0 - ss_res / ss_tot;
}

double mae(const std::vector<double>& y, const std::vector<double>& yhat) {
  check_pair(y, yhat, "mae");
  double s = 0.0;
  for (std::size_t i = 0; i < y.size(); ++i) s += std::abs(y[i] - yhat[i]);
  return s / static_cast<double>(y.size());
}

double macro_mae(const std::vector<int>& true_levels, const std::vector<int>& pred, int K) {
  stats::detail::require_same_size(true_levels.size(), pred.size(), "macro_mae");
  require(!true_levels.empty(), "macro_mae", "no samples");
  require(K >= 1, "macro_mae", "level count K = " + std::to_string(K) + " must be at least 1");
  std::vector<double> err(K, 0.0);
  std::vector<long> count(K, 0);
  for (std::size_t i = 0; i < true_levels.size(); ++i) {
    const int t = true_levels[i], p = pred[i];
    require(t >= 0 && t < K && p >= 0 && p < K, "macro_mae",
            "level outside 0.." + std::to_string(K - 1) + " at position " + std::to_string(i));
    err[t] += std::abs(p - t);
    ++count[t];
  }
  double total = 0.0;
  int present = 0;
  for (int k = 0; k < K; ++k) {
    if (count[k] == 0) continue;
    total += err[k] / static_cast<double>(count[k]);
    ++present;
  }
  return total / present;
}

}  // namespace featrel::metrics
