// The boosted model over the forest's trees (docs/boruta.md#the-boosted-importance-model): the margins and total
// gain of a perfectly separated binary problem and of a two-group regression, derived by hand round by round;
// multiclass; the same result for any thread count; bad input.
#include <gtest/gtest.h>

#include <cmath>

#include "featrel/error.hpp"
#include "featrel/forest.hpp"
#include "forest_test_data.hpp"

namespace {

using namespace featrel::forest;

Params stump() {
  Params p;
  p.max_depth = 1;
  p.min_leaf_rows = 1;
  return p;
}

// 40 rows: x = 0 and class 1 for rows 0-19, x = 1 and class 0 for rows 20-39. F starts at logit ½ = 0. In round r
// every class-1 row has F = f and every class-0 row −f, so the negative gradients are ±a with a = 1 − σ(f); the
// stump's leaves are ±a (the residuals' mean is 0), f grows by lr·a/h₀ = 0.4·a, and the regression gain of the
// split (h = 1 per row) is 20a² + 20a² − 0 = 40a².
TEST(ForestBoosting, SeparatedBinaryRoundByRound) {
  Eigen::MatrixXd X(40, 1);
  std::vector<int> y(40);
  for (int i = 0; i < 40; ++i) X(i, 0) = i < 20 ? 0.0 : 1.0, y[static_cast<std::size_t>(i)] = i < 20 ? 1 : 0;
  const BinnedData b = bin(X);
  const Design d = forest_test::all_columns(b);
  BoostParams boost;
  boost.rounds = 3;
  FitRequest rq;
  rq.margins = true;
  const FitResult r = fit_boosted(d, Target::classification(y, 2), stump(), boost, 5, rq);
  double f = 0.0, gain = 0.0;
  for (int round = 0; round < 3; ++round) {
    const double a = 1.0 - 1.0 / (1.0 + std::exp(-f));
    gain += 40.0 * a * a;
    f += 0.1 * a / 0.25;
  }
  EXPECT_EQ(r.n_trees, 3u);
  ASSERT_EQ(r.importance.size(), 1u);
  EXPECT_NEAR(r.importance[0], gain, 1e-12);
  EXPECT_NEAR(r.margins(0, 0), f, 1e-12);
  EXPECT_NEAR(r.margins(39, 0), -f, 1e-12);
}

// Regression, two groups: y ∈ {1, 3} at x = 0 and {10, 14} at x = 1, F₀ = ȳ = 7. The residual leaf means are ∓5,
// then ∓2.5 after one round at learning rate ½: F = 7 ∓ 2.5, then 7 ∓ 3.75.
TEST(ForestBoosting, RegressionLeafMeans) {
  Eigen::MatrixXd X(4, 1);
  X << 0, 0, 1, 1;
  const BinnedData b = bin(X);
  const Design d = forest_test::all_columns(b);
  BoostParams boost;
  boost.rounds = 2;
  boost.learning_rate = 0.5;
  FitRequest rq;
  rq.margins = true;
  const FitResult r = fit_boosted(d, Target::regression({1, 3, 10, 14}), stump(), boost, 5, rq);
  EXPECT_NEAR(r.margins(0, 0), 3.25, 1e-12);
  EXPECT_NEAR(r.margins(3, 0), 10.75, 1e-12);
  // Gains: 4·5² then 4·2.5² (each row's residual mean in its leaf is ±5, then ±2.5).
  EXPECT_NEAR(r.importance[0], 100.0 + 25.0, 1e-12);
}

TEST(ForestBoosting, MulticlassFindsTheClassColumn) {
  const forest_test::Problem p = forest_test::three_classes(300, 4, 3.0, 3);
  const BinnedData b = bin(p.X);
  const Design d = forest_test::all_columns(b);
  Params tree;
  tree.max_depth = 3;
  FitRequest rq;
  rq.margins = true;
  const FitResult r = fit_boosted(d, p.target, tree, BoostParams{}, 5, rq);
  EXPECT_EQ(r.n_trees, 300u);  // 100 rounds of 3 class trees
  ASSERT_EQ(r.margins.cols(), 3);
  EXPECT_GT(score(r.margins, p.target), 0.9);
  for (std::size_t j = 1; j < 4; ++j) EXPECT_GT(r.importance[0], 10.0 * r.importance[j]) << "noise column " << j;
}

TEST(ForestBoosting, IdenticalForAnyThreadCountAndHeldOutRows) {
  const forest_test::Problem p = forest_test::binary(200, 6, 0.5, 4);
  const BinnedData b = bin(p.X);
  const Design d = forest_test::all_columns(b);
  FitRequest rq;
  rq.margins = true;
  for (std::size_t i = 0; i < 200; i += 2) rq.rows.push_back(i);  // train on the even rows
  rq.threads = 1;
  const FitResult one = fit_boosted(d, p.target, Params{}, BoostParams{}, 9, rq);
  rq.threads = 2;
  const FitResult two = fit_boosted(d, p.target, Params{}, BoostParams{}, 9, rq);
  EXPECT_EQ(one.importance, two.importance);
  EXPECT_TRUE(one.margins == two.margins);
  // The odd rows are predicted, not trained on: their accuracy is below the training rows'.
  std::vector<std::size_t> odd;
  for (std::size_t i = 1; i < 200; i += 2) odd.push_back(i);
  EXPECT_LT(score(one.margins, p.target, odd), score(one.margins, p.target, rq.rows));
}

TEST(ForestBoosting, BadInput) {
  const forest_test::Problem p = forest_test::binary(60, 2, 1.0, 1);
  const BinnedData b = bin(p.X);
  const Design d = forest_test::all_columns(b);
  BoostParams zero;
  zero.rounds = 0;
  EXPECT_THROW(fit_boosted(d, p.target, Params{}, zero, 1), featrel::InputError);
  for (double lr : {0.0, 1.5, std::nan("")}) {
    BoostParams bad;
    bad.learning_rate = lr;
    EXPECT_THROW(fit_boosted(d, p.target, Params{}, bad, 1), featrel::InputError) << lr;
  }
  FitRequest oob;
  oob.oob = true;
  EXPECT_THROW(fit_boosted(d, p.target, Params{}, BoostParams{}, 1, oob), featrel::InputError);
  FitRequest keep;
  keep.keep_model = true;
  EXPECT_THROW(fit_boosted(d, p.target, Params{}, BoostParams{}, 1, keep), featrel::InputError);
}

}  // namespace
