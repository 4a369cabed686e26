// The pareto result JSON (docs/result-format.md#writing-rules, docs/pareto.md#inputs-and-outputs) and the --impacts-out table.
#include "featrel/format.hpp"
#include "featrel/pareto.hpp"

namespace featrel::pareto {
namespace {

using report::Json;

Json names_of(const Result& r, const std::vector<std::size_t>& idx) {
  Json a = Json::array();
  for (std::size_t j : idx) a.push_back(r.feature_names[j]);
  return a;
}

Json matrix_json(const Eigen::MatrixXd& m) {
  Json rows = Json::array();
  for (Eigen::Index i = 0; i < m.rows(); ++i) {
    Json row = Json::array();
    for (Eigen::Index j = 0; j < m.cols(); ++j) row.push_back(report::json_number(m(i, j)));
    rows.push_back(std::move(row));
  }
  return rows;
}

// The options echo from the table; `positive` is the class the run resolved (null with --impacts).
Json options_json(const Result& r) {
  Json j = option_table().to_json(r.options);
  j["positive"] = r.positive_class ? Json(*r.positive_class) : Json(nullptr);
  return j;
}

Json bits_names(const Bits& b, const std::vector<std::string>& names) {
  Json a = Json::array();
  for (std::size_t i = 0; i < b.size(); ++i)
    if (b.test(i)) a.push_back(names[i]);
  return a;
}

Json index_names(const std::vector<std::size_t>& idx, const std::vector<std::string>& names) {
  Json a = Json::array();
  for (std::size_t i : idx) a.push_back(names[i]);
  return a;
}

}  // namespace

Json to_json(const Result& r) {
  report::ResultHeader h = r.header;
  h.seed = r.seed;
  h.compat = r.options.compat_reference ? "reference" : "none";
  h.options = options_json(r);
  if (r.positive_class) h.positive_class = r.positive_class;
  Json doc = report::result_skeleton(h);
  if (r.from_impacts) doc["n_samples"] = nullptr;

  const auto& terms = r.poset.terms();
  for (std::size_t j = 0; j < r.features.size(); ++j) {
    const FeatureReport& f = r.features[j];
    Json e = report::feature_entry(j, f.name, f.important, f.constant);
    e["layer"] = f.layer > 0 ? Json(f.layer) : Json(nullptr);
    e["important"] = f.important;
    e["dominated_by"] = names_of(r, f.dominated_by);
    e["n_dominated_by"] = f.n_dominated_by;
    Json sets = Json::array();
    for (const CritSet& x : f.minimal_sets) {
      Json ids = Json::array();
      for (std::size_t c : members(x)) ids.push_back(r.criteria[c].id);
      sets.push_back(std::move(ids));
    }
    e["minimal_criteria_sets"] = std::move(sets);
    e["minimal_sets_truncated"] = f.minimal_sets_truncated;
    e["terms"] = index_names(f.terms, terms);
    e["most_specific_terms"] = index_names(f.most_specific_terms, terms);
    e["reading"] = f.important ? Json(f.reading) : Json(nullptr);
    e["object_concept"] = f.object_concept ? Json(*f.object_concept) : Json(nullptr);
    doc["features"].push_back(std::move(e));
  }
  report::finish_selection(doc);

  Json diag = report::diagnostics_block(r.warnings, r.seconds, r.threads);
  Json undefined = Json::object();
  for (const Criterion& c : r.criteria) undefined[c.id] = c.undefined_events;
  diag["undefined_measure_events"] = undefined;
  diag["tie_count"] = r.tie_count;
  diag["tie_tolerance"] = r.options.analysis.tie_tolerance;
  doc["diagnostics"] = std::move(diag);

  doc["negative_class"] = r.negative_class ? Json(*r.negative_class) : Json(nullptr);
  Json cls = Json::array();
  for (const ClassifierReport& c : r.classifiers) {
    Json e = Json::object();
    e["key"] = c.key;
    e["n_train"] = c.n_train;
    e["n_test"] = c.n_test;
    e["standardized"] = c.standardized;
    Json base = Json::object();
    for (const auto& [k, v] : c.baseline) base[k] = report::json_number(v);
    e["baseline"] = base;
    e["confusion"] = {{"tp", c.confusion.tp}, {"fn", c.confusion.fn}, {"fp", c.confusion.fp}, {"tn", c.confusion.tn}};
    e["degenerate"] = c.degenerate;
    e["p_vs_majority"] = c.p_vs_majority ? report::json_number(*c.p_vs_majority) : Json(nullptr);
    if (r.prefilter > 0) e["features"] = c.features;
    cls.push_back(std::move(e));
  }
  doc["classifiers"] = std::move(cls);
  doc["prefilter"] =
      r.prefilter > 0 ? Json{{"method", "mrmr"}, {"k", r.prefilter}, {"rows", "training"}} : Json(nullptr);
  Json crit = Json::array();
  for (const Criterion& c : r.criteria) {
    Json e = Json::object();
    e["id"] = c.id;
    e["classifier"] = c.classifier;
    e["measure"] = c.measure;
    e["term"] = c.term;
    e["orientation"] = c.orientation;
    e["baseline"] = c.baseline ? report::json_number(*c.baseline) : Json(nullptr);
    crit.push_back(std::move(e));
  }
  doc["criteria"] = std::move(crit);
  doc["impact"] = r.from_impacts ? Json(nullptr) : matrix_json(r.impact);
  doc["impact_sd"] = r.from_impacts ? Json(nullptr) : matrix_json(r.impact_sd);
  doc["oriented_impact"] = matrix_json(r.oriented);
  doc["front"] = names_of(r, r.front);
  Json layers = Json::array();
  for (const auto& l : r.layers) layers.push_back(names_of(r, l));
  doc["layers"] = std::move(layers);
  doc["depth"] = r.options.analysis.depth;
  doc["important"] = names_of(r, r.important());

  Json incidence = Json::array();
  for (const Bits& row : r.context.rows) {
    Json bits = Json::array();
    for (std::size_t a = 0; a < row.size(); ++a) bits.push_back(row.test(a) ? 1 : 0);
    incidence.push_back(std::move(bits));
  }
  doc["context"] = {{"objects", r.context.objects}, {"attributes", r.context.attributes}, {"incidence", incidence}};
  Json concepts = Json::array();
  for (std::size_t k = 0; k < r.lattice.concepts.size(); ++k) {
    const Concept& c = r.lattice.concepts[k];
    Json e = Json::object();
    e["id"] = k;
    e["extent"] = bits_names(c.extent, r.context.objects);
    e["intent"] = bits_names(c.intent, r.context.attributes);
    e["introduced_objects"] = index_names(c.introduced_objects, r.context.objects);
    e["introduced_attributes"] = index_names(c.introduced_attributes, r.context.attributes);
    e["layer"] = c.layer;
    e["x"] = c.x;
    e["y"] = c.y;
    concepts.push_back(std::move(e));
  }
  doc["concepts"] = std::move(concepts);
  Json covers = Json::array();
  for (const auto& [lo, up] : r.lattice.covers) covers.push_back({lo, up});
  doc["covers"] = std::move(covers);
  doc["poset"] = r.poset.to_json();
  return doc;
}

std::string impacts_csv(const Result& r) {
  ImpactTable t;
  for (const Criterion& c : r.criteria) {
    t.criteria.push_back(c.classifier + ":" + c.measure);
    t.classifiers.push_back(c.classifier);
    t.measures.push_back(c.measure);
  }
  t.features = r.feature_names;
  t.values = r.oriented;
  return impact_table_csv(t);
}

}  // namespace featrel::pareto
