// The UBayFS result JSON: the shared format of docs/result-format.md#writing-rules with the fields of docs/ubayfs.md#inputs-and-outputs.
#include <algorithm>
#include <cmath>

#include "featrel/result_json.hpp"
#include "featrel/ubayfs.hpp"

namespace featrel::ubayfs {
namespace {

using report::Json;
using report::json_number;

Json set_json(const SetEvaluation& e, const std::vector<std::string>& names) {
  Json o = Json::object();
  o["features"] = e.features;
  Json nm = Json::array();
  for (std::size_t j : e.features) nm.push_back(names[j]);
  o["names"] = nm;
  o["cardinality"] = e.features.size();
  o["log_objective"] = json_number(e.log_objective);
  o["total_utility"] = json_number(e.total_utility);
  o["log_total_utility"] = json_number(e.log_total_utility);
  o["posterior_feature_utility"] = json_number(e.posterior_feature_utility);
  o["admissibility"] = json_number(e.admissibility);
  o["log_admissibility"] = json_number(e.log_admissibility);
  o["violated_constraints"] = e.violated_rows.size();
  o["violated_rows"] = e.violated_rows;
  o["avg_abs_correlation"] = json_number(e.avg_abs_correlation);
  o["mh_frequency"] = e.mh_frequency ? json_number(*e.mh_frequency) : Json(nullptr);
  return o;
}

Json constraints_json(const Problem& p) {
  Json rows = Json::array();
  for (const Group& g : p.groups)
    for (const Row& r : g.rows) {
      Json e = Json::object();
      e["group"] = g.name;
      e["level"] = to_string(g.level);
      e["kind"] = to_string(r.kind);
      Json coef = Json::object();
      for (const auto& [unit, a] : r.a)
        coef[g.level == Level::feature ? p.feature_names[unit] : g.block_names[unit]] = a;
      e["coefficients"] = coef;
      e["b"] = r.b;
      e["rho"] = r.hard() ? Json(nullptr) : json_number(r.rho);
      e["hard"] = r.hard();
      e["label"] = r.label;
      rows.push_back(std::move(e));
    }
  return rows;
}

Json optimizer_json(const OptimizerReport& o) {
  Json j = Json::object();
  j["requested"] = o.requested;
  j["used"] = o.used;
  j["proven_optimal"] = o.proven_optimal;
  j["objective_evaluations"] = o.objective_evaluations;
  j["nodes"] = o.nodes;
  j["ties_truncated"] = o.ties_truncated;
  if (o.ga) {
    Json g = Json::object();
    g["pop_size"] = o.ga->pop_size;
    g["max_iter"] = o.ga->max_iter;
    g["elitism"] = o.ga->elitism;
    Json best = Json::array();
    for (double v : o.ga->best_per_generation) best.push_back(json_number(v));
    g["best_per_generation"] = best;
    g["polish_gain"] = json_number(o.ga->polish_gain);
    j["ga"] = g;
  } else {
    j["ga"] = nullptr;
  }
  if (o.mh) {
    Json m = Json::object();
    m["chains"] = o.mh->chains;
    m["steps"] = o.mh->steps;
    m["acceptance_rate"] = json_number(o.mh->acceptance_rate);
    m["proposal_sample"] = o.mh->proposal_sample;
    m["distinct_states"] = o.mh->distinct_states;
    m["map_count"] = o.mh->map_count;
    j["mh"] = m;
  } else {
    j["mh"] = nullptr;
  }
  return j;
}

}  // namespace

report::Json Result::to_json() const {
  const Problem& p = problem;
  const std::size_t n = p.n_features();
  report::ResultHeader h;
  h.method = "ubayfs";
  h.task = task ? featrel::to_string(*task) : "";
  h.classes = classes;
  h.n_samples = n_samples;
  h.n_features = n;
  h.feature_names = p.feature_names;
  h.seed = seed;
  h.compat = options.compat_reference ? "reference" : "none";
  h.options = options_json(options);
  Json r = report::result_skeleton(h);
  if (!task) {  // the counts path has no data set: no task and no samples
    r["task"] = nullptr;
    r["n_samples"] = nullptr;
  }
  const std::vector<std::size_t> none;
  const auto& first = optima.empty() ? none : optima.front().features;
  for (std::size_t j = 0; j < n; ++j) {
    const bool sel = std::binary_search(first.begin(), first.end(), j);
    Json e = report::feature_entry(j, p.feature_names[j], sel, j < constant.size() && constant[j]);
    e["count"] = p.counts[j];
    e["prior_weight"] = p.prior[j];
    e["posterior_alpha"] = posterior_alpha[j];
    e["posterior_mean"] = json_number(posterior_mean[j]);
    e["optimum_frequency"] = json_number(optimum_frequency(j));
    e["mh_inclusion_frequency"] = mh_inclusion.empty() ? Json(nullptr) : json_number(mh_inclusion[j]);
    if (stability && !stability->per_run.empty()) {
      // With --repeats, as every method reports it (docs/result-format.md): the share of outer splits whose
      // reported optimum (optima[0]) holds the feature; a split without an optimum selected nothing.
      std::size_t chosen = 0;
      for (const auto& run : stability->per_run)
        if (!run.optima.empty() && std::binary_search(run.optima.front().begin(), run.optima.front().end(), j)) ++chosen;
      e["selection_frequency"] = json_number(static_cast<double>(chosen) / static_cast<double>(stability->per_run.size()));
    }
    r["features"].push_back(std::move(e));
  }
  report::finish_selection(r);
  r["diagnostics"] = report::diagnostics_block(
      warnings, {{"ensemble", seconds_ensemble}, {"optimize", seconds_optimize}, {"total", seconds_total}}, threads);

  Json ens = Json::object();
  ens["size"] = ensemble.size;
  ens["tt_split"] = ensemble.tt_split;
  ens["nr_features"] = ensemble.nr_features ? Json(*ensemble.nr_features) : Json("auto");
  ens["nr_features_per_split"] = ensemble.nr_features_per_split;
  ens["selectors"] = ensemble.selectors;
  ens["rows_total"] = ensemble.rows_total;
  ens["rows_failed"] = ensemble.rows_failed;
  Json failures = Json::array();
  for (const auto& f : ensemble.failures) failures.push_back({{"split", f.split}, {"selector", f.selector}, {"message", f.message}});
  ens["failures"] = failures;
  ens["total_selections"] = ensemble.total_selections;
  ens["counts_file"] = ensemble.from_counts_file ? Json(ensemble.counts_source) : Json(nullptr);
  if (options.keep_ensemble) ens["matrix"] = ensemble.matrix;
  r["ensemble"] = ens;
  r["constraints"] = constraints_json(p);
  Json blocks_json = Json::array();
  for (const Group& g : p.groups) {
    if (g.level != Level::block) continue;
    Json b = Json::object();
    b["group"] = g.name;
    b["names"] = g.block_names;
    b["members"] = g.blocks;
    blocks_json.push_back(std::move(b));
  }
  r["blocks"] = blocks_json;
  Json opt = Json::array();
  for (const auto& e : optima) opt.push_back(set_json(e, p.feature_names));
  r["optima"] = opt;
  r["mutual_jaccard"] = mutual_jaccard;
  r["optimizer"] = optimizer_json(optimizer);
  if (stability) {
    Json s = stability::to_json(stability->indices);
    s["runs"] = stability->runs;
    s["rows"] = stability->rows;
    s["mean_f1"] = json_number(stability->mean_f1);
    r["stability"] = s;
    Json runs = Json::array();
    for (const auto& ev : stability->per_run) {
      Json e = Json::object();
      e["optima"] = ev.optima;
      e["f1"] = json_number(ev.f1);
      runs.push_back(std::move(e));
    }
    r["runs"] = runs;
  } else {
    r["stability"] = nullptr;
  }
  r["lambda"] = p.lambda;
  r["admissibility_mode"] = to_string(p.admissibility);
  return r;
}

}  // namespace featrel::ubayfs
