// The UBayFS objective compiled for fast evaluation, and the incremental state every optimiser flips
// (docs/ubayfs.md#admissibility to #optimisers). Internal to src/methods/ubayfs.
//
// Compiled flattens the problem: α° per feature, one global list of rows (group order, then row order) with b, ρ
// (ρ̃ in paper mode) and a hard flag, and per group the rows each unit touches. State keeps for a set δ the sum of
// the selected α°, the block counts of every group, the row values u_k, the sum of log φ over soft rows and the
// number of violated hard rows, so that flipping one feature costs O(1 + nnz of the touched columns).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "featrel/rng.hpp"
#include "featrel/ubayfs.hpp"

namespace featrel::ubayfs::detail {

struct CompiledRow {
  double b = 0;
  double rho = 0;  // ρ, or ρ̃ = ρ·‖α°‖₁ in paper mode with rho scaling
  bool hard = false;
  bool global_max_size = false;  // a feature-level max-size row over every feature
  std::size_t group = 0;
  std::vector<std::pair<std::size_t, double>> negative;  // (unit, a) with a < 0, for the B&B bound
};

struct CompiledGroup {
  bool feature_level = true;
  std::size_t n_units = 0;
  std::vector<std::vector<std::size_t>> feature_units;                 // block level: blocks containing feature j
  std::vector<std::vector<std::pair<std::size_t, double>>> unit_rows;  // per unit: (global row, a)
  std::vector<std::vector<std::size_t>> unit_members;                  // block level: features of each block
};

class Compiled {
 public:
  Compiled(const Problem& problem, AdmissibilityMode mode);

  std::size_t n = 0;
  std::vector<double> alpha_post;  // α° = α + y
  double total = 0;                // Σα°
  double lambda = 1;
  AdmissibilityMode mode = AdmissibilityMode::reference;
  double epsilon = 0.5;
  bool reference_scoring = false;
  std::vector<CompiledRow> rows;
  std::vector<CompiledGroup> groups;
  std::vector<double> row_rho_raw;  // ρ before scaling (dropout probabilities use it)

  // log φ_k at row value u (−∞ for a violated hard row).
  double log_phi(std::size_t k, double u) const;
  // U = θ̂ᵀδ + λ·adm from the selected α° sum, Σ log φ over soft rows and the hard violations (the featrel mode
  // gives −∞ when a hard row is violated; reference scoring gives θ̂ᵀδ).
  double utility(double alpha_sum, double log_adm_soft, int hard_violated) const;
  // The tie tolerance of docs/ubayfs.md#objective-and-ties on U.
  double tolerance() const { return 1e-12 * (1.0 + lambda); }
  // Every row is a feature-level max-size row (topk applies).
  bool only_max_size() const;
  // Features by descending α° (ties by index).
  std::vector<std::size_t> order_by_theta() const;
};

// A set δ with its incremental bookkeeping.
class State {
 public:
  explicit State(const Compiled& c);

  void clear();
  void assign(const std::vector<std::uint8_t>& bits);
  void flip(std::size_t j);
  bool has(std::size_t j) const { return bits_[j] != 0; }
  const std::vector<std::uint8_t>& bits() const { return bits_; }
  std::size_t cardinality() const { return card_; }
  double alpha_sum() const { return alpha_sum_; }
  double log_adm_soft() const { return log_soft_; }
  int hard_violated() const { return hard_violated_; }
  double u(std::size_t k) const { return u_[k]; }
  std::size_t block_count(std::size_t g, std::size_t w) const { return counts_[g][w]; }
  double utility() const { return c_->utility(alpha_sum_, log_soft_, hard_violated_); }
  // log adm (−∞ when a hard row is violated).
  double log_admissibility() const;

  // Rows that Algorithm 1 treats as active: violated active rows are counted as flips happen.
  void set_active(const std::vector<std::uint8_t>& active);
  int active_violated() const { return active_violated_; }

 private:
  void update_row(std::size_t k, double delta);
  void rebuild();

  const Compiled* c_;
  std::vector<std::uint8_t> bits_;
  std::size_t card_ = 0;
  double alpha_sum_ = 0;
  double log_soft_ = 0;
  int hard_violated_ = 0;
  std::vector<std::vector<std::size_t>> counts_;
  std::vector<double> u_, log_phi_;
  std::vector<std::uint8_t> active_;
  int active_violated_ = 0;
  std::uint32_t flips_ = 0;
};

// Exact U of a set: the selected α° summed in ascending order (bitwise equal for equal multisets), adm from
// scratch. −∞ for a hard violation outside reference scoring.
double exact_utility(const Compiled& c, const std::vector<std::uint8_t>& bits);

// FNV-1a over the bytes of a set, for hash sets and maps of sets.
struct BitsHash {
  std::size_t operator()(const std::vector<std::uint8_t>& v) const {
    std::uint64_t h = 1469598103934665603ull;
    for (auto b : v) h = (h ^ b) * 1099511628211ull;
    return static_cast<std::size_t>(h);
  }
};

std::vector<std::size_t> to_indices(const std::vector<std::uint8_t>& bits);
std::vector<std::uint8_t> to_bits(const std::vector<std::size_t>& idx, std::size_t n);

// Candidates within tolerance of the best: filters a list by exact U, sorts (U desc, then lexicographic index
// list) and truncates to max_ties; sets `truncated` when it cut.
std::vector<std::vector<std::size_t>> collect_ties(const Compiled& c, std::vector<std::vector<std::uint8_t>> cands,
                                                   std::size_t max_ties, bool& truncated);

// ---- optimisers (one file each) -----------------------------------------------------------------------------------

struct Found {
  std::vector<std::vector<std::uint8_t>> sets;  // candidates (ties filtered later)
  bool proven = false;
  bool feasible_found = true;
  std::uint64_t evaluations = 0;
  std::uint64_t nodes = 0;
  bool truncated = false;
};

Found optimise_topk(const Compiled& c, std::size_t max_ties);
Found optimise_enumerate(const Compiled& c, std::size_t max_ties, const RunContext& ctx);
Found optimise_exact(const Compiled& c, double node_budget, std::size_t max_ties, const RunContext& ctx);

// The GA's and the sampler's settings, filled from ubayfs::Options by solve() (whose defaults they take).
struct GaSettings {
  int pop_size = 0;
  int generations = 0;
  InitRule init_rule{};
  bool featrel_mode = true;  // greedy-feasible seed and whole must-link components
  bool polish = true;        // polish + plateau
  std::size_t max_ties = 0;
  std::uint64_t seed = 0;
};
Found optimise_ga(const Compiled& c, const GaSettings& s, GaReport& report, const RunContext& ctx);
// Best-improvement flip/swap local search followed by the plateau of ties (docs/ubayfs.md#polish-and-plateau), from the given starts.
Found polish_and_plateau(const Compiled& c, const std::vector<std::vector<std::uint8_t>>& starts, std::size_t max_ties,
                         std::uint64_t& evaluations);

// Algorithm 1 (docs/ubayfs.md#genetic-algorithm): one initial set, drawn from `rng`. `whole_components` adds the must-link components of
// the active feature-level rows as a whole (featrel mode); `all_hard` activates every row (the greedy-feasible
// seed, which also walks θ̂ order instead of a weighted random order).
std::vector<std::uint8_t> algorithm1(const Compiled& c, rng::Rng& rng, InitRule rule, bool whole_components,
                                     bool all_hard = false);

struct MhSettings {
  int chains = 0;
  int steps = 0;
  double eta = 0;
  InitRule init_rule{};
  bool whole_components = true;
  std::uint64_t seed = 0;
};
struct MhOutcome {
  Found found;                      // the MAP sets
  std::vector<double> map_frequency;  // per MAP set, the share of recorded states
  std::vector<double> inclusion;      // per feature
  MhReport report;
};
// `target` is the paper-mode compilation (its adm is the MH target's); `proposal` the run's compilation.
MhOutcome optimise_mh(const Compiled& target, const MhSettings& s, const RunContext& ctx);
// ln π(δ) of docs/ubayfs.md#mh-sampler with the paper-mode compilation.
double mh_log_pi(const Compiled& target, const State& state, double eta);

}  // namespace featrel::ubayfs::detail
