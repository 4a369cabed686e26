// Choosing and running a UBayFS optimiser (docs/ubayfs.md#automatic-choice), and collecting every tied optimum.
#include <algorithm>
#include <cmath>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/option_table.hpp"
#include "objective.hpp"

namespace featrel::ubayfs {
namespace {

using detail::Compiled;
using detail::Found;

Found run_ga(const Compiled& c, const Options& o, const RunContext& ctx, GaReport& report) {
  detail::GaSettings s;
  s.pop_size = o.pop_size;
  s.generations = o.generations;
  s.init_rule = o.init_rule;
  s.featrel_mode = !o.compat_reference;
  s.polish = o.polish && !o.compat_reference;
  s.max_ties = o.max_ties;
  s.seed = ctx.seed;
  return detail::optimise_ga(c, s, report, ctx);
}

// The sampler stores q·T proposal draws and q·T states of N bytes each: at most 4 GB.
void check_mh_memory(const Options& o, std::size_t n) {
  const double bytes = 2.0 * o.mh_chains * o.mh_steps * static_cast<double>(n);
  if (bytes <= 4e9) return;
  std::string m = "option 'mh_steps' with mh_chains would make the sampler store ";
  m += format_number(std::round(bytes / 1e9));
  m += " GB of states for N = ";
  m += std::to_string(n);
  m += " features; use fewer chains or steps";
  throw options::OptionError("mh_steps", m);
}

}  // namespace

Optimum solve(const Problem& p, const Options& o, const RunContext& ctx) {
  const Compiled c(p, p.admissibility);
  Optimum out;
  OptimizerReport& rep = out.report;
  rep.requested = to_string(o.optimizer);
  OptimizerKind kind = o.optimizer;
  if (kind == OptimizerKind::automatic) {
    if (o.compat_reference) kind = OptimizerKind::ga;
    else if (c.only_max_size()) kind = OptimizerKind::topk;
    else if (c.n <= static_cast<std::size_t>(o.enumerate_max_n)) kind = OptimizerKind::enumerate;
    else kind = OptimizerKind::exact;
  }
  if (kind == OptimizerKind::topk && !c.only_max_size())
    throw InputError("ubayfs: --optimizer topk applies only when every constraint is a feature-level max-size row; "
                     "use exact, enumerate or ga");
  if (kind == OptimizerKind::enumerate && c.n > 30)
    throw InputError("ubayfs: --optimizer enumerate visits 2^N sets and allows N <= 30, got N = " +
                     std::to_string(c.n) + "; use exact or ga");

  if (kind == OptimizerKind::mh) {
    const Compiled target(p, AdmissibilityMode::paper);
    check_mh_memory(o, c.n);
    detail::MhSettings s;
    s.chains = o.mh_chains;
    s.steps = o.mh_steps;
    s.eta = o.mh_eta;
    s.init_rule = o.init_rule;
    s.whole_components = !o.compat_reference;
    s.seed = ctx.seed;
    auto mh = detail::optimise_mh(target, s, ctx);
    rep.used = "mh";
    rep.objective_evaluations = mh.found.evaluations;
    rep.mh = mh.report;
    for (const auto& b : mh.found.sets) out.sets.push_back(detail::to_indices(b));
    out.mh_frequency = mh.map_frequency;
    out.mh_inclusion = mh.inclusion;
    // The paper guarantees convergence only for A ≥ 0 with every feature in a soft row.
    bool support = true;
    std::vector<bool> covered(c.n, false);
    for (std::size_t g = 0; g < p.groups.size(); ++g)
      for (const Row& r : p.groups[g].rows) {
        for (const auto& [unit, a] : r.a) {
          if (a < 0) support = false;
          if (r.hard()) continue;
          if (p.groups[g].level == Level::feature) covered[unit] = true;
          else
            for (std::size_t j : p.groups[g].blocks[unit]) covered[j] = true;
        }
      }
    if (!support || std::find(covered.begin(), covered.end(), false) != covered.end())
      out.warnings.push_back("mh: the sampler's convergence guarantee needs non-negative constraint rows and every "
                             "feature in a soft row (must-link rows have negative entries)");
    return out;
  }

  Found f;
  if (kind == OptimizerKind::topk) {
    f = detail::optimise_topk(c, o.max_ties);
    rep.used = "topk";
  } else if (kind == OptimizerKind::enumerate) {
    f = detail::optimise_enumerate(c, o.max_ties, ctx);
    rep.used = "enumerate";
  } else if (kind == OptimizerKind::exact) {
    f = detail::optimise_exact(c, o.node_budget, o.max_ties, ctx);
    rep.used = "exact";
    rep.nodes = f.nodes;
    if (!f.proven && o.optimizer == OptimizerKind::automatic) {
      // The budget ran out: the GA with polish may still find better; keep the better of the two.
      GaReport ga;
      Found g = run_ga(c, o, ctx, ga);
      for (auto& b : g.sets) f.sets.push_back(std::move(b));
      f.evaluations += g.evaluations;
      f.feasible_found = f.feasible_found || g.feasible_found;
      rep.ga = ga;
      rep.used = "exact+ga+polish";
      out.warnings.push_back("exact search stopped at its node budget (" + std::to_string(f.nodes) +
                             " nodes); the result is the best of it and GA + polish, not proven optimal");
    } else if (!f.proven) {
      out.warnings.push_back("exact search stopped at its node budget (" + std::to_string(f.nodes) +
                             " nodes); the result is not proven optimal (raise --node-budget)");
    }
  } else {
    GaReport ga;
    f = run_ga(c, o, ctx, ga);
    rep.ga = ga;
    rep.used = (o.polish && !o.compat_reference) ? "ga+polish" : "ga";
  }
  rep.proven_optimal = f.proven;
  rep.objective_evaluations = f.evaluations;
  bool truncated = f.truncated;
  out.sets = detail::collect_ties(c, f.sets, o.max_ties, truncated);
  rep.ties_truncated = truncated;
  if (out.sets.empty()) {
    if (f.proven)
      throw InputError("ubayfs: hard constraints are infeasible: no feature set satisfies every hard row (check the "
                       "constraints with rho inf, or make some soft)");
    // A heuristic that met no feasible set reports its best candidate, whose violated rows say why.
    out.warnings.push_back("the optimiser found no set that satisfies every hard constraint; the reported set "
                           "violates some (see violated_rows)");
    if (!f.sets.empty()) out.sets.push_back(detail::to_indices(f.sets.front()));
    rep.proven_optimal = false;
  }
  return out;
}

}  // namespace featrel::ubayfs
