// mRMRe's classic mRMR greedy (docs/selectors.md#mrmr): start from the most relevant feature, then repeatedly add
// the feature whose relevance minus mean redundancy with the picked ones is largest.
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "featrel/error.hpp"
#include "featrel/selectors.hpp"
#include "selectors_internal.hpp"

namespace featrel::selectors {

namespace {

// MI(f, y) for every column of Z.
std::vector<double> relevance(const Eigen::MatrixXd& Z, const Target& y, ClassRelevance mode) {
  const auto p = static_cast<std::size_t>(Z.cols());
  std::vector<double> mi(p);
  const bool regression = y.task == Task::regression;
  bool use_eta = false;
  if (!regression) {
    if (mode == ClassRelevance::eta) use_eta = true;
    else if (mode == ClassRelevance::automatic) use_eta = y.task == Task::multiclass;
  }
  for (std::size_t j = 0; j < p; ++j) {
    const auto col = Z.col(static_cast<Eigen::Index>(j));
    if (regression) {
      mi[j] = gaussian_mi(pearson(col, y.y));
    } else if (use_eta) {
      // η² is already r²; MI takes r = √η².
      mi[j] = gaussian_mi(std::sqrt(eta_squared(col, y.labels, y.n_classes)));
    } else {
      mi[j] = y.ascending_rows.size() == p ? gaussian_mi(somers_d(col, y.labels, y.n_classes, y.ascending_rows[j]))
                                           : gaussian_mi(somers_d(col, y.labels, y.n_classes));
    }
  }
  return mi;
}

}  // namespace

Ranking mrmr(const Eigen::MatrixXd& Z, const Target& y, int n) { return mrmr(Z, y, n, ClassRelevance::automatic); }

Ranking mrmr(const Eigen::MatrixXd& Z, const Target& y, int n, ClassRelevance mode) {
  detail::check_selector_input(Z, &y, n, "mrmr");
  const auto p = static_cast<std::size_t>(Z.cols());
  const auto picks = static_cast<std::size_t>(std::min<long>(n, static_cast<long>(p)));
  Ranking out;
  out.column_scores = relevance(Z, y, mode);
  const std::vector<double>& rel = out.column_scores;

  // Unit-norm centred columns: the Pearson r of two columns is one dot product, one Z-column product per pick.
  Eigen::MatrixXd U = Z.rowwise() - Z.colwise().mean();
  for (Eigen::Index j = 0; j < U.cols(); ++j) {
    const double norm = U.col(j).norm();
    if (norm > 0.0) U.col(j) /= norm;
  }

  // The candidates (columns not yet picked) are the first `active` columns of U: a pick swaps its column with the
  // last candidate, so each pick's products and MI cover p − l columns, not p (a third less work over all picks).
  // column[c] is the feature in U's column c, redundancy[c] its Σ_{s∈S} MI(f, s).
  std::vector<std::size_t> column(p);
  for (std::size_t c = 0; c < p; ++c) column[c] = c;
  std::vector<double> redundancy(p, 0.0);
  auto active = static_cast<Eigen::Index>(p);
  for (std::size_t l = 0; l < picks; ++l) {
    Eigen::Index best = -1;
    double best_value = -std::numeric_limits<double>::infinity();
    for (Eigen::Index c = 0; c < active; ++c) {
      const auto j = column[static_cast<std::size_t>(c)];
      const double value = l == 0 ? rel[j] : rel[j] - redundancy[static_cast<std::size_t>(c)] / static_cast<double>(l);
      // Ties keep the lower feature index, whatever the candidates' order.
      if (best < 0 || value > best_value || (value == best_value && j < column[static_cast<std::size_t>(best)])) {
        best = c;
        best_value = value;
      }
    }
    out.selected.push_back(static_cast<int>(column[static_cast<std::size_t>(best)]));
    // mRMRe counts the target among the ancestors of its redundancy average: ((l−1)/l)·score for the l-th pick.
    const double scale = l == 0 ? 1.0 : static_cast<double>(l) / static_cast<double>(l + 1);
    out.scores.push_back(scale * best_value);
    if (l + 1 == picks) break;
    --active;
    if (best != active) {
      U.col(best).swap(U.col(active));
      std::swap(column[static_cast<std::size_t>(best)], column[static_cast<std::size_t>(active)]);
      std::swap(redundancy[static_cast<std::size_t>(best)], redundancy[static_cast<std::size_t>(active)]);
    }
    const Eigen::VectorXd r = U.leftCols(active).transpose() * U.col(active);
    for (Eigen::Index c = 0; c < active; ++c) redundancy[static_cast<std::size_t>(c)] += gaussian_mi(r[c]);
  }
  return out;
}

}  // namespace featrel::selectors
