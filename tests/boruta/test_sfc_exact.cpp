// SFC's decision logic on scripted fits (docs/boruta.md#exact-cases): the prediction interval of the reference null
// scores, the scripted classes with both sided variants, the seed paths and designs of every query, and the
// options that change the algorithm (null matrix, perturbation, relevant set, test repeats, seeds, reference).
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <mutex>

#include "boruta_test_data.hpp"
#include "featrel/result_json.hpp"
#include "featrel/rng.hpp"
#include "featrel/sfc.hpp"
#include "featrel/stats.hpp"

namespace {

using namespace featrel::sfc;
using boruta_test::context;
using featrel::report::Json;

// docs/boruta.md#exact-cases row 3: α = 10 null scores.
const std::vector<double> kNullScores{0.90, 0.92, 0.91, 0.93, 0.89, 0.90, 0.92, 0.91, 0.90, 0.92};
const std::vector<double> kShadowNull{1.0, 1.1, 0.9, 1.0, 1.2, 0.8, 1.0, 1.05, 0.95, 1.0};

// Boruta confirms the features in `relevant` (importance 10 against shadows of 1) and rejects the others.
featrel::boruta::ImportanceProvider boruta_script(std::vector<std::size_t> relevant) {
  return [relevant](const featrel::boruta::FitQuery& q) {
    std::vector<double> imp;
    for (std::size_t j : q.active)
      imp.push_back(std::find(relevant.begin(), relevant.end(), j) != relevant.end() ? 10.0 : 0.0);
    imp.resize(q.active.size() + q.shadow_sources.size(), 1.0);
    return imp;
  };
}

// SFC's fits: importances per feature, the shadow and score nulls above, test scores per feature.
struct Script {
  std::vector<double> importance;       // per feature column
  std::vector<double> test_scores;      // per feature column
  std::vector<double> null_scores = kNullScores;
  std::vector<double> shadow_null = kShadowNull;
  double baseline = 0.91;               // V unperturbed with the test forest seed
  std::vector<double> partner_scores;   // per feature column: its partner test (step 8)
  double partner_baseline = 0.91;       // a partner candidate's design unperturbed
  double model_score = 0.95;            // the importance model's own score
  std::vector<FitQuery>* log = nullptr;
  std::mutex* mutex = nullptr;

  FitOutcome operator()(const FitQuery& q) const {
    if (log) {
      std::lock_guard<std::mutex> lock(*mutex);
      log->push_back(q);
    }
    FitOutcome out;
    switch (q.kind) {
      case FitKind::importance:
        for (std::size_t c : q.columns) out.importance.push_back(importance[c]);
        out.score = model_score;
        break;
      case FitKind::shadow_null:
        out.importance.assign(q.columns.size(), 0.0);
        out.importance.back() = shadow_null[q.sample - 1];
        out.score = null_scores[q.sample - 1];  // read under --null-matrix all
        break;
      case FitKind::score_null:
        out.score = null_scores[q.sample - 1];
        break;
      case FitKind::test:
        out.score = test_scores[q.sample];
        break;
      case FitKind::baseline:
        out.score = baseline;
        break;
      case FitKind::partner_test:
        out.score = partner_scores.at(q.sample);
        break;
      case FitKind::partner_baseline:
        out.score = partner_baseline;
        break;
    }
    return out;
  }
};

// The scripted cases are written for one test fit per feature (the default is 5; TestRepeats covers r > 1).
// test_alpha 3e-6: with the three tested features of standard() each test's tail is 10⁻⁶, so t = t_9⁻¹(1 − 10⁻⁶)
// = 10.720160, and the paired interval is 0.91 ± 10.720160·σ·√(1 + 1/r) (kPairedLower for r = 1).
Options ten_samples() {
  Options o;
  o.n_resampling = 10;
  o.test_repeats = 1;
  o.test_alpha = 3e-6;
  return o;
}

constexpr double kNullSd = 0.011832159566199232;  // population SD of kNullScores
const double kPairedLower = 0.91 - 10.720160 * kNullSd * std::sqrt(2.0);

Script standard() {
  Script s;
  s.importance = {100, 100, 100, 0.5, 0, 0, 0, 0};
  s.test_scores = {0.70, 0.80, 0.78, 0.99, 0.99, 0.99, 0.99, 0.99};
  return s;
}

TEST(SfcExact, ScoreInterval) {
  // Population SD 0.01183216; t_9⁻¹(1 − 10⁻⁶) = 10.720160.
  const featrel::stats::PredictionInterval pi = featrel::stats::prediction_interval(
      kNullScores, 1e-6, featrel::stats::SdKind::population, featrel::stats::Sides::two);
  EXPECT_NEAR(pi.mean, 0.91, 1e-12);
  EXPECT_NEAR(pi.sd, 0.01183216, 1e-8);
  EXPECT_NEAR(pi.t, 10.720160, 1e-6);
  EXPECT_NEAR(pi.lower, 0.7769663, 1e-7);
  EXPECT_NEAR(pi.upper, 1.0430337, 1e-7);
  const auto sample = featrel::stats::prediction_interval(kNullScores, 1e-6, featrel::stats::SdKind::sample,
                                                          featrel::stats::Sides::lower);
  EXPECT_NEAR(sample.lower, 0.7697702, 1e-7);
}

// Every feature's class, in column order.
std::vector<int> classes_of(const Result& r) {
  std::vector<int> cls;
  for (const FeatureResult& f : r.features) cls.push_back(f.cls);
  return cls;
}

TEST(SfcExact, ScriptedClasses) {
  const featrel::Dataset d = boruta_test::noise_data(100, 8);
  const Result r = run(d, ten_samples(), context(9), standard(), boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(classes_of(r), (std::vector<int>{2, 1, 1, 1, 0, 0, 0, 0}));
  EXPECT_EQ(r.all_relevant, (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_EQ(r.minimal, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(r.relevant, (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_EQ(r.strong, (std::vector<std::size_t>{0}));
  EXPECT_EQ(r.weak, (std::vector<std::size_t>{1, 2, 3}));
  EXPECT_EQ(r.selected(), (std::vector<std::size_t>{0, 1, 2, 3}));
  ASSERT_TRUE(r.score_interval.has_value());
  EXPECT_NEAR(r.score_interval->lower, kPairedLower, 1e-6);
  EXPECT_NEAR(r.score_interval->lower, 0.7306174, 1e-7);
  EXPECT_TRUE(r.score_interval->paired);
  EXPECT_EQ(r.score_interval->tests, 3);
  EXPECT_DOUBLE_EQ(r.score_interval->tail, 1e-6);
  EXPECT_NEAR(r.score_interval->t_quantile, 10.720160, 1e-6);
  EXPECT_EQ(r.score_interval->matrix, "relevant");
  EXPECT_EQ(r.score_interval->sides, "lower");
  EXPECT_NEAR(r.model_score, 0.95, 0);
  EXPECT_FALSE(r.features[3].tested);  // A \ M is weak without a test
  EXPECT_TRUE(r.features[0].tested);
  // The statistic and its lower-tail p-value (Student-t, α − 1 = 9 df): the mean of r = 1 test fit minus one
  // baseline, so the spread is σ·√(1 + 1/r).
  const double scale = kNullSd * std::sqrt(2.0);
  EXPECT_NEAR(*r.features[0].test_statistic, (0.70 - 0.91) / scale, 1e-9);
  const boost::math::students_t t9(9.0);
  EXPECT_NEAR(*r.features[1].test_p_value, boost::math::cdf(t9, (0.80 - 0.91) / scale), 1e-12);
  EXPECT_FALSE(r.features[3].test_statistic.has_value());
  // The shadow interval gives M: Γ_upper = mean + t·σ·√(1 + 1/α).
  EXPECT_NEAR(r.shadow_interval.mean, 1.0, 1e-12);
  EXPECT_EQ(r.shadow_interval.sides, "upper");
  // γ_s = kShadowNull: mean 1, population SD √(0.105/10) = 0.10246951, t_9⁻¹(1 − 10⁻⁶) = 10.720160.
  const double shadow_sd = std::sqrt(0.0105);
  const double t_star = boost::math::quantile(t9, 1.0 - 1e-6);
  EXPECT_NEAR(t_star, 10.720160, 1e-6);
  EXPECT_NEAR(r.shadow_interval.sd, shadow_sd, 1e-12);
  EXPECT_NEAR(r.shadow_interval.t_quantile, t_star, 1e-9);
  EXPECT_NEAR(r.shadow_interval.upper, 1.0 + t_star * shadow_sd * std::sqrt(1.0 + 1.0 / 10.0), 1e-12);
  EXPECT_NEAR(r.shadow_interval.upper, 2.1521056, 1e-7);
  EXPECT_EQ(r.shadow_interval.n_samples, 10);
  EXPECT_EQ(r.shadow_interval.matrix, "all");
  EXPECT_EQ(r.n_fits, static_cast<std::size_t>(r.boruta.n_iterations) + 1 + 10 + 10 + 3 + 1);  // + the baseline
}

// A feature whose destruction leaves its forest's score where it was is not strong, even below the interval;
// the unperturbed scores outside the interval set null_excludes_model with a warning naming the remedy.
TEST(SfcExact, BaselineAndModelOutsideNull) {
  const featrel::Dataset d = boruta_test::noise_data(100, 8);
  Script s = standard();
  s.baseline = 0.70;  // f0's test score: permuting f0 changed nothing
  Result r = run(d, ten_samples(), context(9), s, boruta_script({0, 1, 2, 3}));
  EXPECT_LT(*r.features[0].test_score, r.score_interval->lower);
  EXPECT_EQ(r.features[0].cls, 1);
  EXPECT_DOUBLE_EQ(*r.features[0].baseline_score, 0.70);
  EXPECT_DOUBLE_EQ(*r.baseline_score, 0.70);
  // The baseline 0.70 lies below the interval [0.731, 1.089]: flagged.
  EXPECT_TRUE(r.null_excludes_model);
  EXPECT_TRUE(std::any_of(r.warnings.begin(), r.warnings.end(), [](const std::string& w) {
    return w.rfind("null_excludes_model", 0) == 0 && w.find("--null-seeds fresh") != std::string::npos;
  }));
  EXPECT_TRUE(r.to_json(d)["null_excludes_model"].get<bool>());
  // A baseline inside the interval and above the test: strong as before, no flag (model score 0.95 is inside).
  s.baseline = 0.91;
  r = run(d, ten_samples(), context(9), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(r.features[0].cls, 2);
  EXPECT_FALSE(r.null_excludes_model);
  // The model's own score is judged only when its forest has the null's rows per leaf. On 100 rows min_leaf auto
  // gives the fits on V 5 rows per leaf and the model 20, so a model score of 0.60 says nothing about the null;
  // with --min-leaf 20 for every fit it does.
  s.model_score = 0.60;
  r = run(d, ten_samples(), context(9), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(r.test_min_leaf, 5u);
  EXPECT_FALSE(r.null_excludes_model);
  Options same_leaf = ten_samples();
  same_leaf.forest.min_leaf = 20;
  r = run(d, same_leaf, context(9), s, boruta_script({0, 1, 2, 3}));
  EXPECT_TRUE(r.null_excludes_model);
  EXPECT_TRUE(std::any_of(r.warnings.begin(), r.warnings.end(), [](const std::string& w) {
    return w.rfind("null_excludes_model: the model's own score 0.6 lies below", 0) == 0;
  }));
  // The same for the evidence null_below_resolution quotes: a null spread (SD 0.003) below half a row (0.005).
  Script narrow = s;
  narrow.null_scores = {0.91, 0.91, 0.92, 0.91, 0.91, 0.91, 0.91, 0.91, 0.91, 0.91};
  auto floored_warning = [](const Result& res) {
    const auto w = std::find_if(res.warnings.begin(), res.warnings.end(),
                                [](const std::string& x) { return x.rfind("null_below_resolution", 0) == 0; });
    return w == res.warnings.end() ? std::string() : *w;
  };
  r = run(d, ten_samples(), context(9), narrow, boruta_script({0, 1, 2, 3}));
  ASSERT_NE(floored_warning(r), "");
  EXPECT_EQ(floored_warning(r).find("model's own score"), std::string::npos);
  r = run(d, same_leaf, context(9), narrow, boruta_script({0, 1, 2, 3}));
  EXPECT_NE(floored_warning(r).find("excludes the model's own score 0.6"), std::string::npos);
  s.model_score = 0.95;
  // Paired with the baseline: the test's effect is score − baseline, placed on the null's mean. The tests' forest
  // scoring 0.10 above the null's mean makes 0.80 count as 0.70 (strong); 0.05 below it, as 0.85 (weak).
  s.baseline = 1.01;
  s.test_scores[0] = 0.80;
  r = run(d, ten_samples(), context(9), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(r.features[0].cls, 2);
  const double scale = kNullSd * std::sqrt(2.0);
  EXPECT_NEAR(*r.features[0].test_statistic, (0.80 - 1.01) / scale, 1e-9);
  s.baseline = 0.86;
  r = run(d, ten_samples(), context(9), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(r.features[0].cls, 1);
  EXPECT_NEAR(*r.features[0].test_statistic, (0.80 - 0.86) / scale, 1e-9);
  s.test_scores[0] = 0.70;
  // Under compat reference (squamish's statistics) no baseline is fitted and the rule does not apply.
  Options ref = ten_samples();
  ref.reference = true;
  s.baseline = 0.70;
  r = run(d, ref, context(9), s, boruta_script({0, 1, 2, 3}));
  EXPECT_FALSE(r.baseline_score.has_value());
  EXPECT_EQ(r.features[0].cls, 2);
}

TEST(SfcExact, SidedVariants) {
  const featrel::Dataset d = boruta_test::noise_data(100, 8);
  Script s = standard();
  // Above the upper bound under `two`: each tail gets half the test's share, 5e-7, so t = 11.636782 and the
  // interval is [0.7152794, 1.1047206].
  s.test_scores[1] = 1.15;
  Options o = ten_samples();
  Result r = run(d, o, context(9), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(r.features[1].cls, 1);  // `lower`: a rising score is no evidence
  o.sided = featrel::stats::Sides::two;
  r = run(d, o, context(9), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(r.features[1].cls, 2);
  EXPECT_EQ(r.features[0].cls, 2);
  EXPECT_EQ(r.features[2].cls, 1);
  const boost::math::students_t t9(9.0);
  const double stat = *r.features[1].test_statistic;
  EXPECT_NEAR(*r.features[1].test_p_value, 2.0 * boost::math::cdf(boost::math::complement(t9, stat)), 1e-12);
}

TEST(SfcExact, QueriesFollowTheSeedPaths) {
  const featrel::Dataset d = boruta_test::noise_data(100, 8);
  std::vector<FitQuery> log;
  std::mutex m;
  Script s = standard();
  s.log = &log;
  s.mutex = &m;
  const std::uint64_t seed = 77;
  run(d, ten_samples(), context(seed, 3), s, boruta_script({0, 1, 2, 3}));
  std::sort(log.begin(), log.end(), [](const FitQuery& a, const FitQuery& b) {
    return std::tie(a.kind, a.sample, a.repeat) < std::tie(b.kind, b.sample, b.repeat);
  });
  const std::size_t n = 100;
  const std::vector<std::size_t> all{0, 1, 2, 3, 4, 5, 6, 7}, V{0, 1, 2, 3};
  ASSERT_EQ(log.size(), 1u + 10 + 10 + 3 + 1);
  EXPECT_EQ(log[0].kind, FitKind::importance);
  EXPECT_EQ(log[0].columns, all);
  EXPECT_EQ(log[0].fit_seed, featrel::rng::derive(seed, 3));
  for (std::size_t s = 1; s <= 10; ++s) {
    const FitQuery& q = log[s];
    ASSERT_EQ(q.kind, FitKind::shadow_null);
    featrel::rng::Rng r(featrel::rng::derive(seed, 4, s));
    const std::size_t c = static_cast<std::size_t>(r.bounded(8));
    std::vector<std::size_t> cols = all;
    cols.push_back(c);
    EXPECT_EQ(q.columns, cols);
    EXPECT_EQ(q.permuted, std::optional<std::size_t>(8));
    EXPECT_EQ(q.permutation, r.permutation(n));
    EXPECT_EQ(q.fit_seed, featrel::rng::derive(seed, 5, s));  // ten forest seeds in turn (ShadowNullSeedsCycle)
  }
  for (std::size_t s = 1; s <= 10; ++s) {
    const FitQuery& q = log[10 + s];
    ASSERT_EQ(q.kind, FitKind::score_null);
    featrel::rng::Rng r(featrel::rng::derive(seed, 6, s));
    std::vector<std::size_t> cols = V;
    cols.push_back(V[r.bounded(4)]);
    EXPECT_EQ(q.columns, cols);
    EXPECT_EQ(q.permutation, r.permutation(n));
    EXPECT_EQ(q.fit_seed, featrel::rng::derive(seed, 5));
  }
  for (std::size_t j = 0; j < 3; ++j) {
    const FitQuery& q = log[21 + j];
    ASSERT_EQ(q.kind, FitKind::test);
    EXPECT_EQ(q.sample, j);
    EXPECT_EQ(q.columns, V);
    EXPECT_EQ(q.permuted, std::optional<std::size_t>(j));  // j permuted in place
    featrel::rng::Rng r(featrel::rng::derive(seed, 7, j));
    EXPECT_EQ(q.permutation, r.permutation(n));
    EXPECT_EQ(q.fit_seed, featrel::rng::derive(seed, 9));  // the test seed, different from the null seed
  }
  // One baseline: V unperturbed with the (single) test seed.
  const FitQuery& b = log[24];
  ASSERT_EQ(b.kind, FitKind::baseline);
  EXPECT_EQ(b.columns, V);
  EXPECT_FALSE(b.permuted.has_value());
  EXPECT_EQ(b.fit_seed, featrel::rng::derive(seed, 9));
}

// A holds the tentatives Boruta's rough fix keeps: feature 3 beats the best shadow (1.0) in every other fit, so
// after 100 fits it is undecided, and its median importance 5 is above the shadows' median maximum 1: kept.
// Feature 4 wins as often but its median 0.75 is below: not kept. `--tentatives exclude` (and compat reference)
// leave both out.
TEST(SfcExact, RoughFixTentativesJoinA) {
  const featrel::Dataset d = boruta_test::noise_data(100, 8);
  const featrel::boruta::ImportanceProvider boruta = [](const featrel::boruta::FitQuery& q) {
    std::vector<double> imp;
    const bool odd = q.iteration % 2 == 1;
    for (std::size_t j : q.active)
      imp.push_back(j <= 2 ? 10.0 : j == 3 ? (odd ? 10.0 : 0.0) : j == 4 ? (odd ? 1.5 : 0.0) : 0.0);
    imp.resize(q.active.size() + q.shadow_sources.size(), 1.0);
    return imp;
  };
  Options o = ten_samples();
  Result r = run(d, o, context(9), standard(), boruta);
  ASSERT_EQ(r.boruta.features[3].decision, featrel::boruta::Decision::tentative);
  ASSERT_EQ(r.boruta.features[4].decision, featrel::boruta::Decision::tentative);
  EXPECT_TRUE(r.boruta.features[3].rough_fix_kept);
  EXPECT_FALSE(r.boruta.features[4].rough_fix_kept);
  EXPECT_EQ(r.all_relevant, (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_EQ(r.relevant, (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_EQ(r.features[3].cls, 1);
  EXPECT_EQ(r.features[4].cls, 0);
  o.tentatives_rough_fix = false;
  r = run(d, o, context(9), standard(), boruta);
  EXPECT_EQ(r.all_relevant, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(r.relevant, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(r.features[3].cls, 0);
  o.tentatives_rough_fix = true;
  o.reference = true;
  EXPECT_FALSE(featrel::sfc::effective_options(o).tentatives_rough_fix);
}

// The shadow null varies the forest seed, as the importance model it is compared with has a seed of its own:
// sample s gets derive(seed, 5, 1 + (s − 1) mod 10), so 25 samples use ten seeds; the score null keeps one seed.
// Under --null-matrix all the shadow nulls are the score nulls and keep the one seed.
TEST(SfcExact, ShadowNullSeedsCycle) {
  const featrel::Dataset d = boruta_test::noise_data(100, 8);
  std::vector<FitQuery> log;
  std::mutex m;
  Script s = standard();
  s.shadow_null.assign(25, 1.0);
  s.shadow_null[3] = 1.2;
  s.null_scores.assign(25, 0.91);
  s.null_scores[4] = 0.90;
  s.log = &log;
  s.mutex = &m;
  Options o = ten_samples();
  o.n_resampling = 25;
  run(d, o, context(12), s, boruta_script({0, 1, 2, 3}));
  std::size_t shadows = 0, scores = 0;
  for (const FitQuery& q : log) {
    if (q.kind == FitKind::shadow_null) {
      ++shadows;
      EXPECT_EQ(q.fit_seed, featrel::rng::derive(12, 5, 1 + (q.sample - 1) % 10)) << q.sample;
    }
    if (q.kind == FitKind::score_null) {
      ++scores;
      EXPECT_EQ(q.fit_seed, featrel::rng::derive(12, 5));
    }
  }
  EXPECT_EQ(shadows, 25u);
  EXPECT_EQ(scores, 25u);
  log.clear();
  o.null_matrix = NullMatrix::all;
  run(d, o, context(12), s, boruta_script({0, 1, 2, 3}));
  for (const FitQuery& q : log)
    if (q.kind == FitKind::shadow_null) {
      EXPECT_EQ(q.fit_seed, featrel::rng::derive(12, 5)) << q.sample;
    }
}

TEST(SfcExact, SeedOptionsAndRepeats) {
  const featrel::Dataset d = boruta_test::noise_data(100, 8);
  std::vector<FitQuery> log;
  std::mutex m;
  Script s = standard();
  s.log = &log;
  s.mutex = &m;
  Options o = ten_samples();
  o.null_seeds = NullSeeds::fresh;
  o.test_repeats = 3;
  const Result r = run(d, o, context(5), s, boruta_script({0, 1, 2, 3}));
  for (const FitQuery& q : log) {
    if (q.kind == FitKind::shadow_null || q.kind == FitKind::score_null) {
      EXPECT_EQ(q.fit_seed, featrel::rng::derive(5, 5, q.sample));
    }
    if (q.kind == FitKind::test) {
      EXPECT_EQ(q.fit_seed, featrel::rng::derive(5, 9, q.sample, q.repeat));
      const std::uint64_t ps = q.repeat == 0 ? featrel::rng::derive(5, 7, q.sample)
                                             : featrel::rng::derive(5, 7, q.sample, q.repeat);
      featrel::rng::Rng pr(ps);
      EXPECT_EQ(q.permutation, pr.permutation(100));
    }
  }
  EXPECT_EQ(std::count_if(log.begin(), log.end(), [](const FitQuery& q) { return q.kind == FitKind::test; }), 9);
  // The mean of 3 test fits minus one baseline: half-width t·σ·√(1 + 1/3).
  EXPECT_NEAR(r.score_interval->lower, 0.91 - 10.720160 * kNullSd * std::sqrt(1.0 + 1.0 / 3), 1e-6);
  log.clear();
  o = ten_samples();
  o.null_seeds = NullSeeds::shared;
  run(d, o, context(5), s, boruta_script({0, 1, 2, 3}));
  for (const FitQuery& q : log)
    if (q.kind == FitKind::test) {
      EXPECT_EQ(q.fit_seed, featrel::rng::derive(5, 5));
    }
}

TEST(SfcExact, RemovePerturbationAndRelevantSet) {
  const featrel::Dataset d = boruta_test::noise_data(100, 8);
  std::vector<FitQuery> log;
  std::mutex m;
  Script s = standard();
  s.log = &log;
  s.mutex = &m;
  s.importance = {100, 100, 100, 0.5, 100, 0, 0, 0};  // f4 in M but not in A
  Options o = ten_samples();
  o.perturbation = Perturbation::remove;
  Result r = run(d, o, context(2), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(r.relevant, (std::vector<std::size_t>{0, 1, 2, 3, 4}));  // A ∪ M
  for (const FitQuery& q : log)
    if (q.kind == FitKind::test) {
      EXPECT_FALSE(q.permuted.has_value());
      EXPECT_EQ(std::count(q.columns.begin(), q.columns.end(), q.sample), 0);
      EXPECT_EQ(q.columns.size(), 4u);
    }
  EXPECT_EQ(r.features[4].cls, 1);  // test score 0.99: weak
  o = ten_samples();
  o.relevant_set = RelevantSet::boruta;
  r = run(d, o, context(2), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(r.relevant, (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_EQ(r.features[4].cls, 0);
  EXPECT_TRUE(r.features[4].in_minimal);
  EXPECT_FALSE(r.features[4].tested);
  EXPECT_EQ(r.features[0].cls, 2);
}

TEST(SfcExact, DegenerateAndEmptySets) {
  const featrel::Dataset d = boruta_test::noise_data(100, 8);
  // σ = 0: the interval collapses to the mean; only a strictly lower score is strong; no statistic.
  Script s = standard();
  s.null_scores.assign(10, 0.9);
  s.baseline = 0.9;  // the tests' own forest scores what the null does
  s.test_scores[1] = 0.9;
  s.test_scores[2] = 0.95;
  Result r = run(d, ten_samples(), context(1), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(r.features[0].cls, 2);
  EXPECT_EQ(r.features[1].cls, 1);
  EXPECT_EQ(r.features[2].cls, 1);
  EXPECT_TRUE(std::any_of(r.warnings.begin(), r.warnings.end(),
                          [](const std::string& w) { return w.rfind("degenerate_null", 0) == 0; }));
  // The zero spread is floored at half the score's resolution, half a row of the 100 (docs/boruta.md#sfc-steps
  // step 6): lower = 0.9 − t₉·0.005·√(1 + 1/r), and the statistic uses that spread.
  const boost::math::students_t t9(9.0);
  const double t_star = boost::math::quantile(t9, 1.0 - 1e-6);
  EXPECT_TRUE(r.null_zero_spread);
  EXPECT_TRUE(r.null_spread_floored);
  EXPECT_DOUBLE_EQ(r.score_interval->sd, 0.0);
  EXPECT_DOUBLE_EQ(r.score_interval->sd_used, 0.005);
  EXPECT_NEAR(r.score_interval->lower, 0.9 - t_star * 0.005 * std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(*r.features[0].test_statistic, (0.70 - 0.9) / (0.005 * std::sqrt(2.0)), 1e-9);
  EXPECT_TRUE(r.to_json(d)["null_zero_spread"].get<bool>());
  // Losing a row or a few against a zero-spread null is not strong (it was before the floor); lower = 0.8242.
  s.test_scores[0] = 0.89;
  s.test_scores[1] = 0.85;
  r = run(d, ten_samples(), context(1), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(r.features[0].cls, 1);
  EXPECT_EQ(r.features[1].cls, 1);
  // Nothing relevant: every feature 0, a warning, no score interval.
  s = standard();
  s.importance.assign(8, 0.0);
  r = run(d, ten_samples(), context(1), s, boruta_script({}));
  for (const FeatureResult& f : r.features) EXPECT_EQ(f.cls, 0);
  EXPECT_FALSE(r.score_interval.has_value());
  EXPECT_TRUE(std::any_of(r.warnings.begin(), r.warnings.end(),
                          [](const std::string& w) { return w.rfind("no_relevant_features", 0) == 0; }));
  EXPECT_TRUE(r.to_json(d)["score_interval"].is_null());
  // A empty but M not: V = M, with a warning (squamish raised).
  s = standard();
  r = run(d, ten_samples(), context(1), s, boruta_script({}));
  EXPECT_EQ(r.relevant, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(r.features[0].cls, 2);
  EXPECT_TRUE(std::any_of(r.warnings.begin(), r.warnings.end(),
                          [](const std::string& w) { return w.rfind("empty_all_relevant", 0) == 0; }));
}

TEST(SfcExact, ShadowScaleCubeRoot) {
  // Shadow importances 1 and 8 alternating: raw mean 4.5, population SD 3.5, Γ = 4.5 + 10.720160·3.5·√1.1 = 43.85;
  // on the cube-root scale 1 and 2: mean 1.5, SD 0.5, bounds 1.5 ± 10.720160·0.5·√1.1 = 7.1216995 and −4.1216995,
  // cubed 361.20266 and −70.02111. Feature 1 (importance 100) is in M only on the raw scale.
  const featrel::Dataset d = boruta_test::noise_data(100, 8);
  Script s = standard();
  s.importance = {400, 100, 0, 0, 0, 0, 0, 0};
  s.shadow_null = {1, 8, 1, 8, 1, 8, 1, 8, 1, 8};
  Options o = ten_samples();
  Result raw = run(d, o, context(2), s, boruta_script({0}));
  EXPECT_EQ(raw.shadow_interval.scale, "raw");
  EXPECT_NEAR(raw.shadow_interval.upper, 43.8518968, 1e-6);
  EXPECT_EQ(raw.minimal, (std::vector<std::size_t>{0, 1}));
  o.shadow_scale = ShadowScale::cube_root;
  Result cube = run(d, o, context(2), s, boruta_script({0}));
  EXPECT_EQ(cube.shadow_interval.scale, "cube-root");
  EXPECT_NEAR(cube.shadow_interval.mean, 1.5, 1e-12);
  EXPECT_NEAR(cube.shadow_interval.sd, 0.5, 1e-12);
  EXPECT_NEAR(cube.shadow_interval.upper, 361.2026621, 1e-6);
  EXPECT_NEAR(cube.shadow_interval.lower, -70.0211100, 1e-6);
  EXPECT_EQ(cube.minimal, (std::vector<std::size_t>{0}));
  EXPECT_EQ(cube.to_json(d)["shadow_interval"]["scale"], "cube-root");
  const std::string text = text_report(cube, d);
  EXPECT_NE(text.find("on the cube-root scale: mean 1.5000"), std::string::npos) << text;
  // Equal samples keep the raw value exactly (a cube of a cube root may miss it by an ulp).
  s.shadow_null.assign(10, 3.0);
  cube = run(d, o, context(2), s, boruta_script({0}));
  EXPECT_EQ(cube.shadow_interval.upper, 3.0);
  EXPECT_EQ(cube.shadow_interval.scale, "raw");
  // compat reference is squamish: the raw scale whatever the option says.
  o.reference = true;
  EXPECT_EQ(featrel::sfc::effective_options(o).shadow_scale, ShadowScale::raw);
  EXPECT_EQ(featrel::sfc::effective_options(o).relevant_set, RelevantSet::union_set);
  // ... and one permutation per test, where featrel's default averages five.
  EXPECT_EQ(Options{}.test_repeats, 5);
  o.test_repeats = 5;
  EXPECT_EQ(featrel::sfc::effective_options(o).test_repeats, 1);
}

TEST(SfcExact, SparseShadowNullIsSaidOutLoud) {
  // 8 of 10 shadow importances 0: Γ = 0.3 + 10.720160·0.6403124·√1.1 = 7.4992881; M = {0, 1}, feature 2 (5) stays
  // out. Boruta confirms 0 and rejects 1: under auto a sparse null may not override that rejection.
  const featrel::Dataset d = boruta_test::noise_data(100, 8);
  Script s = standard();
  s.importance = {400, 100, 5, 0, 0, 0, 0, 0};
  s.shadow_null = {0, 0, 0, 1, 0, 0, 0, 2, 0, 0};
  auto sparse_warning = [](const Result& r) {
    const auto w = std::find_if(r.warnings.begin(), r.warnings.end(),
                                [](const std::string& x) { return x.rfind("sparse_shadow_null", 0) == 0; });
    return w == r.warnings.end() ? std::string() : *w;
  };
  Options o = ten_samples();
  const Result r = run(d, o, context(2), s, boruta_script({0}));
  EXPECT_NEAR(r.shadow_interval.upper, 7.4992881, 1e-6);
  EXPECT_EQ(r.minimal, (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(r.relevant_rule, RelevantSet::unrejected);
  EXPECT_EQ(r.relevant, (std::vector<std::size_t>{0}));
  EXPECT_EQ(r.features[1].cls, 0);
  EXPECT_EQ(r.to_json(d)["relevant_rule"], "unrejected");
  std::string w = sparse_warning(r);
  EXPECT_NE(w.find("8 of 10 shadow importances are 0"), std::string::npos) << w;
  EXPECT_NE(w.find("0 feature(s) enter V only through M, 1 of M left out (--relevant-set auto"), std::string::npos)
      << w;
  // An explicit union keeps M whole and says how much rests on it.
  o.relevant_set = RelevantSet::union_set;
  const Result u = run(d, o, context(2), s, boruta_script({0}));
  EXPECT_EQ(u.relevant, (std::vector<std::size_t>{0, 1}));
  w = sparse_warning(u);
  EXPECT_NE(w.find("1 feature(s) enter V only through M, 0 of M left out"), std::string::npos) << w;
  // All zeros (200 × 20,000): the sparse case, not the degenerate one; Γ = 0 puts every split feature in M.
  s.shadow_null.assign(10, 0.0);
  o.relevant_set = RelevantSet::automatic;
  const Result zeros = run(d, o, context(2), s, boruta_script({0}));
  EXPECT_EQ(zeros.shadow_interval.upper, 0.0);
  EXPECT_EQ(zeros.minimal, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(zeros.relevant, (std::vector<std::size_t>{0}));
  EXPECT_NE(sparse_warning(zeros).find("10 of 10 shadow importances are 0"), std::string::npos);
  EXPECT_TRUE(std::none_of(zeros.warnings.begin(), zeros.warnings.end(),
                           [](const std::string& x) { return x.rfind("degenerate_shadow_null", 0) == 0; }));
  // Equal non-zero samples are the degenerate case.
  s.shadow_null.assign(10, 3.0);
  const Result equal = run(d, o, context(2), s, boruta_script({0}));
  EXPECT_EQ(sparse_warning(equal), "");
  EXPECT_TRUE(std::any_of(equal.warnings.begin(), equal.warnings.end(),
                          [](const std::string& x) { return x.rfind("degenerate_shadow_null", 0) == 0; }));
  // Half zeros or fewer: no warning, and auto is the union.
  s.shadow_null = {0, 0, 0, 1, 0, 3, 1, 2, 0, 4};
  o.relevant_set = RelevantSet::automatic;
  const Result dense = run(d, o, context(2), s, boruta_script({0}));
  EXPECT_EQ(sparse_warning(dense), "");
  EXPECT_EQ(dense.relevant_rule, RelevantSet::union_set);
}

// Features called irrelevant whose importance lies above the shadow null's uncorrected bound, the
// ⌈0.95(α + 1)⌉-th smallest shadow importance (docs/boruta.md#borderline-features): flagged, counted against
// chance, and named in a warning when chance puts so many there with probability <= 5 %.
Options borderline_options() {
  Options o = ten_samples();
  o.n_resampling = 39;  // rank ⌈0.95·40⌉ = 38: a feature at chance exceeds it with probability 2/40 = 0.05
  return o;
}

Script borderline_script(std::size_t d) {
  Script s = standard();
  s.importance.assign(d, 0.0);
  s.test_scores.assign(d, 0.99);
  s.importance[0] = s.importance[1] = s.importance[2] = 100;  // above Γ (about 84)
  s.test_scores[0] = 0.70;
  s.null_scores.clear();
  s.shadow_null.clear();
  for (int k = 0; k < 39; ++k) {
    s.null_scores.push_back(kNullScores[static_cast<std::size_t>(k) % 10]);
    s.shadow_null.push_back(static_cast<double>((k * 7) % 39 + 1));  // 1..39 in a shuffled order
  }
  return s;
}

std::string borderline_warning(const Result& x) {
  const auto w = std::find_if(x.warnings.begin(), x.warnings.end(),
                              [](const std::string& m) { return m.rfind("borderline_features:", 0) == 0; });
  return w == x.warnings.end() ? std::string() : *w;
}

TEST(SfcExact, BorderlineFeatures) {
  const featrel::Dataset d = boruta_test::noise_data(100, 8);
  Script s = borderline_script(8);
  s.importance[3] = 0.5;  // in A: weak, never flagged
  s.importance[4] = 50;   // above the bound 38, below Γ: flagged
  s.importance[5] = 38;   // at the bound: not above it
  s.importance[6] = 10;
  const Result r = run(d, borderline_options(), context(2), s, boruta_script({0, 1, 2, 3}));
  EXPECT_GT(r.shadow_interval.upper, 80.0);
  ASSERT_TRUE(r.borderline.has_value());
  EXPECT_EQ(r.borderline->value, 38.0);
  EXPECT_EQ(r.borderline->rank, 38);
  EXPECT_DOUBLE_EQ(r.borderline->chance, 0.05);
  EXPECT_EQ(r.borderline->called_irrelevant, 4);
  EXPECT_EQ(r.borderline->flagged, 1);
  // P(BetaBinomial(4, 2, 38) >= 1) (scipy.stats.betabinom): no warning.
  EXPECT_NEAR(r.borderline->p_value, 0.17940199335548201, 1e-14);
  for (std::size_t j = 4; j < 8; ++j) EXPECT_EQ(r.features[j].cls, 0) << j;
  for (std::size_t j = 0; j < 8; ++j) EXPECT_EQ(r.features[j].borderline, j == 4) << j;
  EXPECT_EQ(borderline_warning(r), "");
  const std::string text = text_report(r, d);
  EXPECT_NE(text.find("f4       irrelevant (borderline)  rejected"), std::string::npos) << text;
  EXPECT_EQ(text.find("f5       irrelevant (borderline)"), std::string::npos) << text;
  EXPECT_NE(text.find("borderline (called irrelevant, importance above the shadow null's uncorrected bound 38.0000, "
                      "rank 38 of 39 from the smallest, which a feature at chance exceeds with probability 0.05): f4; "
                      "1 of 4, by chance about 0.2 (p = 0.18)\n"),
            std::string::npos)
      << text;
  Json j = r.to_json(d);
  EXPECT_EQ(j["borderline"]["value"], 38.0);
  EXPECT_EQ(j["borderline"]["flagged"], 1);
  EXPECT_EQ(j["features"][4]["borderline"], true);
  EXPECT_EQ(j["features"][5]["borderline"], false);
  // Two of four: P(BetaBinomial(4, 2, 38) >= 2) = 0.0192853, below 5 %: the warning names them, largest first.
  s.importance[6] = 60;
  const Result two = run(d, borderline_options(), context(2), s, boruta_script({0, 1, 2, 3}));
  EXPECT_NEAR(two.borderline->p_value, 0.01928530913216142, 1e-14);
  const std::string w = borderline_warning(two);
  EXPECT_NE(w.find("borderline_features: 2 of the 4 features called irrelevant (f6 60, f4 50) have an importance "
                   "above the shadow null's uncorrected bound 38 (rank 38 of its 39 values from the smallest; Γ = "),
            std::string::npos)
      << w;
  EXPECT_NE(w.find("exceeds with probability 0.05; so many by chance has probability 0.019,"), std::string::npos) << w;
  EXPECT_NE(w.find("with 100 rows"), std::string::npos) << w;
  // A feature above Γ that Boruta rejected and --relevant-set boruta keeps out of V is flagged too.
  s.importance[6] = 10;
  s.importance[5] = 90;
  Options o = borderline_options();
  o.relevant_set = RelevantSet::boruta;
  const Result kept_out = run(d, o, context(2), s, boruta_script({0, 1, 2, 3}));
  EXPECT_TRUE(kept_out.features[5].in_minimal);
  EXPECT_EQ(kept_out.features[5].cls, 0);
  EXPECT_TRUE(kept_out.features[5].borderline);
  // The bound does not depend on the scale Γ is computed on.
  o = borderline_options();
  o.shadow_scale = ShadowScale::cube_root;
  EXPECT_EQ(run(d, o, context(2), s, boruta_script({0, 1, 2, 3})).borderline->value, 38.0);
  // Γ's own tail at 5 % or looser leaves no band: no bound, no flag, no warning.
  o = borderline_options();
  o.fpr = 0.05;
  const Result loose = run(d, o, context(2), s, boruta_script({0, 1, 2, 3}));
  EXPECT_FALSE(loose.borderline.has_value());
  EXPECT_TRUE(std::none_of(loose.features.begin(), loose.features.end(),
                           [](const FeatureResult& f) { return f.borderline; }));
  EXPECT_EQ(borderline_warning(loose), "");
  EXPECT_EQ(loose.to_json(d)["borderline"], Json(nullptr));
  EXPECT_EQ(text_report(loose, d).find("borderline ("), std::string::npos);
  // Fewer than 19 samples give no rank below the largest; a constant or sparse null has no tail.
  EXPECT_FALSE(run(d, ten_samples(), context(2), standard(), boruta_script({0, 1, 2, 3})).borderline.has_value());
  Script flat = s;
  flat.shadow_null.assign(39, 3.0);
  EXPECT_FALSE(run(d, borderline_options(), context(2), flat, boruta_script({0, 1, 2, 3})).borderline.has_value());
  flat.shadow_null.assign(39, 0.0);
  flat.shadow_null[0] = 1.0;
  EXPECT_FALSE(run(d, borderline_options(), context(2), flat, boruta_script({0, 1, 2, 3})).borderline.has_value());
}

// The count is judged against the number of features called irrelevant: 3 of 21 is what chance may give (p 0.12),
// 4 is not (p 0.047).
TEST(SfcExact, BorderlineWarningOnlyBeyondChance) {
  const featrel::Dataset d = boruta_test::noise_data(100, 24);
  Script s = borderline_script(24);
  for (std::size_t j : {10, 11, 12}) s.importance[j] = 50;
  const Result three = run(d, borderline_options(), context(2), s, boruta_script({0, 1, 2}));
  EXPECT_EQ(three.borderline->called_irrelevant, 21);
  EXPECT_EQ(three.borderline->flagged, 3);
  EXPECT_NEAR(three.borderline->p_value, featrel::stats::beta_binomial_upper_tail(3, 21, 2, 38), 1e-15);
  EXPECT_NEAR(three.borderline->p_value, 0.1186, 1e-4);  // scipy.stats.betabinom(21, 2, 38).sf(2)
  EXPECT_GT(three.borderline->p_value, 0.05);
  EXPECT_EQ(borderline_warning(three), "");
  s.importance[13] = 50;
  const Result four = run(d, borderline_options(), context(2), s, boruta_script({0, 1, 2}));
  EXPECT_LE(four.borderline->p_value, 0.05);
  EXPECT_NE(borderline_warning(four).find("4 of the 21 features called irrelevant"), std::string::npos);
}

TEST(SfcExact, ReferenceMode) {
  const featrel::Dataset d = boruta_test::noise_data(100, 8);
  std::vector<FitQuery> log;
  std::mutex m;
  Script s = standard();
  s.log = &log;
  s.mutex = &m;
  s.test_scores[1] = 1.05;
  Options o = ten_samples();
  o.reference = true;
  Result r = run(d, o, context(3), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(r.options.null_matrix, NullMatrix::all);
  EXPECT_EQ(r.options.sided, featrel::stats::Sides::two);
  EXPECT_EQ(r.options.boruta_max_iter, 99);
  EXPECT_EQ(r.boruta.options.first_test_iter, 1);
  EXPECT_EQ(r.score_interval->matrix, "all");
  EXPECT_EQ(r.null_scores, kNullScores);  // the shadow-null fits' scores
  EXPECT_EQ(std::count_if(log.begin(), log.end(), [](const FitQuery& q) { return q.kind == FitKind::score_null; }), 0);
  EXPECT_EQ(r.features[1].cls, 2);  // two-sided
  EXPECT_EQ(r.to_json(d)["compat"], "reference");
  // |V| = 1: S = M without a test.
  log.clear();
  s.importance = {100, 0, 0, 0, 0, 0, 0, 0};
  s.test_scores[0] = 0.99;
  r = run(d, o, context(3), s, boruta_script({0}));
  EXPECT_EQ(r.features[0].cls, 2);
  EXPECT_FALSE(r.features[0].tested);
  EXPECT_EQ(std::count_if(log.begin(), log.end(), [](const FitQuery& q) { return q.kind == FitKind::test; }), 0);
  // The default has no shortcut: the same test score makes it weak.
  o.reference = false;
  r = run(d, o, context(3), s, boruta_script({0}));
  EXPECT_EQ(r.features[0].cls, 1);
}

// Step 8 (docs/boruta.md#exact-cases): columns 4 and 5 are near-copies of columns 0 and 1, outside V = {0, 1, 2, 3}.
// Each is tested in place of its partner: destroying column 4 in {1, 2, 3, 4} costs as much as feature 0's own
// test (0.70, below the interval), so it is weak; column 5's test leaves its design's score where it was.
featrel::Dataset data_with_copies() {
  featrel::Dataset d = boruta_test::noise_data(100, 8);
  featrel::rng::Rng r(5);
  for (Eigen::Index i = 0; i < d.X.rows(); ++i) {
    d.X(i, 4) = d.X(i, 0) + 0.05 * r.normal();
    d.X(i, 5) = -2.0 * d.X(i, 1) + 0.05 * r.normal();  // |r| counts: a negative copy is a partner too
  }
  return d;
}

// The standard script, logging its queries, with partner test scores 0.70 for column 4 and 0.91 for column 5.
Script partner_script(std::vector<FitQuery>& log, std::mutex& m) {
  Script s = standard();
  s.log = &log;
  s.mutex = &m;
  s.partner_scores = {0, 0, 0, 0, 0.70, 0.91, 0, 0};
  return s;
}

// Step 8's and 8b's queries from a log, ordered by feature, each test before its baseline.
std::vector<FitQuery> step8_queries(const std::vector<FitQuery>& log) {
  std::vector<FitQuery> out;
  for (const FitQuery& q : log)
    if (q.kind == FitKind::partner_test || q.kind == FitKind::partner_baseline) out.push_back(q);
  std::sort(out.begin(), out.end(), [](const FitQuery& a, const FitQuery& b) {
    return std::tie(a.sample, a.kind) < std::tie(b.sample, b.kind);
  });
  return out;
}

TEST(SfcExact, PartnerStep) {
  const featrel::Dataset d = data_with_copies();
  std::vector<FitQuery> log;
  std::mutex m;
  Script s = partner_script(log, m);
  Options o = ten_samples();
  o.partner_correlation = 0.9;
  o.copy_correlation = 0.0;  // step 8 alone; SfcExact.CopyStep adds step 8c on these data
  const std::uint64_t seed = 21;
  const Result r = run(d, o, context(seed, 2), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(classes_of(r), (std::vector<int>{2, 1, 1, 1, 1, 0, 0, 0}));
  EXPECT_EQ(r.relevant, (std::vector<std::size_t>{0, 1, 2, 3}));  // V itself is unchanged
  EXPECT_EQ(r.partner_candidates, (std::vector<std::size_t>{4, 5}));
  EXPECT_EQ(r.partners_added, (std::vector<std::size_t>{4}));
  EXPECT_EQ(r.weak, (std::vector<std::size_t>{1, 2, 3, 4}));
  ASSERT_TRUE(r.features[4].partner_test && r.features[5].partner_test);
  const PartnerTest& p4 = *r.features[4].partner_test;
  EXPECT_EQ(p4.partners, (std::vector<std::size_t>{0}));
  EXPECT_GT(p4.correlation, 0.99);
  EXPECT_TRUE(p4.relevant);
  EXPECT_EQ(p4.score, 0.70);
  EXPECT_EQ(p4.baseline_score, 0.91);
  // The strong test's statistic: centred on the null's mean by the pairing, scaled as in step 7.
  const double scale = kNullSd * std::sqrt(2.0);
  EXPECT_NEAR(*p4.statistic, (0.70 - 0.91) / scale, 1e-9);
  // test_alpha is shared by the 3 strong tests and the 2 partner tests: each tail is 3e-6 / 5.
  EXPECT_EQ(r.score_interval->tests, 5);
  EXPECT_DOUBLE_EQ(r.score_interval->tail, 3e-6 / 5);
  const boost::math::students_t t9(9.0);
  EXPECT_NEAR(r.score_interval->lower, 0.91 - boost::math::quantile(t9, 1.0 - 6e-7) * scale, 1e-12);
  EXPECT_EQ(r.features[5].partner_test->partners, (std::vector<std::size_t>{1}));
  EXPECT_FALSE(r.features[5].partner_test->relevant);
  EXPECT_FALSE(r.features[6].partner_test.has_value());
  EXPECT_FALSE(r.features[4].tested);  // the strong test is for M only
  // Column 5 nearly copies column 1 (|r| > 0.99) but its test showed nothing: said out loud.
  const auto copies = std::find_if(r.warnings.begin(), r.warnings.end(), [](const std::string& w) {
    return w.rfind("partner_copies_irrelevant: 1 feature(s) (f5)", 0) == 0;
  });
  EXPECT_NE(copies, r.warnings.end());
  // The queries: the candidate permuted in its design (V without its partners, it in their place), with the
  // test's forest seed and permutation stream, and one unperturbed baseline of that design.
  const std::vector<FitQuery> partner = step8_queries(log);
  ASSERT_EQ(partner.size(), 4u);
  EXPECT_EQ(partner[0].kind, FitKind::partner_test);
  EXPECT_EQ(partner[0].columns, (std::vector<std::size_t>{1, 2, 3, 4}));
  EXPECT_EQ(partner[0].permuted, std::optional<std::size_t>(3));
  featrel::rng::Rng pr(featrel::rng::derive(seed, 7, 4));
  EXPECT_EQ(partner[0].permutation, pr.permutation(100));
  EXPECT_EQ(partner[0].fit_seed, featrel::rng::derive(seed, 9));
  EXPECT_EQ(partner[1].kind, FitKind::partner_baseline);
  EXPECT_EQ(partner[1].columns, (std::vector<std::size_t>{1, 2, 3, 4}));
  EXPECT_FALSE(partner[1].permuted.has_value());
  EXPECT_EQ(partner[2].columns, (std::vector<std::size_t>{0, 2, 3, 5}));
  EXPECT_EQ(partner[2].permuted, std::optional<std::size_t>(3));
  EXPECT_EQ(r.n_fits, static_cast<std::size_t>(r.boruta.n_iterations) + 1 + 10 + 10 + 3 + 1 + 4);
  // The document: the candidates' tests, the lists, the phase's seconds.
  const Json j = r.to_json(d);
  EXPECT_EQ(j["partner_candidates"], Json::array({4, 5}));
  EXPECT_EQ(j["partners_added"], Json::array({4}));
  EXPECT_EQ(j["features"][4]["partner_test"]["partners"], Json::array({0}));
  EXPECT_EQ(j["features"][4]["partner_test"]["relevant"], true);
  EXPECT_EQ(j["features"][4]["relevance"], "weak");
  EXPECT_FALSE(j["features"][6].contains("partner_test"));

  // A candidate needs |r| at or above the threshold: none at 0.9999, and no step at 0 or under compat reference.
  for (double tau : {0.9999, 0.0}) {
    o.partner_correlation = tau;
    log.clear();
    const Result off = run(d, o, context(seed), s, boruta_script({0, 1, 2, 3}));
    EXPECT_TRUE(off.partner_candidates.empty());
    EXPECT_EQ(off.features[4].cls, 0);
    EXPECT_EQ(std::count_if(log.begin(), log.end(),
                            [](const FitQuery& q) { return q.kind == FitKind::partner_test; }), 0);
  }
  o.partner_correlation = 0.9;
  o.reference = true;
  log.clear();
  const Result ref = run(d, o, context(seed), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(ref.options.partner_correlation, 0.0);
  EXPECT_TRUE(ref.partner_candidates.empty());
}

// With --perturbation remove the candidate is removed from its design, as a tested feature is from V; under fresh
// seeds each repeat has its own forest seed and its own baseline.
// Step 7's family (docs/boruta.md#exact-cases): the 3 strong tests and the 2 partner tests of data_with_copies share
// test_alpha 0.05. Scores scripted for p-values 1e-6, 0.012, 0.02 (features 0, 1, 2) and 0.015, 0.3 (partners 4,
// 5): Bonferroni (0.01 each) calls feature 0 alone; Holm's step-down compares them in turn with 0.05/5, /4, /3,
// /2, /1, so features 1 and 2 are strong and column 4 weak too, with adjusted p-values 5e-6, 0.048 (the running
// maximum of 4·0.012, 3·0.015, 2·0.02) and 0.3.
TEST(SfcExact, HolmStepDownOverTheRunsTests) {
  const featrel::Dataset d = data_with_copies();
  const double scale = kNullSd * std::sqrt(2.0);
  const boost::math::students_t t9(9.0);
  auto score_at = [&](double p) { return 0.91 + boost::math::quantile(t9, p) * scale; };
  Script s = standard();
  s.test_scores = {score_at(1e-6), score_at(0.012), score_at(0.02), 0.99, 0.99, 0.99, 0.99, 0.99};
  s.partner_scores = {0, 0, 0, 0, score_at(0.015), score_at(0.3), 0, 0};
  Options o = ten_samples();
  o.test_alpha = 0.05;
  o.partner_correlation = 0.9;
  o.copy_correlation = 0.0;  // the tests' family alone (step 8c would make column 5 weak as a copy of feature 1)
  const Result holm = run(d, o, context(4), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(classes_of(holm), (std::vector<int>{2, 2, 2, 1, 1, 0, 0, 0}));
  EXPECT_EQ(holm.partners_added, (std::vector<std::size_t>{4}));
  EXPECT_EQ(holm.score_interval->tests, 5);
  EXPECT_NEAR(*holm.features[0].test_p_adjusted, 5e-6, 1e-12);
  EXPECT_NEAR(*holm.features[1].test_p_adjusted, 0.048, 1e-12);
  EXPECT_NEAR(*holm.features[2].test_p_adjusted, 0.048, 1e-12);
  EXPECT_NEAR(*holm.features[4].partner_test->p_adjusted, 0.048, 1e-12);
  EXPECT_NEAR(*holm.features[5].partner_test->p_adjusted, 0.3, 1e-12);
  EXPECT_FALSE(holm.features[3].test_p_adjusted.has_value());  // A \ M: not tested
  // Feature 1's centred score lies inside the interval (the first step's bound): only the later step calls it.
  EXPECT_GT(*holm.features[1].test_score, holm.score_interval->lower);
  EXPECT_EQ(holm.to_json(d)["features"][4]["partner_test"]["p_adjusted"].get<double>(),
            *holm.features[4].partner_test->p_adjusted);

  o.test_correction = featrel::stats::Correction::bonferroni;
  const Result bonf = run(d, o, context(4), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(classes_of(bonf), (std::vector<int>{2, 1, 1, 1, 0, 0, 0, 0}));
  EXPECT_TRUE(bonf.partners_added.empty());
  EXPECT_NEAR(*bonf.features[1].test_p_adjusted, 0.06, 1e-12);
  EXPECT_NEAR(*bonf.features[4].partner_test->p_adjusted, 0.075, 1e-12);
  EXPECT_EQ(bonf.features[5].partner_test->p_adjusted, 1.0);
  // The p-values themselves do not depend on the correction.
  for (std::size_t j : {0, 1, 2}) EXPECT_EQ(*bonf.features[j].test_p_value, *holm.features[j].test_p_value);

  // Two-sided, a candidate whose score rose far above its design's baseline has a tiny p-value, but a rise is no
  // evidence that it carries information: it stays irrelevant.
  s.partner_scores[5] = 0.91 + 8.0 * scale;
  o.test_correction = featrel::stats::Correction::holm;
  o.sided = featrel::stats::Sides::two;
  const Result two = run(d, o, context(4), s, boruta_script({0, 1, 2, 3}));
  EXPECT_LT(*two.features[5].partner_test->p_adjusted, 0.01);
  EXPECT_FALSE(two.features[5].partner_test->relevant);
  EXPECT_EQ(two.features[5].cls, 0);
  EXPECT_EQ(two.features[0].cls, 2);
}

TEST(SfcExact, PartnerStepRemoveAndFreshSeeds) {
  const featrel::Dataset d = data_with_copies();
  std::vector<FitQuery> log;
  std::mutex m;
  Script s = partner_script(log, m);
  Options o = ten_samples();
  o.partner_correlation = 0.9;
  o.copy_correlation = 0.0;  // the partner tests run (under step 8c the near copies are not tested)
  o.perturbation = Perturbation::remove;
  o.null_seeds = NullSeeds::fresh;
  o.test_repeats = 2;
  const std::uint64_t seed = 8;
  const Result r = run(d, o, context(seed), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(r.partners_added, (std::vector<std::size_t>{4}));
  std::vector<FitQuery> tests, baselines;
  for (const FitQuery& q : log) {
    if (q.kind == FitKind::partner_test && q.sample == 4) tests.push_back(q);
    if (q.kind == FitKind::partner_baseline && q.sample == 4) baselines.push_back(q);
  }
  ASSERT_EQ(tests.size(), 2u);
  ASSERT_EQ(baselines.size(), 2u);
  for (const FitQuery& q : tests) {
    EXPECT_EQ(q.columns, (std::vector<std::size_t>{1, 2, 3}));
    EXPECT_FALSE(q.permuted.has_value());
    EXPECT_EQ(q.fit_seed, featrel::rng::derive(seed, 9, 4, q.repeat));
  }
  for (const FitQuery& q : baselines) EXPECT_EQ(q.columns, (std::vector<std::size_t>{1, 2, 3, 4}));
}

// Step 8b (docs/boruta.md#exact-cases): columns 4 and 5 are near-copies of each other and of no member of
// V = {0, 1, 2, 3}, so neither is a partner candidate; each is tested added to V. Destroying column 4 in
// {0, 1, 2, 3, 4} costs as much as feature 0's own test (0.70), so it is weak; column 5's test changes nothing.
featrel::Dataset data_with_cluster() {
  featrel::Dataset d = boruta_test::noise_data(100, 8);
  featrel::rng::Rng r(6);
  for (Eigen::Index i = 0; i < d.X.rows(); ++i) d.X(i, 5) = d.X(i, 4) + 0.05 * r.normal();
  return d;
}

TEST(SfcExact, ClusterStep) {
  const featrel::Dataset d = data_with_cluster();
  std::vector<FitQuery> log;
  std::mutex m;
  Script s = partner_script(log, m);
  Options o = ten_samples();
  o.partner_correlation = 0.9;
  o.copy_correlation = 0.0;  // step 8b alone; SfcExact.CopyStep adds step 8c on these data
  const std::uint64_t seed = 21;
  const Result r = run(d, o, context(seed, 2), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(classes_of(r), (std::vector<int>{2, 1, 1, 1, 1, 0, 0, 0}));
  EXPECT_TRUE(r.partner_candidates.empty());
  EXPECT_EQ(r.cluster_candidates, (std::vector<std::size_t>{4, 5}));
  EXPECT_EQ(r.clusters_added, (std::vector<std::size_t>{4}));
  EXPECT_EQ(r.cluster_pool, 4u);  // the features outside V
  EXPECT_EQ(r.cluster_qualified, 2u);
  const PartnerTest& p4 = *r.features[4].partner_test;
  EXPECT_TRUE(p4.partners.empty());
  EXPECT_EQ(p4.peers, (std::vector<std::size_t>{5}));
  EXPECT_GT(p4.correlation, 0.99);
  EXPECT_TRUE(p4.relevant);
  EXPECT_FALSE(r.features[5].partner_test->relevant);
  // The cluster tests share test_alpha with the 3 strong tests.
  EXPECT_EQ(r.score_interval->tests, 5);
  // No partner_copies_irrelevant for column 5: it copies no relevant feature.
  for (const std::string& w : r.warnings) EXPECT_EQ(w.rfind("partner_copies_irrelevant", 0), std::string::npos);
  const std::vector<FitQuery> cluster = step8_queries(log);
  ASSERT_EQ(cluster.size(), 4u);
  EXPECT_EQ(cluster[0].columns, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(cluster[0].permuted, std::optional<std::size_t>(4));
  EXPECT_EQ(cluster[1].kind, FitKind::partner_baseline);
  EXPECT_EQ(cluster[1].columns, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(cluster[2].columns, (std::vector<std::size_t>{0, 1, 2, 3, 5}));
  const Json j = r.to_json(d);
  EXPECT_EQ(j["cluster_candidates"], Json::array({4, 5}));
  EXPECT_EQ(j["clusters_added"], Json::array({4}));
  EXPECT_EQ(j["features"][4]["partner_test"]["peers"], Json::array({5}));
  EXPECT_EQ(j["features"][4]["relevance"], "weak");

  // At most cluster_tests candidates, the one with the larger Boruta importance first (column 5, below the
  // shadows, above column 4); said out loud.
  o.cluster_tests = 1;
  const featrel::boruta::ImportanceProvider five_first = [](const featrel::boruta::FitQuery& q) {
    std::vector<double> imp;
    for (std::size_t j : q.active) imp.push_back(j < 4 ? 10.0 : j == 5 ? 0.5 : 0.0);
    imp.resize(q.active.size() + q.shadow_sources.size(), 1.0);
    return imp;
  };
  const Result capped = run(d, o, context(seed), s, five_first);
  EXPECT_EQ(capped.relevant, (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_EQ(capped.cluster_qualified, 2u);
  EXPECT_EQ(capped.cluster_candidates, (std::vector<std::size_t>{5}));
  EXPECT_EQ(capped.score_interval->tests, 4);
  EXPECT_TRUE(std::any_of(capped.warnings.begin(), capped.warnings.end(), [](const std::string& w) {
    return w.rfind("cluster_tests_capped: 2 features", 0) == 0;
  }));
  // Off: cluster_tests 0, partner_correlation 0, compat reference.
  for (int variant = 0; variant < 3; ++variant) {
    Options off = ten_samples();
    off.partner_correlation = 0.9;
    if (variant == 0) off.cluster_tests = 0;
    if (variant == 1) off.partner_correlation = 0.0;
    if (variant == 2) off.reference = true;
    const Result none = run(d, off, context(seed), s, boruta_script({0, 1, 2, 3}));
    EXPECT_TRUE(none.cluster_candidates.empty()) << variant;
    EXPECT_EQ(none.features[4].cls, 0) << variant;
  }
}

// |r| of columns a and b, as step 8c measures it.
double abs_r(const featrel::Dataset& d, std::size_t a, std::size_t b) {
  return std::abs(featrel::stats::pearson_complete(d.X.col(static_cast<Eigen::Index>(a)).data(),
                                                   d.X.col(static_cast<Eigen::Index>(b)).data(), d.n_samples()));
}

// Step 8c (docs/boruta.md#exact-cases): on data_with_copies, columns 4 (≈ x₀, |r| = 0.9988) and 5 (≈ −2·x₁,
// |r| = 0.9997) nearly copy members of V: they are weak as copies and not tested (column 5's partner test, scripted
// to show nothing, is never run). Feature 0, strong, has a near copy among the relevant features (column 4), so it
// becomes weak. On data_with_cluster, column 5
// copies column 4, which step 8b found, and a copy of a copy joins as well (columns 5 and 6 redrawn with noise SD 0.1:
// |r| 0.995 to the previous one, 0.990 from column 6 to column 4, threshold 0.993).
TEST(SfcExact, CopyStep) {
  const featrel::Dataset d = data_with_copies();
  std::vector<FitQuery> log;
  std::mutex m;
  Script s = partner_script(log, m);
  Options o = ten_samples();
  o.partner_correlation = 0.9;
  EXPECT_EQ(o.copy_correlation, 0.99);  // the default
  const Result r = run(d, o, context(21, 2), s, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(classes_of(r), (std::vector<int>{1, 1, 1, 1, 1, 1, 0, 0}));
  // Both partner candidates nearly copy a member of V: weak as copies, so not tested (no share of test_alpha).
  EXPECT_TRUE(r.partner_candidates.empty());
  EXPECT_EQ(r.partners_as_copies, 2u);
  EXPECT_EQ(r.score_interval->tests, 3);
  EXPECT_TRUE(step8_queries(log).empty());
  EXPECT_EQ(r.copies_added, (std::vector<std::size_t>{4, 5}));
  EXPECT_EQ(r.copies_demoted, (std::vector<std::size_t>{0}));
  EXPECT_TRUE(r.strong.empty());
  ASSERT_TRUE(r.features[4].near_copy && r.features[5].near_copy && r.features[0].near_copy);
  EXPECT_EQ(r.features[4].near_copy->of, 0u);
  EXPECT_EQ(r.features[5].near_copy->of, 1u);
  EXPECT_EQ(r.features[5].near_copy->correlation, abs_r(d, 5, 1));
  EXPECT_EQ(r.features[0].near_copy->of, 4u);
  EXPECT_EQ(r.features[0].near_copy->correlation, abs_r(d, 0, 4));
  EXPECT_FALSE(r.features[4].partner_test.has_value());
  for (const std::string& w : r.warnings) EXPECT_EQ(w.rfind("partner_copies_irrelevant", 0), std::string::npos);
  const Json j = r.to_json(d);
  EXPECT_EQ(j["copies_added"], Json::array({4, 5}));
  EXPECT_EQ(j["copies_demoted"], Json::array({0}));
  EXPECT_EQ(j["partners_as_copies"], 2);
  EXPECT_EQ(j["features"][5]["near_copy"]["of"], 1);
  EXPECT_EQ(j["features"][5]["relevance"], "weak");
  EXPECT_FALSE(j["features"][6].contains("near_copy"));
  const std::string text = text_report(r, d);
  for (const char* line :
       {"partners (features outside the relevant set with |r| >= 0.9 to a member, tested in its place): 0 tested, 0 "
        "weak (2 more nearly copy a member: not tested, weak as copies)\n",
        "near copies (|r| >= 0.99 to a relevant feature, weak as its copy): 2 weak: f4 of f0, f5 of f1; strong made "
        "weak by a copy: f0 of f4\n"})
    EXPECT_NE(text.find(line), std::string::npos) << text;

  // Off: a threshold above both pairs' |r|, 0, or compat reference; column 5 is then named in the warning.
  for (int variant = 0; variant < 3; ++variant) {
    Options off = o;
    if (variant == 0) off.copy_correlation = 0.9999;
    if (variant == 1) off.copy_correlation = 0.0;
    if (variant == 2) off.reference = true;
    const Result none = run(d, off, context(21), s, boruta_script({0, 1, 2, 3}));
    EXPECT_TRUE(none.copies_added.empty() && none.copies_demoted.empty()) << variant;
    if (variant == 2) {
      EXPECT_EQ(none.options.copy_correlation, 0.0);
      continue;
    }
    EXPECT_EQ(classes_of(none), (std::vector<int>{2, 1, 1, 1, 1, 0, 0, 0})) << variant;
    EXPECT_TRUE(std::any_of(none.warnings.begin(), none.warnings.end(), [](const std::string& w) {
      return w.rfind("partner_copies_irrelevant: 1 feature(s) (f5)", 0) == 0;
    })) << variant;
  }

  // Copies of a cluster member, and a copy of a copy.
  featrel::Dataset c = data_with_cluster();
  featrel::rng::Rng g(7);
  for (Eigen::Index i = 0; i < c.X.rows(); ++i) {
    c.X(i, 5) = c.X(i, 4) + 0.1 * g.normal();
    c.X(i, 6) = c.X(i, 5) + 0.1 * g.normal();
  }
  Options chain = o;
  chain.copy_correlation = 0.993;
  ASSERT_GE(abs_r(c, 5, 4), 0.993);
  ASSERT_GE(abs_r(c, 6, 5), 0.993);
  ASSERT_LT(abs_r(c, 6, 4), 0.993);
  Script cs = partner_script(log, m);
  cs.partner_scores[6] = 0.91;  // column 6's cluster test shows nothing either
  const Result rc = run(c, chain, context(21, 2), cs, boruta_script({0, 1, 2, 3}));
  // One test per group of near copies: column 5 copies column 4 (equal Boruta importance, column order first) and is
  // not tested; column 6 copies no tested feature and is.
  EXPECT_EQ(rc.cluster_candidates, (std::vector<std::size_t>{4, 6}));
  EXPECT_EQ(rc.cluster_qualified, 3u);
  EXPECT_EQ(rc.cluster_represented, 1u);
  EXPECT_EQ(rc.clusters_added, (std::vector<std::size_t>{4}));
  EXPECT_EQ(rc.copies_added, (std::vector<std::size_t>{5, 6}));
  EXPECT_EQ(rc.features[5].near_copy->of, 4u);
  EXPECT_EQ(rc.features[6].near_copy->of, 5u);
  EXPECT_EQ(classes_of(rc), (std::vector<int>{2, 1, 1, 1, 1, 1, 1, 0}));
  // The cap counts representatives: two to test, one allowed (column 4, first in column order among equals).
  chain.cluster_tests = 1;
  const Result capped = run(c, chain, context(21), cs, boruta_script({0, 1, 2, 3}));
  EXPECT_EQ(capped.cluster_candidates, (std::vector<std::size_t>{4}));
  EXPECT_TRUE(std::any_of(capped.warnings.begin(), capped.warnings.end(), [](const std::string& w) {
    return w.rfind("cluster_tests_capped: 2 features outside the relevant set correlate with another (|r| >= 0.9), "
                   "one per group of near copies; the 1 with",
                   0) == 0;
  }));
}

std::vector<std::string> keys(const Json& j) {
  std::vector<std::string> k;
  for (auto it = j.begin(); it != j.end(); ++it) k.push_back(it.key());
  return k;
}

TEST(SfcExact, Document) {
  const featrel::Dataset d = boruta_test::noise_data(100, 8);
  const Json j = run(d, ten_samples(), context(9), standard(), boruta_script({0, 1, 2, 3})).to_json(d);
  EXPECT_EQ(keys(j), (std::vector<std::string>{"method", "featrel_version", "task", "classes", "positive_class",
                                                "n_samples", "n_features", "feature_names", "seed", "compat",
                                                "options", "features", "selected", "selected_names", "diagnostics",
                                                "strong", "weak", "irrelevant", "all_relevant", "minimal",
                                                "relevant", "relevant_rule", "test_min_leaf",
                                                "importance_model_from_shape", "partner_candidates", "partners_added",
                                                "cluster_candidates", "clusters_added", "cluster_pool",
                                                "cluster_qualified", "partners_as_copies", "cluster_represented",
                                                "copies_added",
                                                "copies_demoted", "model_score", "score_interval",
                                                "baseline_score", "null_excludes_model", "null_zero_spread",
                                                "null_spread_floored", "chance_check", "shadow_interval",
                                                "borderline", "null_scores", "null_shadow_importances", "null_features",
                                                "null_score_features", "boruta", "n_fits", "engine"}));
  EXPECT_EQ(j["method"], "sfc");
  EXPECT_EQ(keys(j["features"][0]),
            (std::vector<std::string>{"index", "name", "selected", "constant", "class", "relevance",
                                      "boruta_decision", "in_all_relevant", "in_minimal", "importance", "borderline",
                                      "tested", "test_score", "test_statistic", "test_p_value", "test_p_adjusted",
                                      "baseline_score"}));
  EXPECT_EQ(j["features"][0]["relevance"], "strong");
  EXPECT_EQ(j["features"][3]["relevance"], "weak");
  EXPECT_EQ(j["features"][5]["relevance"], "irrelevant");
  EXPECT_EQ(keys(j["score_interval"]), (std::vector<std::string>{"mean", "sd", "sd_floor", "sd_used", "lower",
                                                                  "upper", "t_quantile", "tail", "paired", "tests",
                                                                  "n_samples", "scale", "matrix", "sides"}));
  EXPECT_EQ(j["score_interval"]["paired"], true);
  EXPECT_EQ(j["score_interval"]["tests"], 3);
  EXPECT_EQ(j["shadow_interval"]["paired"], false);
  EXPECT_EQ(j["shadow_interval"]["tail"], 1e-6);  // fpr
  EXPECT_EQ(keys(j["diagnostics"]["seconds"]),
            (std::vector<std::string>{"boruta", "importance", "null", "tests", "partners", "total"}));
  EXPECT_EQ(j["boruta"]["method"], "boruta");
  EXPECT_EQ(j["engine"], "scripted");
  EXPECT_EQ(j["selected"], Json::array({0, 1, 2, 3}));
  EXPECT_EQ(keys(j["options"]).front(), "n_resampling");
}

}  // namespace
