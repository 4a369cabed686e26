// Standardisation and column imputation (include/featrel/preprocess.hpp).
#include "featrel/preprocess.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

#include "featrel/error.hpp"

namespace featrel {

namespace {

// Calls f(value) for the entries of `column` at `rows` (empty = every entry), in row order.
template <class F>
void for_rows(const Eigen::Ref<const Eigen::VectorXd>& column, const std::vector<std::size_t>& rows, F f) {
  if (rows.empty()) {
    for (Eigen::Index i = 0; i < column.size(); ++i) f(column[i]);
  } else {
    for (std::size_t r : rows) f(column[static_cast<Eigen::Index>(r)]);
  }
}

// Mean and SD of a column whose plain sums under- or overflowed: the values are first divided by their largest
// magnitude, so every square lies in [0, 1]; the SD of a non-constant column stays finite and > 0.
std::pair<double, double> scaled_moments(const Eigen::Ref<const Eigen::VectorXd>& column,
                                         const std::vector<std::size_t>& rows, double count, double denominator) {
  double scale = 0.0;
  for_rows(column, rows, [&](double v) { scale = std::max(scale, std::abs(v)); });
  double sum = 0.0, ss = 0.0;
  for_rows(column, rows, [&](double v) { sum += v / scale; });
  const double mean = sum / count;
  for_rows(column, rows, [&](double v) { ss += (v / scale - mean) * (v / scale - mean); });
  return {mean * scale, std::sqrt(ss / denominator) * scale};
}

}  // namespace

bool is_constant_column(Eigen::Ref<const Eigen::VectorXd> column, const std::vector<std::size_t>& rows) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for_rows(column, rows, [&](double v) {
    if (std::isnan(v)) return;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  });
  if (lo > hi) return true;  // nothing observed
  // A few ulps of the larger magnitude: rounding noise (0.1 + 0.2 against 0.3), not a measurement.
  return hi - lo <= 4.0 * std::numeric_limits<double>::epsilon() * std::max(std::abs(lo), std::abs(hi));
}

Standardizer Standardizer::fit(Eigen::Ref<const Eigen::MatrixXd> X, const std::vector<std::size_t>& rows,
                               SdDivisor divisor) {
  const Eigen::Index d = X.cols();
  const bool all_rows = rows.empty();
  const auto count = static_cast<double>(all_rows ? static_cast<std::size_t>(X.rows()) : rows.size());
  for (std::size_t r : rows) {
    if (r >= static_cast<std::size_t>(X.rows())) {
      throw std::out_of_range("Standardizer::fit: row " + std::to_string(r) + " of a matrix with " +
                              std::to_string(X.rows()) + " rows");
    }
  }
  Standardizer s;
  s.mean = Eigen::VectorXd::Zero(d);
  s.sd = Eigen::VectorXd::Ones(d);
  s.constant.assign(static_cast<std::size_t>(d), true);
  if (count == 0) return s;
  const double denominator = divisor == SdDivisor::sample ? count - 1.0 : count;
  for (Eigen::Index j = 0; j < d; ++j) {
    const auto column = X.col(j);
    // Two passes (mean, then squared deviations): exact for constant columns and stable for large offsets.
    double sum = 0.0;
    if (all_rows) {
      sum = column.sum();
    } else {
      for (std::size_t r : rows) sum += column[static_cast<Eigen::Index>(r)];
    }
    double mean = sum / count;
    double ss = 0.0;
    if (all_rows) {
      ss = (column.array() - mean).square().sum();
    } else {
      for (std::size_t r : rows) {
        const double dev = column[static_cast<Eigen::Index>(r)] - mean;
        ss += dev * dev;
      }
    }
    double sd = denominator > 0.0 ? std::sqrt(ss / denominator) : 0.0;
    const bool constant = !(denominator > 0.0) || is_constant_column(column, rows);
    // Squares of values near 1e-160 underflow to 0, near 1e160 they overflow (and sums near 1e308): rescale rather
    // than divide by 0 or inf.
    if (!std::isfinite(mean) || (!constant && !(sd > 0.0 && std::isfinite(sd))))
      std::tie(mean, sd) = scaled_moments(column, rows, count, denominator);
    s.mean[j] = mean;
    s.constant[static_cast<std::size_t>(j)] = constant;
    s.sd[j] = constant ? 1.0 : sd;
  }
  return s;
}

void Standardizer::apply(Eigen::Ref<Eigen::MatrixXd> X) const {
  if (X.cols() != mean.size()) {
    throw std::invalid_argument("Standardizer::apply: fitted on " + std::to_string(mean.size()) +
                                " columns, given " + std::to_string(X.cols()));
  }
  for (Eigen::Index j = 0; j < X.cols(); ++j) {
    X.col(j).array() -= mean[j];
    if (sd[j] != 1.0) X.col(j).array() /= sd[j];
  }
}

Eigen::MatrixXd Standardizer::transform(Eigen::Ref<const Eigen::MatrixXd> X) const {
  Eigen::MatrixXd Z = X;
  apply(Z);
  return Z;
}

std::size_t impute_column(Eigen::Ref<Eigen::VectorXd> column, Impute how) {
  if (how == Impute::none || how == Impute::keep) return 0;
  std::vector<double> observed;
  observed.reserve(static_cast<std::size_t>(column.size()));
  for (Eigen::Index i = 0; i < column.size(); ++i)
    if (!std::isnan(column[i])) observed.push_back(column[i]);
  const std::size_t missing = static_cast<std::size_t>(column.size()) - observed.size();
  if (missing == 0) return 0;
  if (observed.empty()) throw InputError("cannot impute a column whose values are all missing");
  double fill = 0.0;
  if (how == Impute::mean) {
    for (double v : observed) fill += v;
    fill /= static_cast<double>(observed.size());
  } else {
    const std::size_t mid = observed.size() / 2;
    std::nth_element(observed.begin(), observed.begin() + static_cast<std::ptrdiff_t>(mid), observed.end());
    fill = observed[mid];
    if (observed.size() % 2 == 0) {
      const double lower = *std::max_element(observed.begin(), observed.begin() + static_cast<std::ptrdiff_t>(mid));
      fill = 0.5 * (lower + fill);
    }
  }
  for (Eigen::Index i = 0; i < column.size(); ++i)
    if (std::isnan(column[i])) column[i] = fill;
  return missing;
}

}  // namespace featrel
