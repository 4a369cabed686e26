// Logistic regression (liblinear L2R_LR, docs/architecture.md#shared-components): the fitted weights satisfy liblinear's optimality
// condition for ½‖w̃‖² + C·Σ log(1 + e^(−y·w̃·x̃)) with a regularised bias, the binary margin points to class 1
// whichever class comes first, standardisation is the population z-score of the training rows, binary and
// one-vs-rest multiclass accuracy on separable data, determinism, and bad input.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <vector>

#include "classifier_test_data.hpp"
#include "featrel/error.hpp"
#include "featrel/logistic.hpp"

namespace {

namespace lr = featrel::logistic;
using featrel::test::accuracy;

// ∇f at (w, b) for f = ½(‖w‖² + b²) + C Σ log(1 + exp(−y_i (w·z_i + b))), y ∈ {−1, +1}, bias value 1.
Eigen::VectorXd gradient(const Eigen::MatrixXd& Z, const Eigen::VectorXd& y, const Eigen::VectorXd& w, double b,
                         double C) {
  const Eigen::Index p = Z.cols();
  Eigen::VectorXd g(p + 1);
  g.head(p) = w;
  g(p) = b;
  for (Eigen::Index i = 0; i < Z.rows(); ++i) {
    const double m = y(i) * (Z.row(i).dot(w) + b);
    const double s = -C * y(i) / (1.0 + std::exp(m));
    g.head(p) += s * Z.row(i).transpose();
    g(p) += s;
  }
  return g;
}

TEST(Logistic, SatisfiesLiblinearsStoppingRule) {
  const featrel::test::Labelled d = featrel::test::blobs(150, 4, 2, 1.5, 3);
  const lr::Model m = lr::fit(d.X, d.y, 2, {});
  ASSERT_TRUE(m.standardized());
  const Eigen::MatrixXd Z = m.standardizer().transform(d.X);
  Eigen::VectorXd y(150);
  for (int i = 0; i < 150; ++i) y(i) = d.y[static_cast<std::size_t>(i)] == 1 ? 1.0 : -1.0;
  const Eigen::VectorXd g = gradient(Z, y, m.weights().row(0).transpose(), m.intercepts()(0), 1.0);
  const Eigen::VectorXd g0 = gradient(Z, y, Eigen::VectorXd::Zero(4), 0.0, 1.0);
  // liblinear: ‖∇f‖ ≤ eps·max(min(n₊, n₋), 1)/n·‖∇f(0)‖ = 1e-4 · 75/150 · ‖∇f(0)‖.
  EXPECT_LE(g.norm(), 1e-4 * 0.5 * g0.norm());
  EXPECT_LT(m.weights()(0, 0), 0.0);  // class 1's blob is centred at x₀ = −1.5, class 0's at +1.5
}

TEST(Logistic, BinaryMarginPointsToClassOne) {
  featrel::test::Labelled d = featrel::test::blobs(100, 3, 2, 3.0, 4);
  featrel::test::Labelled swapped = d;  // same rows, class 1 first
  swapped.X.row(0).swap(swapped.X.row(1));
  std::swap(swapped.y[0], swapped.y[1]);
  ASSERT_EQ(d.y[0], 0);
  ASSERT_EQ(swapped.y[0], 1);
  const lr::Model a = lr::fit(d.X, d.y, 2, {}), b = lr::fit(swapped.X, swapped.y, 2, {});
  EXPECT_LT((a.weights() - b.weights()).cwiseAbs().maxCoeff(), 1e-6);
  EXPECT_NEAR(a.intercepts()(0), b.intercepts()(0), 1e-6);
  const featrel::test::Labelled test = featrel::test::blobs(200, 3, 2, 3.0, 5);
  EXPECT_GE(accuracy(test.y, a.decision(test.X)), 0.95);
  EXPECT_EQ(a.predict(test.X).size(), 200u);
}

TEST(Logistic, StandardisesWithTrainingStatistics) {
  featrel::test::Labelled d = featrel::test::blobs(120, 3, 2, 2.0, 6);
  d.X.col(1) = 1000.0 * d.X.col(1).array() + 5.0;  // scale must not matter once standardised
  const lr::Model a = lr::fit(d.X, d.y, 2, {});
  const featrel::Standardizer s = featrel::Standardizer::fit(d.X, {}, featrel::SdDivisor::population);
  lr::Options raw;
  raw.standardize = false;
  const lr::Model b = lr::fit(s.transform(d.X), d.y, 2, raw);
  EXPECT_LT((a.weights() - b.weights()).cwiseAbs().maxCoeff(), 1e-12);
  const Eigen::MatrixXd X = featrel::test::blobs(20, 3, 2, 2.0, 7).X;
  EXPECT_LT((a.decision(X) - b.decision(s.transform(X))).cwiseAbs().maxCoeff(), 1e-10);
  EXPECT_NEAR(a.standardizer().sd(1), s.sd(1), 1e-12);
}

TEST(Logistic, MulticlassOneVsRest) {
  const featrel::test::Labelled train = featrel::test::blobs(300, 4, 3, 4.0, 1);
  const featrel::test::Labelled test = featrel::test::blobs(300, 4, 3, 4.0, 2);
  const lr::Model m = lr::fit(train.X, train.y, 3, {});
  ASSERT_EQ(m.weights().rows(), 3);
  const std::vector<int> p = m.predict(test.X);
  EXPECT_GE(accuracy(test.y, p), 0.95);
  // Row k is class k against the rest: its margin is largest on class k's rows.
  const Eigen::MatrixXd D = m.decisions(test.X);
  for (int k = 0; k < 3; ++k) {
    double own = 0.0, other = 0.0;
    for (Eigen::Index i = 0; i < D.rows(); ++i) (test.y[static_cast<std::size_t>(i)] == k ? own : other) += D(i, k);
    EXPECT_GT(own / 100.0, other / 200.0) << k;
  }
  EXPECT_THROW(m.decision(test.X), std::logic_error);
}

TEST(Logistic, Deterministic) {
  const featrel::test::Labelled d = featrel::test::blobs(90, 5, 3, 1.0, 9);
  const lr::Model a = lr::fit(d.X, d.y, 3, {}), b = lr::fit(d.X, d.y, 3, {});
  EXPECT_EQ(a.weights(), b.weights());
  EXPECT_EQ(a.intercepts(), b.intercepts());
}

TEST(Logistic, BadInput) {
  const featrel::test::Labelled d = featrel::test::blobs(30, 2, 2, 2.0, 1);
  EXPECT_THROW(lr::fit(d.X, d.y, 1, {}), featrel::InputError);
  EXPECT_THROW(lr::fit(d.X, std::vector<int>(30, 0), 2, {}), featrel::InputError);
  EXPECT_THROW(lr::fit(d.X, std::vector<int>(3, 0), 2, {}), featrel::InputError);
  lr::Options o;
  o.C = 0.0;
  EXPECT_THROW(lr::fit(d.X, d.y, 2, o), featrel::InputError);
  Eigen::MatrixXd bad = d.X;
  bad(0, 0) = INFINITY;
  EXPECT_THROW(lr::fit(bad, d.y, 2, {}), featrel::InputError);
  EXPECT_THROW(lr::fit(d.X, d.y, 2, {}).predict(Eigen::MatrixXd::Zero(1, 3)), featrel::InputError);
}

}  // namespace
