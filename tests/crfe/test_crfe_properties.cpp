// Invariants and bookkeeping of crfe/rfe (docs/crfe.md#preparation-and-split, docs/crfe.md#recursive-elimination, docs/crfe.md#rfe-and-rfecv, docs/crfe.md#hand-computed-cases last item, docs/crfe.md#errors-and-edge-cases): the selected set is a
// prefix of the ranking and every step's features are one; stratified split counts; truncation; constant columns;
// sweep and RFECV; thread-count independence of the JSON; bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "crfe_test_data.hpp"
#include "featrel/error.hpp"
#include "featrel/result_json.hpp"

namespace {

using namespace featrel::crfe;

featrel::Dataset clusters(std::uint64_t seed, std::size_t n = 240, std::size_t d = 14, std::size_t K = 3) {
  featrel::gen::ClustersOptions go;
  go.n_samples = n;
  go.n_features = d;
  go.n_informative = 4;
  go.n_redundant = 2;
  go.n_classes = K;
  return crfe_test::from_generated(featrel::gen::generate_clusters(go, seed));
}

std::vector<std::size_t> sorted_prefix(const std::vector<std::size_t>& ranking, std::size_t k) {
  std::vector<std::size_t> v(ranking.begin(), ranking.begin() + static_cast<std::ptrdiff_t>(k));
  std::sort(v.begin(), v.end());
  return v;
}

void expect_prefix_invariants(const Result& r, std::size_t p) {
  const featrel::crfe::Run& run = r.runs[0];
  // The ranking is a permutation; selected is its prefix; every step's F_t is the prefix of its size.
  std::vector<std::size_t> perm = run.ranking;
  std::sort(perm.begin(), perm.end());
  for (std::size_t j = 0; j < p; ++j) ASSERT_EQ(perm[j], j);
  EXPECT_EQ(run.selected, sorted_prefix(run.ranking, run.selected.size()));
  std::set<std::size_t> removed_so_far;
  for (const Step& s : run.steps) {
    // Before step t the surviving set is everything not yet removed (constants aside).
    std::vector<std::size_t> F;
    for (std::size_t j = 0; j < p; ++j)
      if (!removed_so_far.count(j) && !run.features[j].constant) F.push_back(j);
    EXPECT_EQ(F.size(), s.n_features);
    EXPECT_EQ(F, sorted_prefix(run.ranking, s.n_features)) << "step " << s.step;
    for (std::size_t j : s.removed) removed_so_far.insert(j);
  }
  // Elimination order is the reverse of the ranking minus the survivors; ranks are 1-based positions.
  const std::size_t survivors = p - run.elimination_order.size();
  for (std::size_t q = 0; q < run.elimination_order.size(); ++q)
    EXPECT_EQ(run.elimination_order[q], run.ranking[p - 1 - q]);
  for (std::size_t q = 0; q < p; ++q) EXPECT_EQ(run.features[run.ranking[q]].rank, q + 1);
  for (std::size_t q = 0; q < survivors; ++q) EXPECT_FALSE(run.features[run.ranking[q]].elimination_step.has_value());
}

TEST(CrfeProperties, RankingPrefixForCrfeAndRfe) {
  const featrel::Dataset data = clusters(3);
  for (Method m : {Method::crfe, Method::rfe}) {
    for (int variant = 0; variant < 3; ++variant) {
      Options o;
      o.method = m;
      o.n_features_to_select = 5;
      if (variant == 1) o.step = 3;             // several per step, but never below k
      if (variant == 2) o.step_fraction = 0.3;  // a fraction of the current count
      const Result r = run(data, o, crfe_test::context(1));
      expect_prefix_invariants(r, 14);
      EXPECT_EQ(r.selected.size(), 5u);
      EXPECT_EQ(r.runs[0].stop.reason, "fixed_size");
      // The path passes through size 5 exactly, and its model is the selected model.
      bool through = false;
      for (const Step& s : r.runs[0].steps) through = through || s.n_features == 5;
      EXPECT_TRUE(through) << to_string(m) << " variant " << variant;
      ASSERT_TRUE(r.runs[0].model);
      EXPECT_EQ(r.runs[0].model->features, r.selected);
      EXPECT_EQ(r.runs[0].model->W.rows(), 3);
    }
  }
}

TEST(CrfeProperties, StratifiedSplitCounts) {
  const auto g = featrel::gen::generate_clusters(crfe_test::authors_recipe(), 5);
  const featrel::Dataset data = crfe_test::from_generated(g);
  const Result r = run(data, Options{}, crfe_test::context(9));
  const Rows& rows = r.runs[0].rows;
  // docs/crfe.md#preparation-and-split: 350 rows give 88 test, 131 train, 65 selection and 66 calibration.
  EXPECT_EQ(rows.test.size(), 88u);
  EXPECT_EQ(rows.train.size(), 131u);
  EXPECT_EQ(rows.selection.size(), 65u);
  EXPECT_EQ(rows.calibration.size(), 66u);
  std::vector<std::size_t> all;
  for (const auto* part : {&rows.train, &rows.selection, &rows.calibration, &rows.test}) {
    EXPECT_TRUE(std::is_sorted(part->begin(), part->end()));
    all.insert(all.end(), part->begin(), part->end());
    // Each part spreads over the classes in proportion, within one row.
    std::vector<double> count(4, 0);
    for (std::size_t i : *part) count[static_cast<std::size_t>(data.labels[i])] += 1;
    const auto sizes = data.class_counts();
    for (std::size_t k = 0; k < 4; ++k)
      EXPECT_LE(std::abs(count[k] - static_cast<double>(part->size()) * sizes[k] / 350.0), 1.0);
  }
  std::sort(all.begin(), all.end());
  for (std::size_t i = 0; i < 350; ++i) ASSERT_EQ(all[i], i);
  // The same seed gives rfe the same test and calibration rows, and trains it on crfe's training and selection
  // rows (it has no use for selection rows); reuse_calibration makes selection = calibration = h.
  const Result rf = featrel::rfe::run(data, Options{}, crfe_test::context(9));
  std::vector<std::size_t> fit = rows.train;
  fit.insert(fit.end(), rows.selection.begin(), rows.selection.end());
  std::sort(fit.begin(), fit.end());
  EXPECT_EQ(rf.runs[0].rows.train, fit);
  EXPECT_TRUE(rf.runs[0].rows.selection.empty());
  EXPECT_EQ(rf.runs[0].rows.calibration, rows.calibration);
  EXPECT_EQ(rf.runs[0].rows.test, rows.test);
  Options reuse;
  reuse.reuse_calibration = true;
  const Result ru = run(data, reuse, crfe_test::context(9));
  EXPECT_EQ(ru.runs[0].rows.selection, ru.runs[0].rows.calibration);
  EXPECT_EQ(ru.runs[0].rows.calibration.size(), 131u);
  EXPECT_NE(std::find(ru.warnings.begin(), ru.warnings.end(),
                      "calibration rows also chose the features; conformal validity is not guaranteed"),
            ru.warnings.end());
  // beta_rows train: all of h calibrates; test_fraction 0: all of h selects.
  Options bt;
  bt.beta_rows = BetaRows::train;
  EXPECT_EQ(run(data, bt, crfe_test::context(9)).runs[0].rows.calibration.size(), 131u);
  Options nt;
  nt.test_fraction = 0;
  const Result rn = run(data, nt, crfe_test::context(9));
  EXPECT_EQ(rn.runs[0].rows.selection.size(), 175u);
  EXPECT_FALSE(rn.evaluation.has_value());
}

TEST(CrfeProperties, TruncateStopsAtTheSameSubset) {
  const auto g = featrel::gen::generate_clusters(crfe_test::authors_recipe(), 2);
  const featrel::Dataset data = crfe_test::from_generated(g);
  for (StopMode mode : {StopMode::paper, StopMode::reference}) {
    Options o;
    o.standardize = Standardize::none;
    o.stop_mode = mode;
    const Result full = run(data, o, crfe_test::context(4));
    o.truncate = true;
    const Result cut = run(data, o, crfe_test::context(4));
    ASSERT_TRUE(full.runs[0].stop.fired) << to_string(mode);
    EXPECT_EQ(cut.selected, full.selected) << to_string(mode);
    EXPECT_EQ(cut.runs[0].stop.step, full.runs[0].stop.step);
    EXPECT_LT(cut.runs[0].steps.size(), full.runs[0].steps.size());
    // Truncated: the survivors are the selected set (ranked by their last β) and the order above is the same.
    EXPECT_EQ(sorted_prefix(cut.ranking, cut.selected.size()), cut.selected);
    const std::size_t removed = cut.runs[0].elimination_order.size();
    EXPECT_TRUE(std::equal(cut.runs[0].elimination_order.begin(), cut.runs[0].elimination_order.end(),
                           full.runs[0].elimination_order.begin()));
    EXPECT_EQ(removed, 35 - cut.selected.size());
  }
  Options fixed;
  fixed.n_features_to_select = 12;
  fixed.truncate = true;
  const Result cut = run(data, fixed, crfe_test::context(4));
  fixed.truncate = false;
  const Result full = run(data, fixed, crfe_test::context(4));
  EXPECT_EQ(cut.selected, full.selected);
  EXPECT_EQ(cut.runs[0].steps.size(), 35u - 12u);
}

TEST(CrfeProperties, ConstantColumnsRankLast) {
  featrel::Dataset data = clusters(6);
  // Make columns 2 and 9 constant (on every row, hence on the training rows).
  data.X.col(2).setConstant(3.0);
  data.X.col(9).setZero();
  const Result r = run(data, Options{}, crfe_test::context(1));
  const featrel::crfe::Run& run0 = r.runs[0];
  EXPECT_EQ(run0.diagnostics.constant_features, (std::vector<std::size_t>{2, 9}));
  EXPECT_EQ(r.ranking[12], 2u);
  EXPECT_EQ(r.ranking[13], 9u);
  EXPECT_TRUE(r.features[2].constant);
  EXPECT_FALSE(r.features[2].score_initial.has_value());
  EXPECT_EQ(run0.steps[0].n_features, 12u);
  expect_prefix_invariants(r, 14);
  // keep_constant: in the loop with β = 0 (standardised to 0), so they rank somewhere in the middle.
  Options keep;
  keep.keep_constant = true;
  const Result k = run(data, keep, crfe_test::context(1));
  EXPECT_EQ(k.runs[0].steps[0].n_features, 14u);
  EXPECT_DOUBLE_EQ(*k.features[2].score_initial, 0.0);
  EXPECT_DOUBLE_EQ(*k.features[9].score_initial, 0.0);
}

TEST(CrfeProperties, SweepEvaluatesEverySize) {
  const featrel::Dataset data = clusters(8, 300, 10, 4);
  Options o;
  o.sweep = true;
  o.eval_sizes = {3};
  const Result r = run(data, o, crfe_test::context(2));
  ASSERT_TRUE(r.evaluation);
  const auto& subsets = r.evaluation->subsets;
  ASSERT_EQ(subsets.size(), 2u + 10u);
  EXPECT_EQ(subsets[0].label, "all");
  EXPECT_EQ(subsets[1].label, "selected");
  for (std::size_t q = 0; q < 10; ++q) {
    EXPECT_EQ(subsets[2 + q].label, "k=" + std::to_string(10 - q));
    EXPECT_EQ(subsets[2 + q].features, sorted_prefix(r.ranking, 10 - q));
  }
  // The full-size path model is the "all" model.
  EXPECT_EQ(subsets[2].metrics.coverage, subsets[0].metrics.coverage);
  EXPECT_EQ(subsets[2].metrics.inefficiency, subsets[0].metrics.inefficiency);
  EXPECT_EQ(subsets[2].svm_accuracy, subsets[0].svm_accuracy);
  for (const auto& s : subsets) {
    EXPECT_GE(s.metrics.coverage, 0.0);
    EXPECT_LE(s.metrics.coverage, 1.0);
    EXPECT_LE(s.metrics.certainty, s.metrics.coverage);
  }
}

TEST(CrfeProperties, RfecvChoosesAPathSize) {
  const featrel::Dataset data = clusters(11, 300, 12, 3);
  Options o;
  o.stop = Stop::cv;
  o.cv_folds = 4;
  const Result r = featrel::rfe::run(data, o, crfe_test::context(3));
  const featrel::crfe::Run& run0 = r.runs[0];
  ASSERT_TRUE(run0.cv);
  EXPECT_EQ(run0.cv->folds, 4u);
  EXPECT_EQ(run0.cv->sizes.size(), 12u);  // 12 … 1
  EXPECT_EQ(run0.cv->sizes.front(), 12u);
  EXPECT_EQ(run0.cv->sizes.back(), 1u);
  const auto best = std::max_element(run0.cv->mean_accuracy.begin(), run0.cv->mean_accuracy.end());
  EXPECT_EQ(*best,
            run0.cv->mean_accuracy[static_cast<std::size_t>(
                std::find(run0.cv->sizes.begin(), run0.cv->sizes.end(), run0.cv->chosen) - run0.cv->sizes.begin())]);
  EXPECT_EQ(r.selected.size(), run0.cv->chosen);
  EXPECT_EQ(run0.stop.reason, "cv");
  // Ties go to the smaller size: no smaller size has the same mean accuracy.
  for (std::size_t q = 0; q < run0.cv->sizes.size(); ++q) {
    if (run0.cv->sizes[q] < run0.cv->chosen) {
      EXPECT_LT(run0.cv->mean_accuracy[q], *best);
    }
  }
  const auto j = r.to_json(data);
  EXPECT_EQ(j["cv"]["chosen"], run0.cv->chosen);
}

TEST(CrfeProperties, ThreadCountDoesNotChangeTheJson) {
  const featrel::Dataset data = clusters(12, 200, 9, 4);
  for (std::size_t repeats : {std::size_t{1}, std::size_t{3}}) {
    Options o;
    o.repeats = repeats;
    o.sweep = true;
    o.with_rfe = true;
    o.keep_betas = true;
    o.pvalue = PValue::smoothed;
    const Result a = run(data, o, crfe_test::context(77, 1));
    const Result b = run(data, o, crfe_test::context(77, 2));
    const std::string ja = featrel::report::json_text(featrel::report::strip_timing(a.to_json(data)));
    const std::string jb = featrel::report::json_text(featrel::report::strip_timing(b.to_json(data)));
    EXPECT_EQ(ja, jb) << "repeats " << repeats;
    EXPECT_EQ(ja.find("NaN"), std::string::npos);
  }
}

TEST(CrfeProperties, TheRunSeedDecidesTheSplit) {
  const featrel::Dataset data = clusters(16, 150, 6, 2);
  const auto json = [&](const Result& r) {
    return featrel::report::json_text(featrel::report::strip_timing(r.to_json(data)));
  };
  for (const bool rfe : {false, true}) {
    const auto go = [&](std::uint64_t seed) {
      return rfe ? featrel::rfe::run(data, Options{}, crfe_test::context(seed))
                 : run(data, Options{}, crfe_test::context(seed));
    };
    const Result a = go(21);
    // The same seed: the same document.
    EXPECT_EQ(json(a), json(go(21))) << "rfe " << rfe;
    // Another seed: other rows in every part.
    const Result b = go(22);
    const Rows &ra = a.runs[0].rows, &rb = b.runs[0].rows;
    EXPECT_EQ(ra.train.size(), rb.train.size());
    EXPECT_NE(ra.train, rb.train) << "rfe " << rfe;
    if (!rfe) EXPECT_NE(ra.selection, rb.selection);  // rfe draws none
    EXPECT_NE(ra.calibration, rb.calibration) << "rfe " << rfe;
    EXPECT_NE(ra.test, rb.test) << "rfe " << rfe;
    EXPECT_NE(ra.split_seed, rb.split_seed);
  }
}

TEST(CrfeProperties, RepeatsConsensusAndStability) {
  const featrel::Dataset data = clusters(13, 200, 9, 3);
  Options o;
  o.repeats = 4;
  o.n_features_to_select = 3;
  const Result r = run(data, o, crfe_test::context(5, 2));
  ASSERT_EQ(r.runs.size(), 4u);
  // Splits differ between runs; the consensus ranking is ordered by mean rank.
  EXPECT_NE(r.runs[0].rows.train, r.runs[1].rows.train);
  for (std::size_t q = 1; q < r.ranking.size(); ++q)
    EXPECT_LE(*r.features[r.ranking[q - 1]].mean_rank, *r.features[r.ranking[q]].mean_rank);
  for (std::size_t j = 0; j < 9; ++j) {
    std::size_t chosen = 0;
    for (const featrel::crfe::Run& run0 : r.runs) chosen += run0.features[j].selected;
    EXPECT_DOUBLE_EQ(*r.features[j].selection_frequency, chosen / 4.0);
    EXPECT_EQ(r.features[j].selected, chosen > 2);
  }
  ASSERT_TRUE(r.stability);
  EXPECT_EQ(r.stability->per_size.size(), 9u);
  EXPECT_EQ(r.stability->per_size.back().first, 9u);
  EXPECT_DOUBLE_EQ(r.stability->per_size.back().second.jaccard, 1.0);  // k = d: every set is everything
  EXPECT_EQ(r.stability->sizes.min, 3u);
  EXPECT_EQ(r.stability->sizes.max, 3u);
  // Equal sizes: Nogueira's Φ̂ equals the mean pairwise Kuncheva index.
  ASSERT_TRUE(r.stability->selected.kuncheva);
  EXPECT_NEAR(r.stability->selected.nogueira.value, *r.stability->selected.kuncheva, 1e-12);
  const auto j = r.to_json(data);
  EXPECT_EQ(j["runs"].size(), 4u);
  EXPECT_TRUE(j["elimination_order"].is_null());
  EXPECT_EQ(j["evaluation"]["n_runs"], 4u);
  EXPECT_EQ(j["stability"]["selected"]["sizes"]["histogram"][0]["count"], 4u);
}

TEST(CrfeProperties, JsonFields) {
  const featrel::Dataset data = clusters(14, 150, 6, 2);
  const Result r = run(data, Options{}, crfe_test::context(1));
  const auto j = r.to_json(data);
  for (const char* key : {"method",         "featrel_version",
                          "task",           "classes",
                          "positive_class", "n_samples",
                          "n_features",     "feature_names",
                          "seed",           "compat",
                          "options",        "features",
                          "selected",       "selected_names",
                          "diagnostics",    "rows",
                          "ranking",        "elimination_order",
                          "steps",          "stop",
                          "model",          "evaluation"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["method"], "crfe");
  EXPECT_EQ(j["task"], "binary");
  EXPECT_EQ(j["model"]["W"].size(), 1u);  // K' = 1 for binary
  EXPECT_TRUE(j["features"][0].contains("beta_initial"));
  EXPECT_TRUE(j["steps"][0].contains("beta_mean"));
  EXPECT_TRUE(j["diagnostics"]["seconds"].contains("total"));
  EXPECT_EQ(j["diagnostics"]["solver"].size(), j["steps"].size());
  EXPECT_EQ(j["options"]["stop"], "beta");
  EXPECT_EQ(j["evaluation"]["subsets"][0]["label"], "all");
  // The values are the result's, field by field (doubles bit for bit).
  using Json = featrel::report::Json;
  const auto opt = [](const auto& v) { return v ? Json(*v) : Json(nullptr); };
  ASSERT_EQ(r.runs.size(), 1u);
  const featrel::crfe::Run& run0 = r.runs[0];
  EXPECT_EQ(j["n_samples"], 150u);
  EXPECT_EQ(j["n_features"], 6u);
  EXPECT_EQ(j["seed"], 1u);
  EXPECT_EQ(j["feature_names"], Json(data.feature_names));
  ASSERT_EQ(j["features"].size(), 6u);
  for (std::size_t q = 0; q < 6; ++q) {
    const featrel::crfe::FeatureResult& f = r.features[q];
    const Json& e = j["features"][q];
    EXPECT_EQ(e["index"], q);
    EXPECT_EQ(e["name"], data.feature_names[q]);
    EXPECT_EQ(e["selected"], f.selected) << q;
    EXPECT_EQ(e["constant"], f.constant) << q;
    EXPECT_EQ(e["rank"], f.rank) << q;
    EXPECT_EQ(e["elimination_step"], opt(f.elimination_step)) << q;
    EXPECT_EQ(e["beta_initial"], opt(f.score_initial)) << q;
    EXPECT_EQ(e["beta_at_removal"], opt(f.score_at_removal)) << q;
  }
  std::vector<std::string> selected_names;
  for (std::size_t q : r.selected) selected_names.push_back(data.feature_names[q]);
  EXPECT_EQ(j["selected"], Json(r.selected));
  EXPECT_EQ(j["selected_names"], Json(selected_names));
  EXPECT_EQ(j["ranking"], Json(r.ranking));
  EXPECT_EQ(j["elimination_order"], Json(run0.elimination_order));
  EXPECT_EQ(j["rows"]["train"], run0.rows.train.size());
  EXPECT_EQ(j["rows"]["selection"], run0.rows.selection.size());
  EXPECT_EQ(j["rows"]["calibration"], run0.rows.calibration.size());
  EXPECT_EQ(j["rows"]["test"], run0.rows.test.size());
  EXPECT_EQ(j["rows"]["split_seed"], opt(run0.rows.split_seed));
  ASSERT_EQ(j["steps"].size(), run0.steps.size());
  for (std::size_t t = 0; t < run0.steps.size(); ++t) {
    const featrel::crfe::Step& s = run0.steps[t];
    const Json& e = j["steps"][t];
    EXPECT_EQ(e["step"], s.step) << t;
    EXPECT_EQ(e["n_features"], s.n_features) << t;
    EXPECT_EQ(e["removed"], Json(s.removed)) << t;
    EXPECT_EQ(e["beta_mean"], s.score_mean) << t;
    EXPECT_EQ(e["beta_max"], s.score_max) << t;
    EXPECT_EQ(e["stop_value"], opt(s.stop.value)) << t;
    EXPECT_EQ(e["stop_ratio"], opt(s.stop.ratio)) << t;
  }
  EXPECT_EQ(j["stop"]["criterion"], "beta");
  EXPECT_EQ(j["stop"]["fired"], run0.stop.fired);
  EXPECT_EQ(j["stop"]["step"], opt(run0.stop.step));
  EXPECT_EQ(j["stop"]["n_selected"], run0.stop.n_selected);
  EXPECT_EQ(j["stop"]["n_selected"], r.selected.size());
  EXPECT_EQ(j["stop"]["reason"], run0.stop.reason);
  ASSERT_TRUE(run0.model.has_value());
  EXPECT_EQ(j["model"]["features"], Json(run0.model->features));
  EXPECT_EQ(run0.model->features, r.selected);
  ASSERT_EQ(j["model"]["W"][0].size(), static_cast<std::size_t>(run0.model->W.cols()));
  for (Eigen::Index c = 0; c < run0.model->W.cols(); ++c) EXPECT_EQ(j["model"]["W"][0][c], run0.model->W(0, c)) << c;
  EXPECT_EQ(j["model"]["b"], Json(std::vector<double>{run0.model->b(0)}));
  ASSERT_TRUE(r.evaluation.has_value());
  ASSERT_EQ(j["evaluation"]["subsets"].size(), r.evaluation->subsets.size());
  for (std::size_t q = 0; q < r.evaluation->subsets.size(); ++q) {
    const featrel::crfe::SubsetEvaluation& e = r.evaluation->subsets[q];
    const Json& je = j["evaluation"]["subsets"][q];
    EXPECT_EQ(je["label"], e.label);
    EXPECT_EQ(je["features"], Json(e.features)) << e.label;
    EXPECT_EQ(je["coverage"], e.metrics.coverage) << e.label;
    EXPECT_EQ(je["inefficiency"], e.metrics.inefficiency) << e.label;
    EXPECT_EQ(je["certainty"], e.metrics.certainty) << e.label;
    EXPECT_EQ(je["credibility"], e.metrics.credibility) << e.label;
    EXPECT_EQ(je["svm_accuracy"], e.svm_accuracy) << e.label;
  }
  EXPECT_EQ(j["evaluation"]["significance"], r.evaluation->significance);
  const Result rf = featrel::rfe::run(data, Options{}, crfe_test::context(1));
  const auto jr = rf.to_json(data);
  EXPECT_EQ(jr["method"], "rfe");
  EXPECT_TRUE(jr["features"][0].contains("importance_initial"));
  EXPECT_TRUE(jr["steps"][0].contains("importance_max"));
  EXPECT_EQ(jr["options"]["stop"], "none");
  EXPECT_EQ(jr["stop"]["reason"], "ranking_only");
  EXPECT_EQ(jr["selected"].size(), 6u);
}

TEST(CrfeProperties, SingleFeatureAndWarmStartOff) {
  featrel::Dataset data = clusters(15, 120, 6, 2);
  Options cold;
  cold.warm_start = false;
  EXPECT_EQ(run(data, cold, crfe_test::context(1)).ranking, run(data, Options{}, crfe_test::context(1)).ranking);
  featrel::Dataset one = data;
  one.X = data.X.leftCols(1);
  one.feature_names.resize(1);
  one.constant.resize(1);
  const Result r = run(one, Options{}, crfe_test::context(1));
  EXPECT_EQ(r.ranking, std::vector<std::size_t>{0});
  EXPECT_EQ(r.selected, std::vector<std::size_t>{0});
  EXPECT_EQ(r.runs[0].stop.reason, "single_feature");
}

// ---- bad input -------------------------------------------------------------------------------------------------

template <typename F>
std::string input_error(F&& f) {
  try {
    f();
  } catch (const featrel::InputError& e) {
    return e.what();
  }
  return "<no InputError>";
}

TEST(CrfeProperties, BadInput) {
  const featrel::Dataset data = clusters(16, 120, 6, 3);
  // One class.
  featrel::Dataset one = data;
  one.classes = {"a"};
  one.labels.assign(one.n_samples(), 0);
  EXPECT_NE(input_error([&] { run(one, Options{}, crfe_test::context(0)); }).find("needs >= 2 classes"),
            std::string::npos);
  // A class absent from the calibration rows.
  Options roles;
  roles.roles.resize(data.n_samples());
  for (std::size_t i = 0; i < data.n_samples(); ++i) {
    const int y = data.labels[i];
    roles.roles[i] = i % 4 == 0               ? Role::test
                     : i % 4 == 1             ? Role::selection
                     : (i % 4 == 2 && y != 2) ? Role::calibration
                                              : Role::train;
  }
  const std::string cal = input_error([&] { run(data, roles, crfe_test::context(0)); });
  EXPECT_NE(cal.find("class '2' has no calibration rows"), std::string::npos) << cal;
  // A class with one row only: it must train, so calibration lacks it under a random split.
  featrel::Dataset rare = data;
  rare.classes.push_back("rare");
  rare.labels[5] = 3;
  EXPECT_NE(input_error([&] { run(rare, Options{}, crfe_test::context(0)); }).find("has no calibration rows"),
            std::string::npos);
  // k larger than d.
  Options big;
  big.n_features_to_select = 7;
  EXPECT_NE(input_error([&] { run(data, big, crfe_test::context(0)); }).find("n_features_to_select=7 outside [1, 6]"),
            std::string::npos);
  // Non-classification target.
  featrel::Dataset reg = data;
  reg.task = featrel::Task::regression;
  EXPECT_NE(
      input_error([&] { run(reg, Options{}, crfe_test::context(0)); }).find("needs a binary or multiclass target"),
      std::string::npos);
  // Missing values.
  featrel::Dataset nan = data;
  nan.X(3, 1) = std::nan("");
  EXPECT_NE(input_error([&] { run(nan, Options{}, crfe_test::context(0)); }).find("missing/non-finite"),
            std::string::npos);
  // Options out of range and the rules of docs/crfe.md#errors-and-edge-cases.
  const auto bad = [&](auto set) {
    Options o;
    set(o);
    return input_error([&] { run(data, o, crfe_test::context(0)); });
  };
  EXPECT_NE(bad([](Options& o) { o.lambda = 1.5; }).find("lambda"), std::string::npos);
  EXPECT_NE(bad([](Options& o) { o.C = 0; }).find("option 'C'"), std::string::npos);
  EXPECT_NE(bad([](Options& o) { o.sigma = -1; }).find("sigma"), std::string::npos);
  EXPECT_NE(bad([](Options& o) { o.step = 0; }).find("step"), std::string::npos);
  EXPECT_NE(bad([](Options& o) { o.significance = 1; }).find("significance"), std::string::npos);
  EXPECT_NE(bad([](Options& o) { o.stop = Stop::cv; }).find("rfe's"), std::string::npos);
  EXPECT_NE(bad([](Options& o) {
              o.repeats = 2;
              o.roles.assign(120, Role::train);
            }).find("repeats need random splits"),
            std::string::npos);
  Options rfe_beta;
  rfe_beta.stop = Stop::beta;
  EXPECT_NE(input_error([&] { featrel::rfe::run(data, rfe_beta, crfe_test::context(0)); }).find("crfe's rule"),
            std::string::npos);
  Options folds;
  folds.stop = Stop::cv;
  folds.cv_folds = 100;
  EXPECT_NE(input_error([&] { featrel::rfe::run(data, folds, crfe_test::context(0)); }).find("cv_folds=100"),
            std::string::npos);
  EXPECT_THROW(parse_role("holdout"), featrel::InputError);
  EXPECT_THROW(parse_stop_mode("strict"), featrel::InputError);
}

}  // namespace
