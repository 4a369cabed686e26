// SFC's fits (docs/boruta.md#sfc-steps steps 2, 3, 6, 7 and docs/boruta.md#the-random-forest item 6): the rows they train and score on, the
// seed paths of the null and test forests, the null samples' draws, and the forest-backed FitProvider that turns a
// query into a design (views of the run's codes plus one permuted column) and a score.
#include <algorithm>
#include <cmath>
#include <string>

#include "featrel/error.hpp"
#include "featrel/rng.hpp"
#include "featrel/splits.hpp"
#include "methods/boruta/sfc_internal.hpp"

namespace featrel::sfc::detail {

ScoreRows score_rows(const Dataset& data, const Options& o, std::uint64_t seed) {
  ScoreRows rows;
  if (o.score != ScoreKind::holdout) return rows;
  const std::size_t n = data.n_samples();
  const std::uint64_t split_seed = rng::derive(seed, 10);
  if (data.is_classification()) {
    const TrainTest tt = stratified_train_test(data.labels, data.n_classes(), o.holdout_fraction, split_seed);
    std::vector<std::size_t> in_train(data.n_classes(), 0), in_test(data.n_classes(), 0);
    for (std::size_t i : tt.train) ++in_train[static_cast<std::size_t>(data.labels[i])];
    for (std::size_t i : tt.test) ++in_test[static_cast<std::size_t>(data.labels[i])];
    for (std::size_t c = 0; c < data.n_classes(); ++c)
      if (in_train[c] == 0 || in_test[c] == 0)
        throw InputError("sfc: --score holdout leaves class '" + data.classes[c] + "' without rows in the " +
                         (in_train[c] == 0 ? "training" : "held-out") + " part (" +
                         std::to_string(in_train[c] + in_test[c]) + " rows); use --score train or oob, or change "
                         "--holdout-fraction");
    rows.train = tt.train;
    rows.score = tt.test;
  } else {
    rows.score = subsample(n, ceil_count(o.holdout_fraction, n), split_seed);
    std::vector<char> held(n, 0);
    for (std::size_t i : rows.score) held[i] = 1;
    for (std::size_t i = 0; i < n; ++i)
      if (!held[i]) rows.train.push_back(i);
    if (rows.train.empty() || rows.score.empty())
      throw InputError("sfc: --holdout-fraction " + std::to_string(o.holdout_fraction) + " leaves an empty part of " +
                       std::to_string(n) + " rows");
  }
  return rows;
}

double score_resolution(const Dataset& data, const Options& o, const ScoreRows& rows) {
  std::vector<std::size_t> on = rows.score.empty() ? rows.train : rows.score;
  if (on.empty())
    for (std::size_t i = 0; i < data.n_samples(); ++i) on.push_back(i);
  const double n = static_cast<double>(on.size());
  if (data.task != Task::regression || o.metric != forest::Metric::mae) return 1.0 / n;
  double mean = 0.0, dev = 0.0;
  for (std::size_t i : on) mean += data.y(static_cast<Eigen::Index>(i));
  mean /= n;
  for (std::size_t i : on) dev += std::abs(data.y(static_cast<Eigen::Index>(i)) - mean);
  return dev / n / n;
}

std::uint64_t null_fit_seed(const Options& o, std::uint64_t seed, std::size_t s) {
  return o.null_seeds == NullSeeds::fresh ? rng::derive(seed, 5, s) : rng::derive(seed, 5);
}

std::uint64_t shadow_fit_seed(const Options& o, std::uint64_t seed, std::size_t s) {
  if (o.null_matrix == NullMatrix::all) return null_fit_seed(o, seed, s);  // the same fits give the score null
  if (o.null_seeds == NullSeeds::fresh) return rng::derive(seed, 5, s);
  return rng::derive(seed, 5, 1 + (s - 1) % kShadowSeedGroups);
}

std::uint64_t test_fit_seed(const Options& o, std::uint64_t seed, std::size_t j, std::size_t r) {
  switch (o.null_seeds) {
    case NullSeeds::fixed: return rng::derive(seed, 9);
    case NullSeeds::shared: return rng::derive(seed, 5);
    case NullSeeds::fresh: return rng::derive(seed, 9, j, r);
  }
  return rng::derive(seed, 9);
}

std::uint64_t test_permutation_seed(std::uint64_t seed, std::size_t j, std::size_t r) {
  return r == 0 ? rng::derive(seed, 7, j) : rng::derive(seed, 7, j, r);
}

FitQuery null_query(FitKind kind, std::size_t s, const std::vector<std::size_t>& base,
                    const std::vector<std::size_t>& pool, std::size_t n, std::uint64_t stream_seed,
                    std::uint64_t fit_seed) {
  rng::Rng r(stream_seed);
  const std::size_t c = pool[static_cast<std::size_t>(r.bounded(pool.size()))];
  FitQuery q;
  q.kind = kind;
  q.sample = s;
  q.columns = base;
  q.columns.push_back(c);
  q.permuted = base.size();
  q.permutation = r.permutation(n);
  q.fit_seed = fit_seed;
  return q;
}

namespace {

// The constant model's margins: the training rows' majority class (lowest code on ties), or their mean.
Eigen::MatrixXd constant_margins(const forest::Target& target, const std::vector<std::size_t>& train) {
  const std::size_t n = target.n_rows();
  Eigen::MatrixXd m(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(target.n_outputs()));
  auto each_train = [&](auto f) {
    if (train.empty())
      for (std::size_t i = 0; i < n; ++i) f(i);
    else
      for (std::size_t i : train) f(i);
  };
  if (target.objective() == forest::Objective::regression) {
    double s = 0.0;
    std::size_t c = 0;
    each_train([&](std::size_t i) { s += target.values()[i], ++c; });
    m.setConstant(s / static_cast<double>(c));
    return m;
  }
  std::vector<std::size_t> counts(target.n_classes(), 0);
  each_train([&](std::size_t i) { ++counts[static_cast<std::size_t>(target.labels()[i])]; });
  const std::size_t major = static_cast<std::size_t>(std::max_element(counts.begin(), counts.end()) - counts.begin());
  if (target.objective() == forest::Objective::binary) {
    m.setConstant(major == 1 ? 1.0 : -1.0);
  } else {
    m.setZero();
    m.col(static_cast<Eigen::Index>(major)).setOnes();
  }
  return m;
}

}  // namespace

namespace {

forest::Params forest_params(const Options& o) {
  forest::Params p;
  p.n_trees = o.trees;
  p.max_depth = o.forest.max_depth;
  p.feature_fraction = o.feature_fraction;
  p.feature_sampling = o.feature_sampling;
  p.row_fraction = o.forest.row_fraction;
  p.min_leaf_rows = o.forest.min_leaf.value_or(forest::kDefaultMinLeaf);  // run() resolves auto first
  p.engine = o.forest.engine;
  return p;
}

forest::Design query_design(const forest::BinnedData& bins, const FitQuery& q) {
  forest::Design design(bins);
  for (std::size_t pos = 0; pos < q.columns.size(); ++pos) {
    if (q.permuted && *q.permuted == pos)
      design.add_permuted(q.columns[pos], q.permutation);
    else
      design.add(q.columns[pos]);
  }
  return design;
}

}  // namespace

std::optional<std::vector<double>> shared_shadow_importances(const forest::BinnedData& bins,
                                                             const forest::Target& target, const Options& o,
                                                             const ScoreRows& rows,
                                                             const std::vector<FitQuery>& nulls, unsigned threads) {
  // A boosted null's later rounds depend on its earlier ones: no tree is shared.
  if (nulls.empty() || o.importance_model == ImportanceModel::boosted || o.null_matrix == NullMatrix::all ||
      o.null_seeds == NullSeeds::fresh ||
      o.forest.engine != forest::Engine::native || o.feature_sampling != forest::FeatureSampling::tree)
    return std::nullopt;
  for (const FitQuery& q : nulls)
    if (q.kind != FitKind::shadow_null || q.columns.empty() || !q.permuted || *q.permuted + 1 != q.columns.size() ||
        !std::equal(q.columns.begin(), q.columns.end() - 1, nulls.front().columns.begin(),
                    nulls.front().columns.end() - 1))
      return std::nullopt;
  // The nulls of one forest seed share their trees; one call per seed, in the order the seeds first appear.
  std::vector<double> importances(nulls.size());
  std::vector<bool> done(nulls.size(), false);
  forest::FitRequest request;
  request.rows = rows.train;
  request.threads = threads;
  for (std::size_t first = 0; first < nulls.size(); ++first) {
    if (done[first]) continue;
    std::vector<std::size_t> group;
    for (std::size_t s = first; s < nulls.size(); ++s)
      if (nulls[s].fit_seed == nulls[first].fit_seed) group.push_back(s), done[s] = true;
    std::vector<forest::Design> designs;
    designs.reserve(group.size());
    for (std::size_t s : group) designs.push_back(query_design(bins, nulls[s]));
    std::vector<const forest::Design*> ptrs;
    for (const forest::Design& d : designs) ptrs.push_back(&d);
    const std::vector<double> got =
        forest::last_column_importances(ptrs, target, forest_params(o), nulls[first].fit_seed, request);
    for (std::size_t k = 0; k < group.size(); ++k) importances[group[k]] = got[k];
  }
  return importances;
}

FitProvider forest_fits(const forest::BinnedData& bins, const forest::Target& target, const Options& o,
                        const ScoreRows& rows, std::size_t test_min_leaf) {
  const forest::Params p_all = forest_params(o);
  forest::Params p_v = p_all;
  p_v.min_leaf_rows = test_min_leaf;
  return [&bins, &target, &rows, p_all, p_v, score_kind = o.score, metric = o.metric,
          null_all = o.null_matrix == NullMatrix::all,
          boosted = o.importance_model == ImportanceModel::boosted](const FitQuery& q) {
    const bool on_all_columns = q.kind == FitKind::importance || q.kind == FitKind::shadow_null;
    const forest::Params& p = on_all_columns ? p_all : p_v;
    FitOutcome out;
    const bool need_score = q.kind != FitKind::shadow_null || null_all;
    const std::vector<std::size_t>& score_on = rows.score.empty() ? rows.train : rows.score;
    if (q.columns.empty()) {  // --perturbation remove with V = {j}
      out.score = forest::score(constant_margins(target, rows.train), target, score_on, metric);
      return out;
    }
    const forest::Design design = query_design(bins, q);
    forest::FitRequest request;
    request.rows = rows.train;
    request.threads = q.threads;  // 1 for a task of the run's pool: never nested
    request.margins = need_score && score_kind != ScoreKind::oob;
    request.oob = need_score && score_kind == ScoreKind::oob;
    // A shadow-null fit without a score reads only the permuted column's importance.
    if (!need_score && q.permuted) request.importance_of = *q.permuted;
    forest::FitResult fit;
    if (boosted && on_all_columns) {
      request.importance_of.reset();  // validate() keeps score oob and null_matrix all away from boosting
      forest::BoostParams boost;
      boost.rounds = p.n_trees;
      boost.learning_rate = kBoostLearningRate;
      fit = forest::fit_boosted(design, target, p, boost, q.fit_seed, request);
    } else {
      fit = forest::fit(design, target, p, q.fit_seed, request);
    }
    out.importance = std::move(fit.importance);
    if (need_score)
      out.score = forest::score(score_kind == ScoreKind::oob ? fit.oob_margins : fit.margins, target, score_on, metric);
    return out;
  };
}

}  // namespace featrel::sfc::detail
