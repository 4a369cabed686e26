// Standardisation and column imputation against hand-computed values.
#include <gtest/gtest.h>

#include <cmath>

#include "featrel/error.hpp"
#include "featrel/preprocess.hpp"
#include "featrel/rng.hpp"

namespace featrel {
namespace {

// Column 0: 1, 2, 3, 6 (mean 3, squared deviations 4 + 1 + 0 + 9 = 14); column 1 constant 10.
Eigen::MatrixXd example() {
  Eigen::MatrixXd X(4, 2);
  X << 1, 10, 2, 10, 3, 10, 6, 10;
  return X;
}

TEST(Standardizer, PopulationSdOverAllRows) {
  const Eigen::MatrixXd X = example();
  const Standardizer s = Standardizer::fit(X, {}, SdDivisor::population);
  EXPECT_DOUBLE_EQ(s.mean[0], 3.0);
  EXPECT_DOUBLE_EQ(s.sd[0], std::sqrt(14.0 / 4.0));
  EXPECT_DOUBLE_EQ(s.mean[1], 10.0);
  EXPECT_EQ(s.sd[1], 1.0);  // constant: divided by 1
  EXPECT_EQ(s.constant, (std::vector<bool>{false, true}));

  Eigen::MatrixXd Z = X;
  s.apply(Z);
  EXPECT_DOUBLE_EQ(Z(0, 0), -2.0 / std::sqrt(3.5));
  EXPECT_DOUBLE_EQ(Z(3, 0), 3.0 / std::sqrt(3.5));
  EXPECT_EQ(Z(2, 0), 0.0);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(Z(i, 1), 0.0);  // centred constant column
  EXPECT_NEAR(Z.col(0).mean(), 0.0, 1e-15);
  EXPECT_NEAR(Z.col(0).squaredNorm() / 4.0, 1.0, 1e-15);
}

TEST(Standardizer, SampleSdUsesNMinusOne) {
  const Standardizer s = Standardizer::fit(example(), {}, SdDivisor::sample);
  EXPECT_DOUBLE_EQ(s.sd[0], std::sqrt(14.0 / 3.0));
  EXPECT_EQ(s.sd[1], 1.0);
}

TEST(Standardizer, FitOnRowsAppliesToAllRows) {
  // Rows 0 and 2 of column 0: 1 and 3, mean 2, population SD 1.
  const Eigen::MatrixXd X = example();
  const Standardizer s = Standardizer::fit(X, {0, 2}, SdDivisor::population);
  EXPECT_EQ(s.mean[0], 2.0);
  EXPECT_EQ(s.sd[0], 1.0);
  EXPECT_FALSE(s.constant[0]);
  const Eigen::MatrixXd Z = s.transform(X);
  EXPECT_EQ(Z(0, 0), -1.0);
  EXPECT_EQ(Z(1, 0), 0.0);
  EXPECT_EQ(Z(3, 0), 4.0);  // a held-out row, scaled with the fitted rows' statistics
  EXPECT_EQ(X(3, 0), 6.0);  // transform leaves its input alone
  // Sample SD over 2 rows: sqrt(2 / 1).
  EXPECT_DOUBLE_EQ(Standardizer::fit(X, {0, 2}, SdDivisor::sample).sd[0], std::sqrt(2.0));
}

TEST(Standardizer, SingleRowSampleSdCountsAsConstant) {
  const Standardizer s = Standardizer::fit(example(), {3}, SdDivisor::sample);
  EXPECT_EQ(s.mean[0], 6.0);
  EXPECT_EQ(s.sd[0], 1.0);
  EXPECT_TRUE(s.constant[0]);
}

TEST(Standardizer, ConstantOnlyUpToRoundingWhateverTheScale) {
  Eigen::MatrixXd X(2, 3);
  // Column 0 differs in its last bit only: constant. Column 1 varies by 1e-12 of its offset 1e6, column 2 by
  // 1e-6 around 0: both measured, both scaled.
  X << 1e6, 1e6, 0.0, std::nextafter(1e6, 2e6), 1e6 + 1e-6, 1e-6;
  const Standardizer s = Standardizer::fit(X, {}, SdDivisor::population);
  EXPECT_TRUE(s.constant[0]);
  EXPECT_EQ(s.sd[0], 1.0);
  EXPECT_FALSE(s.constant[1]);
  EXPECT_NEAR(s.sd[1], 5e-7, 1e-10);  // 1e6 + 1e-6 is a double within 6e-11 of it
  EXPECT_FALSE(s.constant[2]);
  EXPECT_DOUBLE_EQ(s.sd[2], 5e-7);
}

TEST(Standardizer, TinyAndHugeColumnsGetFiniteScores) {
  // Squares of 1e-170 underflow to 0 and squares of 1e170 overflow; the z-scores are those of 1, 2, 3, 6.
  Eigen::MatrixXd X(4, 2);
  X << 1e-170, 1e170, 2e-170, 2e170, 3e-170, 3e170, 6e-170, 6e170;
  const Standardizer s = Standardizer::fit(X, {}, SdDivisor::population);
  const Eigen::MatrixXd Z = s.transform(X);
  const Eigen::MatrixXd unit = Standardizer::fit(example(), {}, SdDivisor::population).transform(example());
  for (int j = 0; j < 2; ++j) {
    EXPECT_FALSE(s.constant[static_cast<std::size_t>(j)]);
    EXPECT_NEAR(s.sd[j] / (j == 0 ? 1e-170 : 1e170), std::sqrt(3.5), 1e-12);
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(Z(i, j), unit(i, 0), 1e-12);
  }
}

TEST(IsConstantColumn, ScaleFreeRule) {
  rng::Rng r(7);
  Eigen::VectorXd x(50), small(50), offset(50);
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    x[i] = r.normal();
    small[i] = x[i] * 1e-12;    // a quantity in small units: SD ~1e-12
    offset[i] = 1e12 + x[i];    // a large offset: SD ~1, 1e-12 of the mean
  }
  EXPECT_FALSE(is_constant_column(x));
  EXPECT_FALSE(is_constant_column(small));
  EXPECT_FALSE(is_constant_column(offset));
  EXPECT_FALSE(is_constant_column(small * 1e-290));  // values near 1e-302 that differ still vary

  Eigen::VectorXd same = Eigen::VectorXd::Constant(5, 0.3);
  EXPECT_TRUE(is_constant_column(same));
  EXPECT_TRUE(is_constant_column(Eigen::VectorXd::Zero(5)));
  same[2] = std::nextafter(0.3, 1.0);  // differs in the last bit: rounding, not a measurement
  EXPECT_TRUE(is_constant_column(same));
  same[3] = 0.1 + 0.2;                 // 0.30000000000000004
  EXPECT_TRUE(is_constant_column(same));
  Eigen::VectorXd big = Eigen::VectorXd::Constant(3, 1e12);
  big[1] = std::nextafter(1e12, 2e12);
  EXPECT_TRUE(is_constant_column(big));
  big[1] = 1e12 + 0.001;
  EXPECT_FALSE(is_constant_column(big));
}

TEST(IsConstantColumn, SkipsMissingValuesAndReadsRows) {
  Eigen::VectorXd col(4);
  col << 2, NAN, 2, 5;
  EXPECT_FALSE(is_constant_column(col));
  EXPECT_TRUE(is_constant_column(col, {0, 1, 2}));  // observed values 2 and 2
  EXPECT_TRUE(is_constant_column(col, {1}));        // nothing observed
  Eigen::VectorXd missing(2);
  missing << NAN, NAN;
  EXPECT_TRUE(is_constant_column(missing));
}

TEST(Standardizer, RejectsBadRowsAndShapes) {
  const Eigen::MatrixXd X = example();
  EXPECT_THROW(Standardizer::fit(X, {4}, SdDivisor::population), std::out_of_range);
  const Standardizer s = Standardizer::fit(X, {}, SdDivisor::population);
  Eigen::MatrixXd wrong(2, 3);
  EXPECT_THROW(s.apply(wrong), std::invalid_argument);
}

TEST(ImputeColumn, MeanAndMedianOfObservedValues) {
  Eigen::VectorXd mean_col(4);
  mean_col << 1, NAN, 3, 10;
  EXPECT_EQ(impute_column(mean_col, Impute::mean), 1u);
  EXPECT_DOUBLE_EQ(mean_col[1], 14.0 / 3.0);
  EXPECT_EQ(mean_col[3], 10.0);

  Eigen::VectorXd odd(4);
  odd << 10, NAN, 1, 3;
  EXPECT_EQ(impute_column(odd, Impute::median), 1u);
  EXPECT_EQ(odd[1], 3.0);

  Eigen::VectorXd even(6);
  even << 10, NAN, 2, NAN, 4, 1;
  EXPECT_EQ(impute_column(even, Impute::median), 2u);
  EXPECT_EQ(even[1], 3.0);  // (2 + 4) / 2
  EXPECT_EQ(even[3], 3.0);
}

TEST(ImputeColumn, NoneAndKeepFillNothing) {
  Eigen::VectorXd col(2);
  col << NAN, 1;
  EXPECT_EQ(impute_column(col, Impute::keep), 0u);
  EXPECT_EQ(impute_column(col, Impute::none), 0u);
  EXPECT_TRUE(std::isnan(col[0]));
}

TEST(ImputeColumn, AllMissingIsAnError) {
  Eigen::VectorXd col(2);
  col << NAN, NAN;
  EXPECT_THROW(impute_column(col, Impute::mean), InputError);
}

}  // namespace
}  // namespace featrel
