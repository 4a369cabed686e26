// Multiclass FRI (the FRI issue; no reference has it): one model class per class against the rest.
//
// Each class k gets the full binary pipeline (search, baseline, bounds, probes, classes, presets, grouping) on the
// target "k or not". A feature is reported per class, and combined as the strongest relevance it has for any
// class: strongly relevant for one class means no equally good model separating that class can do without it,
// whatever it does for the others. The combined lower and upper are the largest over the classes (each interval
// is normalised by its own baseline's L1 norm, so they are comparable shares).
#include <algorithm>

#include "featrel/rng.hpp"
#include "methods/fri/fri_internal.hpp"

namespace featrel::fri::detail {

std::vector<Problem> one_vs_rest(const Dataset& data, const Eigen::MatrixXd& X, const std::vector<int>& active,
                                 std::uint64_t seed) {
  std::vector<Problem> out;
  const std::size_t K = data.n_classes();
  for (std::size_t k = 0; k < K; ++k) {
    Problem pb;
    pb.task = LpTask::classification;
    pb.X = &X;
    pb.y.resize(static_cast<Eigen::Index>(data.n_samples()));
    for (std::size_t i = 0; i < data.n_samples(); ++i)
      pb.y[static_cast<Eigen::Index>(i)] = data.labels[i] == static_cast<int>(k) ? 1.0 : -1.0;
    pb.active = active;
    pb.strata = data.labels;
    pb.n_strata = K;
    pb.n_levels = 2;
    pb.s_y = 1.0;
    // Independent folds and probes per class: the class index enters the seed path.
    pb.seed = rng::derive(seed, "one_vs_rest", static_cast<std::uint64_t>(k));
    pb.label = data.classes[k];
    pb.names = &data.feature_names;
    out.push_back(std::move(pb));
  }
  return out;
}

std::vector<FeatureResult> combine_models(const std::vector<ModelResult>& models) {
  std::vector<FeatureResult> out;
  if (models.empty()) return out;
  out.assign(models.front().features.size(), FeatureResult{});
  for (std::size_t j = 0; j < out.size(); ++j) {
    FeatureResult& f = out[j];
    f.constant = models.front().features[j].constant;
    f.privileged = models.front().features[j].privileged;
    for (const ModelResult& c : models) {
      const FeatureResult& g = c.features[j];
      f.cls = std::max(f.cls, g.cls);
      f.lower = std::max(f.lower, g.lower);
      // The largest upper is a certified bound when the class it comes from was screened.
      if (g.upper > f.upper || (g.upper == f.upper && g.screened)) f.screened = g.screened;
      f.upper = std::max(f.upper, g.upper);
      f.needed_below_noise = f.needed_below_noise || g.needed_below_noise;
    }
    // Only a feature that no class selects carries the label in the combined view.
    f.needed_below_noise = f.needed_below_noise && f.cls == 0;
  }
  return out;
}

}  // namespace featrel::fri::detail
