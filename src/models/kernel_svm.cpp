// The libsvm-trained kernel SVM (see kernel_svm.hpp; docs/pareto.md#classifiers `svm`).
#include "featrel/kernel_svm.hpp"

#include <algorithm>
#include <libsvm/svm.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "models/classifier_checks.hpp"
#include "models/libsvm_glue.hpp"

namespace featrel::kernel_svm {

namespace {

void validate(const Options& o) {
  if (o.degree < 1) throw InputError("svm: --svm-degree must be ≥ 1, got " + std::to_string(o.degree));
  if (!(o.gamma > 0.0) || !std::isfinite(o.gamma))
    throw InputError("svm: --svm-gamma must be > 0, got " + format_number(o.gamma));
  if (!(o.C > 0.0) || !std::isfinite(o.C)) throw InputError("svm: --svm-c must be > 0, got " + format_number(o.C));
  if (!std::isfinite(o.coef0)) throw InputError("svm: --svm-coef0 must be finite");
  if (!(o.eps > 0.0) || !(o.cache_mb > 0.0)) throw InputError("svm: eps and the cache size must be > 0");
}

// libsvm's sparse rows: every non-zero entry (index j + 1), then the terminator.
struct SparseRows {
  std::vector<svm_node> nodes;
  std::vector<svm_node*> rows;
  explicit SparseRows(const Eigen::MatrixXd& X) {
    const Eigen::Index n = X.rows(), d = X.cols();
    std::size_t count = static_cast<std::size_t>(n);
    for (Eigen::Index i = 0; i < n; ++i)
      for (Eigen::Index j = 0; j < d; ++j)
        if (X(i, j) != 0.0) ++count;
    nodes.resize(count);
    rows.resize(static_cast<std::size_t>(n));
    std::size_t at = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
      rows[static_cast<std::size_t>(i)] = &nodes[at];
      for (Eigen::Index j = 0; j < d; ++j)
        if (X(i, j) != 0.0) nodes[at++] = svm_node{static_cast<int>(j) + 1, X(i, j)};
      nodes[at++] = svm_node{-1, 0.0};
    }
  }
};

struct ModelDeleter {
  void operator()(svm_model* m) const { svm_free_and_destroy_model(&m); }
};

}  // namespace

double scale_gamma(const Eigen::MatrixXd& X) {
  const double count = static_cast<double>(X.size());
  if (count == 0.0) return 1.0;
  const double mean = X.sum() / count;
  const double var = (X.array() - mean).square().sum() / count;
  // A variance beyond double range would make γ = 0, which libsvm refuses with an error about an option the user
  // never set: name the cause instead.
  if (!std::isfinite(var))
    throw InputError("svm: the features' variance overflows double precision (values near 1e154 or beyond), so "
                     "gamma 'scale' = 1/(d·Var(X)) would be 0; rescale the features or give --svm-gamma");
  return var > 0.0 ? 1.0 / (static_cast<double>(X.cols()) * var) : 1.0;
}

void Model::decision_from_inner(const Eigen::MatrixXd& D, Eigen::VectorXd& out) const {
  out.resize(D.rows());
  const double g = options.gamma, c0 = options.coef0;
  const int deg = options.degree;
  for (Eigen::Index i = 0; i < D.rows(); ++i) {
    double s = 0.0;
    for (Eigen::Index k = 0; k < D.cols(); ++k) {
      const double base = g * D(i, k) + c0;
      double kv = base;
      for (int e = 1; e < deg; ++e) kv *= base;
      s += coef(k) * kv;
    }
    out(i) = s - rho;
  }
}

void Model::decision_with_column(const Eigen::MatrixXd& Dt, const Eigen::MatrixXd& X, Eigen::Index j,
                                 const Eigen::Ref<const Eigen::VectorXd>& values, Eigen::VectorXd& out) const {
  const Eigen::Index n = Dt.cols(), n_sv = Dt.rows();
  out.resize(n);
  const double g = options.gamma, c0 = options.coef0;
  const int deg = options.degree;
  const double* sj = support.col(j).data();
  const double* cf = coef.data();
  constexpr int R = 4;
  Eigen::Index i = 0;
  for (; i < n; i += R) {
    const int rows = static_cast<int>(std::min<Eigen::Index>(R, n - i));
    double delta[R] = {0, 0, 0, 0}, s[R] = {0, 0, 0, 0};
    const double* di[R];
    for (int r = 0; r < R; ++r) {
      const Eigen::Index row = i + std::min(r, rows - 1);  // a short last block repeats its last row
      delta[r] = values(row) - X(row, j);
      di[r] = Dt.col(row).data();
    }
    for (Eigen::Index k = 0; k < n_sv; ++k)
      for (int r = 0; r < R; ++r) {
        const double base = g * (di[r][k] + delta[r] * sj[k]) + c0;
        double kv = base;
        for (int e = 1; e < deg; ++e) kv *= base;
        s[r] += cf[k] * kv;
      }
    for (int r = 0; r < rows; ++r) out(i + r) = s[r] - rho;
  }
}

Eigen::VectorXd Model::decision(const Eigen::MatrixXd& X) const {
  models::check_rows_to_predict(X, support.cols(), "svm");
  Eigen::VectorXd out;
  const Eigen::MatrixXd D = X * support.transpose();
  decision_from_inner(D, out);
  return out;
}

Model fit(const Eigen::MatrixXd& X, const std::vector<int>& y, const Options& options) {
  validate(options);
  models::check_labelled_rows(X, y, 2, "svm");
  const Eigen::Index n = X.rows(), d = X.cols();
  SparseRows rows(X);
  std::vector<double> labels(y.begin(), y.end());
  svm_problem prob{};
  prob.l = static_cast<int>(n);
  prob.y = labels.data();
  prob.x = rows.rows.data();

  svm_parameter param{};
  param.svm_type = C_SVC;
  param.kernel_type = POLY;
  param.degree = options.degree;
  param.gamma = options.gamma;
  param.coef0 = options.coef0;
  param.cache_size = options.cache_mb;
  param.eps = options.eps;
  param.C = options.C;
  param.nr_weight = 0;
  param.shrinking = options.shrinking ? 1 : 0;
  param.probability = 0;
  if (const char* err = svm_check_parameter(&prob, &param)) throw InputError(std::string("svm: ") + err);

  Model m;
  m.options = options;
  std::unique_ptr<svm_model, ModelDeleter> fitted;
  {
    models::LibsvmCapture capture;
    fitted.reset(svm_train(&prob, &param));
    m.iterations = capture.iterations();
    for (const std::string& line : capture.warning_lines())
      m.warnings.push_back(line.find("max number of iterations") != std::string::npos
                               ? "svm: libsvm stopped at its iteration cap before reaching eps " +
                                     format_number(options.eps)
                               : "svm: libsvm: " + line);
  }
  if (!fitted || fitted->nr_class != 2) throw std::logic_error("svm: libsvm returned no two-class model");

  // libsvm's decision points to label[0]; orient it toward class 1.
  const double sign = fitted->label[0] == 1 ? 1.0 : -1.0;
  const int l = fitted->l;
  m.support = Eigen::MatrixXd::Zero(l, d);
  m.coef.resize(l);
  for (int k = 0; k < l; ++k) {
    for (const svm_node* p = fitted->SV[k]; p->index != -1; ++p) m.support(k, p->index - 1) = p->value;
    m.coef(k) = sign * fitted->sv_coef[0][k];
  }
  m.rho = sign * fitted->rho[0];

  // The dense evaluation must be libsvm's decision function (docs/pareto.md#performance): compare on the training rows.
  const Eigen::VectorXd dense = m.decision(X);
  for (Eigen::Index i = 0; i < n; ++i) {
    double dec = 0.0;
    svm_predict_values(fitted.get(), rows.rows[static_cast<std::size_t>(i)], &dec);
    if (std::abs(sign * dec - dense(i)) > 1e-8 * (1.0 + std::abs(dec)))
      throw std::logic_error("svm: the dense decision function differs from libsvm's (" + std::to_string(dec) +
                             " vs " + std::to_string(sign * dense(i)) + ")");
  }
  return m;
}

}  // namespace featrel::kernel_svm
