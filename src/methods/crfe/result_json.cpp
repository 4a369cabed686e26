// The crfe/rfe result document (docs/result-format.md#writing-rules with docs/crfe.md#inputs-and-outputs): the shared header, one entry per feature,
// the diagnostics, then rows, ranking, elimination_order, steps, stop, betas, model, evaluation, cv, rfe and, with
// repeats, runs[], stability and similarity. RFE writes `importance` wherever CRFE writes `beta`. Timing lives only
// in the `diagnostics` objects, so the document without them is identical for any thread count.
#include "featrel/result_json.hpp"

#include "methods/crfe/crfe_internal.hpp"

namespace featrel::crfe {

namespace {

using report::Json;
using report::json_number;

Json opt_number(const std::optional<double>& v) { return v ? json_number(*v) : Json(nullptr); }
Json opt_size(const std::optional<std::size_t>& v) { return v ? Json(*v) : Json(nullptr); }

Json sizes(const std::vector<std::size_t>& v) {
  Json a = Json::array();
  for (std::size_t x : v) a.push_back(x);
  return a;
}

Json numbers(const std::vector<double>& v) {
  Json a = Json::array();
  for (double x : v) a.push_back(json_number(x));
  return a;
}

std::string score_word(Method m) { return m == Method::crfe ? "beta" : "importance"; }

Json rows_json(const Rows& r) {
  Json j = Json::object();
  j["train"] = r.train.size();
  j["selection"] = r.selection.size();
  j["calibration"] = r.calibration.size();
  j["test"] = r.test.size();
  j["split_seed"] = r.split_seed ? Json(*r.split_seed) : Json(nullptr);
  j["reuse_calibration"] = r.reuse_calibration;
  return j;
}

Json steps_json(const std::vector<Step>& steps, Method m) {
  const std::string w = score_word(m);
  Json a = Json::array();
  for (const Step& s : steps) {
    Json j = Json::object();
    j["step"] = s.step;
    j["n_features"] = s.n_features;
    j["removed"] = sizes(s.removed);
    j[w + "_mean"] = json_number(s.score_mean);
    j[w + "_max"] = json_number(s.score_max);
    j["stop_value"] = opt_number(s.stop.value);
    j["stop_scale"] = opt_number(s.stop.scale);
    j["stop_ratio"] = opt_number(s.stop.ratio);
    j["solver_iterations"] = s.solver_iterations;
    a.push_back(j);
  }
  return a;
}

Json stop_json(const StopInfo& s) {
  Json j = Json::object();
  j["criterion"] = to_string(s.criterion);
  j["mode"] = to_string(s.mode);
  j["fired"] = s.fired;
  j["step"] = opt_size(s.step);
  j["n_selected"] = s.n_selected;
  j["reason"] = s.reason;
  j["sigma"] = json_number(s.sigma);
  j["window"] = s.window;
  return j;
}

Json metrics_json(const SubsetEvaluation& e) {
  Json j = Json::object();
  j["label"] = e.label;
  j["n_features"] = e.features.empty() ? json_number(e.n_features) : Json(e.features.size());
  if (!e.features.empty()) j["features"] = sizes(e.features);
  const ConformalMetrics& m = e.metrics;
  j["coverage"] = json_number(m.coverage);
  j["inefficiency"] = json_number(m.inefficiency);
  j["certainty"] = json_number(m.certainty);
  j["uncertainty"] = json_number(m.uncertainty);
  j["mistrust"] = json_number(m.mistrust);
  j["credibility"] = json_number(m.credibility);
  j["confidence"] = json_number(m.confidence);
  j["s_score"] = json_number(m.s_score);
  j["fuzziness"] = json_number(m.fuzziness);
  j["pvalue_accuracy"] = json_number(m.pvalue_accuracy);
  j["svm_accuracy"] = json_number(e.svm_accuracy);
  return j;
}

Json evaluation_json(const std::optional<Evaluation>& ev) {
  if (!ev) return Json(nullptr);
  Json j = Json::object();
  j["significance"] = json_number(ev->significance);
  j["pvalue"] = to_string(ev->pvalue);
  if (ev->n_runs > 1) j["n_runs"] = ev->n_runs;
  Json subsets = Json::array();
  for (const SubsetEvaluation& e : ev->subsets) subsets.push_back(metrics_json(e));
  j["subsets"] = subsets;
  return j;
}

Json model_json(const std::optional<Model>& m) {
  if (!m) return Json(nullptr);
  Json j = Json::object();
  j["features"] = sizes(m->features);
  Json W = Json::array();
  for (Eigen::Index k = 0; k < m->W.rows(); ++k) {
    Json row = Json::array();
    for (Eigen::Index c = 0; c < m->W.cols(); ++c) row.push_back(json_number(m->W(k, c)));
    W.push_back(row);
  }
  j["W"] = W;
  j["b"] = numbers(std::vector<double>(m->b.data(), m->b.data() + m->b.size()));
  return j;
}

Json betas_json(const std::vector<BetaSnapshot>& betas, Method m) {
  Json a = Json::array();
  for (std::size_t t = 0; t < betas.size(); ++t) {
    Json j = Json::object();
    j["step"] = t;
    j["features"] = sizes(betas[t].features);
    j[score_word(m)] = numbers(betas[t].scores);
    a.push_back(j);
  }
  return a;
}

Json cv_json(const std::optional<CvScores>& cv) {
  Json j = Json::object();
  j["folds"] = cv->folds;
  j["sizes"] = sizes(cv->sizes);
  j["mean_accuracy"] = numbers(cv->mean_accuracy);
  j["chosen"] = cv->chosen;
  return j;
}

Json run_diagnostics_json(const RunDiagnostics& d, const std::vector<Step>& steps, unsigned threads) {
  Json j = report::diagnostics_block(d.warnings,
                                     {{"split", d.seconds_split},
                                      {"fit", d.seconds_fit},
                                      {"beta", d.seconds_beta},
                                      {"evaluation", d.seconds_evaluation},
                                      {"total", d.seconds_total}},
                                     threads);
  j["constant_features"] = sizes(d.constant_features);
  j["n_fits"] = d.n_fits;
  j["solver_iterations"] = d.solver_iterations;
  Json solver = Json::array();
  for (const Step& s : steps) solver.push_back(s.solver);
  j["solver"] = solver;
  return j;
}

// The per-split block of runs[] and of `rfe`: everything that describes one split.
Json run_json(const Run& run, unsigned threads, bool with_features) {
  const std::string w = score_word(run.method);
  Json j = Json::object();
  j["seed"] = run.seed;
  j["rows"] = rows_json(run.rows);
  j["ranking"] = sizes(run.ranking);
  j["elimination_order"] = sizes(run.elimination_order);
  j["selected"] = sizes(run.selected);
  j["stop"] = stop_json(run.stop);
  if (with_features) {
    // Column-aligned arrays rather than one object per feature: the same facts at a fraction of the size.
    Json rank = Json::array(), step = Json::array(), initial = Json::array(), removal = Json::array();
    for (const FeatureResult& f : run.features) {
      rank.push_back(f.rank);
      step.push_back(opt_size(f.elimination_step));
      initial.push_back(opt_number(f.score_initial));
      removal.push_back(opt_number(f.score_at_removal));
    }
    Json fj = Json::object();
    fj["rank"] = rank;
    fj["elimination_step"] = step;
    fj[w + "_initial"] = initial;
    fj[w + "_at_removal"] = removal;
    j["features"] = fj;
  }
  j["steps"] = steps_json(run.steps, run.method);
  if (!run.betas.empty()) j["betas"] = betas_json(run.betas, run.method);
  j["model"] = model_json(run.model);
  j["evaluation"] = evaluation_json(run.evaluation);
  if (run.cv) j["cv"] = cv_json(run.cv);
  j["diagnostics"] = run_diagnostics_json(run.diagnostics, run.steps, threads);
  return j;
}

Json stability_json(const Stability& s) {
  Json j = Json::object();
  Json per = Json::array();
  for (const auto& [k, res] : s.per_size) {
    Json e = Json::object();
    e["k"] = k;
    const Json block = stability::to_json(res);
    for (auto it = block.begin(); it != block.end(); ++it) e[it.key()] = it.value();
    per.push_back(e);
  }
  j["per_size"] = per;
  Json sel = stability::to_json(s.selected);
  Json dist = Json::object();
  dist["mean"] = json_number(s.sizes.mean);
  dist["sd"] = json_number(s.sizes.sd);
  dist["min"] = s.sizes.min;
  dist["max"] = s.sizes.max;
  Json hist = Json::array();
  for (const auto& [size, count] : s.sizes.histogram) {
    Json h = Json::object();
    h["size"] = size;
    h["count"] = count;
    hist.push_back(h);
  }
  dist["histogram"] = hist;
  sel["sizes"] = dist;
  j["selected"] = sel;
  return j;
}

}  // namespace

report::Json Result::to_json(const Dataset& data) const {
  const std::string w = score_word(method);
  const bool repeated = repeats > 1;
  const Run* single = runs.empty() ? nullptr : &runs[0];

  report::ResultHeader h = report::dataset_header(data, to_string(method), task, seed);
  h.compat = to_string(options.compat);
  h.options = options_json(options);
  Json r = report::result_skeleton(h);

  for (std::size_t j = 0; j < features.size(); ++j) {
    const FeatureResult& f = features[j];
    Json e = report::feature_entry(j, data.feature_names[j], f.selected, f.constant);
    e["rank"] = f.rank;
    e["elimination_step"] = opt_size(f.elimination_step);
    e[w + "_initial"] = opt_number(f.score_initial);
    e[w + "_at_removal"] = opt_number(f.score_at_removal);
    if (repeated) {
      e["selection_frequency"] = opt_number(f.selection_frequency);
      e["mean_rank"] = opt_number(f.mean_rank);
    }
    r["features"].push_back(e);
  }
  report::finish_selection(r);

  // Diagnostics: the run's counters, or with repeats their totals.
  double s_split = 0, s_fit = 0, s_beta = 0, s_eval = 0;
  std::size_t n_fits = 0;
  long iterations = 0;
  for (const auto* group : {&runs, &rfe_runs})
    for (const Run& run : *group) {
      s_split += run.diagnostics.seconds_split;
      s_fit += run.diagnostics.seconds_fit;
      s_beta += run.diagnostics.seconds_beta;
      s_eval += run.diagnostics.seconds_evaluation;
      n_fits += run.diagnostics.n_fits;
      iterations += run.diagnostics.solver_iterations;
    }
  // Phase seconds are summed over runs (CPU-like with repeats); total is the wall-clock time of the call.
  Json diag = report::diagnostics_block(
      warnings,
      {{"split", s_split}, {"fit", s_fit}, {"beta", s_beta}, {"evaluation", s_eval}, {"total", seconds_total}},
      threads);
  diag["constant_features"] = single && !repeated ? sizes(single->diagnostics.constant_features) : sizes([&] {
    std::vector<std::size_t> c;
    for (std::size_t j = 0; j < features.size(); ++j)
      if (features[j].constant) c.push_back(j);
    return c;
  }());
  diag["n_fits"] = n_fits;
  diag["solver_iterations"] = iterations;
  Json solver = Json::array();
  if (single && !repeated)
    for (const Step& s : single->steps) solver.push_back(s.solver);
  diag["solver"] = solver;
  r["diagnostics"] = diag;

  if (!repeated && single) {
    r["rows"] = rows_json(single->rows);
    r["ranking"] = sizes(ranking);
    r["elimination_order"] = sizes(single->elimination_order);
    r["steps"] = steps_json(single->steps, method);
    r["stop"] = stop_json(single->stop);
    if (options.keep_betas) r["betas"] = betas_json(single->betas, method);
    r["model"] = model_json(single->model);
    r["evaluation"] = evaluation_json(evaluation);
    if (single->cv) r["cv"] = cv_json(single->cv);
    if (!rfe_runs.empty()) {
      Json rj = run_json(rfe_runs[0], threads, true);
      r["rfe"] = rj;
    }
    return r;
  }

  // Repeats: the consensus at the top level, every split in runs[].
  Rows counts = runs.empty() ? Rows{} : runs[0].rows;
  counts.split_seed.reset();
  r["rows"] = rows_json(counts);
  r["ranking"] = sizes(ranking);
  r["elimination_order"] = nullptr;  // each split has its own (runs[].elimination_order)
  r["steps"] = Json::array();        // per split in runs[].steps
  StopInfo st;
  if (!runs.empty()) st = runs[0].stop;
  Json stop = stop_json(st);
  stop["fired"] = nullptr;
  stop["step"] = nullptr;
  stop["n_selected"] = selected.size();
  stop["reason"] = "majority";
  std::size_t fired = 0;
  for (const Run& run : runs) fired += run.stop.fired;
  stop["fired_runs"] = fired;
  r["stop"] = stop;
  r["model"] = nullptr;  // one model per split (runs[].model)
  r["evaluation"] = evaluation_json(evaluation);
  Json rj = Json::array();
  for (std::size_t rep = 0; rep < runs.size(); ++rep) {
    Json one = run_json(runs[rep], 1, true);
    if (rep < rfe_runs.size()) one["rfe"] = run_json(rfe_runs[rep], 1, true);
    rj.push_back(one);
  }
  r["runs"] = rj;
  r["stability"] = stability ? stability_json(*stability) : Json(nullptr);
  if (!similarity.empty()) {
    Json sim = Json::object();
    Json per = Json::array();
    for (const SimilarityAtSize& s : similarity) {
      Json e = Json::object();
      e["k"] = s.k;
      e["jaccard"] = json_number(s.jaccard);
      e["kuncheva"] = opt_number(s.kuncheva);
      e["iw"] = json_number(s.iw);
      per.push_back(e);
    }
    sim["per_size"] = per;
    r["similarity"] = sim;
  }
  return r;
}

}  // namespace featrel::crfe
