// RFECV, the paper's comparison (docs/crfe.md#rfe-and-rfecv, `rfe --stop cv`): stratified folds of the training rows (seeded
// shuffle); on each fold the RFE path runs on the other folds and every size is scored by the SVM's accuracy on
// the held-out fold. The size with the best mean accuracy wins, ties to the smaller size, as in scikit-learn.
#include <map>

#include "featrel/error.hpp"
#include "featrel/splits.hpp"
#include "methods/crfe/crfe_internal.hpp"

namespace featrel::crfe::detail {

CvScores cross_validate_size(const Prepared& prep, const PathSettings& settings, std::size_t folds, std::uint64_t seed,
                             const RunContext& inner) {
  const std::size_t K = prep.n_classes;
  std::vector<std::size_t> counts(K, 0);
  for (int c : prep.y_train) ++counts[static_cast<std::size_t>(c)];
  for (std::size_t k = 0; k < K; ++k)
    if (counts[k] < folds)
      throw InputError("rfe: cv_folds=" + std::to_string(folds) + " exceeds the " + std::to_string(counts[k]) +
                       " training rows of class code " + std::to_string(k) + "; lower --cv-folds");
  const std::vector<int> fold_of = stratified_kfold(prep.y_train, K, folds, seed);

  PathSettings s = settings;
  s.rule.reset();
  s.truncate = false;
  s.fixed_k = 0;
  s.keep_betas = false;
  s.keep_all_models = false;  // every step is scored as it is fitted (on_step); the survivors' refit starts from
                              // the last step, whose model always stays
  s.model_sizes.clear();
  std::map<std::size_t, std::pair<double, std::size_t>, std::greater<>> by_size;  // size → (Σ accuracy, folds)
  for (std::size_t f = 0; f < folds; ++f) {
    std::vector<std::size_t> fit_rows, held;
    for (std::size_t i = 0; i < fold_of.size(); ++i)
      (static_cast<std::size_t>(fold_of[i]) == f ? held : fit_rows).push_back(i);
    const Eigen::MatrixXd X_fit = prep.Z_train(as_index(fit_rows), Eigen::all);
    const Eigen::MatrixXd X_held = prep.Z_train(as_index(held), Eigen::all);
    std::vector<int> y_fit, y_held;
    for (std::size_t i : fit_rows) y_fit.push_back(prep.y_train[i]);
    for (std::size_t i : held) y_held.push_back(prep.y_train[i]);
    PathInput in{&X_fit, &y_fit, K, prep.active, nullptr};
    const auto score = [&](const Model& m) {
      auto& slot = by_size[m.features.size()];
      slot.first += svm_accuracy(m, X_held, y_held);
      slot.second += 1;
    };
    s.on_step = [&](std::size_t, const std::vector<std::size_t>& F, const Eigen::MatrixXd& model) {
      const auto k = static_cast<Eigen::Index>(F.size());
      score(Model{F, model.leftCols(k), model.col(k)});
    };
    Path path = eliminate(in, s, prep.p, inner, nullptr, "");
    // The floor size has no step of its own: one more fit.
    score(model_for(in, path, path.survivors, s, inner));
  }
  CvScores cv;
  cv.folds = folds;
  double best = -1.0;
  for (const auto& [size, acc] : by_size) {  // descending sizes: a later tie (a smaller size) wins
    const double mean = acc.first / static_cast<double>(acc.second);
    cv.sizes.push_back(size);
    cv.mean_accuracy.push_back(mean);
    if (mean >= best) {
      best = mean;
      cv.chosen = size;
    }
  }
  return cv;
}

}  // namespace featrel::crfe::detail
