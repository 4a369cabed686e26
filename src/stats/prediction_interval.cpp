// Student-t prediction interval shared by FRI's probe thresholds (docs/fri.md#probes-and-thresholds) and SFC's shadow and score intervals
// (docs/boruta.md#sfc-steps). The method-specific choices (FRI's tail = 1 − p, SFC's population SD) stay with the callers.
#include <cmath>
#include <limits>
#include <string>

#include "featrel/stats.hpp"
#include "stats/detail.hpp"

namespace featrel::stats {

PredictionInterval prediction_interval(const std::vector<double>& values, double tail, SdKind sd_kind, Sides sides,
                                       double n_new) {
  const char* fn = "prediction_interval";
  const std::size_t n = values.size();
  detail::require(n >= 2, fn, "needs at least 2 reference values, got " + std::to_string(n));
  detail::require(tail > 0.0 && tail <= 0.5, fn, "tail probability " + std::to_string(tail) +
                                                     " is outside (0, 0.5]");
  detail::require(n_new > 0.0 && std::isfinite(n_new), fn,
                  "number of new values " + std::to_string(n_new) + " must be positive");
  for (std::size_t i = 0; i < n; ++i)
    detail::require(std::isfinite(values[i]), fn, "reference value " + std::to_string(i) + " is not finite");

  PredictionInterval pi{};
  pi.mean = mean(values);
  pi.sd = sd(values, sd_kind);
  // The degrees of freedom are n − 1 whatever the SD divisor: the population SD is the reference
  // implementations' choice of scale, not a different distribution (docs/boruta.md#sfc-steps row 9, docs/fri.md#probes-and-thresholds "Reference").
  pi.t = student_t_quantile(static_cast<double>(n - 1), 1.0 - tail);
  const double half = pi.t * pi.sd * std::sqrt(1.0 / n_new + 1.0 / static_cast<double>(n));
  constexpr double inf = std::numeric_limits<double>::infinity();
  pi.lower = sides == Sides::upper ? -inf : pi.mean - half;
  pi.upper = sides == Sides::lower ? inf : pi.mean + half;
  return pi;
}

std::string_view to_string(SdKind kind) { return kind == SdKind::sample ? "sample" : "population"; }

std::string_view to_string(Sides sides) {
  switch (sides) {
    case Sides::upper: return "upper";
    case Sides::lower: return "lower";
    case Sides::two: return "two";
  }
  return "two";
}

SdKind sd_kind_from_string(std::string_view s) {
  if (s == "sample") return SdKind::sample;
  if (s == "population") return SdKind::population;
  throw InputError("unknown SD kind '" + std::string(s) + "'; use sample or population");
}

Sides sides_from_string(std::string_view s) {
  if (s == "upper") return Sides::upper;
  if (s == "lower") return Sides::lower;
  if (s == "two") return Sides::two;
  throw InputError("unknown side '" + std::string(s) + "'; use upper, lower or two");
}

}  // namespace featrel::stats
