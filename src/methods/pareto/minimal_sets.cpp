// The inclusion-minimal criteria sets M(f) (docs/pareto.md#minimal-criteria-sets): Berge's minimal transversals, the tie
// candidates, the 2^m enumeration for depth > 1 (and as brute-force oracle), and the fixpoint of docs/pareto.md#interpretation-poset-and-context.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <unordered_set>

#include "featrel/error.hpp"
#include "featrel/pareto_front.hpp"

namespace featrel::pareto {
namespace {

constexpr std::size_t max_tie_size = 24;
constexpr std::size_t max_enumerated_criteria = 20;

bool is_subset(const CritSet& a, const CritSet& b) { return (a & ~b).none(); }

// Sorts, and cuts to max_sets with truncated = true when longer.
MinimalSets finish(std::vector<CritSet> sets, bool truncated, std::size_t max_sets) {
  std::sort(sets.begin(), sets.end(), set_order_less);
  if (sets.size() > max_sets) {
    sets.resize(max_sets);
    truncated = true;
  }
  return {std::move(sets), truncated};
}

// Rivals of f on the front: the other members minus exact twins (a twin never dominates f and shares M).
std::vector<std::size_t> rivals(const DominanceTable& t, std::size_t f, const std::vector<std::size_t>& front) {
  std::vector<std::size_t> out;
  for (std::size_t g : front)
    if (g != f && (t.better(f, g).any() || t.worse(f, g).any())) out.push_back(g);
  return out;
}

// Keeps the inclusion-minimal sets of a list (duplicates removed), sorted with set_order_less.
std::vector<CritSet> inclusion_minimal(std::vector<CritSet> sets) {
  std::sort(sets.begin(), sets.end(), set_order_less);
  std::vector<CritSet> out;
  for (const CritSet& s : sets) {
    bool dominated = false;
    for (const CritSet& kept : out)
      if (is_subset(kept, s)) {
        dominated = true;
        break;
      }
    if (!dominated) out.push_back(s);
  }
  return out;
}

}  // namespace

MinimalSets minimal_transversals(std::vector<CritSet> edges, std::size_t cap) {
  for (const CritSet& e : edges)
    if (e.none()) throw std::logic_error("minimal_transversals: empty edge");
  std::stable_sort(edges.begin(), edges.end(), [](const CritSet& a, const CritSet& b) { return a.count() < b.count(); });
  std::vector<CritSet> partial{CritSet{}};
  for (std::size_t k = 0; k < edges.size(); ++k) {
    const CritSet& e = edges[k];
    std::vector<CritSet> next;
    std::unordered_set<CritSet> seen;
    const auto members_e = members(e);
    for (const CritSet& t : partial) {
      if ((t & e).any()) {
        if (seen.insert(t).second) next.push_back(t);
        continue;
      }
      for (std::size_t v : members_e) {
        CritSet s = t;
        s.set(v);
        if (seen.count(s)) continue;
        // s is a minimal transversal of edges 0..k iff each of its vertices is the only one hitting some edge.
        CritSet has_private;
        for (std::size_t i = 0; i <= k; ++i) {
          const CritSet hit = edges[i] & s;
          if (hit.count() == 1) has_private |= hit;
        }
        if (has_private == s) {
          seen.insert(s);
          next.push_back(s);
        }
      }
    }
    partial.swap(next);
    if (partial.size() > cap && k + 1 < edges.size()) {
      // Too many: keep only the partial transversals that already hit every remaining edge. They stay minimal
      // (each vertex keeps its private edge), so the output is a true subset of the answer.
      std::vector<CritSet> complete;
      for (const CritSet& t : partial) {
        bool hits_all = true;
        for (std::size_t i = k + 1; i < edges.size() && hits_all; ++i) hits_all = (t & edges[i]).any();
        if (hits_all) complete.push_back(t);
      }
      return finish(std::move(complete), true, cap);
    }
  }
  return finish(std::move(partial), false, cap);
}

MinimalSets minimal_criteria_sets(const DominanceTable& t, std::size_t f, const std::vector<std::size_t>& front,
                                  std::size_t max_sets) {
  if (max_sets == 0) throw InputError("pareto: max_minimal_sets must be >= 1");
  const auto g_of_f = rivals(t, f, front);
  if (g_of_f.empty()) {
    std::vector<CritSet> singletons;
    for (std::size_t c = 0; c < t.n_criteria(); ++c) singletons.push_back(CritSet{}.set(c));
    return finish(std::move(singletons), false, max_sets);
  }
  std::vector<CritSet> edges;
  bool ties = false;
  for (std::size_t g : g_of_f) {
    if (t.better(f, g).none())
      throw std::logic_error("minimal_criteria_sets: feature is dominated by a front member");
    edges.push_back(t.better(f, g));
    if (t.equal(f, g).any()) ties = true;
  }
  MinimalSets transversals = minimal_transversals(edges, max_sets);
  if (!ties) return transversals;

  // With ties the family {X : f ∈ Pareto(X)} is not up-closed: a minimal X either hits every B(f,g) (then it is
  // a minimal transversal) or lies inside some E(f,g). Test all those candidates and keep the minimal survivors.
  auto keeps_front = [&](const CritSet& x) {
    for (std::size_t g : g_of_f)
      if ((x & t.better(f, g)).none() && (x & t.worse(f, g)).any()) return false;
    return true;
  };
  std::vector<CritSet> candidates = transversals.sets;
  for (std::size_t g : g_of_f) {
    const CritSet e = t.equal(f, g);
    if (e.none()) continue;
    const auto idx = members(e);
    if (idx.size() > max_tie_size)
      throw InputError("pareto: features tie on " + std::to_string(idx.size()) + " criteria; M(f) would need 2^" +
                       std::to_string(idx.size()) + " candidates: use fewer classifiers or measures");
    for (std::uint32_t bits = 1; bits < (std::uint32_t{1} << idx.size()); ++bits) {
      CritSet x;
      for (std::size_t i = 0; i < idx.size(); ++i)
        if (bits & (std::uint32_t{1} << i)) x.set(idx[i]);
      if (keeps_front(x)) candidates.push_back(x);
    }
  }
  return finish(inclusion_minimal(std::move(candidates)), transversals.truncated, max_sets);
}

std::vector<MinimalSets> enumerate_minimal_sets(const DominanceTable& t, int depth, std::size_t max_sets) {
  const std::size_t m = t.n_criteria(), n = t.n_features();
  if (m > max_enumerated_criteria)
    throw InputError("pareto: --depth > 1 enumerates 2^m criteria sets; m = " + std::to_string(m) +
                     " exceeds 20: use fewer classifiers or measures");
  if (depth < 1) throw InputError("pareto: depth must be >= 1");
  std::vector<MinimalSets> out(n);
  std::vector<std::vector<std::uint32_t>> found(n);
  for (std::size_t k = 1; k <= m; ++k) {
    // k-subsets in increasing mask order (Gosper's hack).
    const std::uint64_t limit = std::uint64_t{1} << m;
    for (std::uint64_t x = (std::uint64_t{1} << k) - 1; x < limit;) {
      const auto mask = static_cast<std::uint32_t>(x);
      std::vector<bool> open(n, false);
      bool any_open = false;
      for (std::size_t f = 0; f < n; ++f) {
        bool contains = false;
        for (std::uint32_t s : found[f])
          if ((s & ~mask) == 0) {
            contains = true;
            break;
          }
        open[f] = !contains;
        any_open = any_open || !contains;
      }
      if (any_open) {
        CritSet set;
        for (std::size_t c = 0; c < m; ++c)
          if (mask & (std::uint32_t{1} << c)) set.set(c);
        const auto layer = depth == 1 ? std::vector<int>{} : t.layers(set);
        for (std::size_t f = 0; f < n; ++f) {
          if (!open[f]) continue;
          const bool keeps = depth == 1 ? t.on_front(f, set) : layer[f] <= depth;
          if (!keeps) continue;
          found[f].push_back(mask);
          if (out[f].sets.size() < max_sets)
            out[f].sets.push_back(set);
          else
            out[f].truncated = true;
        }
      }
      const std::uint64_t c = x & (~x + 1), r = x + c;
      x = (((r ^ x) >> 2) / c) | r;
    }
  }
  for (auto& s : out) std::sort(s.sets.begin(), s.sets.end(), set_order_less);
  return out;
}

CritSet largest_keeping_set(const DominanceTable& t, std::size_t f, const std::vector<std::size_t>& front,
                            const CritSet& allowed) {
  const auto g_of_f = rivals(t, f, front);
  CritSet u = allowed;
  for (bool changed = true; changed && u.any();) {
    changed = false;
    for (std::size_t g : g_of_f)
      if ((t.better(f, g) & u).none()) {
        const CritSet shrunk = u & t.equal(f, g);
        if (shrunk != u) {
          u = shrunk;
          changed = true;
        }
      }
  }
  return u;
}

}  // namespace featrel::pareto
