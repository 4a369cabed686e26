// The two forest engines against each other (docs/boruta.md#the-random-forest): on the same data, importances averaged
// over 20 seeds agree within 10 % for every feature holding more than 5 % of the total gain, and accuracies within
// 0.02. The XGBoost engine's exported trees reproduce XGBoost's own margins, and it is deterministic too.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "featrel/dataset.hpp"
#include "featrel/forest.hpp"
#include "forest_test_data.hpp"

#ifndef FEATREL_DATA_DIR
#define FEATREL_DATA_DIR "data"
#endif

namespace {

using namespace featrel::forest;

featrel::Dataset breast_cancer() {
  featrel::CsvOptions o;
  o.target = "malignant";
  return featrel::read_csv(std::string(FEATREL_DATA_DIR) + "/breast_cancer_wisconsin_diagnostic.csv", o);
}

TEST(ForestEngines, AgreeOnBreastCancer) {
  const featrel::Dataset data = breast_cancer();
  const BinnedData b = bin(data.X);
  const Target t = Target::of(data);
  const Design d = forest_test::all_columns(b);
  Params p;
  p.n_trees = 100;
  p.feature_fraction = ColumnFraction::fraction(0.5);
  FitRequest rq;
  rq.margins = true;
  const int seeds = 20;
  std::vector<double> imp_native(d.n_cols(), 0.0), imp_xgb(d.n_cols(), 0.0);
  double acc_native = 0.0, acc_xgb = 0.0;
  for (int s = 0; s < seeds; ++s) {
    p.engine = Engine::native;
    const FitResult a = fit(d, t, p, static_cast<std::uint64_t>(s), rq);
    p.engine = Engine::xgboost;
    const FitResult x = fit(d, t, p, static_cast<std::uint64_t>(s), rq);
    for (std::size_t c = 0; c < d.n_cols(); ++c) {
      imp_native[c] += a.importance[c] / seeds;
      imp_xgb[c] += x.importance[c] / seeds;
    }
    acc_native += score(a.margins, t) / seeds;
    acc_xgb += score(x.margins, t) / seeds;
  }
  const double total = std::accumulate(imp_native.begin(), imp_native.end(), 0.0);
  int checked = 0;
  for (std::size_t c = 0; c < d.n_cols(); ++c) {
    if (imp_native[c] <= 0.05 * total) continue;
    ++checked;
    EXPECT_NEAR(imp_xgb[c] / imp_native[c], 1.0, 0.10) << data.feature_names[c];
  }
  EXPECT_GE(checked, 3);
  EXPECT_NEAR(acc_native, acc_xgb, 0.02);
  EXPECT_GT(acc_native, 0.9);
}

TEST(ForestEngines, XgboostTreesReproduceItsMargins) {
  for (int task = 0; task < 3; ++task) {
    const auto pb = task == 0 ? forest_test::binary(300, 5, 0.7, 5)
                              : task == 1 ? forest_test::three_classes(300, 4, 2.0, 6) : forest_test::regression(300, 4, 7);
    Eigen::MatrixXd X = pb.X;
    X(3, 1) = std::numeric_limits<double>::quiet_NaN();  // a missing value exercises default directions
    X(10, 1) = std::numeric_limits<double>::quiet_NaN();
    const BinnedData b = bin(X);
    const Design d = forest_test::all_columns(b);
    Params p;
    p.n_trees = 12;
    p.engine = Engine::xgboost;
    p.feature_fraction = ColumnFraction::fraction(0.7);
    FitRequest rq;
    rq.margins = true;
    rq.keep_model = true;
    const FitResult r = fit(d, pb.target, p, 3, rq);
    ASSERT_TRUE(r.model.has_value());
    EXPECT_EQ(r.model->trees.size(), r.n_trees);
    EXPECT_LT((r.model->margins(d) - r.margins).cwiseAbs().maxCoeff(), 1e-5) << "task " << task;
    EXPECT_GT(std::accumulate(r.importance.begin(), r.importance.end(), 0.0), 0.0);
  }
}

TEST(ForestEngines, XgboostDeterministicAndHoldout) {
  const auto pb = forest_test::binary(300, 6, 0.6, 8);
  const BinnedData b = bin(pb.X);
  const Design d = forest_test::all_columns(b);
  Params p;
  p.n_trees = 20;
  p.engine = Engine::xgboost;
  p.max_depth = 0;  // unlimited
  p.min_leaf_rows = 1;
  p.feature_fraction = ColumnFraction::sqrt();
  p.feature_sampling = FeatureSampling::node;
  FitRequest rq;
  rq.margins = true;
  for (std::size_t i = 0; i < 300; i += 2) rq.rows.push_back(i);
  const FitResult a = fit(d, pb.target, p, 12, rq), c = fit(d, pb.target, p, 12, rq);
  EXPECT_EQ(a.importance, c.importance);
  EXPECT_TRUE(a.margins == c.margins);
  EXPECT_EQ(a.margins.rows(), 300);
  std::vector<std::size_t> held;
  for (std::size_t i = 1; i < 300; i += 2) held.push_back(i);
  EXPECT_GT(score(a.margins, pb.target, rq.rows), score(a.margins, pb.target, held));
}

}  // namespace
