// Quantiles and binomial tails against the documented reference values (docs/boruta.md#exact-cases, docs/fri.md#threshold-arithmetic-cases).
#include <gtest/gtest.h>

#include <cmath>

#include "featrel/error.hpp"
#include "featrel/stats.hpp"

namespace fs = featrel::stats;

TEST(StudentT, SpecQuantiles) {
  // docs/boruta.md#exact-cases (tolerance 1e-6) and docs/fri.md#threshold-arithmetic-cases (ten digits).
  EXPECT_NEAR(fs::student_t_quantile(49, 1 - 1e-6), 5.390799, 1e-6);
  EXPECT_NEAR(fs::student_t_quantile(9, 1 - 1e-6), 10.720160, 1e-6);
  EXPECT_NEAR(fs::student_t_quantile(49, 1 - 1e-4), 4.0204900588, 1e-9);
  EXPECT_NEAR(fs::student_t_quantile(49, 0.999), 3.2650791729, 1e-9);
}

TEST(StudentT, SymmetricAndMedianZero) {
  EXPECT_NEAR(fs::student_t_quantile(5, 0.5), 0.0, 1e-15);
  EXPECT_NEAR(fs::student_t_quantile(7, 0.01), -fs::student_t_quantile(7, 0.99), 1e-12);
  // t with 1 degree of freedom is Cauchy: quantile tan(π(p − ½)).
  EXPECT_NEAR(fs::student_t_quantile(1, 0.75), 1.0, 1e-12);
}

TEST(StudentT, BadArguments) {
  EXPECT_THROW(fs::student_t_quantile(0, 0.9), featrel::InputError);
  EXPECT_THROW(fs::student_t_quantile(10, 0.0), featrel::InputError);
  EXPECT_THROW(fs::student_t_quantile(10, 1.0), featrel::InputError);
  EXPECT_THROW(fs::student_t_quantile(10, std::nan("")), featrel::InputError);
}

TEST(Normal, Quantiles) {
  EXPECT_NEAR(fs::normal_quantile(0.975), 1.959963984540054, 1e-12);
  EXPECT_NEAR(fs::normal_quantile(0.025), -1.959963984540054, 1e-12);
  EXPECT_NEAR(fs::normal_quantile(0.5), 0.0, 1e-15);
  EXPECT_NEAR(fs::normal_quantile(1 - 1e-6), 4.7534243088, 1e-9);
  EXPECT_THROW(fs::normal_quantile(1.0), featrel::InputError);
}

TEST(Binomial, BorutaSpecTails) {
  // docs/boruta.md#exact-cases: k = 10 trials, hits 10/9/5/1/0; p_rej is the mirror image of p_acc.
  const int hits[] = {10, 9, 5, 1, 0};
  const double p_acc[] = {0.0009765625, 0.0107421875, 0.623046875, 0.9990234375, 1.0};
  for (int i = 0; i < 5; ++i) {
    EXPECT_DOUBLE_EQ(fs::binomial_upper_tail(hits[i], 10, 0.5), p_acc[i]) << "hits " << hits[i];
    EXPECT_DOUBLE_EQ(fs::binomial_lower_tail(hits[i], 10, 0.5), p_acc[4 - i]) << "hits " << hits[i];
  }
}

TEST(Binomial, FirstPossibleBorutaDecision) {
  // docs/boruta.md#the-boruta-loop: with two-step, a decision first becomes possible at the smallest k with 2^−k ≤ α/k.
  auto first_k = [](double alpha) {
    for (int k = 1;; ++k)
      if (fs::binomial_upper_tail(k, k, 0.5) <= alpha / k) return k;
  };
  EXPECT_EQ(first_k(0.05), 8);
  EXPECT_EQ(first_k(0.01), 10);
}

// Reference values from scipy.stats.betabinom(n, a, b).sf(k - 1) (SciPy 1.10).
TEST(BetaBinomial, UpperTailAgainstScipy) {
  EXPECT_NEAR(fs::beta_binomial_upper_tail(1, 4, 2, 49), 0.14395527603074787, 1e-14);
  EXPECT_NEAR(fs::beta_binomial_upper_tail(2, 4, 2, 49), 0.01225608772778608, 1e-15);
  EXPECT_NEAR(fs::beta_binomial_upper_tail(3, 21, 2, 49), 0.07460105903966052, 1e-14);
  EXPECT_NEAR(fs::beta_binomial_upper_tail(6, 50, 2, 49), 0.05587480885907303, 1e-14);
  EXPECT_NEAR(fs::beta_binomial_upper_tail(3, 10, 0.5, 1.5), 0.3896331787109374, 1e-14);
  // One new draw above the 49th smallest of 50: 2/51.
  EXPECT_NEAR(fs::beta_binomial_upper_tail(1, 1, 2, 49), 2.0 / 51.0, 1e-15);
  // Wider than the binomial with the same mean: the shared bound makes the draws' exceedances move together.
  EXPECT_GT(fs::beta_binomial_upper_tail(6, 50, 2, 49), fs::binomial_upper_tail(6, 50, 2.0 / 51.0));
  EXPECT_EQ(fs::beta_binomial_upper_tail(0, 7, 2, 49), 1.0);
  EXPECT_EQ(fs::beta_binomial_upper_tail(8, 7, 2, 49), 0.0);
  EXPECT_THROW(fs::beta_binomial_upper_tail(1, 4, 0.0, 1.0), featrel::InputError);
  EXPECT_THROW(fs::beta_binomial_upper_tail(1, -1, 1.0, 1.0), featrel::InputError);
}

TEST(Binomial, UnequalProbabilityAndEdges) {
  // P(Bin(3, 0.2) ≥ 2) = 3·0.04·0.8 + 0.008 = 0.104; P(≤ 1) = 0.896.
  EXPECT_NEAR(fs::binomial_upper_tail(2, 3, 0.2), 0.104, 1e-14);
  EXPECT_NEAR(fs::binomial_lower_tail(1, 3, 0.2), 0.896, 1e-14);
  EXPECT_EQ(fs::binomial_upper_tail(0, 5, 0.3), 1.0);
  EXPECT_EQ(fs::binomial_upper_tail(-2, 5, 0.3), 1.0);
  EXPECT_EQ(fs::binomial_upper_tail(6, 5, 0.3), 0.0);
  EXPECT_EQ(fs::binomial_lower_tail(5, 5, 0.3), 1.0);
  EXPECT_EQ(fs::binomial_lower_tail(-1, 5, 0.3), 0.0);
  EXPECT_NEAR(fs::binomial_upper_tail(1, 4, 0.0), 0.0, 1e-15);
  EXPECT_NEAR(fs::binomial_lower_tail(3, 4, 1.0), 0.0, 1e-15);
  EXPECT_THROW(fs::binomial_upper_tail(1, 4, 1.5), featrel::InputError);
  EXPECT_THROW(fs::binomial_lower_tail(1, -1, 0.5), featrel::InputError);
}
