// The liblinear back end of the linear SVM (docs/crfe.md#one-vs-all-linear-svm): Debian's liblinear 2.3, solver L2R_L2LOSS_SVC
// (primal trust-region Newton, deterministic, so problems may run on parallel threads), bias node 1, warm start
// through parameter.init_sol. Its messages go to the calling thread's LiblinearCapture and come back as warnings.
#include <linear.h>

#include <cstring>
#include <stdexcept>

#include "models/liblinear_glue.hpp"
#include "models/linear_svm_detail.hpp"

namespace featrel::models::svm_detail {

LiblinearRows::LiblinearRows(const Eigen::MatrixXd& Xt) : m_(static_cast<int>(Xt.cols())) {
  const Eigen::Index n = Xt.rows();
  const Eigen::Index p = Xt.cols() - 1;  // the last column is the constant 1, written as the bias node
  std::size_t count = 0;
  for (Eigen::Index j = 0; j < p; ++j)
    for (Eigen::Index i = 0; i < n; ++i)
      if (Xt(i, j) != 0.0) ++count;
  nodes_.resize(count + 2 * static_cast<std::size_t>(n));
  rows_.resize(static_cast<std::size_t>(n));
  std::size_t at = 0;
  for (Eigen::Index i = 0; i < n; ++i) {
    rows_[static_cast<std::size_t>(i)] = &nodes_[at];
    for (Eigen::Index j = 0; j < p; ++j) {
      const double v = Xt(i, j);
      if (v != 0.0) nodes_[at++] = feature_node{static_cast<int>(j) + 1, v};
    }
    nodes_[at++] = feature_node{m_, 1.0};  // bias node: index p + 1, value prob.bias = 1
    nodes_[at++] = feature_node{-1, 0.0};
  }
}

LiblinearOutcome liblinear_solve(const LiblinearRows& rows, const Eigen::VectorXd& y, double C, double tol,
                                 const Eigen::VectorXd* w0) {
  const int n = rows.n_rows();
  const int m = rows.n_columns();
  std::vector<double> labels(y.data(), y.data() + y.size());
  std::vector<double> init;
  if (w0 != nullptr) init.assign(w0->data(), w0->data() + w0->size());

  problem prob{};
  prob.l = n;
  prob.n = m;
  prob.y = labels.data();
  prob.x = rows.rows();
  prob.bias = 1.0;

  parameter param{};
  param.solver_type = L2R_L2LOSS_SVC;
  param.eps = tol;
  param.C = C;
  param.nr_weight = 0;
  param.weight_label = nullptr;
  param.weight = nullptr;
  param.p = 0.1;
  param.init_sol = init.empty() ? nullptr : init.data();

  if (const char* err = check_parameter(&prob, &param)) throw std::invalid_argument(std::string("liblinear: ") + err);

  LiblinearOutcome out;
  model* fitted = nullptr;
  {
    LiblinearCapture capture;
    fitted = train(&prob, &param);
    out.iterations = capture.newton_iterations();
    out.hit_cap = capture.hit_iteration_cap();
    for (const std::string& line : capture.warning_lines())
      if (line.find("max number of iterations") == std::string::npos) out.warnings.push_back("liblinear: " + line);
  }
  if (fitted == nullptr) throw std::runtime_error("liblinear: train() returned no model");

  // liblinear orders labels by first appearance but puts +1 first for ±1 labels; read the orientation from the
  // model rather than assume it.
  const double sign = (fitted->nr_class >= 1 && fitted->label[0] == -1) ? -1.0 : 1.0;
  out.w.resize(m);
  for (int j = 0; j < m; ++j) out.w[j] = sign * fitted->w[j];
  free_and_destroy_model(&fitted);
  return out;
}

}  // namespace featrel::models::svm_detail
