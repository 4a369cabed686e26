// Boruta's hit statistics and tests (docs/boruta.md#the-boruta-loop item 7): exact binomial tails of the hit counts
// after k iterations, corrected by Benjamini–Hochberg over the active features and Bonferroni over iterations
// (two-step), or by Bonferroni over all d features (the original Boruta).
#include "featrel/boruta.hpp"
#include "featrel/stats.hpp"

namespace featrel::boruta {

TestOutcome binomial_tests(const std::vector<int>& hits, int k, double alpha, bool two_step, std::size_t d) {
  TestOutcome t;
  const std::size_t m = hits.size();
  t.p_accept.resize(m);
  t.p_reject.resize(m);
  for (std::size_t q = 0; q < m; ++q) {
    t.p_accept[q] = stats::binomial_upper_tail(hits[q], k, 0.5);
    t.p_reject[q] = stats::binomial_lower_tail(hits[q], k, 0.5);
  }
  if (two_step) {
    t.accept = stats::benjamini_hochberg(t.p_accept, alpha);
    t.reject = stats::benjamini_hochberg(t.p_reject, alpha);
    const double per_iteration = alpha / static_cast<double>(k);  // BorutaPy: alpha / float(_iter)
    for (std::size_t q = 0; q < m; ++q) {
      t.accept[q] = t.accept[q] && t.p_accept[q] <= per_iteration;
      t.reject[q] = t.reject[q] && t.p_reject[q] <= per_iteration;
    }
  } else {
    t.accept = stats::bonferroni(t.p_accept, alpha, d);
    t.reject = stats::bonferroni(t.p_reject, alpha, d);
  }
  // p_acc + p_rej = 1 + P(X = hits) > 1, so both can hold only for α > ½; such a feature gets no decision.
  for (std::size_t q = 0; q < m; ++q)
    if (t.accept[q] && t.reject[q]) t.accept[q] = t.reject[q] = false;
  return t;
}

}  // namespace featrel::boruta
