// The calibrated loss budget (docs/fri.md#what-the-model-class-means): ρ = max((1 + δ_ℓ)·L*, L* + z·SE(L*), ρ_min)
// with SE(L*) = √(n·s²) of the baseline's per-sample losses.
//   * SE by hand on small vectors; the per-sample losses of a fit sum to its loss; ρ in the JSON-facing
//     ModelClass follows the formula exactly; z = 0 and the fixed budget give the paper's class.
//   * Recovery on the reference's own kind of data (300 x 6: 2 strong, a redundant pair, 2 irrelevant, feature
//     noise 0.1): the true classes 2 2 1 1 0 0 on a handful of seeds (the fixed budget calls the pair strong).
//   * Regression, ordinal and multiclass (one against the rest) get the calibration too.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "featrel/lp_svm.hpp"
#include "fri_test_data.hpp"
#include "methods/fri/fri_internal.hpp"

namespace {

using featrel::fri::Budget;
using featrel::fri::Options;

TEST(FriBudget, StandardErrorByHand) {
  using featrel::fri::detail::loss_standard_error;
  // ξ = (0, 0, 1, 3): mean 1, Σ(ξ − 1)² = 1 + 1 + 0 + 4 = 6, s² = 2, SE = √(4·2) = √8.
  EXPECT_DOUBLE_EQ(loss_standard_error({0.0, 0.0, 1.0, 3.0}), std::sqrt(8.0));
  EXPECT_DOUBLE_EQ(loss_standard_error({2.0, 2.0, 2.0}), 0.0);  // no spread: the budget falls back to δ_ℓ, ρ_min
  EXPECT_DOUBLE_EQ(loss_standard_error({5.0}), 0.0);
  EXPECT_DOUBLE_EQ(loss_standard_error({}), 0.0);
}

featrel::gen::RelevanceOptions pair_data(const std::string& task = "classification") {
  featrel::gen::RelevanceOptions g;
  g.task = task;
  g.n_samples = 300;
  g.n_features = 6;
  g.n_strong = 2;
  g.n_weak = 2;
  g.noise = 0.1;
  if (task != "classification") g.target_noise = 0.1;
  return g;
}

// Columns in generator order: strong, the pair, irrelevant.
const std::string kTruth = "221100";

TEST(FriBudget, ModelClassFollowsTheFormula) {
  const featrel::Dataset d = fri_test::generated(pair_data(), 3);
  Options o;
  o.C = 1.0;
  const featrel::fri::Result r = featrel::fri::run(d, o, fri_test::context(3));
  const auto& m = r.models[0];
  EXPECT_EQ(m.model_class.budget, Budget::calibrated);
  EXPECT_GT(m.model_class.loss_se, 0.0);
  EXPECT_NEAR(m.model_class.rho, m.baseline.loss + m.model_class.loss_se, 1e-12 * m.baseline.loss);
  EXPECT_NEAR(m.model_class.mu, 1.001 * m.baseline.l1_norm, 1e-12 * m.baseline.l1_norm);

  // Per-sample losses of the baseline fit sum to its loss, and the SE the run reports is theirs.
  const featrel::fri::Result fixed = featrel::fri::run(d, [&] {
    Options f = o;
    f.budget = Budget::fixed;
    return f;
  }(), fri_test::context(3));
  EXPECT_EQ(fixed.models[0].model_class.budget, Budget::fixed);
  EXPECT_EQ(fixed.models[0].model_class.loss_se, 0.0);
  EXPECT_NEAR(fixed.models[0].model_class.rho, 1.001 * fixed.models[0].baseline.loss, 1e-12 * m.baseline.loss);

  // z = 0: the calibrated rule adds nothing, the class is the fixed one.
  Options z0 = o;
  z0.budget_se = 0.0;
  const featrel::fri::Result r0 = featrel::fri::run(d, z0, fri_test::context(3));
  EXPECT_EQ(r0.models[0].model_class.rho, fixed.models[0].model_class.rho);
  EXPECT_EQ(fri_test::classes_string(r0.features), fri_test::classes_string(fixed.features));
}

TEST(FriBudget, SampleLossesSumToTheLoss) {
  for (const char* task : {"classification", "regression", "ordinal"}) {
    // The generator's own y: ±1, real values, or levels 0..K−1, as the LP takes them.
    const featrel::gen::GeneratedData g = featrel::gen::generate_relevance(pair_data(task), 5);
    const featrel::LpTask t = std::string(task) == "classification" ? featrel::LpTask::classification
                              : std::string(task) == "regression"   ? featrel::LpTask::regression
                                                                     : featrel::LpTask::ordinal;
    featrel::LpSvm lp(g.X, g.y, t, {0, 1, 2, 3, 4, 5}, t == featrel::LpTask::regression ? 0.01 : 0.0);
    const featrel::LpModelFit f = lp.fit_baseline(1.0);
    ASSERT_EQ(f.sample_losses.size(), static_cast<std::size_t>(g.X.rows())) << task;
    double sum = 0;
    for (double v : f.sample_losses) {
      EXPECT_GE(v, -1e-9) << task;
      sum += v;
    }
    EXPECT_NEAR(sum, f.loss, 1e-9 * (1 + f.loss)) << task;
    EXPECT_GT(f.loss, 0.0) << task;
  }
}

TEST(FriBudget, NoisyRedundantPairStaysWeak) {
  // Seeds 1-4 of the noise-curve benchmark's first set (bench/fri_noise_curve.sh): the calibrated class gives the
  // true classes; the fixed 0.1 % class calls the pair strong (each noisy copy holds a little of its own).
  int exact = 0, fixed_exact = 0;
  std::string misses;
  for (std::uint64_t seed : {1u, 2u, 3u, 4u}) {
    const featrel::Dataset d = fri_test::generated(pair_data(), seed);
    const auto r = featrel::fri::run(d, Options{}, fri_test::context(seed));
    const std::string got = fri_test::classes_string(r.features);
    exact += got == kTruth;
    if (got != kTruth) misses += std::to_string(seed) + ": " + got + "\n";
    Options f;
    f.budget = Budget::fixed;
    fixed_exact += fri_test::classes_string(featrel::fri::run(d, f, fri_test::context(seed)).features) == kTruth;
  }
  EXPECT_EQ(exact, 4) << misses;
  EXPECT_LE(fixed_exact, 1);
}

TEST(FriBudget, OtherTasksAreCalibrated) {
  for (const char* task : {"regression", "ordinal"}) {
    const featrel::Dataset d = fri_test::generated(pair_data(task), 2);
    const auto r = featrel::fri::run(d, Options{}, fri_test::context(2));
    const auto& mc = r.models[0].model_class;
    EXPECT_EQ(mc.budget, Budget::calibrated) << task;
    EXPECT_GT(mc.loss_se, 0.0) << task;
    EXPECT_GE(mc.rho, r.models[0].baseline.loss + mc.loss_se - 1e-9) << task;
    // The strong features stay strong and the irrelevant ones irrelevant.
    const std::string got = fri_test::classes_string(r.features);
    EXPECT_EQ(got.substr(0, 2), "22") << task << " " << got;
    EXPECT_EQ(got.substr(4, 2), "00") << task << " " << got;
  }
}

}  // namespace
