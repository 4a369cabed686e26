// UBayFS expert knowledge (docs/ubayfs.md#prior-and-posterior to #admissibility): feature blocks, prior weights and the constraint rows
// A·s ≤ b with their relaxations ρ, written with feature and block names as a user gives them and resolved to
// indices against the feature names of a run.
//
// A user writes `ConstraintSpec`s (max-size, must-link, cannot-link, linear, at feature or block level) and
// `GroupSpec`s (a general group {B, A, b, ρ}); resolve_constraints turns them into `Group`s of sparse rows over
// the group's units (features, or the blocks of the group's block matrix). Rows with the same block matrix share
// a group: every feature-level row goes to the group "features", every block-level row to the group "blocks"
// (the named blocks, in definition order). The same specs come from the command line (parse_constraint_flag) and
// from a small JSON file (read_constraints_file, format in docs/ubayfs.md; the grammars live in
// featrel/ubayfs_inputs.hpp), so both accept names everywhere.
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

// The smallest S a max-size row takes. At block level S = 0 is meaningful ("none of these blocks"); at feature
// level it asks for no feature at all: hard, every run returns the empty set; soft, the empty set scores λ and the
// set of every feature at least 1 + λ·adm > λ when λ <= 1, so the optimum breaks its own row.
constexpr double smallest_max_size(Level level) { return level == Level::feature ? 1.0 : 0.0; }

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

// Prior weights α (docs/ubayfs.md#prior-and-posterior): `weights` empty = 1 for every feature, one value recycled, or one per feature;
// `block_weights` (block name → w) give α = Bᵀw instead (a feature in several blocks gets the sum). InputError for
// a weight ≤ 0 or non-finite, a wrong length, an unknown block, a feature in no weighted block, or both kinds at once.
std::vector<double> resolve_prior(const std::vector<double>& weights,
                                  const std::vector<std::pair<std::string, double>>& block_weights,
                                  const std::vector<Block>& blocks, const std::vector<std::string>& feature_names);
// `--weights` (a comma-separated list of numbers, or a file with one number per line or `name,weight` rows; the
// grammar is parse_weights_input in featrel/ubayfs_inputs.hpp) with names resolved: one value per feature when the
// file names features (every feature needs one), otherwise the values as given (resolve_prior checks the length).
std::vector<double> parse_weights(std::string_view text_or_file, const std::vector<std::string>& feature_names);

}  // namespace featrel::ubayfs
