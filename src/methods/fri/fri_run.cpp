// featrel::fri::run: input checks (docs/fri.md#errors-and-edge-cases), preprocessing (docs/fri.md#preprocessing), and the phases of one model class in order
// (docs/fri.md#hyperparameter-search to #feature-grouping); multiclass targets run the same pipeline once per class (multiclass.cpp).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/preprocess.hpp"
#include "methods/fri/fri_internal.hpp"

namespace featrel::fri {

namespace detail {

namespace {

std::string fixed4(double v) { return format_fixed(v, 4); }

// C in four significant digits.
std::string c_text(double C) {
  if (!(C > 0)) return format_number(C);
  const double m = std::pow(10.0, 3.0 - std::floor(std::log10(C)));
  return format_number(std::round(C * m) / m);
}

// Features whose upper value exceeds every probe's but not the threshold, as a clause for the empty-selection
// warning ("" when there are none). Above the largest probe the tail rule's threshold is an extrapolation from the
// largest fifth of the probes, and it varies with the probes drawn (with 50 probes its 90th percentile is 1.3-1.8
// times the probes' own 99.9 % quantile; docs/fri.md#needed-below-noise), so these features' class hangs on that
// draw.
std::string above_every_probe(const Problem& pb, const ModelResult& r) {
  const std::vector<double>& probes = r.probes.upper_values;
  if (probes.empty()) return {};
  const double top = *std::max_element(probes.begin(), probes.end());
  std::vector<int> above;
  for (int j : pb.active) {
    const FeatureResult& f = r.features[static_cast<std::size_t>(j)];
    if (!f.screened && !f.constant && f.upper > top) above.push_back(j);  // a screened upper is only a bound
  }
  if (above.empty()) return {};
  std::stable_sort(above.begin(), above.end(), [&](int a, int b) {
    return r.features[static_cast<std::size_t>(a)].upper > r.features[static_cast<std::size_t>(b)].upper;
  });
  constexpr std::size_t kNamed = 3;
  const std::size_t named = std::min(kNamed, above.size());
  const bool more = above.size() > named;
  std::string names;
  for (std::size_t i = 0; i < named; ++i) {
    const bool last = i + 1 == named && i > 0 && !more;
    names += std::string(i == 0 ? "" : last ? " and " : ", ") + "'" + pb.name(above[i]) + "' (" +
             (i == 0 ? "upper " : "") + fixed4(r.features[static_cast<std::size_t>(above[i])].upper) + ")";
  }
  if (more) names += " and " + std::to_string(above.size() - named) + " more";
  return "; " + names + (above.size() == 1 ? " lies" : " lie") + " above all " + std::to_string(probes.size()) +
         " probes (largest " + fixed4(top) + ") but below the threshold " + fixed4(r.probes.threshold_upper) +
         ", which is extrapolated from the largest probes and varies with the probes drawn: --n-probes 200 "
         "estimates it more firmly";
}

// docs/fri.md#needed-below-noise: an empty selection from a model that beats the constant one.
void result_warnings(const Problem& pb, const ModelResult& r, std::vector<std::string>& warnings) {
  bool any_needed = false, any_selected = false;
  for (int j : pb.active) {
    const FeatureResult& f = r.features[static_cast<std::size_t>(j)];
    any_needed = any_needed || f.needed_below_noise;
    any_selected = any_selected || f.selected();
  }
  const Hyper& h = r.hyper;
  if (!h.searched || !h.chosen || r.baseline.constant_model) return;
  const GridPoint& c = h.grid[*h.chosen];
  // "Beats chance": the chosen point's mean score is more than one SD over folds above the constant model's.
  if (!(c.score - h.chance_score > c.score_sd)) {
    warnings.push_back(pb.prefix() + "the chosen model does not beat the constant model by more than one SD over "
                       "folds (CV " + score_words(h.score_name) + " " + fixed4(c.score) + " ± " + fixed4(c.score_sd) +
                       " against " + fixed4(h.chance_score) + "): its intervals describe a model without clear "
                       "predictive value; read the classes with care (more rows, or --repeats R to see what is stable)");
    return;
  }
  if (any_selected) return;
  warnings.push_back(pb.prefix() + "nothing is selected although the model beats chance (CV " +
                     score_words(h.score_name) + " " + fixed4(c.score) + " ± " + fixed4(c.score_sd) +
                     " against " + fixed4(h.chance_score) + " for the constant model): the signal is spread over "
                     "features none of which exceeds the noise probes" +
                     (any_needed ? std::string(" (see the 'needed, below noise' features)") : std::string()) +
                     above_every_probe(pb, r) +
                     "; try --p 0.99 for a lower noise threshold, --slack 0.05 for correlated features, or "
                     "--repeats R for selection frequencies");
}

}  // namespace

// Regression: the LPs saw y / y_unit (Problem::y_unit); the quantities in y's units go back to them. The intervals,
// shares of ‖w*‖₁, and C do not change with y's units.
namespace {

void to_y_units(ModelResult& r, double unit) {
  if (unit == 1.0) return;
  r.hyper.epsilon *= unit;
  for (GridPoint& g : r.hyper.grid) g.epsilon *= unit;
  for (double* v : {&r.baseline.l1_norm, &r.baseline.loss, &r.baseline.privileged_l1_norm, &r.baseline.bias,
                    &r.model_class.mu, &r.model_class.rho, &r.model_class.loss_se})
    *v *= unit;
  for (double& w : r.baseline.weights) w *= unit;
}

}  // namespace

FittedProblem fit_problem(const Problem& pb, const Options& o, const RunContext& ctx, std::vector<PhaseStats>& phases,
                          bool keep_witnesses) {
  FittedProblem out;
  ModelResult& r = out.result;
  r.label = pb.label;
  std::vector<std::string>& warnings = out.warnings;
  const int d = pb.d();

  ctx.check_cancel();
  SearchOutcome s;
  {
    PhaseAccumulator ph(phases[kSearch]);
    s = search(pb, o, ctx, ph);
  }
  r.hyper = s.hyper;
  Fit& fit = out.fit;
  const bool one_side = one_side_per_feature(pb, o);
  const bool certificates = o.screen || one_side;
  {
    PhaseAccumulator ph(phases[kBaseline]);
    fit = fit_baseline(pb, o, r.hyper, s.warm, ph, certificates);
    // docs/fri.md#hyperparameter-search: a tied C whose model on all rows has weights wins over one whose model
    // has none (the folds' models can have weights where the model on all rows has none).
    std::vector<std::size_t> passed;
    for (std::size_t q = 1; q < s.preference.size() && fit.baseline.constant_model; ++q) {
      const std::size_t i = s.preference[q];
      Hyper h = r.hyper;
      h.C = h.grid[i].C;
      h.epsilon = h.grid[i].epsilon;
      passed.push_back(s.preference[q - 1]);
      Fit next = fit_baseline(pb, o, h, s.bases[i], ph, certificates);
      if (next.baseline.constant_model) continue;
      fit = std::move(next);
      r.hyper.chosen = i;
      r.hyper.C = h.C;
      r.hyper.epsilon = h.epsilon;
    }
    if (!fit.baseline.constant_model && !passed.empty()) {
      std::string list;
      for (std::size_t i : passed) list += (list.empty() ? "" : ", ") + c_text(r.hyper.grid[i].C);
      r.hyper.reason += "; tied C = " + list + " passed over: the model on all rows has no weights there";
      measure_flatness(r.hyper);
    }
  }
  r.baseline = fit.baseline;
  r.model_class = fit.model_class;

  r.features.assign(static_cast<std::size_t>(d), FeatureResult{});
  std::vector<char> active(static_cast<std::size_t>(d), 0);
  for (int j : pb.active) active[static_cast<std::size_t>(j)] = 1;
  for (int j : pb.priv_active) active[static_cast<std::size_t>(j)] = 1;
  for (int j = 0; j < d; ++j) r.features[static_cast<std::size_t>(j)].constant = !active[static_cast<std::size_t>(j)];
  if (pb.prepared != nullptr)
    for (int j = 0; j < d; ++j)
      r.features[static_cast<std::size_t>(j)].privileged = pb.prepared->privileged[static_cast<std::size_t>(j)];

  ctx.check_cancel();
  r.probes.rule = o.threshold;
  r.probes.refit = o.probe_refit;
  if (fit.baseline.constant_model) {
    // docs/fri.md#baseline-and-model-class: the constant model; nothing to bound, every feature irrelevant.
    std::string why;
    const Hyper& h = r.hyper;
    if (!h.searched || !h.chosen) {
      why = "the fixed C is too small or the features carry no signal; give a larger --C or let the search choose";
    } else {
      const GridPoint& c = h.grid[*h.chosen];
      const std::string scores = "best CV " + score_words(h.score_name) + " " + fixed4(c.score) + " ± " +
                                 fixed4(c.score_sd) + ", the constant model " + fixed4(h.chance_score);
      if (c.degenerate || !(c.score - h.chance_score > c.score_sd))
        why = "no C of the searched grid gives a model that beats the constant model by more than one SD over folds "
              "(" + scores + "): no hyperplane separates this target better than predicting its majority (a "
              "one-vs-rest class that lies between other classes cannot be cut off by one)";
      else
        why = "the model fitted on all rows at the chosen C has no weights although the folds' models had (" +
              scores + "); fix a larger --C";
    }
    if (!pb.priv_active.empty())
      why += "; with privileged columns, a small --privileged-kappa (here " + format_number(o.privileged_kappa) +
             ") can make the correcting functions cheaper than any normal weight: try a larger one";
    warnings.push_back(pb.prefix() + "the baseline model has no weights (‖w*‖₁ = " + format_number(fit.N * pb.y_unit) +
                       " at C = " + c_text(fit.C) + "): " + why + "; every feature is reported irrelevant");
  } else {
    // Probes first: screening needs the noise threshold before it decides which bound LPs to skip (and the
    // other-side rule which features are relevant). The two phases are independent (every task starts from the
    // baseline basis), so the order changes no value.
    {
      PhaseAccumulator ph(phases[kProbes]);
      r.probes = run_probes(pb, o, fit, ctx, ph, warnings);
    }
    if (!fit.max_weight.empty()) {
      // docs/fri.md#screening, docs/fri.md#one-side-per-feature: the certified sides are not solved (validate() keeps
      // presets and grouping out of screening).
      PhaseAccumulator ph(phases[kBounds]);
      // With presets or in a session the solved sides' optimal points are kept (run_presets reuses them).
      const std::vector<FeatureResult> certified =
          certified_intervals(pb, o, fit, r.probes, o.screen ? Closing::noise : Closing::other_side, ctx, ph,
                              kScreenRound, keep_witnesses && !o.screen ? &out.unpinned : nullptr);
      for (int j : pb.active) r.features[static_cast<std::size_t>(j)] = certified[static_cast<std::size_t>(j)];
      r.signed_bound_rule = !o.screen;
    } else {
      std::vector<BoundJob> jobs;
      for (int j : pb.active) jobs.push_back(BoundJob{-1, j});
      std::vector<SignedRange> ranges;
      {
        PhaseAccumulator ph(phases[kBounds]);
        ranges = solve_bounds(pb, o, fit, {}, jobs, ctx, "fri: bounds", ph, keep_witnesses);
      }
      if (keep_witnesses) {
        out.unpinned.assign(static_cast<std::size_t>(d), SignedRange{});
        for (std::size_t q = 0; q < jobs.size(); ++q) out.unpinned[static_cast<std::size_t>(jobs[q].feature)] = ranges[q];
      }
      const double tol = zero_tolerance(o);
      for (std::size_t q = 0; q < jobs.size(); ++q) {
        const std::size_t j = static_cast<std::size_t>(jobs[q].feature);
        r.features[j] = interval_of(ranges[q], fit.N, fit.baseline.weights[j], tol);
      }
    }
    for (int j : pb.active) {
      FeatureResult& f = r.features[static_cast<std::size_t>(j)];
      f.cls = relevance_class(f.lower, f.upper, r.probes, o);
      f.needed_below_noise = needed_below_noise(f.lower, f.upper, r.probes, o);
    }
    if (!pb.priv_active.empty()) {
      // docs/fri.md#privileged-information-lupi: the privileged block's intervals, probes and classes.
      std::vector<FeatureResult> priv;
      {
        PhaseAccumulator ph(phases[kBounds]);
        priv = privileged_intervals(pb, o, fit, ctx, ph);
      }
      {
        PhaseAccumulator ph(phases[kProbes]);
        r.privileged_probes = privileged_probes(pb, o, fit, ctx, ph);
      }
      for (std::size_t q = 0; q < priv.size(); ++q) {
        FeatureResult& f = r.features[static_cast<std::size_t>(pb.priv_active[q])];
        f = priv[q];
        f.cls = relevance_class(f.lower, f.upper, *r.privileged_probes, o);
        f.needed_below_noise = needed_below_noise(f.lower, f.upper, *r.privileged_probes, o);
      }
    }
    result_warnings(pb, r, warnings);
  }
  to_y_units(r, pb.y_unit);
  return out;
}

void group_problem(const Problem& pb, const Options& o, FittedProblem& fp, const RunContext& ctx,
                   std::vector<PhaseStats>& phases) {
  if (!o.grouping) return;
  ModelResult& r = fp.result;
  PhaseAccumulator ph(phases[kGrouping]);
  r.grouping = run_grouping(pb, o, fp.fit, r.features, ctx, ph, fp.grouping_warnings);
  for (int j = 0; j < pb.d(); ++j)
    r.features[static_cast<std::size_t>(j)].group = r.grouping->labels[static_cast<std::size_t>(j)];
}

PresetOutcome apply_presets(const Problem& pb, const Options& o, const FittedProblem& fp,
                            const std::vector<ResolvedPreset>& presets, const RunContext& ctx,
                            std::vector<PhaseStats>& phases) {
  PresetOutcome out;
  ctx.check_cancel();
  if (presets.empty()) return out;
  for (const ResolvedPreset& p : presets)
    if (std::find(pb.priv_active.begin(), pb.priv_active.end(), p.feature) != pb.priv_active.end())
      throw PresetError("fri: preset " + pb.name(p.feature) + ": the feature is privileged; presets pin normal "
                        "features only");
  PhaseAccumulator ph(phases[kConstrained]);
  out.constrained = run_presets(pb, o, fp.fit, fp.result.features, fp.result.probes, presets, fp.unpinned, ctx, ph);
  for (const AppliedPreset& a : out.constrained->presets)
    if (a.sign == 0)
      out.warnings.push_back(pb.prefix() + "reference mode: preset " + pb.name(a.feature) +
                             " pinned at 0 because its baseline weight is 0 (fri 8.1.0 uses sign(w*))");
  return out;
}

ModelResult problem_result(const FittedProblem& fp, PresetOutcome presets, std::vector<std::string>& warnings) {
  ModelResult r = fp.result;
  r.constrained = std::move(presets.constrained);
  warnings.insert(warnings.end(), fp.warnings.begin(), fp.warnings.end());
  warnings.insert(warnings.end(), presets.warnings.begin(), presets.warnings.end());
  warnings.insert(warnings.end(), fp.grouping_warnings.begin(), fp.grouping_warnings.end());
  return r;
}

}  // namespace detail

namespace {

using detail::Problem;

std::string class_list(const Dataset& data) {
  std::string s;
  for (std::size_t k = 0; k < data.classes.size() && k < 6; ++k) s += (k ? ", " : "") + ("'" + data.classes[k] + "'");
  if (data.classes.size() > 6) s += ", …";
  return s;
}

double population_sd(const Eigen::VectorXd& v) {
  const double mean = v.mean();
  return std::sqrt((v.array() - mean).square().mean());
}

std::vector<bool> constant_flags(const Dataset& data) {
  if (data.constant.size() == data.n_features()) return data.constant;
  std::vector<bool> c(data.n_features(), false);
  for (std::size_t j = 0; j < data.n_features(); ++j)
    c[j] = is_constant_column(data.X.col(static_cast<Eigen::Index>(j)));
  return c;
}

// docs/fri.md#errors-and-edge-cases: the data checks that do not need a fit.
void check_data(const Dataset& data, const Options& o, const std::vector<bool>& constant) {
  const std::size_t n = data.n_samples(), d = data.n_features();
  if (d == 0) throw InputError("fri: " + data.source + " has no feature columns");
  if (n < 2) throw InputError("fri: " + data.source + " has " + std::to_string(n) + " row; FRI needs at least 2");
  for (std::size_t j = 0; j < d; ++j)
    for (std::size_t i = 0; i < n; ++i)
      if (!std::isfinite(data.X(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j))))
        throw InputError("fri: row " + std::to_string(i + 1) + ", column " + data.feature_names[j] +
                         ": value is not finite (use --impute mean|median for missing values)");
  if (std::none_of(constant.begin(), constant.end(), [](bool c) { return !c; }))
    throw InputError("fri: all " + std::to_string(d) + " features of " + data.source +
                     " are constant; there is nothing to fit");
  switch (data.task) {
    case Task::binary:
      if (data.n_classes() != 2)
        throw InputError("fri: FRI needs exactly 2 classes for a binary target, found " +
                         std::to_string(data.n_classes()) + " (" + class_list(data) +
                         "); use --task multiclass or --task ordinal for ordered levels");
      break;
    case Task::multiclass:
      if (data.n_classes() < 2)
        throw InputError("fri: the target has " + std::to_string(data.n_classes()) + " class (" + class_list(data) +
                         "); FRI needs at least 2");
      break;
    case Task::ordinal:
      if (data.n_classes() < 2)
        throw InputError("fri: an ordinal target needs at least 2 levels, found " + std::to_string(data.n_classes()));
      break;
    case Task::regression: {
      if (!data.y.allFinite()) throw InputError("fri: the regression target has a value that is not finite");
      if (!(population_sd(data.y) > 0))
        throw InputError("fri: the regression target '" + data.target_name + "' has zero variance; nothing to explain");
      break;
    }
  }
  if (data.task != Task::regression) {
    const std::vector<std::size_t> counts = data.class_counts();
    for (std::size_t k = 0; k < counts.size(); ++k)
      if (counts[k] == 0)
        throw InputError("fri: class '" + data.classes[k] + "' has no rows");
  }
  const bool regression = data.task == Task::regression;
  const bool searching = !o.C || (regression && !o.epsilon);
  if (searching) {
    const std::size_t k = static_cast<std::size_t>(o.cv_folds);
    if (n < 2 * k)
      throw InputError("fri: " + std::to_string(n) + " rows are fewer than 2·cv_folds = " + std::to_string(2 * k) +
                       " for the hyperparameter search; give --C (and --epsilon) or use fewer --cv-folds");
    if (!regression && !o.reference) {
      const std::vector<std::size_t> counts = data.class_counts();
      for (std::size_t c = 0; c < counts.size(); ++c)
        if (counts[c] < k)
          throw InputError("fri: " + std::string(data.task == Task::ordinal ? "level '" : "class '") +
                           data.classes[c] + "' has " + std::to_string(counts[c]) + " row" +
                           (counts[c] == 1 ? "" : "s") + ", fewer than the " + std::to_string(k) +
                           " cv_folds of the stratified search; give --C or use fewer --cv-folds");
    }
  }
}

// The warnings of docs/fri.md#errors-and-edge-cases that depend on the options and the data, not on a fit.
void option_warnings(const Dataset& data, const Options& o, const Eigen::MatrixXd& Z, const std::vector<int>& active,
                     std::vector<std::string>& warnings) {
  if (o.w_l1_slack == 0 || o.loss_slack == 0)
    warnings.push_back("w_l1_slack or loss_slack is 0: the model class is the optimum only, and bounds are "
                       "numerically fragile");
  if (!o.reference && o.n_probes < 50)
    warnings.push_back("n_probes = " + std::to_string(o.n_probes) +
                       " is below the paper's 50: the probe threshold is less stable");
  if (data.n_samples() < data.n_features())
    warnings.push_back("fewer rows (" + std::to_string(data.n_samples()) + ") than features (" +
                       std::to_string(data.n_features()) + "): many equally good models; intervals are wide");
  if (o.budget == Budget::fixed && o.w_l1_slack < 0.01 && active.size() >= 2) {
    // Noisy copies of one signal: with δ this small they are not interchangeable and weak relevance shrinks
    // (the calibrated budget sizes the class to the data instead).
    Eigen::MatrixXd A(Z.rows(), static_cast<Eigen::Index>(active.size()));
    for (std::size_t q = 0; q < active.size(); ++q) {
      Eigen::VectorXd c = Z.col(active[q]);
      c.array() -= c.mean();
      const double norm = c.norm();
      A.col(static_cast<Eigen::Index>(q)) = norm > 0 ? Eigen::VectorXd(c / norm) : c;
    }
    // Column blocks keep the memory at d x 256 however many features there are.
    const Eigen::Index m = A.cols(), width = 256;
    for (Eigen::Index start = 0; start < m; start += width) {
      const Eigen::Index w = std::min(width, m - start);
      const Eigen::MatrixXd R = A.transpose() * A.middleCols(start, w);
      for (Eigen::Index bq = 0; bq < w; ++bq)
        for (Eigen::Index a = 0; a < start + bq; ++a) {
          const double r = std::abs(R(a, bq));
          if (r > 0.9 && r < 0.9999) {
            const std::size_t fa = static_cast<std::size_t>(active[static_cast<std::size_t>(a)]);
            const std::size_t fb = static_cast<std::size_t>(active[static_cast<std::size_t>(start + bq)]);
            warnings.push_back("correlated features (e.g. " + data.feature_names[fa] + " and " + data.feature_names[fb] +
                               ", |corr| = " + format_fixed(r, 4) +
                               "): weak relevance may be under-reported; consider --budget calibrated or --slack 0.05");
            return;
          }
        }
    }
  }
}

// docs/fri.md#hyperparameter-search: CV curves that cannot tell C values apart, in one warning (one-vs-rest: one
// entry per class). Model classes without weights have their own warning.
void flat_curve_warning(const std::vector<ModelResult>& models, bool multiclass, std::vector<std::string>& warnings) {
  std::vector<std::string> parts;
  for (const ModelResult& m : models) {
    const Hyper& h = m.hyper;
    if (!h.searched || !h.chosen || !h.flatness.flat || m.baseline.constant_model) continue;
    const GridPoint& c = h.grid[*h.chosen];
    const std::string range = "C from " + detail::c_text(h.flatness.c_min) + " to " + detail::c_text(h.flatness.c_max);
    if (multiclass)
      parts.push_back("'" + m.label + "': " + range + " within " + format_fixed(h.flatness.sd, 4) + " of C = " +
                      detail::c_text(c.C));
    else
      parts.push_back("every " + range + " scores within one SD over folds (" + format_fixed(h.flatness.sd, 4) +
                      ") of the chosen C = " + detail::c_text(c.C) + " (" + detail::score_words(h.score_name) + " " +
                      format_fixed(c.score, 4) + ")");
  }
  if (parts.empty()) return;
  std::string text;
  if (multiclass) {
    text = "the CV curve is flat (a C at least 10× away scores within one SD over folds of the chosen one) for " +
           std::to_string(parts.size()) + " of " + std::to_string(models.size()) + " one-vs-rest classes (";
    for (std::size_t q = 0; q < parts.size(); ++q) text += (q ? "; " : "") + parts[q];
    text += ")";
  } else {
    text = "the CV curve is flat: " + parts.front();
  }
  warnings.push_back(text + ", so the chosen C, and with it the selection, may change with the seed; run with "
                            "--repeats R to see how often each feature is selected");
}

// docs/fri.md#privileged-information-lupi: which columns are privileged; at least one non-constant column must stay
// normal, since the model predicts from the normal columns alone.
std::vector<bool> privileged_flags(const Dataset& data, const Options& o, const std::vector<bool>& constant) {
  std::vector<bool> flags(data.n_features(), false);
  for (const std::string& name : o.privileged) {
    const std::size_t j = data.feature_index(name);
    if (flags[j]) throw InputError("fri: --privileged names column '" + data.feature_names[j] + "' twice");
    flags[j] = true;
  }
  bool normal_left = false;
  for (std::size_t j = 0; j < flags.size(); ++j) normal_left = normal_left || (!flags[j] && !constant[j]);
  if (!normal_left)
    throw InputError("fri: every non-constant column is privileged; the model needs at least one normal column to "
                     "predict from (--privileged names the columns known for the training rows only)");
  return flags;
}

Eigen::MatrixXd preprocess(const Dataset& data, const Options& o, const std::vector<bool>& constant) {
  Eigen::MatrixXd Z = data.X;
  if (o.standardize) Standardizer::fit(data.X, {}, SdDivisor::population).apply(Z);
  // Constant columns are in no LP; zero them so that nothing downstream can pick them up.
  for (std::size_t j = 0; j < constant.size(); ++j)
    if (constant[j]) Z.col(static_cast<Eigen::Index>(j)).setZero();
  return Z;
}

}  // namespace

namespace detail {

std::unique_ptr<Prepared> prepare(const Dataset& data, const Options& options, std::uint64_t seed) {
  validate(options);
  auto out = std::make_unique<Prepared>();
  Prepared& p = *out;
  p.options = options;
  p.o = effective_options(options);
  p.seed = seed;
  const Options& o = p.o;
  p.constant = constant_flags(data);
  check_data(data, o, p.constant);
  p.privileged = privileged_flags(data, o, p.constant);
  for (std::size_t j = 0; j < p.constant.size(); ++j)
    if (!p.constant[j]) (p.privileged[j] ? p.priv_active : p.active).push_back(static_cast<int>(j));
  p.Z = preprocess(data, o, p.constant);
  const Eigen::MatrixXd& Z = p.Z;
  const std::vector<int>& active = p.active;
  if (data.task == Task::multiclass) {
    p.problems = one_vs_rest(data, Z, active, seed);
    for (Problem& pb : p.problems) pb.priv_active = p.priv_active;
  } else {
    Problem pb;
    pb.X = &Z;
    pb.active = active;
    pb.priv_active = p.priv_active;
    pb.seed = seed;
    pb.names = &data.feature_names;
    const Eigen::Index n = static_cast<Eigen::Index>(data.n_samples());
    switch (data.task) {
      case Task::binary:
        pb.task = LpTask::classification;
        pb.y.resize(n);
        for (Eigen::Index i = 0; i < n; ++i) pb.y[i] = data.labels[static_cast<std::size_t>(i)] == 1 ? 1.0 : -1.0;
        pb.strata = data.labels;
        pb.n_strata = 2;
        pb.n_levels = 2;
        break;
      case Task::ordinal:
        pb.task = LpTask::ordinal;
        pb.y.resize(n);
        for (Eigen::Index i = 0; i < n; ++i) pb.y[i] = data.labels[static_cast<std::size_t>(i)];
        pb.strata = data.labels;
        pb.n_strata = data.n_classes();
        pb.n_levels = static_cast<int>(data.n_classes());
        break;
      case Task::regression:
        pb.task = LpTask::regression;
        pb.y = data.y;
        pb.s_y = population_sd(data.y);
        // The LP sees y in units of its SD, so the solver's absolute tolerances mean the same for a target in
        // molar as in dollars (y × 1e-9 selected nothing, y × 1e11 failed in CLP); the optimum scales exactly.
        if (pb.s_y > 0.0 && std::isfinite(pb.s_y)) {
          pb.y_unit = pb.s_y;
          pb.y /= pb.s_y;
          pb.s_y = 1.0;
        }
        break;
      case Task::multiclass:
        break;
    }
    p.problems.push_back(std::move(pb));
  }

  for (std::size_t i = 0; i < p.problems.size(); ++i) {
    p.problems[i].prepared = out.get();
    p.problems[i].index = static_cast<int>(i);
  }
  return out;
}

}  // namespace detail

std::vector<std::size_t> Result::selected() const {
  std::vector<std::size_t> s;
  for (std::size_t j = 0; j < features.size(); ++j)
    if (features[j].selected()) s.push_back(j);
  return s;
}

PhaseStats Diagnostics::totals() const {
  PhaseStats t;
  t.name = "total";
  for (const PhaseStats& p : phases) {
    t.seconds += p.seconds;
    t.lp_solves += p.lp_solves;
    t.simplex_iterations += p.simplex_iterations;
    t.warm_solves += p.warm_solves;
    t.cold_solves += p.cold_solves;
    t.retries += p.retries;
    t.lazy_rows_added += p.lazy_rows_added;
    t.lazy_columns_added += p.lazy_columns_added;
  }
  t.seconds = total_seconds;
  return t;
}

namespace detail {

Result start_result(const Dataset& data, const Prepared& prepared, const Options& o, const RunContext& ctx) {
  Result res;
  res.task = data.task;
  res.options = o;
  res.seed = ctx.seed;
  Diagnostics& diag = res.diagnostics;
  diag.threads = ctx.resolved_threads();
  for (const char* name : {"search", "baseline", "bounds", "probes", "constrained", "grouping"}) {
    PhaseStats p;
    p.name = name;
    diag.phases.push_back(p);
  }
  diag.warnings = data.warnings;
  option_warnings(data, o, prepared.Z, prepared.active, diag.warnings);
  return res;
}

void finish_result(const Dataset& data, Result& res) {
  flat_curve_warning(res.models, data.task == Task::multiclass, res.diagnostics.warnings);
  res.features = data.task == Task::multiclass ? combine_models(res.models) : res.models.front().features;
}

}  // namespace detail

Result run(const Dataset& data, const Options& options, const RunContext& ctx) {
  const auto t0 = std::chrono::steady_clock::now();
  const auto prepared = detail::prepare(data, options, ctx.seed);
  const Options& o = prepared->o;
  const std::vector<detail::ResolvedPreset> presets = detail::resolve_presets(data, prepared->constant, o);

  Result res = detail::start_result(data, *prepared, o, ctx);
  Diagnostics& diag = res.diagnostics;
  for (const Problem& pb : prepared->problems) {
    // The bounds' optimal points are kept for the presets, as a Session keeps them, so both give the same bits.
    detail::FittedProblem fp = detail::fit_problem(pb, o, ctx, diag.phases, !presets.empty());
    detail::PresetOutcome constrained = detail::apply_presets(pb, o, fp, presets, ctx, diag.phases);
    detail::group_problem(pb, o, fp, ctx, diag.phases);
    res.models.push_back(detail::problem_result(fp, std::move(constrained), diag.warnings));
  }
  detail::finish_result(data, res);
  diag.total_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return res;
}

}  // namespace featrel::fri
