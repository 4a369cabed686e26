// SFC's strong test (docs/boruta.md#sfc-steps step 7, docs/boruta.md#inputs-and-outputs): a feature of M is strong iff the score with it
// destroyed falls below the score interval (or outside it, with --sided two). A score that rises when the feature
// is destroyed is no evidence of unique information, hence the one-sided default. The statistic and p-value are
// reported for reading the decision, not used by it.
#include <boost/math/distributions/students_t.hpp>
#include <cmath>

#include "methods/boruta/sfc_internal.hpp"

namespace featrel::sfc::detail {

TestVerdict strong_test(double score, const Interval& iv, const Options& o) {
  TestVerdict v;
  const bool two = o.sided == stats::Sides::two;
  v.strong = score < iv.lower || (two && score > iv.upper);
  if (iv.sd_used > 0.0) {
    const double alpha = static_cast<double>(iv.n_samples);
    const double r = static_cast<double>(o.test_repeats);
    const double scale = iv.sd_used * test_width_factor(iv.paired, r, alpha);
    const double stat = (score - iv.mean) / scale;
    v.statistic = stat;
    const boost::math::students_t dist(alpha - 1.0);
    const double lower_tail = boost::math::cdf(dist, stat);
    const double upper_tail = boost::math::cdf(boost::math::complement(dist, stat));
    v.p_value = two ? std::min(1.0, 2.0 * std::min(lower_tail, upper_tail)) : lower_tail;
  }
  return v;
}

}  // namespace featrel::sfc::detail
