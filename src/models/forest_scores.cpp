// Predictions and scores from forest margins (docs/boruta.md#the-random-forest items 4 and 6): the predicted class of a
// binary forest is 1 iff its margin is positive (the mean leaf frequency of class 1 exceeds ½), the argmax for
// multiclass; the score is accuracy or R² (or −MAE) through the shared metrics, over the rows asked for.
#include <cmath>
#include <string>

#include "featrel/error.hpp"
#include "featrel/forest.hpp"
#include "featrel/metrics.hpp"

namespace featrel::forest {

std::string to_string(Metric metric) {
  switch (metric) {
    case Metric::automatic: return "default";
    case Metric::accuracy: return "accuracy";
    case Metric::r2: return "r2";
    case Metric::mae: return "mae";
  }
  return "default";
}

std::vector<int> predict_classes(const Eigen::MatrixXd& margins, Objective objective) {
  const Eigen::Index n = margins.rows();
  std::vector<int> out(static_cast<std::size_t>(n), 0);
  if (objective == Objective::regression)
    throw InputError("forest: classes are not defined for a regression forest");
  for (Eigen::Index i = 0; i < n; ++i) {
    if (objective == Objective::binary) {
      out[static_cast<std::size_t>(i)] = margins(i, 0) > 0.0 ? 1 : 0;
      continue;
    }
    Eigen::Index best = 0;
    for (Eigen::Index k = 1; k < margins.cols(); ++k)
      if (margins(i, k) > margins(i, best)) best = k;
    out[static_cast<std::size_t>(i)] = static_cast<int>(best);
  }
  return out;
}

double score(const Eigen::MatrixXd& margins, const Target& target, const std::vector<std::size_t>& rows,
             Metric metric) {
  const bool regression = target.objective() == Objective::regression;
  if (metric == Metric::automatic) metric = regression ? Metric::r2 : Metric::accuracy;
  if (regression && metric == Metric::accuracy)
    throw InputError("forest: accuracy is not a regression metric; use r2 or mae");
  if (!regression && metric != Metric::accuracy)
    throw InputError("forest: " + to_string(metric) + " is a regression metric; classification uses accuracy");
  const std::size_t n = static_cast<std::size_t>(margins.rows());
  if (n != target.n_rows())
    throw InputError("forest: " + std::to_string(n) + " margins for " + std::to_string(target.n_rows()) + " rows");
  std::vector<std::size_t> use;
  auto keep = [&](std::size_t i) {
    if (i >= n) throw InputError("forest: score row " + std::to_string(i) + " is out of range");
    if (!std::isnan(margins(static_cast<Eigen::Index>(i), 0))) use.push_back(i);
  };
  if (rows.empty())
    for (std::size_t i = 0; i < n; ++i) keep(i);
  else
    for (std::size_t i : rows) keep(i);
  if (use.empty()) throw InputError("forest: no row to score (no out-of-bag tree reached any row)");

  if (regression) {
    std::vector<double> y, yhat;
    y.reserve(use.size());
    yhat.reserve(use.size());
    for (std::size_t i : use) {
      y.push_back(target.values()[i]);
      yhat.push_back(margins(static_cast<Eigen::Index>(i), 0));
    }
    return metric == Metric::mae ? -metrics::mae(y, yhat) : metrics::r2(y, yhat);
  }
  Eigen::MatrixXd sub(static_cast<Eigen::Index>(use.size()), margins.cols());
  std::vector<int> truth;
  truth.reserve(use.size());
  for (std::size_t q = 0; q < use.size(); ++q) {
    sub.row(static_cast<Eigen::Index>(q)) = margins.row(static_cast<Eigen::Index>(use[q]));
    truth.push_back(target.labels()[use[q]]);
  }
  return metrics::accuracy(truth, predict_classes(sub, target.objective()));
}

}  // namespace featrel::forest
