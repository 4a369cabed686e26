// Constrained intervals (docs/fri.md#preset-constraints): pin features to a normalised relevance value or range and re-bound every
// other feature under the same μ, ρ. A pin is column bounds only (|w_k| ∈ [lo·N, hi·N] on the side of the sign
// rule, the other half fixed at 0): no new rows, so the baseline basis stays a valid warm start.
//
// Errors are PresetError, checked in the spec's order: unknown or constant feature; duplicate; negative value or
// lo > hi (these need no fit and are checked before it); then, per model class, a range disjoint from the
// feature's own interval; presets whose lower ends alone exceed the L1 budget; and last an LP that proves the
// presets jointly infeasible. Unlike the reference, featrel never falls back to the unconstrained intervals.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "featrel/error.hpp"
#include "methods/fri/fri_internal.hpp"

namespace featrel::fri::detail {

namespace {

// Short numbers for messages (6 significant digits).
std::string g6(double v) {
  std::ostringstream s;
  s.precision(6);
  s << v;
  return s.str();
}

std::string range_text(double lo, double hi) { return "[" + g6(lo) + ", " + g6(hi) + "]"; }

std::string preset_text(const std::string& name, double lo, double hi) {
  return lo == hi ? name + " = " + g6(lo) : name + " = " + g6(lo) + ":" + g6(hi);
}

constexpr double kIntervalTolerance = 1e-7;

// The sides the other-side rule left certified in the unpinned run (ranges[q].a_bound / b_bound), under the pins.
// Such a side's certificate c still bounds it (pins only shrink the class). It stays unsolved when a point of the
// pinned class lies on its side of 0 (w_j ≤ 0 for the min side), so that 0 is in the pinned range and the lower
// value is 0, and c lies below the other side's exact pinned value, which is then the upper value: both as if the
// side were solved. Otherwise it is solved under the pins. Known points of the pinned class: the feasibility LP's
// optimum (lp), the pinned bound LPs' optima (solved) and the unpinned optima that meet the pins.
void close_certified_sides(const Problem& pb, const Options& o, const Fit& pinned, const std::vector<Pin>& pins,
                           const LpSvm& lp, const std::vector<SignedRange>& unpinned,
                           const std::vector<SignedRange>& solved, const std::vector<BoundJob>& all,
                           std::vector<SignedRange>& ranges, const RunContext& ctx, PhaseAccumulator& phase) {
  const std::size_t d = static_cast<std::size_t>(pb.d());
  std::vector<char> nonpos(d, 0), nonneg(d, 0);  // some known point has w_j ≤ 0 (≥ 0)
  // The features still waiting for a point on a certified side; most are answered by the first, sparse point.
  std::vector<std::size_t> pending;
  for (std::size_t q = 0; q < all.size(); ++q)
    if (ranges[q].a_bound || ranges[q].b_bound) pending.push_back(static_cast<std::size_t>(all[q].feature));
  std::vector<signed char> sign(d, 0);
  const auto mark = [&](const SparseWeights& point) {
    if (pending.empty() || point.empty()) return;  // an empty point is a side not solved, not the zero model
    for (const auto& [k, w] : point) sign[static_cast<std::size_t>(k)] = w > 0.0 ? 1 : w < 0.0 ? -1 : 0;
    std::erase_if(pending, [&](std::size_t j) {
      nonpos[j] = nonpos[j] || sign[j] <= 0;
      nonneg[j] = nonneg[j] || sign[j] >= 0;
      return nonpos[j] && nonneg[j];
    });
    for (const auto& [k, w] : point) sign[static_cast<std::size_t>(k)] = 0;
  };
  {
    const Eigen::VectorXd w = lp.solution().w;
    SparseWeights feasible_point;
    for (Eigen::Index k = 0; k < w.size(); ++k)
      if (w[k] != 0.0) feasible_point.emplace_back(static_cast<int>(k), w[k]);
    mark(feasible_point);
  }
  for (const SignedRange& r : solved) mark(r.at_a), mark(r.at_b);
  for (const SignedRange& u : unpinned)
    for (const SparseWeights* p : {&u.at_a, &u.at_b})
      if (!pending.empty() && !p->empty() && meets_pins(*p, pins)) mark(*p);
  std::vector<BoundJob> open;
  std::vector<std::size_t> where;
  for (std::size_t q = 0; q < all.size(); ++q) {
    SignedRange& r = ranges[q];
    const std::size_t j = static_cast<std::size_t>(all[q].feature);
    bool solve_min = false, solve_max = false;
    if (r.a_bound) {
      const double c = -r.a;
      if (nonpos[j] && (c <= 0.0 || (!r.b_bound && c < r.b * (1.0 - kScreenMargin))))
        r.a = std::min(r.a, 0.0);
      else
        solve_min = true;
    }
    if (r.b_bound) {
      const double c = r.b;
      if (nonneg[j] && (c <= 0.0 || (!r.a_bound && c < -r.a * (1.0 - kScreenMargin))))
        r.b = std::max(r.b, 0.0);
      else
        solve_max = true;
    }
    if (solve_min || solve_max) {
      open.push_back(BoundJob{0, all[q].feature, solve_min, solve_max});
      where.push_back(q);
    }
  }
  const std::vector<SignedRange> more = solve_bounds(pb, o, pinned, {pins}, open, ctx, "fri: constrained", phase);
  for (std::size_t i = 0; i < open.size(); ++i) {
    SignedRange& r = ranges[where[i]];
    if (open[i].min) r.a = more[i].a, r.a_bound = false;
    if (open[i].max) r.b = more[i].b, r.b_bound = false;
  }
}

}  // namespace

std::vector<ResolvedPreset> resolve_presets(const Dataset& data, const std::vector<bool>& constant,
                                            const Options& o) {
  std::vector<ResolvedPreset> out;
  // 1. unknown or constant feature
  for (const Preset& p : o.presets) {
    std::size_t j = 0;
    try {
      j = data.feature_index(p.feature);
    } catch (const InputError& e) {
      throw PresetError("fri: preset " + p.feature + ": " + e.what());
    }
    if (constant[j])
      throw PresetError("fri: preset " + p.feature + ": feature '" + data.feature_names[j] +
                        "' is constant, so it is in no model and cannot be pinned");
    ResolvedPreset r;
    r.feature = static_cast<int>(j);
    r.lo = p.lo;
    r.hi = p.hi;
    out.push_back(r);
  }
  // 2. duplicate feature
  for (std::size_t a = 0; a < out.size(); ++a)
    for (std::size_t b = 0; b < a; ++b)
      if (out[a].feature == out[b].feature)
        throw PresetError("fri: feature '" + data.feature_names[static_cast<std::size_t>(out[a].feature)] +
                          "' is preset twice (" + o.presets[b].feature + " and " + o.presets[a].feature +
                          "); give one preset per feature");
  // 3. negative value or lo > hi
  for (std::size_t a = 0; a < out.size(); ++a) {
    const ResolvedPreset& r = out[a];
    const std::string& name = data.feature_names[static_cast<std::size_t>(r.feature)];
    if (!std::isfinite(r.lo) || !std::isfinite(r.hi) || r.lo < 0 || r.hi < 0)
      throw PresetError("fri: preset " + preset_text(name, r.lo, r.hi) +
                        ": relevance values are normalised |w| shares and must be finite and >= 0");
    if (r.lo > r.hi)
      throw PresetError("fri: preset " + preset_text(name, r.lo, r.hi) + ": LO must not exceed HI");
  }
  return out;
}

int pin_sign(const FeatureResult& f, double N, double w_star, const Options& o) {
  if (o.reference) return w_star > 0 ? 1 : (w_star < 0 ? -1 : 0);
  if (std::abs(w_star) > 1e-9 * N) return w_star > 0 ? 1 : -1;
  // The baseline does not use the feature: pin it on the side of its larger extreme.
  return std::abs(f.signed_max) >= std::abs(f.signed_min) ? 1 : -1;
}

Constrained run_presets(const Problem& pb, const Options& o, const Fit& fit, const std::vector<FeatureResult>& features,
                        const Probes& probes, const std::vector<ResolvedPreset>& presets,
                        const std::vector<SignedRange>& unpinned, const RunContext& ctx, PhaseAccumulator& phase) {
  const std::string where = "fri: " + pb.prefix();
  // 4. disjoint from the feature's own interval
  for (const ResolvedPreset& r : presets) {
    const FeatureResult& f = features[static_cast<std::size_t>(r.feature)];
    if (r.hi < f.lower - kIntervalTolerance || r.lo > f.upper + kIntervalTolerance)
      throw PresetError(where + "preset " + pb.name(r.feature) + " ∈ " + range_text(r.lo, r.hi) +
                        " lies outside its relevance interval " + range_text(f.lower, f.upper));
  }
  // 5. the lower ends alone exceed the L1 budget
  double share = 0.0;
  for (const ResolvedPreset& r : presets) share += r.lo;
  if (share > 1.0 + o.w_l1_slack)
    throw PresetError(where + "presets need L1 share " + g6(share) + " > budget " + g6(1.0 + o.w_l1_slack));

  Constrained c;
  std::vector<Pin> pins;
  std::vector<char> is_preset(static_cast<std::size_t>(pb.d()), 0);
  for (const ResolvedPreset& r : presets) {
    const std::size_t j = static_cast<std::size_t>(r.feature);
    AppliedPreset a;
    a.feature = r.feature;
    a.lo = r.lo;
    a.hi = r.hi;
    a.sign = pin_sign(features[j], fit.N, fit.baseline.weights[j], o);
    c.presets.push_back(a);
    pins.push_back(Pin{r.feature, r.lo * fit.N, r.hi * fit.N, a.sign});
    is_preset[j] = 1;
  }

  std::vector<SignedRange> ranges;
  std::vector<BoundJob> jobs;
  if (!fit.baseline.constant_model) {
    // 6. jointly infeasible: one feasibility LP before the bounds, so the error names the presets, not a feature.
    LpSvm lp = make_lp(pb, o, fit.epsilon);
    apply_pins(lp, pins);
    lp.set_budget(fit.model_class.mu, fit.model_class.rho);
    bool ok = false;
    try {
      ok = lp.feasible(fit.basis);
    } catch (const SolverError& e) {
      throw SolverError(where + "presets: " + e.what());
    }
    phase.add(lp.counters());
    if (!ok) {
      std::string list;
      for (const ResolvedPreset& r : presets)
        list += (list.empty() ? "" : ", ") + preset_text(pb.name(r.feature), r.lo, r.hi);
      throw PresetError(where + "presets {" + list + "} are jointly infeasible with the model class (‖w‖₁ ≤ μ = " +
                        g6(fit.model_class.mu) + ", Σξ ≤ ρ = " + g6(fit.model_class.rho) +
                        "); relax them or increase --slack");
    }
    // Pins only shrink the model class, so a bound whose unpinned optimal point meets every pin is also the
    // pinned bound: only the other LPs are solved (docs/fri.md#performance, item 7). A side the other-side rule
    // left certified (docs/fri.md#one-side-per-feature) has no optimal point; it is decided after the others.
    std::vector<BoundJob> all;
    bool certified = false;
    for (int j : pb.active)
      if (!is_preset[static_cast<std::size_t>(j)]) {
        BoundJob job{0, j};
        if (!unpinned.empty()) {
          const SignedRange& u = unpinned[static_cast<std::size_t>(j)];
          job.min = !u.a_bound && !meets_pins(u.at_a, pins);
          job.max = !u.b_bound && !meets_pins(u.at_b, pins);
          certified = certified || u.a_bound || u.b_bound;
        }
        all.push_back(job);
        if (job.min || job.max) jobs.push_back(job);
      }
    // The bounds start from the feasibility LP's basis, which already meets the pins, instead of the baseline's,
    // which a pin usually cuts off: no bound LP has to find its way back into the pinned class first.
    Fit pinned = fit;
    pinned.basis = lp.save_basis();
    const std::vector<SignedRange> solved =
        solve_bounds(pb, o, pinned, {pins}, jobs, ctx, "fri: constrained", phase, certified);
    for (std::size_t q = 0, s = 0; q < all.size(); ++q) {
      SignedRange r;
      if (all[q].min || all[q].max) r = solved[s++];
      const SignedRange& u = unpinned.empty() ? r : unpinned[static_cast<std::size_t>(all[q].feature)];
      if (!all[q].min) r.a = u.a, r.a_bound = u.a_bound;
      if (!all[q].max) r.b = u.b, r.b_bound = u.b_bound;
      ranges.push_back(r);
    }
    if (certified) close_certified_sides(pb, o, pinned, pins, lp, unpinned, solved, all, ranges, ctx, phase);
    jobs = std::move(all);
  }

  const double tol = zero_tolerance(o);
  c.features.assign(static_cast<std::size_t>(pb.d()), FeatureResult{});
  for (std::size_t j = 0; j < c.features.size(); ++j) c.features[j].constant = features[j].constant;
  for (std::size_t q = 0; q < jobs.size(); ++q) {
    const std::size_t j = static_cast<std::size_t>(jobs[q].feature);
    FeatureResult f = interval_of(ranges[q], fit.N, fit.baseline.weights[j], tol);
    f.signed_bound = ranges[q].a_bound || ranges[q].b_bound;
    f.cls = relevance_class(f.lower, f.upper, probes, o);
    f.needed_below_noise = needed_below_noise(f.lower, f.upper, probes, o);
    c.features[j] = f;
  }
  for (const AppliedPreset& a : c.presets) {
    FeatureResult& f = c.features[static_cast<std::size_t>(a.feature)];
    f = FeatureResult{};
    f.baseline_weight = features[static_cast<std::size_t>(a.feature)].baseline_weight;
    f.preset = std::make_pair(a.lo, a.hi);
    if (a.sign == 0) {
      // Reference mode with w*_k = 0: fri 8.1.0 pins the weight at 0 whatever was asked; report what was solved.
      f.lower = f.upper = f.signed_min = f.signed_max = 0.0;
    } else {
      f.lower = a.lo;
      f.upper = a.hi;
      f.signed_min = a.sign > 0 ? a.lo : -a.hi;
      f.signed_max = a.sign > 0 ? a.hi : -a.lo;
    }
    f.cls = relevance_class(f.lower, f.upper, probes, o);
  }
  return c;
}

}  // namespace featrel::fri::detail
