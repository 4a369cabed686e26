// The FRI result document (docs/result-format.md#writing-rules with docs/fri.md#inputs-and-outputs): the shared header, one entry per feature, the
// diagnostics with per-phase counters, then hyper, baseline, model_class, probes, constrained and grouping — or,
// for a multiclass target, those per class in `one_vs_rest` and per-class feature results in
// features[].per_class. Timing lives only in diagnostics.seconds, so the document without it is identical for any
// thread count.
#include <algorithm>

#include "featrel/result_json.hpp"
#include "methods/fri/fri_internal.hpp"

namespace featrel::fri {

namespace {

using report::Json;
using report::json_number;

Json number_array(const std::vector<double>& v) {
  Json a = Json::array();
  for (double x : v) a.push_back(json_number(x));
  return a;
}

Json optional_number(const std::optional<double>& v) { return v ? json_number(*v) : Json(nullptr); }

Json hyper_json(const Hyper& h, bool regression) {
  Json j = Json::object();
  j["C"] = json_number(h.C);
  j["epsilon"] = regression ? json_number(h.epsilon) : Json(nullptr);
  j["searched"] = h.searched;
  j["cv_folds"] = h.searched ? Json(h.cv_folds) : Json(nullptr);
  j["score"] = h.searched ? Json(h.score_name) : Json(nullptr);
  Json grid = Json::array();
  for (const GridPoint& g : h.grid) {
    Json p = Json::object();
    p["C"] = json_number(g.C);
    p["epsilon"] = regression ? json_number(g.epsilon) : Json(nullptr);
    p["score"] = json_number(g.score);
    p["score_sd"] = json_number(g.score_sd);
    p["fold_scores"] = number_array(g.fold_scores);
    p["degenerate"] = g.degenerate;
    p["tied"] = g.tied;
    grid.push_back(p);
  }
  j["grid"] = grid;
  j["chosen"] = h.chosen ? Json(*h.chosen) : Json(nullptr);
  if (h.searched) {
    j["best"] = h.best ? Json(*h.best) : Json(nullptr);
    j["reason"] = h.reason;
    Json chance = Json::object();
    chance["score"] = json_number(h.chance_score);
    chance["score_sd"] = json_number(h.chance_sd);
    j["constant_model"] = chance;
    Json flat = Json::object();
    flat["flat"] = h.flatness.flat;
    flat["sd"] = json_number(h.flatness.sd);
    flat["c_within_sd"] = Json::array({json_number(h.flatness.c_min), json_number(h.flatness.c_max)});
    j["flatness"] = flat;
  }
  return j;
}

Json baseline_json(const Baseline& b, Task task) {
  Json j = Json::object();
  j["l1_norm"] = json_number(b.l1_norm);
  j["loss"] = json_number(b.loss);
  if (task == Task::ordinal)
    j["thresholds"] = number_array(b.thresholds);
  else
    j["bias"] = json_number(b.bias);
  j["train_score"] = json_number(b.train_score);
  j["n_nonzero"] = b.n_nonzero;
  return j;
}

Json model_class_json(const ModelClass& m) {
  Json j = Json::object();
  j["mu"] = json_number(m.mu);
  j["rho"] = json_number(m.rho);
  j["rho_floor_active"] = m.rho_floor_active;
  j["budget"] = to_string(m.budget);
  j["loss_se"] = json_number(m.loss_se);
  return j;
}

Json probes_json(const Probes& p, const Options& o) {
  Json j = Json::object();
  j["n"] = p.n;
  j["refit"] = p.refit;
  Json up = Json::object();
  up["mean"] = json_number(p.upper.mean);
  up["sd"] = json_number(p.upper.sd);
  up["tail_index"] = optional_number(p.upper.tail_index);
  up["values"] = number_array(p.upper_values);
  j["upper"] = up;
  Json lo = Json::object();
  lo["mean"] = json_number(p.lower_mean);
  lo["sd"] = json_number(p.lower_sd);
  lo["values"] = number_array(p.lower_values);
  j["lower"] = lo;
  j["t_quantile"] = json_number(p.t_quantile);
  j["threshold_upper"] = json_number(p.threshold_upper);
  j["threshold_lower"] = json_number(p.threshold_lower);
  j["threshold_normal"] = json_number(p.upper.normal);
  j["threshold_tail"] = optional_number(p.upper.tail);
  j["rule"] = to_string(p.rule);
  j["sources"] = p.sources;
  if (o.reference) j["dropped"] = p.dropped;
  return j;
}

// The fields of one feature after index, name, selected and constant (`privileged` only in runs with a
// privileged block, so that other documents keep their bytes).
Json feature_json(std::size_t j, const Dataset& data, const FeatureResult& f, bool grouping, bool lupi, bool screen,
                  bool signed_bound_rule) {
  Json e = report::feature_entry(j, data.feature_names[j], f.selected(), f.constant);
  report::add_relevance_class(e, f.cls);
  if (lupi) e["privileged"] = f.privileged;
  const Json fields = detail::feature_fields_json(f, screen, signed_bound_rule);
  for (auto it = fields.begin(); it != fields.end(); ++it) e[it.key()] = it.value();
  if (grouping) e["group"] = f.group;
  if (f.preset) e["preset"] = Json::array({json_number(f.preset->first), json_number(f.preset->second)});
  return e;
}

// signed_rule: the model's bounds ran the other-side rule, so constrained features carry signed_bound too.
Json constrained_json(const Constrained& c, const Dataset& data, const Options& o, bool signed_rule) {
  Json j = Json::object();
  Json presets = Json::array();
  for (const AppliedPreset& a : c.presets) {
    Json p = Json::object();
    p["feature"] = data.feature_names[static_cast<std::size_t>(a.feature)];
    p["index"] = a.feature;
    p["lo"] = json_number(a.lo);
    p["hi"] = json_number(a.hi);
    p["sign"] = a.sign;
    presets.push_back(p);
  }
  j["presets"] = presets;
  Json features = Json::array();
  for (std::size_t q = 0; q < c.features.size(); ++q)
    features.push_back(feature_json(q, data, c.features[q], false, !o.privileged.empty(), false, signed_rule));
  j["features"] = features;
  return j;
}

Json grouping_json(const Grouping& g) {
  Json j = Json::object();
  j["cutoff"] = json_number(g.cutoff);
  j["candidates"] = g.candidates;
  j["labels"] = g.labels;
  Json link = Json::array();
  for (const Merge& m : g.merges) link.push_back(Json::array({m.a, m.b, json_number(m.height), m.size}));
  j["linkage"] = link;
  j["leaf_order"] = g.leaf_order;
  return j;
}

// hyper, baseline, model_class, probes, constrained, grouping of one model class.
void add_class_fields(Json& j, const ModelResult& c, Task task, const Options& o, const Dataset& data) {
  j["hyper"] = hyper_json(c.hyper, task == Task::regression);
  j["baseline"] = baseline_json(c.baseline, task);
  if (!o.privileged.empty()) {
    j["baseline"]["privileged_l1_norm"] = json_number(c.baseline.privileged_l1_norm);
    j["privileged"] = Json{{"gamma", json_number(o.privileged_gamma)}, {"kappa", json_number(o.privileged_kappa)},
                           {"correcting_functions", task == Task::binary || task == Task::multiclass ? 1 : 2}};
  }
  j["model_class"] = model_class_json(c.model_class);
  j["probes"] = probes_json(c.probes, o);
  if (c.privileged_probes) j["privileged_probes"] = probes_json(*c.privileged_probes, o);
  if (c.constrained) j["constrained"] = constrained_json(*c.constrained, data, o, c.signed_bound_rule);
  if (c.grouping) j["grouping"] = grouping_json(*c.grouping);
}

Json counters_json(const PhaseStats& p) {
  Json j = Json::object();
  j["lp_solves"] = p.lp_solves;
  j["simplex_iterations"] = p.simplex_iterations;
  j["warm_solves"] = p.warm_solves;
  j["cold_solves"] = p.cold_solves;
  j["retries"] = p.retries;
  j["lazy_rows_added"] = p.lazy_rows_added;
  j["lazy_columns_added"] = p.lazy_columns_added;
  return j;
}

}  // namespace

namespace detail {

Json feature_fields_json(const FeatureResult& f, bool screen, bool signed_bound_rule) {
  Json j = Json::object();
  j["lower"] = json_number(f.lower);
  j["upper"] = json_number(f.upper);
  j["signed_min"] = json_number(f.signed_min);
  j["signed_max"] = json_number(f.signed_max);
  j["baseline_weight"] = json_number(f.baseline_weight);
  j["needed_below_noise"] = f.needed_below_noise;
  // docs/fri.md#screening: upper and the signed range are certified bounds; docs/fri.md#one-side-per-feature: the
  // side of the signed range nearer 0 is.
  if (screen) j["screened"] = f.screened;
  if (signed_bound_rule) j["signed_bound"] = f.signed_bound;
  return j;
}

}  // namespace detail

report::Json Result::to_json(const Dataset& data) const {
  report::ResultHeader h = report::dataset_header(data, "fri", task, seed);
  h.compat = options.reference ? "reference" : "none";
  h.options = options_json(options);
  Json r = report::result_skeleton(h);

  const bool grouping = options.grouping;
  const bool signed_rule =
      std::any_of(models.begin(), models.end(), [](const ModelResult& m) { return m.signed_bound_rule; });
  Json features = Json::array();
  for (std::size_t j = 0; j < this->features.size(); ++j) {
    const FeatureResult& f = this->features[j];
    if (!multiclass()) {
      features.push_back(feature_json(j, data, f, grouping, !options.privileged.empty(), options.screen, signed_rule));
      continue;
    }
    Json e = report::feature_entry(j, data.feature_names[j], f.selected(), f.constant);
    report::add_relevance_class(e, f.cls);
    if (!options.privileged.empty()) e["privileged"] = f.privileged;
    e["lower"] = json_number(f.lower);
    e["upper"] = json_number(f.upper);
    e["needed_below_noise"] = f.needed_below_noise;
    if (options.screen) e["screened"] = f.screened;
    Json per = Json::array();
    for (const ModelResult& c : models) {
      const FeatureResult& g = c.features[j];
      Json p = Json::object();
      p["label"] = c.label;
      report::add_relevance_class(p, g.cls);
      p["selected"] = g.selected();
      const Json fields = detail::feature_fields_json(g, options.screen, signed_rule);
      for (auto it = fields.begin(); it != fields.end(); ++it) p[it.key()] = it.value();
      if (grouping) p["group"] = g.group;
      per.push_back(p);
    }
    e["per_class"] = per;
    features.push_back(e);
  }
  r["features"] = features;
  report::finish_selection(r);

  std::vector<std::pair<std::string, double>> seconds;
  for (const PhaseStats& p : diagnostics.phases) seconds.emplace_back(p.name, p.seconds);
  seconds.emplace_back("total", diagnostics.total_seconds);
  Json diag = report::diagnostics_block(diagnostics.warnings, seconds, diagnostics.threads);
  const PhaseStats t = diagnostics.totals();
  const Json totals = counters_json(t);
  for (auto it = totals.begin(); it != totals.end(); ++it) diag[it.key()] = it.value();
  diag["lp_factorization"] = lp_factorization();
  Json phases = Json::object();
  for (const PhaseStats& p : diagnostics.phases) phases[p.name] = counters_json(p);
  diag["phases"] = phases;
  r["diagnostics"] = diag;

  if (multiclass()) {
    Json ovr = Json::array();
    for (const ModelResult& c : models) {
      Json j = Json::object();
      j["label"] = c.label;
      add_class_fields(j, c, Task::binary, options, data);
      ovr.push_back(j);
    }
    r["one_vs_rest"] = ovr;
  } else if (!models.empty()) {
    add_class_fields(r, models.front(), task, options, data);
  }
  return r;
}

}  // namespace featrel::fri
