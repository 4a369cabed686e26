// Boruta with the forest on data with a known truth (docs/boruta.md#borutapy-cross-checks): the make_classification fixture
// (5 informative, 5 redundant, 20 noise columns) under both model presets, generated cluster data, and breast
// cancer's clearly relevant features.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>

#include "boruta_test_data.hpp"
#include "featrel/boruta.hpp"

namespace {

using namespace featrel::boruta;
using boruta_test::context;

TEST(BorutaRecovery, MakeClassificationRfPreset) {
  // BorutaPy confirms exactly the 10 true columns and rejects the 20 noise columns in 8 fits.
  const featrel::Dataset d = boruta_test::make_classification_500x30();
  Options o;
  o.model_preset = ModelPreset::rf;
  const std::vector<std::size_t> truth = boruta_test::true_columns();
  int exact = 0, quick = 0;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const Result r = run(d, o, context(seed, 2));
    if (r.confirmed == truth && r.tentative.empty()) ++exact;
    if (r.n_iterations <= 15) ++quick;
    for (std::size_t j : r.confirmed)  // never a noise column
      EXPECT_TRUE(std::binary_search(truth.begin(), truth.end(), j))
          << "seed " << seed << " confirmed noise column " << j;
    for (std::size_t j : truth)
      EXPECT_NE(r.features[j].decision, Decision::rejected) << "seed " << seed << " rejected x" << j;
  }
  EXPECT_GE(exact, 4);
  EXPECT_GE(quick, 4);
}

TEST(BorutaRecovery, MakeClassificationPaperPreset) {
  // All 20 noise columns rejected in every run; >= 8 of the 10 true columns confirmed and none rejected.
  const featrel::Dataset d = boruta_test::make_classification_500x30();
  const std::vector<std::size_t> truth = boruta_test::true_columns();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const Result r = run(d, Options{}, context(seed, 2));
    std::size_t confirmed_true = 0;
    for (std::size_t j = 0; j < 30; ++j) {
      const bool relevant = std::binary_search(truth.begin(), truth.end(), j);
      if (relevant) {
        EXPECT_NE(r.features[j].decision, Decision::rejected) << "seed " << seed << " x" << j;
        confirmed_true += r.features[j].decision == Decision::confirmed;
      } else {
        EXPECT_EQ(r.features[j].decision, Decision::rejected) << "seed " << seed << " x" << j;
      }
    }
    EXPECT_GE(confirmed_true, 8u) << "seed " << seed;
  }
}

TEST(BorutaRecovery, MissingValuesKeepTheirCode) {
  // 10 % of every column missing (NaN, as --impute keep leaves it): the missing code is routed per split and
  // shadows permute it with the rest, so the true columns are still confirmed and noise is not.
  featrel::Dataset d = boruta_test::make_classification_500x30();
  featrel::rng::Rng r(3);
  for (Eigen::Index j = 0; j < d.X.cols(); ++j)
    for (Eigen::Index i = 0; i < d.X.rows(); ++i)
      if (r.uniform() < 0.1) d.X(i, j) = std::numeric_limits<double>::quiet_NaN();
  Options o;
  o.model_preset = ModelPreset::rf;
  const Result res = run(d, o, context(2, 2));
  const std::vector<std::size_t> truth = boruta_test::true_columns();
  for (std::size_t j = 0; j < 30; ++j) {
    if (std::binary_search(truth.begin(), truth.end(), j)) {
      EXPECT_EQ(res.features[j].decision, Decision::confirmed) << "x" << j;
    } else {
      EXPECT_NE(res.features[j].decision, Decision::confirmed) << "x" << j;
    }
  }
}

TEST(BorutaRecovery, GeneratedClusters) {
  // make_classification's recipe from featrel's generator: informative and redundant columns found, no noise.
  for (std::uint64_t seed : {3u, 4u, 5u}) {
    featrel::gen::ClustersOptions c;
    c.n_samples = 400;
    c.n_features = 20;
    c.n_informative = 4;
    c.n_redundant = 3;
    c.flip_y = 0.0;
    const boruta_test::Generated g = boruta_test::from_generated(featrel::gen::generate_clusters(c, seed));
    Options o;
    o.model_preset = ModelPreset::rf;
    const Result r = run(g.data, o, context(seed + 100, 2));
    for (std::size_t j = 0; j < 20; ++j) {
      if (g.truth.relevant[j]) {
        EXPECT_EQ(r.features[j].decision, Decision::confirmed) << "seed " << seed << " " << g.truth.roles[j] << " x" << j;
      } else {
        EXPECT_NE(r.features[j].decision, Decision::confirmed) << "seed " << seed << " noise x" << j;
      }
    }
  }
}

TEST(BorutaRecovery, BreastCancerKeepsTheClearlyRelevantFeatures) {
  // docs/boruta.md#borutapy-cross-checks: the 25 features BorutaPy confirms in both runs are confirmed and never rejected; 9 and 19 are not
  // rejected. One seed here (the ten-seed acceptance is a benchmark).
  const featrel::Dataset d = boruta_test::breast_cancer();
  const Result r = run(d, Options{}, context(1, 2));
  for (std::size_t j = 0; j < 30; ++j) {
    if (j == 11 || j == 14 || j == 18) continue;
    if (j == 9 || j == 19) {
      EXPECT_NE(r.features[j].decision, Decision::rejected) << d.feature_names[j];
    } else {
      EXPECT_EQ(r.features[j].decision, Decision::confirmed) << d.feature_names[j];
    }
  }
  EXPECT_LE(r.n_iterations, 100);
}

}  // namespace
