// Small data sets for the forest tests: a separable binary problem, three separated classes, a regression target,
// all drawn from featrel::rng so that they are the same on every platform.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "featrel/forest.hpp"
#include "featrel/rng.hpp"

namespace forest_test {

struct Problem {
  Eigen::MatrixXd X;
  featrel::forest::Target target;
};

// Binary: x0 and x1 carry the class (shifted by ±shift), the other columns are noise.
inline Problem binary(std::size_t n, std::size_t d, double shift, std::uint64_t seed) {
  featrel::rng::Rng r(seed);
  Problem p;
  p.X.resize(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(d));
  std::vector<int> y(n);
  for (std::size_t i = 0; i < n; ++i) {
    y[i] = static_cast<int>(i % 2);
    for (std::size_t j = 0; j < d; ++j) {
      double v = r.normal();
      if (j < 2) v += y[i] ? shift : -shift;
      p.X(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = v;
    }
  }
  p.target = featrel::forest::Target::classification(y, 2);
  return p;
}

// Three classes centred at -shift, 0, +shift on x0; x1.. noise.
inline Problem three_classes(std::size_t n, std::size_t d, double shift, std::uint64_t seed) {
  featrel::rng::Rng r(seed);
  Problem p;
  p.X.resize(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(d));
  std::vector<int> y(n);
  for (std::size_t i = 0; i < n; ++i) {
    y[i] = static_cast<int>(i % 3);
    for (std::size_t j = 0; j < d; ++j)
      p.X(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) =
          r.normal() + (j == 0 ? shift * (y[i] - 1) : 0.0);
  }
  p.target = featrel::forest::Target::classification(y, 3);
  return p;
}

// Regression: y = 2·x0 + x1² + small noise; other columns noise.
inline Problem regression(std::size_t n, std::size_t d, std::uint64_t seed) {
  featrel::rng::Rng r(seed);
  Problem p;
  p.X.resize(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(d));
  std::vector<double> y(n);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < d; ++j) p.X(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = r.normal();
    const double x0 = p.X(static_cast<Eigen::Index>(i), 0), x1 = p.X(static_cast<Eigen::Index>(i), 1);
    y[i] = 2.0 * x0 + x1 * x1 + 0.1 * r.normal();
  }
  p.target = featrel::forest::Target::regression(y);
  return p;
}

inline featrel::forest::Design all_columns(const featrel::forest::BinnedData& b) {
  featrel::forest::Design d(b);
  for (std::size_t j = 0; j < b.n_cols(); ++j) d.add(j);
  return d;
}

}  // namespace forest_test
