// docs/fri.md#threshold-arithmetic-cases: threshold arithmetic (normal rule with the sample sd, Hill tail index with its cap, Weissman
// tail estimate, the reference's population-sd formula) and the class rule of docs/fri.md#relevance-classes.
#include <gtest/gtest.h>

#include <vector>

#include "featrel/fri.hpp"
#include "methods/fri/fri_internal.hpp"

namespace {

using featrel::fri::Threshold;
using featrel::fri::upper_threshold;

std::vector<double> quadratic_values() {
  std::vector<double> v;
  for (int k = 1; k <= 50; ++k) v.push_back(0.0002 * k + 0.00002 * k * k);
  return v;
}

TEST(FriThresholds, QuadraticExample) {
  const auto u = upper_threshold(quadratic_values(), 0.999, Threshold::tail);
  EXPECT_NEAR(u.mean, 0.02227, 1e-12);
  EXPECT_NEAR(u.sd, 0.0181777061, 1e-10);
  EXPECT_NEAR(u.t_quantile, 3.2650791729, 1e-9);
  EXPECT_NEAR(u.normal, 0.0822122279, 1e-10);
  ASSERT_TRUE(u.tail_index.has_value());
  EXPECT_NEAR(*u.tail_index, 0.2298509113, 1e-10);
  EXPECT_NEAR(*u.tail_index_raw, 0.2298509113, 1e-10);
  EXPECT_NEAR(*u.tail, 0.1351928840, 1e-10);
  EXPECT_NEAR(u.value, 0.1351928840, 1e-10);  // T_up = max(T_normal, T_tail)

  // The paper's rule alone.
  const auto n = upper_threshold(quadratic_values(), 0.999, Threshold::normal);
  EXPECT_NEAR(n.value, 0.0822122279, 1e-10);
  EXPECT_FALSE(n.tail_index.has_value());

  // The reference formula: population sd, q at 0.9999.
  const auto r = upper_threshold(quadratic_values(), 0.9999, Threshold::normal, true);
  EXPECT_NEAR(r.sd, 0.0179950110, 1e-10);
  EXPECT_NEAR(r.t_quantile, 4.0204900588, 1e-9);
  EXPECT_NEAR(r.value, 0.0953386687, 1e-10);
}

TEST(FriThresholds, CappedTailIndex) {
  std::vector<double> v(40, 0.002);
  for (double x : {0.004, 0.005, 0.006, 0.008, 0.010, 0.012, 0.015, 0.020, 0.025, 0.030}) v.push_back(x);
  const auto u = upper_threshold(v, 0.999, Threshold::tail);
  EXPECT_NEAR(u.normal, 0.0241218291, 1e-10);
  EXPECT_NEAR(*u.tail_index_raw, 1.7046808903, 1e-9);
  EXPECT_DOUBLE_EQ(*u.tail_index, 0.5);
  EXPECT_NEAR(*u.tail, 0.0282842712, 1e-10);
  EXPECT_NEAR(u.value, 0.0282842712, 1e-10);
}

TEST(FriThresholds, DegenerateCounts) {
  // The reference's special cases: no probe gives 0, one probe gives its value.
  EXPECT_EQ(upper_threshold({}, 0.9999, Threshold::normal, true).value, 0.0);
  EXPECT_EQ(upper_threshold({0.3}, 0.9999, Threshold::normal, true).value, 0.3);
  EXPECT_EQ(featrel::fri::normal_threshold({}, 0.999), 0.0);
  // All-zero probe values (typical lower values): threshold 0, no tail estimate.
  const auto z = upper_threshold(std::vector<double>(50, 0.0), 0.999, Threshold::tail);
  EXPECT_EQ(z.value, 0.0);
  EXPECT_FALSE(z.tail_index.has_value());
}

TEST(FriThresholds, ClassRule) {
  featrel::fri::Probes p;
  p.threshold_upper = 0.1;
  p.threshold_lower = 0.0;
  featrel::fri::Options o;  // min_relevance 1e-6
  using featrel::fri::detail::relevance_class;
  EXPECT_EQ(relevance_class(0.0, 0.1, p, o), 0);     // UB inside the interval
  EXPECT_EQ(relevance_class(0.0, 0.2, p, o), 1);     // weak
  EXPECT_EQ(relevance_class(1e-10, 0.2, p, o), 1);   // the guard: numerical noise is not strong
  EXPECT_EQ(relevance_class(0.01, 0.2, p, o), 2);    // strong
  EXPECT_EQ(relevance_class(0.2, 0.05, p, o), 0);    // LB > T_lo but UB <= T_up: irrelevant, as fri does
  // The strong boundary lower > max(T_lo, min_relevance) is strict on either side of the max.
  EXPECT_EQ(relevance_class(1e-6, 0.2, p, o), 1);                          // LB = min_relevance > T_lo = 0
  EXPECT_EQ(relevance_class(std::nextafter(1e-6, 1.0), 0.2, p, o), 2);     // just above it
  featrel::fri::Probes lo = p;
  lo.threshold_lower = 0.05;
  EXPECT_EQ(relevance_class(0.05, 0.2, lo, o), 1);                         // LB = T_lo > min_relevance
  EXPECT_EQ(relevance_class(std::nextafter(0.05, 1.0), 0.2, lo, o), 2);    // just above it
  EXPECT_EQ(relevance_class(0.01, 0.2, lo, o), 1);                         // above the guard, below T_lo
  // And the relevant boundary upper > max(T_up, min_relevance): T_up = 0 leaves the guard.
  featrel::fri::Probes zero = p;
  zero.threshold_upper = 0.0;
  EXPECT_EQ(relevance_class(0.0, 1e-6, zero, o), 0);
  EXPECT_EQ(relevance_class(0.0, std::nextafter(1e-6, 1.0), zero, o), 1);
  EXPECT_EQ(relevance_class(0.0, std::nextafter(0.1, 1.0), p, o), 1);      // just above T_up
  featrel::fri::Options ref = featrel::fri::effective_options([] {
    featrel::fri::Options r;
    r.reference = true;
    return r;
  }());
  EXPECT_EQ(relevance_class(1e-10, 0.2, p, ref), 2);  // the reference's strict rule without the guard
}

}  // namespace
