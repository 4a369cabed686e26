// The linear SVM of docs/crfe.md#one-vs-all-linear-svm: the Newton and liblinear back ends reach the same optimum (binary and
// one-vs-rest), the optimum satisfies ∇f = 0, warm starts converge to the same point in fewer iterations, fits
// are deterministic, and a tiny case is checked by hand.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <vector>

#include "featrel/error.hpp"
#include "featrel/linear_svm.hpp"
#include "featrel/rng.hpp"
#include "models/linear_svm_detail.hpp"

namespace {

using featrel::LinearSvmOptions;
using featrel::SvmSolver;

// n rows of p columns: K Gaussian blobs along the first two columns plus noise columns, labels 0..K-1.
struct Blobs {
  Eigen::MatrixXd X;
  std::vector<int> labels;
};

Blobs blobs(int n, int p, int K, std::uint64_t seed) {
  featrel::rng::Rng r(featrel::rng::derive(seed, "svm-test"));
  Blobs b;
  b.X.resize(n, p);
  b.labels.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const int k = i % K;
    b.labels[static_cast<std::size_t>(i)] = k;
    for (int j = 0; j < p; ++j) b.X(i, j) = r.normal();
    b.X(i, 0) += 1.5 * std::cos(2.0 * M_PI * k / K);
    b.X(i, 1) += 1.5 * std::sin(2.0 * M_PI * k / K);
  }
  return b;
}

// X̃ = [X, 1], the solver's augmented matrix.
Eigen::MatrixXd with_ones(const Eigen::MatrixXd& X) {
  Eigen::MatrixXd Xt(X.rows(), X.cols() + 1);
  Xt << X, Eigen::VectorXd::Ones(X.rows());
  return Xt;
}

Eigen::VectorXd pm1(const std::vector<int>& labels, int positive) {
  Eigen::VectorXd y(static_cast<Eigen::Index>(labels.size()));
  for (std::size_t i = 0; i < labels.size(); ++i) y[static_cast<Eigen::Index>(i)] = labels[i] == positive ? 1.0 : -1.0;
  return y;
}

Eigen::VectorXd stack(const featrel::BinarySvmFit& f) {
  Eigen::VectorXd w(f.w.size() + 1);
  w << f.w, f.b;
  return w;
}

LinearSvmOptions opts(SvmSolver s, double tol) {
  LinearSvmOptions o;
  o.solver = s;
  o.tol = tol;
  return o;
}

TEST(LinearSvm, NewtonAndLiblinearAgreeBinary) {
  const Blobs b = blobs(120, 6, 2, 1);
  const Eigen::VectorXd y = pm1(b.labels, 1);
  const auto nt = featrel::fit_binary_svm(b.X, y, opts(SvmSolver::newton, 1e-10));
  const auto ll = featrel::fit_binary_svm(b.X, y, opts(SvmSolver::liblinear, 1e-10));
  EXPECT_EQ(nt.solver, "newton");
  EXPECT_EQ(ll.solver, "liblinear");
  const Eigen::VectorXd a = stack(nt), c = stack(ll);
  EXPECT_LT((a - c).norm(), 1e-6 * c.norm());
  EXPECT_TRUE(nt.converged);
  EXPECT_TRUE(ll.converged);
}

TEST(LinearSvm, NewtonAndLiblinearAgreeMulticlass) {
  const Blobs b = blobs(150, 8, 3, 2);
  const auto nt = featrel::fit_linear_svm(b.X, b.labels, 3, opts(SvmSolver::newton, 1e-10));
  const auto ll = featrel::fit_linear_svm(b.X, b.labels, 3, opts(SvmSolver::liblinear, 1e-10));
  ASSERT_EQ(nt.W.rows(), 3);
  ASSERT_EQ(nt.W.cols(), 8);
  for (int k = 0; k < 3; ++k) {
    Eigen::VectorXd a(9), c(9);
    a << nt.W.row(k).transpose(), nt.b[k];
    c << ll.W.row(k).transpose(), ll.b[k];
    EXPECT_LT((a - c).norm(), 1e-6 * c.norm()) << "class " << k;
  }
  EXPECT_EQ(nt.solver_summary(), "newton");
  EXPECT_EQ(ll.solver_summary(), "liblinear");
  // At the default tolerance the two still agree closely (the β fixtures of docs/crfe.md#cross-check-fixtures rely on it).
  const auto nt4 = featrel::fit_linear_svm(b.X, b.labels, 3, opts(SvmSolver::newton, 1e-4));
  EXPECT_LT((nt4.W - nt.W).norm(), 1e-3 * nt.W.norm());
}

TEST(LinearSvm, GradientVanishesAtTheOptimum) {
  const Blobs b = blobs(200, 10, 2, 3);
  const Eigen::VectorXd y = pm1(b.labels, 1);
  for (SvmSolver s : {SvmSolver::newton, SvmSolver::liblinear}) {
    const auto f = featrel::fit_binary_svm(b.X, y, opts(s, 1e-4));
    const Eigen::VectorXd g = featrel::linear_svm_gradient(b.X, y, 1.0, stack(f));
    // liblinear's stop rule, and the reported norm is the true one.
    EXPECT_LE(g.norm(), f.gradient_tolerance * (1 + 1e-9)) << featrel::to_string(s);
    EXPECT_NEAR(g.norm(), f.gradient_norm, 1e-9 * (1 + g.norm()));
    // KKT at a tight tolerance: ∇f = w̃ + 2C·X̃_Iᵀ(z_I − y_I) ≈ 0, and f is minimal along random directions.
    // (Below 1e-7 liblinear's trust region stalls here with "actred and prered too small" at |∇f| ≈ 3e-6.)
    const auto tight = featrel::fit_binary_svm(b.X, y, opts(s, s == SvmSolver::newton ? 1e-12 : 1e-7));
    EXPECT_TRUE(tight.warnings.empty());
    const Eigen::VectorXd wt = stack(tight);
    EXPECT_LE(featrel::linear_svm_gradient(b.X, y, 1.0, wt).norm(), tight.gradient_tolerance * (1 + 1e-9));
    const double f0 = featrel::linear_svm_objective(b.X, y, 1.0, wt);
    featrel::rng::Rng r(7);
    for (int t = 0; t < 5; ++t) {
      Eigen::VectorXd d(wt.size());
      for (Eigen::Index j = 0; j < d.size(); ++j) d[j] = r.normal();
      EXPECT_GE(featrel::linear_svm_objective(b.X, y, 1.0, wt + 1e-3 * d), f0);
    }
  }
}

TEST(LinearSvm, WarmStartSameSolutionFewerIterations) {
  const Blobs b = blobs(300, 12, 4, 4);
  for (SvmSolver s : {SvmSolver::newton, SvmSolver::liblinear}) {
    const LinearSvmOptions o = opts(s, 1e-8);
    const auto full = featrel::fit_linear_svm(b.X, b.labels, 4, o);
    // Drop column 5, as one CRFE step does, and refit cold and warm.
    std::vector<int> keep;
    for (int j = 0; j < 12; ++j)
      if (j != 5) keep.push_back(j);
    const Eigen::MatrixXd X2 = b.X(Eigen::all, keep);
    std::vector<int> keep_tilde = keep;
    keep_tilde.push_back(12);
    const Eigen::MatrixXd warm = full.stacked()(Eigen::all, keep_tilde);
    const auto cold = featrel::fit_linear_svm(X2, b.labels, 4, o);
    const auto hot = featrel::fit_linear_svm(X2, b.labels, 4, o, warm);
    EXPECT_LT((cold.W - hot.W).norm(), 1e-6 * cold.W.norm()) << featrel::to_string(s);
    EXPECT_LT((cold.b - hot.b).norm(), 1e-6 * (1 + cold.b.norm()));
    // Fewer iterations at the default tolerance. (liblinear 2.3 starts its trust region at ‖∇f(w₀)‖, which is
    // tiny at a warm start, so at very tight tolerances its warm start can take more steps than a cold one.)
    const auto cold4 = featrel::fit_linear_svm(X2, b.labels, 4, opts(s, 1e-4));
    const auto hot4 = featrel::fit_linear_svm(X2, b.labels, 4, opts(s, 1e-4), warm);
    EXPECT_LT(hot4.total_iterations(), cold4.total_iterations()) << featrel::to_string(s);
    // From the optimum itself no iteration is needed.
    const auto again = featrel::fit_linear_svm(b.X, b.labels, 4, opts(s, 1e-4), full.stacked());
    EXPECT_EQ(again.total_iterations(), 0) << featrel::to_string(s);
  }
}

TEST(LinearSvm, DeterministicAndThreadIndependent) {
  const Blobs b = blobs(250, 9, 5, 5);
  for (SvmSolver s : {SvmSolver::newton, SvmSolver::liblinear}) {
    featrel::RunContext one;
    one.threads = 1;
    featrel::RunContext two;
    two.threads = 2;
    const auto a = featrel::fit_linear_svm(b.X, b.labels, 5, opts(s, 1e-4), Eigen::MatrixXd(), one);
    const auto c = featrel::fit_linear_svm(b.X, b.labels, 5, opts(s, 1e-4), Eigen::MatrixXd(), two);
    const auto d = featrel::fit_linear_svm(b.X, b.labels, 5, opts(s, 1e-4), Eigen::MatrixXd(), two);
    EXPECT_TRUE(a.W == c.W && a.b == c.b) << featrel::to_string(s);
    EXPECT_TRUE(c.W == d.W && c.b == d.b);
    EXPECT_EQ(a.iterations, c.iterations);
  }
}

TEST(LinearSvm, HandCheckedTinyCase) {
  // Two rows x = ±1, y = ±1. By symmetry b = 0 and f(w) = ½w² + 2C·max(0, 1 − w)²; for C = 1 the minimum is at
  // w + 4(w − 1) = 0, i.e. w = 0.8 (both rows active, margins 0.2).
  Eigen::MatrixXd X(2, 1);
  X << 1.0, -1.0;
  Eigen::VectorXd y(2);
  y << 1.0, -1.0;
  for (SvmSolver s : {SvmSolver::newton, SvmSolver::liblinear}) {
    const auto f = featrel::fit_binary_svm(X, y, opts(s, 1e-12));
    EXPECT_NEAR(f.w[0], 0.8, 1e-10) << featrel::to_string(s);
    EXPECT_NEAR(f.b, 0.0, 1e-10);
  }
  // One Newton step solves it exactly from 0: H = I + 2·X̃ᵀX̃ = diag(5, 5), g = −(4, 0).
  const auto nt = featrel::fit_binary_svm(X, y, opts(SvmSolver::newton, 1e-12));
  EXPECT_EQ(nt.iterations, 1);
  EXPECT_NEAR(featrel::linear_svm_objective(X, y, 1.0, stack(nt)), 0.5 * 0.64 + 2 * 0.04, 1e-12);
  // An asymmetric pair: rows x = 0 (y = −1) and x = 2 (y = +1). Both rows stay active, so the optimum solves
  // (I + 2C·X̃ᵀX̃)w̃ = 2C·X̃ᵀy with X̃ = [[0, 1], [2, 1]]: [[9, 4], [4, 5]]w̃ = (4, 0), w̃ = (20/29, −16/29)
  // (margins 1 − 16/29 and 1 − 24/29, both > 0).
  Eigen::MatrixXd X2(2, 1);
  X2 << 0.0, 2.0;
  Eigen::VectorXd y2(2);
  y2 << -1.0, 1.0;
  for (SvmSolver s : {SvmSolver::newton, SvmSolver::liblinear}) {
    const auto f = featrel::fit_binary_svm(X2, y2, opts(s, 1e-12));
    EXPECT_NEAR(f.w[0], 20.0 / 29.0, 1e-10) << featrel::to_string(s);
    EXPECT_NEAR(f.b, -16.0 / 29.0, 1e-10);
  }
}

TEST(LinearSvm, BinaryOrientationAndPrediction) {
  // K = 2: one row, code 1 against code 0, whichever label the first row has.
  const Blobs b = blobs(80, 3, 2, 6);
  std::vector<int> flipped = b.labels;
  for (int& c : flipped) c = 1 - c;
  for (SvmSolver s : {SvmSolver::newton, SvmSolver::liblinear}) {
    const auto m1 = featrel::fit_linear_svm(b.X, b.labels, 2, opts(s, 1e-10));
    const auto m2 = featrel::fit_linear_svm(b.X, flipped, 2, opts(s, 1e-10));
    ASSERT_EQ(m1.W.rows(), 1);
    EXPECT_LT((m1.W + m2.W).norm(), 1e-8) << featrel::to_string(s);
    EXPECT_NEAR(m1.b[0], -m2.b[0], 1e-8);
    const std::vector<int> pred = m1.predict(b.X);
    int correct = 0;
    for (std::size_t i = 0; i < pred.size(); ++i) correct += pred[i] == b.labels[i];
    EXPECT_GT(correct, 60);
  }
}

TEST(LinearSvm, AutomaticSwitchesOnDimension) {
  const Blobs b = blobs(60, 5, 3, 8);
  LinearSvmOptions o;
  o.auto_max_dim = 6;  // p + 1 = 6: newton
  EXPECT_EQ(featrel::fit_linear_svm(b.X, b.labels, 3, o).solver_summary(), "newton");
  o.auto_max_dim = 5;
  EXPECT_EQ(featrel::fit_linear_svm(b.X, b.labels, 3, o).solver_summary(), "liblinear");
}

TEST(LinearSvm, NewtonHandsOffToLiblinearAtItsCap) {
  const Blobs b = blobs(100, 4, 2, 9);
  LinearSvmOptions o = opts(SvmSolver::newton, 1e-10);
  o.newton_max_iter = 1;
  const auto f = featrel::fit_binary_svm(b.X, pm1(b.labels, 1), o);
  EXPECT_EQ(f.solver, "newton+liblinear");
  ASSERT_FALSE(f.warnings.empty());
  EXPECT_NE(f.warnings[0].find("finished with liblinear"), std::string::npos);
  const auto ref = featrel::fit_binary_svm(b.X, pm1(b.labels, 1), opts(SvmSolver::liblinear, 1e-10));
  EXPECT_LT((stack(f) - stack(ref)).norm(), 1e-6 * stack(ref).norm());
}

TEST(LinearSvm, RejectsBadArguments) {
  Eigen::MatrixXd X(3, 2);
  X.setOnes();
  Eigen::VectorXd y(3);
  y << 1, 1, 1;
  EXPECT_THROW(featrel::fit_binary_svm(X, y, LinearSvmOptions{}), std::invalid_argument);
  y << 1, -1, 2;
  EXPECT_THROW(featrel::fit_binary_svm(X, y, LinearSvmOptions{}), std::invalid_argument);
  EXPECT_THROW(featrel::fit_linear_svm(X, {0, 0, 2}, 3, LinearSvmOptions{}), std::invalid_argument);
  EXPECT_THROW(featrel::parse_svm_solver("dual"), featrel::InputError);
}

// Wide data (more columns than active rows) takes the k × k Woodbury form of the Newton system: the same iterates
// as the m × m Hessian in exact arithmetic, so both paths must give the same iterations and weights to rounding.
TEST(LinearSvm, RowSpaceNewtonEqualsFullHessianOnWideData) {
  namespace sd = featrel::models::svm_detail;
  for (const double C : {0.01, 1.0, 100.0}) {
    const Blobs b = blobs(40, 300, 2, 7);
    const Eigen::MatrixXd Xt = with_ones(b.X);
    const Eigen::VectorXd y = pm1(b.labels, 1);
    const double gtol = sd::gradient_tolerance(Xt, y, C, 1e-10);
    const Eigen::VectorXd w0 = Eigen::VectorXd::Zero(Xt.cols());
    const auto fast = sd::newton_solve(Xt, y, C, gtol, w0, 100, sd::NewtonSystem::automatic);
    const auto full = sd::newton_solve(Xt, y, C, gtol, w0, 100, sd::NewtonSystem::full);
    ASSERT_TRUE(fast.converged) << "C = " << C;
    ASSERT_TRUE(full.converged) << "C = " << C;
    EXPECT_EQ(fast.iterations, full.iterations) << "C = " << C;
    EXPECT_LE((fast.w - full.w).cwiseAbs().maxCoeff(), 1e-9 * std::max(1.0, full.w.cwiseAbs().maxCoeff()))
        << "C = " << C;
    EXPECT_LE(sd::gradient(Xt, y, C, fast.w).norm(), gtol);
  }
}

// Recursive elimination hands the solver X̃X̃ᵀ (kept by downdates); the row-space system read from it must give
// the iterations and weights of the system formed from the active rows.
TEST(LinearSvm, RowSpaceNewtonFromRowGramEqualsGatheredRows) {
  namespace sd = featrel::models::svm_detail;
  for (const double C : {0.01, 1.0, 100.0}) {
    const Blobs b = blobs(40, 300, 3, 9);
    const Eigen::MatrixXd Xt = with_ones(b.X);
    const Eigen::MatrixXd gram = featrel::linear_svm_row_gram(b.X);
    const Eigen::MatrixXd direct = Xt * Xt.transpose();
    for (Eigen::Index c = 0; c < gram.cols(); ++c)
      for (Eigen::Index r = c; r < gram.rows(); ++r) ASSERT_NEAR(gram(r, c), direct(r, c), 1e-9 * (1 + std::abs(direct(r, c))));
    const Eigen::VectorXd y = pm1(b.labels, 2);
    const double gtol = sd::gradient_tolerance(Xt, y, C, 1e-10);
    const Eigen::VectorXd w0 = Eigen::VectorXd::Zero(Xt.cols());
    const auto with = sd::newton_solve(Xt, y, C, gtol, w0, 100, sd::NewtonSystem::automatic, &gram);
    const auto without = sd::newton_solve(Xt, y, C, gtol, w0, 100, sd::NewtonSystem::automatic);
    ASSERT_TRUE(with.converged) << "C = " << C;
    EXPECT_EQ(with.iterations, without.iterations) << "C = " << C;
    EXPECT_LE((with.w - without.w).cwiseAbs().maxCoeff(), 1e-9 * std::max(1.0, without.w.cwiseAbs().maxCoeff()))
        << "C = " << C;
  }
  // A Gram of the wrong size is refused.
  const Blobs b = blobs(20, 50, 2, 3);
  featrel::SvmRowSpace bad{Eigen::MatrixXd::Zero(19, 19), Eigen::MatrixXd()};
  EXPECT_THROW(featrel::fit_linear_svm(b.X, b.labels, 2, LinearSvmOptions{}, Eigen::MatrixXd(),
                                       featrel::sequential_context(), &bad),
               std::invalid_argument);
}

// Newton with w̃ = X̃ᵀβ (O(n²) per iteration from the row Gram) against the plain iterates: cold, and warm from a
// fit on more columns with some deleted (the elimination loop's case: X̃ᵀβ restricted is X̃'ᵀβ).
TEST(LinearSvm, NewtonInBetaEqualsNewtonInW) {
  namespace sd = featrel::models::svm_detail;
  for (const double C : {0.01, 1.0, 100.0}) {
    const Blobs b = blobs(40, 300, 2, 5);
    const Eigen::MatrixXd Xt = with_ones(b.X);
    const Eigen::VectorXd y = pm1(b.labels, 1);
    const double gtol = sd::gradient_tolerance(Xt, y, C, 1e-10);
    const Eigen::MatrixXd K = featrel::linear_svm_row_gram(b.X);
    const auto rows = sd::newton_solve_rows(K, y, C, gtol, Eigen::VectorXd::Zero(40), 100);
    const auto plain = sd::newton_solve(Xt, y, C, gtol, Eigen::VectorXd::Zero(301), 100);
    ASSERT_TRUE(rows.converged) << "C = " << C;
    EXPECT_EQ(rows.iterations, plain.iterations) << "C = " << C;
    const Eigen::VectorXd w = Xt.transpose() * rows.beta;
    EXPECT_LE((w - plain.w).cwiseAbs().maxCoeff(), 1e-9 * std::max(1.0, plain.w.cwiseAbs().maxCoeff())) << C;

    // Delete every third feature column and warm-start both from the fit above.
    std::vector<Eigen::Index> keep;
    for (Eigen::Index j = 0; j < 300; ++j)
      if (j % 3 != 0) keep.push_back(j);
    const Eigen::MatrixXd Xs = b.X(Eigen::all, keep);
    const Eigen::MatrixXd Xs_t = with_ones(Xs);
    keep.push_back(300);
    const Eigen::VectorXd w0 = w(keep);
    const double gtol_s = sd::gradient_tolerance(Xs_t, y, C, 1e-10);
    const auto warm_rows = sd::newton_solve_rows(featrel::linear_svm_row_gram(Xs), y, C, gtol_s, rows.beta, 100);
    const auto warm_plain = sd::newton_solve(Xs_t, y, C, gtol_s, w0, 100);
    ASSERT_TRUE(warm_rows.converged) << "C = " << C;
    EXPECT_EQ(warm_rows.iterations, warm_plain.iterations) << "C = " << C;
    const Eigen::VectorXd ws = Xs_t.transpose() * warm_rows.beta;
    EXPECT_LE((ws - warm_plain.w).cwiseAbs().maxCoeff(), 1e-9 * std::max(1.0, warm_plain.w.cwiseAbs().maxCoeff()))
        << "C = " << C;
  }
}

}  // namespace
