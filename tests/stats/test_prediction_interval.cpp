// Prediction intervals against docs/boruta.md#exact-cases and docs/fri.md#threshold-arithmetic-cases.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "featrel/error.hpp"
#include "featrel/stats.hpp"

namespace fs = featrel::stats;

namespace {

const std::vector<double> kSfcScores{0.90, 0.92, 0.91, 0.93, 0.89, 0.90, 0.92, 0.91, 0.90, 0.92};

std::vector<double> fri_probe_values() {  // U_k = 0.0002k + 0.00002k², k = 1..50 (docs/fri.md#threshold-arithmetic-cases)
  std::vector<double> u;
  for (int k = 1; k <= 50; ++k) u.push_back(0.0002 * k + 0.00002 * k * k);
  return u;
}

}  // namespace

TEST(PredictionInterval, SfcHalfWidthFactor) {
  // t·√(1 + 1/50) = 5.444440; with sample SD, relative to the population SD, × √(50/49): 5.499715 (docs/boruta.md#exact-cases).
  std::vector<double> v(50);
  for (int i = 0; i < 50; ++i) v[i] = i % 2 ? 1.0 : -1.0;  // mean 0, population SD 1
  const auto pi = fs::prediction_interval(v, 1e-6, fs::SdKind::population, fs::Sides::two);
  EXPECT_NEAR(pi.mean, 0.0, 1e-15);
  EXPECT_NEAR(pi.sd, 1.0, 1e-15);
  EXPECT_NEAR(pi.t, 5.390799, 1e-6);
  EXPECT_NEAR(pi.upper, 5.444440, 1e-6);
  EXPECT_NEAR(pi.lower, -5.444440, 1e-6);
  const auto ps = fs::prediction_interval(v, 1e-6, fs::SdKind::sample, fs::Sides::two);
  EXPECT_NEAR(ps.upper, 5.499715, 1e-6);
}

TEST(PredictionInterval, SfcTwoSidedPopulationAndSample) {
  const auto pop = fs::prediction_interval(kSfcScores, 1e-6, fs::SdKind::population, fs::Sides::two);
  EXPECT_NEAR(pop.mean, 0.91, 1e-12);
  EXPECT_NEAR(pop.sd, 0.01183216, 1e-8);
  EXPECT_NEAR(pop.t, 10.720160, 1e-6);
  EXPECT_NEAR(pop.lower, 0.7769663, 1e-6);
  EXPECT_NEAR(pop.upper, 1.0430337, 1e-6);
  const auto smp = fs::prediction_interval(kSfcScores, 1e-6, fs::SdKind::sample, fs::Sides::two);
  EXPECT_NEAR(smp.sd, 0.01247219, 1e-8);
  EXPECT_NEAR(smp.lower, 0.7697702, 1e-6);
  EXPECT_NEAR(smp.upper - smp.mean, smp.mean - smp.lower, 1e-12);  // same per-tail t on both sides
}

TEST(PredictionInterval, OneSidedBoundsAreInfinite) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  const auto two = fs::prediction_interval(kSfcScores, 1e-6, fs::SdKind::population, fs::Sides::two);
  const auto low = fs::prediction_interval(kSfcScores, 1e-6, fs::SdKind::population, fs::Sides::lower);
  const auto up = fs::prediction_interval(kSfcScores, 1e-6, fs::SdKind::population, fs::Sides::upper);
  EXPECT_DOUBLE_EQ(low.lower, two.lower);
  EXPECT_EQ(low.upper, inf);
  EXPECT_DOUBLE_EQ(up.upper, two.upper);
  EXPECT_EQ(up.lower, -inf);
}

TEST(PredictionInterval, FriNormalThresholdAndReferenceFormula) {
  const auto u = fri_probe_values();
  // featrel: sample SD, p = 0.999 → tail 0.001, upper end only (docs/fri.md#threshold-arithmetic-cases).
  const auto pi = fs::prediction_interval(u, 0.001, fs::SdKind::sample, fs::Sides::upper);
  EXPECT_NEAR(pi.mean, 0.02227, 1e-12);
  EXPECT_NEAR(pi.sd, 0.0181777061, 1e-10);
  EXPECT_NEAR(pi.t, 3.2650791729, 1e-9);
  EXPECT_NEAR(pi.upper, 0.0822122279, 1e-9);
  EXPECT_EQ(pi.lower, -std::numeric_limits<double>::infinity());
  // Reference: population SD, tail 1e-4.
  const auto ref = fs::prediction_interval(u, 1e-4, fs::SdKind::population, fs::Sides::upper);
  EXPECT_NEAR(ref.sd, 0.0179950110, 1e-10);
  EXPECT_NEAR(ref.t, 4.0204900588, 1e-9);
  EXPECT_NEAR(ref.upper, 0.0953386687, 1e-9);
}

TEST(PredictionInterval, MeanOfSeveralNewValues) {
  // sfc --test-repeats r: the half-width scales with √(1/r + 1/n) instead of √(1 + 1/n).
  const auto one = fs::prediction_interval(kSfcScores, 1e-6, fs::SdKind::population, fs::Sides::two, 1);
  const auto five = fs::prediction_interval(kSfcScores, 1e-6, fs::SdKind::population, fs::Sides::two, 5);
  EXPECT_NEAR((five.upper - five.mean) / (one.upper - one.mean), std::sqrt((0.2 + 0.1) / (1.0 + 0.1)), 1e-12);
  EXPECT_NEAR(five.upper - five.mean, 10.720160 * 0.01183216 * std::sqrt(0.3), 1e-6);
}

TEST(PredictionInterval, ConstantValuesCollapseToTheMean) {
  const auto pi = fs::prediction_interval({2.5, 2.5, 2.5}, 0.01, fs::SdKind::sample, fs::Sides::two);
  EXPECT_DOUBLE_EQ(pi.lower, 2.5);
  EXPECT_DOUBLE_EQ(pi.upper, 2.5);
}

TEST(PredictionInterval, BadInput) {
  using featrel::InputError;
  EXPECT_THROW(fs::prediction_interval({1.0}, 0.01, fs::SdKind::sample, fs::Sides::two), InputError);
  EXPECT_THROW(fs::prediction_interval({1, 2}, 0.0, fs::SdKind::sample, fs::Sides::two), InputError);
  EXPECT_THROW(fs::prediction_interval({1, 2}, 0.6, fs::SdKind::sample, fs::Sides::two), InputError);
  EXPECT_THROW(fs::prediction_interval({1, 2}, 0.01, fs::SdKind::sample, fs::Sides::two, 0), InputError);
  EXPECT_THROW(fs::prediction_interval({1, std::nan("")}, 0.01, fs::SdKind::sample, fs::Sides::two), InputError);
  EXPECT_NO_THROW(fs::prediction_interval({1, 2}, 0.5, fs::SdKind::sample, fs::Sides::two));
}

TEST(PredictionInterval, OptionSpellings) {
  EXPECT_EQ(fs::sd_kind_from_string("population"), fs::SdKind::population);
  EXPECT_EQ(fs::to_string(fs::SdKind::sample), "sample");
  EXPECT_EQ(fs::sides_from_string("lower"), fs::Sides::lower);
  EXPECT_EQ(fs::to_string(fs::Sides::two), "two");
  EXPECT_THROW(fs::sides_from_string("both"), featrel::InputError);
  EXPECT_THROW(fs::sd_kind_from_string("ddof1"), featrel::InputError);
}
