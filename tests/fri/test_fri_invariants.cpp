// docs/fri.md#structural-invariants structural invariants on generated data, for every task: lower ≤ upper, the baseline weight
// inside its interval, presets reported exactly and constrained intervals inside the unconstrained ones,
// identical columns alike, permuted and rescaled columns, lazy rows on/off, lazy columns on/off on wide data, and
// bitwise identical JSON for 1 and 4 threads.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <utility>

#include "fri_test_data.hpp"

namespace {

using featrel::fri::FeatureResult;
using featrel::fri::Options;
using featrel::fri::Result;

featrel::gen::RelevanceOptions small(const std::string& task) {
  featrel::gen::RelevanceOptions g;
  g.task = task;
  g.n_samples = 150;
  g.n_features = 10;
  g.n_strong = 2;
  g.n_weak = 3;
  g.noise = 0.0;  // the weak group's standardised columns are identical
  // A noisy regression target: a noise-free one makes every bound LP fully degenerate (all rows tight at ε = 0),
  // 5-10x slower and not what these invariants are about.
  if (task == "regression") g.target_noise = 0.1;
  return g;
}

class FriInvariants : public ::testing::TestWithParam<std::string> {
 protected:
  featrel::Dataset data(std::uint64_t seed = 1) const { return fri_test::generated(small(GetParam()), seed); }
};

TEST_P(FriInvariants, IntervalsContainTheBaseline) {
  for (std::uint64_t seed : {1u, 2u}) {
    const Result r = featrel::fri::run(data(seed), Options{}, fri_test::context(seed));
    for (std::size_t j = 0; j < r.features.size(); ++j) {
      const FeatureResult& f = r.features[j];
      EXPECT_LE(f.lower, f.upper) << j;
      EXPECT_LE(f.signed_min, f.signed_max + 1e-12) << j;
      EXPECT_GE(f.baseline_weight, f.signed_min - 1e-6) << j;
      EXPECT_LE(f.baseline_weight, f.signed_max + 1e-6) << j;
      EXPECT_GE(std::abs(f.baseline_weight), f.lower - 1e-6) << j;
      EXPECT_LE(std::abs(f.baseline_weight), f.upper + 1e-6) << j;
      EXPECT_LE(f.upper, 1.0 + Options{}.w_l1_slack + 1e-9) << j;
      EXPECT_EQ(f.selected(), f.cls > 0);
    }
    // The weak group (columns 2..4) is three identical standardised columns.
    for (int j : {3, 4}) {
      EXPECT_NEAR(r.features[static_cast<std::size_t>(j)].lower, r.features[2].lower, 1e-6);
      EXPECT_NEAR(r.features[static_cast<std::size_t>(j)].upper, r.features[2].upper, 1e-6);
      EXPECT_EQ(r.features[static_cast<std::size_t>(j)].cls, r.features[2].cls);
    }
  }
}

TEST_P(FriInvariants, LazyRowsDoNotChangeIntervals) {
  const featrel::Dataset d = data();
  Options lazy, full;
  full.lazy_rows = false;
  const Result a = featrel::fri::run(d, lazy, fri_test::context());
  const Result b = featrel::fri::run(d, full, fri_test::context());
  EXPECT_EQ(a.models[0].hyper.C, b.models[0].hyper.C);
  for (std::size_t j = 0; j < a.features.size(); ++j) {
    EXPECT_NEAR(a.features[j].lower, b.features[j].lower, 1e-7) << j;
    EXPECT_NEAR(a.features[j].upper, b.features[j].upper, 1e-7) << j;
  }
  for (std::size_t k = 0; k < a.models[0].probes.upper_values.size(); ++k)
    EXPECT_NEAR(a.models[0].probes.upper_values[k], b.models[0].probes.upper_values[k], 1e-7) << k;
}

// Lazy columns (docs/fri.md#performance item 8) on data wider than tall, where the bound LPs' optima use a
// fraction of the features: the same intervals, probes and classes as all columns, and the same JSON for 1 and 2
// threads.
TEST_P(FriInvariants, LazyColumnsDoNotChangeTheResultWhenWide) {
  featrel::gen::RelevanceOptions g = small(GetParam());
  g.n_samples = 40;
  g.n_features = 120;
  g.noise = 0.1;
  const featrel::Dataset d = fri_test::generated(g, 3);
  Options lazy, full;
  lazy.C = full.C = 1.0;
  lazy.n_probes = full.n_probes = 20;
  full.lazy_columns = false;
  const Result a = featrel::fri::run(d, lazy, fri_test::context(3, 1));
  const Result b = featrel::fri::run(d, full, fri_test::context(3, 1));
  EXPECT_GT(a.diagnostics.totals().lazy_columns_added, 0);
  EXPECT_EQ(b.diagnostics.totals().lazy_columns_added, 0);
  for (std::size_t j = 0; j < a.features.size(); ++j) {
    EXPECT_NEAR(a.features[j].lower, b.features[j].lower, 1e-9) << j;
    EXPECT_NEAR(a.features[j].upper, b.features[j].upper, 1e-9) << j;
    EXPECT_EQ(a.features[j].cls, b.features[j].cls) << j;
  }
  for (std::size_t k = 0; k < a.models[0].probes.upper_values.size(); ++k)
    EXPECT_NEAR(a.models[0].probes.upper_values[k], b.models[0].probes.upper_values[k], 1e-9) << k;
  const Result c = featrel::fri::run(d, lazy, fri_test::context(3, 2));
  EXPECT_EQ(featrel::report::json_text(featrel::report::strip_timing(a.to_json(d))),
            featrel::report::json_text(featrel::report::strip_timing(c.to_json(d))));
}

TEST_P(FriInvariants, ThreadCountDoesNotChangeTheResult) {
  const featrel::Dataset d = data();
  Options o;
  const Result u = featrel::fri::run(d, o, fri_test::context(5, 1));
  o.presets = {{"x2", 0.0, 0.5 * u.features[2].upper}};
  o.grouping = true;
  const Result a = featrel::fri::run(d, o, fri_test::context(5, 1));
  const Result b = featrel::fri::run(d, o, fri_test::context(5, 4));
  const std::string ja = featrel::report::json_text(featrel::report::strip_timing(a.to_json(d)));
  const std::string jb = featrel::report::json_text(featrel::report::strip_timing(b.to_json(d)));
  EXPECT_EQ(ja, jb);
}

TEST_P(FriInvariants, PermutedAndRescaledColumns) {
  const featrel::Dataset d = data();
  const Result a = featrel::fri::run(d, Options{}, fri_test::context());
  // Reverse the columns and scale one of them: the intervals follow the columns.
  featrel::Dataset p = d;
  const Eigen::Index m = d.X.cols();
  for (Eigen::Index j = 0; j < m; ++j) {
    p.X.col(j) = d.X.col(m - 1 - j);
    p.feature_names[static_cast<std::size_t>(j)] = d.feature_names[static_cast<std::size_t>(m - 1 - j)];
  }
  p.X.col(m - 1) *= 1000.0;  // x0, scaled before standardisation
  const Result b = featrel::fri::run(p, Options{}, fri_test::context());
  EXPECT_EQ(a.models[0].hyper.C, b.models[0].hyper.C);
  for (Eigen::Index j = 0; j < m; ++j) {
    const FeatureResult& x = a.features[static_cast<std::size_t>(j)];
    const FeatureResult& y = b.features[static_cast<std::size_t>(m - 1 - j)];
    EXPECT_NEAR(x.lower, y.lower, 1e-6) << j;
    EXPECT_NEAR(x.upper, y.upper, 1e-6) << j;
  }
}

TEST_P(FriInvariants, Presets) {
  const featrel::Dataset d = data();
  const Result u = featrel::fri::run(d, Options{}, fri_test::context());
  const auto& uf = u.features;
  auto constrained_with = [&](std::vector<featrel::fri::Preset> presets) {
    Options o;
    o.presets = std::move(presets);
    Result r = featrel::fri::run(d, o, fri_test::context());
    EXPECT_TRUE(r.models[0].constrained.has_value());
    // The unconstrained part of the result does not change.
    for (std::size_t j = 0; j < uf.size(); ++j) EXPECT_EQ(r.features[j].upper, uf[j].upper);
    return r.models[0].constrained->features;
  };
  // Pin the strong x0 at its lower value: [lower, lower], and every other interval inside its unconstrained one.
  const auto c1 = constrained_with({{"x0", uf[0].lower, uf[0].lower}});
  EXPECT_EQ(c1[0].lower, uf[0].lower);
  EXPECT_EQ(c1[0].upper, uf[0].lower);
  ASSERT_TRUE(c1[0].preset.has_value());
  for (std::size_t j = 1; j < uf.size(); ++j) {
    EXPECT_GE(c1[j].lower, uf[j].lower - 1e-6) << j;
    EXPECT_LE(c1[j].upper, uf[j].upper + 1e-6) << j;
    EXPECT_FALSE(c1[j].preset.has_value());
  }
  // A range: reported exactly; a weak feature pinned by index (docs/architecture.md#feature-references-by-name-or-index) to a value inside its interval.
  const double mid = 0.5 * uf[2].upper;
  const auto c2 = constrained_with({{"x1", uf[1].lower, uf[1].upper}, {"2", mid, mid}});
  EXPECT_EQ(c2[1].lower, uf[1].lower);
  EXPECT_EQ(c2[1].upper, uf[1].upper);
  EXPECT_EQ(c2[2].lower, mid);
  EXPECT_EQ(c2[2].upper, mid);
  for (std::size_t j = 0; j < uf.size(); ++j) {
    EXPECT_GE(c2[j].lower, uf[j].lower - 1e-6) << j;
    EXPECT_LE(c2[j].upper, uf[j].upper + 1e-6) << j;
  }
  // Pinning a feature with lower > 0 to its own [lower, upper] changes nothing.
  ASSERT_GT(uf[1].lower, 0.0);
  const auto c3 = constrained_with({{"x1", uf[1].lower, uf[1].upper}});
  for (std::size_t j = 0; j < uf.size(); ++j) {
    EXPECT_NEAR(c3[j].lower, uf[j].lower, 1e-6) << j;
    EXPECT_NEAR(c3[j].upper, uf[j].upper, 1e-6) << j;
    EXPECT_EQ(c3[j].cls, uf[j].cls) << j;
  }
}

INSTANTIATE_TEST_SUITE_P(Tasks, FriInvariants, ::testing::Values("classification", "regression", "ordinal"),
                         [](const auto& info) { return info.param; });

// The regression target's units change nothing but the numbers in those units: the LPs see y in units of its SD
// (before, y × 1e-9 selected nothing and y × 1e11 failed in the solver). ε, ‖w*‖₁, L*, μ, ρ and the weights scale
// with y; C, the intervals and the classes do not. Also with a fixed ε, given in y's units.
TEST(FriInvariantsMisc, RegressionTargetUnitsChangeNoInterval) {
  const featrel::Dataset d = fri_test::generated(small("regression"), 4);
  for (const bool fixed_epsilon : {false, true}) {
    Options o;
    if (fixed_epsilon) o.epsilon = 0.05;
    const Result a = featrel::fri::run(d, o, fri_test::context(4));
    for (const double unit : {1e-9, 1e12}) {
      featrel::Dataset s = d;
      s.y *= unit;
      Options os = o;
      if (fixed_epsilon) os.epsilon = 0.05 * unit;
      const Result b = featrel::fri::run(s, os, fri_test::context(4));
      const auto& ma = a.models[0];
      const auto& mb = b.models[0];
      EXPECT_EQ(ma.hyper.C, mb.hyper.C) << unit;
      EXPECT_NEAR(mb.hyper.epsilon, ma.hyper.epsilon * unit, 1e-9 * ma.hyper.epsilon * unit) << unit;
      for (const auto& [x, y] : {std::pair{ma.baseline.l1_norm, mb.baseline.l1_norm},
                                 std::pair{ma.baseline.loss, mb.baseline.loss},
                                 std::pair{ma.baseline.bias, mb.baseline.bias},
                                 std::pair{ma.model_class.mu, mb.model_class.mu},
                                 std::pair{ma.model_class.rho, mb.model_class.rho}})
        EXPECT_NEAR(y, x * unit, 1e-9 * std::abs(x) * unit + 1e-12 * unit) << unit;
      for (std::size_t j = 0; j < a.features.size(); ++j) {
        EXPECT_NEAR(a.features[j].lower, b.features[j].lower, 1e-9) << unit << " " << j;
        EXPECT_NEAR(a.features[j].upper, b.features[j].upper, 1e-9) << unit << " " << j;
        EXPECT_EQ(a.features[j].cls, b.features[j].cls) << unit << " " << j;
        EXPECT_NEAR(mb.baseline.weights[j], ma.baseline.weights[j] * unit,
                    1e-9 * std::abs(ma.baseline.weights[j]) * unit + 1e-12 * unit);
      }
    }
  }
}

TEST(FriInvariantsMisc, ConstantColumnsAreReportedAndLeftOut) {
  featrel::Dataset d = fri_test::generated(small("classification"), 3);
  Eigen::MatrixXd X(d.X.rows(), d.X.cols() + 1);
  X << d.X.leftCols(3), Eigen::VectorXd::Constant(d.X.rows(), 4.2), d.X.rightCols(d.X.cols() - 3);
  std::vector<std::string> names = d.feature_names;
  names.insert(names.begin() + 3, "const");
  std::vector<std::string> target;
  for (int l : d.labels) target.push_back(l == 1 ? "1" : "-1");
  const featrel::Dataset c = fri_test::dataset(X, names, target, featrel::TaskRequest::binary);
  ASSERT_TRUE(c.constant[3]);
  const Result a = featrel::fri::run(d, Options{}, fri_test::context());
  const Result b = featrel::fri::run(c, Options{}, fri_test::context());
  const FeatureResult& k = b.features[3];
  EXPECT_TRUE(k.constant);
  EXPECT_EQ(k.cls, 0);
  EXPECT_EQ(k.lower, 0.0);
  EXPECT_EQ(k.upper, 0.0);
  for (std::size_t j = 0; j < a.features.size(); ++j) {
    const std::size_t jb = j < 3 ? j : j + 1;
    EXPECT_NEAR(a.features[j].upper, b.features[jb].upper, 1e-6) << j;
    EXPECT_FALSE(b.features[jb].constant);
  }
  // Probes never use a constant column.
  for (int s : b.models[0].probes.sources) EXPECT_NE(s, 3);
  const featrel::report::Json j = b.to_json(c);
  EXPECT_TRUE(j["features"][3]["constant"].get<bool>());
  bool warned = false;
  for (const auto& w : j["diagnostics"]["warnings"]) warned |= w.get<std::string>().find("constant") != std::string::npos;
  EXPECT_TRUE(warned);
}

}  // namespace
