// Standardisation and imputation of feature columns (docs/architecture.md#standardisation).
//
// A Standardizer is fitted on the rows a model is trained on and then applied to every row, so that held-out
// rows are scaled with training statistics only (no leakage). fri, crfe and pareto use the population SD
// (divisor n); UBayFS sub-samples use the sample SD (divisor n - 1) for parity with R. A column that is constant
// on those rows (is_constant_column) is centred and divided by 1, never by ~0.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <vector>

#include "featrel/dataset.hpp"

namespace featrel {

enum class SdDivisor { population, sample };

struct Standardizer {
  Eigen::VectorXd mean;       // per column, over the fitted rows
  Eigen::VectorXd sd;         // per column: the divisor applied, i.e. the SD, or 1 for a constant column
  std::vector<bool> constant; // per column: is_constant_column on the fitted rows

  // Column means and SDs over `rows` (empty = all rows; a row listed twice, as in a bootstrap sample, counts
  // twice). With the sample divisor a single row has no SD and counts as constant. The SD of a column that is
  // not constant is finite and > 0 even where its squares under- or overflow (values near 1e-160 or 1e160). An
  // out-of-range row is a caller bug (std::out_of_range).
  static Standardizer fit(Eigen::Ref<const Eigen::MatrixXd> X, const std::vector<std::size_t>& rows,
                          SdDivisor divisor);
  // z = (x - mean) / sd for every row of X (X must have the fitted column count).
  void apply(Eigen::Ref<Eigen::MatrixXd> X) const;
  // A standardised copy of X.
  Eigen::MatrixXd transform(Eigen::Ref<const Eigen::MatrixXd> X) const;
};

// The one rule for constant columns (docs/architecture.md#constant-columns), used by the Dataset, the
// Standardizer and every method: the observed (non-NaN) values of `column` at `rows` (empty = all rows) do not
// vary beyond floating-point rounding, i.e. max - min <= 4 * DBL_EPSILON * max(|max|, |min|) (equal values, or
// values that differ in their last few bits only). Scale-free, so a column in small units (x * 1e-12) or with
// a large offset (1e12 + x) varies as x does. A column without an observed value is constant.
bool is_constant_column(Eigen::Ref<const Eigen::VectorXd> column, const std::vector<std::size_t>& rows = {});

// Replaces the NaN entries of a column with the mean or median (average of the two middle values for an
// even count) of its other entries; returns how many entries were filled. Impute::none and Impute::keep fill
// nothing. InputError when every entry is NaN and there is something to fill.
std::size_t impute_column(Eigen::Ref<Eigen::VectorXd> column, Impute how);

}  // namespace featrel
