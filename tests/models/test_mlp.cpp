// The MLP of docs/pareto.md#classifiers: its gradient against finite differences, Glorot-uniform initial weights, the first Adam
// step against its closed form, scikit-learn's stopping rule replayed from the loss curve, learning XOR and
// separable blobs, determinism for a seed, the first-layer path pareto's permutations use, and bad input.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <limits>
#include <vector>

#include "classifier_test_data.hpp"
#include "featrel/error.hpp"
#include "featrel/mlp.hpp"
#include "featrel/rng.hpp"

namespace {

namespace mlp = featrel::mlp;

Eigen::VectorXd as_vector(const std::vector<int>& y) {
  Eigen::VectorXd v(static_cast<Eigen::Index>(y.size()));
  for (std::size_t i = 0; i < y.size(); ++i) v(static_cast<Eigen::Index>(i)) = y[i];
  return v;
}

TEST(Mlp, GradientMatchesFiniteDifferences) {
  featrel::rng::Rng r(7);
  Eigen::MatrixXd X(6, 3);
  for (Eigen::Index i = 0; i < X.size(); ++i) X.data()[i] = r.normal();
  const Eigen::VectorXd y = as_vector({0, 1, 1, 0, 1, 0});
  mlp::Network net = mlp::initial_network({3, 4, 3, 1}, 11);
  const double alpha = 0.3;  // large, so the penalty's gradient is checked too
  std::vector<Eigen::MatrixXd> dW;
  std::vector<Eigen::RowVectorXd> db;
  const double f = net.loss_and_gradient(X, y, alpha, dW, db);
  EXPECT_NEAR(f, net.loss(X, y, alpha), 1e-14);
  const double h = 1e-6;
  double worst = 0.0;
  for (std::size_t l = 0; l < net.W.size(); ++l) {
    for (Eigen::Index q = 0; q < net.W[l].size(); ++q) {
      const double keep = net.W[l].data()[q];
      net.W[l].data()[q] = keep + h;
      const double up = net.loss(X, y, alpha);
      net.W[l].data()[q] = keep - h;
      const double down = net.loss(X, y, alpha);
      net.W[l].data()[q] = keep;
      worst = std::max(worst, std::abs((up - down) / (2 * h) - dW[l].data()[q]));
    }
    for (Eigen::Index q = 0; q < net.b[l].size(); ++q) {
      const double keep = net.b[l](q);
      net.b[l](q) = keep + h;
      const double up = net.loss(X, y, alpha);
      net.b[l](q) = keep - h;
      const double down = net.loss(X, y, alpha);
      net.b[l](q) = keep;
      worst = std::max(worst, std::abs((up - down) / (2 * h) - db[l](q)));
    }
  }
  EXPECT_LT(worst, 1e-8);
}

TEST(Mlp, GlorotUniformInitialisation) {
  const mlp::Network net = mlp::initial_network({30, 10, 5, 1}, 3);
  ASSERT_EQ(net.W.size(), 3u);
  const int sizes[] = {30, 10, 5, 1};
  for (std::size_t l = 0; l < 3; ++l) {
    const double bound = std::sqrt(6.0 / (sizes[l] + sizes[l + 1]));
    EXPECT_EQ(net.W[l].rows(), sizes[l]);
    EXPECT_EQ(net.W[l].cols(), sizes[l + 1]);
    EXPECT_LE(net.W[l].cwiseAbs().maxCoeff(), bound);
    EXPECT_LE(net.b[l].cwiseAbs().maxCoeff(), bound);
    EXPECT_GT(net.W[l].cwiseAbs().maxCoeff(), 0.5 * bound);  // spread over the range, not clustered at 0
  }
  EXPECT_GT(net.b[0].cwiseAbs().maxCoeff(), 0.0);  // biases are drawn too (scikit-learn), not zero
  const mlp::Network again = mlp::initial_network({30, 10, 5, 1}, 3);
  EXPECT_EQ(net.W[0], again.W[0]);
  EXPECT_NE(net.W[0], mlp::initial_network({30, 10, 5, 1}, 4).W[0]);
}

TEST(Mlp, FirstAdamStepHasItsClosedForm) {
  // One epoch with one batch holding every row is one Adam step from the initial weights: with m = (1−β₁)g,
  // v = (1−β₂)g² and scikit-learn's step lr·√(1−β₂)/(1−β₁), each parameter moves by lr·g/(|g| + ε/√(1−β₂)).
  const featrel::test::Labelled d = featrel::test::blobs(40, 3, 2, 2.0, 5);
  mlp::Options o;
  o.hidden = {4, 3};
  o.batch = 64;
  o.max_epochs = 1;
  o.alpha = 0.01;
  const std::uint64_t seed = 9;
  const mlp::Model m = mlp::fit(d.X, d.y, seed, o);
  const mlp::Network start = mlp::initial_network({3, 4, 3, 1}, featrel::rng::derive(seed, "init"));
  std::vector<Eigen::MatrixXd> dW;
  std::vector<Eigen::RowVectorXd> db;
  const double loss = start.loss_and_gradient(d.X, as_vector(d.y), o.alpha, dW, db);
  ASSERT_EQ(m.loss_curve.size(), 1u);
  EXPECT_NEAR(m.loss_curve[0], loss, 1e-12);
  const double shrink = o.epsilon / std::sqrt(1.0 - o.beta2);
  for (std::size_t l = 0; l < 3; ++l) {
    const Eigen::MatrixXd expect_w =
        start.W[l].array() - o.learning_rate * dW[l].array() / (dW[l].array().abs() + shrink);
    const Eigen::RowVectorXd expect_b =
        start.b[l].array() - o.learning_rate * db[l].array() / (db[l].array().abs() + shrink);
    EXPECT_LT((m.net.W[l] - expect_w).cwiseAbs().maxCoeff(), 1e-12) << l;
    EXPECT_LT((m.net.b[l] - expect_b).cwiseAbs().maxCoeff(), 1e-12) << l;
  }
}

TEST(Mlp, StopsByScikitLearnsRule) {
  // Replay _update_no_improvement_count on the loss curve: the stop must fire at the last epoch and not before.
  const featrel::test::Labelled d = featrel::test::blobs(120, 4, 2, 3.0, 8);
  mlp::Options o;
  o.max_epochs = 1000;
  const mlp::Model m = mlp::fit(d.X, d.y, 1, o);
  ASSERT_TRUE(m.converged);
  ASSERT_EQ(m.loss_curve.size(), m.epochs);
  ASSERT_LT(m.epochs, o.max_epochs);
  double best = std::numeric_limits<double>::infinity();
  std::size_t count = 0;
  for (std::size_t e = 0; e < m.epochs; ++e) {
    const double loss = m.loss_curve[e];
    count = loss > best - o.tol ? count + 1 : 0;
    best = std::min(best, loss);
    EXPECT_EQ(count > o.n_iter_no_change, e + 1 == m.epochs) << "epoch " << e;
  }
  // At the cap it reports no convergence.
  o.max_epochs = 3;
  EXPECT_FALSE(mlp::fit(d.X, d.y, 1, o).converged);
}

TEST(Mlp, LearnsXor) {
  const featrel::test::Labelled train = featrel::test::xor_data(400, 1);
  const featrel::test::Labelled test = featrel::test::xor_data(400, 2);
  mlp::Options o;
  o.learning_rate = 1e-2;
  o.max_epochs = 300;
  const mlp::Model m = mlp::fit(train.X, train.y, 3, o);
  EXPECT_GE(featrel::test::accuracy(test.y, m.net.logits(test.X)), 0.95);
}

TEST(Mlp, SeparatesBlobsWithDefaults) {
  const featrel::test::Labelled train = featrel::test::blobs(300, 5, 2, 4.0, 1);
  const featrel::test::Labelled test = featrel::test::blobs(300, 5, 2, 4.0, 2);
  const mlp::Model m = mlp::fit(train.X, train.y, 5);
  EXPECT_GE(featrel::test::accuracy(test.y, m.net.logits(test.X)), 0.97);
}

TEST(Mlp, DeterministicForASeed) {
  const featrel::test::Labelled d = featrel::test::blobs(100, 3, 2, 2.0, 4);
  mlp::Options o;
  o.max_epochs = 20;
  const mlp::Model a = mlp::fit(d.X, d.y, 17, o), b = mlp::fit(d.X, d.y, 17, o), c = mlp::fit(d.X, d.y, 18, o);
  for (std::size_t l = 0; l < a.net.W.size(); ++l) {
    EXPECT_EQ(a.net.W[l], b.net.W[l]);
    EXPECT_EQ(a.net.b[l], b.net.b[l]);
  }
  EXPECT_EQ(a.loss_curve, b.loss_curve);
  EXPECT_NE(a.net.W[0], c.net.W[0]);
}

TEST(Mlp, FirstLayerPathGivesTheLogits) {
  // Pareto's permutation path: changing column j moves Z1 by Δx_j·W1[j, :] and nothing else.
  const featrel::test::Labelled d = featrel::test::blobs(50, 4, 2, 2.0, 6);
  mlp::Options o;
  o.max_epochs = 5;
  const mlp::Model m = mlp::fit(d.X, d.y, 2, o);
  Eigen::MatrixXd X2 = d.X;
  X2.col(2).reverseInPlace();
  Eigen::MatrixXd Z1 = m.net.first_layer(d.X);
  Z1 += (X2.col(2) - d.X.col(2)) * m.net.W[0].row(2);
  EXPECT_LT((m.net.logits_from_first_layer(Z1) - m.net.logits(X2)).cwiseAbs().maxCoeff(), 1e-12);
}

TEST(Mlp, BadInput) {
  const featrel::test::Labelled d = featrel::test::blobs(20, 2, 2, 2.0, 1);
  mlp::Options o;
  o.hidden = {};
  EXPECT_THROW(mlp::fit(d.X, d.y, 1, o), featrel::InputError);
  o = {};
  o.hidden = {4, 0};
  EXPECT_THROW(mlp::fit(d.X, d.y, 1, o), featrel::InputError);
  o = {};
  o.batch = 0;
  EXPECT_THROW(mlp::fit(d.X, d.y, 1, o), featrel::InputError);
  o = {};
  o.learning_rate = 0.0;
  EXPECT_THROW(mlp::fit(d.X, d.y, 1, o), featrel::InputError);
  EXPECT_THROW(mlp::fit(d.X, std::vector<int>(20, 1), 1), featrel::InputError);
  std::vector<int> three = d.y;
  three[0] = 2;
  EXPECT_THROW(mlp::fit(d.X, three, 1), featrel::InputError);
  const mlp::Model m = mlp::fit(d.X, d.y, 1, mlp::Options{.hidden = {3}, .max_epochs = 2});
  EXPECT_THROW(m.net.logits(Eigen::MatrixXd::Zero(3, 5)), featrel::InputError);
}

}  // namespace
