// Screening (docs/fri.md#screening, Options::screen): on data wider than tall, for every task, the screened run
// gives the full run's classes, selection and probes; every feature it solved has the full run's interval to the
// last bit; every screened feature's reported upper and signed range bound the full run's, and a screened feature
// the baseline uses has 0 in its exact signed range; most features are
// screened and fewer bound LPs are solved; the result is the same for 1 and 2 threads; the options that need
// every exact interval are refused; the JSON and the text say what was screened.
#include <gtest/gtest.h>

#include <string>

#include "featrel/error.hpp"
#include "featrel/fri_chart.hpp"
#include "featrel/report.hpp"
#include "fri_test_data.hpp"
#include "methods/fri/fri_internal.hpp"

namespace {

using featrel::fri::FeatureResult;
using featrel::fri::Options;
using featrel::fri::Result;

featrel::gen::RelevanceOptions wide(const std::string& task) { return fri_test::wide(task, 100, 200); }

// The full run solves both LPs of every feature (signed_range exact), so that every signed range is exact.
Options options(bool screen) {
  Options o;
  o.n_probes = 20;
  o.screen = screen;
  if (!screen) o.signed_range = featrel::fri::SignedRangeRule::exact;
  return o;
}

class FriScreening : public ::testing::TestWithParam<std::string> {};

TEST_P(FriScreening, SameClassesAndCertifiedBounds) {
  for (std::uint64_t seed : {1u, 2u}) {
    const featrel::Dataset d = fri_test::generated(wide(GetParam()), seed);
    const Result full = featrel::fri::run(d, options(false), fri_test::context(seed));
    const Result fast = featrel::fri::run(d, options(true), fri_test::context(seed));
    ASSERT_EQ(full.features.size(), fast.features.size());
    EXPECT_EQ(fri_test::classes_string(fast.features), fri_test::classes_string(full.features)) << "seed " << seed;
    int screened = 0, relevant = 0, used_screened = 0;
    for (std::size_t j = 0; j < full.features.size(); ++j) {
      const FeatureResult& a = full.features[j];
      const FeatureResult& b = fast.features[j];
      EXPECT_FALSE(a.screened);
      if (!b.screened) {
        // Solved in both runs from the same basis: the same LPs, so the same numbers.
        EXPECT_EQ(b.lower, a.lower) << j;
        EXPECT_EQ(b.upper, a.upper) << j;
        EXPECT_EQ(b.signed_min, a.signed_min) << j;
        EXPECT_EQ(b.signed_max, a.signed_max) << j;
        continue;
      }
      ++screened;
      EXPECT_EQ(b.cls, 0) << j;
      // A feature the baseline uses is screened only once a point of the class crossing 0 was seen: its exact
      // signed range holds 0.
      if (a.baseline_weight != 0.0) {
        ++used_screened;
        EXPECT_LE(a.signed_min, 0.0) << j;
        EXPECT_GE(a.signed_max, 0.0) << j;
      }
      EXPECT_EQ(b.lower, 0.0) << j;
      EXPECT_EQ(a.lower, 0.0) << j;
      // Certified: the exact values lie inside what the screened run reports (1e-12: the bound LP's rounding).
      EXPECT_GE(b.upper, a.upper - 1e-12) << j;
      EXPECT_GE(b.signed_max, a.signed_max - 1e-12) << j;
      EXPECT_LE(b.signed_min, a.signed_min + 1e-12) << j;
      EXPECT_LE(b.upper, std::max(fast.models[0].probes.threshold_upper, Options{}.min_relevance)) << j;
    }
    for (const FeatureResult& a : full.features) relevant += a.cls > 0;
    EXPECT_GT(relevant, 0) << "seed " << seed;
    // Wide data: most irrelevant features are certified, and their LPs are not solved.
    EXPECT_GT(screened, static_cast<int>(full.features.size()) / 2) << "seed " << seed;
    // Features the baseline uses for noise have their inner LP skipped too (docs/fri.md#screening).
    EXPECT_GT(used_screened, 0) << "seed " << seed;
    EXPECT_LT(fri_test::bound_lps(fast), fri_test::bound_lps(full) / 2) << "seed " << seed;
    ASSERT_EQ(fast.models[0].probes.upper_values.size(), full.models[0].probes.upper_values.size());
    for (std::size_t k = 0; k < full.models[0].probes.upper_values.size(); ++k)
      EXPECT_EQ(fast.models[0].probes.upper_values[k], full.models[0].probes.upper_values[k]) << k;
    EXPECT_EQ(fast.models[0].probes.threshold_upper, full.models[0].probes.threshold_upper);
  }
}

// A feature every good model uses, though below the noise threshold ("needed, below noise"), never crosses 0: the
// screened run must solve its inner LP, so its lower bound and flag are the full run's. Seed 4 gives a flat,
// weak-signal fit with many such features, among them features the baseline uses for noise.
TEST(FriScreeningNeededBelowNoise, LowerBoundsStayExact) {
  const featrel::Dataset d = fri_test::generated(wide("classification"), 4);
  const Result full = featrel::fri::run(d, options(false), fri_test::context(4));
  const Result fast = featrel::fri::run(d, options(true), fri_test::context(4));
  int needed = 0;
  for (std::size_t j = 0; j < full.features.size(); ++j) {
    const FeatureResult& a = full.features[j];
    const FeatureResult& b = fast.features[j];
    if (a.cls == 0 && a.lower > 0.0) ++needed;
    EXPECT_EQ(b.lower, a.lower) << j;
    EXPECT_EQ(b.needed_below_noise, a.needed_below_noise) << j;
    if (a.lower > 0.0) {
      EXPECT_FALSE(b.screened) << j;
    }
  }
  ASSERT_GT(needed, 10);  // the case this test is about
}

TEST_P(FriScreening, SameResultForOneAndTwoThreads) {
  const featrel::Dataset d = fri_test::generated(wide(GetParam()), 3);
  const Result a = featrel::fri::run(d, options(true), fri_test::context(3, 1));
  const Result b = featrel::fri::run(d, options(true), fri_test::context(3, 2));
  EXPECT_EQ(featrel::report::json_text(featrel::report::strip_timing(a.to_json(d))),
            featrel::report::json_text(featrel::report::strip_timing(b.to_json(d))));
}

// Rounds (docs/fri.md#screening): the dual points of each round's LPs close open sides before the next round, so
// small rounds solve fewer LPs; whatever the round size, the classes are the full run's and every value that is
// reported as a bound bounds the exact one.
TEST_P(FriScreening, RoundsCloseSidesWithTheirDualPoints) {
  namespace detail = featrel::fri::detail;
  long lps[2] = {0, 0};
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const featrel::Dataset d = fri_test::generated(wide(GetParam()), seed);
    const auto full_prep = detail::prepare(d, options(false), seed);
    const auto fast_prep = detail::prepare(d, options(true), seed);
    std::vector<featrel::fri::PhaseStats> phases(detail::kPhaseCount);
    const auto full = detail::fit_problem(full_prep->problems.at(0), full_prep->o, fri_test::context(seed), phases);
    const auto fast = detail::fit_problem(fast_prep->problems.at(0), fast_prep->o, fri_test::context(seed), phases);
    ASSERT_FALSE(fast.fit.max_weight.empty());
    for (int i = 0; i < 2; ++i) {
      featrel::fri::PhaseStats stats;
      std::vector<FeatureResult> r;
      {
        detail::PhaseAccumulator ph(stats);
        r = detail::certified_intervals(fast_prep->problems.at(0), fast_prep->o, fast.fit, fast.result.probes,
                                        detail::Closing::noise, fri_test::context(seed, 2), ph, i == 0 ? 2 : 100000);
      }
      lps[i] += stats.lp_solves;
      for (std::size_t j = 0; j < r.size(); ++j) {
        const FeatureResult& a = full.result.features[j];
        EXPECT_EQ(detail::relevance_class(r[j].lower, r[j].upper, fast.result.probes, fast_prep->o), a.cls) << j;
        EXPECT_GE(r[j].upper, a.upper - 1e-12) << j;
        if (!r[j].screened) {
          EXPECT_EQ(r[j].upper, a.upper) << j;
        }
      }
    }
  }
  // Rounds of 2 against one round holding every open side.
  EXPECT_LT(lps[0], lps[1]);
}

INSTANTIATE_TEST_SUITE_P(Tasks, FriScreening, ::testing::Values("classification", "regression", "ordinal"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

// Three classes, one against the rest: every class's problem is screened on its own; the combined classes agree.
TEST(FriScreeningMulticlass, SameCombinedClasses) {
  const featrel::Dataset d = fri_test::three_classes_wide(5);
  const Result full = featrel::fri::run(d, options(false), fri_test::context(5));
  const Result fast = featrel::fri::run(d, options(true), fri_test::context(5));
  EXPECT_EQ(fri_test::classes_string(fast.features), fri_test::classes_string(full.features));
  int screened = 0;
  for (std::size_t j = 0; j < full.features.size(); ++j) {
    screened += fast.features[j].screened;
    EXPECT_GE(fast.features[j].upper, full.features[j].upper - 1e-12) << j;
    if (!fast.features[j].screened) {
      EXPECT_EQ(fast.features[j].upper, full.features[j].upper) << j;
    }
  }
  EXPECT_GT(screened, 100);
}

// Presets, the grouping and the privileged block read every feature's exact interval.
TEST(FriScreeningOptions, RefusesWhatNeedsExactIntervals) {
  const featrel::Dataset d = fri_test::generated(wide("classification"), 1);
  Options grouping = options(true);
  grouping.grouping = true;
  Options presets = options(true);
  presets.presets.push_back({"x0", 0.0, 0.0});
  Options privileged = options(true);
  privileged.privileged = {"x1"};
  fri_test::expect_refused(d, {grouping, presets, privileged}, "screen");
}

TEST(FriScreeningOutput, JsonAndTextSayWhatWasScreened) {
  const featrel::Dataset d = fri_test::generated(wide("classification"), 1);
  const Result fast = featrel::fri::run(d, options(true), fri_test::context(1));
  const Result full = featrel::fri::run(d, options(false), fri_test::context(1));
  const auto jf = fast.to_json(d), jn = full.to_json(d);
  int flagged = 0;
  for (std::size_t j = 0; j < fast.features.size(); ++j) {
    ASSERT_TRUE(jf["features"][j].contains("screened"));
    EXPECT_EQ(jf["features"][j]["screened"].get<bool>(), fast.features[j].screened);
    flagged += fast.features[j].screened;
    EXPECT_FALSE(jn["features"][j].contains("screened"));  // the plain run's JSON is unchanged
  }
  EXPECT_GT(flagged, 0);
  const std::string text = featrel::fri::text_report(fast, d);
  EXPECT_NE(text.find("≤ "), std::string::npos);
  EXPECT_NE(text.find("screened: " + std::to_string(flagged) + " of " + std::to_string(fast.features.size()) +
                      " features certified irrelevant"),
            std::string::npos)
      << text;
  EXPECT_EQ(featrel::fri::text_report(full, d).find("screened:"), std::string::npos);
  // The chart draws a screened bar as a dashed outline with a tooltip, and its legend says what that means.
  const std::string svg = featrel::fri::relevance_chart_svg(fast, d);
  EXPECT_NE(svg.find("screened: upper end at most"), std::string::npos);
  EXPECT_NE(svg.find("(screened: the upper end is a certified bound)"), std::string::npos);
  EXPECT_EQ(featrel::fri::relevance_chart_svg(full, d).find("screened"), std::string::npos);
}

}  // namespace
