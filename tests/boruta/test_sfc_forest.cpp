// SFC with the forest: the same JSON (without timing) for 1, 2 and 4 threads on both engines, the score kinds
// (in-sample, out-of-bag, held out), regression and multiclass targets, and constant columns.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "boruta_test_data.hpp"
#include "common/json_round_trip_executor.hpp"
#include "featrel/result_json.hpp"
#include "featrel/sfc.hpp"

namespace {

using namespace featrel::sfc;
using boruta_test::context;
using featrel::report::Json;

// Paper Table 1, Set 3: n = 150, 3 strong, 4 weak, 3 irrelevant (linear, noise 0).
boruta_test::Generated set3(std::uint64_t seed) { return boruta_test::relevance(150, 10, 3, 4, false, seed, 0.0); }

Options quick() {
  Options o;
  o.n_resampling = 20;
  o.boruta_max_iter = 30;
  return o;
}

// Regression: y = 0.3·Σ strong latent (docs/generate.md#relevance-generator), 2 strong and 2 weak of 8 columns.
featrel::Dataset regression_data() {
  featrel::gen::RelevanceOptions ro;
  ro.task = "regression";
  ro.n_samples = 300;
  ro.n_features = 8;
  ro.n_strong = 2;
  ro.n_weak = 2;
  const featrel::gen::GeneratedData gr = featrel::gen::generate_relevance(ro, 5);
  std::vector<std::string> y;
  for (Eigen::Index i = 0; i < gr.y.size(); ++i) y.push_back(std::to_string(gr.y(i)));
  featrel::CsvOptions co;
  co.task = featrel::TaskRequest::regression;
  const featrel::Dataset reg = featrel::make_dataset(gr.X, gr.names, y, co);
  return reg;
}

// Multiclass: 3 separated clusters on 3 informative of 8 columns.
boruta_test::Generated multiclass_clusters() {
  featrel::gen::ClustersOptions c;
  c.n_samples = 300;
  c.n_features = 8;
  c.n_informative = 3;
  c.n_redundant = 0;
  c.n_classes = 3;
  c.n_clusters_per_class = 1;
  c.flip_y = 0;
  c.class_sep = 2.0;
  return boruta_test::from_generated(featrel::gen::generate_clusters(c, 7), featrel::TaskRequest::multiclass);
}

TEST(SfcForest, IdenticalForAnyThreadCount) {
  const boruta_test::Generated g = set3(2);
  for (featrel::forest::Engine engine : {featrel::forest::Engine::native, featrel::forest::Engine::xgboost}) {
    Options o = quick();
    o.forest.engine = engine;
    if (engine == featrel::forest::Engine::xgboost) {
      o.trees = 20;
      o.n_resampling = 5;
      o.boruta_max_iter = 6;
    }
    std::string first;
    for (unsigned threads : {1u, 2u, 4u}) {
      const Json j = featrel::report::strip_timing(run(g.data, o, context(11, threads)).to_json(g.data));
      if (first.empty()) {
        first = j.dump();
      } else {
        EXPECT_EQ(j.dump(), first) << featrel::forest::to_string(engine) << " threads " << threads;
      }
    }
  }
}

TEST(SfcForest, ScoreKinds) {
  const boruta_test::Generated g = set3(3);
  Options o = quick();
  const Result train = run(g.data, o, context(4, 2));
  o.score = ScoreKind::oob;
  const Result oob = run(g.data, o, context(4, 2));
  o.score = ScoreKind::holdout;
  const Result held = run(g.data, o, context(4, 2));
  // In-sample accuracy is optimistic; out-of-bag and held-out accuracies are honest estimates.
  EXPECT_GT(train.model_score, 0.8);
  EXPECT_LT(oob.model_score, train.model_score);
  // The control: the same labels shuffled (8 shuffles), which no forest can learn. In-sample accuracy stays high
  // on them (0.63 for the first shuffle), so only out-of-bag and held-out scores tell learning from memorising.
  // Measured: out-of-bag 0.793 and held out 0.800 on the real labels, means 0.50 and 0.50 over the shuffles
  // (scoring the held-out runs on their training rows instead gives 0.66).
  // 67 of the 150 labels are 1, so predicting the majority scores m = 83/150 = 0.553. A mean over 8 shuffles has
  // standard error √(m(1−m)/(8·rows)): 0.014 out of bag (150 rows), 0.026 held out (45 rows); the controls must
  // stay within 3 of them above m. The real scores must reach 0.7 (2.8 standard errors √(0.8·0.2/150) = 0.033
  // below the measured out-of-bag score, 1.7 of √(0.8·0.2/45) = 0.060 below the held-out one).
  const double m = 83.0 / 150.0;
  std::size_t ones = 0;
  for (int l : g.data.labels) ones += static_cast<std::size_t>(l);
  ASSERT_EQ(ones, 67u);
  double control_train = 0, control_oob = 0, control_held = 0;
#if defined(__SANITIZE_ADDRESS__)
  const int shuffles = 4;  // sanitizer builds run many times slower (means 0.46 and 0.51 over the first 4)
#else
  const int shuffles = 8;
#endif
  for (int k = 0; k < shuffles; ++k) {
    featrel::Dataset shuffled = g.data;
    const std::vector<std::size_t> perm =
        featrel::rng::Rng(featrel::rng::derive(3, "control", k)).permutation(shuffled.labels.size());
    for (std::size_t i = 0; i < perm.size(); ++i) shuffled.labels[i] = g.data.labels[perm[i]];
    if (static_cast<std::size_t>(shuffled.y.size()) == perm.size())
      for (std::size_t i = 0; i < perm.size(); ++i)
        shuffled.y(static_cast<Eigen::Index>(i)) = g.data.y(static_cast<Eigen::Index>(perm[i]));
    Options c = quick();
    if (k == 0) control_train = run(shuffled, c, context(4, 2)).model_score;
    c.score = ScoreKind::oob;
    control_oob += run(shuffled, c, context(4, 2)).model_score / shuffles;
    c.score = ScoreKind::holdout;
    control_held += run(shuffled, c, context(4, 2)).model_score / shuffles;
  }
  EXPECT_GT(control_train, control_oob + 0.1);  // in-sample scores are optimistic on noise too
  EXPECT_LT(control_oob, m + 3 * std::sqrt(m * (1 - m) / (shuffles * 150.0)));
  EXPECT_LT(control_held, m + 3 * std::sqrt(m * (1 - m) / (shuffles * 45.0)));
  EXPECT_GT(oob.model_score, 0.7);
  EXPECT_GT(held.model_score, 0.7);
  // Boruta (A) does not depend on how scores are taken.
  EXPECT_EQ(train.all_relevant, oob.all_relevant);
  EXPECT_EQ(train.all_relevant, held.all_relevant);
  EXPECT_EQ(held.to_json(g.data)["options"]["score"], "holdout");
}

TEST(SfcForest, RegressionAndMulticlass) {
  const featrel::Dataset reg = regression_data();
  Options o = quick();
  Result r = run(reg, o, context(6, 2));
  EXPECT_EQ(r.task, featrel::Task::regression);
  EXPECT_GT(r.model_score, 0.5);  // R²
  for (std::size_t j : {0u, 1u}) EXPECT_GT(r.features[j].cls, 0) << "strong x" << j;
  o.metric = featrel::forest::Metric::mae;
  r = run(reg, o, context(6, 2));
  EXPECT_LT(r.model_score, 0.0);  // −MAE: higher is better

  // Multiclass: clusters with 3 classes.
  const boruta_test::Generated gm = multiclass_clusters();
  r = run(gm.data, quick(), context(8, 2));
  EXPECT_EQ(r.task, featrel::Task::multiclass);
  EXPECT_GT(r.model_score, 0.8);
  // Three centroids on a 3-cube may differ in two coordinates only, so not every informative column need matter;
  // the strong ones must be informative, and at least two informative columns found.
  std::size_t found = 0;
  for (std::size_t j = 0; j < 8; ++j) {
    if (r.features[j].cls == 2) {
      EXPECT_TRUE(gm.truth.relevant[j]) << "strong noise column x" << j;
    }
    if (gm.truth.relevant[j] && r.features[j].cls > 0) ++found;
  }
  EXPECT_GE(found, 2u);
}

TEST(SfcForest, ConstantColumnsAreIrrelevant) {
  boruta_test::Generated g = set3(4);
  g.data.X.col(9).setConstant(3.0);
  g.data.constant = std::vector<bool>(10, false);
  g.data.constant[9] = true;
  const Result r = run(g.data, quick(), context(5, 2));
  EXPECT_EQ(r.features[9].cls, 0);
  EXPECT_TRUE(r.features[9].constant);
  EXPECT_EQ(r.features[9].importance, 0.0);
  EXPECT_EQ(std::count(r.null_features.begin(), r.null_features.end(), 9u), 0);  // never a shadow source
  EXPECT_EQ(r.boruta.features[9].decided_at, 0);
}

// A quantity in small units (x·1e-12) is measured like x (docs/architecture.md#constant-columns): the forest bins
// it alike, so SFC and its Boruta step classify every feature as on the unscaled data.
TEST(SfcForest, SmallUnitsClassifyAsTheUnscaledData) {
  featrel::gen::RelevanceOptions ro;
  ro.n_samples = 150;
  ro.n_features = 10;
  ro.n_strong = 3;
  ro.n_weak = 4;
  featrel::gen::GeneratedData g = featrel::gen::generate_relevance(ro, 4);
  const featrel::Dataset unit = g.to_dataset();
  g.X *= 1e-12;
  const featrel::Dataset small = g.to_dataset();
  EXPECT_EQ(small.constant, std::vector<bool>(10, false));
  const Result a = run(unit, quick(), context(5, 2));
  const Result b = run(small, quick(), context(5, 2));
  for (std::size_t j = 0; j < 10; ++j) {
    EXPECT_EQ(b.features[j].cls, a.features[j].cls) << "x" << j;
    EXPECT_EQ(b.boruta.features[j].decision, a.boruta.features[j].decision) << "x" << j;
  }
  EXPECT_GT(std::count_if(a.features.begin(), a.features.end(), [](const FeatureResult& f) { return f.cls > 0; }), 0);
}

}  // namespace

// --boruta-feature-sampling draws the Boruta step's columns per tree or per node on its own; unset, the step
// follows --feature-sampling. Per-node draws change the Boruta fits (their importances differ), and the option
// reaches only those fits: the SFC model fits stay as feature_sampling says.
TEST(SfcForest, BorutaStepSamplingHasItsOwnOption) {
  using featrel::forest::FeatureSampling;
  const boruta_test::Generated g = set3(4);
  const auto run_with = [&](FeatureSampling all, std::optional<FeatureSampling> step) {
    Options o = quick();
    o.importance_model = ImportanceModel::forest;  // boosting's trees see every column, however drawn
    o.feature_sampling = all;
    o.boruta_feature_sampling = step;
    return run(g.data, o, context(6, 2));
  };
  const Result tree = run_with(FeatureSampling::tree, std::nullopt);
  const Result node_all = run_with(FeatureSampling::node, std::nullopt);
  const Result node_step = run_with(FeatureSampling::tree, FeatureSampling::node);
  const Result tree_step = run_with(FeatureSampling::node, FeatureSampling::tree);
  EXPECT_EQ(*boruta_options(node_step.options).feature_sampling, FeatureSampling::node);
  EXPECT_EQ(*boruta_options(tree_step.options).feature_sampling, FeatureSampling::tree);
  EXPECT_EQ(*boruta_options(node_all.options).feature_sampling, FeatureSampling::node);
  EXPECT_NE(node_step.boruta.importance_history, tree.boruta.importance_history);
  EXPECT_EQ(node_step.boruta.importance_history, node_all.boruta.importance_history);
  EXPECT_EQ(tree_step.boruta.importance_history, tree.boruta.importance_history);
  // The shadow-null fits (on all of X, whatever Boruta found) follow feature_sampling alone.
  EXPECT_NE(node_all.null_shadow_importances, tree.null_shadow_importances);
  EXPECT_EQ(node_step.null_shadow_importances, tree.null_shadow_importances);
  EXPECT_EQ(tree_step.null_shadow_importances, node_all.null_shadow_importances);
  // The echo names the option: "same" (null) when unset.
  EXPECT_TRUE(tree.to_json(g.data)["options"]["boruta_feature_sampling"].is_null());
  EXPECT_EQ(node_step.to_json(g.data)["options"]["boruta_feature_sampling"], "node");
}

// min_leaf auto (docs/boruta.md, row 20): on 150 rows the fits on all columns (Boruta step, importance model, shadow
// null) keep 20 rows per leaf, and only the fits on V (score null, tests) use a twentieth of a tree's 94 rows, 5.
// So the all-column fits are those of --min-leaf 20 to the bit, and the fits on V differ from them.
TEST(SfcForest, MinLeafAutoShrinksOnlyTheFitsOnV) {
  const boruta_test::Generated g = set3(3);
  Options twenty = quick();
  twenty.forest.min_leaf = 20;
  Options five = quick();
  five.forest.min_leaf = 5;
  const Result automatic = run(g.data, quick(), context(8, 2));
  const Result fixed20 = run(g.data, twenty, context(8, 2));
  const Result fixed5 = run(g.data, five, context(8, 2));
  EXPECT_EQ(automatic.options.forest.min_leaf, std::optional<std::size_t>(20));
  EXPECT_EQ(automatic.test_min_leaf, 5u);
  EXPECT_EQ(fixed20.test_min_leaf, 20u);  // a given value holds for every fit
  EXPECT_EQ(automatic.boruta.importance_history, fixed20.boruta.importance_history);
  EXPECT_EQ(automatic.null_shadow_importances, fixed20.null_shadow_importances);
  EXPECT_EQ(automatic.model_score, fixed20.model_score);
  for (std::size_t j = 0; j < g.data.n_features(); ++j)
    EXPECT_EQ(automatic.features[j].importance, fixed20.features[j].importance) << j;
  ASSERT_EQ(automatic.relevant, fixed20.relevant);
  EXPECT_NE(automatic.null_scores, fixed20.null_scores);
  EXPECT_EQ(fixed5.test_min_leaf, 5u);
  EXPECT_NE(fixed5.boruta.importance_history, fixed20.boruta.importance_history);  // 5 rows reach every fit
  EXPECT_EQ(automatic.to_json(g.data)["test_min_leaf"], 5);
  // --null-matrix all takes the score null from the all-column fits, so the tests keep their leaf size too.
  Options all = quick();
  all.null_matrix = NullMatrix::all;
  EXPECT_EQ(run(g.data, all, context(8, 2)).test_min_leaf, 20u);
  Options reference = quick();
  reference.reference = true;
  EXPECT_EQ(run(g.data, reference, context(8, 2)).test_min_leaf, 20u);
}

// The boosted importance model (docs/boruta.md#the-boosted-importance-model): the same JSON for any thread count,
// its word in the options echo, compat reference back on the forest, the combinations it refuses, and the tasks
// it boosts (binary log loss above; squared error and softmax here).
TEST(SfcForest, BoostedImportanceModel) {
  const boruta_test::Generated g = set3(2);
  Options o = quick();
  o.importance_model = ImportanceModel::boosted;
  std::string first;
  for (unsigned threads : {1u, 2u, 4u}) {
    const Json j = featrel::report::strip_timing(run(g.data, o, context(11, threads)).to_json(g.data));
    if (first.empty()) {
      first = j.dump();
      EXPECT_EQ(j.at("options").at("importance_model").get<std::string>(), "boosted");
    } else {
      EXPECT_EQ(j.dump(), first) << "threads " << threads;
    }
  }
  const Result boosted = run(g.data, o, context(11, 2));
  Options forest_options = quick();
  forest_options.importance_model = ImportanceModel::forest;
  const Result forest = run(g.data, forest_options, context(11, 2));
  // The text report says which model M came from and that its score is in-sample.
  const std::string text = text_report(boosted, g.data);
  EXPECT_NE(text.find("shadow-importance interval of the boosted importance model"), std::string::npos);
  EXPECT_NE(text.find("(the boosted importance model, in-sample)"), std::string::npos);
  EXPECT_NE(text.find("(21 of them boosted models)"), std::string::npos);  // α = 20 nulls and the model
  EXPECT_EQ(text_report(forest, g.data).find("boosted"), std::string::npos);
  EXPECT_NE(boosted.shadow_interval.upper, forest.shadow_interval.upper);  // another model, another scale
  for (std::size_t j = 0; j < 3; ++j) EXPECT_TRUE(boosted.features[j].in_minimal) << "strong x" << j;

  Options ref = o;
  ref.reference = true;
  EXPECT_EQ(effective_options(ref).importance_model, ImportanceModel::forest);
  Options all = o;
  all.null_matrix = NullMatrix::all;
  EXPECT_THROW(validate(all), featrel::options::OptionError);
  Options oob = o;
  oob.score = ScoreKind::oob;
  EXPECT_THROW(validate(oob), featrel::options::OptionError);
  Options holdout = o;
  holdout.score = ScoreKind::holdout;
  EXPECT_NO_THROW(validate(holdout));

  // Regression (squared error) and multiclass (softmax): the strong columns reach M.
  const featrel::Dataset reg = regression_data();
  const Result rr = run(reg, o, context(6, 2));
  EXPECT_GT(rr.model_score, 0.5);  // R² of the boosted importance model, in-sample
  for (std::size_t j : {0u, 1u}) EXPECT_TRUE(rr.features[j].in_minimal) << "strong x" << j;
  const boruta_test::Generated gm = multiclass_clusters();
  const Result rm = run(gm.data, o, context(8, 2));
  EXPECT_GT(rm.model_score, 0.9);
  for (std::size_t j = 0; j < 8; ++j)
    if (rm.features[j].in_minimal) EXPECT_TRUE(gm.truth.relevant[j]) << "noise column x" << j << " in M";
}

// importance_model auto (the default; docs/boruta.md#the-boosted-importance-model): boosted on a table no wider than
// long with at most 100,000 cells, the same document as boosted but for the flag and the report's line; the forest
// on a wide or a large table, under null_matrix all and score oob (which boosting refuses), and under compat
// reference, where the flag stays false.
TEST(SfcForest, AutoImportanceModelFollowsTheShape) {
  Options automatic = quick();
  EXPECT_EQ(automatic.importance_model, ImportanceModel::automatic);
  EXPECT_EQ(Options{}.importance_model, ImportanceModel::automatic);
  const auto resolved = [](Options o, std::size_t n, std::size_t d) { return resolve_importance_model(o, n, d); };
  EXPECT_EQ(resolved(automatic, 150, 12), ImportanceModel::boosted);
  EXPECT_EQ(resolved(automatic, 1000, 100), ImportanceModel::boosted);    // 100,000 cells: the bound itself
  EXPECT_EQ(resolved(automatic, 1000, 101), ImportanceModel::forest);     // one column more
  EXPECT_EQ(resolved(automatic, 100, 100), ImportanceModel::boosted);     // square
  EXPECT_EQ(resolved(automatic, 100, 101), ImportanceModel::forest);      // wider than long
  EXPECT_EQ(resolved(automatic, 200000, 1), ImportanceModel::forest);     // long but large
  Options all = automatic;
  all.null_matrix = NullMatrix::all;
  EXPECT_EQ(resolved(all, 150, 12), ImportanceModel::forest);
  Options oob = automatic;
  oob.score = ScoreKind::oob;
  EXPECT_EQ(resolved(oob, 150, 12), ImportanceModel::forest);
  Options fixed = automatic;
  fixed.importance_model = ImportanceModel::forest;
  EXPECT_EQ(resolved(fixed, 150, 12), ImportanceModel::forest);  // a chosen model stays
  fixed.importance_model = ImportanceModel::boosted;
  EXPECT_EQ(resolved(fixed, 100, 5000), ImportanceModel::boosted);

  const boruta_test::Generated g = set3(2);  // 150 × 10
  Options boosted_options = quick();
  boosted_options.importance_model = ImportanceModel::boosted;
  const Result a = run(g.data, automatic, context(11, 2));
  const Result b = run(g.data, boosted_options, context(11, 2));
  EXPECT_TRUE(a.importance_model_from_shape);
  EXPECT_FALSE(b.importance_model_from_shape);
  Json ja = featrel::report::strip_timing(a.to_json(g.data)), jb = featrel::report::strip_timing(b.to_json(g.data));
  EXPECT_EQ(ja.at("options").at("importance_model"), "boosted");
  EXPECT_EQ(ja.at("importance_model_from_shape"), true);
  ja.erase("importance_model_from_shape");
  jb.erase("importance_model_from_shape");
  EXPECT_EQ(ja.dump(), jb.dump());
  // The same document with one thread and through a task plan, whose blocks resolve auto on the data again.
  const auto document = [&](const Result& r) { return featrel::report::strip_timing(r.to_json(g.data)).dump(); };
  EXPECT_EQ(document(run(g.data, automatic, context(11, 1))), document(a));
  featrel::test::JsonRoundTripExecutor executor(g.data, "sfc.fits", featrel::sfc::run_plan_block);
  featrel::RunContext planned = context(11, 2);
  planned.plan_executor = &executor;
  EXPECT_EQ(document(run(g.data, automatic, planned)), document(a));
  EXPECT_GT(executor.plans, 0);
  EXPECT_NE(text_report(a, g.data).find("importance model (auto): boosted, as the table is no wider than long"),
            std::string::npos);
  EXPECT_EQ(text_report(b, g.data).find("importance model (auto)"), std::string::npos);

  // 150 rows, 160 columns: wider than long, so the forest.
  const boruta_test::Generated wide = boruta_test::relevance(150, 160, 3, 0, false, 4, 0.0);
  const Result w = run(wide.data, automatic, context(12, 2));
  EXPECT_EQ(w.options.importance_model, ImportanceModel::forest);
  EXPECT_NE(text_report(w, wide.data).find("importance model (auto): the forest, as the table is wider than long"),
            std::string::npos);
  Options all_run = automatic;
  all_run.null_matrix = NullMatrix::all;
  const Result r_all = run(g.data, all_run, context(11, 2));
  EXPECT_EQ(r_all.options.importance_model, ImportanceModel::forest);
  EXPECT_NE(text_report(r_all, g.data).find("as boosting refuses --null-matrix all and --score oob"),
            std::string::npos);
  Options reference = automatic;
  reference.reference = true;
  const Result r_ref = run(g.data, reference, context(11, 2));
  EXPECT_EQ(r_ref.options.importance_model, ImportanceModel::forest);
  EXPECT_FALSE(r_ref.importance_model_from_shape);
  // 1,200 rows × 100 columns: long, but 120,000 cells.
  const boruta_test::Generated large = boruta_test::relevance(1200, 100, 3, 0, false, 5, 0.0);
  Options light = automatic;
  light.n_resampling = 5;
  light.boruta_max_iter = 5;
  const Result l = run(large.data, light, context(13, 2));
  EXPECT_EQ(l.options.importance_model, ImportanceModel::forest);
  EXPECT_NE(text_report(l, large.data).find("importance model (auto): the forest, as the table has more than 100000 "
                                            "cells, where"),
            std::string::npos);
}
