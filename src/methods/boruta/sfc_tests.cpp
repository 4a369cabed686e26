// SFC's strong test (docs/boruta.md#sfc-steps step 7, docs/boruta.md#inputs-and-outputs): a feature of M is strong iff the score with it
// destroyed falls below the score interval (or outside it, with --sided two). A score that rises when the feature
// is destroyed is no evidence of unique information, hence the one-sided default. The interval is Bonferroni's
// (every test at test_alpha/m); adjust_tests then applies Holm's step-down to the run's tests as one family.
#include <boost/math/distributions/students_t.hpp>
#include <algorithm>
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

void adjust_tests(Result& r, std::size_t m, const Options& o) {
  // The family in feature order; a feature is either tested in M or a candidate outside V, never both. Without a
  // p-value (a null of zero spread) the interval's verdict stands and the test is left out, as no level changes it.
  std::vector<std::size_t> members;
  std::vector<double> p;
  for (std::size_t j = 0; j < r.features.size(); ++j) {
    const FeatureResult& f = r.features[j];
    const std::optional<double>& pj = f.partner_test ? f.partner_test->p_value : f.test_p_value;
    if ((f.tested || f.partner_test) && pj) {
      members.push_back(j);
      p.push_back(*pj);
    }
  }
  if (members.empty()) return;
  const std::vector<double> adjusted = stats::adjusted_p_values(p, o.test_correction, std::max(m, p.size()));
  const bool holm = o.test_correction == stats::Correction::holm;
  for (std::size_t i = 0; i < members.size(); ++i) {
    FeatureResult& f = r.features[members[i]];
    const bool within = holm && adjusted[i] <= o.test_alpha;
    if (f.partner_test) {
      PartnerTest& t = *f.partner_test;
      t.p_adjusted = adjusted[i];
      if (within && t.score < t.baseline_score) t.relevant = true;
      if (t.relevant) f.cls = 1;
    } else {
      f.test_p_adjusted = adjusted[i];
      // As in the tests: destroying the feature must lower the score below its own forest's (two-sided: change it).
      const bool changed = f.test_score && f.baseline_score &&
                           (o.sided == stats::Sides::two ? *f.test_score != *f.baseline_score
                                                         : *f.test_score < *f.baseline_score);
      if (within && changed) f.cls = 2;
    }
  }
  r.partners_added.clear();
  r.clusters_added.clear();
  for (std::size_t k : r.partner_candidates)
    if (r.features[k].partner_test->relevant) r.partners_added.push_back(k);
  for (std::size_t k : r.cluster_candidates)
    if (r.features[k].partner_test->relevant) r.clusters_added.push_back(k);
}

}  // namespace featrel::sfc::detail
