// Bad input to Boruta and SFC (docs/boruta.md#errors-and-edge-cases): each error is an InputError raised before any fit whose
// message names the offending flag or value.
#include <gtest/gtest.h>

#include <functional>
#include <limits>

#include "boruta_test_data.hpp"
#include "featrel/boruta.hpp"
#include "featrel/error.hpp"
#include "featrel/sfc.hpp"

namespace {

using boruta_test::context;
using boruta_test::noise_data;

void expect_input_error(const std::function<void()>& f, const std::string& needle) {
  try {
    f();
    ADD_FAILURE() << "no InputError; expected one mentioning '" << needle << "'";
  } catch (const featrel::InputError& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

// Importances that would never be asked for: errors come before any fit.
const featrel::boruta::ImportanceProvider kNoFit = [](const featrel::boruta::FitQuery&) -> std::vector<double> {
  throw std::logic_error("a fit was attempted");
};

TEST(BorutaErrors, Options) {
  const featrel::Dataset d = noise_data(100, 3);
  auto boruta = [&](featrel::boruta::Options o) { return [=, &d] { featrel::boruta::run(d, o, context(1), kNoFit); }; };
  featrel::boruta::Options o;
  o.perc = 0;
  expect_input_error(boruta(o), "option 'perc'");
  o = {};
  o.perc = 101;
  expect_input_error(boruta(o), "option 'perc'");
  o = {};
  o.alpha = 0;
  expect_input_error(boruta(o), "option 'alpha'");
  o = {};
  o.alpha = 1.5;
  expect_input_error(boruta(o), "option 'alpha'");
  o = {};
  o.max_iter = 0;
  expect_input_error(boruta(o), "option 'max_iter'");
  o = {};
  o.max_iter = 10001;
  expect_input_error(boruta(o), "option 'max_iter'");
  o = {};
  o.trees = 0;
  expect_input_error(boruta(o), "option 'trees'");
  o = {};
  o.trees = 10001;
  expect_input_error(boruta(o), "option 'trees'");
  o = {};
  o.early_stopping = 0;
  expect_input_error(boruta(o), "option 'early_stopping'");
  o = {};
  o.forest.max_depth = -1;
  expect_input_error(boruta(o), "option 'max_depth'");
  o = {};
  o.forest.max_depth = 65;
  expect_input_error(boruta(o), "option 'max_depth'");
  o = {};
  o.feature_fraction = featrel::forest::ColumnFraction::fraction(0.0);
  expect_input_error(boruta(o), "option 'feature_fraction'");
  o = {};
  o.forest.row_fraction = 1.5;
  expect_input_error(boruta(o), "option 'row_fraction'");
  o = {};
  o.forest.min_leaf = 0;
  expect_input_error(boruta(o), "option 'min_leaf'");
  o = {};
  o.forest.max_bins = 256;
  expect_input_error(boruta(o), "option 'max_bins'");
  o = {};
  o.first_test_iter = 0;
  expect_input_error(boruta(o), "option 'first_test_iter'");
  expect_input_error([] { featrel::boruta::parse_model_preset("forest"); }, "option 'model_preset'");
}

TEST(BorutaErrors, Data) {
  auto boruta = [](const featrel::Dataset& d) { return [&d] { featrel::boruta::run(d, {}, context(1), kNoFit); }; };
  // An explicit --min-leaf too large for the rows: ⌊0.632·50⌋ = 31 < 40 (auto would adapt; an explicit value is
  // the user's choice and is refused naming the option).
  const featrel::Dataset small = noise_data(50, 3);
  featrel::boruta::Options leaf20;
  leaf20.forest.min_leaf = 20;
  expect_input_error([&] { featrel::boruta::run(small, leaf20, context(1), kNoFit); },
                     "a tree needs at least 64 rows with --row-fraction 0.632 --min-leaf 20; got n=50");
  // min_leaf auto on those 50 rows: a quarter of the 31 sampled rows, 7.
  EXPECT_EQ(featrel::forest::resolve_min_leaf({}, 50).rows, 7u);
  EXPECT_TRUE(featrel::forest::resolve_min_leaf({}, 50).adapted);
  EXPECT_EQ(featrel::forest::resolve_min_leaf({}, 64).rows, 20u);  // ⌊0.632·64⌋ = 40 holds two leaves of 20
  EXPECT_FALSE(featrel::forest::resolve_min_leaf({}, 64).adapted);
  EXPECT_EQ(featrel::forest::resolve_min_leaf({}, 63).rows, 9u);   // ⌊0.632·63⌋ = 39
  // SFC's rule (20 leaves per tree, 5 to 20 rows each): ⌊0.632·n⌋ / 20 sampled rows, clamped.
  auto sfc_leaf = [](std::size_t n) { return featrel::forest::resolve_min_leaf({}, n, 20); };
  EXPECT_EQ(sfc_leaf(150).rows, 5u);    // 94 / 20 = 4, raised to 5
  EXPECT_EQ(sfc_leaf(200).rows, 6u);    // 126 / 20
  EXPECT_EQ(sfc_leaf(512).rows, 16u);   // 323 / 20
  EXPECT_EQ(sfc_leaf(632).rows, 19u);   // 399 / 20
  EXPECT_EQ(sfc_leaf(633).rows, 20u);   // 400 / 20
  EXPECT_EQ(sfc_leaf(5000).rows, 20u);  // capped at the default
  EXPECT_FALSE(sfc_leaf(40).adapted);   // 25 sampled rows hold two leaves of 5
  EXPECT_EQ(sfc_leaf(30).rows, 4u);     // 18 sampled rows: the small-cohort quarter
  EXPECT_TRUE(sfc_leaf(30).adapted);
  featrel::forest::ForestShape given;
  given.min_leaf = 20;
  EXPECT_EQ(featrel::forest::resolve_min_leaf(given, 150, 20).rows, 20u);  // a given value is kept
  // A single class (read_csv refuses one; a Dataset built by hand can still hold it).
  featrel::Dataset one = noise_data(100, 2);
  one.task = featrel::Task::multiclass;
  one.classes = {"a"};
  one.labels.assign(100, 0);
  one.y.setZero();
  expect_input_error(boruta(one), "single class");
  // An ordinal target.
  featrel::Dataset ord = noise_data(100, 2);
  ord.task = featrel::Task::ordinal;
  expect_input_error(boruta(ord), "--task multiclass or --task regression");
  // No features; all constant; an infinite value.
  featrel::Dataset none = noise_data(100, 2);
  none.X.resize(100, 0);
  none.feature_names.clear();
  none.constant.clear();
  expect_input_error(boruta(none), "no feature columns");
  featrel::Dataset flat = noise_data(100, 2);
  flat.X.setConstant(1.0);
  flat.constant = {true, true};
  expect_input_error(boruta(flat), "constant");
  featrel::Dataset inf = noise_data(100, 2);
  inf.X(4, 1) = std::numeric_limits<double>::infinity();
  expect_input_error(boruta(inf), "row 5, column f1");
  // A missing regression target.
  featrel::Dataset reg = noise_data(100, 2);
  reg.task = featrel::Task::regression;
  reg.labels.clear();
  reg.classes.clear();
  reg.y = Eigen::VectorXd::Ones(100);
  reg.y(9) = std::numeric_limits<double>::quiet_NaN();
  expect_input_error(boruta(reg), "row 10");
}

TEST(SfcErrors, Options) {
  const featrel::Dataset d = noise_data(100, 3);
  const featrel::sfc::FitProvider no_fit = [](const featrel::sfc::FitQuery&) -> featrel::sfc::FitOutcome {
    throw std::logic_error("a fit was attempted");
  };
  auto sfc = [&](featrel::sfc::Options o) {
    return [=, &d] { featrel::sfc::run(d, o, context(1), no_fit, kNoFit); };
  };
  featrel::sfc::Options o;
  o.n_resampling = 2;
  expect_input_error(sfc(o), "option 'n_resampling'");
  o = {};
  o.n_resampling = 10001;
  expect_input_error(sfc(o), "option 'n_resampling'");
  o = {};
  o.fpr = 0.5;
  expect_input_error(sfc(o), "option 'fpr'");
  o = {};
  o.fpr = 0;
  expect_input_error(sfc(o), "option 'fpr'");
  o = {};
  o.test_repeats = 0;
  expect_input_error(sfc(o), "option 'test_repeats'");
  o = {};
  o.trees = 0;
  expect_input_error(sfc(o), "option 'trees'");
  o = {};
  o.trees = 10001;  // a negative count from a careless cast lands far above the bound
  expect_input_error(sfc(o), "option 'trees'");
  o = {};
  o.holdout_fraction = 0.95;
  expect_input_error(sfc(o), "option 'holdout_fraction'");
  o = {};
  o.feature_fraction = featrel::forest::ColumnFraction::fraction(1.5);
  expect_input_error(sfc(o), "option 'feature_fraction'");
  o = {};
  o.boruta_feature_fraction = featrel::forest::ColumnFraction::fraction(0.0);
  expect_input_error(sfc(o), "option 'boruta_feature_fraction'");
  o = {};
  o.boruta_perc = 0;
  expect_input_error(sfc(o), "option 'boruta_perc'");
  o = {};
  o.boruta_trees = 0;
  expect_input_error(sfc(o), "option 'boruta_trees'");
  o = {};
  o.forest.max_bins = 1;
  expect_input_error(sfc(o), "option 'max_bins'");
  o = {};
  o.sided = featrel::stats::Sides::upper;
  expect_input_error(sfc(o), "option 'sided'");
  o = {};
  o.score = featrel::sfc::ScoreKind::oob;
  o.forest.engine = featrel::forest::Engine::xgboost;
  expect_input_error(sfc(o), "option 'score' must not be oob with the xgboost engine");
  o = {};
  o.metric = featrel::forest::Metric::mae;
  expect_input_error(sfc(o), "--metric mae needs a regression target");
  expect_input_error([] { featrel::sfc::parse_null_matrix("some"); }, "option 'null_matrix'");
  expect_input_error([] { featrel::sfc::parse_null_seeds("random"); }, "option 'null_seeds'");
  expect_input_error([] { featrel::sfc::parse_perturbation("drop"); }, "option 'perturbation'");
  expect_input_error([] { featrel::sfc::parse_score("cv"); }, "option 'score'");
  expect_input_error([] { featrel::sfc::parse_relevant_set("all"); }, "option 'relevant_set'");
  expect_input_error([] { featrel::sfc::parse_metric("auc"); }, "option 'metric'");
}

TEST(SfcErrors, HoldoutNeedsEveryClassInBothParts) {
  // 98 rows of class a and 2 of class b: a 0.01 holdout holds out 1 row, so b has no row in one part.
  featrel::Dataset d = noise_data(100, 3);
  std::vector<std::string> y(100, std::string(1, 'a'));
  y[10] = std::string(1, 'b');
  y[20] = y[10];
  featrel::CsvOptions co;
  d = featrel::make_dataset(d.X, d.feature_names, y, co);
  featrel::sfc::Options o;
  o.score = featrel::sfc::ScoreKind::holdout;
  o.holdout_fraction = 0.01;
  const featrel::sfc::FitProvider no_fit = [](const featrel::sfc::FitQuery&) -> featrel::sfc::FitOutcome {
    throw std::logic_error("a fit was attempted");
  };
  expect_input_error([&] { featrel::sfc::run(d, o, context(1), no_fit, kNoFit); }, "--score holdout leaves class");
}

}  // namespace
