// libFuzzer harness for pareto's impact-table grammar (featrel pareto --impacts FILE) and the analysis of what it
// reads: any text gives a result or an InputError.
#include <cstddef>
#include <cstdint>
#include <string>

#include "featrel/error.hpp"
#include "featrel/pareto.hpp"
#include "featrel/pareto_inputs.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const auto table = featrel::pareto::parse_impact_table(text, "fuzz.csv");
    if (table.features.size() <= 64 && table.criteria.size() <= 12) {
      featrel::pareto::AnalysisOptions o;
      o.max_minimal_sets = 50;
      (void)featrel::pareto::analyse(table, o);
    }
  } catch (const featrel::InputError&) {
  }
  return 0;
}
