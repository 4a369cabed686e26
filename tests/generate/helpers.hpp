// Shared pieces of the generator tests: the error check, relevance options by size, and small models (ordinary
// least squares stands in for the SVM and the SVR until those exist; docs/architecture.md#shared-components, last
// note).
#pragma once

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "featrel/error.hpp"
#include "featrel/generate.hpp"

namespace featrel::gen::test {

// The call throws an InputError whose message contains `needle`.
template <typename F>
void expect_input_error(F&& f, const std::string& needle) {
  try {
    f();
    ADD_FAILURE() << "no InputError; expected one mentioning '" << needle << "'";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << "message: " << e.what();
  }
}

// Relevance options with N rows, D columns, S strong and W weak ones; everything else at its default.
inline RelevanceOptions opts(std::size_t N, std::size_t D, std::size_t S, std::size_t W) {
  RelevanceOptions o;
  o.n_samples = N;
  o.n_features = D;
  o.n_strong = S;
  o.n_weak = W;
  return o;
}


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
