// The common fields of every result JSON and reading results back (include/featrel/result_json.hpp).
#include <stdexcept>

#include "featrel/error.hpp"
#include "featrel/result_json.hpp"

#ifndef FEATREL_VERSION
#define FEATREL_VERSION "0.0.0"
#endif

namespace featrel::report {

const char* featrel_version() { return FEATREL_VERSION; }

ResultHeader dataset_header(const Dataset& data, std::string method, Task task, std::uint64_t seed) {
  ResultHeader h;
  h.method = std::move(method);
  h.task = featrel::to_string(task);
  h.classes = data.classes;
  h.n_samples = data.n_samples();
  h.n_features = data.n_features();
  h.feature_names = data.feature_names;
  h.seed = seed;
  return h;
}

Json result_skeleton(const ResultHeader& h) {
  Json r = Json::object();
  r["method"] = h.method;
  r["featrel_version"] = featrel_version();
  r["task"] = h.task;
  r["classes"] = h.classes;
  if (h.task == "binary") {
    if (h.positive_class) {
      r["positive_class"] = *h.positive_class;
    } else if (h.classes.size() == 2) {
      r["positive_class"] = h.classes[1];  // code 1 is the positive class (docs/architecture.md#label-encoding-and-the-positive-class)
    } else {
      r["positive_class"] = nullptr;
    }
  }
  r["n_samples"] = h.n_samples;
  r["n_features"] = h.n_features;
  r["feature_names"] = h.feature_names;
  r["seed"] = h.seed;
  r["compat"] = h.compat;
  r["options"] = h.options.is_null() ? Json::object() : h.options;
  // Placeholders that pin the spec's key order (see the header).
  r["features"] = Json::array();
  r["selected"] = Json::array();
  r["selected_names"] = Json::array();
  r["diagnostics"] = Json::object();
  return r;
}

Json feature_entry(std::size_t index, const std::string& name, bool selected, bool constant) {
  Json e = Json::object();
  e["index"] = index;
  e["name"] = name;
  e["selected"] = selected;
  e["constant"] = constant;
  return e;
}

const char* relevance_word(int cls) {
  switch (cls) {
    case 0: return "irrelevant";
    case 1: return "weak";
    case 2: return "strong";
    default: throw std::invalid_argument("relevance class " + std::to_string(cls) + " is not 0, 1 or 2");
  }
}

void add_relevance_class(Json& entry, int cls) {
  const char* word = relevance_word(cls);
  entry["class"] = cls;
  entry["relevance"] = word;
}

void finish_selection(Json& result) {
  if (!result.contains("features") || !result["features"].is_array()) {
    throw std::logic_error("finish_selection: the result has no features array");
  }
  Json selected = Json::array();
  Json names = Json::array();
  const Json& features = result["features"];
  for (std::size_t j = 0; j < features.size(); ++j) {
    const Json& e = features[j];
    if (!e.contains("selected") || !e["selected"].is_boolean()) {
      throw std::logic_error("finish_selection: features[" + std::to_string(j) + "] has no boolean 'selected'");
    }
    if (e["selected"].get<bool>()) {
      selected.push_back(j);
      names.push_back(e.contains("name") ? e["name"] : Json(nullptr));
    }
  }
  result["selected"] = std::move(selected);
  result["selected_names"] = std::move(names);
}

Json diagnostics_block(const std::vector<std::string>& warnings,
                       const std::vector<std::pair<std::string, double>>& seconds, unsigned threads) {
  Json d = Json::object();
  d["warnings"] = warnings;
  Json s = Json::object();
  double sum = 0;
  bool has_total = false;
  for (const auto& [phase, value] : seconds) {
    s[phase] = json_number(value);
    sum += value;
    has_total = has_total || phase == "total";
  }
  if (!has_total) s["total"] = json_number(sum);
  d["seconds"] = std::move(s);
  d["threads"] = threads;
  return d;
}

ResultSelection result_selection(const Json& result, const std::string& source) {
  const std::string where = "'" + source + "'";
  if (!result.is_object()) throw InputError(where + " is not a featrel result: expected a JSON object");
  auto fit = result.find("features");
  if (fit == result.end() || !fit->is_array()) {
    throw InputError(where + " is not a featrel result: it has no 'features' array");
  }
  ResultSelection out;
  out.source = source;
  if (auto m = result.find("method"); m != result.end() && m->is_string()) out.method = m->get<std::string>();

  std::vector<int> classes;
  bool every_class = true;
  const Json& features = *fit;
  for (std::size_t j = 0; j < features.size(); ++j) {
    const Json& e = features[j];
    const std::string entry = where + ": features[" + std::to_string(j) + "]";
    if (!e.is_object()) throw InputError(entry + " is not an object");
    auto name = e.find("name");
    if (name == e.end()) throw InputError(entry + " has no 'name' field");
    if (!name->is_string()) throw InputError(entry + " has a 'name' that is not a string");
    auto sel = e.find("selected");
    if (sel == e.end()) throw InputError(entry + " has no 'selected' field");
    if (!sel->is_boolean()) throw InputError(entry + " has a 'selected' that is not true or false");
    out.feature_names.push_back(name->get<std::string>());
    out.selected.push_back(sel->get<bool>());

    auto cls = e.find("class");
    if (cls == e.end() || cls->is_null()) {
      every_class = false;
      continue;
    }
    if (!cls->is_number_integer() || cls->get<std::int64_t>() < 0 || cls->get<std::int64_t>() > 2) {
      throw InputError(entry + " has a 'class' that is not 0, 1 or 2");
    }
    classes.push_back(cls->get<int>());
  }
  if (every_class && !features.empty()) out.classes = std::move(classes);
  return out;
}

ResultSelection read_result_selection(const std::string& path) {
  return result_selection(read_json_file(path), path);
}

namespace {

void strip_in_place(Json& doc) {
  if (doc.is_object()) {
    for (auto it = doc.begin(); it != doc.end(); ++it) {
      if (it.key() == "diagnostics" && it->is_object()) {
        it->erase("seconds");
        it->erase("threads");
      }
      strip_in_place(*it);
    }
  } else if (doc.is_array()) {
    for (auto& child : doc) strip_in_place(child);
  }
}

}  // namespace

Json strip_timing(Json result) {
  strip_in_place(result);
  if (result.is_object()) result.erase("provenance");
  return result;
}

}  // namespace featrel::report
