// The grammars of UBayFS's expert-knowledge inputs (docs/ubayfs.md): the constraint and block flags, the JSON
// constraints file, the `feature,block` blocks file, prior weights (a list or a file) and the `--counts` file.
//
// Each parser reads text only and returns the plain specs of featrel/ubayfs_constraints.hpp (names as the user wrote
// them); resolving names against a run's features happens in the method (resolve_blocks, resolve_constraints,
// parse_weights). Every `parse_*` takes the text and a source name for messages, so the same code serves files,
// flags, the Python package and the fuzzers; `read_*` reads a file and parses it. Malformed input is an InputError
// naming the source and the line or entry.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "featrel/ubayfs.hpp"
#include "featrel/ubayfs_constraints.hpp"

namespace featrel::ubayfs {

// ---- flags --------------------------------------------------------------------------------------------------------

// "1", "0.1", "inf" (hard); InputError naming `what` otherwise, and for ρ < 0 or NaN.
double parse_rho(std::string_view text, std::string_view what);
// A command-line constraint: `--max-size S[@RHO]`, `--must-link A,B,..[@RHO]`, `--cannot-link ...`, the
// `--block-...` forms (level block), and `--linear NAME=A,NAME=A<=B[@RHO]`. `flag` names the flag in messages.
ConstraintSpec parse_constraint_flag(RowKind kind, Level level, std::string_view text, std::string_view flag);
// ρ as a word ("inf" for a hard row), and the check every ρ passes wherever it comes from (≥ 0 or ∞; InputError
// naming `where`).
std::string rho_word(double rho);
void check_rho(double rho, const std::string& where);
// `--block NAME=F1,F2,...` (indices and i..j ranges allowed).
BlockSpec parse_block_flag(std::string_view text);
// `--block-weights NAME=W,NAME=W,...` (one or more comma-separated items; W a finite number).
std::vector<std::pair<std::string, double>> parse_block_weights(std::string_view text);
// The word a constraint flag takes for a spec (`S[@RHO]`, `A,B,..[@RHO]`, `NAME=A,..<=B[@RHO]`): the user's text
// when the spec came from parse_constraint_flag, else written from the spec's fields.
std::string constraint_word(const ConstraintSpec& spec);

// ---- files --------------------------------------------------------------------------------------------------------

// The JSON constraints file (docs/ubayfs.md): {"blocks": {name: [features]}, "constraints": [...],
// "groups": [...]}. InputError naming the file and the entry on anything malformed.
struct ConstraintsFile {
  std::vector<BlockSpec> blocks;
  std::vector<ConstraintSpec> constraints;
  std::vector<GroupSpec> groups;
};
ConstraintsFile read_constraints_file(const std::string& path);
ConstraintsFile parse_constraints_json(std::string_view text, const std::string& source);

// Blocks from a column-to-block CSV (header `feature,block`, one row per feature: name or index, block name);
// blocks are ordered by first appearance. InputError naming the file and row on a bad line.
std::vector<BlockSpec> read_blocks_csv(const std::string& path);
std::vector<BlockSpec> parse_blocks_csv(std::string_view text, const std::string& source);

// What `--weights` says before its names are resolved: plain values (a comma-separated list, or a file with one
// number per line) or `feature,weight` rows of a file. Exactly one of the two is non-empty unless nothing was given.
struct WeightsInput {
  std::vector<double> values;
  std::vector<std::pair<std::string, double>> named;  // (feature name or index, weight), file order
};
// `text_or_file` is a list of numbers when every comma-separated token is one, otherwise a file path; a header
// line whose weight field is not a number is skipped. InputError naming the file and line otherwise.
WeightsInput parse_weights_input(std::string_view text_or_file);
WeightsInput parse_weights_text(std::string_view text, const std::string& source);

// The `--counts` CSV: header `feature,count`, one row per feature, and the number of elementary models from a
// comment line `# n_models: M` (or `n_models` when given, which wins). InputError naming file and row.
CountsInput read_counts_csv(const std::string& path, std::optional<std::size_t> n_models = std::nullopt);
CountsInput parse_counts_csv(std::string_view text, const std::string& source,
                             std::optional<std::size_t> n_models = std::nullopt);

}  // namespace featrel::ubayfs
