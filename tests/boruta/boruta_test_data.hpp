// Data and helpers for the Boruta and SFC tests: small in-memory data sets, the make_classification fixture
// with its truth, generated data, and a RunContext.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <string>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/generate.hpp"
#include "featrel/rng.hpp"
#include "featrel/run_context.hpp"

#ifndef FEATREL_DATA_DIR
#define FEATREL_DATA_DIR "data"
#endif

namespace boruta_test {

inline featrel::RunContext context(std::uint64_t seed, unsigned threads = 1) {
  featrel::RunContext ctx;
  ctx.seed = seed;
  ctx.threads = threads;
  return ctx;
}

// n rows of d standard-normal features and a balanced binary target (no signal): for scripted runs, which only
// need the shape.
inline featrel::Dataset noise_data(std::size_t n, std::size_t d, std::uint64_t seed = 1) {
  featrel::rng::Rng r(seed);
  Eigen::MatrixXd X(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(d));
  std::vector<std::string> names, y;
  for (std::size_t j = 0; j < d; ++j) {
    std::string name = "f";
    name += std::to_string(j);
    names.push_back(name);
  }
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < d; ++j) X(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = r.normal();
    y.emplace_back(1, i % 2 ? 'b' : 'a');
  }
  featrel::CsvOptions o;
  return featrel::make_dataset(X, names, y, o);
}

// scikit-learn's make_classification(500, 30, 5 informative, 5 redundant, random_state=0) (data/boruta/README.md).
inline featrel::Dataset make_classification_500x30() {
  featrel::CsvOptions o;
  o.target = "y";
  return featrel::read_csv(std::string(FEATREL_DATA_DIR) + "/boruta/make_classification_500x30.csv", o);
}
inline const std::vector<std::size_t> kInformative{1, 16, 21, 26, 27};
inline const std::vector<std::size_t> kRedundant{9, 13, 18, 19, 28};
inline std::vector<std::size_t> true_columns() { return {1, 9, 13, 16, 18, 19, 21, 26, 27, 28}; }

inline featrel::Dataset breast_cancer() {
  featrel::CsvOptions o;
  o.target = "malignant";
  return featrel::read_csv(std::string(FEATREL_DATA_DIR) + "/breast_cancer_wisconsin_diagnostic.csv", o);
}

// A generated data set as a Dataset (labels as their CSV strings) with its truth.
struct Generated {
  featrel::Dataset data;
  featrel::gen::Truth truth;
};

inline Generated from_generated(const featrel::gen::GeneratedData& g,
                                featrel::TaskRequest task = featrel::TaskRequest::automatic) {
  return {g.to_dataset(task), g.truth};
}

inline Generated relevance(std::size_t n, std::size_t d, std::size_t strong, std::size_t weak, bool nonlinear,
                           std::uint64_t seed, double noise) {
  featrel::gen::RelevanceOptions o;
  o.n_samples = n;
  o.n_features = d;
  o.n_strong = strong;
  o.n_weak = weak;
  o.nonlinear = nonlinear;
  o.noise = noise;
  return from_generated(featrel::gen::generate_relevance(o, seed));
}

}  // namespace boruta_test
