// Gaussian naive Bayes with scikit-learn GaussianNB semantics (docs/pareto.md#classifiers `nb`), for pareto's `nb`
// classifier and anything else that needs a quick generative baseline.
//
// Class priors are the training frequencies; each class and feature has a mean and a variance with divisor n_c
// (ddof 0) plus ε = var_smoothing · max_j Var(x_j) (the largest per-feature variance over all training rows, also
// ddof 0), which keeps a constant feature (or one constant within a class) from dividing by zero. The joint
// log-likelihood of class c is log π_c − ½ Σ_j [log(2π σ²_cj) + (x_j − μ_cj)² / σ²_cj], the sum over j taken
// pairwise (PairwiseSums below), and the predicted class is its argmax (ties to the lower class code).
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <vector>

namespace featrel::naive_bayes {

struct Model {
  Eigen::VectorXd log_prior;  // K: log(n_c / n)
  Eigen::MatrixXd mean;       // K × p
  Eigen::MatrixXd var;        // K × p, smoothing included
  Eigen::MatrixXd log_norm;   // K × p: log(2π σ²_cj), derived from var by fit() (kept so a term costs no log)
  double epsilon = 0.0;       // the smoothing term added to every variance

  std::size_t n_classes() const { return static_cast<std::size_t>(mean.rows()); }
  std::size_t n_features() const { return static_cast<std::size_t>(mean.cols()); }
  // The term of feature j and class c for a value x: −½[log(2π σ²_cj) + (x − μ_cj)²/σ²_cj].
  double term(std::size_t c, std::size_t j, double x) const;
  // Joint log-likelihoods, n × K (columns in class-code order).
  Eigen::MatrixXd joint_log_likelihood(const Eigen::MatrixXd& X) const;
  // Argmax of the joint log-likelihood per row; ties go to the lower class code.
  std::vector<int> predict(const Eigen::MatrixXd& X) const;
};

// A row's per-feature terms summed pairwise: the halves [0, p/2) and [p/2, p) are summed recursively and added,
// left + right. joint_log_likelihood sums this way so that a caller who replaces one term (pareto's permutation of
// one column) recomputes only the log₂ p partial sums on that term's path, O(log p) instead of O(p) per row, and
// still gets the bits of a full evaluation.
//
// sums_into fills node[0 .. 2p − 1) with every partial sum (pre-order) and returns the total; replacing returns the
// total with term j < p replaced by value, from the partial sums that sums_into filled. p = 0 sums to 0.
double pairwise_sums_into(const double* terms, std::size_t p, double* node);
double pairwise_sum_replacing(const double* node, std::size_t p, std::size_t j, double value);

// Fits on the rows of X with class codes 0..n_classes−1. InputError for n_classes < 2, a label count that differs
// from X's rows, a code out of range, a class without rows, a non-finite value or var_smoothing < 0.
Model fit(const Eigen::MatrixXd& X, const std::vector<int>& labels, std::size_t n_classes,
          double var_smoothing = 1e-9);

}  // namespace featrel::naive_bayes
