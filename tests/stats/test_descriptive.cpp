// Mean, SD divisors, numpy's linear percentile (docs/boruta.md#exact-cases) and average ranks.
#include <gtest/gtest.h>

#include <cmath>

#include "featrel/error.hpp"
#include "featrel/stats.hpp"

namespace fs = featrel::stats;

TEST(Descriptive, MeanAndSdDivisors) {
  const std::vector<double> v{2, 4, 4, 4, 5, 5, 7, 9};  // Σ(x − 5)² = 32
  EXPECT_DOUBLE_EQ(fs::mean(v), 5.0);
  EXPECT_DOUBLE_EQ(fs::sd(v, fs::SdKind::population), 2.0);
  EXPECT_DOUBLE_EQ(fs::sd(v, fs::SdKind::sample), std::sqrt(32.0 / 7.0));
}

TEST(Descriptive, SdKeepsPrecisionWithLargeOffset) {
  const std::vector<double> v{1e9 + 1, 1e9 + 2, 1e9 + 3};
  EXPECT_NEAR(fs::sd(v, fs::SdKind::sample), 1.0, 1e-9);
}

TEST(Descriptive, TooFewValues) {
  EXPECT_THROW(fs::mean({}), featrel::InputError);
  EXPECT_THROW(fs::sd({1.0}, fs::SdKind::sample), featrel::InputError);
  EXPECT_DOUBLE_EQ(fs::sd({1.0}, fs::SdKind::population), 0.0);
  EXPECT_THROW(fs::median({}), featrel::InputError);
  EXPECT_THROW(fs::percentile_linear({}, 50), featrel::InputError);
}

TEST(Percentile, NumpyLinearSpecValues) {
  EXPECT_NEAR(fs::percentile_linear({1, 2, 3, 4, 10}, 70), 3.8, 1e-12);
  EXPECT_DOUBLE_EQ(fs::percentile_linear({1, 2, 3, 4, 10}, 100), 10.0);
  EXPECT_DOUBLE_EQ(fs::percentile_linear({1, 2, 3, 4, 10}, 0), 1.0);
  EXPECT_NEAR(fs::percentile_linear({0.5, 0.1, 0.3, 0.9}, 70), 0.54, 1e-12);  // unsorted input
  EXPECT_DOUBLE_EQ(fs::percentile_linear({7.0}, 30), 7.0);
}

TEST(Percentile, BadArguments) {
  EXPECT_THROW(fs::percentile_linear({1, 2}, -1), featrel::InputError);
  EXPECT_THROW(fs::percentile_linear({1, 2}, 100.5), featrel::InputError);
  EXPECT_THROW(fs::percentile_linear({1, std::nan("")}, 50), featrel::InputError);
}

TEST(Median, EvenAndOdd) {
  EXPECT_DOUBLE_EQ(fs::median({4, 1, 3, 2}), 2.5);
  EXPECT_DOUBLE_EQ(fs::median({5, 1, 3}), 3.0);
}

TEST(AverageRanks, TiesShareTheirMeanRank) {
  const std::vector<double> r = fs::average_ranks({10, 20, 10, 30, 20, 20});
  const std::vector<double> expected{1.5, 4, 1.5, 6, 4, 4};
  EXPECT_EQ(r, expected);
  EXPECT_TRUE(fs::average_ranks({}).empty());
  EXPECT_THROW(fs::average_ranks({1, std::nan("")}), featrel::InputError);
}
