// SFC's null intervals (docs/boruta.md#sfc-steps steps 4 and 6, Algorithm 1): the mean of α null values ±
// t_{α−1}⁻¹(1 − p)·σ·√(1/n_new + 1/α), through the shared prediction interval; the paired tests' score interval
// widens that to √(1 + 1/r) at the tail test_alpha/m. Both bounds are kept for the
// report; `sides` records which ones the decision uses (the shadow interval its upper bound, the score interval
// its lower bound or both).
#include <algorithm>
#include <cmath>
#include <functional>

#include "featrel/stats.hpp"
#include "methods/boruta/sfc_internal.hpp"

namespace featrel::sfc::detail {

double test_width_factor(bool paired, double r, double alpha) {
  return std::sqrt(paired ? 1.0 + 1.0 / r : 1.0 / r + 1.0 / alpha);
}

Interval null_interval(const std::vector<double>& values, const Options& o, stats::Sides sides,
                       const std::string& matrix, double n_new, double sd_floor) {
  const stats::PredictionInterval pi = stats::prediction_interval(values, o.fpr, o.sd, stats::Sides::two, n_new);
  Interval iv;
  iv.mean = pi.mean;
  iv.sd = pi.sd;
  iv.lower = pi.lower;
  iv.upper = pi.upper;
  iv.t_quantile = pi.t;
  iv.tail = o.fpr;
  iv.n_samples = static_cast<int>(values.size());
  // All values equal: σ is 0, not the ~1e-16 that summing them in floating point leaves (docs/boruta.md#errors-and-edge-cases degenerate_null).
  if (std::adjacent_find(values.begin(), values.end(), std::not_equal_to<>()) == values.end()) {
    iv.mean = iv.lower = iv.upper = values.front();
    iv.sd = 0.0;
  }
  iv.sd_floor = sd_floor;
  iv.sd_used = std::max(iv.sd, sd_floor);
  if (iv.sd_used > iv.sd) {
    const double half = pi.t * iv.sd_used * test_width_factor(false, n_new, static_cast<double>(values.size()));
    iv.lower = iv.mean - half;
    iv.upper = iv.mean + half;
  }
  iv.matrix = matrix;
  iv.sides = std::string(stats::to_string(sides));
  return iv;
}

Interval paired_score_interval(const std::vector<double>& values, const Options& o, const std::string& matrix,
                               double sd_floor, std::size_t tests) {
  const double r = static_cast<double>(o.test_repeats);
  Interval iv = null_interval(values, o, o.sided, matrix, r, sd_floor);
  iv.paired = true;
  iv.tests = static_cast<int>(std::max<std::size_t>(1, tests));
  iv.tail = std::min(0.5, o.test_alpha / static_cast<double>(iv.tests) / (o.sided == stats::Sides::two ? 2.0 : 1.0));
  iv.t_quantile = stats::student_t_quantile(static_cast<double>(values.size()) - 1.0, 1.0 - iv.tail);
  const double half = iv.t_quantile * iv.sd_used * test_width_factor(true, r, static_cast<double>(values.size()));
  iv.lower = iv.mean - half;
  iv.upper = iv.mean + half;
  return iv;
}

Interval shadow_null_interval(const std::vector<double>& importances, const Options& o) {
  const bool all_equal =
      std::adjacent_find(importances.begin(), importances.end(), std::not_equal_to<>()) == importances.end();
  // Equal samples: the raw interval is that value exactly (a cube of its cube root may miss it by an ulp).
  if (o.shadow_scale == ShadowScale::raw || all_equal)
    return null_interval(importances, o, stats::Sides::upper, "all", 1.0);
  std::vector<double> roots;
  roots.reserve(importances.size());
  for (double v : importances) roots.push_back(std::cbrt(v));
  Interval iv = null_interval(roots, o, stats::Sides::upper, "all", 1.0);
  iv.lower = iv.lower * iv.lower * iv.lower;
  iv.upper = iv.upper * iv.upper * iv.upper;
  iv.scale = to_string(ShadowScale::cube_root);
  return iv;
}

}  // namespace featrel::sfc::detail
