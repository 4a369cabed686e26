// The interpretation poset of docs/pareto.md#interpretation-poset-and-context: the built-in one (Table I, Fig. 2) and custom ones read
// from JSON, with up-sets and minimal elements.
#include <algorithm>
#include <functional>

#include "featrel/concept_lattice.hpp"
#include "featrel/error.hpp"
#include "featrel/metrics.hpp"

namespace featrel::pareto {

TermPoset TermPoset::builtin() {
  TermPoset p;
  // Declared order of docs/pareto.md#interpretation-poset-and-context: the measure terms in this order, then the parents, then Classification. The parents
  // must exist before add_term links to them, so they are declared first and the order is restored below.
  const std::vector<metrics::Measure> order{
      metrics::Measure::sensitivity, metrics::Measure::specificity, metrics::Measure::precision,
      metrics::Measure::npv,         metrics::Measure::fdr,         metrics::Measure::for_rate,
      metrics::Measure::fpr,         metrics::Measure::fnr,         metrics::Measure::accuracy,
      metrics::Measure::fscore,      metrics::Measure::mcc,         metrics::Measure::lr_plus,
      metrics::Measure::lr_minus};
  auto parent_name = [](metrics::ParentTerm t) -> std::string {
    switch (t) {
      case metrics::ParentTerm::prediction: return "Prediction";
      case metrics::ParentTerm::correctness: return "Correctness";
      case metrics::ParentTerm::discrimination: return "Discrimination";
    }
    return "";
  };
  for (metrics::Measure m : order) p.terms_.emplace_back(metrics::term(m));
  for (const char* t : {"Prediction", "Correctness", "Discrimination", "Classification"}) p.terms_.emplace_back(t);
  p.parents_.assign(p.terms_.size(), {});
  const std::size_t classification = p.terms_.size() - 1;
  for (std::size_t i = 0; i < order.size(); ++i) {
    p.parents_[i].push_back(*p.find(parent_name(metrics::parent(order[i]))));
    p.measure_terms_[std::string(metrics::key(order[i]))] = std::string(metrics::term(order[i]));
  }
  for (std::size_t i = order.size(); i < classification; ++i) p.parents_[i].push_back(classification);
  return p;
}

TermPoset TermPoset::from_spec(const PosetSpec& spec, const std::string& source) {
  const std::string where = "pareto: poset file " + source + ": ";
  TermPoset p;
  for (const std::string& name : spec.terms) {
    if (p.find(name)) throw InputError(where + "term '" + name + "' is declared twice");
    p.terms_.push_back(name);
  }
  p.parents_.assign(p.terms_.size(), {});
  for (const auto& [term, parents] : spec.parents) {
    const auto child = p.find(term);
    if (!child) throw InputError(where + "'parents' names undeclared term '" + term + "'");
    for (const std::string& q : parents) {
      const auto parent = p.find(q);
      if (!parent) throw InputError(where + "'" + term + "' has undeclared parent '" + q + "'");
      p.parents_[*child].push_back(*parent);
    }
  }
  for (const auto& [measure, term] : spec.measure_terms) {
    if (!p.find(term)) throw InputError(where + "measure '" + measure + "' maps to an undeclared term");
    p.measure_terms_[measure] = term;
  }
  p.check_acyclic(source);
  return p;
}

void TermPoset::add_term(const std::string& name, const std::vector<std::string>& parents) {
  if (find(name)) throw InputError("pareto: term '" + name + "' is already declared in the poset");
  std::vector<std::size_t> links;
  for (const auto& q : parents) {
    const auto i = find(q);
    if (!i) throw InputError("pareto: parent term '" + q + "' of '" + name + "' is not declared");
    links.push_back(*i);
  }
  terms_.push_back(name);
  parents_.push_back(links);
}

void TermPoset::check_acyclic(const std::string& source) const {
  // Depth-first search with colours; a grey term reached again closes a cycle, which is named in the message.
  std::vector<int> colour(terms_.size(), 0);
  std::vector<std::size_t> path;
  std::function<void(std::size_t)> visit = [&](std::size_t t) {
    colour[t] = 1;
    path.push_back(t);
    for (std::size_t q : parents_[t]) {
      if (colour[q] == 1) {
        std::string cycle;
        auto start = std::find(path.begin(), path.end(), q);
        for (auto it = start; it != path.end(); ++it) cycle += terms_[*it] + " -> ";
        throw InputError("pareto: poset file " + source + ": cycle " + cycle + terms_[q]);
      }
      if (colour[q] == 0) visit(q);
    }
    path.pop_back();
    colour[t] = 2;
  };
  for (std::size_t t = 0; t < terms_.size(); ++t)
    if (colour[t] == 0) visit(t);
}

std::optional<std::size_t> TermPoset::find(const std::string& term) const {
  const auto it = std::find(terms_.begin(), terms_.end(), term);
  if (it == terms_.end()) return std::nullopt;
  return static_cast<std::size_t>(it - terms_.begin());
}

std::optional<std::size_t> TermPoset::term_of_measure(const std::string& key) const {
  const auto it = measure_terms_.find(key);
  if (it == measure_terms_.end()) return std::nullopt;
  return find(it->second);
}

Bits TermPoset::up(std::size_t t) const {
  Bits out(terms_.size());
  std::vector<std::size_t> stack{t};
  while (!stack.empty()) {
    const std::size_t s = stack.back();
    stack.pop_back();
    if (out.test(s)) continue;
    out.set(s);
    for (std::size_t q : parents_[s]) stack.push_back(q);
  }
  return out;
}

std::vector<std::size_t> TermPoset::minimal(const Bits& set) const {
  std::vector<std::size_t> out;
  for (std::size_t t = 0; t < terms_.size(); ++t) {
    if (!set.test(t)) continue;
    bool has_lower = false;
    for (std::size_t s = 0; s < terms_.size() && !has_lower; ++s)
      has_lower = s != t && set.test(s) && up(s).test(t);
    if (!has_lower) out.push_back(t);
  }
  return out;
}

report::Json TermPoset::to_json() const {
  report::Json parents = report::Json::object();
  for (std::size_t t = 0; t < terms_.size(); ++t) {
    report::Json list = report::Json::array();
    for (std::size_t q : parents_[t]) list.push_back(terms_[q]);
    parents[terms_[t]] = list;
  }
  report::Json measures = report::Json::object();
  for (const auto& [k, v] : measure_terms_) measures[k] = v;
  return {{"terms", terms_}, {"parents", parents}, {"measure_terms", measures}};
}

}  // namespace featrel::pareto
