// The reference optimiser of UBayFS (docs/ubayfs.md#genetic-algorithm): Algorithm 1's initial sets and the binary genetic
// algorithm with the R package GA 3.2.4 defaults (linear-rank selection, single-point crossover 0.8, one-bit
// mutation 0.1, elitism 5 %), then featrel's flip/swap polish and the plateau of ties (docs/ubayfs.md#polish-and-plateau).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <unordered_set>

#include "featrel/rng.hpp"
#include "objective.hpp"

namespace featrel::ubayfs::detail {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Must-link components of the given rows: union of i and j for every active feature-level row e_i − e_j.
std::vector<std::vector<std::size_t>> must_link_components(const Compiled& c, const std::vector<std::uint8_t>& active,
                                                           const std::vector<std::vector<std::size_t>>& pairs) {
  std::vector<std::size_t> parent(c.n);
  std::iota(parent.begin(), parent.end(), std::size_t{0});
  auto find = [&](std::size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (std::size_t k = 0; k < pairs.size(); ++k)
    if (active[k] && pairs[k].size() == 2) parent[find(pairs[k][0])] = find(pairs[k][1]);
  std::vector<std::vector<std::size_t>> comp(c.n);
  for (std::size_t j = 0; j < c.n; ++j) comp[find(j)].push_back(j);
  std::vector<std::vector<std::size_t>> of(c.n);
  for (const auto& members : comp)
    if (members.size() > 1)
      for (std::size_t j : members) of[j] = members;
  return of;
}

// For each row: the two features of a feature-level must-link row (a = +1 on i, −1 on j, b = 0), else empty.
std::vector<std::vector<std::size_t>> link_pairs(const Compiled& c) {
  std::vector<std::vector<std::size_t>> pairs(c.rows.size());
  for (std::size_t g = 0; g < c.groups.size(); ++g) {
    const CompiledGroup& cg = c.groups[g];
    if (!cg.feature_level) continue;
    std::vector<std::vector<std::pair<std::size_t, double>>> per_row(c.rows.size());
    for (std::size_t j = 0; j < c.n; ++j)
      for (const auto& [k, a] : cg.unit_rows[j]) per_row[k].push_back({j, a});
    for (std::size_t k = 0; k < c.rows.size(); ++k) {
      const auto& e = per_row[k];
      if (e.size() == 2 && c.rows[k].b == 0 && e[0].second == -e[1].second && std::abs(e[0].second) == 1.0)
        pairs[k] = {e[0].first, e[1].first};
    }
  }
  return pairs;
}

double round_half_even(double x) { return std::nearbyint(x); }


}  // namespace

std::vector<std::uint8_t> algorithm1(const Compiled& c, rng::Rng& rng, InitRule rule, bool whole_components,
                                     bool all_hard) {
  // The feature order: weighted sampling without replacement ∝ θ̂ (Efraimidis–Spirakis keys u^{1/θ̂}, compared
  // as ln(u)/θ̂), or plain θ̂ order for the greedy-feasible seed.
  std::vector<std::size_t> order;
  if (all_hard) {
    order = c.order_by_theta();
  } else {
    std::vector<double> key(c.n);
    for (std::size_t j = 0; j < c.n; ++j) key[j] = std::log(rng.uniform()) / (c.alpha_post[j] / c.total);
    order.resize(c.n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key[a] > key[b]; });
  }
  State s(c);
  if (rule == InitRule::ratio && !all_hard) {
    for (std::size_t j : order) {
      const double before = s.log_admissibility();
      if (before == -kInf) break;
      s.flip(j);
      const double after = s.log_admissibility();
      if (!(after >= before) && !(std::log(rng.uniform()) < after - before)) s.flip(j);
    }
    return s.bits();
  }
  // Dropout: each soft row is active with probability ρ/(1 + ρ), hard rows always.
  std::vector<std::uint8_t> active(c.rows.size(), 1);
  if (!all_hard)
    for (std::size_t k = 0; k < c.rows.size(); ++k) {
      if (c.rows[k].hard) continue;
      const double rho = c.row_rho_raw[k];
      active[k] = rng.uniform() < rho / (1.0 + rho) ? 1 : 0;
    }
  s.set_active(active);
  std::vector<std::vector<std::size_t>> comp;
  if (whole_components) comp = must_link_components(c, active, link_pairs(c));
  for (std::size_t j : order) {
    if (s.has(j)) continue;
    if (whole_components && !comp[j].empty()) {
      std::vector<std::size_t> added;
      for (std::size_t m : comp[j])
        if (!s.has(m)) {
          s.flip(m);
          added.push_back(m);
        }
      if (s.active_violated() > 0)
        for (std::size_t m : added) s.flip(m);
      continue;
    }
    s.flip(j);
    if (s.active_violated() > 0) s.flip(j);
  }
  return s.bits();
}

namespace {

struct Individual {
  std::vector<std::uint8_t> bits;
  double fitness = 0;
  bool known = false;
};

}  // namespace

Found optimise_ga(const Compiled& c, const GaSettings& st, GaReport& report, const RunContext& ctx) {
  const std::size_t P = static_cast<std::size_t>(st.pop_size);
  const std::size_t N = c.n;
  Found f;
  State eval(c);
  auto fitness = [&](const std::vector<std::uint8_t>& bits) {
    eval.assign(bits);
    ++f.evaluations;
    const double u = eval.utility();
    return u > 0 ? std::log(u) : -kInf;
  };

  // Population: the top-s set, then P − 1 Algorithm-1 draws (featrel mode: the first is greedy-feasible).
  std::vector<Individual> pop(P);
  double s_min = static_cast<double>(N);
  for (const auto& r : c.rows)
    if (r.global_max_size) s_min = std::min(s_min, std::max(0.0, r.b));
  const auto order = c.order_by_theta();
  pop[0].bits.assign(N, 0);
  for (std::size_t i = 0; i < static_cast<std::size_t>(std::floor(s_min)) && i < N; ++i) pop[0].bits[order[i]] = 1;
  for (std::size_t i = 1; i < P; ++i) {
    rng::Rng r(rng::derive(st.seed, "ga-init", i));
    const bool greedy = st.featrel_mode && i == 1;
    pop[i].bits = algorithm1(c, r, st.init_rule, st.featrel_mode, greedy);
  }

  rng::Rng rng(rng::derive(st.seed, "ga"));
  const int elitism = std::max(1, static_cast<int>(round_half_even(0.05 * static_cast<double>(P))));
  report.pop_size = st.pop_size;
  report.max_iter = st.generations;
  report.elitism = elitism;
  const double q = 2.0 / static_cast<double>(P);
  const double rr = 2.0 / (static_cast<double>(P) * static_cast<double>(P - 1));

  for (int t = 1; t <= st.generations; ++t) {
    ctx.check_cancel();
    for (auto& ind : pop)
      if (!ind.known) {
        ind.fitness = fitness(ind.bits);
        ind.known = true;
      }
    double best = -kInf;
    for (const auto& ind : pop) best = std::max(best, ind.fitness);
    report.best_per_generation.push_back(best);
    ctx.report("ga", static_cast<std::size_t>(t), static_cast<std::size_t>(st.generations));
    if (t == st.generations) break;

    // Sorted copy for elitism (fitness descending, then position).
    std::vector<std::size_t> idx(P);
    std::iota(idx.begin(), idx.end(), std::size_t{0});
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return pop[a].fitness > pop[b].fitness; });
    std::vector<Individual> sorted;
    sorted.reserve(P);
    for (std::size_t i : idx) sorted.push_back(pop[i]);

    // (a) Linear-rank selection; a tie group takes its worst rank.
    std::vector<double> rank(P);
    for (std::size_t i = 0; i < P;) {
      std::size_t e = i;
      while (e + 1 < P && sorted[e + 1].fitness == sorted[i].fitness) ++e;
      for (std::size_t t2 = i; t2 <= e; ++t2) rank[idx[t2]] = static_cast<double>(e + 1);
      i = e + 1;
    }
    std::vector<double> cum(P);
    double total = 0;
    for (std::size_t i = 0; i < P; ++i) {
      total += std::max(0.0, 1.0 + q - (rank[i] - 1.0) * rr);
      cum[i] = total;
    }
    std::vector<Individual> next(P);
    for (std::size_t i = 0; i < P; ++i) {
      const double u = rng.uniform() * total;
      std::size_t k = static_cast<std::size_t>(std::upper_bound(cum.begin(), cum.end(), u) - cum.begin());
      next[i] = pop[std::min(k, P - 1)];
    }
    pop = std::move(next);

    // (b) Single-point crossover on shuffled pairs (R's matrix(sample(2m), ncol = 2): pair i = (s_i, s_{i+m})).
    const std::size_t m = P / 2;
    auto perm = rng.permutation(2 * m);
    for (std::size_t i = 0; i < m; ++i) {
      Individual& a = pop[perm[i]];
      Individual& b = pop[perm[i + m]];
      if (!(rng.uniform() < 0.8)) continue;
      const std::size_t cut = static_cast<std::size_t>(rng.bounded(N + 1));
      if (cut == 0) {
        std::swap(a, b);
      } else if (cut < N) {
        std::swap_ranges(a.bits.begin() + static_cast<std::ptrdiff_t>(cut), a.bits.end(),
                         b.bits.begin() + static_cast<std::ptrdiff_t>(cut));
        a.known = b.known = false;
      }
    }
    // (c) Mutation: one uniformly chosen bit with probability 0.1.
    for (auto& ind : pop)
      if (rng.uniform() < 0.1) {
        const auto j = static_cast<std::size_t>(rng.bounded(N));
        ind.bits[j] ^= 1u;
        ind.known = false;
      }
    // (d) Elitism: the E lowest known fitnesses (unknown counts as highest) give way to the E best distinct.
    std::vector<std::size_t> low(P);
    std::iota(low.begin(), low.end(), std::size_t{0});
    std::stable_sort(low.begin(), low.end(), [&](std::size_t a, std::size_t b) {
      if (pop[a].known != pop[b].known) return pop[a].known;
      return pop[a].known && pop[a].fitness < pop[b].fitness;
    });
    std::vector<const Individual*> distinct;
    for (const auto& ind : sorted) {
      if (distinct.size() == static_cast<std::size_t>(elitism)) break;
      bool seen = false;
      for (const auto* d : distinct) seen = seen || d->bits == ind.bits;
      if (!seen) distinct.push_back(&ind);
    }
    for (std::size_t e = 0; e < distinct.size(); ++e) pop[low[e]] = *distinct[e];
  }

  // The distinct individuals tied to the best fitness (the final population's result).
  double best = -kInf;
  for (const auto& ind : pop) best = std::max(best, ind.fitness);
  std::vector<std::vector<std::uint8_t>> tied;
  for (const auto& ind : pop)
    if (best > -kInf && std::exp(ind.fitness) >= std::exp(best) - c.tolerance()) tied.push_back(ind.bits);
  f.feasible_found = best > -kInf;
  if (!st.polish) {
    f.sets = std::move(tied);
    if (!f.feasible_found)  // report the best set anyway; its violated rows say why
      for (const auto& ind : pop) f.sets.push_back(ind.bits);
    return f;
  }
  // Polish from the 5 best distinct individuals.
  std::vector<std::size_t> idx(P);
  std::iota(idx.begin(), idx.end(), std::size_t{0});
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return pop[a].fitness > pop[b].fitness; });
  std::vector<std::vector<std::uint8_t>> starts;
  for (std::size_t i : idx) {
    if (starts.size() == 5) break;
    if (std::find(starts.begin(), starts.end(), pop[i].bits) == starts.end()) starts.push_back(pop[i].bits);
  }
  Found polished = polish_and_plateau(c, starts, st.max_ties, f.evaluations);
  double after = -kInf;
  for (const auto& b : polished.sets) after = std::max(after, exact_utility(c, b));
  report.polish_gain = (after > 0 && best > -kInf) ? std::log(after) - best : 0.0;
  polished.evaluations = f.evaluations;
  polished.feasible_found = after > -kInf;
  for (auto& b : tied) polished.sets.push_back(std::move(b));
  return polished;
}

Found polish_and_plateau(const Compiled& c, const std::vector<std::vector<std::uint8_t>>& starts, std::size_t max_ties,
                         std::uint64_t& evaluations) {
  const double tol = c.tolerance();
  const std::size_t N = c.n;
  Found f;
  std::vector<std::vector<std::uint8_t>> optima;
  double best = -kInf;
  State s(c);
  // Best-improvement local search over flips and swaps; returns the local optimum's U.
  auto climb = [&](std::vector<std::uint8_t> bits) {
    s.assign(bits);
    double cur = s.utility();
    while (true) {
      double move_u = cur;
      std::size_t mi = N, mj = N;
      for (std::size_t i = 0; i < N; ++i) {
        s.flip(i);
        ++evaluations;
        const double u = s.utility();
        if (u > move_u) move_u = u, mi = i, mj = N;
        if (s.has(i)) {  // i was just added: swaps add i and drop a selected j
          for (std::size_t j = 0; j < N; ++j) {
            if (j == i || !s.has(j)) continue;
            s.flip(j);
            ++evaluations;
            const double u2 = s.utility();
            if (u2 > move_u) move_u = u2, mi = i, mj = j;
            s.flip(j);
          }
        }
        s.flip(i);
      }
      if (!(move_u > cur + tol)) break;
      s.flip(mi);
      if (mj != N) s.flip(mj);
      cur = s.utility();
    }
    return std::pair{s.bits(), cur};
  };
  // Must-link components move as a whole: a flip or swap cannot leave a local optimum that holds a component
  // whose members are worth less together than other features (the vignette's {0, 10, 20}). So after each climb,
  // every component is dropped (when fully in) or added (when fully out) and the climb repeated from there; a
  // better result is kept.
  std::vector<std::vector<std::size_t>> components;
  {
    const auto of = must_link_components(c, std::vector<std::uint8_t>(c.rows.size(), 1), link_pairs(c));
    for (std::size_t j = 0; j < N; ++j)
      if (!of[j].empty() && of[j].front() == j) components.push_back(of[j]);
  }
  auto climb_with_kicks = [&](const std::vector<std::uint8_t>& start) {
    auto [bits, cur] = climb(start);
    for (bool improved = true; improved;) {
      improved = false;
      for (const auto& comp : components) {
        std::size_t in = 0;
        for (std::size_t j : comp) in += bits[j];
        if (in != 0 && in != comp.size()) continue;
        auto kicked = bits;
        for (std::size_t j : comp) kicked[j] = in == 0 ? 1 : 0;
        auto [b2, u2] = climb(kicked);
        if (u2 > cur + tol) {
          bits = std::move(b2);
          cur = u2;
          improved = true;
          break;
        }
      }
    }
    return std::pair{bits, cur};
  };
  for (const auto& st : starts) {
    auto [bits, u] = climb_with_kicks(st);
    if (u > best + tol) {
      best = u;
      std::erase_if(optima, [&](const auto& b) { return exact_utility(c, b) < best - tol; });
    }
    if (u >= best - tol && u > -kInf) optima.push_back(bits);
  }
  // Plateau: breadth-first over flips and swaps that stay tied; a better neighbour restarts the search there.
  std::unordered_set<std::vector<std::uint8_t>, BitsHash> seen(optima.begin(), optima.end());
  std::vector<std::vector<std::uint8_t>> queue(optima.begin(), optima.end());
  std::vector<std::vector<std::uint8_t>> plateau = queue;
  for (std::size_t head = 0; head < queue.size() && plateau.size() <= max_ties; ++head) {
    auto cur = queue[head];
    s.assign(cur);
    auto consider = [&]() {
      ++evaluations;
      const double u = s.utility();
      if (u < best - tol || u == -kInf) return;
      if (!seen.insert(s.bits()).second) return;
      if (u > best + tol) {  // not a local optimum after all: climb from here and start over
        auto [bits, u2] = climb_with_kicks(s.bits());
        best = u2;
        plateau.assign(1, bits);
        queue.assign(1, bits);
        seen.clear();
        seen.insert(bits);
        head = static_cast<std::size_t>(-1);
        return;
      }
      queue.push_back(s.bits());
      plateau.push_back(s.bits());
    };
    bool restarted = false;
    for (std::size_t i = 0; i < N && !restarted; ++i) {
      s.flip(i);
      const std::size_t before = head;
      consider();
      if (head != before) {
        restarted = true;
        break;
      }
      if (s.has(i)) {
        for (std::size_t j = 0; j < N; ++j) {
          if (j == i || !s.has(j)) continue;
          s.flip(j);
          consider();
          if (head != before) {
            restarted = true;
            break;
          }
          s.flip(j);
        }
      }
      if (!restarted) s.flip(i);
    }
    if (plateau.size() > max_ties) f.truncated = true;
  }
  f.sets = std::move(plateau);
  f.feasible_found = best > -kInf;
  return f;
}

}  // namespace featrel::ubayfs::detail
