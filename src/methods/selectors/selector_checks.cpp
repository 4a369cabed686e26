// Input checks and the top-n ordering shared by the selectors.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "featrel/error.hpp"
#include "selectors_internal.hpp"

namespace featrel::selectors::detail {

void check_selector_input(const Eigen::MatrixXd& Z, const Target* y, int n, std::string_view selector) {
  const std::string name(selector);
  if (n < 1) throw InputError(name + ": the number of features to select must be at least 1, got " + std::to_string(n));
  if (Z.rows() < 1 || Z.cols() < 1)
    throw InputError(name + ": the data matrix is empty (" + std::to_string(Z.rows()) + " x " +
                     std::to_string(Z.cols()) + ")");
  if (!Z.allFinite()) throw InputError(name + ": the data matrix has a missing or infinite value");
  if (y == nullptr) return;
  const auto rows = static_cast<std::size_t>(Z.rows());
  if (y->task == Task::regression) {
    if (static_cast<std::size_t>(y->y.size()) != rows)
      throw InputError(name + ": the target has " + std::to_string(y->y.size()) + " values for " +
                       std::to_string(rows) + " rows");
    if (!y->y.allFinite()) throw InputError(name + ": the target has a missing or infinite value");
    return;
  }
  if (y->labels.size() != rows)
    throw InputError(name + ": the target has " + std::to_string(y->labels.size()) + " labels for " +
                     std::to_string(rows) + " rows");
  for (int c : y->labels)
    if (c < 0 || static_cast<std::size_t>(c) >= y->n_classes)
      throw InputError(name + ": class code " + std::to_string(c) + " is outside 0.." +
                       std::to_string(static_cast<long>(y->n_classes) - 1));
}

Ranking top_columns(std::vector<double> scores, int n, bool descending) {
  std::vector<int> order(scores.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    const double sa = scores[static_cast<std::size_t>(a)], sb = scores[static_cast<std::size_t>(b)];
    if (std::isnan(sa) || std::isnan(sb)) return !std::isnan(sa) && std::isnan(sb);
    return descending ? sa > sb : sa < sb;
  });
  const auto k = std::min<std::size_t>(static_cast<std::size_t>(std::max(n, 0)), order.size());
  Ranking out;
  out.selected.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k));
  for (int j : out.selected) out.scores.push_back(scores[static_cast<std::size_t>(j)]);
  out.column_scores = std::move(scores);
  return out;
}

}  // namespace featrel::selectors::detail
