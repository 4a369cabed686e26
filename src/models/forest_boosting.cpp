// Gradient boosting (log loss, softmax, squared error) built from one-tree regression fits of the forest (fit_boosted,
// docs/boruta.md#the-boosted-importance-model). Each round is a plain fit() on the negative gradients, so both
// engines, the binning and the gain definition are the forest's own; only the gradient update lives here.
#include <algorithm>
#include <cmath>
#include <string>

#include "featrel/error.hpp"
#include "featrel/forest.hpp"
#include "featrel/rng.hpp"

namespace featrel::forest {

FitResult fit_boosted(const Design& design, const Target& target, const Params& tree, const BoostParams& boost,
                      std::uint64_t seed, const FitRequest& request) {
  if (boost.rounds < 1) throw InputError("forest: boosting needs at least 1 round");
  if (!(boost.learning_rate > 0.0 && boost.learning_rate <= 1.0))
    throw InputError("forest: the boosting learning rate must be in (0, 1], got " +
                     std::to_string(boost.learning_rate));
  if (request.oob || request.keep_model)
    throw InputError("forest: a boosted model has no out-of-bag rows and keeps no trees");
  const std::size_t n = target.n_rows();
  const Objective objective = target.objective();
  const std::size_t K = target.n_outputs();
  std::vector<std::size_t> train = request.rows;
  if (train.empty())
    for (std::size_t i = 0; i < n; ++i) train.push_back(i);

  // F starts at the loss's best constant over the training rows: the mean of y, the log-odds of class 1, or the
  // log class frequencies (clamped so that an absent class starts finite).
  Eigen::MatrixXd F(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(K));
  const double n_train = static_cast<double>(train.size());
  if (objective == Objective::regression) {
    double s = 0.0;
    for (std::size_t i : train) s += target.values()[i];
    F.setConstant(s / n_train);
  } else {
    std::vector<double> count(target.n_classes(), 0.0);
    for (std::size_t i : train) count[static_cast<std::size_t>(target.labels()[i])] += 1.0;
    const auto freq = [&](std::size_t c) { return std::clamp(count[c] / n_train, 1e-6, 1.0 - 1e-6); };
    if (objective == Objective::binary)
      F.setConstant(std::log(freq(1) / (1.0 - freq(1))));
    else
      for (std::size_t k = 0; k < K; ++k) F.col(static_cast<Eigen::Index>(k)).setConstant(std::log(freq(k)));
  }

  Params p = tree;
  p.n_trees = 1;
  p.row_fraction = 1.0;
  p.feature_fraction = ColumnFraction::fraction(1.0);
  p.feature_sampling = FeatureSampling::tree;
  validate(p);
  FitRequest one;
  one.rows = request.rows;
  one.margins = true;
  one.threads = request.threads;
  // A tree fitted to the negative gradient r returns its leaf means (λ = 0); dividing by the constant hessian h₀
  // makes that the leaf's Newton step −G/H, as the forest's own trees take it.
  const double step = boost.learning_rate / target.hessian();

  FitResult out;
  out.importance.assign(design.n_cols(), 0.0);
  std::vector<double> residual(n);
  Eigen::MatrixXd prob(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(K));
  for (std::size_t r = 0; r < boost.rounds; ++r) {
    // The negative gradients of every output are taken before any output of the round moves (softmax couples them).
    if (objective == Objective::binary) {
      prob = (1.0 + (-F.array()).exp()).inverse().matrix();
    } else if (objective == Objective::multiclass) {
      for (Eigen::Index i = 0; i < F.rows(); ++i) {
        const auto e = (F.row(i).array() - F.row(i).maxCoeff()).exp();
        prob.row(i) = (e / e.sum()).matrix();
      }
    }
    for (std::size_t k = 0; k < K; ++k) {
      const auto col = static_cast<Eigen::Index>(k);
      for (std::size_t i = 0; i < n; ++i) {
        const auto row = static_cast<Eigen::Index>(i);
        switch (objective) {
          case Objective::regression: residual[i] = target.values()[i] - F(row, 0); break;
          case Objective::binary: residual[i] = (target.labels()[i] == 1 ? 1.0 : 0.0) - prob(row, 0); break;
          case Objective::multiclass:
            residual[i] = (target.labels()[i] == static_cast<int>(k) ? 1.0 : 0.0) - prob(row, col);
            break;
        }
      }
      const FitResult tree_fit = fit(design, Target::regression(residual), p, rng::derive(seed, r, k), one);
      F.col(col) += step * tree_fit.margins.col(0);
      for (std::size_t c = 0; c < out.importance.size(); ++c) out.importance[c] += tree_fit.importance[c];
      ++out.n_trees;
    }
  }
  if (request.margins) out.margins = std::move(F);  // binary: class 1 iff F > 0; multiclass: the argmax
  return out;
}

}  // namespace featrel::forest
