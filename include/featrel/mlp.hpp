// A small multilayer perceptron for binary classification with scikit-learn MLPClassifier semantics
// (docs/pareto.md#classifiers `mlp`), written on Eigen so that pareto's permutation path can reach the first layer.
//
// Architecture d → h_1 → … → h_L → 1: ReLU hidden layers, one logistic output. Objective per mini-batch of n_b
// rows: the mean log-loss plus α/2 · Σ‖W_l‖² / n_b (biases not penalised); logits are clipped to ±30 inside the
// loss only. Weights and biases of every layer start U(±√(6/(fan_in + fan_out))). Adam (lr 1e-3, β₁ 0.9,
// β₂ 0.999, ε 1e-8) with scikit-learn's bias correction (the step is lr·√(1−β₂ᵗ)/(1−β₁ᵗ)·m/(√v + ε)). Each epoch
// reshuffles the rows with featrel's Rng and walks them in batches of min(batch, n) (the last one may be
// smaller); the epoch loss is the batch losses weighted by batch size over n. Training stops after max_epochs, or
// as soon as the epoch loss has failed to improve on the best loss by tol for more than n_iter_no_change
// consecutive epochs (scikit-learn's rule without early stopping); stopping at the cap is reported as not
// converged. Positive iff the output logit > 0. Everything depends only on (X, y, seed, options).
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace featrel::mlp {

struct Options {
  std::vector<std::size_t> hidden = {10, 5};
  std::size_t batch = 20;
  std::size_t max_epochs = 200;
  double learning_rate = 1e-3;
  double alpha = 1e-4;
  double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
  double tol = 1e-4;
  std::size_t n_iter_no_change = 10;
};

// The weights of a network: layer l maps its fan_in inputs to fan_out outputs, z = a·W_l + b_l (rows are samples).
struct Network {
  std::vector<Eigen::MatrixXd> W;  // fan_in × fan_out per layer; the last has one column
  std::vector<Eigen::RowVectorXd> b;

  std::size_t n_inputs() const { return W.empty() ? 0 : static_cast<std::size_t>(W.front().rows()); }
  // Output logits, one per row of X.
  Eigen::VectorXd logits(const Eigen::MatrixXd& X) const;
  // First-layer pre-activations X·W_1 + b_1 (n × h_1), and the logits from them: permuting column j of X changes
  // Z1 by (x'_j − x_j)·W_1[j, :], which is all pareto's fast path recomputes (docs/pareto.md#performance).
  Eigen::MatrixXd first_layer(const Eigen::MatrixXd& X) const;
  Eigen::VectorXd logits_from_first_layer(const Eigen::MatrixXd& Z1) const;
  // The training objective on rows X with labels y ∈ {0, 1} (mean log-loss + α/2·ΣW²/n, logits clipped to ±30).
  double loss(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, double alpha) const;
  // The objective and its gradient (same shapes as W and b); the gradient of the unclipped loss.
  double loss_and_gradient(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, double alpha,
                           std::vector<Eigen::MatrixXd>& dW, std::vector<Eigen::RowVectorXd>& db) const;
};

// InputError naming the pareto flag (--mlp-hidden, --mlp-batch, …) for an option outside its domain: no hidden
// layer or a zero-sized one, batch or epochs < 1, learning rate ≤ 0, α < 0, Adam constants outside their ranges.
void validate(const Options& options);

// Glorot-uniform weights and biases for the given layer sizes (d, h_1, …, 1), drawn layer by layer (weights row
// by row, then biases) from rng::Rng(seed).
Network initial_network(const std::vector<std::size_t>& sizes, std::uint64_t seed);

struct Model {
  Network net;
  std::size_t epochs = 0;         // epochs run
  bool converged = false;         // stopped by the tol/n_iter_no_change rule rather than the epoch cap
  std::vector<double> loss_curve; // epoch losses
};

// Trains on the rows of X with labels y (0/1). The initial weights come from rng::derive(seed, "init") and the
// epoch shuffles from rng::derive(seed, "shuffle"). InputError for an invalid option, a label count that differs
// from X's rows, a label other than 0/1, a class without rows or a non-finite value.
Model fit(const Eigen::MatrixXd& X, const std::vector<int>& y, std::uint64_t seed, const Options& options = {});

}  // namespace featrel::mlp
