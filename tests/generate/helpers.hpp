// Small models for the generator tests: ordinary least squares stands in for the SVM and the SVR until those
// exist (docs/architecture.md#shared-components, last note).
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "featrel/generate.hpp"

namespace featrel::gen::test {

// Columns `cols` of X.
inline Eigen::MatrixXd columns(const Eigen::MatrixXd& X, const std::vector<std::size_t>& cols) {
  Eigen::MatrixXd out(X.rows(), static_cast<Eigen::Index>(cols.size()));
  for (std::size_t k = 0; k < cols.size(); ++k) out.col(static_cast<Eigen::Index>(k)) = X.col(static_cast<Eigen::Index>(cols[k]));
  return out;
}

inline std::vector<std::size_t> relevant_columns(const Truth& t) {
  std::vector<std::size_t> out;
  for (std::size_t j = 0; j < t.relevant.size(); ++j)
    if (t.relevant[j]) out.push_back(j);
  return out;
}

// In-sample OLS predictions with an intercept. The complete orthogonal decomposition gives the minimum-norm
// solution, which matters because the members of a weak group are collinear with the intercept at sigma = 0.
inline Eigen::VectorXd ols_predict(const Eigen::MatrixXd& X, const Eigen::VectorXd& y) {
  Eigen::MatrixXd A(X.rows(), X.cols() + 1);
  A.col(0).setOnes();
  A.rightCols(X.cols()) = X;
  const Eigen::VectorXd beta = A.completeOrthogonalDecomposition().solve(y);
  return A * beta;
}

// Training accuracy of the least-squares linear classifier sign(OLS fit of the ±1 labels).
inline double ols_accuracy(const Eigen::MatrixXd& X, const Eigen::VectorXd& y) {
  const Eigen::VectorXd f = ols_predict(X, y);
  Eigen::Index correct = 0;
  for (Eigen::Index i = 0; i < y.size(); ++i) correct += ((f(i) > 0 ? 1.0 : -1.0) == y(i)) ? 1 : 0;
  return static_cast<double>(correct) / static_cast<double>(y.size());
}

inline double ols_r2(const Eigen::MatrixXd& X, const Eigen::VectorXd& y) {
  const Eigen::VectorXd f = ols_predict(X, y);
  const double ss_res = (y - f).squaredNorm();
  const double ss_tot = (y.array() - y.mean()).matrix().squaredNorm();
  return 1.0 - ss_res / ss_tot;
}

// Population standardisation of one column.
inline Eigen::VectorXd standardised(const Eigen::VectorXd& v) {
  const double mean = v.mean();
  const double sd = std::sqrt((v.array() - mean).square().mean());
  return (v.array() - mean) / sd;
}

}  // namespace featrel::gen::test
