// The conformal evaluation (docs/crfe.md#conformal-evaluation) of a feature subset and of a whole path (`all`, `selected`, and every
// size with --sweep, the paper's Fig. 1 curves): the SVM fitted on the training rows restricted to the subset —
// the path's own model for a path size, so a sweep costs no refit — scores the calibration rows (with their true
// labels) and every (test row, label); p-values, prediction sets and metrics follow, plus the plain accuracy of
// the SVM's own decision.
#include <algorithm>

#include "methods/crfe/crfe_internal.hpp"

namespace featrel::crfe::detail {

namespace {

Eigen::MatrixXd decisions(const Model& model, const Eigen::MatrixXd& X) {
  Eigen::MatrixXd D = X(Eigen::all, as_index(model.features)) * model.W.transpose();
  D.rowwise() += model.b.transpose();
  return D;
}

std::vector<int> argmax_labels(const Eigen::MatrixXd& D) {
  std::vector<int> out(static_cast<std::size_t>(D.rows()));
  for (Eigen::Index i = 0; i < D.rows(); ++i) {
    if (D.cols() == 1) {
      out[static_cast<std::size_t>(i)] = D(i, 0) > 0.0 ? 1 : 0;
      continue;
    }
    Eigen::Index best = 0;
    for (Eigen::Index k = 1; k < D.cols(); ++k)
      if (D(i, k) > D(i, best)) best = k;
    out[static_cast<std::size_t>(i)] = static_cast<int>(best);
  }
  return out;
}

}  // namespace

double svm_accuracy(const Model& model, const Eigen::MatrixXd& X, const std::vector<int>& y) {
  if (y.empty()) return 0.0;
  const std::vector<int> pred = argmax_labels(decisions(model, X));
  std::size_t correct = 0;
  for (std::size_t i = 0; i < y.size(); ++i) correct += pred[i] == y[i];
  return static_cast<double>(correct) / static_cast<double>(y.size());
}

SubsetEvaluation evaluate_subset(const Prepared& prep, const Model& model, const std::string& label, const Options& o,
                                 std::uint64_t seed) {
  const double lambda = o.ncm_lambda.value_or(o.lambda);
  SubsetEvaluation e;
  e.label = label;
  e.features = model.features;
  e.n_features = static_cast<double>(model.features.size());
  const Eigen::MatrixXd A_cal = nonconformity(decisions(model, prep.Z_cal), prep.n_classes, lambda);
  std::vector<double> cal(prep.y_cal.size());
  for (std::size_t i = 0; i < cal.size(); ++i) cal[i] = A_cal(static_cast<Eigen::Index>(i), prep.y_cal[i]);
  const Eigen::MatrixXd D_test = decisions(model, prep.Z_test);
  const Eigen::MatrixXd A_test = nonconformity(D_test, prep.n_classes, lambda);
  const Eigen::MatrixXd P = conformal_pvalues(cal, A_test, o.pvalue, seed, prep.rows.test);
  e.metrics = conformal_metrics(P, prep.y_test, o.significance);
  const std::vector<int> pred = argmax_labels(D_test);
  std::size_t correct = 0;
  for (std::size_t i = 0; i < pred.size(); ++i) correct += pred[i] == prep.y_test[i];
  e.svm_accuracy = pred.empty() ? 0.0 : static_cast<double>(correct) / static_cast<double>(pred.size());
  return e;
}

Evaluation evaluate_run(const Prepared& prep, const PathInput& in, Path& path, const PathSettings& s, const Run& run,
                        const Options& o, std::uint64_t seed, const RunContext& inner) {
  Evaluation ev;
  ev.significance = o.significance;
  ev.pvalue = o.pvalue;
  const auto add = [&](const std::vector<std::size_t>& subset, const std::string& label) {
    const Model m = run.model && subset == run.model->features ? *run.model : model_for(in, path, subset, s, inner);
    ev.subsets.push_back(evaluate_subset(prep, m, label, o, seed));
  };
  add(in.start, "all");
  add(run.selected, "selected");
  std::vector<std::size_t> sizes;
  if (o.sweep) {
    sizes.insert(sizes.end(), path.sizes.begin(), path.sizes.end());
    sizes.push_back(path.survivors.size());
  }
  for (std::size_t k : o.eval_sizes) sizes.push_back(k);
  std::sort(sizes.begin(), sizes.end(), std::greater<>());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  for (std::size_t k : sizes) {
    std::vector<std::size_t> prefix(run.ranking.begin(), run.ranking.begin() + static_cast<std::ptrdiff_t>(k));
    std::sort(prefix.begin(), prefix.end());
    add(prefix, "k=" + std::to_string(k));
  }
  return ev;
}

}  // namespace featrel::crfe::detail
