// libFuzzer harness for the side-file and structured-flag grammars users write beside their data: UBayFS's
// constraints JSON, constraint / block / block-weight flags, blocks CSV, weights and counts files (src/io), the CSV
// side-file reader of CRFE's role files, and pareto's term poset (pareto's impact tables have their own harness). The first byte picks the grammar, the rest is the
// text. What parses is also resolved against a small feature list, so that the names a file gives reach the
// resolution code. Any input must end in a result or an InputError: never a crash, an abort or another exception.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "featrel/concept_lattice.hpp"
#include "featrel/csv_side_files.hpp"
#include "featrel/error.hpp"
#include "featrel/pareto_inputs.hpp"
#include "featrel/report.hpp"
#include "featrel/ubayfs_constraints.hpp"
#include "featrel/ubayfs_inputs.hpp"

namespace {

namespace ub = featrel::ubayfs;

const std::vector<std::string> kFeatures{"a", "b", "c", "d", "e", "f"};

void resolve(const std::vector<ub::BlockSpec>& block_specs, const std::vector<ub::ConstraintSpec>& specs,
             const std::vector<ub::GroupSpec>& groups) {
  const auto blocks = ub::resolve_blocks(block_specs, kFeatures);
  std::vector<std::string> warnings;
  (void)ub::resolve_constraints(specs, groups, blocks, kFeatures, std::nullopt, nullptr, warnings);
}

void run(unsigned grammar, const std::string& text) {
  switch (grammar % 8) {
    case 0: {
      const ub::ConstraintsFile f = ub::parse_constraints_json(text, "fuzz.json");
      std::vector<ub::ConstraintSpec> specs = f.constraints;
      specs.push_back(ub::parse_constraint_flag(ub::RowKind::max_size, ub::Level::feature, "3", "--max-size"));
      resolve(f.blocks, specs, f.groups);
      break;
    }
    case 1: {
      const auto kind = static_cast<ub::RowKind>(text.empty() ? 0 : static_cast<unsigned char>(text[0]) % 4);
      const auto level = !text.empty() && (static_cast<unsigned char>(text[0]) & 4) ? ub::Level::block : ub::Level::feature;
      const std::string body = text.empty() ? text : text.substr(1);
      const ub::ConstraintSpec spec = ub::parse_constraint_flag(kind, level, body, "--fuzz");
      (void)ub::constraint_word(spec);
      const std::vector<ub::BlockSpec> blocks{{"B1", {"a", "b"}}, {"B2", {"c", "d"}}};
      resolve(blocks, {spec, ub::parse_constraint_flag(ub::RowKind::max_size, ub::Level::feature, "2", "--max-size")},
              {});
      break;
    }
    case 2: resolve(ub::parse_blocks_csv(text, "fuzz.csv"), {}, {}); break;
    case 3: {
      const ub::WeightsInput in = ub::parse_weights_text(text, "fuzz.csv");
      (void)ub::resolve_prior(in.values, {}, {}, kFeatures);
      break;
    }
    case 4: (void)ub::parse_counts_csv(text, "fuzz.csv"); break;
    case 5: {
      const featrel::io::CsvLines lines = featrel::io::csv_lines(text, "fuzz.csv");
      const auto header = featrel::io::header_fields(lines);
      if (!header.empty()) (void)featrel::io::column_values(lines, header.back());
      break;
    }
    case 6: (void)featrel::pareto::TermPoset::from_spec(featrel::pareto::parse_poset_json(text, "fuzz.json"), "fuzz.json"); break;
    default: {
      const auto blocks = ub::resolve_blocks({ub::parse_block_flag(text)}, kFeatures);
      (void)ub::resolve_prior({}, ub::parse_block_weights(text), blocks, kFeatures);
      break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    run(data[0], text);
  } catch (const featrel::InputError&) {
  }
  return 0;
}
