// Quantiles and tail probabilities, all through Boost.Math with its default (throwing) policy. Arguments are
// checked here first so that a bad call raises InputError with our wording rather than a Boost domain_error.
#include <algorithm>
#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <string>

#include "featrel/stats.hpp"
#include "stats/detail.hpp"

namespace featrel::stats {

namespace {

void check_probability(double p, const char* function) {
  detail::require(p > 0.0 && p < 1.0, function, "probability " + std::to_string(p) + " is outside (0, 1)");
}

void check_binomial(int n, double p, const char* function) {
  detail::require(n >= 0, function, "trial count " + std::to_string(n) + " is negative");
  detail::require(p >= 0.0 && p <= 1.0, function, "success probability " + std::to_string(p) +
                                                      " is outside [0, 1]");
}

}  // namespace

double student_t_quantile(double df, double p) {
  check_probability(p, "student_t_quantile");
  detail::require(df > 0.0 && std::isfinite(df), "student_t_quantile",
                  "degrees of freedom " + std::to_string(df) + " must be positive and finite");
  const boost::math::students_t dist(df);
  // For p > ½, 1 − p is computed exactly (Sterbenz), and the complement avoids the cancellation of evaluating
  // the quantile at a p that is within rounding of 1.
  if (p > 0.5) return boost::math::quantile(boost::math::complement(dist, 1.0 - p));
  return boost::math::quantile(dist, p);
}

double normal_quantile(double p) {
  check_probability(p, "normal_quantile");
  const boost::math::normal dist(0.0, 1.0);
  if (p > 0.5) return boost::math::quantile(boost::math::complement(dist, 1.0 - p));
  return boost::math::quantile(dist, p);
}

double binomial_upper_tail(int k, int n, double p) {
  check_binomial(n, p, "binomial_upper_tail");
  if (k <= 0) return 1.0;
  if (k > n) return 0.0;
  const boost::math::binomial_distribution<double> dist(n, p);
  // P(X ≥ k) = 1 − P(X ≤ k − 1), taken as Boost's complement so small tails keep their relative accuracy.
  return boost::math::cdf(boost::math::complement(dist, k - 1));
}

double binomial_lower_tail(int k, int n, double p) {
  check_binomial(n, p, "binomial_lower_tail");
  if (k < 0) return 0.0;
  if (k >= n) return 1.0;
  const boost::math::binomial_distribution<double> dist(n, p);
  return boost::math::cdf(dist, k);
}

double beta_binomial_upper_tail(int k, int n, double a, double b) {
  detail::require(n >= 0, "beta_binomial_upper_tail", "trial count " + std::to_string(n) + " is negative");
  detail::require(a > 0.0 && b > 0.0 && std::isfinite(a) && std::isfinite(b), "beta_binomial_upper_tail",
                  "shape parameters " + std::to_string(a) + ", " + std::to_string(b) + " must be positive");
  if (k <= 0) return 1.0;
  if (k > n) return 0.0;
  using boost::math::lgamma;
  const double nn = static_cast<double>(n);
  const double log_norm = lgamma(nn + 1.0) + lgamma(a + b) - lgamma(a) - lgamma(b) - lgamma(nn + a + b);
  // The upper terms summed directly, so a small tail keeps its relative accuracy.
  double sum = 0.0;
  for (int x = k; x <= n; ++x) {
    const double xx = static_cast<double>(x);
    sum += std::exp(log_norm - lgamma(xx + 1.0) - lgamma(nn - xx + 1.0) + lgamma(xx + a) + lgamma(nn - xx + b));
  }
  return std::min(1.0, sum);
}

}  // namespace featrel::stats
