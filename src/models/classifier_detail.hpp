// The per-key trainers behind classify::fit_binary (classifier.hpp), one per model family, and the scratch buffers
// their column scorers share.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <memory>
#include <vector>

#include "featrel/classifier.hpp"
#include "featrel/mlp.hpp"

namespace featrel::classify::detail {

// Pareto's forest settings (docs/pareto.md#classifiers rf, notes a and b) from the classifier options: √d columns drawn at every node,
// full trees (one row per leaf at least), rows without replacement.
forest::Params forest_params(const ClassifierOptions& options, forest::Engine engine);

// The MLP's options from the classifier options (docs/pareto.md#parameters mlp_*).
mlp::Options mlp_options(const ClassifierOptions& options);

// X_train and y are already checked (finite, 0/1 labels, both classes present); options are validated.
std::unique_ptr<BinaryClassifier> fit_forest(const Eigen::MatrixXd& X, const std::vector<int>& y,
                                             std::uint64_t seed, const ClassifierOptions& options);
std::unique_ptr<BinaryClassifier> fit_naive_bayes(const Eigen::MatrixXd& X, const std::vector<int>& y,
                                                  const ClassifierOptions& options);
std::unique_ptr<BinaryClassifier> fit_mlp(const Eigen::MatrixXd& X, const std::vector<int>& y, std::uint64_t seed,
                                          const ClassifierOptions& options);
std::unique_ptr<BinaryClassifier> fit_svm(const Eigen::MatrixXd& X, const std::vector<int>& y,
                                          const ClassifierOptions& options);
std::unique_ptr<BinaryClassifier> fit_logreg(const Eigen::MatrixXd& X, const std::vector<int>& y,
                                             const ClassifierOptions& options);

// A per-thread matrix a column scorer may overwrite during one call (no allocation once it has the right size).
// Each call site passes its own tag type, so two scorers never share a buffer within one call.
template <typename Tag>
Eigen::MatrixXd& scratch_matrix() {
  thread_local Eigen::MatrixXd m;
  return m;
}

}  // namespace featrel::classify::detail
