// The grammar of pareto's `--impacts` file (docs/pareto.md#inputs-and-outputs): permutation impacts made elsewhere,
// header `criterion,<feature names…>`, one row per criterion `model:measure,<values…>`, lower = more important.
// parse_impact_table reads text (the fuzzer calls it), read_impact_table a file. And the custom interpretation
// poset (`--poset FILE`, docs/pareto.md): {"terms": [...], "parents": {term: [parents]}, "measure_terms":
// {measure_key: term}}, read into a PosetSpec that TermPoset::from_spec turns into the order.
#pragma once

#include <string>
#include <string_view>

#include "featrel/pareto.hpp"

namespace featrel::pareto {

// InputError naming the file, row and column for a non-numeric or non-finite cell, a malformed criterion name, a
// duplicate criterion or feature, no feature column or no criterion row.
ImpactTable parse_impact_table(const std::string& text, const std::string& source);
ImpactTable read_impact_table(const std::string& path);

// InputError (starting with "pareto: poset file SOURCE: ") for text that is not JSON, a missing field or a field of
// the wrong shape; the names are checked by TermPoset::from_spec.
PosetSpec parse_poset_json(std::string_view text, const std::string& source);
PosetSpec read_poset_file(const std::string& path);

}  // namespace featrel::pareto
