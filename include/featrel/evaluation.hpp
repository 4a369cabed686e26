// Scoring result files: a result's selection against a known truth (`featrel evaluate`) and the selections of
// several results against each other (`featrel stability`).
//
// Both read the shared result JSON (docs/result-format.md) through report::ResultSelection and match features
// by name. evaluate reports precision, recall and F1 of `selected` against the truth's `relevant`, and per
// relevance class (strong 2 against 2, weak 1 against 1) when both files carry classes, otherwise the recall
// of each truth role. stability reports the multi-set Jaccard, I_W, mean Kuncheva and Nogueira indices and
// each feature's selection frequency.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "featrel/generate.hpp"
#include "featrel/metrics.hpp"
#include "featrel/result_json.hpp"
#include "featrel/stability.hpp"

namespace featrel::evaluation {

struct FeatureOutcome {
  std::string name;
  std::string role;          // the truth's role word
  bool relevant = false;     // truth
  bool selected = false;     // result
  std::optional<int> true_class, predicted_class;
};

struct Evaluation {
  std::string result_source, truth_source, method;
  metrics::SelectionQuality overall;
  // Present when both the result and the truth carry relevance classes.
  std::optional<metrics::SelectionQuality> strong, weak;
  // Recall of each truth role (always computed; the main per-class view when classes are missing).
  std::map<std::string, double> recall_by_role;
  std::vector<FeatureOutcome> features;  // in the truth's column order
};

// InputError when the feature names of the two files differ (names the first missing or extra feature).
Evaluation evaluate_selection(const report::ResultSelection& result, const gen::Truth& truth,
                              const std::string& truth_source = "truth");
report::Json to_json(const Evaluation& e);

struct StabilityOfResults {
  std::vector<std::string> sources;
  std::vector<std::string> feature_names;
  stability::IwVariant variant = stability::IwVariant::paper;
  stability::StabilityResult indices;
  std::vector<double> frequency;  // per feature: share of the results that select it
  std::vector<std::size_t> set_sizes;
};

// At least two results over the same feature names in the same order (InputError otherwise, naming the file).
StabilityOfResults stability_of_results(const std::vector<report::ResultSelection>& results,
                                        stability::IwVariant variant = stability::IwVariant::paper,
                                        double alpha = 0.05);
report::Json to_json(const StabilityOfResults& s);

}  // namespace featrel::evaluation
