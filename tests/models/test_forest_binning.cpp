// The forest's binning and parameter rules (docs/boruta.md#the-random-forest item 1 and the docs/boruta.md#exact-cases rows on k and
// min_child_weight): one bin per value up to max_bins values, quantile edges beyond, a missing code, test rows
// coded with the training edges, and the column-count and XGBoost translation rules.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "featrel/error.hpp"
#include "featrel/forest.hpp"

namespace {

using namespace featrel::forest;
constexpr double NaN = std::numeric_limits<double>::quiet_NaN();

TEST(ForestBinning, OneBinPerDistinctValue) {
  Eigen::MatrixXd X(6, 1);
  X << 3.0, 1.0, 2.0, 1.0, NaN, 3.0;
  const BinnedData b = bin(X);
  EXPECT_EQ(b.n_rows(), 6u);
  EXPECT_EQ(b.n_bins(0), 3);
  EXPECT_EQ(b.missing_code(0), 3);
  EXPECT_TRUE(b.has_missing(0));
  EXPECT_EQ(b.upper_edges(0), (std::vector<double>{1.0, 2.0}));
  const std::uint8_t* c = b.column(0);
  EXPECT_EQ((std::vector<int>(c, c + 6)), (std::vector<int>{2, 0, 1, 0, 3, 2}));
}

TEST(ForestBinning, QuantileEdgesBeyondMaxBins) {
  // 10 distinct values into 4 bins: edges at sorted positions ⌈b·10/4⌉ − 1 = 2, 4, 7.
  Eigen::MatrixXd X(10, 1);
  for (int i = 0; i < 10; ++i) X(i, 0) = 10.0 * (9 - i);  // 90, 80, ..., 0
  const BinnedData b = bin(X, 4);
  EXPECT_EQ(b.upper_edges(0), (std::vector<double>{20.0, 40.0, 70.0}));
  EXPECT_EQ(b.n_bins(0), 4);
  EXPECT_FALSE(b.has_missing(0));
  EXPECT_EQ(b.code(0, 0.0), 0);
  EXPECT_EQ(b.code(0, 20.0), 0);
  EXPECT_EQ(b.code(0, 20.5), 1);
  EXPECT_EQ(b.code(0, 70.0), 2);
  EXPECT_EQ(b.code(0, 1e9), 3);
  EXPECT_EQ(b.code(0, NaN), 4);
}

TEST(ForestBinning, EqualEdgesMerge) {
  // 9 zeros and 1..3: positions 2 and 4 both hold 0, so they give one edge.
  Eigen::MatrixXd X(12, 1);
  X << 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3;
  const BinnedData b = bin(X, 3);
  EXPECT_EQ(b.upper_edges(0), (std::vector<double>{0.0}));
  EXPECT_EQ(b.n_bins(0), 2);
}

TEST(ForestBinning, TestRowsUseTrainingEdges) {
  Eigen::MatrixXd train(4, 2), test(3, 2);
  train << 1, 5, 2, 6, 3, 7, 4, 8;
  test << 2.5, NaN, 0, 100, 4, 6;
  const BinnedData b = bin(train);
  const BinnedData t = bin_like(b, test);
  EXPECT_EQ(t.n_rows(), 3u);
  EXPECT_EQ(t.n_bins(0), b.n_bins(0));
  EXPECT_EQ(t.column(0)[0], 2);  // 2 < 2.5 ≤ 3
  EXPECT_EQ(t.column(0)[1], 0);
  EXPECT_EQ(t.column(0)[2], 3);
  EXPECT_EQ(t.column(1)[0], b.missing_code(1));
  EXPECT_EQ(t.column(1)[1], 3);  // above the last edge: the open last bin
  EXPECT_TRUE(t.has_missing(1));
  EXPECT_THROW(bin_like(b, Eigen::MatrixXd(2, 3)), featrel::InputError);
}

TEST(ForestBinning, AllMissingColumnAndBadInput) {
  Eigen::MatrixXd X(3, 1);
  X << NaN, NaN, NaN;
  const BinnedData b = bin(X);
  EXPECT_EQ(b.n_bins(0), 0);
  EXPECT_EQ(b.column(0)[1], 0);  // the missing code of a column without values
  EXPECT_THROW(bin(X, 1), featrel::InputError);
  EXPECT_THROW(bin(X, 256), featrel::InputError);
  X(0, 0) = std::numeric_limits<double>::infinity();
  EXPECT_THROW(bin(X), featrel::InputError);
}

TEST(ForestBinning, ShadowKeepsBinsAndMissingRate) {
  Eigen::MatrixXd X(5, 1);
  X << 1, NaN, 3, 4, 5;
  const BinnedData b = bin(X);
  Design d(b);
  d.add(0);
  d.add_permuted(0, std::vector<std::size_t>{4, 3, 2, 1, 0});
  EXPECT_EQ(d.n_cols(), 2u);
  EXPECT_TRUE(d.permuted(1));
  EXPECT_EQ(d.source(1), 0u);
  EXPECT_EQ(d.n_bins(1), d.n_bins(0));
  for (int i = 0; i < 5; ++i) EXPECT_EQ(d.codes(1)[i], d.codes(0)[4 - i]);
  EXPECT_THROW(d.add_permuted(0, std::vector<std::size_t>{0, 1}), featrel::InputError);
  EXPECT_THROW(d.add(3), featrel::InputError);
}

// docs/boruta.md#exact-cases: feature count k for f = 0.1 with m = 60, 45, 10, 4; for f = 0.8 with m = 21, 71. XGBoost gets (k+½)/m.
TEST(ForestParams, ColumnCounts) {
  EXPECT_EQ(column_count(0.1, 60), 6u);
  EXPECT_EQ(column_count(0.1, 45), 5u);
  EXPECT_EQ(column_count(0.1, 10), 1u);
  EXPECT_EQ(column_count(0.1, 4), 1u);
  EXPECT_EQ(column_count(0.8, 21), 17u);
  EXPECT_EQ(column_count(0.8, 71), 57u);
  EXPECT_NEAR(xgboost_colsample(6, 60), 0.108333, 1e-6);
  // XGBoost's own ⌊colsample·m⌋ then yields k again.
  for (std::size_t m : {4, 10, 21, 45, 60, 71})
    for (double f : {0.1, 0.7, 0.8}) {
      const std::size_t k = column_count(f, m);
      EXPECT_EQ(static_cast<std::size_t>(std::floor(static_cast<float>(xgboost_colsample(k, m)) * static_cast<float>(m))), k);
    }
  EXPECT_EQ(ColumnFraction::sqrt().count(60), 7u);
  EXPECT_EQ(ColumnFraction::sqrt().count(49), 7u);
  EXPECT_EQ(ColumnFraction::sqrt().count(1), 1u);
  EXPECT_EQ(ColumnFraction::fraction(0.1).count(60), 6u);
}

TEST(ForestParams, MinChildWeight) {
  EXPECT_DOUBLE_EQ(xgboost_min_child_weight(Objective::binary, 2, 20), 4.875);
  EXPECT_DOUBLE_EQ(xgboost_min_child_weight(Objective::regression, 0, 20), 19.5);
  EXPECT_NEAR(xgboost_min_child_weight(Objective::multiclass, 3, 20), 8.666667, 1e-6);
}

TEST(ForestParams, Spellings) {
  EXPECT_EQ(parse_column_fraction("sqrt"), ColumnFraction::sqrt());
  EXPECT_EQ(parse_column_fraction("all"), ColumnFraction::fraction(1.0));
  EXPECT_EQ(parse_column_fraction("0.25"), ColumnFraction::fraction(0.25));
  EXPECT_THROW(parse_column_fraction("0"), featrel::InputError);
  EXPECT_THROW(parse_column_fraction("1.5"), featrel::InputError);
  EXPECT_THROW(parse_column_fraction("half"), featrel::InputError);
  EXPECT_EQ(parse_engine("xgboost"), Engine::xgboost);
  EXPECT_THROW(parse_engine("lightgbm"), featrel::InputError);
  EXPECT_EQ(parse_feature_sampling("node"), FeatureSampling::node);
  EXPECT_THROW(parse_feature_sampling("row"), featrel::InputError);
  Params p;
  p.row_fraction = 0.0;
  EXPECT_THROW(validate(p), featrel::InputError);
  p = Params{};
  p.max_depth = -1;
  EXPECT_THROW(validate(p), featrel::InputError);
  p = Params{};
  p.n_trees = 0;
  EXPECT_THROW(validate(p), featrel::InputError);
}

}  // namespace
