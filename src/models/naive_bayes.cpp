// Gaussian naive Bayes (see naive_bayes.hpp; docs/pareto.md#classifiers `nb`).
#include "featrel/naive_bayes.hpp"

#include <cmath>
#include <numbers>
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "models/classifier_checks.hpp"

namespace featrel::naive_bayes {

namespace {

// Mean and ddof-0 variance of x over the given rows, two-pass (as numpy does).
void moments(const Eigen::MatrixXd& X, Eigen::Index j, const std::vector<Eigen::Index>& rows, double& mean,
             double& var) {
  double s = 0.0;
  for (Eigen::Index i : rows) s += X(i, j);
  mean = s / static_cast<double>(rows.size());
  double ss = 0.0;
  for (Eigen::Index i : rows) ss += (X(i, j) - mean) * (X(i, j) - mean);
  var = ss / static_cast<double>(rows.size());
}

}  // namespace

double Model::term(std::size_t c, std::size_t j, double x) const {
  const auto ci = static_cast<Eigen::Index>(c), ji = static_cast<Eigen::Index>(j);
  const double d = x - mean(ci, ji);
  return -0.5 * (log_norm(ci, ji) + d * d / var(ci, ji));
}

namespace {

// [lo, hi) at node idx: the left half's subtree starts at idx + 1 and holds 2·(mid − lo) − 1 nodes.
double fill(const double* t, std::size_t lo, std::size_t hi, double* node, std::size_t idx) {
  if (hi - lo == 1) return node[idx] = t[lo];
  const std::size_t mid = lo + (hi - lo) / 2;
  const double left = fill(t, lo, mid, node, idx + 1);
  const double right = fill(t, mid, hi, node, idx + 2 * (mid - lo));
  return node[idx] = left + right;
}

double replacing(const double* node, std::size_t lo, std::size_t hi, std::size_t idx, std::size_t j, double value) {
  if (hi - lo == 1) return value;
  const std::size_t mid = lo + (hi - lo) / 2;
  const std::size_t left = idx + 1, right = idx + 2 * (mid - lo);
  if (j < mid) return replacing(node, lo, mid, left, j, value) + node[right];
  return node[left] + replacing(node, mid, hi, right, j, value);
}

}  // namespace

double pairwise_sums_into(const double* terms, std::size_t p, double* node) {
  return p == 0 ? 0.0 : fill(terms, 0, p, node, 0);
}

double pairwise_sum_replacing(const double* node, std::size_t p, std::size_t j, double value) {
  return replacing(node, 0, p, 0, j, value);
}

Eigen::MatrixXd Model::joint_log_likelihood(const Eigen::MatrixXd& X) const {
  models::check_rows_to_predict(X, mean.cols(), "naive Bayes");
  const Eigen::Index n = X.rows(), K = mean.rows(), p = mean.cols();
  Eigen::MatrixXd jll(n, K);
  std::vector<double> terms(static_cast<std::size_t>(p)), node(2 * static_cast<std::size_t>(p));
  for (Eigen::Index c = 0; c < K; ++c)
    for (Eigen::Index i = 0; i < n; ++i) {
      for (Eigen::Index j = 0; j < p; ++j)
        terms[static_cast<std::size_t>(j)] = term(static_cast<std::size_t>(c), static_cast<std::size_t>(j), X(i, j));
      jll(i, c) = log_prior(c) + pairwise_sums_into(terms.data(), terms.size(), node.data());
    }
  return jll;
}

std::vector<int> Model::predict(const Eigen::MatrixXd& X) const {
  const Eigen::MatrixXd jll = joint_log_likelihood(X);
  std::vector<int> out(static_cast<std::size_t>(X.rows()));
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    Eigen::Index best = 0;
    for (Eigen::Index c = 1; c < jll.cols(); ++c)
      if (jll(i, c) > jll(i, best)) best = c;
    out[static_cast<std::size_t>(i)] = static_cast<int>(best);
  }
  return out;
}

Model fit(const Eigen::MatrixXd& X, const std::vector<int>& labels, std::size_t n_classes, double var_smoothing) {
  if (!(var_smoothing >= 0.0) || !std::isfinite(var_smoothing))
    throw InputError("naive Bayes: var_smoothing must be ≥ 0, got " + format_number(var_smoothing));
  const std::vector<std::size_t> counts = models::check_labelled_rows(X, labels, n_classes, "naive Bayes");
  const Eigen::Index n = X.rows(), p = X.cols(), K = static_cast<Eigen::Index>(n_classes);

  std::vector<Eigen::Index> all(static_cast<std::size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i) all[static_cast<std::size_t>(i)] = i;
  std::vector<std::vector<Eigen::Index>> by_class(n_classes);
  for (Eigen::Index i = 0; i < n; ++i) by_class[static_cast<std::size_t>(labels[static_cast<std::size_t>(i)])].push_back(i);

  Model m;
  double max_var = 0.0;
  for (Eigen::Index j = 0; j < p; ++j) {
    double mu = 0.0, v = 0.0;
    moments(X, j, all, mu, v);
    max_var = std::max(max_var, v);
  }
  m.epsilon = var_smoothing * max_var;
  m.log_prior.resize(K);
  m.mean.resize(K, p);
  m.var.resize(K, p);
  for (Eigen::Index c = 0; c < K; ++c) {
    const auto cc = static_cast<std::size_t>(c);
    m.log_prior(c) = std::log(static_cast<double>(counts[cc]) / static_cast<double>(n));
    for (Eigen::Index j = 0; j < p; ++j) {
      double mu = 0.0, v = 0.0;
      moments(X, j, by_class[cc], mu, v);
      m.mean(c, j) = mu;
      m.var(c, j) = v + m.epsilon;
    }
  }
  // Every feature constant on all rows (max variance 0) leaves a zero variance where a class is constant too:
  // nothing separates the classes, so fall back to a unit variance rather than divide by zero.
  for (Eigen::Index c = 0; c < K; ++c)
    for (Eigen::Index j = 0; j < p; ++j)
      if (!(m.var(c, j) > 0.0)) m.var(c, j) = 1.0;
  m.log_norm = (2.0 * std::numbers::pi * m.var.array()).log().matrix();
  return m;
}

}  // namespace featrel::naive_bayes
