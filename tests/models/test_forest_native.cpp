// The native forest (docs/boruta.md#the-random-forest): the docs/boruta.md#exact-cases one-split example, the split rules (min_leaf, depth,
// missing values), targets of every task, scores in-sample, out of bag and on coded test rows, determinism for a
// seed and any thread count, and shadows as views. (The generator check of docs/generate.md#relevance-generator needs the generator,
// which this suite does not link: it is tests/boruta/test_forest_generator.cpp.)
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>

#include "featrel/error.hpp"
#include "featrel/forest.hpp"
#include "featrel/rng.hpp"
#include "forest_test_data.hpp"
#include "models/forest_detail.hpp"

namespace {

using namespace featrel::forest;

// docs/boruta.md#exact-cases: left 30 rows with 24 ones, right 30 rows with 6 ones, h₀ = ¼, λ = 0.
struct OneSplit {
  Eigen::MatrixXd X{60, 1};
  Target target;
  OneSplit() {
    std::vector<int> y(60);
    for (int i = 0; i < 60; ++i) {
      X(i, 0) = i < 30 ? 0.0 : 1.0;
      y[static_cast<std::size_t>(i)] = i < 30 ? (i < 24 ? 1 : 0) : (i < 36 ? 1 : 0);
    }
    target = Target::classification(y, 2);
  }
};

Params one_tree() {
  Params p;
  p.n_trees = 1;
  p.max_depth = 1;
  p.feature_fraction = ColumnFraction::fraction(1.0);
  p.row_fraction = 1.0;
  p.min_leaf_rows = 1;
  return p;
}

TEST(ForestNative, OneSplitGainAndLeafValues) {
  OneSplit s;
  const BinnedData b = bin(s.X);
  const Design d = forest_test::all_columns(b);
  FitRequest rq;
  rq.keep_model = true;
  rq.margins = true;
  const FitResult r = fit(d, s.target, one_tree(), 7, rq);
  EXPECT_NEAR(r.importance[0], 21.6, 1e-12);  // (−9)²/7.5 + 9²/7.5 − 0
  ASSERT_TRUE(r.model.has_value());
  const Tree& t = r.model->trees.at(0);
  ASSERT_EQ(t.nodes.size(), 3u);
  EXPECT_EQ(t.nodes[0].bin, 0);
  EXPECT_NEAR(t.nodes[static_cast<std::size_t>(t.nodes[0].left)].value, 1.2, 1e-12);
  EXPECT_NEAR(t.nodes[static_cast<std::size_t>(t.nodes[0].right)].value, -1.2, 1e-12);
  EXPECT_NEAR(r.margins(0, 0), 1.2, 1e-12);
  EXPECT_NEAR(r.margins(59, 0), -1.2, 1e-12);
  EXPECT_NEAR(score(r.margins, s.target), 48.0 / 60.0, 1e-12);
}

TEST(ForestNative, MinLeafRowsBlocksSplits) {
  OneSplit s;
  const BinnedData b = bin(s.X);
  const Design d = forest_test::all_columns(b);
  Params p = one_tree();
  p.min_leaf_rows = 30;  // both children keep exactly 30 rows: allowed
  EXPECT_NEAR(fit(d, s.target, p, 1).importance[0], 21.6, 1e-12);
  p.min_leaf_rows = 31;
  EXPECT_EQ(fit(d, s.target, p, 1).importance[0], 0.0);
}

int depth_of(const Tree& t, std::int32_t id = 0) {
  const Node& nd = t.nodes[static_cast<std::size_t>(id)];
  if (nd.left < 0) return 0;
  return 1 + std::max(depth_of(t, nd.left), depth_of(t, nd.right));
}

TEST(ForestNative, DepthLimitAndUnlimitedTrees) {
  const auto pb = forest_test::binary(400, 6, 0.5, 3);
  const BinnedData b = bin(pb.X);
  const Design d = forest_test::all_columns(b);
  FitRequest rq;
  rq.keep_model = true;
  Params p;
  p.n_trees = 10;
  p.max_depth = 3;
  p.min_leaf_rows = 1;
  p.feature_fraction = ColumnFraction::fraction(1.0);
  const FitResult limited = fit(d, pb.target, p, 5, rq);
  for (const Tree& t : limited.model->trees) EXPECT_LE(depth_of(t), 3);
  p.max_depth = 0;  // unlimited: grows until leaves are pure or single rows
  rq.margins = true;
  const FitResult full = fit(d, pb.target, p, 5, rq);
  int deepest = 0;
  for (const Tree& t : full.model->trees) deepest = std::max(deepest, depth_of(t));
  EXPECT_GT(deepest, 5);
}

TEST(ForestNative, SeparableDataIsLearned) {
  const auto pb = forest_test::binary(300, 5, 3.0, 11);
  const BinnedData b = bin(pb.X);
  const Design d = forest_test::all_columns(b);
  Params p;
  p.n_trees = 50;
  p.feature_fraction = ColumnFraction::fraction(0.8);
  FitRequest rq;
  rq.margins = true;
  rq.oob = true;
  const FitResult r = fit(d, pb.target, p, 2, rq);
  EXPECT_GT(score(r.margins, pb.target), 0.99);
  EXPECT_GT(score(r.oob_margins, pb.target), 0.97);
  // The informative columns hold nearly all of the gain.
  const double noise = r.importance[2] + r.importance[3] + r.importance[4];
  EXPECT_GT(r.importance[0] + r.importance[1], 20.0 * noise);
  // Out of bag: each tree leaves out about 37 % of the rows, so every row is out of some of 50 trees.
  for (std::uint32_t c : r.oob_counts) EXPECT_GT(c, 5u);
}

TEST(ForestNative, MulticlassAndRegression) {
  const auto pm = forest_test::three_classes(300, 4, 4.0, 5);
  const BinnedData bm = bin(pm.X);
  Params p;
  p.n_trees = 30;
  p.feature_fraction = ColumnFraction::fraction(1.0);
  FitRequest rq;
  rq.margins = true;
  const FitResult rm = fit(forest_test::all_columns(bm), pm.target, p, 3, rq);
  EXPECT_EQ(rm.margins.cols(), 3);
  EXPECT_EQ(rm.n_trees, 90u);  // K trees per round
  EXPECT_GT(score(rm.margins, pm.target), 0.95);
  EXPECT_GT(rm.importance[0], 10.0 * (rm.importance[1] + rm.importance[2] + rm.importance[3]));

  const auto pr = forest_test::regression(400, 4, 9);
  const BinnedData br = bin(pr.X);
  const FitResult rr = fit(forest_test::all_columns(br), pr.target, p, 3, rq);
  EXPECT_EQ(rr.margins.cols(), 1);
  EXPECT_GT(score(rr.margins, pr.target), 0.8);  // R²
  EXPECT_LT(score(rr.margins, pr.target, {}, Metric::mae), 0.0);  // −MAE
  EXPECT_GT(rr.importance[0], rr.importance[2] + rr.importance[3]);
  EXPECT_GT(rr.importance[1], rr.importance[2] + rr.importance[3]);
  EXPECT_THROW(score(rr.margins, pr.target, {}, Metric::accuracy), featrel::InputError);
  EXPECT_THROW(score(rm.margins, pm.target, {}, Metric::r2), featrel::InputError);
}

TEST(ForestNative, MissingValuesGetTheirOwnDirection) {
  // x0 is missing exactly for class 1: only the missing-value direction separates the classes.
  const std::size_t n = 200;
  Eigen::MatrixXd X(static_cast<Eigen::Index>(n), 2);
  std::vector<int> y(n);
  featrel::rng::Rng r(4);
  for (std::size_t i = 0; i < n; ++i) {
    y[i] = static_cast<int>(i % 2);
    X(static_cast<Eigen::Index>(i), 0) = y[i] ? std::numeric_limits<double>::quiet_NaN() : r.normal();
    X(static_cast<Eigen::Index>(i), 1) = r.normal();
  }
  const Target t = Target::classification(y, 2);
  const BinnedData b = bin(X);
  Params p;
  p.n_trees = 10;
  p.feature_fraction = ColumnFraction::fraction(1.0);
  FitRequest rq;
  rq.margins = true;
  const FitResult fr = fit(forest_test::all_columns(b), t, p, 1, rq);
  EXPECT_EQ(score(fr.margins, t), 1.0);
  EXPECT_GT(fr.importance[0], 100.0 * fr.importance[1]);
}

TEST(ForestNative, KeptModelPredictsCodedTestRows) {
  const auto train = forest_test::binary(400, 5, 1.5, 21);
  const auto test = forest_test::binary(200, 5, 1.5, 22);
  const BinnedData b = bin(train.X);
  const BinnedData bt = bin_like(b, test.X);
  Params p;
  p.n_trees = 40;
  p.feature_fraction = ColumnFraction::fraction(0.6);
  FitRequest rq;
  rq.margins = true;
  rq.keep_model = true;
  const FitResult r = fit(forest_test::all_columns(b), train.target, p, 8, rq);
  // The kept trees reproduce the fit's own margins.
  const Eigen::MatrixXd again = r.model->margins(forest_test::all_columns(b));
  EXPECT_LT((again - r.margins).cwiseAbs().maxCoeff(), 1e-12);
  const double acc = score(r.model->margins(forest_test::all_columns(bt)), test.target);
  EXPECT_GT(acc, 0.9);
  // A permuted test column (pareto's impact) is a permutation of its codes and costs accuracy.
  Design permuted(bt);
  featrel::rng::Rng rr(3);
  permuted.add_permuted(0, rr.permutation(bt.n_rows()));
  for (std::size_t j = 1; j < 5; ++j) permuted.add(j);
  EXPECT_LT(score(r.model->margins(permuted), test.target), acc - 0.05);
}

TEST(ForestNative, HeldOutRowsAreNotTrainedOn) {
  const auto pb = forest_test::binary(300, 4, 1.0, 31);
  const BinnedData b = bin(pb.X);
  std::vector<std::size_t> train, held;
  for (std::size_t i = 0; i < 300; ++i) (i % 3 == 0 ? held : train).push_back(i);
  Params p;
  p.n_trees = 30;
  p.max_depth = 0;
  p.min_leaf_rows = 1;
  p.feature_fraction = ColumnFraction::fraction(1.0);
  FitRequest rq;
  rq.rows = train;
  rq.margins = true;
  const FitResult r = fit(forest_test::all_columns(b), pb.target, p, 4, rq);
  const double in = score(r.margins, pb.target, train), out = score(r.margins, pb.target, held);
  EXPECT_GT(in, out);  // full-depth trees memorise their rows
  EXPECT_GT(out, 0.7);
  rq.rows = {3, 1};
  EXPECT_THROW(fit(forest_test::all_columns(b), pb.target, p, 4, rq), featrel::InputError);
}

TEST(ForestNative, DeterministicForSeedAndThreads) {
  const auto pb = forest_test::binary(500, 12, 0.4, 41);
  const BinnedData b = bin(pb.X);
  const Design d = forest_test::all_columns(b);
  Params p;
  p.n_trees = 37;  // not a multiple of the block size
  p.feature_fraction = ColumnFraction::fraction(0.5);
  FitRequest rq;
  rq.margins = true;
  rq.oob = true;
  rq.threads = 1;
  const FitResult one = fit(d, pb.target, p, 99, rq);
  for (unsigned threads : {2u, 4u}) {
    rq.threads = threads;
    const FitResult many = fit(d, pb.target, p, 99, rq);
    EXPECT_EQ(many.importance, one.importance);  // bit for bit
    EXPECT_TRUE(many.margins == one.margins);
    EXPECT_EQ(many.oob_counts, one.oob_counts);
  }
  EXPECT_NE(fit(d, pb.target, p, 100, rq).importance, one.importance);
  // Node sampling too.
  p.feature_sampling = FeatureSampling::node;
  p.feature_fraction = ColumnFraction::sqrt();
  rq.threads = 1;
  const FitResult n1 = fit(d, pb.target, p, 5, rq);
  rq.threads = 3;
  EXPECT_EQ(fit(d, pb.target, p, 5, rq).importance, n1.importance);
}

// Exact copies split every node alike, so their gains tie exactly. The tie goes to a priority drawn per tree, not
// to the lower column: over many trees each copy takes about half of the splits. (With the lower column winning,
// the later copy had importance 0 here.)
TEST(ForestNative, CopiesShareTheSplitsTheyTie) {
  for (const bool regression : {false, true}) {
    auto pb = regression ? forest_test::regression(300, 4, 12) : forest_test::binary(300, 4, 0.6, 12);
    Eigen::MatrixXd X(pb.X.rows(), 5);
    X.leftCols(4) = pb.X;
    X.col(4) = pb.X.col(0).array() * 3.0 + 7.0;  // a rescaled copy: the same bins, so the same partitions
    const BinnedData b = bin(X);
    Params p;
    p.n_trees = 200;
    p.feature_fraction = ColumnFraction::fraction(1.0);  // both copies in every tree: each split is a tie
    p.feature_sampling = FeatureSampling::tree;
    p.min_leaf_rows = 5;
    const FitResult with_copy = fit(forest_test::all_columns(b), pb.target, p, 3);
    const double a = with_copy.importance[0], c = with_copy.importance[4];
    const std::string what = regression ? "regression" : "binary";
    EXPECT_GT(a, 0.0) << what;
    EXPECT_GT(c, 0.0) << what;
    EXPECT_GT(std::min(a, c) / (a + c), 0.35) << what << ": " << a << " vs " << c;
  }
}

// fit_native's setup for a fit on every row of d, as forest::fit would make it.
featrel::forest::detail::FitSetup all_rows_setup(const Design& d, const Target& t, const Params& p) {
  featrel::forest::detail::FitSetup setup;
  for (std::size_t i = 0; i < d.n_rows(); ++i) setup.rows.push_back(static_cast<std::uint32_t>(i));
  setup.sample_size = static_cast<std::size_t>(p.row_fraction * static_cast<double>(d.n_rows()));
  setup.columns_per_draw = p.feature_fraction.count(d.n_cols());
  setup.base.assign(t.n_outputs(), 0.0);
  return setup;
}

// Classification histograms count in 16-bit halves for trees of < 65,536 rows and in 32-bit halves otherwise;
// both give the same forest to the bit (binary and three classes, missing values, tree and node sampling,
// in-sample and out-of-bag margins).
TEST(ForestNative, CompactClassBinsEqualWideOnes) {
  auto fit_both = [](const Eigen::MatrixXd& X, const Target& t, const Params& p) {
    const BinnedData b = bin(X);
    const Design d = forest_test::all_columns(b);
    featrel::forest::detail::FitSetup setup = all_rows_setup(d, t, p);
    FitRequest rq;
    rq.margins = true;
    rq.oob = true;
    const FitResult compact = featrel::forest::detail::fit_native(d, t, p, 17, rq, setup);
    setup.small_bin_rows = 0;
    const FitResult wide = featrel::forest::detail::fit_native(d, t, p, 17, rq, setup);
    EXPECT_EQ(compact.importance, wide.importance);
    EXPECT_TRUE(compact.margins == wide.margins);
    EXPECT_EQ(compact.oob_counts, wide.oob_counts);
    double total = 0.0;
    for (double v : compact.importance) total += v;
    EXPECT_GT(total, 0.0);  // the trees did split
  };
  auto pb = forest_test::binary(400, 10, 0.4, 3);
  for (Eigen::Index i = 0; i < pb.X.rows(); i += 7) pb.X(i, 1) = std::numeric_limits<double>::quiet_NaN();
  Params p;
  p.n_trees = 20;
  p.feature_fraction = ColumnFraction::fraction(0.6);
  p.row_fraction = 0.632;
  p.min_leaf_rows = 1;
  fit_both(pb.X, pb.target, p);
  const auto p3 = forest_test::three_classes(300, 8, 1.0, 5);
  fit_both(p3.X, p3.target, p);
  p.feature_sampling = FeatureSampling::node;
  p.feature_fraction = ColumnFraction::sqrt();
  fit_both(pb.X, pb.target, p);
}

// Classification nodes with few rows are searched column by column (FitSetup::sparse_node_rows); the forest is the
// same to the bit whether no node, the small ones (the default) or every node takes that path: binary and three
// classes, missing values, tree and node sampling, leaves of 1 and 20 rows, bins of 16- and 32-bit halves.
TEST(ForestNative, ColumnByColumnSearchEqualsNodeHistograms) {
  auto fit_three = [](const Eigen::MatrixXd& X, const Target& t, const Params& p, std::size_t small_bin_rows) {
    const BinnedData b = bin(X);
    const Design d = forest_test::all_columns(b);
    featrel::forest::detail::FitSetup setup = all_rows_setup(d, t, p);
    setup.small_bin_rows = small_bin_rows;
    FitRequest rq;
    rq.margins = true;
    rq.oob = true;
    const FitResult by_default = featrel::forest::detail::fit_native(d, t, p, 23, rq, setup);
    setup.sparse_node_rows = 0;
    const FitResult histograms = featrel::forest::detail::fit_native(d, t, p, 23, rq, setup);
    setup.sparse_node_rows = std::size_t{1} << 30;
    const FitResult columns = featrel::forest::detail::fit_native(d, t, p, 23, rq, setup);
    for (const FitResult* r : {&by_default, &columns}) {
      EXPECT_EQ(r->importance, histograms.importance);
      EXPECT_TRUE(r->margins == histograms.margins);
      EXPECT_EQ(r->oob_counts, histograms.oob_counts);
    }
    double total = 0.0;
    for (double v : histograms.importance) total += v;
    EXPECT_GT(total, 0.0);  // the trees did split
  };
  auto pb = forest_test::binary(300, 12, 0.4, 4);
  for (Eigen::Index i = 0; i < pb.X.rows(); i += 5) pb.X(i, 2) = std::numeric_limits<double>::quiet_NaN();
  const auto p3 = forest_test::three_classes(260, 8, 1.0, 6);
  for (const std::size_t small_bin_rows : {std::size_t{65535}, std::size_t{0}})
    for (const std::size_t leaf : {std::size_t{1}, std::size_t{20}}) {
      Params p;
      p.n_trees = 16;
      p.max_depth = 0;
      p.feature_fraction = ColumnFraction::fraction(0.5);
      p.feature_sampling = FeatureSampling::tree;
      p.row_fraction = 0.632;
      p.min_leaf_rows = leaf;
      fit_three(pb.X, pb.target, p, small_bin_rows);
      fit_three(p3.X, p3.target, p, small_bin_rows);
      p.feature_sampling = FeatureSampling::node;
      p.feature_fraction = ColumnFraction::sqrt();
      fit_three(pb.X, pb.target, p, small_bin_rows);
    }
}

// importance_of: trees that do not draw the column are skipped, and its importance is the full fit's to the bit.
TEST(ForestNative, ImportanceOfOneColumnEqualsTheFullFit) {
  const auto pb = forest_test::binary(300, 20, 0.3, 8);
  const BinnedData b = bin(pb.X);
  const Design d = forest_test::all_columns(b);
  Params p;
  p.n_trees = 40;
  p.feature_fraction = ColumnFraction::fraction(0.3);
  FitRequest rq;
  const FitResult full = fit(d, pb.target, p, 21, rq);
  for (std::size_t c : {0u, 7u, 19u}) {
    rq.importance_of = c;
    const FitResult one = fit(d, pb.target, p, 21, rq);
    EXPECT_EQ(one.importance[c], full.importance[c]) << c;
    EXPECT_GT(one.importance[c], 0.0);
    double rest_full = 0.0, rest_one = 0.0;
    for (std::size_t q = 0; q < 20; ++q)
      if (q != c) rest_full += full.importance[q], rest_one += one.importance[q];
    EXPECT_LT(rest_one, rest_full);  // the skipped trees' gains are missing for the others
  }
  rq.importance_of = 20;
  EXPECT_THROW(fit(d, pb.target, p, 21, rq), featrel::InputError);
  rq.importance_of = 3;
  rq.margins = true;
  EXPECT_THROW(fit(d, pb.target, p, 21, rq), featrel::InputError);
}

TEST(ForestNative, ShadowViewsEqualMaterialisedColumns) {
  const auto pb = forest_test::binary(300, 4, 0.8, 51);
  featrel::rng::Rng r(17);
  const std::vector<std::size_t> perm = r.permutation(300);
  // The materialised way: a matrix with column 2 permuted appended, binned as a new data set.
  Eigen::MatrixXd X2(300, 5);
  X2.leftCols(4) = pb.X;
  for (std::size_t i = 0; i < 300; ++i) X2(static_cast<Eigen::Index>(i), 4) = pb.X(static_cast<Eigen::Index>(perm[i]), 2);
  const BinnedData b = bin(pb.X), b2 = bin(X2);
  Design view = forest_test::all_columns(b);
  view.add_permuted(2, perm);
  const Design mat = forest_test::all_columns(b2);
  Params p;
  p.n_trees = 25;
  p.feature_fraction = ColumnFraction::fraction(0.6);
  FitRequest rq;
  rq.margins = true;
  const FitResult a = fit(view, pb.target, p, 13, rq), c = fit(mat, pb.target, p, 13, rq);
  EXPECT_EQ(a.importance, c.importance);
  EXPECT_TRUE(a.margins == c.margins);
}

TEST(ForestNative, FitsWithOneSeedShareTheirRowSamples) {
  // docs/boruta.md#the-random-forest item 7: rows come from derive(seed, t, 0) whatever the column count, so the out-of-bag counts agree.
  const auto pb = forest_test::binary(200, 6, 0.5, 61);
  const BinnedData b = bin(pb.X);
  Design small(b), large = forest_test::all_columns(b);
  small.add(0);
  large.add_permuted(3, 77);
  Params p;
  p.n_trees = 20;
  FitRequest rq;
  rq.oob = true;
  EXPECT_EQ(fit(small, pb.target, p, 8, rq).oob_counts, fit(large, pb.target, p, 8, rq).oob_counts);
}

TEST(ForestNative, BadInput) {
  const auto pb = forest_test::binary(50, 2, 1.0, 1);
  const BinnedData b = bin(pb.X);
  Design empty(b);
  EXPECT_THROW(fit(empty, pb.target, Params{}, 1), featrel::InputError);
  const auto other = forest_test::binary(40, 2, 1.0, 1);
  EXPECT_THROW(fit(forest_test::all_columns(b), other.target, Params{}, 1), featrel::InputError);
  EXPECT_THROW(Target::classification({0, 0, 0}, 1), featrel::InputError);
  EXPECT_THROW(Target::classification({0, 3}, 2), featrel::InputError);
  EXPECT_THROW(Target::regression({1.0, std::numeric_limits<double>::infinity()}), featrel::InputError);
  Params p;
  p.engine = Engine::xgboost;
  FitRequest rq;
  rq.oob = true;
  EXPECT_THROW(fit(forest_test::all_columns(b), pb.target, p, 1, rq), featrel::InputError);
}

}  // namespace

// last_column_importances shares each tree among designs that differ only in their last column; every entry must
// be the plain fit's importance_of to the bit: binary (16- and 32-bit bins), three classes, regression (whose
// histogram sums round, so the replayed build/subtract chain must be the fit's), missing values, training rows,
// any thread count, and node sampling (one fit per design). Shadows that win splits (a relevant column permuted
// by the identity, i.e. a copy) and shadows that never do both occur, so both paths of the replay run.
TEST(ForestNative, LastColumnImportancesEqualOneFitPerDesign) {
  struct Case {
    std::string name;
    forest_test::Problem problem;
    std::size_t small_bin_rows = 65535;
  };
  std::vector<Case> cases;
  cases.push_back({"binary", forest_test::binary(240, 12, 0.4, 3)});
  cases.push_back({"binary, 32-bit bins", forest_test::binary(240, 12, 0.4, 3), 0});
  cases.push_back({"three classes", forest_test::three_classes(240, 10, 1.0, 4)});
  cases.push_back({"regression", forest_test::regression(240, 10, 5)});
  {
    Case c{"binary with missing values", forest_test::binary(240, 12, 0.4, 6)};
    for (Eigen::Index i = 0; i < 240; i += 7) c.problem.X(i, (i / 7) % 12) = std::numeric_limits<double>::quiet_NaN();
    cases.push_back(std::move(c));
  }
  for (const Case& c : cases) {
    const BinnedData b = bin(c.problem.X);
    const std::size_t n = b.n_rows(), d = b.n_cols();
    featrel::rng::Rng r(99);
    std::vector<Design> designs;
    for (std::size_t s = 0; s < 12; ++s) {
      Design x = forest_test::all_columns(b);
      const std::size_t src = s % d;
      // Every third variant appends an unpermuted copy, which splits like its source and so diverges.
      std::vector<std::size_t> perm(n);
      for (std::size_t i = 0; i < n; ++i) perm[i] = i;
      if (s % 3 != 0) perm = r.permutation(n);
      x.add_permuted(src, perm);
      designs.push_back(std::move(x));
    }
    std::vector<const Design*> ptrs;
    for (const Design& x : designs) ptrs.push_back(&x);
    for (FeatureSampling sampling : {FeatureSampling::tree, FeatureSampling::node}) {
      Params p;
      p.n_trees = 30;
      p.feature_fraction = ColumnFraction::fraction(0.5);
      p.feature_sampling = sampling;
      p.min_leaf_rows = 5;
      FitRequest rq;
      for (std::size_t i = 0; i < n; i += 5) rq.rows.push_back(i);  // not every row trains
      for (std::size_t i = 1; i < n; i += 5) rq.rows.push_back(i);
      std::sort(rq.rows.begin(), rq.rows.end());
      std::vector<double> plain;
      for (const Design& x : designs) {
        FitRequest one = rq;
        one.importance_of = d;
        plain.push_back(fit(x, c.problem.target, p, 17, one).importance.back());
      }
      std::size_t zero = 0, positive = 0;
      for (double v : plain) (v == 0.0 ? zero : positive) += 1;
      EXPECT_GT(positive, 0u) << c.name;
      for (unsigned threads : {1u, 2u}) {
        rq.threads = threads;
        const std::vector<double> shared = last_column_importances(ptrs, c.problem.target, p, 17, rq);
        ASSERT_EQ(shared.size(), plain.size());
        for (std::size_t s = 0; s < plain.size(); ++s)
          EXPECT_EQ(shared[s], plain[s]) << c.name << ", variant " << s << ", threads " << threads;
      }
      if (c.small_bin_rows == 0 && sampling == FeatureSampling::tree) {
        featrel::forest::detail::FitSetup setup;  // what fit() derives, with the 32-bit halves forced
        for (std::size_t i : rq.rows) setup.rows.push_back(static_cast<std::uint32_t>(i));
        setup.sample_size = static_cast<std::size_t>(p.row_fraction * static_cast<double>(setup.rows.size()));
        setup.columns_per_draw = p.feature_fraction.count(d + 1);
        setup.base.assign(1, 0.0);
        setup.small_bin_rows = 0;
        const std::vector<double> wide =
            featrel::forest::detail::last_column_importances_native(ptrs, c.problem.target, p, 17, rq, setup);
        EXPECT_EQ(wide, plain) << c.name;
      }
    }
  }
}

TEST(ForestNative, LastColumnImportancesNeedDesignsThatDifferOnlyInTheLastColumn) {
  const auto pb = forest_test::binary(100, 5, 0.4, 8);
  const BinnedData b = bin(pb.X);
  Design a = forest_test::all_columns(b), c(b);
  a.add_permuted(1, 3);
  for (std::size_t j : {0u, 1u, 3u, 2u, 4u}) c.add(j);  // other columns in another order
  c.add_permuted(1, 4);
  Params p;
  p.n_trees = 4;
  EXPECT_THROW(last_column_importances({&a, &c}, pb.target, p, 1), featrel::InputError);
  FitRequest rq;
  rq.margins = true;
  EXPECT_THROW(last_column_importances({&a}, pb.target, p, 1, rq), featrel::InputError);
  EXPECT_TRUE(last_column_importances({}, pb.target, p, 1).empty());
}
