// UBayFS expert knowledge (docs/ubayfs.md#prior-and-posterior to #admissibility): feature blocks, prior weights and the constraint rows
// A·s ≤ b with their relaxations ρ, written with feature and block names as a user gives them and resolved to
// indices against the feature names of a run.
//
// A user writes `ConstraintSpec`s (max-size, must-link, cannot-link, linear, at feature or block level) and
// `GroupSpec`s (a general group {B, A, b, ρ}); resolve_constraints turns them into `Group`s of sparse rows over
// the group's units (features, or the blocks of the group's block matrix). Rows with the same block matrix share
// a group: every feature-level row goes to the group "features", every block-level row to the group "blocks"
// (the named blocks, in definition order). The same specs come from the command line (parse_constraint_flag) and
// from a small JSON file (read_constraints_file, format in docs/ubayfs.md), so both accept names everywhere.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace featrel::ubayfs {

inline constexpr double kHard = std::numeric_limits<double>::infinity();  // ρ = ∞: a hard row

enum class Level { feature, block };
enum class RowKind { max_size, must_link, cannot_link, linear, decorrelation };

std::string to_string(Level level);
std::string to_string(RowKind kind);

// A named feature block; members are feature names, or 0-based indices written as text (docs/architecture.md#naming-rules
// rule 5).
struct BlockSpec {
  std::string name;
  std::vector<std::string> members;
};

// One user constraint before expansion. max_size uses `size`; must/cannot-link use `members` (feature names at
// feature level, block names at block level); linear uses `coefficients` (unit name → a) and `b`.
struct ConstraintSpec {
  RowKind kind = RowKind::max_size;
  Level level = Level::feature;
  double size = 0;
  std::vector<std::string> members;
  std::vector<std::pair<std::string, double>> coefficients;
  double b = 0;
  double rho = 1.0;  // the reference's default; kHard for a hard row
  std::string label;  // the user's text, echoed in the result
};

// A general group: its own block matrix (member lists), rows A (one coefficient per block) with b and ρ per row.
struct GroupSpec {
  std::string name;
  std::vector<std::vector<std::string>> blocks;
  std::vector<std::vector<double>> A;
  std::vector<double> b;
  std::vector<double> rho;
};

// ---- resolved form ----------------------------------------------------------------------------------------------

struct Row {
  RowKind kind = RowKind::linear;
  std::vector<std::pair<std::size_t, double>> a;  // (unit, coefficient), units ascending, no zeros
  double b = 0;
  double rho = 1.0;  // in [0, ∞]; ∞ = hard
  std::string label;
  bool hard() const { return rho == kHard; }
};

struct Group {
  std::string name;
  Level level = Level::feature;
  // Block level: the features of each unit (block); empty for a feature-level group (unit = feature).
  std::vector<std::string> block_names;
  std::vector<std::vector<std::size_t>> blocks;
  std::vector<Row> rows;
  std::size_t n_units(std::size_t n_features) const { return level == Level::feature ? n_features : blocks.size(); }
};

struct Block {
  std::string name;
  std::vector<std::size_t> members;  // ascending feature indices
};

// Resolves block specs against the feature names: names first, then 0-based indices; "i..j" is an inclusive
// index range. InputError for an unknown feature, an empty or duplicated block name.
std::vector<Block> resolve_blocks(const std::vector<BlockSpec>& specs, const std::vector<std::string>& feature_names);

// Blocks from a column-to-block CSV (header `feature,block`, one row per feature: name or index, block name);
// blocks are ordered by first appearance. InputError naming the file and row on a bad line or unknown feature.
std::vector<BlockSpec> read_blocks_csv(const std::string& path);
std::vector<BlockSpec> parse_blocks_csv(std::string_view text, const std::string& source);

// The feature index of a name (or a non-negative integer that names no feature); InputError naming `what`.
std::size_t feature_index(const std::vector<std::string>& names, std::string_view token, std::string_view what);

// Expands the specs into groups (feature group first, then the block group, then general groups in order).
// `correlations` (|Spearman| on the full data, N × N) is needed only by the decorrelation spec. InputError for
// every case of docs/ubayfs.md#errors-and-edge-cases: unknown names, links with fewer than 2 members, ρ < 0 or NaN, s < 0, a row that does not
// match its block matrix. Warnings (ρ = 0 disables a row, s ≥ N is inert) are appended to `warnings`.
std::vector<Group> resolve_constraints(const std::vector<ConstraintSpec>& specs, const std::vector<GroupSpec>& groups,
                                       const std::vector<Block>& blocks,
                                       const std::vector<std::string>& feature_names,
                                       std::optional<double> decorrelate_level,
                                       const Eigen::MatrixXd* abs_correlations, std::vector<std::string>& warnings);

// The rows of one builder (feature level; for tests and the API): max_size(s), must_link(S), cannot_link(S).
Row max_size_row(std::size_t n_units, double s, double rho);
std::vector<Row> must_link_rows(const std::vector<std::size_t>& units, double rho);
Row cannot_link_row(const std::vector<std::size_t>& units, double rho);

// ---- parsing ----------------------------------------------------------------------------------------------------

// "1", "0.1", "inf" (hard); InputError naming `what` otherwise, and for ρ < 0 or NaN.
double parse_rho(std::string_view text, std::string_view what);
// A command-line constraint: `--max-size S[@RHO]`, `--must-link A,B,..[@RHO]`, `--cannot-link ...`, the
// `--block-...` forms (level block), and `--linear NAME=A,NAME=A<=B[@RHO]`. `flag` names the flag in messages.
ConstraintSpec parse_constraint_flag(RowKind kind, Level level, std::string_view text, std::string_view flag);
// `--block NAME=F1,F2,...` (indices and i..j ranges allowed).
BlockSpec parse_block_flag(std::string_view text);
// `--block-weights NAME=W,NAME=W,...` (one or more comma-separated items; W a finite number).
std::vector<std::pair<std::string, double>> parse_block_weights(std::string_view text);
// The word a constraint flag takes for a spec (`S[@RHO]`, `A,B,..[@RHO]`, `NAME=A,..<=B[@RHO]`): the user's text
// when the spec came from parse_constraint_flag, else written from the spec's fields.
std::string constraint_word(const ConstraintSpec& spec);

// The JSON constraints file (docs/ubayfs.md): {"blocks": {name: [features]}, "constraints": [...],
// "groups": [...]}. InputError naming the file and the entry on anything malformed.
struct ConstraintsFile {
  std::vector<BlockSpec> blocks;
  std::vector<ConstraintSpec> constraints;
  std::vector<GroupSpec> groups;
};
ConstraintsFile read_constraints_file(const std::string& path);
ConstraintsFile parse_constraints_json(std::string_view text, const std::string& source);

// Prior weights α (docs/ubayfs.md#prior-and-posterior): `weights` empty = 1 for every feature, one value recycled, or one per feature;
// `block_weights` (block name → w) give α = Bᵀw instead (a feature in several blocks gets the sum). InputError for
// a weight ≤ 0 or non-finite, a wrong length, an unknown block, a feature in no weighted block, or both kinds at once.
std::vector<double> resolve_prior(const std::vector<double>& weights,
                                  const std::vector<std::pair<std::string, double>>& block_weights,
                                  const std::vector<Block>& blocks, const std::vector<std::string>& feature_names);
// `--weights`: a comma-separated list of numbers, or a file with one number per line or `name,weight` rows.
std::vector<double> parse_weights(std::string_view text_or_file, const std::vector<std::string>& feature_names);

}  // namespace featrel::ubayfs
