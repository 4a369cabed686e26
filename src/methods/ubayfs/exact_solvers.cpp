// The exact optimisers of UBayFS (docs/ubayfs.md#top-k to #branch-and-bound): top-s for max-size rows only, Gray-code
// enumeration for small N, and branch and bound in θ̂ order with a joint bound on the sum and the max-size rows.
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <mutex>

#include "featrel/thread_pool.hpp"
#include "objective.hpp"

namespace featrel::ubayfs::detail {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Keeps the best U seen and every candidate within a loose band of it (the exact tie filter comes later).
template <typename Key>
struct TieKeeper {
  double tol;
  std::size_t cap;
  double best = -kInf;
  std::vector<std::pair<double, Key>> items;
  bool truncated = false;

  void offer(double u, const Key& key) {
    if (u == -kInf || std::isnan(u)) return;
    if (u > best + tol) {
      best = u;
      std::erase_if(items, [&](const auto& it) { return it.first < best - 4 * tol; });
    }
    if (u < best - 4 * tol) return;
    if (items.size() >= cap) {
      truncated = true;
      return;
    }
    items.push_back({u, key});
  }
};

}  // namespace

Found optimise_topk(const Compiled& c, std::size_t max_ties) {
  Found f;
  f.proven = true;
  const auto order = c.order_by_theta();
  std::vector<double> prefix(c.n + 1, 0.0);
  for (std::size_t i = 0; i < c.n; ++i) prefix[i + 1] = prefix[i] + c.alpha_post[order[i]];
  std::vector<double> u(c.n + 1);
  double best = -kInf;
  for (std::size_t k = 0; k <= c.n; ++k) {
    double log_soft = 0;
    int hard = 0;
    for (std::size_t r = 0; r < c.rows.size(); ++r) {
      const double lp = c.log_phi(r, static_cast<double>(k));
      if (lp == -kInf) ++hard;
      else log_soft += lp;
    }
    u[k] = c.utility(prefix[k], log_soft, hard);
    best = std::max(best, u[k]);
    ++f.evaluations;
  }
  if (best == -kInf) {
    f.feasible_found = false;
    return f;
  }
  for (std::size_t k = 0; k <= c.n; ++k) {
    if (u[k] < best - 4 * c.tolerance()) continue;
    if (k == 0 || k == c.n) {
      std::vector<std::uint8_t> bits(c.n, 0);
      for (std::size_t i = 0; i < k; ++i) bits[order[i]] = 1;
      f.sets.push_back(std::move(bits));
      continue;
    }
    // The tie group of the k-th value: if it extends past position k, every choice from it is optimal.
    const double v = c.alpha_post[order[k - 1]];
    std::vector<std::size_t> group;
    std::size_t inside = 0;
    std::vector<std::uint8_t> fixed(c.n, 0);
    for (std::size_t i = 0; i < c.n; ++i) {
      if (c.alpha_post[order[i]] == v) {
        group.push_back(order[i]);
        if (i < k) ++inside;
      } else if (i < k) {
        fixed[order[i]] = 1;
      }
    }
    std::sort(group.begin(), group.end());
    // Combinations of `inside` out of the group in lexicographic order (= lexicographic order of the sets).
    std::vector<std::size_t> pick(inside);
    for (std::size_t i = 0; i < inside; ++i) pick[i] = i;
    while (true) {
      if (f.sets.size() > max_ties) {
        f.truncated = true;
        break;
      }
      auto bits = fixed;
      for (std::size_t i : pick) bits[group[i]] = 1;
      f.sets.push_back(std::move(bits));
      std::size_t i = inside;
      while (i > 0 && pick[i - 1] == group.size() - inside + (i - 1)) --i;
      if (i == 0) break;
      ++pick[i - 1];
      for (std::size_t t = i; t < inside; ++t) pick[t] = pick[t - 1] + 1;
    }
  }
  return f;
}

Found optimise_enumerate(const Compiled& c, std::size_t max_ties, const RunContext& ctx) {
  Found f;
  f.proven = true;
  const std::size_t n = c.n;
  // Fixing the top bits splits the 2^N sets into chunks that run in parallel; merged in chunk order.
  const std::size_t top = n >= 12 ? std::min<std::size_t>(6, n - 6) : 0;
  const std::size_t low = n - top;
  const std::size_t chunks = std::size_t{1} << top;
  const std::size_t cap = 4 * max_ties + 16;
  std::vector<TieKeeper<std::uint64_t>> keepers(chunks, TieKeeper<std::uint64_t>{4 * c.tolerance(), cap, -kInf, {}, false});
  parallel_for(
      chunks,
      [&](std::size_t chunk) {
        State s(c);
        std::vector<std::uint8_t> bits(n, 0);
        for (std::size_t b = 0; b < top; ++b) bits[low + b] = (chunk >> b) & 1u;
        s.assign(bits);
        std::uint64_t mask = static_cast<std::uint64_t>(chunk) << low;
        TieKeeper<std::uint64_t>& keep = keepers[chunk];
        keep.offer(s.utility(), mask);
        const std::uint64_t steps = std::uint64_t{1} << low;
        for (std::uint64_t g = 1; g < steps; ++g) {
          const auto j = static_cast<std::size_t>(std::countr_zero(g));
          s.flip(j);
          mask ^= std::uint64_t{1} << j;
          keep.offer(s.utility(), mask);
          if ((g & 0xFFFFF) == 0) ctx.check_cancel();
        }
      },
      ctx, "enumerate");
  double best = -kInf;
  for (const auto& k : keepers) best = std::max(best, k.best);
  for (const auto& k : keepers) {
    f.truncated = f.truncated || k.truncated;
    for (const auto& [u, mask] : k.items) {
      if (u < best - 4 * c.tolerance()) continue;
      std::vector<std::uint8_t> bits(n, 0);
      for (std::size_t j = 0; j < n; ++j) bits[j] = (mask >> j) & 1u;
      f.sets.push_back(std::move(bits));
    }
  }
  f.evaluations = std::uint64_t{1} << n;
  f.feasible_found = best > -kInf;
  return f;
}

namespace {

class BranchAndBound {
 public:
  BranchAndBound(const Compiled& c, double budget, std::size_t max_ties, const RunContext& ctx)
      : c_(c), state_(c), budget_(budget), ctx_(ctx), keep_{c.tolerance(), 4 * max_ties + 16, -kInf, {}, false} {
    order_ = c.order_by_theta();
    pos_.resize(c.n);
    for (std::size_t i = 0; i < c.n; ++i) pos_[order_[i]] = i;
    prefix_.assign(c.n + 1, 0.0);
    for (std::size_t i = 0; i < c.n; ++i) prefix_[i + 1] = prefix_[i] + c.alpha_post[order_[i]];
    for (std::size_t k = 0; k < c.rows.size(); ++k)
      (c.rows[k].global_max_size ? max_rows_ : other_rows_).push_back(k);
    // The last position (in θ̂ order) of each unit's features: a unit holds an undecided feature at depth i iff
    // its last position is ≥ i.
    last_pos_.resize(c.groups.size());
    for (std::size_t g = 0; g < c.groups.size(); ++g) {
      const CompiledGroup& cg = c.groups[g];
      auto& lp = last_pos_[g];
      lp.assign(cg.n_units, 0);
      for (std::size_t w = 0; w < cg.n_units; ++w) {
        if (cg.feature_level) lp[w] = pos_[w];
        else
          for (std::size_t j : cg.unit_members[w]) lp[w] = std::max(lp[w], pos_[j]);
      }
    }
  }

  Found run() {
    search(0);
    Found f;
    f.proven = !exhausted_;
    f.nodes = nodes_;
    f.evaluations = nodes_;
    f.truncated = keep_.truncated;
    f.feasible_found = keep_.best > -kInf;
    for (auto& [u, bits] : keep_.items)
      if (u >= keep_.best - 4 * c_.tolerance()) f.sets.push_back(bits);
    return f;
  }

 private:
  bool unit_open(std::size_t g, std::size_t w, std::size_t depth) const {
    const bool off = c_.groups[g].feature_level ? !state_.has(w) : state_.block_count(g, w) == 0;
    return off && last_pos_[g][w] >= depth;
  }

  // An upper bound of U over every completion of the first `depth` decisions; −∞ prunes.
  double bound(std::size_t depth) const {
    double log_rest = 0;
    for (std::size_t k : other_rows_) {
      double umin = state_.u(k);
      for (const auto& [w, a] : c_.rows[k].negative)
        if (unit_open(c_.rows[k].group, w, depth)) umin += a;
      const double lp = c_.log_phi(k, umin);
      if (lp == -kInf) {
        if (!c_.reference_scoring) return -kInf;
        log_rest = -kInf;
        break;
      }
      log_rest += lp;
    }
    const std::size_t card = state_.cardinality();
    double best = -kInf;
    for (std::size_t extra = 0; extra + depth <= c_.n; ++extra) {
      double lp = log_rest;
      bool allowed = true;
      for (std::size_t r : max_rows_) {
        const double l = c_.log_phi(r, static_cast<double>(card + extra));
        if (l == -kInf && !c_.reference_scoring) {
          allowed = false;
          break;
        }
        lp += l;
      }
      if (!allowed) break;  // a hard max-size row only gets more violated with more features
      const double s = (state_.alpha_sum() + prefix_[depth + extra] - prefix_[depth]) / c_.total;
      best = std::max(best, s + c_.lambda * std::exp(lp));
    }
    return best;
  }

  void search(std::size_t depth) {
    if (exhausted_) return;
    if (++nodes_ > budget_) {
      exhausted_ = true;
      return;
    }
    if ((nodes_ & 0x1FFFF) == 0) ctx_.check_cancel();
    const double ub = bound(depth);
    if (ub == -kInf || ub < keep_.best - 4 * c_.tolerance()) return;
    if (depth == c_.n) {
      keep_.offer(state_.utility(), state_.bits());
      return;
    }
    const std::size_t j = order_[depth];
    state_.flip(j);
    search(depth + 1);
    state_.flip(j);
    search(depth + 1);
  }

  const Compiled& c_;
  State state_;
  double budget_;
  const RunContext& ctx_;
  TieKeeper<std::vector<std::uint8_t>> keep_;
  std::vector<std::size_t> order_, pos_, max_rows_, other_rows_;
  std::vector<double> prefix_;
  std::vector<std::vector<std::size_t>> last_pos_;
  std::uint64_t nodes_ = 0;
  bool exhausted_ = false;
};

}  // namespace

Found optimise_exact(const Compiled& c, double node_budget, std::size_t max_ties, const RunContext& ctx) {
  return BranchAndBound(c, node_budget, max_ties, ctx).run();
}

}  // namespace featrel::ubayfs::detail
