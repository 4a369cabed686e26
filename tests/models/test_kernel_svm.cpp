// The libsvm polynomial-kernel SVM of docs/pareto.md#classifiers `svm`: it separates what a degree-2 kernel separates and a linear
// model cannot, its decisions point to class 1 whichever class libsvm saw first, γ = 'scale' by hand, the dense
// decision matches its own inner-product form (and, bit for bit, with a column replaced), it is deterministic, and bad input is refused.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <vector>

#include "classifier_test_data.hpp"
#include "featrel/error.hpp"
#include "featrel/kernel_svm.hpp"
#include "featrel/logistic.hpp"

namespace {

namespace ksvm = featrel::kernel_svm;
using featrel::test::accuracy;

ksvm::Options poly2(const Eigen::MatrixXd& X) {
  ksvm::Options o;
  o.gamma = ksvm::scale_gamma(X);
  return o;
}

TEST(KernelSvm, ScaleGammaByHand) {
  // Entries 1, 2, 3, 4: mean 2.5, population variance 1.25, d = 2 → γ = 1/(2·1.25).
  EXPECT_DOUBLE_EQ(ksvm::scale_gamma(Eigen::MatrixXd{{1.0, 2.0}, {3.0, 4.0}}), 0.4);
  EXPECT_DOUBLE_EQ(ksvm::scale_gamma(Eigen::MatrixXd::Constant(3, 4, 2.0)), 1.0);  // Var 0 → 1
  // A variance beyond double range is named, not passed on as γ = 0.
  EXPECT_THROW(ksvm::scale_gamma(Eigen::MatrixXd{{1e300, 2.0}, {-1e300, 4.0}}), featrel::InputError);
}

TEST(KernelSvm, SeparatesCirclesWhereALinearModelCannot) {
  const featrel::test::Labelled train = featrel::test::circles(400, 1), test = featrel::test::circles(400, 2);
  const ksvm::Model m = ksvm::fit(train.X, train.y, poly2(train.X));
  const double svm_acc = accuracy(test.y, m.decision(test.X));
  const featrel::logistic::Model lin = featrel::logistic::fit(train.X, train.y, 2, {});
  const double lin_acc = accuracy(test.y, lin.predict(test.X));
  EXPECT_GE(svm_acc, 0.95);
  EXPECT_LE(lin_acc, 0.70);  // about the majority rate (≈ 0.61)
  EXPECT_TRUE(m.warnings.empty());
  EXPECT_GT(m.iterations, 0);
  EXPECT_GT(m.n_support(), 0u);
  EXPECT_LT(m.n_support(), 400u);
}

TEST(KernelSvm, OrientedTowardClassOneWhateverLibsvmSawFirst) {
  featrel::test::Labelled d = featrel::test::circles(200, 3);
  // Put a negative row first, fit; then a positive row first (libsvm's label[0] flips), fit again.
  auto first_with = [&](int label) {
    featrel::test::Labelled e = d;
    for (std::size_t i = 0; i < e.y.size(); ++i)
      if (e.y[i] == label) {
        e.X.row(0).swap(e.X.row(static_cast<Eigen::Index>(i)));
        std::swap(e.y[0], e.y[i]);
        break;
      }
    return e;
  };
  const featrel::test::Labelled neg_first = first_with(0), pos_first = first_with(1);
  ASSERT_EQ(neg_first.y[0], 0);
  ASSERT_EQ(pos_first.y[0], 1);
  const ksvm::Model a = ksvm::fit(neg_first.X, neg_first.y, poly2(neg_first.X));
  const ksvm::Model b = ksvm::fit(pos_first.X, pos_first.y, poly2(pos_first.X));
  const featrel::test::Labelled test = featrel::test::circles(300, 4);
  const Eigen::VectorXd da = a.decision(test.X), db = b.decision(test.X);
  EXPECT_GE(accuracy(test.y, da), 0.93);
  EXPECT_GE(accuracy(test.y, db), 0.93);
  // Same optimisation problem up to row order: the decisions agree to the solver's tolerance.
  EXPECT_LT((da - db).cwiseAbs().maxCoeff(), 0.05 * da.cwiseAbs().maxCoeff());
}

TEST(KernelSvm, DenseDecisionIsTheKernelExpansion) {
  const featrel::test::Labelled d = featrel::test::blobs(80, 3, 2, 1.5, 7);
  ksvm::Options o = poly2(d.X);
  o.coef0 = 0.5;
  o.degree = 3;
  const ksvm::Model m = ksvm::fit(d.X, d.y, o);
  const Eigen::MatrixXd X = featrel::test::blobs(10, 3, 2, 1.5, 8).X;
  const Eigen::VectorXd f = m.decision(X);
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    double s = -m.rho;
    for (Eigen::Index k = 0; k < m.support.rows(); ++k)
      s += m.coef(k) * std::pow(o.gamma * m.support.row(k).dot(X.row(i)) + o.coef0, 3);
    EXPECT_NEAR(f(i), s, 1e-10 * (1.0 + std::abs(s)));
  }
  // Σ coef = 0 (the dual's equality constraint Σ α_i y_i = 0), and |coef| ≤ C.
  EXPECT_NEAR(m.coef.sum(), 0.0, 1e-9);
  EXPECT_LE(m.coef.cwiseAbs().maxCoeff(), o.C + 1e-12);
}

// The permutation path (decision_with_column, rows four at a time) is decision_from_inner on D + Δx_j·S_jᵀ to the
// bit, for row counts that do and do not fill the last block of four and for degrees 1–3.
TEST(KernelSvm, ColumnReplacedDecisionsEqualTheInnerProductForm) {
  const featrel::test::Labelled d = featrel::test::blobs(90, 4, 2, 1.5, 11);
  for (int degree : {1, 2, 3}) {
    ksvm::Options o = poly2(d.X);
    o.degree = degree;
    o.coef0 = 0.25;
    const ksvm::Model m = ksvm::fit(d.X, d.y, o);
    for (int rows : {1, 4, 13}) {
      const Eigen::MatrixXd X = featrel::test::blobs(rows, 4, 2, 1.5, 12).X;
      const Eigen::MatrixXd D = X * m.support.transpose(), Dt = D.transpose();
      for (Eigen::Index j = 0; j < X.cols(); ++j) {
        const Eigen::VectorXd values = X.col(j).reverse() * 1.5 + Eigen::VectorXd::Constant(rows, 0.1);
        Eigen::MatrixXd updated = D;
        updated.noalias() += (values - X.col(j)) * m.support.col(j).transpose();
        Eigen::VectorXd want, got;
        m.decision_from_inner(updated, want);
        m.decision_with_column(Dt, X, j, values, got);
        ASSERT_EQ(got, want) << "degree " << degree << ", " << rows << " rows, column " << j;
      }
    }
  }
}

TEST(KernelSvm, Deterministic) {
  const featrel::test::Labelled d = featrel::test::circles(150, 5);
  const ksvm::Model a = ksvm::fit(d.X, d.y, poly2(d.X)), b = ksvm::fit(d.X, d.y, poly2(d.X));
  EXPECT_EQ(a.support, b.support);
  EXPECT_EQ(a.coef, b.coef);
  EXPECT_EQ(a.rho, b.rho);
}

TEST(KernelSvm, BadInput) {
  const featrel::test::Labelled d = featrel::test::circles(30, 6);
  ksvm::Options o = poly2(d.X);
  o.degree = 0;
  EXPECT_THROW(ksvm::fit(d.X, d.y, o), featrel::InputError);
  o = poly2(d.X);
  o.gamma = 0.0;
  EXPECT_THROW(ksvm::fit(d.X, d.y, o), featrel::InputError);
  o = poly2(d.X);
  o.C = -1.0;
  EXPECT_THROW(ksvm::fit(d.X, d.y, o), featrel::InputError);
  EXPECT_THROW(ksvm::fit(d.X, std::vector<int>(30, 0), poly2(d.X)), featrel::InputError);
  EXPECT_THROW(ksvm::fit(d.X, std::vector<int>(29, 0), poly2(d.X)), featrel::InputError);
  const ksvm::Model m = ksvm::fit(d.X, d.y, poly2(d.X));
  EXPECT_THROW(m.decision(Eigen::MatrixXd::Zero(2, 3)), featrel::InputError);
}

}  // namespace
