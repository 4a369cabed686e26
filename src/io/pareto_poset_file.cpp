// The custom interpretation poset file of pareto (featrel/pareto_inputs.hpp): the JSON shape; names are resolved by
// TermPoset::from_spec.
#include "featrel/error.hpp"
#include "featrel/pareto_inputs.hpp"
#include "featrel/report.hpp"

namespace featrel::pareto {

PosetSpec parse_poset_json(std::string_view text, const std::string& source) {
  const report::Json doc = report::parse_json_text(text, source);
  const std::string where = "pareto: poset file " + source + ": ";
  if (!doc.is_object()) throw InputError(where + "must be a JSON object with terms, parents and measure_terms");
  for (const char* key : {"terms", "parents", "measure_terms"})
    if (!doc.contains(key)) throw InputError(where + "missing field '" + key + "'");
  PosetSpec spec;
  const auto& terms = doc["terms"];
  if (!terms.is_array() || terms.empty()) throw InputError(where + "'terms' must be a non-empty list of names");
  for (const auto& t : terms) {
    if (!t.is_string()) throw InputError(where + "'terms' must hold strings");
    spec.terms.push_back(t.get<std::string>());
  }
  const auto& parents = doc["parents"];
  if (!parents.is_object()) throw InputError(where + "'parents' must map a term to a list of parent terms");
  for (auto it = parents.begin(); it != parents.end(); ++it) {
    if (!it.value().is_array()) throw InputError(where + "parents of '" + it.key() + "' must be a list");
    std::vector<std::string> list;
    for (const auto& q : it.value()) {
      if (!q.is_string()) throw InputError(where + "parents of '" + it.key() + "' must be term names");
      list.push_back(q.get<std::string>());
    }
    spec.parents.emplace_back(it.key(), std::move(list));
  }
  const auto& mt = doc["measure_terms"];
  if (!mt.is_object()) throw InputError(where + "'measure_terms' must map a measure key to a term");
  for (auto it = mt.begin(); it != mt.end(); ++it) {
    if (!it.value().is_string()) throw InputError(where + "measure '" + it.key() + "' maps to an undeclared term");
    spec.measure_terms.emplace_back(it.key(), it.value().get<std::string>());
  }
  return spec;
}

PosetSpec read_poset_file(const std::string& path) { return parse_poset_json(report::read_text_file(path), path); }

}  // namespace featrel::pareto
