// Hand-computed selector values on tiny data: mRMRe's Somers' D with ties (against a brute-force pair count), η²,
// the MI clamp, mRMR's greedy tie and score scaling (on wide data against its pair-by-pair definition), Fisher's
// edge rules (one-row class, zero denominator) and the Laplacian graph with a tie at the k-NN cut, its scores
// against a direct evaluation, and NaN ranked last.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "featrel/error.hpp"
#include "featrel/rng.hpp"
#include "featrel/selectors.hpp"

namespace {

using namespace featrel;
using selectors::Target;

Target classes(std::vector<int> labels, std::size_t k, Task task = Task::binary) {
  Target t;
  t.task = task;
  t.n_classes = k;
  t.y.resize(static_cast<Eigen::Index>(labels.size()));
  for (std::size_t i = 0; i < labels.size(); ++i) t.y[static_cast<Eigen::Index>(i)] = labels[i];
  t.labels = std::move(labels);
  return t;
}

Eigen::VectorXd vec(std::vector<double> v) { return Eigen::Map<Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size())); }

// (C − D − T)/(C + D + T) over all pairs with different codes, by counting every pair.
double brute_somers(const Eigen::VectorXd& x, const std::vector<int>& y) {
  double c = 0, d = 0, t = 0;
  for (std::size_t i = 0; i < y.size(); ++i)
    for (std::size_t j = 0; j < y.size(); ++j) {
      if (y[i] >= y[j]) continue;  // each unordered pair once, i the lower code
      const double xi = x[static_cast<Eigen::Index>(i)], xj = x[static_cast<Eigen::Index>(j)];
      if (xi < xj) c += 1;
      else if (xi > xj) d += 1;
      else t += 1;
    }
  return (c - d - t) / (c + d + t);
}

TEST(SomersD, TiesOnXCountAgainstConcordance) {
  // Pairs across classes: (1,2) C, (1,3) C, (2,2) T, (2,3) C -> (3 − 0 − 1)/4; the textbook form would give 0.75.
  EXPECT_DOUBLE_EQ(selectors::somers_d(vec({1, 2, 2, 3}), {0, 0, 1, 1}, 2), 0.5);
  // Reversed: C = 0, D = 3, T = 1 -> −1 exactly, although one pair is tied.
  EXPECT_DOUBLE_EQ(selectors::somers_d(vec({3, 2, 2, 1}), {0, 0, 1, 1}, 2), -1.0);
  // No pair with different codes.
  EXPECT_DOUBLE_EQ(selectors::somers_d(vec({1, 2, 3}), {1, 1, 1}, 2), 0.0);
}

TEST(SomersD, MatchesPairCountOnManyLevelsWithTies) {
  rng::Rng r(7);
  for (int rep = 0; rep < 20; ++rep) {
    const std::size_t n = 40 + static_cast<std::size_t>(r.bounded(40));
    const std::size_t k = 2 + static_cast<std::size_t>(r.bounded(4));
    Eigen::VectorXd x(static_cast<Eigen::Index>(n));
    std::vector<int> y(n);
    for (std::size_t i = 0; i < n; ++i) {
      x[static_cast<Eigen::Index>(i)] = static_cast<double>(r.bounded(6));  // many ties
      y[i] = static_cast<int>(r.bounded(k));
    }
    EXPECT_NEAR(selectors::somers_d(x, y, k), brute_somers(x, y), 1e-14) << "rep " << rep;
  }
}

TEST(Relevance, EtaSquaredAndPearsonAndClamp) {
  // Class means 1.5, 3.5, 5.5 around 3.5: SS_between = 16, SS_total = 17.5.
  EXPECT_NEAR(selectors::eta_squared(vec({1, 2, 3, 4, 5, 6}), {0, 0, 1, 1, 2, 2}, 3), 16.0 / 17.5, 1e-15);
  // η² does not depend on the order of the labels.
  EXPECT_NEAR(selectors::eta_squared(vec({1, 2, 3, 4, 5, 6}), {2, 2, 0, 0, 1, 1}, 3), 16.0 / 17.5, 1e-15);
  EXPECT_NEAR(selectors::pearson(vec({1, 2, 3, 4}), vec({2, 4, 5, 9})), 0.96476382123773, 1e-12);
  EXPECT_DOUBLE_EQ(selectors::pearson(vec({1, 1, 1}), vec({1, 2, 3})), 0.0);
  EXPECT_NEAR(selectors::gaussian_mi(0.6), -0.5 * std::log(1 - 0.36), 1e-15);
  const double clamped = selectors::gaussian_mi(1.0);
  EXPECT_TRUE(std::isfinite(clamped));
  EXPECT_NEAR(clamped, -0.5 * std::log1p(-(1 - 1e-12) * (1 - 1e-12)), 1e-9);
  EXPECT_EQ(selectors::gaussian_mi(-1.0), clamped);
}

TEST(Mrmr, DuplicateColumnsTieToLowerIndexAndRedundancyIsPenalised) {
  // Columns 0 and 1 are identical and most relevant; column 2 is less relevant and independent of them.
  Eigen::MatrixXd Z(6, 3);
  Z << 1, 1, 2,
       2, 2, -1,
       3, 3, 1,
       4, 4, 3,
       5, 5, 0,
       6, 6, 4;
  const Target y = classes({0, 0, 0, 1, 1, 1}, 2);
  const auto r = selectors::mrmr(Z, y, 3);
  ASSERT_EQ(r.selected, (std::vector<int>{0, 2, 1}));
  const double rel0 = selectors::gaussian_mi(selectors::somers_d(Z.col(0), y.labels, 2));
  const double rel2 = selectors::gaussian_mi(selectors::somers_d(Z.col(2), y.labels, 2));
  const double r02 = selectors::pearson(Z.col(0), Z.col(2));
  EXPECT_DOUBLE_EQ(selectors::somers_d(Z.col(0), y.labels, 2), 1.0);
  EXPECT_NEAR(r.scores[0], rel0, 1e-12);
  // Second pick: ((2−1)/2)·[MI(f,y) − MI(f, s1)].
  EXPECT_NEAR(r.scores[1], 0.5 * (rel2 - selectors::gaussian_mi(r02)), 1e-12);
  // Third: (2/3)·[MI(1,y) − (MI(1,0) + MI(1,2))/2], MI(1,0) the clamped value of r = 1.
  const double third = (2.0 / 3.0) * (rel0 - 0.5 * (selectors::gaussian_mi(1.0) + selectors::gaussian_mi(r02)));
  EXPECT_NEAR(r.scores[2], third, 1e-9);
  // n larger than the column count is capped.
  EXPECT_EQ(selectors::mrmr(Z, y, 10).selected.size(), 3u);
}

TEST(Mrmr, WideGreedyEqualsTheDefinitionWithDuplicateTies) {
  // More columns than rows, every column picked, with exact duplicates placed so that a higher-index copy can sit
  // before its lower-index twin among the candidates: the greedy must still follow the definition (relevance minus
  // the mean MI with the picks, ties to the lower index), computed here pair by pair.
  const Eigen::Index n = 25, p = 60;
  rng::Rng r(11);
  Eigen::MatrixXd Z(n, p);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < p; ++j) Z(i, j) = r.normal();
  for (const auto& [copy, of] : std::vector<std::pair<int, int>>{{7, 3}, {41, 12}, {59, 1}, {30, 29}})
    Z.col(copy) = Z.col(of);
  std::vector<int> labels(static_cast<std::size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i)
    labels[static_cast<std::size_t>(i)] = Z(i, 0) + 0.7 * Z(i, 1) + 0.3 * r.normal() > 0;
  const Target y = classes(labels, 2);
  const auto got = selectors::mrmr(Z, y, static_cast<int>(p));

  std::vector<double> rel(static_cast<std::size_t>(p));
  for (Eigen::Index j = 0; j < p; ++j)
    rel[static_cast<std::size_t>(j)] = selectors::gaussian_mi(selectors::somers_d(Z.col(j), labels, 2));
  std::vector<int> picked;
  std::vector<double> scores;
  std::vector<char> used(static_cast<std::size_t>(p), 0);
  for (Eigen::Index l = 0; l < p; ++l) {
    int best = -1;
    double best_value = 0.0;
    for (Eigen::Index j = 0; j < p; ++j) {
      if (used[static_cast<std::size_t>(j)]) continue;
      double red = 0.0;
      for (int s : picked) red += selectors::gaussian_mi(selectors::pearson(Z.col(j), Z.col(s)));
      const double value = rel[static_cast<std::size_t>(j)] - (l == 0 ? 0.0 : red / static_cast<double>(l));
      if (best < 0 || value > best_value + 1e-12) {
        best = static_cast<int>(j);
        best_value = value;
      }
    }
    used[static_cast<std::size_t>(best)] = 1;
    picked.push_back(best);
    scores.push_back((l == 0 ? 1.0 : static_cast<double>(l) / static_cast<double>(l + 1)) * best_value);
  }
  ASSERT_EQ(got.selected, picked);
  for (std::size_t l = 0; l < scores.size(); ++l) EXPECT_NEAR(got.scores[l], scores[l], 1e-9) << l;
  // Column 0 is picked first, which moves the last column (59, the twin of 1) ahead of column 1 among the
  // candidates; the tie between the twins must still go to 1.
  ASSERT_EQ(picked[0], 0);
  const auto pos = [&](int j) { return std::find(picked.begin(), picked.end(), j) - picked.begin(); };
  EXPECT_LT(pos(1), pos(59));
  EXPECT_LT(pos(3), pos(7));
  EXPECT_LT(pos(12), pos(41));
  EXPECT_LT(pos(29), pos(30));
}

TEST(Mrmr, RegressionUsesPearsonAndMulticlassUsesEta) {
  Eigen::MatrixXd Z(6, 2);
  Z << 1, 3,
       2, 1,
       3, 2,
       4, 6,
       5, 4,
       6, 5;
  Target reg;
  reg.task = Task::regression;
  reg.y = vec({1.0, 2.5, 2.0, 4.0, 5.5, 5.0});
  const auto r = selectors::mrmr(Z, reg, 1);
  EXPECT_NEAR(r.column_scores[0], selectors::gaussian_mi(selectors::pearson(Z.col(0), reg.y)), 1e-15);
  EXPECT_NEAR(r.column_scores[1], selectors::gaussian_mi(selectors::pearson(Z.col(1), reg.y)), 1e-15);

  const Target multi = classes({0, 0, 1, 1, 2, 2}, 3, Task::multiclass);
  const auto m = selectors::mrmr(Z, multi, 1);
  EXPECT_NEAR(m.column_scores[0], -0.5 * std::log(1 - 16.0 / 17.5), 1e-12);
  // Somers' D on the sorted codes on request (the reference's ordered-factor treatment) gives another value.
  const auto s = selectors::mrmr(Z, multi, 1, selectors::ClassRelevance::somers);
  EXPECT_NEAR(s.column_scores[0], selectors::gaussian_mi(selectors::somers_d(Z.col(0), multi.labels, 3)), 1e-15);
  EXPECT_NE(s.column_scores[0], m.column_scores[0]);
}

TEST(Fisher, OneRowClassZeroDenominatorAndTies) {
  Eigen::MatrixXd Z(3, 4);
  // col 0: class 0 = {1, 3}, class 1 = {5}: numerator 2·1 + 1·4 = 6, denominator 2·2 + 1·0 = 4 -> 1.5
  // col 1: within-class constant, means differ -> +inf
  // col 2: constant -> 0/0 -> 0
  // col 3: the same as col 0 -> ties with it, lower index first
  Z << 1, 1, 7, 1,
       3, 1, 7, 3,
       5, 2, 7, 5;
  const auto r = selectors::fisher(Z, classes({0, 0, 1}, 2), 4);
  EXPECT_DOUBLE_EQ(r.column_scores[0], 1.5);
  EXPECT_TRUE(std::isinf(r.column_scores[1]) && r.column_scores[1] > 0);
  EXPECT_DOUBLE_EQ(r.column_scores[2], 0.0);
  EXPECT_DOUBLE_EQ(r.column_scores[3], 1.5);
  EXPECT_EQ(r.selected, (std::vector<int>{1, 0, 3, 2}));
  EXPECT_EQ(selectors::fisher(Z, classes({0, 0, 1}, 2), 2).selected, (std::vector<int>{1, 0}));
}

TEST(Fisher, RegressionTargetIsAnError) {
  Target reg;
  reg.task = Task::regression;
  reg.y = vec({1, 2, 3});
  EXPECT_THROW(selectors::fisher(Eigen::MatrixXd::Ones(3, 2), reg, 1), InputError);
}

// L_f evaluated directly from its definition with unshifted weights exp(−d²/t).
double direct_laplacian_score(const Eigen::MatrixXd& Z, const std::vector<std::pair<int, int>>& links, int f,
                              double t) {
  const Eigen::Index n = Z.rows();
  Eigen::MatrixXd S = Eigen::MatrixXd::Zero(n, n);
  for (auto [i, j] : links) {
    const double d2 = (Z.row(i) - Z.row(j)).squaredNorm();
    S(i, j) = S(j, i) = std::exp(-d2 / t);
  }
  double vol = 0, fd = 0;
  std::vector<double> d(static_cast<std::size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i) {
    d[static_cast<std::size_t>(i)] = S.row(i).sum();
    vol += d[static_cast<std::size_t>(i)];
    fd += d[static_cast<std::size_t>(i)] * Z(i, f);
  }
  double num = 0, den = 0;
  for (Eigen::Index i = 0; i < n; ++i) {
    const double fi = Z(i, f) - fd / vol;
    den += d[static_cast<std::size_t>(i)] * fi * fi;
    for (Eigen::Index j = 0; j < n; ++j) num += 0.5 * S(i, j) * std::pow(Z(i, f) - Z(j, f), 2);
  }
  return num / den;
}

TEST(Laplacian, TieAtTheCutIsKeptAndTheGraphIsTheUnion) {
  // Points 0, 1, 2, 2.5 on the first axis; n = 4 gives k = 1. Row 1 is 1 away from both rows 0 and 2: the tie at
  // its cut keeps both links, and link {1, 2} exists only through it (row 2's nearest is row 3). Link {0, 1} comes
  // from rows 0 and 1, {2, 3} from rows 2 and 3: 3 undirected links.
  Eigen::MatrixXd Z(4, 2);
  Z << 0.0, 5,
       1.0, 5,
       2.0, 5,
       2.5, 5;
  const auto g = selectors::laplacian_graph(Z);
  EXPECT_EQ(g.k, 1u);
  EXPECT_EQ(g.links, 3u);
  EXPECT_GT(g.S(1, 2), 0.0);
  EXPECT_GT(g.S(1, 0), 0.0);
  EXPECT_EQ(g.S(0, 2), 0.0);
  EXPECT_EQ(g.S(1, 3), 0.0);
  EXPECT_EQ(g.S(0, 3), 0.0);
  // Weights are shifted by the smallest linked d² (0.25, the pair 2–3): that link has weight exactly 1.
  EXPECT_DOUBLE_EQ(g.S(2, 3), 1.0);
  EXPECT_DOUBLE_EQ(g.S(0, 1), std::exp(-(1.0 - 0.25)));
  EXPECT_EQ(g.S, g.S.transpose());
  // The constant column has f̃ᵀDf̃ = 0: NaN, ranked last even when every column is asked for.
  const auto r = selectors::laplacian(Z, 2);
  EXPECT_NEAR(r.column_scores[0], direct_laplacian_score(Z, {{0, 1}, {1, 2}, {2, 3}}, 0, 1.0), 1e-12);
  EXPECT_TRUE(std::isnan(r.column_scores[1]));
  EXPECT_EQ(r.selected, (std::vector<int>{0, 1}));
}

TEST(Laplacian, ScoresOnTheTieGraphMatchTheDefinition) {
  // The same tie graph with a second, jittery feature: rows 0 and 2 share its value, so row 1's two distances
  // stay exactly equal.
  Eigen::MatrixXd Z(4, 2);
  Z << 0.0, 0.01,
       1.0, -0.01,
       2.0, 0.01,
       2.5, 0.0;
  const auto g = selectors::laplacian_graph(Z, 2.0);
  ASSERT_EQ(g.links, 3u);
  const std::vector<std::pair<int, int>> links = {{0, 1}, {1, 2}, {2, 3}};
  const auto r = selectors::laplacian(Z, 2, 2.0);
  EXPECT_NEAR(r.column_scores[0], direct_laplacian_score(Z, links, 0, 2.0), 1e-12);
  EXPECT_NEAR(r.column_scores[1], direct_laplacian_score(Z, links, 1, 2.0), 1e-12);
  // The smooth first axis scores lower (better) than the jittery second one.
  EXPECT_EQ(r.selected, (std::vector<int>{0, 1}));
}

TEST(Laplacian, LargeDistancesDoNotUnderflow) {
  // With 4000 columns every squared distance is in the thousands: exp(−d²) underflows to 0 without the shift.
  rng::Rng r(3);
  Eigen::MatrixXd Z(30, 4000);
  for (Eigen::Index i = 0; i < Z.rows(); ++i)
    for (Eigen::Index j = 0; j < Z.cols(); ++j) Z(i, j) = r.normal();
  const auto out = selectors::laplacian(Z, 5);
  for (double s : out.column_scores) ASSERT_TRUE(std::isfinite(s));
  // The same scores directly from the definition, with the squared distances computed here. L_f is a ratio of two
  // forms linear in the weights, so it does not change when every weight is multiplied by one factor: weights
  // exp(−(d² − m)/t) (m the smallest linked d², as the library shifts) and the same times e⁻³⁰ (a shift by m + 30)
  // must give the same scores, and those are the library's. On Z the linked d² differ by tens, so one link holds
  // nearly all the weight; Z2 keeps every d² near 3240 (rows 40·e_i plus N(0, 0.1²) noise in 2000 columns, spread
  // ≈ 1.3), so that every link counts and exp(−d²) would still underflow.
  Eigen::MatrixXd Z2 = Eigen::MatrixXd::Zero(30, 2030);
  for (Eigen::Index i = 0; i < Z2.rows(); ++i) {
    Z2(i, i) = 40.0;
    for (Eigen::Index j = 30; j < Z2.cols(); ++j) Z2(i, j) = 0.1 * r.normal();
  }
  for (const Eigen::MatrixXd* M : {&Z, &Z2}) {
    const Eigen::MatrixXd& X = *M;
    const Eigen::Index n = X.rows();
    const auto lib = selectors::laplacian(X, 5);
    Eigen::MatrixXd d2 = Eigen::MatrixXd::Zero(n, n);
    for (Eigen::Index i = 0; i < n; ++i)
      for (Eigen::Index j = 0; j < n; ++j) d2(i, j) = (X.row(i) - X.row(j)).squaredNorm();
    const auto g = selectors::laplacian_graph(X);
    double m = std::numeric_limits<double>::infinity();
    for (Eigen::Index i = 0; i < n; ++i)
      for (Eigen::Index j = 0; j < n; ++j)
        if (g.S(i, j) > 0) m = std::min(m, d2(i, j));
    ASSERT_GT(m, 1000.0);  // exp(−m) would be 0
    const auto weights = [&](double shift) {
      Eigen::MatrixXd S = Eigen::MatrixXd::Zero(n, n);
      for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j < n; ++j)
          if (g.S(i, j) > 0) S(i, j) = std::exp(-(d2(i, j) - shift));
      return S;
    };
    const Eigen::MatrixXd S = weights(m), scaled = weights(m + 30.0);
    ASSERT_GT(scaled.maxCoeff(), 0.0);
    // The weights agree to the rounding of the d² sums, which add ~2000-4000 terms in another order here
    // (n·ε·d² ≈ 7e-10 at most; ~2e-12 seen).
    for (Eigen::Index i = 0; i < n; ++i)
      for (Eigen::Index j = 0; j < n; ++j) ASSERT_NEAR(g.S(i, j), S(i, j), 1e-9) << i << " " << j;
    // L_f = Σ S_ij (f_i − f_j)² / 2 over Σ d_i (f_i − f̄_D)², f̄_D the degree-weighted mean.
    const auto score = [&](const Eigen::MatrixXd& W, Eigen::Index f) {
      const Eigen::VectorXd d = W.rowwise().sum();
      const double mean = d.dot(X.col(f)) / d.sum();
      double num = 0, den = 0;
      for (Eigen::Index i = 0; i < n; ++i) {
        den += d(i) * (X(i, f) - mean) * (X(i, f) - mean);
        for (Eigen::Index j = 0; j < n; ++j) num += 0.5 * W(i, j) * (X(i, f) - X(j, f)) * (X(i, f) - X(j, f));
      }
      return num / den;
    };
    for (Eigen::Index f = 0; f < X.cols(); ++f) {
      const double direct = score(S, f);
      ASSERT_TRUE(std::isfinite(lib.column_scores[static_cast<std::size_t>(f)])) << f;
      EXPECT_NEAR(score(scaled, f), direct, 1e-12 * direct) << f;
      EXPECT_NEAR(lib.column_scores[static_cast<std::size_t>(f)], direct, 1e-10 * direct) << f;
    }
  }
}

TEST(SelectorInput, BadInputIsAnInputError) {
  const Target y = classes({0, 1, 0}, 2);
  EXPECT_THROW(selectors::mrmr(Eigen::MatrixXd::Ones(3, 2), y, 0), InputError);
  EXPECT_THROW(selectors::mrmr(Eigen::MatrixXd::Ones(2, 2), y, 1), InputError);  // 3 labels for 2 rows
  EXPECT_THROW(selectors::fisher(Eigen::MatrixXd::Ones(3, 2), classes({0, 2, 1}, 2), 1), InputError);
  EXPECT_THROW(selectors::laplacian(Eigen::MatrixXd(0, 2), 1), InputError);
  EXPECT_THROW(selectors::laplacian(Eigen::MatrixXd::Ones(3, 2), 1, 0.0), InputError);
  EXPECT_THROW(selectors::parse_class_relevance("pearson"), InputError);
  EXPECT_THROW(selectors::parse_method("lasso"), InputError);
  EXPECT_EQ(selectors::parse_method("laplace"), selectors::Method::laplacian);
}

}  // namespace
