// Rdimtools do.lscore (docs/selectors.md#laplacian-score): the Laplacian score of each feature on the k-nearest-neighbour graph
// of the rows with heat-kernel weights; the n smallest (the features that best keep neighbours together).
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "featrel/error.hpp"
#include "featrel/selectors.hpp"
#include "selectors_internal.hpp"

namespace featrel::selectors {

LaplacianGraph laplacian_graph(const Eigen::MatrixXd& Z, double t) {
  if (!(t > 0.0) || !std::isfinite(t))
    throw InputError("laplacian: the heat-kernel width t must be a positive number, got " + std::to_string(t));
  const Eigen::Index n = Z.rows();
  LaplacianGraph g;
  g.k = static_cast<std::size_t>(std::min<double>(std::ceil(std::max(0.1 * static_cast<double>(n), 1.0)),
                                                  static_cast<double>(n)));
  g.S = Eigen::MatrixXd::Zero(n, n);
  if (n < 2) return g;
  // Squared distances from differences (not ‖a‖² + ‖b‖² − 2a·b): duplicate rows must be exactly 0 apart, since
  // ties at the k-NN cut are kept. Each pair is computed once, so the matrix is exactly symmetric.
  const Eigen::MatrixXd Zt = Z.transpose();  // one row per column: contiguous differences
  Eigen::MatrixXd d2(n, n);
  for (Eigen::Index j = 0; j < n; ++j) {
    d2(j, j) = 0.0;
    for (Eigen::Index i = j + 1; i < n; ++i) {
      const double v = (Zt.col(i) - Zt.col(j)).squaredNorm();
      d2(i, j) = v;
      d2(j, i) = v;
    }
  }
  // Row i links to every j ≠ i with d_ij ≤ the (k+1)-th smallest distance of its row (d_ii = 0 included), so
  // ties at the cut are all kept; the graph is the union of both directions.
  Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic> link = Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic>::Constant(n, n, false);
  std::vector<double> row(static_cast<std::size_t>(n));
  const auto kth = static_cast<std::ptrdiff_t>(std::min<std::size_t>(g.k, static_cast<std::size_t>(n) - 1));
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < n; ++j) row[static_cast<std::size_t>(j)] = std::sqrt(d2(j, i));
    std::vector<double> sorted = row;
    std::nth_element(sorted.begin(), sorted.begin() + kth, sorted.end());
    const double cut = sorted[static_cast<std::size_t>(kth)];
    for (Eigen::Index j = 0; j < n; ++j)
      if (j != i && row[static_cast<std::size_t>(j)] <= cut) {
        link(i, j) = true;
        link(j, i) = true;
      }
  }
  // Weights exp(−d²/t) rescaled by exp(d²_min/t): scores are invariant to a constant factor, and the shift keeps
  // the weights from underflowing to 0 when many columns make every distance large.
  double d2_min = std::numeric_limits<double>::infinity();
  for (Eigen::Index j = 0; j < n; ++j)
    for (Eigen::Index i = j + 1; i < n; ++i)
      if (link(i, j)) {
        d2_min = std::min(d2_min, d2(i, j));
        ++g.links;
      }
  for (Eigen::Index j = 0; j < n; ++j)
    for (Eigen::Index i = j + 1; i < n; ++i)
      if (link(i, j)) {
        const double w = std::exp(-(d2(i, j) - d2_min) / t);
        g.S(i, j) = w;
        g.S(j, i) = w;
      }
  return g;
}

Ranking laplacian(const Eigen::MatrixXd& Z, int n, double t) {
  detail::check_selector_input(Z, nullptr, n, "laplacian");
  const LaplacianGraph g = laplacian_graph(Z, t);
  const Eigen::VectorXd d = g.S.rowwise().sum();  // D = diag(S·1)
  const double volume = d.sum();
  const Eigen::Index p = Z.cols();
  std::vector<double> score(static_cast<std::size_t>(p), std::numeric_limits<double>::quiet_NaN());
  if (volume > 0.0) {
    // f̃ = f − (fᵀD1 / 1ᵀD1)·1, then L_f = f̃ᵀ(D − S)f̃ / f̃ᵀDf̃ for all columns at once.
    const Eigen::RowVectorXd weighted_mean = (d.transpose() * Z) / volume;
    const Eigen::MatrixXd F = Z.rowwise() - weighted_mean;
    const Eigen::MatrixXd SF = g.S * F;
    for (Eigen::Index j = 0; j < p; ++j) {
      const double dff = (d.array() * F.col(j).array().square()).sum();
      const double sff = F.col(j).dot(SF.col(j));
      // f̃ᵀDf̃ = 0 (a feature constant over the linked rows) has no score: NaN, ranked last.
      if (dff > 0.0) score[static_cast<std::size_t>(j)] = (dff - sff) / dff;
    }
  }
  return detail::top_columns(std::move(score), n, false);
}

}  // namespace featrel::selectors
