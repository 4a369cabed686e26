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

namespace {

using Json = TaskPlan::Json;

Json pins_json(const std::vector<Pin>& pins) {
  Json out = Json::array();
  for (const Pin& p : pins) out.push_back(Json::array({p.feature, p.lo, p.hi, p.sign}));
  return out;
}

std::vector<Pin> pins_of(const Json& j) {
  std::vector<Pin> out;
  for (const Json& p : j) out.push_back(Pin{p.at(0).get<int>(), p.at(1).get<double>(), p.at(2).get<double>(),
                                            p.at(3).get<int>()});
  return out;
}

}  // namespace

Json bounds_block(const Problem& pb, const Options& o, const Fit& fit, const Json& extra, std::size_t lo,
                  std::size_t hi, LpCounters& counters, const RunContext& ctx) {
  std::vector<std::vector<Pin>> pinsets;
  for (const Json& set : extra.at("pinsets")) pinsets.push_back(pins_of(set));
  const Json& jobs = extra.at("jobs");
  LpSvm lp = make_lp(pb, o, fit.epsilon);
  lp.set_budget(fit.model_class.mu, fit.model_class.rho);
  static const std::vector<Pin> kNoPins;
  Json values = Json::array();
  for (std::size_t i = lo; i < hi; ++i) {
    ctx.check_cancel();
    const int pinset = jobs.at(i).at(0).get<int>();
    const int feature = jobs.at(i).at(1).get<int>();
    // Pins are column bounds only; re-applying them per task keeps every task independent of the previous one.
    apply_pins(lp, pinset < 0 ? kNoPins : pinsets.at(static_cast<std::size_t>(pinset)));
    lp.set_budget(fit.model_class.mu, fit.model_class.rho);
    try {
      const double a = lp.bound(feature, LpSense::minimize, fit.basis).objective;
      const double b = lp.bound(feature, LpSense::maximize, fit.basis).objective;
      values.push_back(Json::array({a, b}));
    } catch (const SolverError& e) {
      throw SolverError("fri: " + pb.prefix() + "feature '" + pb.name(feature) + "' (column " +
                        std::to_string(feature) + "): " + e.what());
    }
  }
  counters = lp.counters();
  return Json{{"values", std::move(values)}};
}

std::vector<SignedRange> solve_bounds(const Problem& pb, const Options& o, const Fit& fit,
                                      const std::vector<std::vector<Pin>>& pinsets, const std::vector<BoundJob>& jobs,
                                      const RunContext& ctx, std::string_view stage, PhaseAccumulator& phase) {
  Json extra{{"pinsets", Json::array()}, {"jobs", Json::array()}};
  for (const auto& set : pinsets) extra["pinsets"].push_back(pins_json(set));
  for (const BoundJob& job : jobs) extra["jobs"].push_back(Json::array({job.pinset, job.feature}));
  const std::vector<Json> values = run_blocks(pb, o, fit, "bounds", extra, jobs.size(), ctx, stage, phase);
  std::vector<SignedRange> out(jobs.size());
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    out[i].a = values[i].at(0).get<double>();
    out[i].b = values[i].at(1).get<double>();
  }
  return out;
}

}  // namespace featrel::fri::detail
