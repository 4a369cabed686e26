// featrel::crfe::run and rfe::run: input checks (docs/crfe.md#errors-and-edge-cases), one split (prepare → eliminate → stop → evaluate)
// or several splits in parallel (repeats), and the assembly of the Result.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

#include "featrel/error.hpp"
#include "featrel/rng.hpp"
#include "featrel/thread_pool.hpp"
#include "methods/crfe/crfe_internal.hpp"

namespace featrel::crfe {

namespace detail {

namespace {

using Clock = std::chrono::steady_clock;

PathSettings settings_for(const Options& o, Method method, std::size_t p0) {
  PathSettings s;
  s.method = method;
  s.svm.C = o.C;
  s.svm.tol = o.svm_tol;
  s.svm.solver = o.svm_solver;
  s.warm_start = o.warm_start;
  s.lambda = o.lambda;
  s.step = o.step;
  s.step_fraction = o.step_fraction;
  s.min_features = std::min(o.min_features, p0);
  s.fixed_k = o.stop == Stop::fixed ? o.n_features_to_select : 0;
  if (method == Method::crfe && o.stop == Stop::beta)
    s.rule.emplace(o.stop_mode, o.sigma, stop_window(o.window_fraction, o.window, p0));
  s.truncate = o.truncate;
  s.keep_betas = o.keep_betas;
  return s;
}

std::vector<std::size_t> prefix_sorted(const std::vector<std::size_t>& ranking, std::size_t k) {
  std::vector<std::size_t> s(ranking.begin(),
                             ranking.begin() + static_cast<std::ptrdiff_t>(std::min(k, ranking.size())));
  std::sort(s.begin(), s.end());
  return s;
}

}  // namespace

Run run_split(const Dataset& data, const Prepared& prep, const Options& o, Method method, std::uint64_t seed,
              const RunContext& inner, const RunContext* progress) {
  const auto t_start = Clock::now();
  const std::size_t p = prep.p;
  const std::size_t p0 = prep.active.size();
  Run run;
  run.method = method;
  run.seed = seed;
  run.rows = prep.rows;
  run.diagnostics.warnings = prep.warnings;
  run.diagnostics.seconds_split = prep.seconds;

  std::vector<std::size_t> tail;  // constant columns left out of the loop, ranked last in index order
  for (std::size_t j = 0; j < p; ++j)
    if (prep.constant[j]) {
      run.diagnostics.constant_features.push_back(j);
      if (!o.keep_constant) tail.push_back(j);
    }

  PathInput in{&prep.Z_train, &prep.y_train, prep.n_classes, prep.active,
               method == Method::crfe ? &prep.sums : nullptr};
  PathSettings s = settings_for(o, method, p0);
  // RFECV's folds are independent of the main path; run first, their size is one the path must keep a model for.
  std::optional<CvScores> cv;
  if (o.stop == Stop::cv) cv = cross_validate_size(prep, s, o.cv_folds, rng::derive(seed, "cv"), inner);
  // Keep only the models of the subsets asked about below: all columns, the selection (a fixed size, the CV
  // size, every column, or the β rule's, which the path adds itself) and the evaluated prefixes.
  s.keep_all_models = o.sweep;
  s.model_sizes = {p0, p};
  if (o.stop == Stop::fixed) s.model_sizes.push_back(o.n_features_to_select);
  if (cv) s.model_sizes.push_back(cv->chosen);
  s.model_sizes.insert(s.model_sizes.end(), o.eval_sizes.begin(), o.eval_sizes.end());
  const std::string stage = to_string(method) + ": elimination";
  Path path = eliminate(in, s, p, inner, progress, stage);
  run.ranking = ranking_of(path, method, tail);

  // The stop decision fixes `selected`, always a prefix of the ranking.
  StopInfo& st = run.stop;
  st.criterion = o.stop;
  st.mode = o.stop_mode;
  st.sigma = o.sigma;
  st.window = stop_window(o.window_fraction, o.window, p0);
  std::size_t n_selected = 0;
  if (o.stop == Stop::fixed) {
    n_selected = o.n_features_to_select;
    st.reason = "fixed_size";
  } else if (p0 == 1) {
    n_selected = 1;
    st.reason = "single_feature";
  } else if (o.stop == Stop::none) {
    n_selected = p;
    st.reason = "ranking_only";
  } else if (o.stop == Stop::beta) {
    if (path.fired) {
      st.fired = true;
      st.step = path.stop_step;
      n_selected = path.stop_size;
      st.reason = "beta_rule";
      // On a table wider than its training rows the rule, armed only from step ψ + 2, fires soon after: a cut
      // that keeps more features than a linear SVM on these rows can weigh picks little out (200 x 2,000: 1,142).
      const std::size_t n_train = prep.rows.train.size();
      if (n_selected > n_train)
        run.diagnostics.warnings.push_back(
            "β rule: kept " + std::to_string(n_selected) + " of " + std::to_string(p0) + " features, more than the " +
            std::to_string(n_train) + " training rows the SVMs were fitted on; the rule can fire no earlier than " +
            "step ψ + 2 = " + std::to_string(st.window + 2) + " (ψ = " + std::to_string(st.window) +
            "), so on a table this wide its cut picks little out. Read the top of the ranking, or cut it with -k K "
            "(--eval-sizes compares sizes on the test rows)");
    } else {
      n_selected = path.survivors.size();
      // paper: never armed when ψ < 2 or ψ + 2 lies beyond the last step; reference: only B ≤ 1 disarms it.
      const bool short_window = st.window < 2 || (o.stop_mode == StopMode::paper &&
                                                  (path.steps.empty() || st.window + 2 > path.steps.size() - 1));
      st.reason = short_window ? "window_too_short" : "beta_rule_not_fired";
      run.diagnostics.warnings.push_back(
          short_window ? "β rule: window ψ = " + std::to_string(st.window) + " is too short for " +
                             std::to_string(path.steps.size()) + " steps (it needs ψ ≥ 2" +
                             (o.stop_mode == StopMode::paper ? " and ψ + 2 ≤ the last step" : "") +
                             "); selected the final " + std::to_string(n_selected) + " feature(s)"
                       : "β rule never fired; selected the final " + std::to_string(n_selected) + " feature(s)");
    }
  } else {  // cv
    n_selected = cv->chosen;
    st.reason = "cv";
    run.cv = std::move(*cv);
  }
  st.n_selected = n_selected;
  run.selected = prefix_sorted(run.ranking, n_selected);

  // Per-feature table.
  run.features.assign(p, FeatureResult{});
  for (std::size_t r = 0; r < run.ranking.size(); ++r) run.features[run.ranking[r]].rank = r + 1;
  for (std::size_t j = 0; j < p; ++j) {
    FeatureResult& f = run.features[j];
    f.elimination_step = path.step_of[j];
    f.score_initial = path.initial[j];
    f.score_at_removal = path.last[j];
    f.constant = prep.constant[j];
  }
  for (std::size_t j : run.selected) run.features[j].selected = true;
  run.elimination_order.assign(run.ranking.rbegin(),
                               run.ranking.rbegin() + static_cast<std::ptrdiff_t>(p - path.survivors.size()));

  // The model of the selected subset and the conformal evaluation.
  run.model = model_for(in, path, run.selected, s, inner);
  if (!prep.rows.test.empty()) {
    const auto t0 = Clock::now();
    run.evaluation = evaluate_run(prep, in, path, s, run, o, seed, inner);
    run.diagnostics.seconds_evaluation = std::chrono::duration<double>(Clock::now() - t0).count();
  }

  run.steps = std::move(path.steps);
  run.betas = std::move(path.betas);
  for (auto& w : path.warnings) run.diagnostics.warnings.push_back(std::move(w));
  run.diagnostics.n_fits = path.n_fits;
  run.diagnostics.solver_iterations = path.iterations;
  run.diagnostics.seconds_fit = path.seconds_fit;
  run.diagnostics.seconds_beta = path.seconds_beta;
  run.diagnostics.seconds_total = prep.seconds + std::chrono::duration<double>(Clock::now() - t_start).count();
  return run;
}

}  // namespace detail

namespace {

using Clock = std::chrono::steady_clock;

std::string target_word(const Dataset& data) { return "'" + data.target_name + "'"; }

// docs/crfe.md#errors-and-edge-cases: the data checks that do not need a split.
void check_data(const Dataset& data, const Options& o) {
  const std::string cmd = to_string(o.method);
  if (!data.is_classification())
    throw InputError(cmd + " needs a binary or multiclass target; " + target_word(data) + " is " +
                     to_string(data.task));
  if (data.n_classes() < 2)
    throw InputError(cmd + " needs >= 2 classes; " + target_word(data) + " has " + std::to_string(data.n_classes()));
  const std::size_t n = data.n_samples(), p = data.n_features();
  if (p == 0) throw InputError(cmd + ": the data has no feature columns");
  const bool role_inputs =
      !o.split_column.empty() || !o.selection_csv.empty() || !o.calibration_csv.empty() || !o.test_csv.empty();
  if (role_inputs && o.roles.empty())
    throw InputError(cmd + ": split_column and the role files are read with crfe::read_data, which fills roles; "
                           "roles is empty");
  if (data.labels.size() != n)
    throw InputError(cmd + ": the target has " + std::to_string(data.labels.size()) + " labels for " +
                     std::to_string(n) + " rows");
  for (std::size_t j = 0; j < p; ++j) {
    const auto col = data.X.col(static_cast<Eigen::Index>(j));
    const Eigen::Index bad = (!col.array().isFinite()).count();
    if (bad > 0)
      throw InputError(cmd + ": column '" + data.feature_names[j] + "' has " + std::to_string(bad) +
                       " missing/non-finite values; impute first (--impute mean|median)");
  }
  const auto outside = [&](const std::string& name, std::size_t k) {
    return cmd + ": " + name + "=" + std::to_string(k) + " outside [1, " + std::to_string(p) + "]";
  };
  if (o.n_features_to_select > p) throw InputError(outside("n_features_to_select", o.n_features_to_select));
  if (o.min_features > p) throw InputError(outside("min_features", o.min_features));
  for (std::size_t k : o.eval_sizes)
    if (k > p) throw InputError(outside("eval_sizes", k));
  for (std::size_t k : o.stability_sizes)
    if (k > p) throw InputError(outside("stability_sizes", k));
}

RunContext inner_context(const RunContext& ctx, unsigned threads) {
  RunContext inner = ctx;
  inner.progress = nullptr;
  inner.log = nullptr;
  inner.threads = threads;
  return inner;
}

}  // namespace

Result run(const Dataset& data, const Options& options, const RunContext& ctx) {
  const auto t0 = Clock::now();
  validate(options);
  const Options o = effective_options(options);
  validate(o);
  check_data(data, o);

  Result r;
  r.method = o.method;
  r.task = data.task;
  r.options = o;
  r.seed = ctx.seed;
  r.repeats = o.repeats;
  r.threads = ctx.resolved_threads();
  r.warnings = data.warnings;
  const std::size_t p = data.n_features();

  // Split r's seed: rng::derive(seed, "split", r); the split, RFECV folds and smoothed p-values derive from it.
  const auto one_split = [&](std::size_t rep, const RunContext& inner, const RunContext* progress) {
    const std::uint64_t seed = rng::derive(ctx.seed, "split", static_cast<std::uint64_t>(rep));
    const detail::Prepared prep =
        detail::prepare_split(data, o, o.roles.empty() ? std::optional<std::uint64_t>(seed) : std::nullopt);
    Run main = detail::run_split(data, prep, o, o.method, seed, inner, progress);
    std::optional<Run> twin;
    if (o.with_rfe && o.method == Method::crfe) {
      Options ro = o;
      ro.method = Method::rfe;
      ro.stop = o.n_features_to_select > 0 ? Stop::fixed : Stop::none;
      twin = detail::run_split(data, prep, ro, Method::rfe, seed, inner, nullptr);
    }
    return std::make_pair(std::move(main), std::move(twin));
  };

  if (o.repeats == 1) {
    // One split: the OvA problems of each step run in parallel.
    const RunContext inner = inner_context(ctx, ctx.resolved_threads());
    auto [main, twin] = one_split(0, inner, &ctx);
    r.features = main.features;
    r.ranking = main.ranking;
    r.selected = main.selected;
    r.evaluation = main.evaluation;
    for (const std::string& w : main.diagnostics.warnings) r.warnings.push_back(w);
    r.runs.push_back(std::move(main));
    if (twin) r.rfe_runs.push_back(std::move(*twin));
  } else {
    // Repeats: one task per split, each single-threaded inside (pools are never nested).
    std::vector<Run> runs(o.repeats);
    std::vector<std::optional<Run>> twins(o.repeats);
    const RunContext inner = inner_context(ctx, 1);
    parallel_for(
        o.repeats,
        [&](std::size_t rep) {
          auto [main, twin] = one_split(rep, inner, nullptr);
          runs[rep] = std::move(main);
          twins[rep] = std::move(twin);
        },
        ctx, to_string(o.method) + ": repeats");
    r.runs = std::move(runs);
    for (auto& t : twins)
      if (t) r.rfe_runs.push_back(std::move(*t));
    // Warnings of the runs, each message once with the runs that raised it.
    std::vector<std::string> order;
    std::map<std::string, std::vector<std::size_t>> where;
    for (std::size_t rep = 0; rep < r.runs.size(); ++rep)
      for (const std::string& w : r.runs[rep].diagnostics.warnings) {
        auto& v = where[w];
        if (v.empty()) order.push_back(w);
        if (v.empty() || v.back() != rep) v.push_back(rep);
      }
    for (const std::string& w : order) {
      const auto& v = where[w];
      std::string runs_text;
      if (v.size() == r.runs.size()) {
        runs_text = "all runs";
      } else {
        runs_text = v.size() == 1 ? "run " : "runs ";
        for (std::size_t q = 0; q < v.size() && q < 10; ++q) runs_text += (q ? ", " : "") + std::to_string(v[q]);
        if (v.size() > 10) runs_text += ", …";
      }
      r.warnings.push_back(w + " [" + runs_text + "]");
    }
    detail::combine_runs(r, p);
  }
  r.seconds_total = std::chrono::duration<double>(Clock::now() - t0).count();
  return r;
}

}  // namespace featrel::crfe

namespace featrel::rfe {

Result run(const Dataset& data, const Options& options, const RunContext& ctx) {
  Options o = options;
  o.method = crfe::Method::rfe;
  return crfe::run(data, o, ctx);
}

}  // namespace featrel::rfe
