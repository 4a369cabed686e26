// The Boruta result document (docs/result-format.md#writing-rules with docs/boruta.md#inputs-and-outputs): the shared header, one entry per feature
// (decision, rough-fix flag, rank, hits, decision iteration, last p-values, median importance, shadow share), the
// diagnostics, then the decision lists and the per-iteration histories. Timing lives only in
// diagnostics.seconds, so the document without it is identical for any thread count.
#include "featrel/result_json.hpp"
#include "methods/boruta/boruta_internal.hpp"

namespace featrel::boruta {

namespace {

using report::Json;
using report::json_number;

Json optional_number(const std::optional<double>& v) { return v ? json_number(*v) : Json(nullptr); }

}  // namespace

report::Json Result::to_json(const Dataset& data) const {
  report::ResultHeader h = report::dataset_header(data, "boruta", task, seed);
  h.compat = "none";  // Boruta has no compat preset; its parity settings are ordinary options
  h.options = options_json(options);
  Json r = report::result_skeleton(h);

  Json features = Json::array();
  for (std::size_t j = 0; j < this->features.size(); ++j) {
    const FeatureResult& f = this->features[j];
    Json e = report::feature_entry(j, data.feature_names[j], f.decision == Decision::confirmed, f.constant);
    e["decision"] = to_string(f.decision);
    e["rough_fix_kept"] = f.rough_fix_kept;
    e["rank"] = f.rank;
    e["hits"] = f.hits;
    e["decided_at"] = f.decided_at ? Json(*f.decided_at) : Json(nullptr);
    e["p_accept"] = optional_number(f.p_accept);
    e["p_reject"] = optional_number(f.p_reject);
    e["median_importance"] = optional_number(f.median_importance);
    e["shadow_share"] = optional_number(f.shadow_share);
    features.push_back(e);
  }
  r["features"] = features;
  report::finish_selection(r);

  std::size_t trees_total = 0;
  for (std::size_t t : trees_history) trees_total += t;
  Json diag = report::diagnostics_block(warnings, {{"fits", seconds}}, threads);
  diag["n_fits"] = n_iterations;
  diag["trees"] = trees_total;
  diag["scripted"] = scripted;
  r["diagnostics"] = diag;

  r["confirmed"] = confirmed;
  r["tentative"] = tentative;
  r["rejected"] = rejected;
  r["n_iterations"] = n_iterations;
  r["stop_reason"] = to_string(stop_reason);
  Json hist = Json::array();
  for (const auto& row : importance_history) {
    Json a = Json::array();
    for (const auto& v : row) a.push_back(optional_number(v));
    hist.push_back(a);
  }
  r["importance_history"] = hist;
  Json th = Json::array(), sm = Json::array();
  for (double v : threshold_history) th.push_back(json_number(v));
  for (double v : shadow_max_history) sm.push_back(json_number(v));
  r["threshold_history"] = th;
  r["shadow_max_history"] = sm;
  r["trees_history"] = trees_history;
  r["chance_check"] = chance_check ? chance_check->to_json() : Json(nullptr);
  r["engine"] = scripted ? std::string("scripted") : forest::to_string(options.forest.engine);
  return r;
}

}  // namespace featrel::boruta
