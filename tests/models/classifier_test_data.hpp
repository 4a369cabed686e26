// Data sets for the classifier tests (naive Bayes, MLP, kernel SVM, logistic regression, classify::): seeded
// synthetic problems with a known boundary, and the WDBC split pareto uses (426 training / 143 test rows).
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/rng.hpp"
#include "featrel/splits.hpp"

namespace featrel::test {

struct Labelled {
  Eigen::MatrixXd X;
  std::vector<int> y;
};

// K Gaussian blobs (unit SD) whose centres sit `spread` apart on a circle in the first two columns; the other
// columns are noise. Row i has class i mod K.
inline Labelled blobs(int n, int p, int K, double spread, std::uint64_t seed) {
  rng::Rng r(rng::derive(seed, "classifier-blobs"));
  Labelled d{Eigen::MatrixXd(n, p), std::vector<int>(static_cast<std::size_t>(n))};
  for (int i = 0; i < n; ++i) {
    const int k = i % K;
    d.y[static_cast<std::size_t>(i)] = k;
    for (int j = 0; j < p; ++j) d.X(i, j) = r.normal();
    d.X(i, 0) += spread * std::cos(2.0 * M_PI * k / K);
    d.X(i, 1) += spread * std::sin(2.0 * M_PI * k / K);
  }
  return d;
}

// Points uniform in [−1, 1]², positive inside the circle x₁² + x₂² < ½ (≈ 39 % of the square): a degree-2
// polynomial boundary that no linear model can draw.
inline Labelled circles(int n, std::uint64_t seed) {
  rng::Rng r(rng::derive(seed, "classifier-circles"));
  Labelled d{Eigen::MatrixXd(n, 2), std::vector<int>(static_cast<std::size_t>(n))};
  for (int i = 0; i < n; ++i) {
    d.X(i, 0) = r.uniform(-1.0, 1.0);
    d.X(i, 1) = r.uniform(-1.0, 1.0);
    d.y[static_cast<std::size_t>(i)] = d.X(i, 0) * d.X(i, 0) + d.X(i, 1) * d.X(i, 1) < 0.5 ? 1 : 0;
  }
  return d;
}

// XOR of the signs of two uniform coordinates in [−1, 1], kept away from the axes by a margin of 0.1.
inline Labelled xor_data(int n, std::uint64_t seed) {
  rng::Rng r(rng::derive(seed, "classifier-xor"));
  Labelled d{Eigen::MatrixXd(n, 2), std::vector<int>(static_cast<std::size_t>(n))};
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < 2; ++j) {
      const double u = r.uniform(0.1, 1.0);
      d.X(i, j) = r.uniform() < 0.5 ? -u : u;
    }
    d.y[static_cast<std::size_t>(i)] = (d.X(i, 0) > 0) != (d.X(i, 1) > 0) ? 1 : 0;
  }
  return d;
}

inline double accuracy(const std::vector<int>& truth, const Eigen::VectorXd& decision) {
  int hits = 0;
  for (std::size_t i = 0; i < truth.size(); ++i)
    hits += (decision(static_cast<Eigen::Index>(i)) > 0.0 ? 1 : 0) == truth[i] ? 1 : 0;
  return static_cast<double>(hits) / static_cast<double>(truth.size());
}

inline double accuracy(const std::vector<int>& truth, const std::vector<int>& predicted) {
  int hits = 0;
  for (std::size_t i = 0; i < truth.size(); ++i) hits += predicted[i] == truth[i] ? 1 : 0;
  return static_cast<double>(hits) / static_cast<double>(truth.size());
}

// WDBC (`malignant`, 1 = malignant is class code 1), split 426 / 143 stratified with the given seed.
struct TrainTestData {
  Labelled train, test;
  std::vector<std::string> names;
};

inline TrainTestData wdbc_split(std::uint64_t seed) {
  CsvOptions o;
  o.target = "malignant";
  const Dataset data = read_csv(std::string(FEATREL_DATA_DIR) + "/breast_cancer_wisconsin_diagnostic.csv", o);
  const TrainTest s = stratified_train_test(data.labels, 2, 0.25, seed);
  auto take = [&](const std::vector<std::size_t>& rows) {
    Labelled d{Eigen::MatrixXd(static_cast<Eigen::Index>(rows.size()), data.X.cols()),
               std::vector<int>(rows.size())};
    for (std::size_t q = 0; q < rows.size(); ++q) {
      d.X.row(static_cast<Eigen::Index>(q)) = data.X.row(static_cast<Eigen::Index>(rows[q]));
      d.y[q] = data.labels[rows[q]];
    }
    return d;
  };
  return {take(s.train), take(s.test), data.feature_names};
}

}  // namespace featrel::test
