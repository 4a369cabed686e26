// The SFC result document (docs/result-format.md#writing-rules with docs/boruta.md#inputs-and-outputs): the shared header, one entry per feature
// (class, Boruta decision, membership of A and M, importance, test score with its statistic and p-value), the
// diagnostics, the class and set lists, both null intervals with their samples, and Boruta's own document.
#include "featrel/result_json.hpp"
#include "methods/boruta/sfc_internal.hpp"

namespace featrel::sfc {

namespace {

using report::Json;
using report::json_number;

Json optional_number(const std::optional<double>& v) { return v ? json_number(*v) : Json(nullptr); }

Json numbers(const std::vector<double>& v) {
  Json a = Json::array();
  for (double x : v) a.push_back(json_number(x));
  return a;
}

Json interval_json(const Interval& iv) {
  Json j = Json::object();
  j["mean"] = json_number(iv.mean);
  j["sd"] = json_number(iv.sd);
  j["sd_floor"] = json_number(iv.sd_floor);
  j["sd_used"] = json_number(iv.sd_used);
  j["lower"] = json_number(iv.lower);
  j["upper"] = json_number(iv.upper);
  j["t_quantile"] = json_number(iv.t_quantile);
  j["tail"] = json_number(iv.tail);
  j["paired"] = iv.paired;
  j["tests"] = iv.tests;
  j["n_samples"] = iv.n_samples;
  j["scale"] = iv.scale;
  j["matrix"] = iv.matrix;
  j["sides"] = iv.sides;
  return j;
}

}  // namespace

report::Json Result::to_json(const Dataset& data) const {
  report::ResultHeader h = report::dataset_header(data, "sfc", task, seed);
  h.compat = options.reference ? "reference" : "none";
  h.options = options_json(options);
  Json r = report::result_skeleton(h);

  Json features = Json::array();
  for (std::size_t j = 0; j < this->features.size(); ++j) {
    const FeatureResult& f = this->features[j];
    Json e = report::feature_entry(j, data.feature_names[j], f.cls > 0, f.constant);
    report::add_relevance_class(e, f.cls);
    e["boruta_decision"] = boruta::to_string(f.boruta_decision);
    e["in_all_relevant"] = f.in_all_relevant;
    e["in_minimal"] = f.in_minimal;
    e["importance"] = json_number(f.importance);
    e["borderline"] = f.borderline;
    e["tested"] = f.tested;
    e["test_score"] = optional_number(f.test_score);
    e["test_statistic"] = optional_number(f.test_statistic);
    e["test_p_value"] = optional_number(f.test_p_value);
    e["test_p_adjusted"] = optional_number(f.test_p_adjusted);
    e["baseline_score"] = optional_number(f.baseline_score);
    if (f.partner_test) {
      const PartnerTest& p = *f.partner_test;
      e["partner_test"] = Json{{"partners", p.partners},
                               {"peers", p.peers},
                               {"correlation", json_number(p.correlation)},
                               {"score", json_number(p.score)},
                               {"baseline_score", json_number(p.baseline_score)},
                               {"statistic", optional_number(p.statistic)},
                               {"p_value", optional_number(p.p_value)},
                               {"p_adjusted", optional_number(p.p_adjusted)},
                               {"relevant", p.relevant}};
    }
    if (f.near_copy)
      e["near_copy"] = Json{{"of", f.near_copy->of}, {"correlation", json_number(f.near_copy->correlation)}};
    features.push_back(e);
  }
  r["features"] = features;
  report::finish_selection(r);

  Json diag = report::diagnostics_block(warnings,
                                        {{"boruta", seconds.boruta},
                                         {"importance", seconds.importance},
                                         {"null", seconds.null},
                                         {"tests", seconds.tests},
                                         {"partners", seconds.partners},
                                         {"total", seconds.total}},
                                        threads);
  diag["n_fits"] = n_fits;
  diag["scripted"] = scripted;
  r["diagnostics"] = diag;

  r["strong"] = strong;
  r["weak"] = weak;
  r["irrelevant"] = irrelevant;
  r["all_relevant"] = all_relevant;
  r["minimal"] = minimal;
  r["relevant"] = relevant;
  r["relevant_rule"] = to_string(relevant_rule);
  r["test_min_leaf"] = test_min_leaf;
  r["importance_model_from_shape"] = importance_model_from_shape;
  r["partner_candidates"] = partner_candidates;
  r["partners_added"] = partners_added;
  r["cluster_candidates"] = cluster_candidates;
  r["clusters_added"] = clusters_added;
  r["cluster_pool"] = cluster_pool;
  r["cluster_qualified"] = cluster_qualified;
  r["partners_as_copies"] = partners_as_copies;
  r["cluster_represented"] = cluster_represented;
  r["copies_added"] = copies_added;
  r["copies_demoted"] = copies_demoted;
  r["model_score"] = json_number(model_score);
  r["score_interval"] = score_interval ? interval_json(*score_interval) : Json(nullptr);
  r["baseline_score"] = optional_number(baseline_score);
  r["null_excludes_model"] = null_excludes_model;
  r["null_zero_spread"] = null_zero_spread;
  r["null_spread_floored"] = null_spread_floored;
  r["chance_check"] = chance_check ? chance_check->to_json() : Json(nullptr);
  r["shadow_interval"] = interval_json(shadow_interval);
  r["borderline"] = borderline ? Json{{"value", json_number(borderline->value)},
                                       {"rank", borderline->rank},
                                       {"chance", json_number(borderline->chance)},
                                       {"called_irrelevant", borderline->called_irrelevant},
                                       {"flagged", borderline->flagged},
                                       {"p_value", json_number(borderline->p_value)}}
                               : Json(nullptr);
  r["null_scores"] = numbers(null_scores);
  r["null_shadow_importances"] = numbers(null_shadow_importances);
  r["null_features"] = null_features;
  r["null_score_features"] = null_score_features;
  r["boruta"] = boruta.to_json(data);
  r["n_fits"] = n_fits;
  r["engine"] = scripted ? std::string("scripted") : forest::to_string(options.forest.engine);
  return r;
}

}  // namespace featrel::sfc
