// The privileged block of FRI (docs/fri.md#privileged-information-lupi): relevance intervals of the privileged
// columns over the model class and the probes that give their own noise threshold.
//
// A privileged column k has one weight per correcting function. With one function (binary targets) its range
// [a, b] over the class gives the interval exactly as for a normal feature. With two (regression: g⁺ and g⁻;
// ordinal: the "≥ 1" and "≤ −1" rows) the column's relevance is |w*⁰_k| + |w*¹_k|, its share of the L1 budget:
// the smallest is one LP (the split columns summed) and the largest is max over the four sign patterns of
// ±w*⁰_k ± w*¹_k, i.e. the max and min of the sum and of the difference (4 LPs). Values are normalised like the
// normal block's, as shares γ·|w*|/N of the L1 budget N.
#include <algorithm>
#include <array>
#include <cmath>

#include "featrel/error.hpp"
#include "featrel/rng.hpp"
#include "methods/fri/fri_internal.hpp"

namespace featrel::fri::detail {

namespace {

using Json = TaskPlan::Json;

// Raw values of privileged LP column `position`: one function {min w*, max w*}; two functions {min Σ|w*_c|,
// max(w*⁰ + w*¹), min(w*⁰ + w*¹), max(w*⁰ − w*¹), min(w*⁰ − w*¹)}.
std::vector<double> privileged_range(LpSvm& lp, int position, const LpBasis& start) {
  std::vector<double> out;
  if (lp.n_correcting_functions() == 1) {
    const double one[1] = {1.0};
    for (LpSense s : {LpSense::minimize, LpSense::maximize}) out.push_back(lp.bound_privileged(position, one, s, start).objective);
    return out;
  }
  out.push_back(lp.min_privileged_magnitude(position, start).objective);
  for (const std::array<double, 2> coef : {std::array<double, 2>{1.0, 1.0}, std::array<double, 2>{1.0, -1.0}})
    for (LpSense s : {LpSense::maximize, LpSense::minimize})
      out.push_back(lp.bound_privileged(position, coef, s, start).objective);
  return out;
}

// The normalised interval of privileged raw values (see privileged_range) under L1 budget unit N.
FeatureResult privileged_interval(const std::vector<double>& raw, double N, double gamma, double baseline_weight,
                                  double tol) {
  if (raw.size() == 2) {
    SignedRange r;
    r.a = gamma * raw[0];
    r.b = gamma * raw[1];
    return interval_of(r, N, gamma * baseline_weight, tol);
  }
  FeatureResult f;
  if (!(N > kConstantModelNorm)) return f;
  const double upper = std::max({raw[1], -raw[2], raw[3], -raw[4]});
  f.lower = clean(gamma * raw[0] / N, tol);
  f.upper = clean(gamma * upper / N, tol);
  f.baseline_weight = clean(gamma * baseline_weight / N, tol);
  return f;
}

std::vector<double> values_of(const Json& j) { return j.get<std::vector<double>>(); }

// Source column (an index into pb.priv_active) of each privileged probe: balanced coverage, as for the normal block.
std::vector<int> privileged_probe_sources(const Problem& pb, std::size_t P) {
  const std::size_t dp = pb.priv_active.size();
  rng::Rng g(rng::derive(pb.seed, "privileged_probe_sources"));
  const std::vector<std::size_t> pi = g.permutation(dp);
  std::vector<int> sources(P);
  for (std::size_t k = 0; k < P; ++k) sources[k] = static_cast<int>(pi[k % dp]);
  return sources;
}

}  // namespace

Json privileged_bounds_block(const Problem& pb, const Options& o, const Fit& fit, const Json& /*extra*/, std::size_t lo,
                             std::size_t hi, LpCounters& counters, const RunContext& ctx) {
  LpSvm lp = make_lp(pb, o, fit.epsilon);
  lp.set_budget(fit.model_class.mu, fit.model_class.rho);
  Json values = Json::array();
  for (std::size_t q = lo; q < hi; ++q) {
    ctx.check_cancel();
    try {
      values.push_back(privileged_range(lp, static_cast<int>(q), fit.basis));
    } catch (const SolverError& e) {
      throw SolverError("fri: " + pb.prefix() + "privileged feature '" + pb.name(pb.priv_active[q]) + "': " + e.what());
    }
  }
  counters = lp.counters();
  return Json{{"values", std::move(values)}};
}

Json privileged_probe_block(const Problem& pb, const Options& o, const Fit& fit, const Json& /*extra*/, std::size_t lo,
                            std::size_t hi, LpCounters& counters, const RunContext& ctx) {
  const std::vector<int> sources = privileged_probe_sources(pb, static_cast<std::size_t>(o.n_probes));
  const double tol = zero_tolerance(o);
  const int probe = static_cast<int>(pb.priv_active.size());
  Json values = Json::array();
  for (std::size_t k = lo; k < hi; ++k) {
    ctx.check_cancel();
    const int source = pb.priv_active[static_cast<std::size_t>(sources[k])];
    rng::Rng perm(rng::derive(pb.seed, "privileged_probe", static_cast<std::uint64_t>(k)));
    const std::vector<double> z = permuted_column(pb, source, perm.permutation(static_cast<std::size_t>(pb.n())));
    // The probe is one more privileged column, so this LP has its own layout: its baseline starts cold.
    LpSvm lp = make_lp(pb, o, fit.epsilon, &z);
    try {
      double Nk = fit.N;
      ModelClass mc = fit.model_class;
      LpBasis start;
      if (o.probe_refit) {
        const LpModelFit f = lp.fit_baseline(fit.C, LpBasis{});
        Nk = f.l1_norm;
        mc = model_class_of(f, pb, o);
        start = lp.save_basis();
      }
      lp.set_budget(mc.mu, mc.rho);
      const FeatureResult iv = privileged_interval(privileged_range(lp, probe, start), Nk, o.privileged_gamma, 0.0, tol);
      values.push_back(Json::array({iv.upper, iv.lower}));
    } catch (const SolverError& e) {
      throw SolverError("fri: " + pb.prefix() + "privileged probe " + std::to_string(k) + " (permuted '" +
                        pb.name(source) + "'): " + e.what());
    }
    counters += lp.counters();
  }
  return Json{{"values", std::move(values)}};
}

std::vector<FeatureResult> privileged_intervals(const Problem& pb, const Options& o, const Fit& fit,
                                                const RunContext& ctx, PhaseAccumulator& phase) {
  const std::vector<Json> values = run_blocks(pb, o, fit, "privileged_bounds", Json::object(), pb.priv_active.size(),
                                              ctx, "fri: privileged bounds", phase);
  const double tol = zero_tolerance(o);
  std::vector<FeatureResult> out;
  for (std::size_t q = 0; q < values.size(); ++q) {
    const std::size_t j = static_cast<std::size_t>(pb.priv_active[q]);
    out.push_back(privileged_interval(values_of(values[q]), fit.N, o.privileged_gamma, fit.baseline.weights[j], tol));
    out.back().privileged = true;
  }
  return out;
}

Probes privileged_probes(const Problem& pb, const Options& o, const Fit& fit, const RunContext& ctx,
                         PhaseAccumulator& phase) {
  std::vector<int> sources;
  for (int q : privileged_probe_sources(pb, static_cast<std::size_t>(o.n_probes)))
    sources.push_back(pb.priv_active[static_cast<std::size_t>(q)]);
  return collect_probes(pb, o, fit, "privileged_probes", std::move(sources), ctx, "fri: privileged probes", phase);
}

}  // namespace featrel::fri::detail
