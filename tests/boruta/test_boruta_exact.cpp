// Boruta's exact reference values (docs/boruta.md#exact-cases): the `auto` tree counts, shadow counts, the numpy
// percentile, binomial p-values, the BH decisions, scripted runs with their iteration counts, the rough fix and
// ranking examples, and the "no all-true support" rule — driven through a scripted importance provider.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "boruta_test_data.hpp"
#include "featrel/boruta.hpp"
#include "featrel/error.hpp"
#include "featrel/rng.hpp"
#include "featrel/stats.hpp"
#include "methods/boruta/boruta_internal.hpp"

namespace {

using namespace featrel::boruta;
using boruta_test::context;
using boruta_test::noise_data;

TEST(BorutaExact, AutoTrees) {
  const std::vector<std::size_t> n_a{1, 2, 3, 10, 30, 60, 100, 1000};
  const std::vector<std::size_t> expect{28, 40, 48, 89, 154, 219, 282, 894};
  for (std::size_t q = 0; q < n_a.size(); ++q) EXPECT_EQ(auto_trees(n_a[q], 5), expect[q]) << "n_a " << n_a[q];
  EXPECT_EQ(auto_trees(10, 10), 44u);  // BorutaPy's unit test
  EXPECT_EQ(auto_trees(100, 10), 141u);
  EXPECT_EQ(auto_trees(100, 0), 141u);  // unlimited depth counts as 10 (docs/boruta.md#departures-from-the-references defect 4)
}

TEST(BorutaExact, ShadowCount) {
  EXPECT_EQ(shadow_count(1), 8u);
  EXPECT_EQ(shadow_count(2), 8u);
  EXPECT_EQ(shadow_count(3), 6u);
  EXPECT_EQ(shadow_count(4), 8u);
  EXPECT_EQ(shadow_count(5), 5u);
  EXPECT_EQ(shadow_count(30), 30u);
}

TEST(BorutaExact, Percentile) {
  EXPECT_NEAR(featrel::stats::percentile_linear({1, 2, 3, 4, 10}, 70), 3.8, 1e-12);
  EXPECT_EQ(featrel::stats::percentile_linear({1, 2, 3, 4, 10}, 100), 10.0);
  EXPECT_NEAR(featrel::stats::percentile_linear({0.5, 0.1, 0.3, 0.9}, 70), 0.54, 1e-12);
}

TEST(BorutaExact, BinomialPValues) {
  const TestOutcome t = binomial_tests({10, 9, 5, 1, 0}, 10, 0.05, true, 5);
  const std::vector<double> acc{0.0009765625, 0.0107421875, 0.623046875, 0.9990234375, 1.0};
  for (std::size_t q = 0; q < 5; ++q) {
    EXPECT_NEAR(t.p_accept[q], acc[q], 1e-15);
    EXPECT_NEAR(t.p_reject[q], acc[4 - q], 1e-15);  // the mirror image
  }
}

TEST(BorutaExact, BenjaminiHochberg) {
  EXPECT_EQ(featrel::stats::benjamini_hochberg({0.001, 0.02, 0.03, 0.04, 0.3}, 0.05),
            (std::vector<bool>{true, true, true, true, false}));
  EXPECT_EQ(featrel::stats::benjamini_hochberg({0.01, 0.011, 0.012, 0.2}, 0.05),
            (std::vector<bool>{true, true, true, false}));
}

TEST(BorutaExact, TwoStepAndBonferroniDecisions) {
  // k = 8, hits 8 and 0 among 2 active features: 2^-8 passes BH and α/k = 0.00625.
  TestOutcome t = binomial_tests({8, 0}, 8, 0.05, true, 2);
  EXPECT_EQ(t.accept, (std::vector<bool>{true, false}));
  EXPECT_EQ(t.reject, (std::vector<bool>{false, true}));
  t = binomial_tests({7, 0}, 7, 0.05, true, 2);  // 2^-7 > 0.05/7
  EXPECT_EQ(t.accept, (std::vector<bool>{false, false}));
  // On the boundary: k = 8, α = 0.03125 gives α/k = 2^-8 exactly, the p-value of 8 hits (and of 0) in 8; BH
  // passes (2^-8 ≤ α/2). p ≤ α/k decides, both ways.
  t = binomial_tests({8, 0}, 8, 0.03125, true, 2);
  EXPECT_EQ(t.p_accept[0], 0.03125 / 8);
  EXPECT_EQ(t.accept, (std::vector<bool>{true, false}));
  EXPECT_EQ(t.reject, (std::vector<bool>{false, true}));
  t = binomial_tests({8, 0}, 8, std::nextafter(0.03125, 0.0), true, 2);  // just below: neither
  EXPECT_EQ(t.accept, (std::vector<bool>{false, false}));
  EXPECT_EQ(t.reject, (std::vector<bool>{false, false}));
  // Bonferroni's boundary: 6 hits of 6 give 2^-6 = α/d for α = 0.03125, d = 2.
  t = binomial_tests({6, 0}, 6, 0.03125, false, 2);
  EXPECT_EQ(t.accept, (std::vector<bool>{true, false}));
  EXPECT_EQ(t.reject, (std::vector<bool>{false, true}));
  t = binomial_tests({6, 0}, 6, 0.05, false, 2);  // 2^-6 ≤ 0.05/2
  EXPECT_EQ(t.accept, (std::vector<bool>{true, false}));
  EXPECT_EQ(t.reject, (std::vector<bool>{false, true}));
  // α = 1 would accept and reject a feature with 0 hits of 1: it gets neither.
  t = binomial_tests({0}, 1, 1.0, false, 1);
  EXPECT_FALSE(t.accept[0]);
  EXPECT_FALSE(t.reject[0]);
}

// f0 importance 10 and f1 importance 0 in every fit, every shadow 1.
ImportanceProvider two_feature_script(std::vector<FitQuery>* log = nullptr) {
  return [log](const FitQuery& q) {
    if (log) log->push_back(q);
    std::vector<double> imp;
    for (std::size_t j : q.active) imp.push_back(j == 0 ? 10.0 : 0.0);
    imp.resize(q.active.size() + q.shadow_sources.size(), 1.0);
    return imp;
  };
}

TEST(BorutaExact, ScriptedIterationCounts) {
  const featrel::Dataset d = noise_data(100, 2);
  Options o;
  o.perc = 100;
  struct Case {
    double alpha;
    bool two_step;
    int k;
  };
  for (const Case c : {Case{0.05, true, 8}, Case{0.01, true, 10}, Case{0.05, false, 6}}) {
    o.alpha = c.alpha;
    o.two_step = c.two_step;
    const Result r = run(d, o, context(3), two_feature_script());
    EXPECT_EQ(r.n_iterations, c.k) << "alpha " << c.alpha << " two_step " << c.two_step;
    EXPECT_EQ(r.confirmed, (std::vector<std::size_t>{0}));
    EXPECT_EQ(r.rejected, (std::vector<std::size_t>{1}));
    EXPECT_EQ(r.features[0].decided_at, c.k);
    EXPECT_EQ(r.features[1].decided_at, c.k);
    EXPECT_EQ(r.features[0].hits, c.k);
    EXPECT_EQ(r.features[1].hits, 0);
    EXPECT_EQ(r.stop_reason, StopReason::all_decided);
    EXPECT_EQ(r.features[0].rank, 1);
    EXPECT_EQ(r.features[1].rank, 2);  // no tentative kept: the rest start at 2
    EXPECT_EQ(r.threshold_history, std::vector<double>(static_cast<std::size_t>(c.k), 1.0));
    EXPECT_EQ(*r.features[0].shadow_share, 1.0);
    EXPECT_EQ(*r.features[1].shadow_share, 0.0);
  }
}

TEST(BorutaExact, QueriesFollowTheSeedPaths) {
  const featrel::Dataset d = noise_data(100, 3);
  std::vector<FitQuery> log;
  Options o;
  o.max_iter = 3;
  const Result r = run(d, o, context(42), two_feature_script(&log));
  ASSERT_EQ(log.size(), 3u);
  EXPECT_EQ(r.n_iterations, 3);
  EXPECT_EQ(r.stop_reason, StopReason::max_iter);
  for (int k = 1; k <= 3; ++k) {
    const FitQuery& q = log[static_cast<std::size_t>(k - 1)];
    EXPECT_EQ(q.iteration, k);
    EXPECT_EQ(q.fit_seed, featrel::rng::derive(42, 1, k));
    EXPECT_EQ(q.active, (std::vector<std::size_t>{0, 1, 2}));
    ASSERT_EQ(q.shadow_sources.size(), 6u);  // 3 doubled to 6
    for (std::size_t s = 0; s < 6; ++s) {
      EXPECT_EQ(q.shadow_sources[s], s % 3);
      EXPECT_EQ(q.shadow_seeds[s], featrel::rng::derive(42, 2, k, s));
    }
    EXPECT_EQ(q.n_trees, auto_trees(3, 5));
  }
  // Tests start at iteration 5: no p-values after 3 fits.
  EXPECT_FALSE(r.features[0].p_accept.has_value());
  o.first_test_iter = 1;
  const Result r1 = run(d, o, context(42), two_feature_script());
  EXPECT_TRUE(r1.features[0].p_accept.has_value());
  EXPECT_NEAR(*r1.features[0].p_accept, 0.125, 1e-15);  // 3 hits of 3
}

const std::optional<double> N = std::nullopt;

std::vector<std::vector<std::optional<double>>> history_a() {
  return {{10, 5, 4, 3, 2, 1}, {11, 6, 3, 1, 2.5, 0.5}, {12, 4, 5, N, 1, 2}, {13, 5.5, 2, N, N, 1.5},
          {14, 4.5, 3.5, N, N, 0.2}};
}

const std::vector<Decision> kDecisions{Decision::confirmed, Decision::tentative, Decision::tentative,
                                       Decision::rejected,  Decision::rejected,  Decision::rejected};

TEST(BorutaExact, RoughFixAndRanking) {
  const Ranking r = rough_fix_and_rank(history_a(), {4.5, 5, 4.8, 5.2, 4.9}, kDecisions);
  EXPECT_EQ(r.rough_fix_kept, (std::vector<bool>{false, true, false, false, false, false}));  // median 5 > 4.9
  EXPECT_EQ(r.rank, (std::vector<int>{1, 2, 3, 5, 6, 4}));
}

TEST(BorutaExact, RankingTiesAreTruncated) {
  auto h = history_a();
  const std::vector<std::optional<double>> f4{0.9, 0.4, 1, N, N}, f5{1, 0.5, 2, 1.5, 0.2};
  for (std::size_t k = 0; k < 5; ++k) {
    h[k][4] = f4[k];
    h[k][5] = f5[k];
  }
  const Ranking r = rough_fix_and_rank(h, {4.5, 5, 4.8, 5.2, 4.9}, kDecisions);
  EXPECT_EQ(r.rank, (std::vector<int>{1, 2, 3, 4, 6, 4}));  // the tied 4.5 values are truncated
}

TEST(BorutaExact, NoAllTrueSupport) {
  // Every feature confirmed or kept tentative: `confirmed` (and `selected`) hold only the confirmed ones.
  const featrel::Dataset d = noise_data(100, 3);
  Options o;
  o.perc = 100;
  o.max_iter = 12;
  // f0 always wins, f1 and f2 win every other fit: f0 confirmed, f1 and f2 stay tentative with median > τ.
  const ImportanceProvider script = [](const FitQuery& q) {
    std::vector<double> imp;
    for (std::size_t j : q.active) imp.push_back(j == 0 ? 10.0 : (q.iteration % 2 ? 3.0 : 0.5));
    imp.resize(q.active.size() + q.shadow_sources.size(), 1.0);
    return imp;
  };
  const Result r = run(d, o, context(1), script);
  EXPECT_EQ(r.confirmed, (std::vector<std::size_t>{0}));
  EXPECT_EQ(r.tentative, (std::vector<std::size_t>{1, 2}));
  EXPECT_TRUE(r.rejected.empty());
  EXPECT_EQ(r.selected(), (std::vector<std::size_t>{0}));
  EXPECT_TRUE(r.features[1].rough_fix_kept);
  EXPECT_TRUE(r.features[2].rough_fix_kept);
  EXPECT_EQ(r.features[1].rank, 2);
  EXPECT_FALSE(r.features[1].decided_at.has_value());
  EXPECT_EQ(r.stop_reason, StopReason::max_iter);
  const featrel::report::Json j = r.to_json(d);
  EXPECT_EQ(j["selected"], featrel::report::Json::array({0}));
  EXPECT_EQ(j["features"][1]["decision"], "tentative");
  EXPECT_EQ(j["features"][1]["rough_fix_kept"], true);
  ASSERT_FALSE(r.warnings.empty());
}

TEST(BorutaExact, ConstantColumnsAreRejectedAtZeroAndRankedLast) {
  featrel::Dataset d = noise_data(100, 3);
  d.X.col(1).setConstant(2.0);
  d.constant = {false, true, false};
  std::vector<FitQuery> log;
  Options o;
  o.perc = 100;
  const Result r = run(d, o, context(1), two_feature_script(&log));
  for (const FitQuery& q : log) EXPECT_EQ(q.active, (std::vector<std::size_t>{0, 2}));  // never in a fit
  EXPECT_EQ(r.features[1].decision, Decision::rejected);
  EXPECT_EQ(r.features[1].decided_at, 0);
  EXPECT_TRUE(r.features[1].constant);
  EXPECT_FALSE(r.features[1].median_importance.has_value());
  EXPECT_EQ(r.features[0].rank, 1);
  EXPECT_EQ(r.features[2].rank, 2);
  EXPECT_EQ(r.features[1].rank, 3);  // after every other feature
  for (const auto& row : r.importance_history) EXPECT_FALSE(row[1].has_value());
}

TEST(BorutaExact, EarlyStopping) {
  const featrel::Dataset d = noise_data(100, 2);
  Options o;
  o.perc = 100;
  o.early_stopping = 4;
  // Both features tie with the shadows: no test ever decides.
  const ImportanceProvider flat = [](const FitQuery& q) {
    return std::vector<double>(q.active.size() + q.shadow_sources.size(), 1.0);
  };
  const Result r = run(d, o, context(1), flat);
  EXPECT_EQ(r.stop_reason, StopReason::early_stopping);
  EXPECT_EQ(r.n_iterations, 5);  // more than 4 iterations without a change
  EXPECT_EQ(r.tentative.size(), 2u);
}

TEST(BorutaExact, ProviderMustMatchTheColumns) {
  const featrel::Dataset d = noise_data(100, 2);
  const ImportanceProvider wrong = [](const FitQuery&) { return std::vector<double>{1.0}; };
  EXPECT_THROW(run(d, Options{}, context(1), wrong), std::logic_error);
}

// The width effect in miniature: while the noise feature f2 is active the shadows score 10, a bar f0 (8) never
// clears; f1 clears it once (11 in fit 1, then 7) and so survives fit 8, where f0 and f2 are rejected with no
// hit. Alone, f1 meets shadows of 1 and is confirmed, although f0 was above it in fits 2–8.
TEST(BorutaExact, ARejectedFeatureAboveAConfirmedOneIsReported) {
  const featrel::Dataset d = noise_data(100, 3);
  Options o;
  o.perc = 100;
  const ImportanceProvider wide = [](const FitQuery& q) {
    const bool crowded = std::find(q.active.begin(), q.active.end(), std::size_t{2}) != q.active.end();
    std::vector<double> imp;
    for (std::size_t j : q.active) imp.push_back(j == 0 ? 8.0 : j == 1 ? (q.iteration == 1 ? 11.0 : 7.0) : 0.0);
    imp.resize(q.active.size() + q.shadow_sources.size(), crowded ? 10.0 : 1.0);
    return imp;
  };
  const Result r = run(d, o, context(1), wide);
  ASSERT_EQ(r.confirmed, (std::vector<std::size_t>{1}));
  ASSERT_EQ(r.rejected, (std::vector<std::size_t>{0, 2}));
  EXPECT_EQ(r.features[0].decided_at, 8);
  const std::vector<detail::OutrankedRejection> found = detail::outranked_rejections(r);
  ASSERT_EQ(found.size(), 1u);  // f2 (0 in every fit) is below f1 throughout
  EXPECT_EQ(found[0].rejected, 0u);
  EXPECT_EQ(found[0].confirmed, 1u);
  EXPECT_EQ(found[0].above, 7);
  EXPECT_EQ(found[0].shared, 8);
  const auto w = std::find_if(r.warnings.begin(), r.warnings.end(),
                              [](const std::string& s) { return s.rfind("fragile_rejections: ", 0) == 0; });
  ASSERT_NE(w, r.warnings.end());
  EXPECT_NE(w->find("1 rejected feature was more important than a confirmed one in most of the fits they shared "
                    "(f0 above f1 in 7 of 8)"),
            std::string::npos)
      << *w;
  EXPECT_NE(w->find("the best of up to 8 shadows"), std::string::npos) << *w;  // shadow_count(1) = 8 > shadow_count(3)
  // Columns drawn per tree (the paper preset): scikit-learn's per-split draws are named as a remedy; not when the
  // run already drew them per split.
  EXPECT_NE(w->find("--model-preset rf --min-leaf 1"), std::string::npos) << *w;
  Options node = o;
  node.model_preset = ModelPreset::rf;
  const Result rn = run(d, node, context(1), wide);
  const auto wn = std::find_if(rn.warnings.begin(), rn.warnings.end(),
                               [](const std::string& s) { return s.rfind("fragile_rejections: ", 0) == 0; });
  ASSERT_NE(wn, rn.warnings.end());
  EXPECT_EQ(wn->find("--model-preset rf"), std::string::npos) << *wn;

  // Where the rejected feature stayed below the confirmed one, nothing is said.
  const Result plain = run(noise_data(100, 2), o, context(3), two_feature_script());
  EXPECT_TRUE(detail::outranked_rejections(plain).empty());
  for (const std::string& s : plain.warnings) EXPECT_EQ(s.find("fragile_rejections"), std::string::npos) << s;
}

// The default preset follows the table's shape: the paper forest when there are at most as many columns as rows,
// scikit-learn's forest (columns per node, 1 row per leaf unless min_leaf is set) when there are more.
TEST(BorutaExact, AutoPresetFollowsTheTablesShape) {
  const Options o;
  EXPECT_EQ(o.model_preset, ModelPreset::automatic);
  const Options narrow = resolve_model_preset(o, 200, 200);
  EXPECT_EQ(narrow.model_preset, ModelPreset::paper);
  EXPECT_FALSE(narrow.forest.min_leaf);  // auto: resolved by the run (20, or fewer on a small cohort)
  const Options wide = resolve_model_preset(o, 200, 201);
  EXPECT_EQ(wide.model_preset, ModelPreset::rf);
  ASSERT_TRUE(wide.forest.min_leaf);
  EXPECT_EQ(*wide.forest.min_leaf, 1u);
  EXPECT_EQ(effective_options(wide).feature_sampling, featrel::forest::FeatureSampling::node);
  Options set_leaf = o;
  set_leaf.forest.min_leaf = 5;
  EXPECT_EQ(*resolve_model_preset(set_leaf, 10, 100).forest.min_leaf, 5u);  // an explicit value stays
  Options paper = o;
  paper.model_preset = ModelPreset::paper;
  EXPECT_EQ(resolve_model_preset(paper, 10, 100).model_preset, ModelPreset::paper);  // an explicit preset stays
  EXPECT_FALSE(resolve_model_preset(paper, 10, 100).forest.min_leaf);
  EXPECT_EQ(parse_model_preset("auto"), ModelPreset::automatic);
}

}  // namespace
