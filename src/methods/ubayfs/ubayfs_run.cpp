// The UBayFS pipeline (docs/ubayfs.md#algorithm): counts (from the ensemble or a file) → prior, constraints and the
// posterior → the optimiser → the docs/ubayfs.md#set-evaluation evaluation of every tied optimum; with repeats ≥ 2, the stability and the
// logistic-regression F1 over stratified outer splits (docs/ubayfs.md#repeats-and-stability, the paper's Table 3).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>

#include "correlation.hpp"
#include "featrel/ubayfs_inputs.hpp"
#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/logistic.hpp"
#include "featrel/metrics.hpp"
#include "featrel/rng.hpp"
#include "featrel/splits.hpp"
#include "featrel/ubayfs.hpp"
#include "featrel/ubayfs_ensemble.hpp"

namespace featrel::ubayfs {
namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Prior, blocks and constraints for the given features and counts.
// `o` has its inputs resolved (resolve_inputs): the weights are numbers and every block and row is in blocks,
// constraints and groups.
Result prepare(const std::vector<std::string>& names, const std::vector<double>& counts, const Options& o,
               const Eigen::MatrixXd* data) {
  Result r;
  r.options = o;
  r.blocks = resolve_blocks(o.blocks, names);
  Problem& p = r.problem;
  p.feature_names = names;
  p.counts = counts;
  p.prior = resolve_prior(std::get<std::vector<double>>(o.weights), o.block_weights, r.blocks, names);
  Eigen::MatrixXd corr;
  if (o.decorrelate && data != nullptr) corr = abs_correlation_matrix(*data, Correlation::spearman);
  p.groups = resolve_constraints(o.constraints, o.groups, r.blocks, names, o.decorrelate,
                                 corr.size() > 0 ? &corr : nullptr, r.warnings);
  p.lambda = o.lambda;
  p.admissibility = o.admissibility;
  p.epsilon = o.epsilon;
  p.rho_scaling = o.rho_scaling;
  p.reference_scoring = o.compat_reference;
  if (o.lambda < 1)
    r.warnings.push_back("lambda = " + format_number(o.lambda) + " < 1: constraints weigh less than the feature "
                         "utility, so soft rows can be swamped" +
                         (o.compat_reference ? " and hard rows are not hard (reference scoring)" : ""));
  return r;
}

// The problem over the features `kept` (ascending) with δ_j = 0 for the others: their terms leave every row (row
// numbers stay) and their blocks lose them as members.
Problem restrict_features(const Problem& p, const std::vector<std::size_t>& kept) {
  constexpr std::size_t kOut = static_cast<std::size_t>(-1);
  std::vector<std::size_t> position(p.n_features(), kOut);
  for (std::size_t k = 0; k < kept.size(); ++k) position[kept[k]] = k;
  Problem out = p;
  out.feature_names.clear();
  out.counts.clear();
  out.prior.clear();
  for (std::size_t j : kept) {
    out.feature_names.push_back(p.feature_names[j]);
    out.counts.push_back(p.counts[j]);
    out.prior.push_back(p.prior[j]);
  }
  for (Group& g : out.groups) {
    if (g.level == Level::feature) {
      for (Row& r : g.rows) {
        std::vector<std::pair<std::size_t, double>> a;
        for (const auto& [j, coefficient] : r.a)
          if (position[j] != kOut) a.push_back({position[j], coefficient});
        r.a = std::move(a);
      }
    } else {
      for (auto& members : g.blocks) {
        std::vector<std::size_t> left;
        for (std::size_t j : members)
          if (position[j] != kOut) left.push_back(position[j]);
        members = std::move(left);
      }
    }
  }
  return out;
}

// Optimises the prepared problem and evaluates every optimum. Constant columns (r.constant) are left out of every
// fit (docs/architecture.md#constant-columns) and so out of the model: the Dirichlet, the constraints and the
// optimiser see the other features only (δ_j = 0, θ̂_j = 0 for a constant column), as if it had been dropped.
void optimise_prepared(Result& r, const RunContext& ctx, const Eigen::MatrixXd* data) {
  const std::size_t n = r.problem.n_features();
  std::vector<std::size_t> kept;
  for (std::size_t j = 0; j < n; ++j)
    if (!(j < r.constant.size() && r.constant[j])) kept.push_back(j);
  if (kept.empty()) throw InputError("ubayfs: every feature is constant; there is nothing to select");
  const bool all = kept.size() == n;
  const Problem p = all ? r.problem : restrict_features(r.problem, kept);
  Eigen::MatrixXd kept_data;
  if (data != nullptr && !all) {
    kept_data.resize(data->rows(), static_cast<Eigen::Index>(kept.size()));
    for (std::size_t k = 0; k < kept.size(); ++k)
      kept_data.col(static_cast<Eigen::Index>(k)) = data->col(static_cast<Eigen::Index>(kept[k]));
  }
  const Eigen::MatrixXd* columns = data == nullptr || all ? data : &kept_data;
  auto in_data = [&](std::vector<std::size_t> v) {
    for (std::size_t& j : v) j = kept[j];
    return v;
  };
  r.posterior_alpha.assign(n, 0.0);
  r.posterior_mean.assign(n, 0.0);
  double total = 0;
  for (std::size_t k = 0; k < kept.size(); ++k) total += r.posterior_alpha[kept[k]] = p.prior[k] + p.counts[k];
  for (std::size_t j : kept) r.posterior_mean[j] = r.posterior_alpha[j] / total;
  const auto t0 = Clock::now();
  Optimum opt = solve(p, r.options, ctx);
  r.seconds_optimize = since(t0);
  r.optimizer = opt.report;
  if (!opt.mh_inclusion.empty()) {
    r.mh_inclusion.assign(n, 0.0);
    for (std::size_t k = 0; k < kept.size(); ++k) r.mh_inclusion[kept[k]] = opt.mh_inclusion[k];
  }
  for (auto& w : opt.warnings) r.warnings.push_back(std::move(w));
  for (std::size_t i = 0; i < opt.sets.size(); ++i) {
    SetEvaluation e = evaluate_set(p, opt.sets[i], columns, r.options.correlation);
    e.features = in_data(e.features);
    if (i < opt.mh_frequency.size()) e.mh_frequency = opt.mh_frequency[i];
    r.optima.push_back(std::move(e));
  }
  const std::size_t K = r.optima.size();
  r.mutual_jaccard.assign(K, std::vector<double>(K, 1.0));
  for (std::size_t a = 0; a < K; ++a)
    for (std::size_t b = a + 1; b < K; ++b) {
      const auto& x = r.optima[a].features;
      const auto& y = r.optima[b].features;
      std::vector<std::size_t> inter;
      std::set_intersection(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(inter));
      const double uni = static_cast<double>(x.size() + y.size() - inter.size());
      r.mutual_jaccard[a][b] = r.mutual_jaccard[b][a] = uni > 0 ? static_cast<double>(inter.size()) / uni : 1.0;
    }
}

// The ensemble and the optimisation on one data set (the whole data, or one outer training part).
Result run_once(const Dataset& data, const Options& o, const RunContext& ctx) {
  const auto t0 = Clock::now();
  const EnsembleOptions eo = ensemble_options(o);
  const std::vector<Selector> sels = builtin_selectors(o.selectors, eo);
  RunContext ectx = ctx;
  const Ensemble ens = run_ensemble(data, sels, eo, ctx.seed, ectx);
  const double t_ens = since(t0);

  Result r = prepare(data.feature_names, ens.counts, o, &data.X);
  std::vector<std::string> warnings = data.warnings;
  warnings.insert(warnings.end(), ens.warnings.begin(), ens.warnings.end());
  warnings.insert(warnings.end(), r.warnings.begin(), r.warnings.end());
  r.warnings = std::move(warnings);
  r.seconds_ensemble = t_ens;
  r.constant = data.constant;
  r.task = data.task;
  r.classes = data.classes;
  r.n_samples = data.n_samples();
  r.seed = ctx.seed;
  EnsembleSummary& s = r.ensemble;
  s.size = o.ensemble_size;
  s.tt_split = o.tt_split;
  s.nr_features = o.n_features_to_select;
  for (const auto& sel : sels) s.selectors.push_back(sel.name);
  s.rows_total = ens.rows_total;
  s.rows_failed = ens.rows_total - ens.n_models;
  for (const auto& f : ens.failures) s.failures.push_back({f.split, f.selector, f.message});
  s.total_selections = std::accumulate(ens.counts.begin(), ens.counts.end(), 0.0);
  s.nr_features_per_split = ens.nr_features_per_split;
  if (o.keep_ensemble)
    for (const auto& row : ens.rows) {
      std::vector<std::size_t> idx;
      for (std::size_t j = 0; j < row.size(); ++j)
        if (row[j]) idx.push_back(j);
      s.matrix.push_back(std::move(idx));
    }
  optimise_prepared(r, ctx, &data.X);
  r.threads = ctx.resolved_threads();
  r.seconds_total = since(t0);
  return r;
}

Eigen::MatrixXd columns(const Eigen::MatrixXd& X, const std::vector<std::size_t>& rows,
                        const std::vector<std::size_t>& cols) {
  Eigen::MatrixXd out(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(cols.size()));
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t c = 0; c < cols.size(); ++c)
      out(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(c)) =
          X(static_cast<Eigen::Index>(rows[i]), static_cast<Eigen::Index>(cols[c]));
  return out;
}

// F1 of a logistic regression on the selected columns: binary F1 of the positive class (code 1), support-weighted
// F1 for multiclass targets.
double logistic_f1(const Dataset& data, const TrainTest& split, const std::vector<std::size_t>& selected) {
  if (selected.empty()) return std::nan("");
  std::vector<int> ytr, yte;
  for (std::size_t i : split.train) ytr.push_back(data.labels[i]);
  for (std::size_t i : split.test) yte.push_back(data.labels[i]);
  const auto model = logistic::fit(columns(data.X, split.train, selected), ytr, data.n_classes(), logistic::Options{});
  const auto pred = model.predict(columns(data.X, split.test, selected));
  if (data.n_classes() == 2) return metrics::fscore(metrics::confusion(yte, pred, 1)).value;
  return metrics::weighted_f1(yte, pred, static_cast<int>(data.n_classes()));
}

}  // namespace

double Result::optimum_frequency(std::size_t j) const {
  if (optima.empty()) return 0.0;
  std::size_t n = 0;
  for (const auto& o : optima) n += std::binary_search(o.features.begin(), o.features.end(), j) ? 1 : 0;
  return static_cast<double>(n) / static_cast<double>(optima.size());
}

Result optimise(const CountsInput& in, const Options& given, const RunContext& ctx, const Dataset* dataset) {
  validate(given);
  const Options o = resolve_inputs(given, in.feature_names);
  const Eigen::MatrixXd* data = dataset != nullptr ? &dataset->X : nullptr;
  const auto t0 = Clock::now();
  const std::size_t n = in.counts.size();
  if (in.feature_names.size() != n)
    throw InputError("ubayfs: " + std::to_string(in.feature_names.size()) + " feature names for " + std::to_string(n) +
                     " counts");
  if (n == 0) throw InputError("ubayfs: no features in the counts");
  if (in.n_models < 1)
    throw InputError("ubayfs: the number of elementary models M must be >= 1, got 0 (give '# n_models: M' in the "
                     "counts file or --n-models)");
  for (std::size_t j = 0; j < n; ++j) {
    const double y = in.counts[j];
    if (!std::isfinite(y) || y < 0)
      throw InputError("ubayfs: the count of feature '" + in.feature_names[j] + "' must be finite and >= 0, got " +
                       format_number(y));
    if (y > static_cast<double>(in.n_models))
      throw InputError("ubayfs: the count of feature '" + in.feature_names[j] + "' (" + format_number(y) +
                       ") exceeds the number of elementary models (" + std::to_string(in.n_models) + ")");
  }
  if (dataset != nullptr && dataset->feature_names != in.feature_names)
    throw InputError("ubayfs: the features of the counts ('" + in.source + "') differ from the data's columns ('" +
                     dataset->source + "'); the same names in the same order are needed");
  Result r = prepare(in.feature_names, in.counts, o, data);
  r.constant = std::vector<bool>(n, false);
  if (dataset != nullptr) {
    r.constant = dataset->constant;
    r.task = dataset->task;
    r.classes = dataset->classes;
    r.n_samples = dataset->n_samples();
    r.warnings.insert(r.warnings.begin(), dataset->warnings.begin(), dataset->warnings.end());
    std::string counted;
    for (std::size_t j = 0; j < n; ++j)
      if (j < r.constant.size() && r.constant[j] && in.counts[j] > 0)
        counted += (counted.empty() ? "'" : ", '") + in.feature_names[j] + "'";
    if (!counted.empty())
      r.warnings.push_back("the counts give columns that are constant in the data a count (" + counted +
                           "); constant columns are left out of the model, counts and all");
  }
  r.seed = ctx.seed;
  r.ensemble.size = in.n_models;
  r.ensemble.tt_split = o.tt_split;
  r.ensemble.from_counts_file = true;
  r.ensemble.counts_source = in.source;
  r.ensemble.rows_total = in.n_models;
  r.ensemble.total_selections = std::accumulate(in.counts.begin(), in.counts.end(), 0.0);
  optimise_prepared(r, ctx, data);
  r.options = given;
  r.threads = ctx.resolved_threads();
  r.seconds_total = since(t0);
  return r;
}

Result run(const Dataset& data, const Options& given, const RunContext& ctx) {
  if (!given.counts.empty())
    return optimise(read_counts_csv(given.counts, given.n_models), given, ctx, data.n_features() > 0 ? &data : nullptr);
  validate(given);
  const Options o = resolve_inputs(given, data.feature_names);
  const auto t0 = Clock::now();
  Result r = run_once(data, o, ctx);
  r.options = given;
  if (o.repeats < 2) return r;
  if (data.task == Task::regression)
    throw InputError("ubayfs: --repeats needs a class target (the F1 of the paper's Table 3); got regression");
  StabilityReport st;
  stability::Sets sets;
  std::vector<double> f1s;
  for (std::size_t rep = 0; rep < o.repeats; ++rep) {
    ctx.check_cancel();
    const TrainTest split = stratified_train_test(data.labels, data.n_classes(), o.test_fraction,
                                                  rng::derive(ctx.seed, "outer", rep), 1);
    RunContext rctx = ctx;
    rctx.seed = rng::derive(ctx.seed, "repeat", rep);
    rctx.progress = nullptr;
    rctx.plan_executor = nullptr;  // a worker would hold all rows, not this split's: the split's plans stay here
    Options ro = o;
    ro.repeats = 1;
    Result one = run_once(subset_rows(data, split.train), ro, rctx);
    RunEvaluation ev;
    for (const auto& e : one.optima) ev.optima.push_back(e.features);
    ev.f1 = ev.optima.empty() ? std::nan("") : logistic_f1(data, split, ev.optima.front());
    f1s.push_back(ev.f1);
    if (o.stability_rows == StabilityRows::first) {
      if (!ev.optima.empty()) sets.push_back(ev.optima.front());
    } else {
      for (const auto& s : ev.optima) sets.push_back(s);
    }
    st.per_run.push_back(std::move(ev));
    ctx.report("repeats", rep + 1, o.repeats);
  }
  st.runs = o.repeats;
  st.rows = sets.size();
  st.indices = stability::stability(sets, data.n_features(), stability::IwVariant::paper, o.stability_alpha);
  if (std::isnan(st.indices.nogueira.value))
    r.warnings.push_back("stability is undefined: the optima select no feature or every feature");
  double sum = 0;
  for (double f : f1s) sum += f;
  st.mean_f1 = sum / static_cast<double>(f1s.size());
  r.stability = std::move(st);
  r.seconds_total = since(t0);
  return r;
}

}  // namespace featrel::ubayfs
