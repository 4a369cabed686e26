// Probe thresholds and relevance classes (docs/fri.md#probes-and-thresholds, docs/fri.md#relevance-classes).
//
// The paper's rule is the upper end of a normal prediction interval of the probe values. Probe upper bounds are
// heavy-tailed (a probe the refitted baseline happens to use gets a much larger UB than one it does not), so the
// normal rule's real exceedance rate is several times the nominal 1 − p; featrel's default `tail` rule also
// estimates the (1 − p) extreme quantile from the largest fifth of the probes (Hill tail index, capped at 0.5,
// and Weissman's extrapolation) and takes the larger of the two. The lower threshold stays the normal rule.
#include <algorithm>
#include <cmath>
#include <functional>

#include "featrel/stats.hpp"
#include "methods/fri/fri_internal.hpp"

namespace featrel::fri {

namespace {

// Below this the (k+1)-th largest probe value counts as 0 and no tail is estimated.
constexpr double kTailFloor = 1e-12;
// Cap of the Hill tail index: one outlying group of probes cannot inflate the threshold without bound.
constexpr double kTailIndexCap = 0.5;

}  // namespace

double normal_threshold(const std::vector<double>& values, double p, bool population_sd) {
  if (values.empty()) return 0.0;          // the reference: no probe, threshold 0
  if (values.size() == 1) return values[0];  // the reference: one probe, its value
  const stats::SdKind kind = population_sd ? stats::SdKind::population : stats::SdKind::sample;
  return stats::prediction_interval(values, 1.0 - p, kind, stats::Sides::upper).upper;
}

UpperThreshold upper_threshold(const std::vector<double>& values, double p, Threshold rule, bool population_sd) {
  UpperThreshold u;
  const std::size_t P = values.size();
  if (P < 2) {
    u.mean = P == 1 ? values[0] : 0.0;
    u.normal = u.value = normal_threshold(values, p, population_sd);
    return u;
  }
  const stats::SdKind kind = population_sd ? stats::SdKind::population : stats::SdKind::sample;
  const stats::PredictionInterval pi = stats::prediction_interval(values, 1.0 - p, kind, stats::Sides::upper);
  u.mean = pi.mean;
  u.sd = pi.sd;
  u.t_quantile = pi.t;
  u.normal = pi.upper;
  u.value = u.normal;
  if (rule != Threshold::tail) return u;
  std::vector<double> sorted = values;
  std::sort(sorted.begin(), sorted.end(), std::greater<double>());
  const std::size_t k = P / 5;
  if (k == 0 || !(sorted[k] > kTailFloor)) return u;
  double sum = 0.0;
  for (std::size_t i = 0; i < k; ++i) sum += std::log(sorted[i] / sorted[k]);
  const double raw = sum / static_cast<double>(k);
  const double gamma = std::min(kTailIndexCap, raw);
  u.tail_index_raw = raw;
  u.tail_index = gamma;
  u.tail = sorted[k] * std::pow(static_cast<double>(k) / (static_cast<double>(P) * (1.0 - p)), gamma);
  u.value = std::max(u.normal, *u.tail);
  return u;
}

namespace detail {

int relevance_class(double lower, double upper, const Probes& probes, const Options& o) {
  // Reference mode runs with min_relevance = 0, which is its strict rule against T_up and T_lo.
  const bool relevant = upper > std::max(probes.threshold_upper, o.min_relevance);
  if (!relevant) return 0;
  return lower > std::max(probes.threshold_lower, o.min_relevance) ? 2 : 1;
}

bool needed_below_noise(double lower, double upper, const Probes& probes, const Options& o) {
  return relevance_class(lower, upper, probes, o) == 0 && lower > std::max(probes.threshold_lower, o.min_relevance);
}

}  // namespace detail

}  // namespace featrel::fri
