#include <unordered_map>

#include "featrel/error.hpp"
#include "featrel/evaluation.hpp"
#include "featrel/report.hpp"

namespace featrel::evaluation {

Evaluation evaluate_selection(const report::ResultSelection& result, const gen::Truth& truth,
                              const std::string& truth_source) {
  const std::size_t d = truth.n_features();
  std::unordered_map<std::string, std::size_t> position;  // name -> index in the result
  for (std::size_t i = 0; i < result.feature_names.size(); ++i) position.emplace(result.feature_names[i], i);
  for (const auto& name : result.feature_names) {
    bool known = false;
    for (const auto& t : truth.names) known |= (t == name);
    if (!known)
      throw InputError(result.source + ": feature '" + name + "' is not in the truth file " + truth_source +
                       "; evaluate a result of the data set the truth belongs to");
  }

  Evaluation e;
  e.result_source = result.source;
  e.truth_source = truth_source;
  e.method = result.method;
  std::vector<bool> selected(d), relevant(d);
  std::vector<int> predicted_class(d, 0), true_class(d, 0);
  const bool with_classes = result.classes.has_value() && !truth.classes.empty();
  for (std::size_t j = 0; j < d; ++j) {
    auto it = position.find(truth.names[j]);
    if (it == position.end())
      throw InputError(result.source + ": feature '" + truth.names[j] + "' of the truth file " + truth_source +
                       " is missing from the result; evaluate a result of the data set the truth belongs to");
    FeatureOutcome f;
    f.name = truth.names[j];
    f.role = truth.roles[j];
    f.relevant = relevant[j] = truth.relevant[j];
    f.selected = selected[j] = result.selected[it->second];
    if (!truth.classes.empty()) f.true_class = true_class[j] = truth.classes[j];
    if (result.classes) f.predicted_class = predicted_class[j] = (*result.classes)[it->second];
    e.features.push_back(std::move(f));
  }
  e.overall = metrics::selection_quality(selected, relevant);
  if (with_classes) {
    e.strong = metrics::selection_quality_by_class(predicted_class, true_class, 2);
    e.weak = metrics::selection_quality_by_class(predicted_class, true_class, 1);
  }
  e.recall_by_role = metrics::recall_by_role(selected, truth.roles);
  return e;
}

report::Json to_json(const Evaluation& e) {
  report::Json j = report::Json::object();
  j["method"] = "evaluate";
  j["result"] = e.result_source;
  j["truth"] = e.truth_source;
  j["result_method"] = e.method;
  j["overall"] = metrics::to_json(e.overall);
  j["strong"] = e.strong ? metrics::to_json(*e.strong) : report::Json();
  j["weak"] = e.weak ? metrics::to_json(*e.weak) : report::Json();
  report::Json roles = report::Json::object();
  for (const auto& [role, recall] : e.recall_by_role) roles[role] = report::json_number(recall);
  j["recall_by_role"] = roles;
  report::Json features = report::Json::array();
  for (const auto& f : e.features) {
    report::Json entry = report::Json::object();
    entry["name"] = f.name;
    entry["role"] = f.role;
    entry["relevant"] = f.relevant;
    entry["selected"] = f.selected;
    entry["true_class"] = f.true_class ? report::Json(*f.true_class) : report::Json();
    entry["predicted_class"] = f.predicted_class ? report::Json(*f.predicted_class) : report::Json();
    entry["outcome"] = f.selected ? (f.relevant ? "TP" : "FP") : (f.relevant ? "FN" : "TN");
    features.push_back(std::move(entry));
  }
  j["features"] = std::move(features);
  return j;
}

}  // namespace featrel::evaluation
