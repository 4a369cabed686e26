// mRMRe's classic mRMR greedy (docs/selectors.md#mrmr): start from the most relevant feature, then repeatedly add
// the feature whose relevance minus mean redundancy with the picked ones is largest.
#include <cmath>
#include <limits>
#include <string>

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

  std::vector<char> picked(p, 0);
  std::vector<double> redundancy(p, 0.0);  // Σ_{s∈S} MI(f, s)
  for (std::size_t l = 0; l < picks; ++l) {
    std::size_t best = p;
    double best_value = -std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < p; ++j) {
      if (picked[j]) continue;
      const double value = l == 0 ? rel[j] : rel[j] - redundancy[j] / static_cast<double>(l);
      if (best == p || value > best_value) {  // strict: ties keep the lower column index
        best = j;
        best_value = value;
      }
    }
    picked[best] = 1;
    out.selected.push_back(static_cast<int>(best));
    // mRMRe counts the target among the ancestors of its redundancy average: ((l−1)/l)·score for the l-th pick.
    const double scale = l == 0 ? 1.0 : static_cast<double>(l) / static_cast<double>(l + 1);
    out.scores.push_back(scale * best_value);
    if (l + 1 == picks) break;
    const Eigen::VectorXd r = U.transpose() * U.col(static_cast<Eigen::Index>(best));
    for (std::size_t j = 0; j < p; ++j)
      if (!picked[j]) redundancy[j] += gaussian_mi(r[static_cast<Eigen::Index>(j)]);
  }
  return out;
}

}  // namespace featrel::selectors
