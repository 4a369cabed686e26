// L2-regularised logistic regression, the shared model of docs/architecture.md#shared-components (`src/models/logistic`): pareto's
// `logreg` classifier (docs/pareto.md#classifiers) and the F1 of ubayfs `--repeats`.
//
// It is liblinear 2.3's L2R_LR (primal trust-region Newton, deterministic) with C = 1, eps = 1e-4 and a bias
// feature of value 1 whose weight is regularised like the others (scikit-learn's LogisticRegression(solver=
// 'liblinear') with intercept_scaling 1). Inputs are z-scored by default with the training rows' mean and
// population SD (SD 0 → 1, preprocess.hpp), so the penalty treats every column alike; the model keeps the
// Standardizer and applies it to the rows it predicts. With K ≥ 3 classes liblinear trains K one-vs-rest models
// and predicts the class with the largest margin. liblinear never prints: its messages are captured
// (liblinear_glue) and its iteration cap becomes a warning.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <string>
#include <vector>

#include "featrel/preprocess.hpp"

namespace featrel::logistic {

struct Options {
  double C = 1.0;
  double eps = 1e-4;
  double bias = 1.0;  // value of the bias feature; ≤ 0: no bias term (liblinear's convention)
  bool standardize = true;
};

class Model {  // binary or one-vs-rest multiclass (liblinear's own multiclass handling)
 public:
  std::vector<int> predict(const Eigen::MatrixXd& X) const;  // class codes 0..K-1, rows of X
  Eigen::VectorXd decision(const Eigen::MatrixXd& X) const;   // binary: margin toward class 1
  // Margins of every one-vs-rest model, n × K' (K' = 1 for K = 2: toward class 1; K otherwise: class k vs rest).
  Eigen::MatrixXd decisions(const Eigen::MatrixXd& X) const;

  std::size_t n_classes() const { return n_classes_; }
  // Weights in the model's input space (standardised when standardize is set): K' × p, and the bias weights
  // (already multiplied by the bias value), so margin = W·z + b.
  const Eigen::MatrixXd& weights() const { return W_; }
  const Eigen::VectorXd& intercepts() const { return b_; }
  // The column scaling applied before W (mean 0 / SD 1 when not standardising).
  const Standardizer& standardizer() const { return scaler_; }
  bool standardized() const { return standardized_; }
  // liblinear's warnings (iteration cap, …); empty on a clean fit.
  const std::vector<std::string>& warnings() const { return warnings_; }

 private:
  friend Model fit(const Eigen::MatrixXd& X, const std::vector<int>& labels, std::size_t n_classes,
                   const Options& options);
  std::size_t n_classes_ = 0;
  bool standardized_ = false;
  Standardizer scaler_;
  Eigen::MatrixXd W_;
  Eigen::VectorXd b_;
  std::vector<std::string> warnings_;
};

// Fits on the rows of X with class codes labels (0..n_classes−1). InputError for n_classes < 2, a label count
// that differs from X's rows, a code out of range, a class without rows, a non-finite value, C ≤ 0 or eps ≤ 0.
Model fit(const Eigen::MatrixXd& X, const std::vector<int>& labels, std::size_t n_classes, const Options& options);

}  // namespace featrel::logistic
