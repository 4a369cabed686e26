// The text table and summary of a Boruta result, as `featrel boruta` prints it: one row per feature with its
// decision, rank, hits, decision iteration, median importance and shadow share, then the counts and the stop
// reason.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

#include "featrel/boruta.hpp"
#include "featrel/format.hpp"
#include "featrel/report.hpp"
#include "methods/boruta/boruta_internal.hpp"

namespace featrel::boruta {
namespace {

std::string decision_word(const FeatureResult& f) {
  std::string w = to_string(f.decision);
  if (f.decision == Decision::tentative && f.rough_fix_kept) w += " (kept)";
  if (f.constant) w += " (constant)";
  return w;
}

// Which forest ran: the two presets differ in what they can find (docs/boruta.md#how-a-boruta-run-works).
std::string forest_line(const Result& r) {
  const Options o = effective_options(r.options);
  const bool per_node = o.feature_sampling == forest::FeatureSampling::node;
  std::string line = "forest: " + o.feature_fraction->to_string() + " of the columns " +
                     (per_node ? "at each split" : "per tree") + ", " +
                     detail::count_word(o.forest.min_leaf.value_or(forest::kDefaultMinLeaf), "row", "rows") +
                     " per leaf (model preset " + to_string(r.options.model_preset);
  if (r.preset_from_shape)
    line += r.options.model_preset == ModelPreset::rf
                ? ", chosen by auto: more columns than rows, so scikit-learn's forest as in BorutaPy"
                : ", chosen by auto: at most as many columns as rows";
  return line + ")";
}

}  // namespace

std::string text_report(const Result& r, const Dataset& data, std::string_view sort, std::size_t max_rows) {
  std::ostringstream out;
  out << "boruta: " << data.source << ", target '" << data.target_name << "' (" << to_string(r.task) << "), "
      << data.n_samples() << " samples, " << data.n_features() << " features\n"
      << "a feature is confirmed when it beats the best shadow (threshold: shadow percentile "
      << format_number(r.options.perc) << ") significantly often, rejected when it loses significantly often\n"
      << forest_line(r) << "\n\n";
  std::vector<std::size_t> order(r.features.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  if (sort == "rank") {
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      const auto& fa = r.features[a];
      const auto& fb = r.features[b];
      if (fa.rank != fb.rank) return fa.rank < fb.rank;
      return fa.median_importance.value_or(-INFINITY) > fb.median_importance.value_or(-INFINITY);
    });
  }
  report::TextTable t({"feature", "decision", "rank", "hits", "decided at", "median importance", "shadow share"});
  t.fold(max_rows, "features", "confirmed or tentative");
  for (std::size_t j : order) {
    const auto& f = r.features[j];
    t.add_row({data.feature_names[j], decision_word(f), std::to_string(f.rank),
               std::to_string(f.hits) + "/" + std::to_string(r.n_iterations),
               f.decided_at ? std::to_string(*f.decided_at) : "-", format_cell(f.median_importance, 4),
               format_cell(f.shadow_share, 3)},
              f.decision != Decision::rejected);
  }
  out << t.render() << "\n"
      << r.confirmed.size() << " confirmed, " << r.tentative.size() << " tentative, " << r.rejected.size()
      << " rejected after " << r.n_iterations << " forest fits (stop: " << to_string(r.stop_reason)
      << "); decisions at α = " << format_number(r.options.alpha)
      << (r.options.two_step ? " with Benjamini–Hochberg and Bonferroni over iterations"
                             : " with Bonferroni over all features")
      << "\n";
  if (!r.tentative.empty())
    out << "tentative features could not be decided in " << r.n_iterations
        << " fits; '(kept)' marks those whose median importance beats the median threshold (R's rough fix); "
           "raise --max-iter to decide more\n";
  return out.str();
}

}  // namespace featrel::boruta
