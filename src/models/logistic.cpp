// Logistic regression through liblinear 2.3's L2R_LR (see logistic.hpp; docs/architecture.md#shared-components, docs/pareto.md#classifiers).
#include "featrel/logistic.hpp"

#include <linear.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "models/classifier_checks.hpp"
#include "models/liblinear_glue.hpp"

namespace featrel::logistic {

namespace {

void validate(const Options& o) {
  if (!(o.C > 0.0) || !std::isfinite(o.C)) throw InputError("logistic: C must be > 0, got " + format_number(o.C));
  if (!(o.eps > 0.0) || !std::isfinite(o.eps))
    throw InputError("logistic: eps must be > 0, got " + format_number(o.eps));
  if (!std::isfinite(o.bias)) throw InputError("logistic: the bias value must be finite");
}

struct ModelDeleter {
  void operator()(model* m) const { free_and_destroy_model(&m); }
};

}  // namespace

Eigen::MatrixXd Model::decisions(const Eigen::MatrixXd& X) const {
  models::check_rows_to_predict(X, W_.cols(), "logistic");
  Eigen::MatrixXd Z = standardized_ ? scaler_.transform(X) : X;
  Eigen::MatrixXd out = Z * W_.transpose();
  out.rowwise() += b_.transpose();
  return out;
}

Eigen::VectorXd Model::decision(const Eigen::MatrixXd& X) const {
  if (n_classes_ != 2) throw std::logic_error("logistic: decision() is for binary models; use decisions()");
  return decisions(X).col(0);
}

std::vector<int> Model::predict(const Eigen::MatrixXd& X) const {
  const Eigen::MatrixXd d = decisions(X);
  std::vector<int> out(static_cast<std::size_t>(X.rows()));
  for (Eigen::Index i = 0; i < d.rows(); ++i) {
    if (n_classes_ == 2) {
      out[static_cast<std::size_t>(i)] = d(i, 0) > 0.0 ? 1 : 0;
      continue;
    }
    Eigen::Index best = 0;  // liblinear's rule: the first class with the largest margin
    for (Eigen::Index k = 1; k < d.cols(); ++k)
      if (d(i, k) > d(i, best)) best = k;
    out[static_cast<std::size_t>(i)] = static_cast<int>(best);
  }
  return out;
}

Model fit(const Eigen::MatrixXd& X, const std::vector<int>& labels, std::size_t n_classes, const Options& options) {
  validate(options);
  models::check_labelled_rows(X, labels, n_classes, "logistic");
  const Eigen::Index n = X.rows(), p = X.cols();

  Model m;
  m.n_classes_ = n_classes;
  m.standardized_ = options.standardize;
  if (options.standardize) {
    m.scaler_ = Standardizer::fit(X, {}, SdDivisor::population);
  } else {
    m.scaler_.mean = Eigen::VectorXd::Zero(p);
    m.scaler_.sd = Eigen::VectorXd::Ones(p);
    m.scaler_.constant.assign(static_cast<std::size_t>(p), false);
  }
  const Eigen::MatrixXd Z = options.standardize ? m.scaler_.transform(X) : X;

  // liblinear rows: the non-zero entries (index j + 1), the bias node (index p + 1) when bias > 0, the terminator.
  const bool has_bias = options.bias > 0.0;
  const int width = static_cast<int>(p) + (has_bias ? 1 : 0);
  std::vector<feature_node> nodes;
  nodes.reserve(static_cast<std::size_t>(n * (p + 2)));
  std::vector<std::size_t> starts(static_cast<std::size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i) {
    starts[static_cast<std::size_t>(i)] = nodes.size();
    for (Eigen::Index j = 0; j < p; ++j)
      if (Z(i, j) != 0.0) nodes.push_back(feature_node{static_cast<int>(j) + 1, Z(i, j)});
    if (has_bias) nodes.push_back(feature_node{width, options.bias});
    nodes.push_back(feature_node{-1, 0.0});
  }
  std::vector<feature_node*> rows(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = &nodes[starts[i]];
  std::vector<double> y(labels.begin(), labels.end());

  problem prob{};
  prob.l = static_cast<int>(n);
  prob.n = width;
  prob.y = y.data();
  prob.x = rows.data();
  prob.bias = has_bias ? options.bias : -1.0;

  parameter param{};
  param.solver_type = L2R_LR;
  param.eps = options.eps;
  param.C = options.C;
  param.nr_weight = 0;
  param.p = 0.1;
  param.init_sol = nullptr;
  if (const char* err = check_parameter(&prob, &param)) throw InputError(std::string("logistic: ") + err);

  std::unique_ptr<model, ModelDeleter> fitted;
  {
    models::LiblinearCapture capture;
    fitted.reset(train(&prob, &param));
    for (const std::string& line : capture.warning_lines())
      m.warnings_.push_back(line.find("max number of iterations") != std::string::npos
                                ? "logistic: liblinear stopped at its iteration cap before reaching eps " +
                                      format_number(options.eps)
                                : "logistic: liblinear: " + line);
  }
  if (!fitted || fitted->nr_class != static_cast<int>(n_classes))
    throw std::logic_error("logistic: liblinear returned a model with the wrong class count");

  // liblinear orders classes by first appearance. Binary: one weight vector toward label[0]; K ≥ 3: one per
  // class, stored interleaved (w[j·K + k]).
  const int nr_w = n_classes == 2 ? 1 : static_cast<int>(n_classes);
  m.W_.resize(nr_w, p);
  m.b_.resize(nr_w);
  for (int k = 0; k < nr_w; ++k) {
    const Eigen::Index row = n_classes == 2 ? 0 : fitted->label[k];
    const double sign = n_classes == 2 && fitted->label[0] != 1 ? -1.0 : 1.0;  // binary: toward class 1
    for (Eigen::Index j = 0; j < p; ++j) m.W_(row, j) = sign * fitted->w[j * nr_w + k];
    m.b_(row) = has_bias ? sign * fitted->w[p * nr_w + k] * options.bias : 0.0;
  }
  return m;
}

}  // namespace featrel::logistic
