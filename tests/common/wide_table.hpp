// A wide table for the chance-floor tests: n rows × d independent standard normal columns x0.., the first
// `planted` equal to the target plus a little noise. The target is a normal draw (classes = 0, regression) or a
// class code in 0..classes-1.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/rng.hpp"

namespace featrel_test {

inline featrel::Dataset wide_table(std::size_t n, std::size_t d, std::size_t planted, int classes,
                                   std::uint64_t seed) {
  featrel::rng::Rng r(seed);
  Eigen::VectorXd y(static_cast<Eigen::Index>(n));
  for (auto& v : y) v = classes > 0 ? static_cast<double>(r.bounded(static_cast<std::uint64_t>(classes))) : r.normal();
  Eigen::MatrixXd X(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(d));
  for (Eigen::Index j = 0; j < X.cols(); ++j)
    for (Eigen::Index i = 0; i < X.rows(); ++i)
      X(i, j) = static_cast<std::size_t>(j) < planted ? y[i] + 0.05 * r.normal() : r.normal();
  std::vector<std::string> names;
  for (std::size_t j = 0; j < d; ++j) names.push_back("x" + std::to_string(j));
  featrel::CsvOptions o;
  o.task = classes > 0 ? featrel::TaskRequest::classification : featrel::TaskRequest::regression;
  return featrel::make_dataset(X, names, y, o);
}

}  // namespace featrel_test
