// Rdimtools do.fscore (docs/selectors.md#fisher-score): F_j = Σ_c n_c(μ_cj − μ_j)² / Σ_c n_c·s²_cj, the n largest.
#include <cmath>
#include <limits>
#include <string>

#include "featrel/error.hpp"
#include "featrel/selectors.hpp"
#include "selectors_internal.hpp"

namespace featrel::selectors {

Ranking fisher(const Eigen::MatrixXd& Z, const Target& y, int n) {
  if (y.task == Task::regression)
    throw InputError("fisher: the Fisher score needs class labels; the target is a regression target "
                     "(use mrmr or laplacian)");
  detail::check_selector_input(Z, &y, n, "fisher");
  const Eigen::Index rows = Z.rows(), p = Z.cols();
  const std::size_t K = y.n_classes;
  // Class sums and sums of squares per column, one pass over the rows.
  Eigen::MatrixXd sum = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(K), p);
  std::vector<double> count(K, 0.0);
  for (Eigen::Index i = 0; i < rows; ++i) {
    const auto c = static_cast<Eigen::Index>(y.labels[static_cast<std::size_t>(i)]);
    sum.row(c) += Z.row(i);
    count[static_cast<std::size_t>(c)] += 1.0;
  }
  const Eigen::RowVectorXd mean = Z.colwise().mean();
  std::vector<double> numerator(static_cast<std::size_t>(p), 0.0), denominator(static_cast<std::size_t>(p), 0.0);
  for (std::size_t c = 0; c < K; ++c) {
    if (count[c] <= 0.0) continue;  // a class absent from the sub-sample contributes nothing
    const Eigen::RowVectorXd class_mean = sum.row(static_cast<Eigen::Index>(c)) / count[c];
    for (Eigen::Index j = 0; j < p; ++j) {
      const double d = class_mean[j] - mean[j];
      numerator[static_cast<std::size_t>(j)] += count[c] * d * d;
    }
  }
  // Within-class variances from centred values (not from the sums of squares, which cancel badly).
  Eigen::MatrixXd ss = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(K), p);
  for (Eigen::Index i = 0; i < rows; ++i) {
    const auto c = static_cast<Eigen::Index>(y.labels[static_cast<std::size_t>(i)]);
    const Eigen::RowVectorXd d = Z.row(i) - sum.row(c) / count[static_cast<std::size_t>(c)];
    ss.row(c) += d.cwiseProduct(d);
  }
  for (std::size_t c = 0; c < K; ++c) {
    // Unbiased class variance; a class with one row has s² := 0, so n_c·s² is n_c/(n_c − 1)·SS.
    if (count[c] < 2.0) continue;
    for (Eigen::Index j = 0; j < p; ++j)
      denominator[static_cast<std::size_t>(j)] += count[c] * ss(static_cast<Eigen::Index>(c), j) / (count[c] - 1.0);
  }
  std::vector<double> score(static_cast<std::size_t>(p));
  for (std::size_t j = 0; j < score.size(); ++j) {
    if (denominator[j] > 0.0)
      score[j] = numerator[j] / denominator[j];
    else
      score[j] = numerator[j] > 0.0 ? std::numeric_limits<double>::infinity() : 0.0;
  }
  return detail::top_columns(std::move(score), n, true);
}

}  // namespace featrel::selectors
