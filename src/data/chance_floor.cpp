// chance_floor (chance_floor.hpp): the statistic for every column and target at once, as one product of the
// centred columns with a block of targets: the permuted targets (regression) or the class indicators of the
// permuted labels (classification).
#include "data/chance_floor.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "featrel/rng.hpp"
#include "featrel/stats.hpp"

namespace featrel::detail {

namespace {

// Permutations per block: the d × (block·K) product stays a few megabytes at 20,000 columns.
constexpr std::size_t kBlock = 16;

// Per target in the block, the largest statistic over the columns (and, for target 0 of the first call, the
// statistics themselves). Xc: centred columns; inv_norm: 1/‖column‖; T: n × (targets·K) block of targets.
std::vector<double> largest_per_target(const Eigen::MatrixXd& Xc, const Eigen::VectorXd& inv_norm,
                                       const Eigen::MatrixXd& T, std::size_t K, const std::vector<double>& class_inv,
                                       double inv_target_norm, std::vector<double>* first) {
  const Eigen::MatrixXd P = Xc.transpose() * T;  // d × (targets·K)
  const auto targets = static_cast<std::size_t>(T.cols()) / K;
  std::vector<double> out(targets, 0.0);
  for (std::size_t t = 0; t < targets; ++t) {
    double best = 0.0;
    for (Eigen::Index j = 0; j < P.rows(); ++j) {
      double v = 0.0;
      if (K == 1) {
        v = std::abs(P(j, static_cast<Eigen::Index>(t))) * inv_norm[j] * inv_target_norm;
      } else {
        // η² = Σ_k S_k²/n_k / SS_x with S_k the class sums of the centred column.
        double between = 0.0;
        for (std::size_t k = 0; k < K; ++k) {
          const double s = P(j, static_cast<Eigen::Index>(t * K + k));
          between += s * s * class_inv[k];
        }
        v = std::sqrt(std::min(1.0, between * inv_norm[j] * inv_norm[j]));
      }
      best = std::max(best, v);
      if (first && t == 0) first->push_back(v);
    }
    out[t] = best;
  }
  return out;
}

}  // namespace

ChanceFloor chance_floor(const Dataset& data, std::size_t permutations, std::uint64_t seed) {
  ChanceFloor out;
  const std::size_t n = data.n_samples();
  std::vector<Eigen::Index> varying;
  for (std::size_t j = 0; j < data.n_features(); ++j)
    if (!(j < data.constant.size() && data.constant[j])) varying.push_back(static_cast<Eigen::Index>(j));
  if (n < 3 || varying.empty() || permutations == 0) return out;
  const bool classes = data.is_classification();
  const std::size_t K = classes ? data.n_classes() : 1;
  if (classes && K < 2) return out;

  Eigen::MatrixXd Xc(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(varying.size()));
  Eigen::VectorXd inv_norm(Xc.cols());
  for (Eigen::Index q = 0; q < Xc.cols(); ++q) {
    Xc.col(q) = data.X.col(varying[static_cast<std::size_t>(q)]).array() - data.X.col(varying[static_cast<std::size_t>(q)]).mean();
    const double norm = Xc.col(q).norm();
    inv_norm[q] = norm > 0.0 ? 1.0 / norm : 0.0;  // a column constant up to rounding measures 0
  }
  std::vector<double> class_inv(K, 0.0);
  Eigen::VectorXd yc;
  double inv_target_norm = 0.0;
  if (classes) {
    const auto counts = data.class_counts();
    for (std::size_t k = 0; k < K; ++k) class_inv[k] = counts[k] > 0 ? 1.0 / static_cast<double>(counts[k]) : 0.0;
  } else {
    yc = data.y.array() - data.y.mean();
    const double norm = yc.norm();
    if (!(norm > 0.0)) return out;
    inv_target_norm = 1.0 / norm;
  }
  // Column block t of T from row order `order` (the identity for the real target).
  const auto fill = [&](Eigen::MatrixXd& T, std::size_t t, const std::vector<std::size_t>& order) {
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t from = order[i];
      if (classes)
        T(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(t * K + static_cast<std::size_t>(data.labels[from]))) = 1.0;
      else
        T(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(t)) = yc[static_cast<Eigen::Index>(from)];
    }
  };

  std::vector<std::size_t> identity(n);
  for (std::size_t i = 0; i < n; ++i) identity[i] = i;
  std::vector<double> real;
  {
    Eigen::MatrixXd T = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(K));
    fill(T, 0, identity);
    out.largest = largest_per_target(Xc, inv_norm, T, K, class_inv, inv_target_norm, &real)[0];
  }
  rng::Rng r(rng::derive(seed, "chance_floor"));
  std::vector<double> maxima;
  for (std::size_t p0 = 0; p0 < permutations; p0 += kBlock) {
    const std::size_t b = std::min(kBlock, permutations - p0);
    Eigen::MatrixXd T = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(b * K));
    for (std::size_t t = 0; t < b; ++t) fill(T, t, r.permutation(n));
    for (double m : largest_per_target(Xc, inv_norm, T, K, class_inv, inv_target_norm, nullptr)) maxima.push_back(m);
  }
  out.columns = varying.size();
  out.permutations = permutations;
  out.floor = stats::percentile_linear(maxima, 95.0);
  for (std::size_t q = 0; q < real.size(); ++q)
    if (real[q] > out.floor) out.above_features.push_back(static_cast<std::size_t>(varying[q]));
  out.above = out.above_features.size();
  return out;
}

}  // namespace featrel::detail
