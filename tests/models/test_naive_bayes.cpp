// Gaussian naive Bayes (docs/pareto.md#classifiers `nb`): parameters and joint log-likelihoods of a tiny data set against values
// computed by hand (exact fractions for the moments), the smoothing term, ties going to the negative class, bad
// input, and the pairwise sum's one-term replacement against a full re-evaluation.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <vector>

#include "classifier_test_data.hpp"
#include "featrel/error.hpp"
#include "featrel/naive_bayes.hpp"

namespace {

namespace nb = featrel::naive_bayes;

// Class 0: rows (1, .5), (2, .5), (4, 1.5); class 1: (6, 2.5), (7, 2). Feature variances over all rows (ddof 0):
// 26/5 and 16/25, so ε = 1e-9 · 26/5 = 5.2e-9.
struct Tiny {
  Eigen::MatrixXd X{{1.0, 0.5}, {2.0, 0.5}, {4.0, 1.5}, {6.0, 2.5}, {7.0, 2.0}};
  std::vector<int> y{0, 0, 0, 1, 1};
};

TEST(NaiveBayes, TinyParametersByHand) {
  const Tiny t;
  const nb::Model m = nb::fit(t.X, t.y, 2);
  EXPECT_NEAR(m.epsilon, 5.2e-9, 1e-22);
  EXPECT_NEAR(m.log_prior(0), std::log(0.6), 1e-15);
  EXPECT_NEAR(m.log_prior(1), std::log(0.4), 1e-15);
  EXPECT_NEAR(m.mean(0, 0), 7.0 / 3.0, 1e-15);
  EXPECT_NEAR(m.mean(0, 1), 2.5 / 3.0, 1e-15);
  EXPECT_NEAR(m.mean(1, 0), 6.5, 1e-15);
  EXPECT_NEAR(m.mean(1, 1), 2.25, 1e-15);
  EXPECT_NEAR(m.var(0, 0), 14.0 / 9.0 + 5.2e-9, 1e-15);  // ddof 0, not 1
  EXPECT_NEAR(m.var(0, 1), 2.0 / 9.0 + 5.2e-9, 1e-15);
  EXPECT_NEAR(m.var(1, 0), 0.25 + 5.2e-9, 1e-15);
  EXPECT_NEAR(m.var(1, 1), 0.0625 + 5.2e-9, 1e-15);
}

TEST(NaiveBayes, TinyJointLogLikelihoodByHand) {
  const Tiny t;
  const nb::Model m = nb::fit(t.X, t.y, 2);
  const Eigen::MatrixXd T{{3.0, 1.0}, {5.5, 2.0}, {0.0, 0.0}};
  const Eigen::MatrixXd jll = m.joint_log_likelihood(T);
  // log π_c − ½Σ_j [log(2πσ²_cj) + (x_j − μ_cj)²/σ²_cj], evaluated with exact rational moments.
  const double expected[3][2] = {{-2.022937522215239, -37.67472475900376},
                                 {-8.10329458457519, -3.174726225403667},
                                 {-5.130080338885648, -125.67472118140398}};
  for (int i = 0; i < 3; ++i)
    for (int c = 0; c < 2; ++c) EXPECT_NEAR(jll(i, c), expected[i][c], 1e-12) << i << "," << c;
  EXPECT_EQ(m.predict(T), (std::vector<int>{0, 1, 0}));
}

TEST(NaiveBayes, SmoothingKeepsAClassConstantFeatureFinite) {
  // Feature 1 is constant within each class (variance 0 before smoothing); the smoothing 1e-9·max Var keeps the
  // likelihood finite and lets the feature decide.
  const Eigen::MatrixXd X{{0.0, 1.0}, {1.0, 1.0}, {2.0, 1.0}, {0.5, 3.0}, {1.5, 3.0}, {2.5, 3.0}};
  const std::vector<int> y{0, 0, 0, 1, 1, 1};
  const nb::Model m = nb::fit(X, y, 2);
  const Eigen::MatrixXd jll = m.joint_log_likelihood(Eigen::MatrixXd{{1.0, 1.0}, {1.0, 3.0}});
  EXPECT_TRUE(jll.allFinite());
  EXPECT_EQ(m.predict(Eigen::MatrixXd{{1.0, 1.0}, {1.0, 3.0}}), (std::vector<int>{0, 1}));
  EXPECT_DOUBLE_EQ(m.var(0, 1), m.epsilon);
}

TEST(NaiveBayes, TiesGoToTheLowerClass) {
  // Class 0 has mean −1, class 1 mean +1, equal priors and variances: at x = 0 both joint log-likelihoods are the
  // same number, and the tie goes to class 0 (pareto: ties → negative).
  const Eigen::MatrixXd X{{-2.0}, {0.0}, {0.0}, {2.0}};
  const std::vector<int> y{0, 0, 1, 1};
  const nb::Model m = nb::fit(X, y, 2);
  const Eigen::MatrixXd mid{{0.0}};
  const Eigen::MatrixXd jll = m.joint_log_likelihood(mid);
  EXPECT_EQ(jll(0, 0), jll(0, 1));
  EXPECT_EQ(m.predict(mid), std::vector<int>{0});
  EXPECT_EQ(m.predict(Eigen::MatrixXd{{1e-9}}), std::vector<int>{1});
}

TEST(NaiveBayes, SeparatesBlobsInThreeClasses) {
  const featrel::test::Labelled train = featrel::test::blobs(300, 4, 3, 4.0, 1);
  const featrel::test::Labelled test = featrel::test::blobs(300, 4, 3, 4.0, 2);
  const nb::Model m = nb::fit(train.X, train.y, 3);
  EXPECT_GE(featrel::test::accuracy(test.y, m.predict(test.X)), 0.95);
}

TEST(NaiveBayes, PairwiseSumWithOneTermReplacedHasTheBitsOfAFullSum) {
  // Terms of very different magnitudes, so that a different summation order would change the last bits; every
  // length from 1 to 40 (odd and even splits) and every replaced position.
  for (std::size_t p = 1; p <= 40; ++p) {
    std::vector<double> t(p), node(2 * p), changed_node(2 * p);
    for (std::size_t j = 0; j < p; ++j)
      t[j] = std::ldexp(1.0 + 0.1 * static_cast<double>(j), static_cast<int>(j % 7) * 9 - 20) / 3.0;
    const double total = nb::pairwise_sums_into(t.data(), p, node.data());
    // The pairwise order: for p = 3, t0 + (t1 + t2).
    if (p == 3) {
      EXPECT_EQ(total, t[0] + (t[1] + t[2]));
    }
    for (std::size_t j = 0; j < p; ++j) {
      std::vector<double> changed = t;
      changed[j] = -7.25e3 / 7.0;
      EXPECT_EQ(nb::pairwise_sum_replacing(node.data(), p, j, changed[j]),
                nb::pairwise_sums_into(changed.data(), p, changed_node.data()))
          << "p " << p << " j " << j;
    }
  }
  EXPECT_EQ(nb::pairwise_sums_into(nullptr, 0, nullptr), 0.0);
}

TEST(NaiveBayes, BadInput) {
  const Tiny t;
  EXPECT_THROW(nb::fit(t.X, {0, 1}, 2), featrel::InputError);
  EXPECT_THROW(nb::fit(t.X, {0, 0, 0, 0, 0}, 2), featrel::InputError);  // class 1 has no row
  EXPECT_THROW(nb::fit(t.X, {0, 0, 2, 1, 1}, 2), featrel::InputError);
  EXPECT_THROW(nb::fit(t.X, t.y, 2, -1.0), featrel::InputError);
  Eigen::MatrixXd bad = t.X;
  bad(2, 1) = std::nan("");
  EXPECT_THROW(nb::fit(bad, t.y, 2), featrel::InputError);
  const nb::Model m = nb::fit(t.X, t.y, 2);
  EXPECT_THROW(m.predict(Eigen::MatrixXd::Zero(2, 3)), featrel::InputError);
}

}  // namespace
