// Benjamini–Hochberg (docs/boruta.md#exact-cases and the step-up edge cases), BH-adjusted p-values, Bonferroni, and
// the Holm and Bonferroni adjusted p-values of SFC's paired tests.
#include <gtest/gtest.h>

#include <cmath>

#include "featrel/error.hpp"
#include "featrel/stats.hpp"

namespace fs = featrel::stats;
using B = std::vector<bool>;

TEST(BenjaminiHochberg, SpecCases) {
  EXPECT_EQ(fs::benjamini_hochberg({0.001, 0.02, 0.03, 0.04, 0.3}, 0.05), (B{true, true, true, true, false}));
  EXPECT_EQ(fs::benjamini_hochberg({0.01, 0.011, 0.012, 0.2}, 0.05), (B{true, true, true, false}));
}

TEST(BenjaminiHochberg, StepUpRejectsBelowTheLargestPassingRank) {
  // Sorted 0.02, 0.024, 0.9 against 1/3·α, 2/3·α, α: rank 1 fails its own threshold (0.0167) but rank 2 passes
  // (0.0333), so both are rejected. A step-down rule would reject nothing. Input order is kept in the result.
  EXPECT_EQ(fs::benjamini_hochberg({0.9, 0.024, 0.02}, 0.05), (B{false, true, true}));
}

TEST(BenjaminiHochberg, TiesAreDecidedTogether) {
  EXPECT_EQ(fs::benjamini_hochberg({0.03, 0.5, 0.03, 0.03}, 0.05), (B{true, false, true, true}));
  EXPECT_EQ(fs::benjamini_hochberg({0.04, 0.04, 0.5}, 0.05), (B{false, false, false}));
}

TEST(BenjaminiHochberg, EdgeCases) {
  EXPECT_TRUE(fs::benjamini_hochberg({}, 0.05).empty());
  EXPECT_EQ(fs::benjamini_hochberg({0.05}, 0.05), (B{true}));  // p equal to its threshold is rejected
  EXPECT_EQ(fs::benjamini_hochberg({0.0500001}, 0.05), (B{false}));
  EXPECT_EQ(fs::benjamini_hochberg({0.0, 1.0}, 1.0), (B{true, true}));
  EXPECT_THROW(fs::benjamini_hochberg({0.1, 1.2}, 0.05), featrel::InputError);
  EXPECT_THROW(fs::benjamini_hochberg({0.1, std::nan("")}, 0.05), featrel::InputError);
  EXPECT_THROW(fs::benjamini_hochberg({0.1}, 0.0), featrel::InputError);
}

TEST(BhAdjusted, ValuesAndAgreementWithTheRule) {
  // Sorted 0.01, 0.03, 0.04, 0.2 → m·p/i = 0.04, 0.06, 0.0533, 0.2 → running minimum from the top.
  const std::vector<double> p{0.01, 0.04, 0.03, 0.2};
  const std::vector<double> q = fs::bh_adjusted(p);
  ASSERT_EQ(q.size(), 4u);
  EXPECT_NEAR(q[0], 0.04, 1e-15);
  EXPECT_NEAR(q[1], 0.16 / 3, 1e-15);
  EXPECT_NEAR(q[2], 0.16 / 3, 1e-15);
  EXPECT_NEAR(q[3], 0.2, 1e-15);
  for (double alpha : {0.03, 0.045, 0.06, 0.25}) {
    const B rule = fs::benjamini_hochberg(p, alpha);
    for (std::size_t i = 0; i < p.size(); ++i) EXPECT_EQ(rule[i], q[i] <= alpha) << "alpha " << alpha;
  }
  EXPECT_EQ(fs::bh_adjusted({0.9, 0.8})[0], 0.9);  // capped by the largest rank, never above 1
}

TEST(Bonferroni, DefaultAndExplicitTestCount) {
  EXPECT_EQ(fs::bonferroni({0.01, 0.02, 0.0125, 0.5}, 0.05), (B{true, false, true, false}));
  EXPECT_EQ(fs::bonferroni({0.01, 0.02, 0.0125, 0.5}, 0.05, 10), (B{false, false, false, false}));
  EXPECT_EQ(fs::bonferroni({0.004, 0.02}, 0.05, 10), (B{true, false}));
  EXPECT_THROW(fs::bonferroni({0.01, 0.02, 0.03}, 0.05, 2), featrel::InputError);
}

TEST(AdjustedPValues, HolmByHand) {
  // Sorted 0.01, 0.015, 0.03, 0.2 (m = 4) → 4·0.01, 3·0.015, 2·0.03, 1·0.2 = 0.04, 0.045, 0.06, 0.2, already
  // increasing. At α = 0.05 Holm rejects the first two; Bonferroni (α/4 = 0.0125) only the first.
  const std::vector<double> p{0.03, 0.01, 0.2, 0.015};
  const std::vector<double> holm = fs::adjusted_p_values(p, fs::Correction::holm);
  ASSERT_EQ(holm.size(), 4u);
  EXPECT_NEAR(holm[0], 0.06, 1e-15);
  EXPECT_NEAR(holm[1], 0.04, 1e-15);
  EXPECT_NEAR(holm[2], 0.2, 1e-15);
  EXPECT_NEAR(holm[3], 0.045, 1e-15);
  const std::vector<double> bonf = fs::adjusted_p_values(p, fs::Correction::bonferroni);
  EXPECT_NEAR(bonf[0], 0.12, 1e-15);
  EXPECT_NEAR(bonf[1], 0.04, 1e-15);
  EXPECT_EQ(bonf[2], 0.8);
  EXPECT_NEAR(bonf[3], 0.06, 1e-15);
  // Bonferroni's adjusted p agrees with the rule; Holm rejects whatever Bonferroni rejects.
  for (double alpha : {0.01, 0.041, 0.05, 0.1, 0.5}) {
    const B rule = fs::bonferroni(p, alpha);
    for (std::size_t i = 0; i < p.size(); ++i) {
      EXPECT_EQ(rule[i], bonf[i] <= alpha) << "alpha " << alpha;
      if (rule[i]) EXPECT_LE(holm[i], alpha);
      EXPECT_LE(holm[i], bonf[i]);
    }
  }
}

TEST(AdjustedPValues, HolmStopsAtTheFirstFailure) {
  // Sorted 0.001, 0.04, 0.045 (m = 3): 0.003, 0.08, 0.045 → the running maximum makes the last 0.08: once the
  // second test fails at α = 0.05, the third is not rejected although 1·0.045 < α.
  const std::vector<double> holm = fs::adjusted_p_values({0.045, 0.001, 0.04}, fs::Correction::holm);
  EXPECT_NEAR(holm[0], 0.08, 1e-15);
  EXPECT_NEAR(holm[1], 0.003, 1e-15);
  EXPECT_NEAR(holm[2], 0.08, 1e-15);
}

TEST(AdjustedPValues, TestCountCapsAndErrors) {
  // m = 5 for two given p-values: the others count as the largest, so the factors are 5 and 4.
  const std::vector<double> holm = fs::adjusted_p_values({0.02, 0.001}, fs::Correction::holm, 5);
  EXPECT_NEAR(holm[1], 0.005, 1e-15);
  EXPECT_NEAR(holm[0], 0.08, 1e-15);
  EXPECT_EQ(fs::adjusted_p_values({0.6, 0.7}, fs::Correction::holm)[1], 1.0);  // capped at 1
  EXPECT_TRUE(fs::adjusted_p_values({}, fs::Correction::holm).empty());
  EXPECT_THROW(fs::adjusted_p_values({0.1, 0.2}, fs::Correction::holm, 1), featrel::InputError);
  EXPECT_THROW(fs::adjusted_p_values({std::nan("")}, fs::Correction::bonferroni), featrel::InputError);
}
