// docs/fri.md#exact-reference-data through the whole of fri::run: the deterministic 60-row data set with fixed C (and ε), the
// intervals, baseline L1 norm and loss of fri 8.1.0 in reference mode, the default mode with the loss floor, the
// signed ranges, the constrained table with both PresetError rows, and the statistical class pattern.
#include <gtest/gtest.h>

#include <string>

#include "fri_test_data.hpp"

namespace {

using featrel::fri::Options;
using featrel::fri::PresetError;
using featrel::fri::Result;
using fri_test::expect_intervals;
using fri_test::fixed;
using fri_test::Ref61;

// L1 norms and losses are printed with 5 decimals: 1e-5 relative, or half a unit of the last printed digit.
void expect_printed(double value, double printed) {
  EXPECT_NEAR(value, printed, std::max(1e-5 * std::abs(printed), 0.5e-5 + 1e-12));
}

Result fit(Ref61 kind, const Options& o, std::uint64_t seed = 0) {
  return featrel::fri::run(fri_test::ref61(kind), o, fri_test::context(seed));
}

TEST(FriReference61, ClassificationC1) {
  const Result r1 = fit(Ref61::classification, fixed(1, 0.001, true));
  expect_printed(r1.models[0].baseline.l1_norm, 5.17869);
  expect_printed(r1.models[0].baseline.loss, 4.66667);
  expect_intervals(r1.features, {{.501686, .505526}, {0, .477230}, {0, .477230}, {.009199, .012860}, {.009074, .011571}});
  // Signed ranges (Δ = 0.001).
  const auto& f = r1.features;
  EXPECT_NEAR(f[0].signed_min, .501686, 1e-4);
  EXPECT_NEAR(f[0].signed_max, .505526, 1e-4);
  EXPECT_NEAR(f[1].signed_min, -.000785, 1e-4);
  EXPECT_NEAR(f[1].signed_max, .477230, 1e-4);
  EXPECT_NEAR(f[3].signed_min, -.012860, 1e-4);
  EXPECT_NEAR(f[3].signed_max, -.009199, 1e-4);
  EXPECT_NEAR(f[4].signed_min, .009074, 1e-4);
  EXPECT_NEAR(f[4].signed_max, .011571, 1e-4);
  EXPECT_FALSE(r1.models[0].hyper.searched);
  EXPECT_FALSE(r1.models[0].model_class.rho_floor_active);

  const Result r2 = fit(Ref61::classification, fixed(1, 0.1, true));
  expect_printed(r2.models[0].baseline.l1_norm, 5.17869);
  expect_intervals(r2.features, {{.444009, .599207}, {0, .573733}, {0, .573733}, {0, .095321}, {0, .086840}});

  // Default mode: the floor does not bind here (L* > 0), so the intervals are the same.
  const Result d1 = fit(Ref61::classification, fixed(1, 0.001, false));
  expect_intervals(d1.features, {{.501686, .505526}, {0, .477230}, {0, .477230}, {.009199, .012860}, {.009074, .011571}});
}

TEST(FriReference61, ClassificationC10) {
  const Result r1 = fit(Ref61::classification, fixed(10, 0.001, true));
  expect_printed(r1.models[0].baseline.l1_norm, 16.59478);
  EXPECT_NEAR(r1.models[0].baseline.loss, 0.0, 1e-7);
  EXPECT_EQ(r1.models[0].model_class.rho, r1.models[0].baseline.loss * 1.001);  // no floor in reference mode
  expect_intervals(r1.features, {{.479965, .483804}, {0, .442651}, {0, .442651}, {.037275, .040722}, {.037269, .040681}});
  const Result r2 = fit(Ref61::classification, fixed(10, 0.1, true));
  expect_intervals(r2.features, {{.479965, .574662}, {0, .530727}, {0, .530727}, {0, .053821}, {0, .050395}});

  // Default mode with the floor ρ = 0.01.
  const Result d1 = fit(Ref61::classification, fixed(10, 0.001, false));
  EXPECT_TRUE(d1.models[0].model_class.rho_floor_active);
  EXPECT_DOUBLE_EQ(d1.models[0].model_class.rho, 0.01);
  expect_intervals(d1.features, {{.478592, .493026}, {0, .452012}, {0, .452012}, {.028026, .041002}, {.027935, .040857}});
  const Result d2 = fit(Ref61::classification, fixed(10, 0.1, false));
  expect_intervals(d2.features, {{.478592, .574777}, {0, .530922}, {0, .530922}, {0, .054101}, {0, .050571}});
}

TEST(FriReference61, RegressionC10Epsilon001) {
  const Result r1 = fit(Ref61::regression, fixed(10, 0.001, true, 0.01));
  expect_printed(r1.models[0].baseline.l1_norm, 0.33801);
  EXPECT_NEAR(r1.models[0].baseline.loss, 0.0, 1e-7);
  EXPECT_EQ(r1.models[0].hyper.epsilon, 0.01);
  expect_intervals(r1.features, {{.493106, .509394}, {0, .503162}, {0, .503162}, {0, .001742}, {0, .005170}});
  const Result r2 = fit(Ref61::regression, fixed(10, 0.1, true, 0.01));
  expect_intervals(r2.features, {{.476464, .544530}, {0, .559756}, {0, .559756}, {0, .018986}, {0, .020151}});

  // Default mode: ρ = 0.01·s_y = 0.002489.
  const Result d1 = fit(Ref61::regression, fixed(10, 0.001, false, 0.01));
  EXPECT_NEAR(d1.models[0].model_class.rho, 0.002489, 1e-6);
  EXPECT_TRUE(d1.models[0].model_class.rho_floor_active);
  expect_intervals(d1.features, {{.482971, .510101}, {0, .508773}, {0, .508773}, {0, .003905}, {0, .011785}});
}

TEST(FriReference61, OrdinalC1) {
  const Result r1 = fit(Ref61::ordinal, fixed(1, 0.001, true));
  expect_printed(r1.models[0].baseline.l1_norm, 8.17271);
  expect_printed(r1.models[0].baseline.loss, 6.89410);
  EXPECT_EQ(r1.models[0].baseline.thresholds.size(), 2u);
  expect_intervals(r1.features, {{.469573, .472688}, {0, .530528}, {0, .530528}, {0, .001057}, {0, .001164}});
  const Result r2 = fit(Ref61::ordinal, fixed(1, 0.1, true));
  expect_intervals(r2.features, {{.426650, .568066}, {0, .606500}, {0, .606500}, {0, .059376}, {0, .064489}});
}

// Scaling the regression target scales w, ξ and ε together: the normalised intervals do not move (docs/fri.md#preprocessing).
TEST(FriReference61, RegressionTargetScaleInvariant) {
  const Result a = fit(Ref61::regression, fixed(10, 0.001, false, 0.01));
  featrel::Dataset data = fri_test::ref61(Ref61::regression);
  data.y *= 7.0;
  const Result b = featrel::fri::run(data, fixed(10, 0.001, false, 0.07), fri_test::context());
  for (std::size_t j = 0; j < a.features.size(); ++j) {
    EXPECT_NEAR(a.features[j].lower, b.features[j].lower, 1e-7);
    EXPECT_NEAR(a.features[j].upper, b.features[j].upper, 1e-7);
  }
  EXPECT_NEAR(b.models[0].model_class.rho, 7 * a.models[0].model_class.rho, 1e-9);
}

// ---- Constrained table (default mode, classification C = 1) --------------------------------------------------

Options with_presets(double delta, std::vector<featrel::fri::Preset> presets) {
  Options o = fixed(1, delta, false);
  o.presets = std::move(presets);
  return o;
}

const std::vector<featrel::fri::FeatureResult>& constrained(const Result& r) {
  EXPECT_TRUE(r.models[0].constrained.has_value());
  return r.models[0].constrained->features;
}

TEST(FriReference61, ConstrainedDelta0001) {
  const Result u = fit(Ref61::classification, fixed(1, 0.001, false));
  const double h1_ub = u.features[1].upper;  // full precision, not the printed .477230
  const double f0_lb = u.features[0].lower;

  const Result a = fit(Ref61::classification, with_presets(0.001, {{"h1", 0, 0}}));
  expect_intervals(constrained(a), {{.501686, .505526}, {0, 0}, {.475449, .477230}, {.009199, .012860}, {.009074, .011571}});
  // The unconstrained result stays in features.
  expect_intervals(a.features, {{.501686, .505526}, {0, .477230}, {0, .477230}, {.009199, .012860}, {.009074, .011571}});

  const Result b = fit(Ref61::classification, with_presets(0.001, {{"h1", h1_ub, h1_ub}}));
  expect_intervals(constrained(b), {{.504172, .504172}, {.477230, .477230}, {0, 0}, {.010349, .010349}, {.009250, .009250}});
  EXPECT_EQ(constrained(b)[1].lower, h1_ub);  // pinned features report exactly their preset
  EXPECT_EQ(constrained(b)[1].upper, h1_ub);
  ASSERT_TRUE(constrained(b)[1].preset.has_value());

  const Result c = fit(Ref61::classification, with_presets(0.001, {{"f0", f0_lb, f0_lb}}));
  expect_intervals(constrained(c), {{.501686, .501686}, {0, .476182}, {0, .476182}, {.011744, .011744}, {.011388, .011388}});
}

TEST(FriReference61, ConstrainedDelta01) {
  const Result u = fit(Ref61::classification, fixed(1, 0.1, false));
  const double h1_ub = u.features[1].upper;
  const double f0_lb = u.features[0].lower;

  const Result a = fit(Ref61::classification, with_presets(0.1, {{"h1", 0, 0}}));
  expect_intervals(constrained(a), {{.444009, .599207}, {0, 0}, {.444455, .573733}, {0, .095321}, {0, .086840}});
  const Result b = fit(Ref61::classification, with_presets(0.1, {{"h1", h1_ub, h1_ub}}));
  expect_intervals(constrained(b), {{.526267, .526267}, {.573733, .573733}, {0, 0}, {0, 0}, {0, 0}});
  const Result c = fit(Ref61::classification, with_presets(0.1, {{"f0", f0_lb, f0_lb}}));
  expect_intervals(constrained(c), {{.444009, .444009}, {0, .519669}, {0, .519669}, {.044678, .044678}, {.037940, .037940}});

  // f0 = 0.2 lies outside its interval [.444009, .599207].
  try {
    fit(Ref61::classification, with_presets(0.1, {{"f0", 0.2, 0.2}}));
    FAIL() << "expected PresetError";
  } catch (const PresetError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("outside its relevance interval"), std::string::npos) << m;
    EXPECT_NE(m.find("0.444009"), std::string::npos) << m;
    EXPECT_NE(m.find("0.599207"), std::string::npos) << m;
  }
  // h1 = h2 = 0.5: each alone is inside its interval, together they exceed what the class allows.
  try {
    fit(Ref61::classification, with_presets(0.1, {{"h1", 0.5, 0.5}, {"h2", 0.5, 0.5}}));
    FAIL() << "expected PresetError";
  } catch (const PresetError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("jointly infeasible"), std::string::npos) << m;
    EXPECT_NE(m.find("h1 = 0.5"), std::string::npos) << m;
    EXPECT_NE(m.find("h2 = 0.5"), std::string::npos) << m;
  }
}

// ---- Classes (statistical, docs/fri.md#exact-reference-data) ------------------------------------------------------------------------

TEST(FriReference61, ReferenceModeClassPattern) {
  // fri's classes in >= 8 of 10 seeds: 21100 (f0 strong, the h pair weak, f3 and f4 irrelevant); regression 21101
  // (the f4 false positive is fri's). In-place probes are often infeasible: fri keeps 3-11 of 20.
  struct Case {
    Ref61 kind;
    double C, epsilon;
    std::string expected;
  };
  for (const Case& c : {Case{Ref61::classification, 1, -1, "21100"}, Case{Ref61::regression, 10, 0.01, "21101"},
                        Case{Ref61::ordinal, 1, -1, "21100"}}) {
    int hits = 0;
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
      const Result r = fit(c.kind, fixed(c.C, 0.001, true, c.epsilon), seed);
      hits += fri_test::classes_string(r.features) == c.expected;
      EXPECT_GT(r.models[0].probes.dropped, 0);
      EXPECT_EQ(r.models[0].probes.upper_values.size() + r.models[0].probes.lower_values.size() +
                    static_cast<std::size_t>(r.models[0].probes.dropped),
                40u);
    }
    EXPECT_GE(hits, 8) << c.expected;
  }
}

TEST(FriReference61, DefaultModeClasses) {
  // Both h columns share interval and class in every seed. f0 is strong in every seed at C = 1; at C = 10 the
  // 60-row probe threshold is high (the tail rule extrapolates from 50 probes to p = 0.999) and it exceeds even
  // f0's upper bound .493 in about 1 seed in 12 (5 of seeds 0-59, measured), so there >= 8 of 10.
  int f0_strong_c10 = 0;
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    for (double C : {1.0, 10.0}) {
      const Result r = fit(Ref61::classification, fixed(C, 0.001, false), seed);
      if (C == 1.0)
        EXPECT_EQ(r.features[0].cls, 2) << "seed " << seed;
      else
        f0_strong_c10 += r.features[0].cls == 2;
      EXPECT_EQ(r.features[1].cls, r.features[2].cls) << "seed " << seed << " C " << C;
      EXPECT_NEAR(r.features[1].upper, r.features[2].upper, 1e-6);
      EXPECT_NEAR(r.features[1].lower, r.features[2].lower, 1e-6);
    }
  }
  EXPECT_GE(f0_strong_c10, 8);
}

}  // namespace
