// Correlations between feature columns for UBayFS's avg_abs_correlation and decorrelation rows (docs/ubayfs.md#constraint-groups, docs/ubayfs.md#set-evaluation).
// Internal to src/methods/ubayfs.
#pragma once

#include <Eigen/Dense>
#include <cstddef>

#include "featrel/ubayfs.hpp"

namespace featrel::ubayfs {

// Spearman (Pearson of average ranks), Pearson or Kendall's τ_b of columns i and j; NaN for a constant column.
double correlation(const Eigen::MatrixXd& data, std::size_t i, std::size_t j, Correlation kind);
// |correlation| of every pair (NaN as 0), with ones on the diagonal.
Eigen::MatrixXd abs_correlation_matrix(const Eigen::MatrixXd& data, Correlation kind);

}  // namespace featrel::ubayfs
