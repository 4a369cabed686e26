// Hyperparameter search (docs/fri.md#hyperparameter-search): featrel's stratified, shuffled k-fold grid search with the smallest-C tie
// rule, and the reference's random search (compat mode).
//
// One LP per (fold, ε) task serves the whole C path: the held-out rows are freed once (set_active_samples) and
// C goes up, each fit warm-started from the previous C's basis on its lazy working set (docs/fri.md#performance item 5). The
// first fold's bases are kept so that the baseline on all rows can start from the chosen point's basis.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

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
              std::vector<std::vector<double>>& scores, std::vector<std::vector<double>>& norms,
              std::vector<LpBasis>& first_fold_bases) {
  const int k = static_cast<int>(folds.train.size());
  const std::size_t n_tasks = static_cast<std::size_t>(k) * runs.size();
  scores.assign(cand.size(), std::vector<double>(static_cast<std::size_t>(k), 0.0));
  norms.assign(cand.size(), std::vector<double>(static_cast<std::size_t>(k), 0.0));
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
          scores[run[q]][static_cast<std::size_t>(f)] =
              score(lp, fit, pb, o, folds.test[static_cast<std::size_t>(f)]);
          norms[run[q]][static_cast<std::size_t>(f)] = fit.l1_norm;
          if (f == 0) first_fold_bases[run[q]] = prev;
        }
        counters[t] = lp.counters();
      },
      ctx, "fri: search");
  for (const LpCounters& c : counters) phase.add(c);
}

// Held-out score of constant predictions, one value per test sample (see score_values()).
double constant_score(const Problem& pb, const Options& o, const std::vector<int>& train, const std::vector<int>& test) {
  // The constant model's prediction from the training rows: the majority class (ties: the positive class), the
  // median of y or the median level, which is what a model without weights minimising an L1-type loss predicts.
  double c = 0.0;
  if (pb.task == LpTask::classification) {
    long pos = 0;
    for (int i : train) pos += pb.y[i] > 0 ? 1 : 0;
    c = 2 * pos >= static_cast<long>(train.size()) ? 1.0 : -1.0;
  } else {
    std::vector<double> v;
    for (int i : train) v.push_back(pb.y[i]);
    c = stats::median(v);
    if (pb.task == LpTask::ordinal) c = std::floor(c);
  }
  return score_values(pb, o, test, std::vector<double>(test.size(), c));
}

// The CV curve of the candidates: mean and SD over folds, the degenerate (weightless) points, the score's name
// and the constant model's score on the same folds.
Hyper curve(const Problem& pb, const Options& o, const std::vector<Candidate>& cand, const Folds& folds,
            const std::vector<std::vector<double>>& scores, const std::vector<std::vector<double>>& norms) {
  Hyper h;
  h.searched = true;
  h.cv_folds = static_cast<int>(folds.train.size());
  h.score_name = score_name(pb, o);
  for (std::size_t i = 0; i < cand.size(); ++i) {
    GridPoint g;
    g.C = cand[i].C;
    g.epsilon = cand[i].epsilon;
    g.fold_scores = scores[i];
    summarise(g);
    g.degenerate = std::all_of(norms[i].begin(), norms[i].end(), [](double N) { return !(N > kConstantModelNorm); });
    h.grid.push_back(g);
  }
  std::vector<double> chance;
  for (std::size_t f = 0; f < folds.train.size(); ++f) chance.push_back(constant_score(pb, o, folds.train[f], folds.test[f]));
  h.chance_score = stats::mean(chance);
  h.chance_sd = chance.size() >= 2 ? stats::sd(chance, stats::SdKind::sample) : 0.0;
  std::size_t best = 0;
  for (std::size_t i = 1; i < h.grid.size(); ++i)
    if (h.grid[i].score > h.grid[best].score) best = i;
  h.best = best;
  for (GridPoint& g : h.grid) g.tied = g.score >= h.grid[best].score - o.tie_tolerance;
  return h;
}

std::string score_text(const Hyper& h, const GridPoint& g) {
  return format_fixed(g.score, 4) + " ± " + format_fixed(g.score_sd, 4) + " (SD over " + std::to_string(h.cv_folds) +
         " folds)";
}

// featrel's rule (docs/fri.md#hyperparameter-search): among the points tied with the best mean score, those with
// weights before the constant model, then the smallest C, then the largest ε.
// Returns the tied points in that order of preference.
std::vector<std::size_t> choose_smallest_tied(Hyper& h, const Options& o) {
  std::vector<std::size_t> order;
  int n_tied = 0, n_degenerate = 0;
  for (std::size_t i = 0; i < h.grid.size(); ++i) {
    if (!h.grid[i].tied) continue;
    order.push_back(i);
    ++n_tied;
    n_degenerate += h.grid[i].degenerate ? 1 : 0;
  }
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const GridPoint &x = h.grid[a], &y = h.grid[b];
    if (x.degenerate != y.degenerate) return !x.degenerate;
    if (x.C != y.C) return x.C < y.C;
    return x.epsilon > y.epsilon;
  });
  const std::size_t chosen = order.front();
  h.chosen = chosen;
  const GridPoint& c = h.grid[chosen];
  h.reason = "highest mean " + h.score_name + ", " + score_text(h, c);
  if (n_tied > 1)
    h.reason += "; " + std::to_string(n_tied) + " points tied within tie_tolerance " + format_number(o.tie_tolerance) +
                " and the smallest C" + (n_degenerate > 0 && !c.degenerate ? " with weights" : "") + " won";
  if (n_degenerate > 0 && !c.degenerate)
    h.reason += " (" + std::to_string(n_degenerate) + " tied point" + (n_degenerate == 1 ? "" : "s") +
                " without weights passed over)";
  if (c.degenerate) h.reason += "; every tied point is the constant model (no weights)";
  return order;
}

}  // namespace

void measure_flatness(Hyper& h) {
  if (!h.chosen) return;
  const GridPoint& c = h.grid[*h.chosen];
  CurveFlatness& f = h.flatness;
  f = CurveFlatness{};
  f.sd = c.score_sd;
  f.c_min = f.c_max = c.C;
  for (const GridPoint& g : h.grid) {
    if (!(g.score >= c.score - f.sd)) continue;
    f.c_min = std::min(f.c_min, g.C);
    f.c_max = std::max(f.c_max, g.C);
    if (f.sd > 0 && std::abs(std::log10(g.C / c.C)) >= 1.0 - 1e-9) f.flat = true;
  }
}

namespace {

SearchOutcome grid_search(const Problem& pb, const Options& o, const RunContext& ctx, PhaseAccumulator& phase) {
  const bool regression = pb.task == LpTask::regression;
  const std::vector<double> Cs = o.C ? std::vector<double>{*o.C} : o.c_grid;
  std::vector<double> eps{0.0};
  if (regression) {
    if (o.epsilon) {
      eps = {*o.epsilon / pb.y_unit};
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
  std::vector<std::vector<double>> scores, norms;
  std::vector<LpBasis> bases;
  evaluate(pb, o, cand, folds, runs, ctx, phase, scores, norms, bases);

  SearchOutcome out;
  Hyper& h = out.hyper;
  h = curve(pb, o, cand, folds, scores, norms);
  out.preference = choose_smallest_tied(h, o);
  measure_flatness(h);
  h.C = h.grid[*h.chosen].C;
  h.epsilon = h.grid[*h.chosen].epsilon;
  out.warm = bases[*h.chosen];
  out.bases = std::move(bases);
  return out;
}

// fri 8.1.0: 10 random draws, C log-uniform on [1e-5, 1e5], ε uniform from a fixed list (regression), unshuffled
// unstratified k-fold, the first best draw wins (weightless or not).
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
      c.epsilon = (o.epsilon ? *o.epsilon : e) / pb.y_unit;  // the reference's ε are in y's units
    }
    cand.push_back(c);
  }
  std::vector<std::vector<std::size_t>> runs(1);
  for (std::size_t i = 0; i < cand.size(); ++i) runs[0].push_back(i);
  const Folds folds = folds_from_ids(search_fold_ids(pb, o.cv_folds, true), o.cv_folds);
  std::vector<std::vector<double>> scores, norms;
  std::vector<LpBasis> bases;
  evaluate(pb, o, cand, folds, runs, ctx, phase, scores, norms, bases);

  SearchOutcome out;
  Hyper& h = out.hyper;
  h = curve(pb, o, cand, folds, scores, norms);
  h.chosen = h.best;
  h.reason = "the first draw with the highest mean " + h.score_name + ", " + score_text(h, h.grid[*h.best]) +
             " (fri 8.1.0's rule)";
  measure_flatness(h);
  h.C = h.grid[*h.chosen].C;
  h.epsilon = h.grid[*h.chosen].epsilon;
  out.warm = bases[*h.chosen];
  return out;
}

}  // namespace

std::string score_name(const Problem& pb, const Options& o) {
  switch (pb.task) {
    case LpTask::classification: return to_string(o.cv_score);
    case LpTask::regression: return "r2";
    case LpTask::ordinal: return "one_minus_mmae";
  }
  return "";
}

std::string score_words(std::string_view name) {
  if (name == "balanced_accuracy") return "balanced accuracy";
  if (name == "macro_f1") return "macro F1";
  if (name == "weighted_f1") return "weighted F1";
  if (name == "r2") return "R²";
  if (name == "one_minus_mmae") return "1 − MMAE/(K−1)";
  return std::string(name);
}

double score_values(const Problem& pb, const Options& o, const std::vector<int>& samples,
                    const std::vector<double>& pred) {
  switch (pb.task) {
    case LpTask::classification: {
      std::vector<int> t(samples.size()), p(samples.size());
      for (std::size_t q = 0; q < samples.size(); ++q) {
        t[q] = pb.y[samples[q]] > 0 ? 1 : 0;
        p[q] = pred[q] > 0 ? 1 : 0;
      }
      switch (o.cv_score) {
        case CvScore::weighted_f1: return metrics::weighted_f1(t, p, 2);
        case CvScore::macro_f1: return metrics::macro_f1(t, p, 2);
        case CvScore::balanced_accuracy: {
          // The mean recall over the classes present: sensitivity and specificity of the shared confusion
          // measures. Predicting one class for every row scores exactly 0.5 whatever the class sizes.
          const metrics::Confusion c = metrics::confusion(t, p, 1);
          double sum = 0.0;
          int m = 0;
          if (c.positives() > 0) sum += metrics::sensitivity(c).value, ++m;
          if (c.negatives() > 0) sum += metrics::specificity(c).value, ++m;
          return m > 0 ? sum / m : 0.0;
        }
      }
      return 0.0;
    }
    case LpTask::regression: {
      std::vector<double> t(samples.size());
      for (std::size_t q = 0; q < samples.size(); ++q) t[q] = pb.y[samples[q]];
      return metrics::r2(t, pred);
    }
    case LpTask::ordinal: {
      std::vector<int> t(samples.size()), p(samples.size());
      for (std::size_t q = 0; q < samples.size(); ++q) {
        t[q] = static_cast<int>(pb.y[samples[q]]);
        p[q] = static_cast<int>(pred[q]);
      }
      const double mmae = metrics::macro_mae(t, p, pb.n_levels);
      return 1.0 - mmae / static_cast<double>(pb.n_levels - 1);
    }
  }
  return 0.0;
}

double score(const LpSvm& lp, const LpModelFit& fit, const Problem& pb, const Options& o,
             const std::vector<int>& samples) {
  std::vector<double> pred(samples.size());
  if (pb.task == LpTask::regression) {
    const Eigen::VectorXd v = lp.decision_values(fit, samples);
    for (std::size_t q = 0; q < samples.size(); ++q) pred[q] = v[static_cast<Eigen::Index>(q)];
  } else {
    const std::vector<int> labels = lp.predict_labels(fit, samples);
    for (std::size_t q = 0; q < samples.size(); ++q) pred[q] = labels[q];
  }
  return score_values(pb, o, samples, pred);
}

SearchOutcome search(const Problem& pb, const Options& o, const RunContext& ctx, PhaseAccumulator& phase) {
  const bool regression = pb.task == LpTask::regression;
  const bool needed = !o.C || (regression && !o.epsilon);
  if (!needed) {
    SearchOutcome out;
    out.hyper.C = *o.C;
    out.hyper.epsilon = regression ? *o.epsilon / pb.y_unit : 0.0;
    out.hyper.searched = false;
    return out;
  }
  return o.reference ? reference_search(pb, o, ctx, phase) : grid_search(pb, o, ctx, phase);
}

}  // namespace featrel::fri::detail
