// Hyperparameter search (docs/fri.md#hyperparameter-search): featrel's stratified, shuffled k-fold grid search with the smallest-C tie
// rule, and the reference's random search (compat mode).
//
// One LP per (fold, ε) task serves the whole C path: the held-out rows are freed once (set_active_samples) and
// C goes up, each fit warm-started from the previous C's basis on its lazy working set (docs/fri.md#performance item 5). The
// first fold's bases are kept so that the baseline on all rows can start from the chosen point's basis.
#include <algorithm>
#include <cmath>
#include <limits>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/metrics.hpp"
#include "featrel/rng.hpp"
#include "featrel/splits.hpp"
#include "featrel/stats.hpp"
#include "featrel/thread_pool.hpp"
#include "methods/fri/fri_internal.hpp"

namespace featrel::fri::detail {

namespace {

// ε values of the reference's random search (units of y).
constexpr double kReferenceEpsilons[] = {0.0, 0.001, 0.01, 0.1, 1.0, 10.0, 100.0};
constexpr int kReferenceDraws = 10;

struct Folds {
  std::vector<std::vector<int>> train, test;
};

Folds folds_from_ids(const std::vector<int>& id, int k) {
  Folds f;
  f.train.resize(static_cast<std::size_t>(k));
  f.test.resize(static_cast<std::size_t>(k));
  for (std::size_t i = 0; i < id.size(); ++i)
    for (int q = 0; q < k; ++q) (id[i] == q ? f.test : f.train)[static_cast<std::size_t>(q)].push_back(static_cast<int>(i));
  return f;
}

}  // namespace

std::vector<int> search_fold_ids(const Problem& pb, int k, bool reference) {
  if (reference) {
    // scikit-learn KFold(k) without shuffling: contiguous blocks, the first n mod k one row longer.
    const int n = pb.n();
    std::vector<int> id(static_cast<std::size_t>(n));
    int start = 0;
    for (int q = 0; q < k; ++q) {
      const int size = n / k + (q < n % k ? 1 : 0);
      for (int i = start; i < start + size; ++i) id[static_cast<std::size_t>(i)] = q;
      start += size;
    }
    return id;
  }
  // featrel: stratified by class or level, shuffled with the run seed; regression: ranks in blocks of k.
  const std::uint64_t seed = rng::derive(pb.seed, "cv");
  return pb.task == LpTask::regression ? regression_kfold(pb.y, static_cast<std::size_t>(k), seed)
                                       : stratified_kfold(pb.strata, pb.n_strata, static_cast<std::size_t>(k), seed);
}

namespace {

std::string context(const Problem& pb, int fold, const std::string& what) {
  return "fri: " + pb.prefix() + "hyperparameter search, fold " + std::to_string(fold + 1) + ", " + what;
}

// Mean and sample sd of a point's fold scores.
void summarise(GridPoint& g) {
  g.score = stats::mean(g.fold_scores);
  g.score_sd = g.fold_scores.size() >= 2 ? stats::sd(g.fold_scores, stats::SdKind::sample) : 0.0;
}

// One search candidate: (C, ε) in the order the fold LPs visit them.
struct Candidate {
  double C = 0.0, epsilon = 0.0;
};

// Fits every candidate on every fold. Candidates with equal ε form runs that one LP walks in order, warm-starting
// each fit from the previous one; a new ε changes the data rows' bounds (the lazy check keeps it exact).
// Returns scores[candidate][fold] and the first fold's basis per candidate.
void evaluate(const Problem& pb, const Options& o, const std::vector<Candidate>& cand, const Folds& folds,
              const std::vector<std::vector<std::size_t>>& runs, const RunContext& ctx, PhaseAccumulator& phase,
              std::vector<std::vector<double>>& scores, std::vector<LpBasis>& first_fold_bases) {
  const int k = static_cast<int>(folds.train.size());
  const std::size_t n_tasks = static_cast<std::size_t>(k) * runs.size();
  scores.assign(cand.size(), std::vector<double>(static_cast<std::size_t>(k), 0.0));
  first_fold_bases.assign(cand.size(), LpBasis{});
  std::vector<LpCounters> counters(n_tasks);
  parallel_for(
      n_tasks,
      [&](std::size_t t) {
        const int f = static_cast<int>(t % static_cast<std::size_t>(k));
        const std::vector<std::size_t>& run = runs[t / static_cast<std::size_t>(k)];
        LpSvm lp = make_lp(pb, o, cand[run.front()].epsilon);
        lp.set_active_samples(folds.train[static_cast<std::size_t>(f)]);
        LpBasis prev;
        for (std::size_t q = 0; q < run.size(); ++q) {
          ctx.check_cancel();
          const Candidate& c = cand[run[q]];
          LpModelFit fit;
          try {
            if (pb.task == LpTask::regression) lp.set_epsilon(c.epsilon);
            fit = q == 0 ? lp.fit_baseline(c.C) : lp.fit_baseline(c.C, prev);
          } catch (const SolverError& e) {
            throw SolverError(context(pb, f, e.what()));
          }
          prev = lp.save_basis();
          scores[run[q]][static_cast<std::size_t>(f)] = score(lp, fit, pb, folds.test[static_cast<std::size_t>(f)]);
          if (f == 0) first_fold_bases[run[q]] = prev;
        }
        counters[t] = lp.counters();
      },
      ctx, "fri: search");
  for (const LpCounters& c : counters) phase.add(c);
}

SearchOutcome grid_search(const Problem& pb, const Options& o, const RunContext& ctx, PhaseAccumulator& phase) {
  const bool regression = pb.task == LpTask::regression;
  const std::vector<double> Cs = o.C ? std::vector<double>{*o.C} : o.c_grid;
  std::vector<double> eps{0.0};
  if (regression) {
    if (o.epsilon) {
      eps = {*o.epsilon};
    } else {
      eps.clear();
      for (double e : o.epsilon_grid) eps.push_back(e * pb.s_y);
    }
  }
  // Grid order: C ascending, then ε ascending. Runs: one per ε, C ascending.
  std::vector<Candidate> cand;
  for (double C : Cs)
    for (double e : eps) cand.push_back({C, e});
  std::vector<std::vector<std::size_t>> runs(eps.size());
  for (std::size_t i = 0; i < cand.size(); ++i) runs[i % eps.size()].push_back(i);

  const Folds folds = folds_from_ids(search_fold_ids(pb, o.cv_folds, false), o.cv_folds);
  std::vector<std::vector<double>> scores;
  std::vector<LpBasis> bases;
  evaluate(pb, o, cand, folds, runs, ctx, phase, scores, bases);

  SearchOutcome out;
  Hyper& h = out.hyper;
  h.searched = true;
  h.cv_folds = o.cv_folds;
  for (std::size_t i = 0; i < cand.size(); ++i) {
    GridPoint g;
    g.C = cand[i].C;
    g.epsilon = cand[i].epsilon;
    g.fold_scores = scores[i];
    summarise(g);
    h.grid.push_back(g);
  }
  // Highest mean score; points within tie_tolerance tie, and the smallest C wins, then the largest ε (the most
  // regularised model of equal CV quality, docs/fri.md#hyperparameter-search).
  double best = -std::numeric_limits<double>::infinity();
  for (const GridPoint& g : h.grid) best = std::max(best, g.score);
  std::size_t chosen = 0;
  bool found = false;
  for (std::size_t i = 0; i < h.grid.size(); ++i) {
    const GridPoint& g = h.grid[i];
    if (g.score < best - o.tie_tolerance) continue;
    if (!found) {
      chosen = i;
      found = true;
      continue;
    }
    const GridPoint& c = h.grid[chosen];
    if (g.C < c.C || (g.C == c.C && g.epsilon > c.epsilon)) chosen = i;
  }
  h.chosen = chosen;
  h.C = h.grid[chosen].C;
  h.epsilon = h.grid[chosen].epsilon;
  out.warm = bases[chosen];
  return out;
}

// fri 8.1.0: 10 random draws, C log-uniform on [1e-5, 1e5], ε uniform from a fixed list (regression), unshuffled
// unstratified k-fold, the first best draw wins.
SearchOutcome reference_search(const Problem& pb, const Options& o, const RunContext& ctx, PhaseAccumulator& phase) {
  const bool regression = pb.task == LpTask::regression;
  rng::Rng g(rng::derive(pb.seed, "reference_search"));
  std::vector<Candidate> cand;
  for (int t = 0; t < kReferenceDraws; ++t) {
    Candidate c;
    const double logc = g.uniform(-5.0, 5.0);
    c.C = o.C ? *o.C : std::pow(10.0, logc);
    if (regression) {
      const double e = kReferenceEpsilons[g.bounded(7)];
      c.epsilon = o.epsilon ? *o.epsilon : e;
    }
    cand.push_back(c);
  }
  std::vector<std::vector<std::size_t>> runs(1);
  for (std::size_t i = 0; i < cand.size(); ++i) runs[0].push_back(i);
  const Folds folds = folds_from_ids(search_fold_ids(pb, o.cv_folds, true), o.cv_folds);
  std::vector<std::vector<double>> scores;
  std::vector<LpBasis> bases;
  evaluate(pb, o, cand, folds, runs, ctx, phase, scores, bases);

  SearchOutcome out;
  Hyper& h = out.hyper;
  h.searched = true;
  h.cv_folds = o.cv_folds;
  std::size_t chosen = 0;
  for (std::size_t i = 0; i < cand.size(); ++i) {
    GridPoint p;
    p.C = cand[i].C;
    p.epsilon = cand[i].epsilon;
    p.fold_scores = scores[i];
    summarise(p);
    h.grid.push_back(p);
    if (p.score > h.grid[chosen].score) chosen = i;
  }
  h.chosen = chosen;
  h.C = h.grid[chosen].C;
  h.epsilon = h.grid[chosen].epsilon;
  out.warm = bases[chosen];
  return out;
}

}  // namespace

double score(const LpSvm& lp, const LpModelFit& fit, const Problem& pb, const std::vector<int>& samples) {
  switch (pb.task) {
    case LpTask::classification: {
      const std::vector<int> pred = lp.predict_labels(fit, samples);
      std::vector<int> t(samples.size()), p(samples.size());
      for (std::size_t q = 0; q < samples.size(); ++q) {
        t[q] = pb.y[samples[q]] > 0 ? 1 : 0;
        p[q] = pred[q] > 0 ? 1 : 0;
      }
      return metrics::weighted_f1(t, p, 2);
    }
    case LpTask::regression: {
      const Eigen::VectorXd v = lp.decision_values(fit, samples);
      std::vector<double> t(samples.size()), p(samples.size());
      for (std::size_t q = 0; q < samples.size(); ++q) {
        t[q] = pb.y[samples[q]];
        p[q] = v[static_cast<Eigen::Index>(q)];
      }
      return metrics::r2(t, p);
    }
    case LpTask::ordinal: {
      const std::vector<int> pred = lp.predict_labels(fit, samples);
      std::vector<int> t(samples.size());
      for (std::size_t q = 0; q < samples.size(); ++q) t[q] = static_cast<int>(pb.y[samples[q]]);
      const double mmae = metrics::macro_mae(t, pred, pb.n_levels);
      return 1.0 - mmae / static_cast<double>(pb.n_levels - 1);
    }
  }
  return 0.0;
}

SearchOutcome search(const Problem& pb, const Options& o, const RunContext& ctx, PhaseAccumulator& phase) {
  const bool regression = pb.task == LpTask::regression;
  const bool needed = !o.C || (regression && !o.epsilon);
  if (!needed) {
    SearchOutcome out;
    out.hyper.C = *o.C;
    out.hyper.epsilon = regression ? *o.epsilon : 0.0;
    out.hyper.searched = false;
    return out;
  }
  return o.reference ? reference_search(pb, o, ctx, phase) : grid_search(pb, o, ctx, phase);
}

}  // namespace featrel::fri::detail
