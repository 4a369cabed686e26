// Test data for the LpSvm tests: small generated problems in the style of docs/generate.md#relevance-generator (strong
// features, one weak group of shifted copies, irrelevant noise columns), standardised with the population sd.
// Written here so that the model tests depend on featrel_core's rng only.
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include "featrel/lp_svm.hpp"
#include "featrel/rng.hpp"

namespace lp_test {

struct Data {
  Eigen::MatrixXd X;
  Eigen::VectorXd y;
};

inline void standardize(Eigen::MatrixXd& X) {
  for (Eigen::Index j = 0; j < X.cols(); ++j) {
    const double mean = X.col(j).mean();
    const double sd = std::sqrt((X.col(j).array() - mean).square().mean());
    X.col(j) = (X.col(j).array() - mean) / (sd > 0 ? sd : 1.0);
  }
}

// n samples, d columns: `strong` latent columns, one weak group of `weak` copies of another latent (+ U[1,2)
// offsets and `noise` per entry), the rest N(0,1). Targets: ±1 by the sign of the latent sum; 0.3·sum plus
// 0.1 noise (regression); 3 levels of equal size by rank (ordinal).
inline Data generate(int n, int d, int strong, int weak, std::uint64_t seed, featrel::LpTask task, double noise = 0.05) {
  featrel::rng::Rng g(featrel::rng::derive(seed, "lp_svm_test"));
  const int k = strong + (weak > 0 ? 1 : 0);
  Eigen::MatrixXd Z(n, k);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < k; ++j) Z(i, j) = g.normal();
  Eigen::VectorXd s = Z.rowwise().sum();
  Data out;
  out.X.resize(n, d);
  int c = 0;
  for (int j = 0; j < strong; ++j) out.X.col(c++) = Z.col(j);
  for (int j = 0; j < weak; ++j) {
    const double shift = g.uniform(1.0, 2.0);
    out.X.col(c++) = Z.col(k - 1).array() + shift;
  }
  for (; c < d; ++c)
    for (int i = 0; i < n; ++i) out.X(i, c) = g.normal();
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < d; ++j) out.X(i, j) += noise * g.normal();
  standardize(out.X);
  out.y.resize(n);
  switch (task) {
    case featrel::LpTask::classification:
      for (int i = 0; i < n; ++i) out.y[i] = s[i] > 0 ? 1.0 : -1.0;
      break;
    case featrel::LpTask::regression:
      for (int i = 0; i < n; ++i) out.y[i] = 0.3 * s[i] + 0.1 * g.normal();
      break;
    case featrel::LpTask::ordinal: {
      std::vector<int> order(static_cast<std::size_t>(n));
      std::iota(order.begin(), order.end(), 0);
      std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return s[a] < s[b]; });
      for (int r = 0; r < n; ++r) out.y[order[static_cast<std::size_t>(r)]] = std::min(2, 3 * r / n);
      break;
    }
  }
  return out;
}

inline std::vector<int> iota(int d) {
  std::vector<int> v(static_cast<std::size_t>(d));
  std::iota(v.begin(), v.end(), 0);
  return v;
}

}  // namespace lp_test
