// `generate --kind clusters` (docs/generate.md#clusters-generator): validation, cluster sizes and class counts, the column roles
// after the shuffle, the extras, and reproducibility.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "featrel/error.hpp"
#include "featrel/generate.hpp"
#include "helpers.hpp"

namespace featrel::gen {
namespace {

using test::columns;
using test::expect_input_error;

std::vector<std::size_t> with_role(const Truth& t, const std::string& role) {
  std::vector<std::size_t> out;
  for (std::size_t j = 0; j < t.roles.size(); ++j)
    if (t.roles[j] == role) out.push_back(j);
  return out;
}

std::vector<int> class_counts(const Eigen::VectorXd& y, std::size_t K) {
  std::vector<int> counts(K, 0);
  for (Eigen::Index i = 0; i < y.size(); ++i) {
    const double v = y(i);
    EXPECT_EQ(v, std::floor(v));
    EXPECT_GE(v, 0);
    EXPECT_LT(v, static_cast<double>(K));
    ++counts[static_cast<std::size_t>(v)];
  }
  return counts;
}

TEST(ClustersGenerator, DefaultsAreScikitLearns) {
  const ClustersOptions o;
  EXPECT_EQ(o.n_samples, 100U);
  EXPECT_EQ(o.n_features, 20U);
  EXPECT_EQ(o.n_informative, 2U);
  EXPECT_EQ(o.n_redundant, 2U);
  EXPECT_EQ(o.n_repeated, 0U);
  EXPECT_EQ(o.n_classes, 2U);
  EXPECT_EQ(o.n_clusters_per_class, 2U);
  EXPECT_TRUE(o.weights.empty());
  EXPECT_EQ(o.flip_y, 0.01);
  EXPECT_EQ(o.class_sep, 1.0);
  EXPECT_TRUE(o.hypercube);
  EXPECT_EQ(o.shift, 0.0);
  EXPECT_EQ(o.scale, 1.0);
  EXPECT_TRUE(o.shuffle);
  const GeneratedData g = generate_clusters(o, 0);
  EXPECT_EQ(g.X.rows(), 100);
  EXPECT_EQ(g.X.cols(), 20);
  EXPECT_TRUE(g.X.allFinite());
  EXPECT_EQ(g.truth.kind, "clusters");
  EXPECT_EQ(g.truth.task, "classification");
  EXPECT_TRUE(g.truth.classes.empty());
  EXPECT_EQ(g.truth.params["weights"], nlohmann::json({0.5, 0.5}));
}

TEST(ClustersGenerator, EveryValidationError) {
  auto gen = [](ClustersOptions o) { return [o] { generate_clusters(o, 0); }; };
  ClustersOptions o;
  o = {};
  o.n_samples = 0;
  expect_input_error(gen(o), "--n-samples");
  o = {};
  o.n_features = 0;
  expect_input_error(gen(o), "--n-features");
  o = {};
  o.n_classes = 1;
  expect_input_error(gen(o), "--n-classes");
  o = {};
  o.n_clusters_per_class = 0;
  expect_input_error(gen(o), "--n-clusters-per-class");
  o = {};
  o.n_informative = 0;
  expect_input_error(gen(o), "--n-informative");
  o = {};
  o.n_informative = 10;
  o.n_redundant = 8;
  o.n_repeated = 3;
  expect_input_error(gen(o), "--n-informative + --n-redundant + --n-repeated = 21 exceeds --n-features = 20");
  o = {};
  o.n_classes = 3;  // 3 x 2 clusters on 2^2 = 4 vertices
  expect_input_error(gen(o), "--n-classes x --n-clusters-per-class = 6 exceeds 2^--n-informative");
  o = {};
  o.weights = {0.2, 0.3, 0.5};
  expect_input_error(gen(o), "--weights has 3 values");
  o = {};
  o.weights = {-0.1, 1.1};
  expect_input_error(gen(o), "--weights value -0.1");
  o = {};
  o.weights = {0.75, 0.5};
  expect_input_error(gen(o), "--weights sum to 1.25");
  o = {};
  o.flip_y = 1.5;
  expect_input_error(gen(o), "--flip-y");
  o = {};
  o.class_sep = -1;
  expect_input_error(gen(o), "--class-sep");
  o = {};
  o.shift = std::nan("");
  expect_input_error(gen(o), "--shift");
  o = {};
  o.scale = INFINITY;
  expect_input_error(gen(o), "--scale");
  // The boundary of the vertex count is accepted: 2 x 2 clusters on the 4 vertices of the square.
  o = {};
  EXPECT_NO_THROW(generate_clusters(o, 0));
  o.n_informative = 1;  // 2 classes x 1 cluster on the 2 ends of a segment
  o.n_redundant = 0;
  o.n_clusters_per_class = 1;
  EXPECT_NO_THROW(generate_clusters(o, 0));
}

TEST(ClustersGenerator, ClusterSizesAndClassCountsFollowTheWeights) {
  ClustersOptions o;
  o.n_samples = 103;
  o.n_classes = 3;
  o.n_clusters_per_class = 2;
  o.n_informative = 3;
  o.weights = {0.5, 0.25};  // the last weight becomes 0.25
  o.flip_y = 0;
  o.shuffle = false;
  const GeneratedData g = generate_clusters(o, 5);
  EXPECT_EQ(g.truth.params["weights"], nlohmann::json({0.5, 0.25, 0.25}));
  // ⌊103·w/2⌋ = 25, 12, 12 per cluster (98 rows); the other 5 go to clusters 0..4.
  const std::vector<int> sizes{26, 13, 13, 26, 13, 12};
  Eigen::Index row = 0;
  for (std::size_t c = 0; c < sizes.size(); ++c)
    for (int k = 0; k < sizes[c]; ++k, ++row) ASSERT_EQ(g.y(row), static_cast<double>(c % 3)) << "row " << row;
  EXPECT_EQ(row, 103);
  EXPECT_EQ(class_counts(g.y, 3), (std::vector<int>{52, 26, 25}));
  // Shuffling permutes the rows, not the counts.
  o.shuffle = true;
  EXPECT_EQ(class_counts(generate_clusters(o, 5).y, 3), (std::vector<int>{52, 26, 25}));
  // Weights of length K are used as given.
  o.weights = {0.1, 0.1, 0.8};
  o.n_clusters_per_class = 1;
  o.n_samples = 200;
  EXPECT_EQ(class_counts(generate_clusters(o, 6).y, 3), (std::vector<int>{20, 20, 160}));
}

TEST(ClustersGenerator, CentroidsAreHypercubeVertices) {
  ClustersOptions o;
  o.n_samples = 8000;
  o.n_features = 3;
  o.n_informative = 3;
  o.n_redundant = 0;
  o.n_classes = 4;
  o.n_clusters_per_class = 2;  // all 8 vertices of the cube
  o.class_sep = 5;
  o.flip_y = 0;
  o.shuffle = false;
  const GeneratedData g = generate_clusters(o, 2);
  std::set<std::vector<int>> seen;
  for (Eigen::Index c = 0; c < 8; ++c) {
    const Eigen::RowVectorXd mean = g.X.middleRows(c * 1000, 1000).colwise().mean();
    std::vector<int> signs;
    for (Eigen::Index j = 0; j < 3; ++j) {
      EXPECT_NEAR(std::abs(mean(j)), 5.0, 0.15) << "cluster " << c;
      signs.push_back(mean(j) > 0 ? 1 : -1);
    }
    seen.insert(signs);
  }
  EXPECT_EQ(seen.size(), 8U);  // distinct vertices
  // Without the hypercube the centroids shrink towards the origin by random factors.
  o.hypercube = false;
  const GeneratedData h = generate_clusters(o, 2);
  for (Eigen::Index c = 0; c < 8; ++c) {
    const Eigen::RowVectorXd mean = h.X.middleRows(c * 1000, 1000).colwise().mean();
    EXPECT_LT(mean.cwiseAbs().maxCoeff(), 5.0 + 0.15);
  }
}

TEST(ClustersGenerator, DistinctVerticesInHighDimensions) {
  // Above 16 informative dimensions the vertices are drawn by rejection, above 30 the leading bits are free
  // (scikit-learn); the centroids must still be distinct vertices.
  for (std::size_t dim : {20U, 35U}) {
    ClustersOptions o;
    o.n_samples = 6000;
    o.n_features = dim;
    o.n_informative = dim;
    o.n_redundant = 0;
    o.n_classes = 3;
    o.n_clusters_per_class = 1;
    o.class_sep = 3;
    o.flip_y = 0;
    o.shuffle = false;
    const GeneratedData g = generate_clusters(o, 1);
    std::set<std::vector<int>> seen;
    for (Eigen::Index c = 0; c < 3; ++c) {
      const Eigen::RowVectorXd mean = g.X.middleRows(c * 2000, 2000).colwise().mean();
      std::vector<int> signs;
      // Each cluster is N(0, I)·A + centroid with A uniform on [−1, 1]: a column's sd is √(Σ_a A_aj²) ≈ √(dim/3),
      // 2.6 to 3.4 here, so the standard error of a mean over 2000 rows is that sd/√2000 ≈ 0.06–0.08 (measured
      // per column below). Each mean must lie within 4.5 of its standard errors of ±class_sep, and the mean of the
      // standardised deviations over the dim columns, whose sd is 1/√dim, within 4.5/√dim of 0.
      const Eigen::MatrixXd block = g.X.middleRows(c * 2000, 2000);
      double z_sum = 0;
      for (Eigen::Index j = 0; j < mean.size(); ++j) {
        const double sd = std::sqrt((block.col(j).array() - mean(j)).square().sum() / 1999.0);
        const double se = sd / std::sqrt(2000.0);
        const double z = (std::abs(mean(j)) - 3.0) / se;
        EXPECT_LT(std::abs(z), 4.5) << "dim " << dim << " cluster " << c << " column " << j << ": mean " << mean(j)
                                    << ", standard error " << se;
        z_sum += z;
        signs.push_back(mean(j) > 0 ? 1 : -1);
      }
      EXPECT_LT(std::abs(z_sum / double(dim)), 4.5 / std::sqrt(double(dim))) << "dim " << dim << " cluster " << c;
      seen.insert(signs);
    }
    EXPECT_EQ(seen.size(), 3U) << "dim " << dim;
  }
}

TEST(ClustersGenerator, RolesFollowTheFinalColumnPositions) {
  for (std::uint64_t seed = 0; seed < 5; ++seed) {
    ClustersOptions o;
    o.n_samples = 120;
    o.n_features = 15;
    o.n_informative = 3;
    o.n_redundant = 4;
    o.n_repeated = 3;
    o.flip_y = 0;
    const GeneratedData g = generate_clusters(o, seed);
    const Truth& t = g.truth;
    const auto inf = with_role(t, "informative"), red = with_role(t, "redundant"), rep = with_role(t, "repeated"),
               noise = with_role(t, "noise");
    ASSERT_EQ(inf.size(), 3U);
    ASSERT_EQ(red.size(), 4U);
    ASSERT_EQ(rep.size(), 3U);
    ASSERT_EQ(noise.size(), 5U);
    for (std::size_t j = 0; j < 15; ++j) EXPECT_EQ(t.relevant[j], t.roles[j] != "noise");

    // Redundant columns are exact linear combinations of the informative ones (no shift, no scale, no noise):
    // the informative + redundant block has rank n_informative.
    const Eigen::MatrixXd block = columns(g.X, [&] {
      auto v = inf;
      v.insert(v.end(), red.begin(), red.end());
      return v;
    }());
    Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(block);
    qr.setThreshold(1e-10);
    EXPECT_EQ(qr.rank(), 3) << "seed " << seed;
    const Eigen::MatrixXd Xi = columns(g.X, inf);
    for (std::size_t r : red) {
      const Eigen::VectorXd col = g.X.col(static_cast<Eigen::Index>(r));
      const Eigen::VectorXd fit = Xi * Xi.colPivHouseholderQr().solve(col);
      EXPECT_LT((col - fit).norm(), 1e-9 * col.norm()) << "seed " << seed;
    }
    // Repeated columns equal their source, an informative or redundant column, and share its group.
    std::set<int> ids;
    for (std::size_t r : rep) {
      ASSERT_TRUE(t.repeat_of[r].has_value());
      const std::size_t src = *t.repeat_of[r];
      EXPECT_TRUE(t.roles[src] == "informative" || t.roles[src] == "redundant");
      EXPECT_EQ(g.X.col(static_cast<Eigen::Index>(r)), g.X.col(static_cast<Eigen::Index>(src)));
      EXPECT_GT(t.groups[r], 0);
      EXPECT_EQ(t.groups[r], t.groups[src]);
      ids.insert(t.groups[r]);
    }
    for (std::size_t j = 0; j < 15; ++j) {
      if (t.roles[j] != "repeated") {
        EXPECT_FALSE(t.repeat_of[j].has_value());
      }
      if (t.groups[j] > 0) {
        EXPECT_TRUE(t.repeat_of[j].has_value() || ids.count(t.groups[j]));
      }
    }
  }
}

TEST(ClustersGenerator, ShiftAndScaleArePerColumnAffineMaps) {
  ClustersOptions o;
  o.n_samples = 50;
  o.shuffle = false;
  const GeneratedData base = generate_clusters(o, 9);
  o.shift = 3;
  o.scale = 2;
  const GeneratedData fixed = generate_clusters(o, 9);
  EXPECT_LT((fixed.X - (base.X.array() + 3.0).matrix() * 2.0).cwiseAbs().maxCoeff(), 1e-12);
  o.shift_random = true;
  o.scale_random = true;
  o.class_sep = 1.5;
  o.shift = 0;
  o.scale = 1;
  const GeneratedData rnd = generate_clusters(o, 9);
  // Same draws up to the shift and scale (class_sep only moves the centroids), so each column is affine in the
  // base column with scale in [1, 101) and shift in [-1.5, 1.5).
  ClustersOptions b = o;
  b.shift_random = b.scale_random = false;
  const GeneratedData base15 = generate_clusters(b, 9);
  EXPECT_EQ(rnd.y, base15.y);
  for (Eigen::Index j = 0; j < rnd.X.cols(); ++j) {
    const double s = (rnd.X(1, j) - rnd.X(0, j)) / (base15.X(1, j) - base15.X(0, j));
    const double shift = rnd.X(0, j) / s - base15.X(0, j);
    EXPECT_GE(s, 1.0 - 1e-9);
    EXPECT_LT(s, 101.0);
    EXPECT_GE(shift, -1.5 - 1e-9);
    EXPECT_LT(shift, 1.5 + 1e-9);
    EXPECT_LT((rnd.X.col(j) - ((base15.X.col(j).array() + shift) * s).matrix()).cwiseAbs().maxCoeff(),
              1e-9 * s * (1 + base15.X.col(j).cwiseAbs().maxCoeff()));
  }
  EXPECT_EQ(rnd.truth.params["shift"], "random");
  EXPECT_EQ(rnd.truth.params["scale"], "random");
}

TEST(ClustersGenerator, LabelNoise) {
  ClustersOptions o;
  o.n_samples = 4000;
  o.n_clusters_per_class = 1;
  o.shuffle = false;
  o.flip_y = 0;
  const GeneratedData clean = generate_clusters(o, 3);
  // Clean labels follow the clusters: rows 0..1999 class 0, the rest class 1.
  EXPECT_EQ(class_counts(clean.y.head(2000), 2), (std::vector<int>{2000, 0}));
  o.flip_y = 1.0;  // every row redrawn uniformly from both classes
  const GeneratedData all = generate_clusters(o, 3);
  const double changed = static_cast<double>((clean.y.array() != all.y.array()).count()) / 4000.0;
  EXPECT_NEAR(changed, 0.5, 0.04);
  o.flip_y = 0.2;  // 20 % redrawn, half of them keep their label
  const GeneratedData some = generate_clusters(o, 3);
  EXPECT_NEAR(static_cast<double>((clean.y.array() != some.y.array()).count()) / 4000.0, 0.1, 0.025);
}

TEST(ClustersGenerator, IntegerNoiseAndRowZscore) {
  ClustersOptions o;
  o.n_samples = 300;
  o.n_features = 10;
  o.n_informative = 10;
  o.n_redundant = 0;
  o.n_classes = 4;
  o.n_clusters_per_class = 1;
  o.append_int_noise = 5;
  const GeneratedData g = generate_clusters(o, 4);
  ASSERT_EQ(g.X.cols(), 15);
  ASSERT_EQ(g.names.size(), 15U);
  EXPECT_EQ(g.names.back(), "x14");
  EXPECT_EQ(with_role(g.truth, "int_noise"), (std::vector<std::size_t>{10, 11, 12, 13, 14}));
  for (Eigen::Index j = 10; j < 15; ++j) {
    std::set<double> values;
    for (Eigen::Index i = 0; i < 300; ++i) {
      const double v = g.X(i, j);
      ASSERT_EQ(v, std::floor(v));
      ASSERT_GE(v, 0);
      ASSERT_LE(v, 9);
      values.insert(v);
    }
    EXPECT_EQ(values.size(), 10U);
    EXPECT_FALSE(g.truth.relevant[static_cast<std::size_t>(j)]);
    EXPECT_EQ(g.truth.groups[static_cast<std::size_t>(j)], 0);
  }
  o.row_zscore = true;
  const GeneratedData z = generate_clusters(o, 4);
  for (Eigen::Index i = 0; i < z.X.rows(); ++i) {
    const double mean = z.X.row(i).mean();
    EXPECT_NEAR(mean, 0.0, 1e-12);
    EXPECT_NEAR(std::sqrt((z.X.row(i).array() - mean).square().mean()), 1.0, 1e-12);
  }
  // A single column: every row is constant and stays at 0 rather than dividing by 0.
  ClustersOptions one;
  one.n_features = 1;
  one.n_informative = 1;
  one.n_redundant = 0;
  one.n_clusters_per_class = 1;
  one.row_zscore = true;
  EXPECT_EQ(generate_clusters(one, 0).X.cwiseAbs().maxCoeff(), 0.0);
}

TEST(ClustersGenerator, AuthorsRecipe) {
  // docs/generate.md#clusters-generator: --n-samples 350 --n-features 10 --n-informative 10 --n-redundant 0 --n-classes 4
  // --n-clusters-per-class 1 --class-sep 1.5 --flip-y 0.05 --scale random --append-int-noise 25 --row-zscore
  ClustersOptions o;
  o.n_samples = 350;
  o.n_features = 10;
  o.n_informative = 10;
  o.n_redundant = 0;
  o.n_classes = 4;
  o.n_clusters_per_class = 1;
  o.class_sep = 1.5;
  o.flip_y = 0.05;
  o.scale_random = true;
  o.append_int_noise = 25;
  o.row_zscore = true;
  const GeneratedData g = generate_clusters(o, 12345);
  EXPECT_EQ(g.X.rows(), 350);
  EXPECT_EQ(g.X.cols(), 35);
  EXPECT_EQ(with_role(g.truth, "informative").size(), 10U);
  EXPECT_EQ(with_role(g.truth, "int_noise").size(), 25U);
  const auto counts = class_counts(g.y, 4);
  // The seed fixes the 5 % label noise, so the counts are exact: 88, 88, 87, 87 before it (below), after it these.
  EXPECT_EQ(counts, (std::vector<int>{90, 85, 87, 88}));
  const std::string csv = g.to_csv();
  EXPECT_EQ(csv.substr(0, 3), "x0,");
  EXPECT_NE(csv.find(",x34,y\n"), std::string::npos);
  o.flip_y = 0;
  EXPECT_EQ(class_counts(generate_clusters(o, 12345).y, 4), (std::vector<int>{88, 88, 87, 87}));
}

TEST(ClustersGenerator, SameSeedSameBytesDifferentSeedDifferentBytes) {
  ClustersOptions o;
  o.n_samples = 40;
  o.n_repeated = 2;
  o.shift_random = true;
  o.append_int_noise = 3;
  const std::string a = generate_clusters(o, 1).to_csv();
  EXPECT_EQ(a, generate_clusters(o, 1).to_csv());
  EXPECT_NE(a, generate_clusters(o, 2).to_csv());
  EXPECT_EQ(generate_clusters(o, 1).truth.to_json().dump(), generate_clusters(o, 1).truth.to_json().dump());
}

}  // namespace
}  // namespace featrel::gen
