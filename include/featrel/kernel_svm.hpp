// A binary polynomial-kernel SVM trained by libsvm 3.24 (C_SVC, kernel (γ⟨s, x⟩ + coef0)^degree) and evaluated in dense form (docs/pareto.md#classifiers `svm`, docs/pareto.md#performance).
//
// libsvm solves the dual; the model keeps only what its decision function needs: the support vectors as a dense
// matrix S (n_sv × d), their coefficients α_i·y_i and ρ, oriented so that f(x) = Σ_i coef_i·K(s_i, x) − ρ > 0
// means the positive class (libsvm's own decision points to model->label[0], the class of the first training
// row; the signs are flipped when that is the negative class). With the polynomial kernel
// K(s, x) = (γ⟨s, x⟩ + coef0)^degree the decisions of rows X are a function of D = X·Sᵀ alone, so pareto's
// permutation path caches D and updates it by a rank-one term per permuted column. Right after training the dense
// decisions are checked against libsvm's svm_predict_values on the training rows.
//
// libsvm never prints: its messages are captured per thread (libsvm_glue) and its iteration cap becomes a warning.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <string>
#include <vector>

namespace featrel::kernel_svm {

struct Options {
  int degree = 2;
  double gamma = 1.0;   // > 0 (see scale_gamma)
  double coef0 = 0.0;
  double C = 1.0;
  double eps = 1e-3;    // libsvm's stopping tolerance
  double cache_mb = 200.0;
  bool shrinking = true;
};

// scikit-learn's gamma='scale': 1 / (d · Var(all entries of X)) with the population variance; 1 when Var = 0.
double scale_gamma(const Eigen::MatrixXd& X);

struct Model {
  Options options;
  Eigen::MatrixXd support;  // n_sv × d
  Eigen::VectorXd coef;     // n_sv, oriented toward the positive class
  double rho = 0.0;         // oriented
  long iterations = 0;      // SMO iterations libsvm reported
  std::vector<std::string> warnings;

  std::size_t n_support() const { return static_cast<std::size_t>(support.rows()); }
  // Oriented decision values, one per row of X.
  Eigen::VectorXd decision(const Eigen::MatrixXd& X) const;
  // The same from the inner products D = X·Sᵀ (n × n_sv).
  void decision_from_inner(const Eigen::MatrixXd& D, Eigen::VectorXd& out) const;
  // The decisions of rows X with column j replaced by `values`, from Dt = (X·Sᵀ)ᵀ (n_sv × n, a row's inner
  // products contiguous): row i's inner products become Dt(·, i) + (values_i − X_ij)·S(·, j). Every operation and
  // its order equal decision_from_inner on the updated D, so the decisions are the same bits; rows are taken four
  // at a time so that four independent sums are in flight.
  void decision_with_column(const Eigen::MatrixXd& Dt, const Eigen::MatrixXd& X, Eigen::Index j,
                            const Eigen::Ref<const Eigen::VectorXd>& values, Eigen::VectorXd& out) const;
};

// Trains on the rows of X with labels y (0 = negative, 1 = positive). InputError for bad options (degree < 1,
// γ, C, eps or cache ≤ 0), a label count that differs from X's rows, a label other than 0/1, a class without rows
// or a non-finite value.
Model fit(const Eigen::MatrixXd& X, const std::vector<int>& y, const Options& options);

}  // namespace featrel::kernel_svm
