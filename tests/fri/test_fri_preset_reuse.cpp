// Presets reuse an unpinned bound when that bound LP's optimal point already meets every pin
// (docs/fri.md#preset-constraints): pins only shrink the model class, so that point stays optimal. The fast path must
// give the constrained intervals and classes of solving every constrained LP (to 1e-9), for pins to 0, to a value
// and to a range, alone and together, on binary and regression data, and it must actually skip LPs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "fri_test_data.hpp"
#include "methods/fri/fri_internal.hpp"

namespace {

using featrel::fri::Constrained;
using featrel::fri::Options;
using featrel::fri::PhaseStats;
namespace detail = featrel::fri::detail;

struct Outcome {
  Constrained c;
  long lp_solves = 0;
};

// Pin sets built from the unpinned intervals: the feature with the widest interval and lower bound 0 pinned to 0,
// the widest one pinned to the middle of its interval, a range on its lower half, and two pins together.
std::vector<std::vector<detail::ResolvedPreset>> pin_sets(const std::vector<featrel::fri::FeatureResult>& f) {
  int zero = -1, wide = -1, other = -1;
  for (int j = 0; j < static_cast<int>(f.size()); ++j) {
    const auto& x = f[static_cast<std::size_t>(j)];
    if (x.constant || x.upper <= 0) continue;
    if (x.lower == 0 && (zero < 0 || x.upper > f[static_cast<std::size_t>(zero)].upper)) zero = j;
    if (wide < 0 || x.upper - x.lower > f[static_cast<std::size_t>(wide)].upper - f[static_cast<std::size_t>(wide)].lower)
      wide = j;
  }
  for (int j = 0; j < static_cast<int>(f.size()); ++j)
    if (j != zero && j != wide && f[static_cast<std::size_t>(j)].lower == 0 && f[static_cast<std::size_t>(j)].upper > 0)
      other = j;
  EXPECT_GE(zero, 0);
  EXPECT_GE(wide, 0);
  EXPECT_GE(other, 0);
  const auto& w = f[static_cast<std::size_t>(wide)];
  const double mid = 0.5 * (w.lower + w.upper);
  return {{{zero, 0.0, 0.0}},
          {{wide, mid, mid}},
          {{wide, w.lower, mid}},
          {{zero, 0.0, 0.0}, {other, 0.0, 0.0}}};
}

Outcome constrained(const detail::Problem& pb, const Options& o, const detail::FittedProblem& fp,
                    const std::vector<detail::ResolvedPreset>& pins, bool reuse) {
  PhaseStats stats;
  Outcome out;
  {
    detail::PhaseAccumulator ph(stats);
    out.c = detail::run_presets(pb, o, fp.fit, fp.result.features, fp.result.probes, pins,
                                reuse ? fp.unpinned : std::vector<detail::SignedRange>{}, featrel::RunContext{}, ph);
  }
  out.lp_solves = stats.lp_solves;
  return out;
}

void expect_reuse_equals_solving(const featrel::Dataset& data, const Options& options) {
  const auto prepared = detail::prepare(data, options, 3);
  std::vector<PhaseStats> phases(detail::kPhaseCount);
  const detail::Problem& pb = prepared->problems.at(0);
  const detail::FittedProblem fp = detail::fit_problem(pb, prepared->o, fri_test::context(3, 2), phases, true);
  ASSERT_EQ(fp.unpinned.size(), data.n_features());
  long saved = 0;
  for (const auto& pins : pin_sets(fp.result.features)) {
    const Outcome fast = constrained(pb, prepared->o, fp, pins, true);
    const Outcome plain = constrained(pb, prepared->o, fp, pins, false);
    ASSERT_EQ(fast.c.features.size(), plain.c.features.size());
    for (std::size_t j = 0; j < fast.c.features.size(); ++j) {
      const auto &a = fast.c.features[j], &b = plain.c.features[j];
      const double tol = 1e-9 * std::max(1.0, std::abs(b.upper));
      EXPECT_NEAR(a.lower, b.lower, tol) << data.feature_names[j];
      EXPECT_NEAR(a.upper, b.upper, tol) << data.feature_names[j];
      EXPECT_NEAR(a.signed_min, b.signed_min, tol) << data.feature_names[j];
      EXPECT_NEAR(a.signed_max, b.signed_max, tol) << data.feature_names[j];
      EXPECT_EQ(a.cls, b.cls) << data.feature_names[j];
    }
    EXPECT_LE(fast.lp_solves, plain.lp_solves);
    saved += plain.lp_solves - fast.lp_solves;
  }
  EXPECT_GT(saved, 0) << "no bound was reused";
}

}  // namespace

TEST(FriPresetReuse, BreastCancerPinsEqualSolvingEveryLp) {
  featrel::CsvOptions co;
  co.target = "malignant";
  const featrel::Dataset d =
      featrel::read_csv(std::string(FEATREL_DATA_DIR) + "/breast_cancer_wisconsin_diagnostic.csv", co);
  Options o;
  o.C = 0.1;
  expect_reuse_equals_solving(d, o);
}

TEST(FriPresetReuse, RegressionPinsEqualSolvingEveryLp) {
  auto g = fri_test::sim("fri-sim1", 200);
  g.task = "regression";
  const featrel::Dataset d = fri_test::generated(g, 7);
  Options o;
  o.C = 1.0;
  o.epsilon = 0.1;
  expect_reuse_equals_solving(d, o);
}
