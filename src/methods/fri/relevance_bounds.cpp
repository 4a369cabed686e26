// Relevance bounds (docs/fri.md#relevance-bounds): for feature j the smallest and largest signed weight a_j, b_j over the model
// class (2 LPs instead of the reference's 3, because the class is convex and its projection on w_j is [a_j, b_j]):
// LB = 0 if a ≤ 0 ≤ b else min(|a|, |b|), UB = max(|a|, |b|). The same routine bounds features under pins, for
// presets (docs/fri.md#preset-constraints) and the grouping's pinned runs (docs/fri.md#feature-grouping).
#include <algorithm>
#include <cmath>

#include "featrel/error.hpp"
#include "methods/fri/fri_internal.hpp"

namespace featrel::fri::detail {

double clean(double v, double zero_tol) { return std::abs(v) < zero_tol ? 0.0 : v; }

FeatureResult interval_of(const SignedRange& r, double N, double baseline_weight, double zero_tol) {
  FeatureResult f;
  if (!(N > kConstantModelNorm)) return f;
  const double lb = (r.a <= 0.0 && 0.0 <= r.b) ? 0.0 : std::min(std::abs(r.a), std::abs(r.b));
  const double ub = std::max(std::abs(r.a), std::abs(r.b));
  f.lower = clean(lb / N, zero_tol);
  f.upper = clean(ub / N, zero_tol);
  f.signed_min = clean(r.a / N, zero_tol);
  f.signed_max = clean(r.b / N, zero_tol);
  f.baseline_weight = clean(baseline_weight / N, zero_tol);
  return f;
}

void apply_pins(LpSvm& lp, const std::vector<Pin>& pins) {
  lp.unpin_all();
  for (const Pin& p : pins) {
    if (p.sign == 0)
      lp.pin_feature(p.feature, 0.0, 0.0);
    else
      lp.pin_magnitude(p.feature, p.lo, p.hi, p.sign);
  }
}

std::vector<SignedRange> solve_bounds(const Problem& pb, const Options& o, const Fit& fit,
                                      const std::vector<std::vector<Pin>>& pinsets, const std::vector<BoundJob>& jobs,
                                      const RunContext& ctx, std::string_view stage, PhaseAccumulator& phase) {
  std::vector<SignedRange> out(jobs.size());
  static const std::vector<Pin> kNoPins;
  run_blocks(
      jobs.size(), ctx, stage,
      [&]() {
        LpSvm lp = make_lp(pb, o, fit.epsilon);
        lp.set_budget(fit.model_class.mu, fit.model_class.rho);
        return lp;
      },
      [&](LpSvm& lp, std::size_t i) {
        const BoundJob& job = jobs[i];
        // Pins are column bounds only; re-applying them per task keeps every task independent of the previous one.
        apply_pins(lp, job.pinset < 0 ? kNoPins : pinsets[static_cast<std::size_t>(job.pinset)]);
        lp.set_budget(fit.model_class.mu, fit.model_class.rho);
        try {
          out[i].a = lp.bound(job.feature, LpSense::minimize, fit.basis).objective;
          out[i].b = lp.bound(job.feature, LpSense::maximize, fit.basis).objective;
        } catch (const SolverError& e) {
          throw SolverError("fri: " + pb.prefix() + "feature '" + pb.name(job.feature) + "' (column " +
                            std::to_string(job.feature) + "): " + e.what());
        }
      },
      phase);
  return out;
}

}  // namespace featrel::fri::detail
