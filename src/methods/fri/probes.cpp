// Probes (docs/fri.md#probes-and-thresholds): permuted copies of real features whose relevance bounds sample the noise level.
//
// featrel: probe k is the standardised column π(k mod d′) (π a seeded permutation of the non-constant features,
// so coverage is balanced) with its rows permuted by σ_k (seed derived from (seed, "probe", k)). It is appended as
// one more feature, the baseline is refitted with it from the saved baseline basis, and its bounds are taken under
// the refitted μ_k, ρ_k: a probe then enters the model exactly like a real irrelevant feature, so probe values and
// irrelevant features' values are exchangeable. Always feasible (weight 0 reproduces the baseline).
//
// Reference (compat): a column drawn with replacement is permuted in place (here: the real column pinned at 0 and
// the permuted copy appended, which is the same LP) and bounded under the original μ, ρ; 20 upper and 20
// independent lower probes; infeasible ones are dropped and counted.
#include <algorithm>
#include <cmath>

#include "featrel/error.hpp"
#include "featrel/rng.hpp"
#include "featrel/stats.hpp"
#include "methods/fri/fri_internal.hpp"

namespace featrel::fri::detail {

namespace {

void set_probe(LpSvm& lp, const std::vector<double>& z) {
  if (lp.has_probe())
    lp.replace_probe_column(z);
  else
    lp.append_probe_column(z);
}

[[noreturn]] void rethrow(const Problem& pb, int k, int source, const SolverError& e) {
  throw SolverError("fri: " + pb.prefix() + "probe " + std::to_string(k) + " (permuted '" + pb.name(source) +
                    "'): " + e.what());
}

using Json = TaskPlan::Json;

// featrel: the source column of each probe k (balanced coverage of the non-constant features).
std::vector<int> probe_sources(const Problem& pb, std::size_t P) {
  const std::size_t dp = pb.active.size();
  rng::Rng g(rng::derive(pb.seed, "probe_sources"));
  const std::vector<std::size_t> pi = g.permutation(dp);
  std::vector<int> sources(P);
  for (std::size_t k = 0; k < P; ++k) sources[k] = pb.active[pi[k % dp]];
  return sources;
}

// Reference: probe t's source (drawn with replacement) and row permutation; t < P upper, else lower.
std::pair<int, std::vector<std::size_t>> reference_probe(const Problem& pb, std::size_t P, std::size_t t) {
  rng::Rng g(rng::derive(pb.seed, "probe", t < P ? "upper" : "lower", static_cast<std::uint64_t>(t % P)));
  const int source = pb.active[g.bounded(pb.active.size())];
  return {source, g.permutation(static_cast<std::size_t>(pb.n()))};
}

Probes featrel_probes(const Problem& pb, const Options& o, const Fit& fit, const RunContext& ctx,
                      PhaseAccumulator& phase) {
  return collect_probes(pb, o, fit, "probes", probe_sources(pb, static_cast<std::size_t>(o.n_probes)), ctx,
                        "fri: probes", phase);
}

Probes reference_probes(const Problem& pb, const Options& o, const Fit& fit, const RunContext& ctx,
                        PhaseAccumulator& phase, std::vector<std::string>& warnings) {
  Probes pr;
  pr.rule = o.threshold;
  pr.refit = false;
  pr.in_place = true;
  const std::size_t P = static_cast<std::size_t>(o.n_probes);  // per side
  pr.n = o.n_probes;
  pr.sources.resize(2 * P);
  for (std::size_t t = 0; t < 2 * P; ++t) pr.sources[t] = reference_probe(pb, P, t).first;
  const std::vector<Json> values =
      run_blocks(pb, o, fit, "reference_probes", Json::object(), 2 * P, ctx, "fri: probes", phase);
  int dropped_up = 0, dropped_lo = 0;
  for (std::size_t t = 0; t < 2 * P; ++t) {
    if (values[t].at(0).get<int>() != 0)
      (t < P ? pr.upper_values : pr.lower_values).push_back(values[t].at(1).get<double>());
    else
      ++(t < P ? dropped_up : dropped_lo);
  }
  pr.dropped = dropped_up + dropped_lo;
  if (pr.dropped > 0)
    warnings.push_back(pb.prefix() + "reference mode: " + std::to_string(dropped_up) + " of " + std::to_string(P) +
                       " upper and " + std::to_string(dropped_lo) + " of " + std::to_string(P) +
                       " lower in-place probes were infeasible and dropped");
  finish_probes(pr, o);
  return pr;
}

}  // namespace

// A probe the refit leaves at 0 has 0 in [a, b]: its lower value is 0 and its upper value the larger of b and -a.
// Its side with the larger certificate (from the refit's dual point) is solved first; when that LP's dual point
// or the refit's certifies the other side no larger than the solved one, the other LP cannot change either value
// and is skipped (its side is set to 0). Otherwise, and for a probe the refit uses, both sides are solved.
SignedRange probe_range(LpSvm& lp, const ModelClass& mc, const LpBasis& from, double refit_weight) {
  SignedRange r;
  if (refit_weight != 0.0) {
    r.a = lp.bound_probe(LpSense::minimize, from).objective;
    r.b = lp.bound_probe(LpSense::maximize, from).objective;
    return r;
  }
  const auto certificate = [&] { return lp.probe_certificate(lp.class_dual_point(mc.mu, mc.rho), mc.mu); };
  const LpSvm::ProbeCertificate at_refit = certificate();
  if (at_refit.max_weight >= at_refit.max_minus_weight) {
    r.b = lp.bound_probe(LpSense::maximize, from).objective;
    const double minus = std::min(at_refit.max_minus_weight, certificate().max_minus_weight);
    r.a = minus <= r.b ? 0.0 : lp.bound_probe(LpSense::minimize, from).objective;
  } else {
    r.a = lp.bound_probe(LpSense::minimize, from).objective;
    const double plus = std::min(at_refit.max_weight, certificate().max_weight);
    r.b = plus <= -r.a ? 0.0 : lp.bound_probe(LpSense::maximize, from).objective;
  }
  return r;
}

std::vector<double> permuted_column(const Problem& pb, int column, const std::vector<std::size_t>& sigma) {
  std::vector<double> z(sigma.size());
  for (std::size_t i = 0; i < sigma.size(); ++i) z[i] = (*pb.X)(static_cast<Eigen::Index>(sigma[i]), column);
  return z;
}

Probes collect_probes(const Problem& pb, const Options& o, const Fit& fit, std::string_view kind,
                      std::vector<int> sources, const RunContext& ctx, std::string_view stage,
                      PhaseAccumulator& phase) {
  Probes pr;
  pr.rule = o.threshold;
  pr.refit = o.probe_refit;
  pr.n = o.n_probes;
  pr.sources = std::move(sources);
  const std::vector<Json> values =
      run_blocks(pb, o, fit, kind, Json::object(), static_cast<std::size_t>(o.n_probes), ctx, stage, phase);
  for (const Json& v : values) {
    pr.upper_values.push_back(v.at(0).get<double>());
    pr.lower_values.push_back(v.at(1).get<double>());
  }
  finish_probes(pr, o);
  return pr;
}

void finish_probes(Probes& pr, const Options& o) {
  const bool population = o.reference;
  pr.upper = upper_threshold(pr.upper_values, o.p, pr.rule, population);
  pr.t_quantile = pr.upper.t_quantile;
  pr.threshold_upper = pr.upper.value;
  pr.threshold_lower = normal_threshold(pr.lower_values, o.p, population);
  pr.lower_mean = pr.lower_values.empty() ? 0.0 : stats::mean(pr.lower_values);
  pr.lower_sd = pr.lower_values.size() < 2
                    ? 0.0
                    : stats::sd(pr.lower_values, population ? stats::SdKind::population : stats::SdKind::sample);
}

Probes run_probes(const Problem& pb, const Options& o, const Fit& fit, const RunContext& ctx, PhaseAccumulator& phase,
                  std::vector<std::string>& warnings) {
  return o.reference ? reference_probes(pb, o, fit, ctx, phase, warnings) : featrel_probes(pb, o, fit, ctx, phase);
}

Json probe_block(const Problem& pb, const Options& o, const Fit& fit, const Json& /*extra*/, std::size_t lo,
                 std::size_t hi, LpCounters& counters, const RunContext& ctx) {
  const std::vector<int> sources = probe_sources(pb, static_cast<std::size_t>(o.n_probes));
  const double tol = zero_tolerance(o);
  LpSvm lp = make_lp(pb, o, fit.epsilon);
  Json values = Json::array();
  for (std::size_t k = lo; k < hi; ++k) {
    ctx.check_cancel();
    const int source = sources[k];
    rng::Rng perm(rng::derive(pb.seed, "probe", static_cast<std::uint64_t>(k)));
    set_probe(lp, permuted_column(pb, source, perm.permutation(static_cast<std::size_t>(pb.n()))));
    try {
      double Nk = fit.N;
      ModelClass mc = fit.model_class;
      LpBasis refit_basis;
      const LpBasis* from = &fit.basis;
      double refit_weight = 0.0;
      if (o.probe_refit) {
        // The baseline with the probe as one more feature, from the baseline basis (the probe enters at 0).
        const LpModelFit f = lp.fit_baseline(fit.C, fit.basis);
        Nk = f.l1_norm;
        mc = model_class_of(f, pb, o);
        refit_basis = lp.save_basis();
        from = &refit_basis;
        refit_weight = f.probe_weight;
      }
      lp.set_budget(mc.mu, mc.rho);
      SignedRange r;
      if (o.probe_refit && pb.priv_active.empty()) {  // certificates are for the LP without a privileged block
        r = probe_range(lp, mc, *from, refit_weight);
      } else {
        r.a = lp.bound_probe(LpSense::minimize, *from).objective;
        r.b = lp.bound_probe(LpSense::maximize, *from).objective;
      }
      const FeatureResult iv = interval_of(r, Nk, 0.0, tol);
      values.push_back(Json::array({iv.upper, iv.lower}));
    } catch (const SolverError& e) {
      rethrow(pb, static_cast<int>(k), source, e);
    }
  }
  counters = lp.counters();
  return Json{{"values", std::move(values)}};
}

Json reference_probe_block(const Problem& pb, const Options& o, const Fit& fit, const Json& /*extra*/, std::size_t lo,
                           std::size_t hi, LpCounters& counters, const RunContext& ctx) {
  const std::size_t P = static_cast<std::size_t>(o.n_probes);
  const double tol = zero_tolerance(o);
  LpSvm lp = make_lp(pb, o, fit.epsilon);
  Json values = Json::array();
  for (std::size_t t = lo; t < hi; ++t) {
    ctx.check_cancel();
    const auto [source, sigma] = reference_probe(pb, P, t);
    // In place: the real column is out (pinned at 0) and its permuted copy takes its role.
    apply_pins(lp, {Pin{source, 0.0, 0.0, 0}});
    set_probe(lp, permuted_column(pb, source, sigma));
    lp.set_budget(fit.model_class.mu, fit.model_class.rho);
    try {
      if (!lp.feasible(fit.basis)) {
        values.push_back(Json::array({0, 0.0}));
        continue;
      }
      SignedRange r;
      r.a = lp.bound_probe(LpSense::minimize, fit.basis).objective;
      r.b = lp.bound_probe(LpSense::maximize, fit.basis).objective;
      const FeatureResult iv = interval_of(r, fit.N, 0.0, tol);
      values.push_back(Json::array({1, t < P ? iv.upper : iv.lower}));
    } catch (const SolverError& e) {
      rethrow(pb, static_cast<int>(t), source, e);
    }
  }
  counters = lp.counters();
  return Json{{"values", std::move(values)}};
}

}  // namespace featrel::fri::detail
