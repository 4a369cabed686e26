// Pareto dominance over a criteria × features table, the front and its layers, and the inclusion-minimal
// criteria sets M(f) that keep a feature on the front (docs/pareto.md#criteria-and-orientation to #minimal-criteria-sets).
//
// Criteria sets are 128-bit masks (m ≤ 128 criteria). A DominanceTable compares every pair of features once and
// keeps, per ordered pair (f, g), the criteria where f is strictly better, B(f,g), and strictly worse, W(f,g);
// every later question (is f on the front of X? which X are minimal?) is then a few mask operations. Dominance is
// strict (g ≤ f everywhere on X and < somewhere), so equal rows never remove each other. Lower values are better.
// These are the building blocks of featrel::pareto::analyse; they are public so that tests and other tools can
// check them against brute force.
#pragma once

#include <Eigen/Dense>
#include <bitset>
#include <cstddef>
#include <vector>

namespace featrel::pareto {

inline constexpr std::size_t max_criteria = 128;
using CritSet = std::bitset<max_criteria>;

// Criterion indices of a set, ascending.
std::vector<std::size_t> members(const CritSet& x);
// Order of the M(f) lists: by size, then lexicographically by the ascending criterion indices.
bool set_order_less(const CritSet& a, const CritSet& b);

class DominanceTable {
 public:
  // values: criteria × features, lower = better. tie_tolerance ε > 0 compares llround(v/ε) instead of v (a grid,
  // so that equality stays transitive); ε = 0 compares exactly. InputError for m = 0, m > 128 or a non-finite
  // value.
  DominanceTable(const Eigen::MatrixXd& values, double tie_tolerance = 0.0);

  std::size_t n_criteria() const { return m_; }
  std::size_t n_features() const { return n_; }
  CritSet all_criteria() const;

  // B(f,g): criteria where f is strictly better (lower) than g. Computed on demand (m comparisons): a stored n × n
  // table would hold 16 bytes per pair, 6.4 GB at 20,000 features.
  CritSet better(std::size_t f, std::size_t g) const {
    CritSet b;
    const double* vf = v_.data() + f * m_;
    const double* vg = v_.data() + g * m_;
    for (std::size_t c = 0; c < m_; ++c)
      if (vf[c] < vg[c]) b.set(c);
    return b;
  }
  // W(f,g) = B(g,f).
  CritSet worse(std::size_t f, std::size_t g) const { return better(g, f); }
  // E(f,g): criteria where the two are equal.
  CritSet equal(std::size_t f, std::size_t g) const;
  // g dominates f on X: X ∩ B(f,g) = ∅ and X ∩ W(f,g) ≠ ∅.
  // One pass that stops at the first criterion where f is better: most pairs end within a few criteria, where
  // building B(f,g) and W(f,g) would read all m (the analysis at 20,000 features makes O(d²) of these calls).
  bool dominates(std::size_t g, std::size_t f, const CritSet& x) const {
    const double* vf = v_.data() + f * m_;
    const double* vg = v_.data() + g * m_;
    bool strictly = false;
    for (std::size_t c = 0; c < m_; ++c) {
      if (!x.test(c)) continue;
      if (vf[c] < vg[c]) return false;
      strictly = strictly || vg[c] < vf[c];
    }
    return strictly;
  }
  // Twins: features with the same values on every criterion. They never dominate each other and compare alike with
  // every other feature on any X, so the pairwise work below runs over one representative per group. A wide
  // table where most features are ignored by every model (impact 0 everywhere, --prefilter) has a few hundred
  // groups among 20,000 features.
  std::size_t n_groups() const { return groups_.size(); }
  // The twin group of feature f; groups are numbered by their lowest feature, and list their features ascending.
  std::size_t group_of(std::size_t f) const { return group_of_[f]; }
  const std::vector<std::size_t>& group(std::size_t k) const { return groups_[k]; }
  // f ∈ Pareto(X, F).
  bool on_front(std::size_t f, const CritSet& x) const;
  // Pareto(X, F), ascending.
  std::vector<std::size_t> front(const CritSet& x) const;
  // layer_X(f) for every feature: the number of features in the longest dominance chain on X ending at f
  // (1 = the front). Non-dominated sorting: L1 = Pareto(X, F), L2 = Pareto(X, F \ L1), …
  std::vector<int> layers(const CritSet& x) const;
  // Features that dominate f on X, ascending.
  std::vector<std::size_t> dominated_by(std::size_t f, const CritSet& x) const;
  // Number of (criterion, unordered feature pair) with equal values (diagnostics.tie_count).
  std::size_t tie_count() const;

 private:
  std::size_t m_ = 0, n_ = 0;
  std::vector<double> v_;  // n × m, feature-major: the compared values (grid indices under a tie tolerance)
  std::vector<std::size_t> group_of_;
  std::vector<std::vector<std::size_t>> groups_;
};

// M(f) for a feature f on the front of all criteria (depth 1), by the hitting-set formulation of docs/pareto.md#minimal-criteria-sets: rivals
// are the other front members minus exact twins; without ties the minimal transversals of {B(f,g)}, with ties
// those plus the non-empty subsets of every non-empty E(f,g), filtered by membership and minimality.
struct MinimalSets {
  std::vector<CritSet> sets;  // sorted with set_order_less
  bool truncated = false;     // more than max_sets existed; `sets` holds max_sets of them
};
// front = Pareto(C, F). InputError when f ties a rival on more than 24 criteria (2^24 candidates). max_sets ≥ 1.
MinimalSets minimal_criteria_sets(const DominanceTable& table, std::size_t f, const std::vector<std::size_t>& front,
                                  std::size_t max_sets);

// Minimal transversals of a hypergraph (Berge's algorithm, edges by increasing size); every edge must be
// non-empty. Sorted with set_order_less. When more than `cap` partial transversals accumulate, stops early and
// returns only the partial ones that already hit every edge (genuine minimal transversals) with truncated = true.
MinimalSets minimal_transversals(std::vector<CritSet> edges, std::size_t cap);

// M_d(f) for every feature: the inclusion-minimal non-empty X with layer_X(f) ≤ depth, by enumerating all non-empty
// X in order (|X|, mask). For depth 1 this is the brute-force oracle of M(f). Features with layer > depth on the
// full set get an empty list too if none exists. Requires m ≤ 20 (InputError otherwise). max_sets caps each list.
std::vector<MinimalSets> enumerate_minimal_sets(const DominanceTable& table, int depth, std::size_t max_sets);

// The largest non-empty X ⊆ allowed keeping f on the front (depth 1), or the empty set if there is none: the
// fixpoint U ← allowed; U ← U ∩ ⋂{E(f,g) : g rival, B(f,g) ∩ U = ∅} (docs/pareto.md#interpretation-poset-and-context). Exact with ties. `front` as above.
CritSet largest_keeping_set(const DominanceTable& table, std::size_t f, const std::vector<std::size_t>& front,
                            const CritSet& allowed);

}  // namespace featrel::pareto
