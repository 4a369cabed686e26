// Relevance bounds (docs/fri.md#relevance-bounds): for feature j the smallest and largest signed weight a_j, b_j over the model
// class (2 LPs instead of the reference's 3, because the class is convex and its projection on w_j is [a_j, b_j]):
// LB = 0 if a ≤ 0 ≤ b else min(|a|, |b|), UB = max(|a|, |b|). The same routine bounds features under pins, for
// presets (docs/fri.md#preset-constraints) and the grouping's pinned runs (docs/fri.md#feature-grouping).
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <tuple>
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
  const bool duals = extra.contains("duals") && extra.at("duals").get<bool>();
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
    Json dual_points = Json::array();
    try {
      for (const auto& [want, sense] : {std::pair{want_min, LpSense::minimize}, std::pair{want_max, LpSense::maximize}}) {
        if (!want) {
          entry.push_back(nullptr);
          points.push_back(nullptr);
          continue;
        }
        entry.push_back(lp.bound(feature, sense, fit.basis).objective);
        if (duals) {
          const ClassDualPoint p = lp.class_dual_point(fit.model_class.mu, fit.model_class.rho);
          dual_points.push_back(Json::array({std::vector<double>(p.v.begin(), p.v.end()), p.lambda, p.gap}));
        }
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
    if (duals) entry.push_back(std::move(dual_points));
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
                                      bool witnesses, bool duals) {
  Json extra{{"pinsets", Json::array()}, {"jobs", Json::array()}};
  if (witnesses) extra["witnesses"] = true;
  if (duals) extra["duals"] = true;
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
    if (duals) {
      for (const Json& d : values[i].at(witnesses ? 3 : 2)) {
        ClassDualPoint p;
        const std::vector<double> v = d.at(0).get<std::vector<double>>();
        p.v = Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
        p.lambda = d.at(1).get<double>();
        p.gap = d.at(2).get<double>();
        out[i].duals.push_back(std::move(p));
      }
    }
  }
  return out;
}

bool one_side_per_feature(const Problem& pb, const Options& o) {
  if (o.screen || o.reference || !pb.priv_active.empty() || o.grouping) return false;
  if (o.signed_range == SignedRangeRule::automatic) return pb.active.size() > static_cast<std::size_t>(pb.n());
  return o.signed_range == SignedRangeRule::bound;
}

std::vector<FeatureResult> certified_intervals(const Problem& pb, const Options& o, const Fit& fit,
                                               const Probes& probes, Closing closing, const RunContext& ctx,
                                               PhaseAccumulator& phase, std::size_t round,
                                               std::vector<SignedRange>* ranges) {
  const double tol = zero_tolerance(o);
  const std::size_t d = static_cast<std::size_t>(pb.d());
  const double mu = fit.model_class.mu;
  const bool other_side = closing == Closing::other_side;
  if (ranges) ranges->assign(d, SignedRange{});
  // relevant ⇔ upper > relevant_above (relevance_class). A side whose certificate lies a margin below it (raw
  // units) cannot make the feature relevant; the margin keeps a certificate that ties the threshold, within the
  // bound LPs' own accuracy, on the solved side.
  const double relevant_above = std::max(probes.threshold_upper, o.min_relevance) * (1.0 - kScreenMargin) * fit.N;
  // A side certified at or below this is closed: the noise threshold, or 0 (the side is then exactly 0, as 0 lies
  // in the range) under the other-side rule.
  const double threshold = other_side ? 0.0 : relevant_above;
  // Per feature and side (0: -w_j, the min LP; 1: w_j, the max LP): the best certificate so far, the solved
  // value (NaN while unsolved), and whether the side is still open (neither solved nor certified).
  std::array<std::vector<double>, 2> best{fit.max_minus_weight, fit.max_weight};
  std::array<std::vector<double>, 2> solved;
  solved.fill(std::vector<double>(d, std::numeric_limits<double>::quiet_NaN()));
  // Per feature: whether some point of the class is known with w_j at 0 or on the other side of 0 than w*_j, so
  // that a_j ≤ 0 ≤ b_j and the lower bound is 0 without the inner LP. The baseline is such a point for every
  // feature it leaves at 0; for a feature it uses, the optimal point of any solved bound LP may be one.
  std::vector<bool> crosses(d, false);
  std::vector<int> used;  // active features the baseline uses, ascending
  for (int j : pb.active) {
    const auto u = static_cast<std::size_t>(j);
    if (fit.baseline.weights[u] == 0.0)
      crosses[u] = true;
    else
      used.push_back(j);
  }
  // The side w*_j points to: its LP gives the upper value of a feature the baseline uses.
  const auto outer = [&](std::size_t j) { return fit.baseline.weights[j] > 0.0 ? 1 : 0; };
  const auto open = [&](std::size_t j, int side) {
    if (!std::isnan(solved[side][j])) return false;
    if (!crosses[j]) return true;
    if (best[side][j] <= threshold) return false;
    // Other-side rule: |value| ≤ certificate < |the other side's value|, so upper = the other side's, exactly. The
    // margin keeps a certificate that ties the solved value, within the LPs' own accuracy, out.
    const double solved_other = solved[1 - side][j];
    const bool below_other =
        !std::isnan(solved_other) && best[side][j] < std::abs(solved_other) * (1.0 - kScreenMargin);
    return !(other_side && below_other);
  };
  std::vector<int> features;
  for (int j : pb.active) features.push_back(j);
  // A solved LP's optimal point: every used feature it holds at 0 or across 0 from w*_j crosses.
  const auto witness = [&](const SparseWeights& point) {
    std::size_t q = 0;  // point is in column order, like `used`
    for (int j : used) {
      while (q < point.size() && point[q].first < j) ++q;
      const double w = q < point.size() && point[q].first == j ? point[q].second : 0.0;
      const auto u = static_cast<std::size_t>(j);
      if (w == 0.0 || (w > 0.0) != (fit.baseline.weights[u] > 0.0)) crosses[u] = true;
    }
  };
  // Solves the given sides, keeps their values and lets their optimal points and dual points tighten what is
  // known of every other feature. Slices of `round` jobs bound the memory of the points held at once; every LP
  // starts from the baseline basis and the tightening takes minima, so the slicing changes no value.
  const auto solve = [&](const std::vector<BoundJob>& all) {
    for (std::size_t from = 0; from < all.size(); from += round) {
      const std::vector<BoundJob> jobs(all.begin() + static_cast<std::ptrdiff_t>(from),
                                       all.begin() + static_cast<std::ptrdiff_t>(std::min(all.size(), from + round)));
      const std::vector<SignedRange> r = solve_bounds(pb, o, fit, {}, jobs, ctx, "fri: bounds", phase, true, true);
      for (std::size_t q = 0; q < jobs.size(); ++q) {
        const auto j = static_cast<std::size_t>(jobs[q].feature);
        if (jobs[q].min) {
          solved[0][j] = r[q].a;
          witness(r[q].at_a);
          if (ranges) (*ranges)[j].at_a = r[q].at_a;
        }
        if (jobs[q].max) {
          solved[1][j] = r[q].b;
          witness(r[q].at_b);
          if (ranges) (*ranges)[j].at_b = r[q].at_b;
        }
        for (const ClassDualPoint& point : r[q].duals) {
          const WeightCertificates c = LpSvm::certificates(point, *pb.X, features, mu);
          for (int k : features) {
            const auto u = static_cast<std::size_t>(k);
            best[0][u] = std::min(best[0][u], c.max_minus_weight[k]);
            best[1][u] = std::min(best[1][u], c.max_weight[k]);
          }
        }
      }
    }
  };
  // First the sides every run solves: the outer side of the features the baseline uses (their upper value, and
  // their optimal points may show that other used features cross 0) and, for features with no side certified by
  // the baseline, both sides (noise rule) or the side with the larger certificate, the likelier upper value
  // (other-side rule: its dual point may then close the other side).
  std::vector<BoundJob> first;
  for (int j : pb.active) {
    const auto u = static_cast<std::size_t>(j);
    if (!crosses[u]) {
      first.push_back(BoundJob{-1, j, outer(u) == 0, outer(u) == 1});
    } else if (open(u, 0) && open(u, 1)) {
      const bool max_side = best[1][u] >= best[0][u];
      first.push_back(other_side ? BoundJob{-1, j, !max_side, max_side} : BoundJob{-1, j});
    }
  }
  solve(first);
  // Then the open sides in rounds of a fixed size, the least certified first; each round's optimal and dual
  // points may close the sides left. The inner side of a used feature stays open until a point crosses 0 (a
  // feature every good model needs never does: its inner LP gives the lower bound). Fixed rounds keep the result
  // independent of the thread count.
  for (;;) {
    std::vector<std::tuple<double, int, int>> left;  // (-certificate, feature, side)
    for (int j : pb.active)
      for (int side : {0, 1})
        if (open(static_cast<std::size_t>(j), side)) left.emplace_back(-best[side][static_cast<std::size_t>(j)], j, side);
    if (left.empty()) break;
    std::sort(left.begin(), left.end());
    if (left.size() > round) left.resize(round);
    std::vector<BoundJob> round;
    for (const auto& [c, j, side] : left) round.push_back(BoundJob{-1, j, side == 0, side == 1});
    solve(round);
  }
  // A solved side above the threshold makes the feature relevant: its other side is solved too, so that every
  // relevant feature's interval and signed range are exact.
  std::vector<BoundJob> last;
  for (int j : pb.active) {
    const auto u = static_cast<std::size_t>(j);
    const bool above = (!std::isnan(solved[0][u]) && -solved[0][u] > relevant_above) ||
                       (!std::isnan(solved[1][u]) && solved[1][u] > relevant_above);
    if (above && (std::isnan(solved[0][u]) || std::isnan(solved[1][u])))
      last.push_back(BoundJob{-1, j, std::isnan(solved[0][u]), std::isnan(solved[1][u])});
  }
  solve(last);
  std::vector<FeatureResult> out(d);
  for (int j : pb.active) {
    const auto u = static_cast<std::size_t>(j);
    SignedRange r;
    r.a = std::isnan(solved[0][u]) ? -best[0][u] : solved[0][u];
    r.b = std::isnan(solved[1][u]) ? best[1][u] : solved[1][u];
    out[u] = interval_of(r, fit.N, fit.baseline.weights[u], tol);
    const bool skipped = std::isnan(solved[0][u]) || std::isnan(solved[1][u]);
    (other_side ? out[u].signed_bound : out[u].screened) = skipped;
    if (ranges) {
      SignedRange& kept = (*ranges)[u];
      kept.a = r.a;
      kept.b = r.b;
      kept.a_bound = std::isnan(solved[0][u]);
      kept.b_bound = std::isnan(solved[1][u]);
    }
  }
  return out;
}

}  // namespace featrel::fri::detail
