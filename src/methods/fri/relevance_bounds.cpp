// Relevance bounds (docs/fri.md#relevance-bounds): for feature j the smallest and largest signed weight a_j, b_j over the model
// class (2 LPs instead of the reference's 3, because the class is convex and its projection on w_j is [a_j, b_j]):
// LB = 0 if a ≤ 0 ≤ b else min(|a|, |b|), UB = max(|a|, |b|). The same routine bounds features under pins, for
// presets (docs/fri.md#preset-constraints) and the grouping's pinned runs (docs/fri.md#feature-grouping).
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

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
  const bool witnesses = extra.contains("witnesses") && extra.at("witnesses").get<bool>();
  LpSvm lp = make_lp(pb, o, fit.epsilon);
  lp.set_budget(fit.model_class.mu, fit.model_class.rho);
  static const std::vector<Pin> kNoPins;
  Json values = Json::array();
  for (std::size_t i = lo; i < hi; ++i) {
    ctx.check_cancel();
    const Json& job = jobs.at(i);
    const int pinset = job.at(0).get<int>();
    const int feature = job.at(1).get<int>();
    // Which sides to solve: [pinset, feature] both; [pinset, feature, min?, max?] as given.
    const bool want_min = job.size() < 4 || job.at(2).get<bool>();
    const bool want_max = job.size() < 4 || job.at(3).get<bool>();
    // Pins are column bounds only; re-applying them per task keeps every task independent of the previous one.
    apply_pins(lp, pinset < 0 ? kNoPins : pinsets.at(static_cast<std::size_t>(pinset)));
    lp.set_budget(fit.model_class.mu, fit.model_class.rho);
    Json entry = Json::array();
    Json points = Json::array();
    try {
      for (const auto& [want, sense] : {std::pair{want_min, LpSense::minimize}, std::pair{want_max, LpSense::maximize}}) {
        if (!want) {
          entry.push_back(nullptr);
          points.push_back(nullptr);
          continue;
        }
        entry.push_back(lp.bound(feature, sense, fit.basis).objective);
        if (witnesses) {
          const Eigen::VectorXd w = lp.solution().w;
          Json point = Json::array();
          for (Eigen::Index k = 0; k < w.size(); ++k)
            if (w[k] != 0.0) point.push_back(Json::array({static_cast<int>(k), w[k]}));
          points.push_back(std::move(point));
        }
      }
    } catch (const SolverError& e) {
      throw SolverError("fri: " + pb.prefix() + "feature '" + pb.name(feature) + "' (column " +
                        std::to_string(feature) + "): " + e.what());
    }
    if (witnesses) entry.push_back(std::move(points));
    values.push_back(std::move(entry));
  }
  counters = lp.counters();
  return Json{{"values", std::move(values)}};
}

bool meets_pins(const SparseWeights& point, const std::vector<Pin>& pins) {
  for (const Pin& p : pins) {
    double w = 0.0;
    for (const auto& [k, v] : point)
      if (k == p.feature) w = v;
    if (p.sign == 0) {
      if (w != 0.0) return false;
    } else {
      const double m = p.sign > 0 ? w : -w;
      if (w != 0.0 && m < 0.0) return false;  // on the other side of 0 than the pin
      if (m < p.lo || m > p.hi) return false;
    }
  }
  return true;
}

std::vector<SignedRange> solve_bounds(const Problem& pb, const Options& o, const Fit& fit,
                                      const std::vector<std::vector<Pin>>& pinsets, const std::vector<BoundJob>& jobs,
                                      const RunContext& ctx, std::string_view stage, PhaseAccumulator& phase,
                                      bool witnesses) {
  Json extra{{"pinsets", Json::array()}, {"jobs", Json::array()}};
  if (witnesses) extra["witnesses"] = true;
  for (const auto& set : pinsets) extra["pinsets"].push_back(pins_json(set));
  for (const BoundJob& job : jobs) {
    Json j = Json::array({job.pinset, job.feature});
    if (!job.min || !job.max) {
      j.push_back(job.min);
      j.push_back(job.max);
    }
    extra["jobs"].push_back(std::move(j));
  }
  const std::vector<Json> values = run_blocks(pb, o, fit, "bounds", extra, jobs.size(), ctx, stage, phase);
  std::vector<SignedRange> out(jobs.size());
  const auto value = [](const Json& v) { return v.is_null() ? std::numeric_limits<double>::quiet_NaN() : v.get<double>(); };
  const auto point = [](const Json& v) {
    SparseWeights p;
    if (!v.is_null())
      for (const Json& e : v) p.emplace_back(e.at(0).get<int>(), e.at(1).get<double>());
    return p;
  };
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    out[i].a = value(values[i].at(0));
    out[i].b = value(values[i].at(1));
    if (witnesses) {
      out[i].at_a = point(values[i].at(2).at(0));
      out[i].at_b = point(values[i].at(2).at(1));
    }
  }
  return out;
}

std::vector<FeatureResult> screened_intervals(const Problem& pb, const Options& o, const Fit& fit, const Probes& probes,
                                             const RunContext& ctx, PhaseAccumulator& phase) {
  const double tol = zero_tolerance(o);
  std::vector<FeatureResult> out(static_cast<std::size_t>(pb.d()));
  // relevant ⇔ upper > threshold (relevance_class). A side whose certificate lies a margin below the threshold
  // (raw units) cannot make the feature relevant; the margin keeps a certificate that ties the threshold, within
  // the bound LPs' own accuracy, on the solved side.
  const double threshold = std::max(probes.threshold_upper, o.min_relevance) * (1.0 - kScreenMargin) * fit.N;
  const auto certified = [&](const std::vector<double>& cert, std::size_t j) {
    // Only features the baseline leaves at 0: then 0 lies in [a_j, b_j] and the lower bound is exactly 0.
    return !cert.empty() && fit.baseline.weights[j] == 0.0 && cert[j] <= threshold;
  };
  std::vector<BoundJob> first;
  for (int j : pb.active) {
    const auto u = static_cast<std::size_t>(j);
    const bool up = certified(fit.max_weight, u), down = certified(fit.max_minus_weight, u);
    if (up && down) {
      SignedRange r;
      r.a = -fit.max_minus_weight[u];
      r.b = fit.max_weight[u];
      out[u] = interval_of(r, fit.N, 0.0, tol);
      out[u].screened = true;
      continue;
    }
    first.push_back(BoundJob{-1, j, !down, !up});
  }
  std::vector<SignedRange> solved;
  if (!first.empty()) solved = solve_bounds(pb, o, fit, {}, first, ctx, "fri: bounds", phase, false);
  // A solved side above the threshold makes the feature relevant: its other side is solved too, so that every
  // relevant feature's interval is exact.
  std::vector<BoundJob> second;
  std::vector<std::size_t> second_of;
  for (std::size_t q = 0; q < first.size(); ++q) {
    const BoundJob& job = first[q];
    if (job.min && job.max) continue;
    const double side = job.max ? solved[q].b : -solved[q].a;
    if (side > threshold) {
      second.push_back(BoundJob{-1, job.feature, !job.min, !job.max});
      second_of.push_back(q);
    }
  }
  std::vector<SignedRange> more;
  if (!second.empty()) more = solve_bounds(pb, o, fit, {}, second, ctx, "fri: bounds", phase, false);
  std::vector<SignedRange> ranges = solved;
  for (std::size_t k = 0; k < second.size(); ++k) {
    SignedRange& r = ranges[second_of[k]];
    if (second[k].min) r.a = more[k].a;
    if (second[k].max) r.b = more[k].b;
  }
  for (std::size_t q = 0; q < first.size(); ++q) {
    const auto u = static_cast<std::size_t>(first[q].feature);
    SignedRange r = ranges[q];
    const bool skipped = std::isnan(r.a) || std::isnan(r.b);
    if (std::isnan(r.a)) r.a = -fit.max_minus_weight[u];
    if (std::isnan(r.b)) r.b = fit.max_weight[u];
    out[u] = interval_of(r, fit.N, fit.baseline.weights[u], tol);
    out[u].screened = skipped;
  }
  return out;
}

}  // namespace featrel::fri::detail
