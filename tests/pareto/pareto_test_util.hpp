// Helpers of the pareto tests: the running example's table (docs/pareto.md#exact-cases E2), criteria sets from ids, names.
#pragma once

#include <string>
#include <vector>

#include "featrel/pareto.hpp"
#include "featrel/pareto_inputs.hpp"

namespace featrel::pareto::test {

inline std::string fixture(const std::string& name) { return std::string(FEATREL_TEST_DATA_DIR) + "/pareto/" + name; }

inline ImpactTable running_example() { return read_impact_table(fixture("running_example.csv")); }

// {1, 2} → the set {c1, c2} (1-based ids as in the paper).
inline CritSet crit(std::initializer_list<int> ids) {
  CritSet s;
  for (int i : ids) s.set(static_cast<std::size_t>(i - 1));
  return s;
}

inline std::vector<std::string> names(const std::vector<std::size_t>& idx, const std::vector<std::string>& all) {
  std::vector<std::string> out;
  for (std::size_t i : idx) out.push_back(all[i]);
  return out;
}

inline std::vector<std::string> term_names(const Result& r, const std::vector<std::size_t>& terms) {
  return names(terms, r.poset.terms());
}

}  // namespace featrel::pareto::test
