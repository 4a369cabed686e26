// One side per feature (docs/fri.md#one-side-per-feature, Options::signed_range): on data wider than tall, for
// every task, the bound rule gives the exact run's lower and upper values to the last bit, its classes and
// flags; a feature with both sides solved has the exact signed range, and a flagged one has a certified bound on
// the side nearer 0; far fewer bound LPs are solved; auto follows the shape; the result is the same for 1 and 2
// threads; presets keep exact constrained intervals; the options that need both sides are refused; the JSON names
// the flag only when the rule ran.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "featrel/error.hpp"
#include "featrel/report.hpp"
#include "featrel/fri_session.hpp"
#include "fri_test_data.hpp"

namespace {

using featrel::fri::FeatureResult;
using featrel::fri::Options;
using featrel::fri::Result;
using featrel::fri::SignedRangeRule;

featrel::gen::RelevanceOptions wide(const std::string& task) { return fri_test::wide(task, 100, 200); }

Options options(SignedRangeRule rule) {
  Options o;
  o.n_probes = 20;
  o.signed_range = rule;
  return o;
}

class FriSignedRange : public ::testing::TestWithParam<std::string> {};

TEST_P(FriSignedRange, IntervalsAndClassesAreTheExactRunsToTheLastBit) {
  for (std::uint64_t seed : {1u, 2u}) {
    const featrel::Dataset d = fri_test::generated(wide(GetParam()), seed);
    const Result exact = featrel::fri::run(d, options(SignedRangeRule::exact), fri_test::context(seed));
    const Result fast = featrel::fri::run(d, options(SignedRangeRule::bound), fri_test::context(seed));
    ASSERT_EQ(exact.features.size(), fast.features.size());
    EXPECT_FALSE(exact.models[0].signed_bound_rule);
    EXPECT_TRUE(fast.models[0].signed_bound_rule);
    int flagged = 0, relevant = 0;
    for (std::size_t j = 0; j < exact.features.size(); ++j) {
      const FeatureResult& a = exact.features[j];
      const FeatureResult& b = fast.features[j];
      EXPECT_FALSE(a.signed_bound) << j;
      // The same LPs from the same basis: the same numbers, not merely close ones.
      EXPECT_EQ(b.lower, a.lower) << j;
      EXPECT_EQ(b.upper, a.upper) << j;
      EXPECT_EQ(b.cls, a.cls) << j;
      EXPECT_EQ(b.needed_below_noise, a.needed_below_noise) << j;
      EXPECT_EQ(b.baseline_weight, a.baseline_weight) << j;
      EXPECT_FALSE(b.screened) << j;
      relevant += a.cls > 0;
      if (!b.signed_bound) {
        EXPECT_EQ(b.signed_min, a.signed_min) << j;
        EXPECT_EQ(b.signed_max, a.signed_max) << j;
        continue;
      }
      ++flagged;
      // A relevant feature gets both sides solved.
      EXPECT_EQ(a.cls, 0) << j;
      // Only a feature with 0 in its range has a side left, and that side is the one nearer 0: the other gives
      // upper exactly.
      EXPECT_LE(a.signed_min, 0.0) << j;
      EXPECT_GE(a.signed_max, 0.0) << j;
      EXPECT_EQ(b.lower, 0.0) << j;
      EXPECT_TRUE(b.upper == b.signed_max || b.upper == -b.signed_min) << j;
      EXPECT_LT(std::min(b.signed_max, -b.signed_min), b.upper) << j;
      // Certified: the exact range lies inside the reported one (1e-12: the bound LP's rounding).
      EXPECT_LE(b.signed_min, a.signed_min + 1e-12) << j;
      EXPECT_GE(b.signed_max, a.signed_max - 1e-12) << j;
    }
    EXPECT_GT(relevant, 0) << "seed " << seed;
    EXPECT_GT(flagged, static_cast<int>(exact.features.size()) / 3) << "seed " << seed;
    // Every flagged feature skipped one LP (two when both sides were certified at 0), every other solved both.
    const long all = 2 * static_cast<long>(exact.features.size());
    EXPECT_EQ(fri_test::bound_lps(exact), all) << "seed " << seed;
    EXPECT_LE(fri_test::bound_lps(fast), all - flagged) << "seed " << seed;
    EXPECT_GE(fri_test::bound_lps(fast), all - 2 * flagged) << "seed " << seed;
    EXPECT_EQ(fast.models[0].probes.threshold_upper, exact.models[0].probes.threshold_upper);
  }
}

TEST_P(FriSignedRange, SameResultForOneAndTwoThreads) {
  const featrel::Dataset d = fri_test::generated(wide(GetParam()), 3);
  const Result a = featrel::fri::run(d, options(SignedRangeRule::bound), fri_test::context(3, 1));
  const Result b = featrel::fri::run(d, options(SignedRangeRule::bound), fri_test::context(3, 2));
  EXPECT_EQ(featrel::report::json_text(featrel::report::strip_timing(a.to_json(d))),
            featrel::report::json_text(featrel::report::strip_timing(b.to_json(d))));
}

INSTANTIATE_TEST_SUITE_P(Tasks, FriSignedRange, ::testing::Values("classification", "regression", "ordinal"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

// auto is the bound rule on a table with more features than rows and the exact one otherwise; the JSON carries
// signed_bound only when the rule ran, so a narrow table's document is the exact run's.
TEST(FriSignedRangeAuto, FollowsTheShape) {
  const featrel::Dataset w = fri_test::generated(wide("classification"), 1);
  const Result wide_auto = featrel::fri::run(w, options(SignedRangeRule::automatic), fri_test::context(1));
  const Result wide_bound = featrel::fri::run(w, options(SignedRangeRule::bound), fri_test::context(1));
  EXPECT_TRUE(wide_auto.models[0].signed_bound_rule);
  EXPECT_EQ(featrel::report::json_text(featrel::report::strip_timing(wide_auto.to_json(w))["features"]),
            featrel::report::json_text(featrel::report::strip_timing(wide_bound.to_json(w))["features"]));
  // The text says the intervals are exact, how many LPs they took, and what --screen would do instead.
  const std::string note = "wide table: lower and upper are exact, from " +
                           std::to_string(fri_test::bound_lps(wide_auto)) + " bound LPs";
  EXPECT_NE(featrel::fri::text_report(wide_auto, w).find(note), std::string::npos);
  const auto jw = wide_auto.to_json(w);
  for (std::size_t j = 0; j < wide_auto.features.size(); ++j) {
    ASSERT_TRUE(jw["features"][j].contains("signed_bound")) << j;
    EXPECT_EQ(jw["features"][j]["signed_bound"].get<bool>(), wide_auto.features[j].signed_bound) << j;
  }

  const featrel::Dataset n = fri_test::generated(fri_test::wide("classification", 120, 60), 1);
  const Result narrow_auto = featrel::fri::run(n, options(SignedRangeRule::automatic), fri_test::context(1));
  const Result narrow_exact = featrel::fri::run(n, options(SignedRangeRule::exact), fri_test::context(1));
  EXPECT_FALSE(narrow_auto.models[0].signed_bound_rule);
  const auto jn = narrow_auto.to_json(n);
  EXPECT_FALSE(jn["features"][0].contains("signed_bound"));
  EXPECT_EQ(featrel::fri::text_report(narrow_auto, n).find("wide table:"), std::string::npos);
  EXPECT_EQ(featrel::report::json_text(featrel::report::strip_timing(jn)["features"]),
            featrel::report::json_text(featrel::report::strip_timing(narrow_exact.to_json(n))["features"]));
  EXPECT_EQ(fri_test::bound_lps(narrow_auto), 2 * static_cast<long>(narrow_auto.features.size()));
}

// Three classes, one against the rest: every class's problem takes the rule; classes and intervals agree.
TEST(FriSignedRangeMulticlass, EveryClassKeepsItsExactIntervals) {
  const featrel::Dataset d = fri_test::three_classes_wide(5);
  const Result exact = featrel::fri::run(d, options(SignedRangeRule::exact), fri_test::context(5));
  const Result fast = featrel::fri::run(d, options(SignedRangeRule::automatic), fri_test::context(5));
  ASSERT_EQ(fast.models.size(), 3u);
  int flagged = 0;
  for (std::size_t c = 0; c < fast.models.size(); ++c) {
    EXPECT_TRUE(fast.models[c].signed_bound_rule);
    for (std::size_t j = 0; j < d.n_features(); ++j) {
      const FeatureResult& a = exact.models[c].features[j];
      const FeatureResult& b = fast.models[c].features[j];
      EXPECT_EQ(b.lower, a.lower) << c << " " << j;
      EXPECT_EQ(b.upper, a.upper) << c << " " << j;
      EXPECT_EQ(b.cls, a.cls) << c << " " << j;
      flagged += b.signed_bound;
    }
  }
  EXPECT_EQ(fri_test::classes_string(fast.features), fri_test::classes_string(exact.features));
  EXPECT_GT(flagged, 300);
  EXPECT_TRUE(fast.to_json(d)["features"][0]["per_class"][0].contains("signed_bound"));
}

// The grouping and the privileged block use both sides of every range: bound is refused with them.
TEST(FriSignedRangeOptions, BoundIsRefusedWhereBothSidesAreNeeded) {
  const featrel::Dataset d = fri_test::generated(wide("classification"), 1);
  Options grouping = options(SignedRangeRule::bound);
  grouping.grouping = true;
  Options privileged = options(SignedRangeRule::bound);
  privileged.privileged = {"x1"};
  fri_test::expect_refused(d, {grouping, privileged}, "signed_range");
}

// Presets under the rule (docs/fri.md#one-side-per-feature): a side left certified in the unpinned run stays
// unsolved under the pins only where a point of the pinned class puts 0 in the range and the certificate lies
// below the other side's pinned value; otherwise it is solved under the pins. The constrained lower and upper
// values and classes are those of the exact run to the last bit, for pins to 0, to a value and to a range, on a
// relevant and an irrelevant feature, and through a Session as through fri::run.
TEST(FriSignedRangePresets, ConstrainedIntervalsAreTheExactRunsToTheLastBit) {
  const featrel::Dataset d = fri_test::generated(wide("classification"), 2);
  const featrel::fri::Session exact_session(d, options(SignedRangeRule::exact), fri_test::context(2));
  const featrel::fri::Session session(d, options(SignedRangeRule::bound), fri_test::context(2));
  EXPECT_TRUE(session.result().models[0].signed_bound_rule);
  const Result& unpinned = exact_session.result();
  // The relevant feature with the widest interval, and an irrelevant one with the largest upper value.
  int wide_j = -1, irrelevant = -1;
  const auto width = [&](int j) {
    const FeatureResult& f = unpinned.features[static_cast<std::size_t>(j)];
    return f.upper - f.lower;
  };
  for (int j = 0; j < static_cast<int>(unpinned.features.size()); ++j) {
    const FeatureResult& f = unpinned.features[static_cast<std::size_t>(j)];
    if (f.cls > 0 && (wide_j < 0 || width(j) > width(wide_j))) wide_j = j;
    if (f.cls == 0 && (irrelevant < 0 || f.upper > unpinned.features[static_cast<std::size_t>(irrelevant)].upper))
      irrelevant = j;
  }
  ASSERT_GE(wide_j, 0);
  ASSERT_GE(irrelevant, 0);
  const FeatureResult& w = unpinned.features[static_cast<std::size_t>(wide_j)];
  const double mid = 0.5 * (w.lower + w.upper);
  const std::string wn = d.feature_names[static_cast<std::size_t>(wide_j)];
  const std::string in = d.feature_names[static_cast<std::size_t>(irrelevant)];
  const std::vector<std::vector<featrel::fri::Preset>> pin_sets{
      {{wn, 0.0, 0.0}}, {{wn, mid, mid}}, {{wn, w.lower, mid}}, {{in, 0.0, 0.0}}, {{wn, mid, mid}, {in, 0.0, 0.0}}};
  int kept_certified = 0;
  for (const auto& pins : pin_sets) {
    const Result a = exact_session.constrain(pins, fri_test::context(2));
    const Result b = session.constrain(pins, fri_test::context(2, 2));
    ASSERT_TRUE(a.models[0].constrained && b.models[0].constrained);
    const auto& ca = a.models[0].constrained->features;
    const auto& cb = b.models[0].constrained->features;
    for (std::size_t j = 0; j < ca.size(); ++j) {
      EXPECT_EQ(cb[j].lower, ca[j].lower) << pins.front().feature << " " << j;
      EXPECT_EQ(cb[j].upper, ca[j].upper) << pins.front().feature << " " << j;
      EXPECT_EQ(cb[j].cls, ca[j].cls) << pins.front().feature << " " << j;
      EXPECT_FALSE(ca[j].signed_bound);
      if (cb[j].signed_bound) {
        ++kept_certified;
        // The certified side is the one nearer 0 and contains the exact pinned value.
        EXPECT_EQ(cb[j].lower, 0.0) << j;
        EXPECT_LE(cb[j].signed_min, ca[j].signed_min + 1e-12) << j;
        EXPECT_GE(cb[j].signed_max, ca[j].signed_max - 1e-12) << j;
      } else {
        EXPECT_EQ(cb[j].signed_min, ca[j].signed_min) << j;
        EXPECT_EQ(cb[j].signed_max, ca[j].signed_max) << j;
      }
    }
  }
  // fri::run with presets gives the session's constrained result.
  Options with_pins = options(SignedRangeRule::bound);
  with_pins.presets = pin_sets.back();
  const Result run = featrel::fri::run(d, with_pins, fri_test::context(2));
  EXPECT_EQ(featrel::report::json_text(featrel::report::strip_timing(run.to_json(d))["constrained"]),
            featrel::report::json_text(featrel::report::strip_timing(
                session.constrain(pin_sets.back(), fri_test::context(2)).to_json(d))["constrained"]));
  EXPECT_GT(kept_certified, static_cast<int>(pin_sets.size() * d.n_features()) / 3);
}

}  // namespace
