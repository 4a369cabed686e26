// Multiple-testing corrections: Benjamini–Hochberg step-up and Bonferroni for Boruta's two-step test
// (docs/boruta.md#the-boruta-loop), Holm's step-down and Bonferroni adjusted p-values for SFC's paired tests
// (docs/boruta.md#sfc-steps step 7).
#include <algorithm>
#include <numeric>
#include <string>

#include "featrel/stats.hpp"
#include "stats/detail.hpp"

namespace featrel::stats {

namespace {

void check_pvalues(const std::vector<double>& p, const char* function) {
  for (std::size_t i = 0; i < p.size(); ++i)
    detail::require(p[i] >= 0.0 && p[i] <= 1.0, function,
                    "p-value " + std::to_string(i) + " (" + std::to_string(p[i]) + ") is outside [0, 1]");
}

void check_alpha(double alpha, const char* function) {
  detail::require(alpha > 0.0 && alpha <= 1.0, function, "alpha " + std::to_string(alpha) + " is outside (0, 1]");
}

// Indices of p in ascending order of value, ties in input order.
std::vector<std::size_t> ascending_order(const std::vector<double>& p) {
  std::vector<std::size_t> order(p.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
  return order;
}

}  // namespace

std::vector<bool> benjamini_hochberg(const std::vector<double>& p, double alpha) {
  check_pvalues(p, "benjamini_hochberg");
  check_alpha(alpha, "benjamini_hochberg");
  const std::size_t m = p.size();
  const std::vector<std::size_t> order = ascending_order(p);
  // Step-up: the largest rank i (1-based) with p_(i) ≤ i·α/m; all ranks up to it are rejected, even those whose
  // own p_(j) exceeds j·α/m. The threshold is evaluated as (i/m)·α, BorutaPy's (and statsmodels') ecdf factor
  // times α, so that a p-value lying exactly on a threshold is decided as the reference decides it.
  std::size_t cut = 0;
  for (std::size_t i = 1; i <= m; ++i)
    if (p[order[i - 1]] <= static_cast<double>(i) / static_cast<double>(m) * alpha) cut = i;
  std::vector<bool> reject(m, false);
  for (std::size_t i = 0; i < cut; ++i) reject[order[i]] = true;
  return reject;
}

std::vector<double> bh_adjusted(const std::vector<double>& p) {
  check_pvalues(p, "bh_adjusted");
  const std::size_t m = p.size();
  const std::vector<std::size_t> order = ascending_order(p);
  std::vector<double> q(m);
  double running = 1.0;  // min over j ≥ i of m·p_(j)/j, taken from the largest rank down
  for (std::size_t i = m; i >= 1; --i) {
    const double v = static_cast<double>(m) * p[order[i - 1]] / static_cast<double>(i);
    running = std::min(running, v);
    q[order[i - 1]] = running;
  }
  return q;
}

std::vector<bool> bonferroni(const std::vector<double>& p, double alpha, std::size_t m) {
  check_pvalues(p, "bonferroni");
  check_alpha(alpha, "bonferroni");
  if (m == 0) m = p.size();
  detail::require(m >= p.size(), "bonferroni",
                  "test count " + std::to_string(m) + " is smaller than the " + std::to_string(p.size()) +
                      " p-values given");
  std::vector<bool> reject(p.size(), false);
  const double threshold = alpha / static_cast<double>(m);
  for (std::size_t i = 0; i < p.size(); ++i) reject[i] = p[i] <= threshold;
  return reject;
}

std::vector<double> adjusted_p_values(const std::vector<double>& p, Correction correction, std::size_t m) {
  check_pvalues(p, "adjusted_p_values");
  if (m == 0) m = p.size();
  detail::require(m >= p.size(), "adjusted_p_values",
                  "test count " + std::to_string(m) + " is smaller than the " + std::to_string(p.size()) +
                      " p-values given");
  const double mm = static_cast<double>(m);
  std::vector<double> adjusted(p.size());
  if (correction == Correction::bonferroni) {
    for (std::size_t i = 0; i < p.size(); ++i) adjusted[i] = std::min(1.0, mm * p[i]);
    return adjusted;
  }
  // Holm: the running maximum keeps the step-down's stop: once a p-value fails, no later one is rejected.
  const std::vector<std::size_t> order = ascending_order(p);
  double running = 0.0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    running = std::max(running, std::min(1.0, (mm - static_cast<double>(i)) * p[order[i]]));
    adjusted[order[i]] = running;
  }
  return adjusted;
}

}  // namespace featrel::stats
