// featrel::sfc::run (docs/boruta.md#sfc-steps): Boruta for A; the importance model and the shadow null (Γ, M)
// as one pool of independent fits; V = A ∪ M; the score null on V and the strong tests of M as pools of
// independent fits; classes 2 / 1 / 0. Every fit's seeds come from the spec's derive paths, and results are
// collected by task index, so the result does not depend on the thread count.
#include <algorithm>
#include <chrono>
#include <limits>
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/rng.hpp"
#include "featrel/thread_pool.hpp"
#include "methods/boruta/boruta_internal.hpp"
#include "methods/boruta/sfc_internal.hpp"

namespace featrel::sfc {

namespace {

using Clock = std::chrono::steady_clock;

// Four significant digits for messages.
std::string format_sig(double v) { return format_significant(v, 4); }

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

void check_metric(const Dataset& data, const Options& o) {
  const bool regression = data.task == Task::regression;
  if (regression && o.metric == forest::Metric::accuracy)
    throw InputError("sfc: --metric accuracy needs a classification target; use r2 or mae for regression");
  if (!regression && (o.metric == forest::Metric::r2 || o.metric == forest::Metric::mae))
    throw InputError("sfc: --metric " + forest::to_string(o.metric) +
                     " needs a regression target; classification scores are accuracy");
}

Result run_impl(const Dataset& data, const Options& options, const RunContext& ctx, const FitProvider* fits_in,
                const boruta::ImportanceProvider* boruta_fits) {
  const Clock::time_point t0 = Clock::now();
  {
    Options checked = effective_options(options);
    validate(checked);
    check_metric(data, checked);
  }
  const std::uint64_t seed = ctx.seed;
  const detail::FitSetup setup = detail::fit_setup(data, options, seed);
  const Options& o = setup.o;
  const detail::ScoreRows& rows = setup.rows;
  const forest::LeafSize& leaf = setup.leaf;
  const std::size_t n = data.n_samples(), d = data.n_features();
  const std::vector<bool> constant = boruta::detail::constant_columns(data);
  std::vector<std::size_t> cand;  // the columns every fit may use
  for (std::size_t j = 0; j < d; ++j)
    if (!constant[j]) cand.push_back(j);
  if (cand.empty())
    throw InputError("sfc: all " + std::to_string(d) + " features of " + data.source +
                     " are constant; there is nothing to fit");

  Result r;
  r.task = data.task;
  r.options = o;
  r.importance_model_from_shape = effective_options(options).importance_model == ImportanceModel::automatic;
  r.seed = seed;
  r.threads = ctx.resolved_threads();
  r.scripted = fits_in != nullptr;
  r.warnings = data.warnings;
  if (leaf.adapted) r.warnings.push_back(leaf.note);
  r.test_min_leaf = setup.test_leaf.rows;
  r.features.assign(d, FeatureResult{});
  for (std::size_t j = 0; j < d; ++j) r.features[j].constant = constant[j];

  // Bin once; Boruta and every SFC fit read these codes.
  forest::BinnedData bins;
  std::optional<forest::Target> target;
  FitProvider forest_fitter;
  if (!fits_in || !boruta_fits) {
    bins = forest::bin(data.X, o.forest.max_bins);
    target = forest::Target::of(data);
  }
  if (!fits_in) forest_fitter = detail::forest_fits(bins, *target, o, rows, setup.test_leaf.rows);
  const FitProvider& fits = fits_in ? *fits_in : forest_fitter;
  // A scripted provider's fits only run here; the forest's can go out as the plan "sfc.fits".
  const detail::FitPlan plan{fits_in ? nullptr : &options, seed, d, n};

  // 1. A: Boruta with SFC's settings and seed derive(seed, 8).
  Clock::time_point t = Clock::now();
  r.boruta = boruta::detail::run_seeded(data, boruta_options(o), ctx, rng::derive(seed, 8), boruta_fits,
                                        boruta_fits ? nullptr : &bins, "sfc");
  r.seconds.boruta = since(t);
  for (const std::string& w : r.boruta.warnings) r.warnings.push_back(w);
  // A: the confirmed features and, by default, the tentatives Boruta's rough fix keeps (step 1). A member of a
  // large redundant group often stays undecided after max_iter fits: its partners share its splits.
  for (std::size_t j = 0; j < d; ++j) {
    const boruta::FeatureResult& b = r.boruta.features[j];
    r.features[j].boruta_decision = b.decision;
    r.features[j].in_all_relevant = b.decision == boruta::Decision::confirmed ||
                                    (o.tentatives_rough_fix && b.decision == boruta::Decision::tentative &&
                                     b.rough_fix_kept);
    if (r.features[j].in_all_relevant) r.all_relevant.push_back(j);
  }

  // 2–3. The importance model (task 0) and the α shadow-null fits on [X | permuted x_{c_s}] (tasks 1..α).
  ctx.check_cancel();
  t = Clock::now();
  const std::size_t alpha = static_cast<std::size_t>(o.n_resampling);
  std::vector<FitQuery> queries;
  {
    FitQuery q;
    q.kind = FitKind::importance;
    q.columns = cand;
    q.fit_seed = rng::derive(seed, 3);
    queries.push_back(std::move(q));
  }
  for (std::size_t s = 1; s <= alpha; ++s)
    queries.push_back(detail::null_query(FitKind::shadow_null, s, cand, cand, n, rng::derive(seed, 4, s),
                                         detail::shadow_fit_seed(o, seed, s)));
  // In this process the unscored shadow nulls share their trees (forest::last_column_importances, exact): each
  // differs from the others only in its appended column, which rarely wins a split.
  std::optional<std::vector<double>> shared_nulls;
  if (!fits_in && ctx.plan_executor == nullptr)
    shared_nulls = detail::shared_shadow_importances(
        bins, *target, o, rows, std::vector<FitQuery>(queries.begin() + 1, queries.end()), r.threads);
  std::vector<FitOutcome> out =
      detail::run_fits(shared_nulls ? std::vector<FitQuery>{queries.front()} : queries, fits, plan, ctx, "sfc: null");
  if (out[0].importance.size() != cand.size())
    throw std::logic_error("sfc: the importance fit returned " + std::to_string(out[0].importance.size()) +
                           " values for " + std::to_string(cand.size()) + " columns");
  for (std::size_t q = 0; q < cand.size(); ++q) r.features[cand[q]].importance = out[0].importance[q];
  r.model_score = out[0].score;
  for (std::size_t s = 1; s <= alpha; ++s) {
    if (shared_nulls) {
      r.null_shadow_importances.push_back((*shared_nulls)[s - 1]);
    } else {
      if (out[s].importance.size() != cand.size() + 1)
        throw std::logic_error("sfc: a shadow-null fit returned the wrong number of importances");
      r.null_shadow_importances.push_back(out[s].importance.back());
    }
    r.null_features.push_back(queries[s].columns.back());
  }
  r.shadow_interval = detail::shadow_null_interval(r.null_shadow_importances, o);
  if (o.n_resampling < 30)
    r.warnings.push_back("small_null: --n-resampling " + std::to_string(o.n_resampling) + " < 30 makes t_{α−1}⁻¹(1 − " +
                         format_number(o.fpr) + ") = " + format_number(r.shadow_interval.t_quantile) +
                         " large, and the intervals wide");
  // Sparse: more than half of the shadow importances 0 (all of them at 200 × 20,000); see step 5 below.
  const std::size_t zero_shadows = static_cast<std::size_t>(
      std::count(r.null_shadow_importances.begin(), r.null_shadow_importances.end(), 0.0));
  const bool sparse_null = 2 * zero_shadows > r.null_shadow_importances.size();
  r.borderline = detail::borderline_bound(r.null_shadow_importances, o, sparse_null);
  if (r.shadow_interval.sd == 0.0 && !sparse_null)
    r.warnings.push_back("degenerate_shadow_null: every shadow importance was " +
                         format_number(r.shadow_interval.mean) + "; M holds the features above it");
  for (std::size_t j : cand)
    if (r.features[j].importance > r.shadow_interval.upper) {
      r.minimal.push_back(j);
      r.features[j].in_minimal = true;
    }
  if (o.null_matrix == NullMatrix::all)
    for (std::size_t s = 1; s <= alpha; ++s) {
      r.null_scores.push_back(out[s].score);
      r.null_score_features.push_back(queries[s].columns.back());
    }
  r.seconds.importance = since(t);

  // 5. V = A ∪ M, A ∪ (M \ rejected) or A. A shadow null that is mostly zeros (one appended column among thousands
  // is rarely split) has no tail for Γ to describe, so under auto M may then not override a rejection: Boruta
  // rejected the feature with a significant test (docs/boruta.md#sfc-steps step 5).
  r.relevant_rule = o.relevant_set != RelevantSet::automatic ? o.relevant_set
                    : sparse_null                            ? RelevantSet::unrejected
                                                             : RelevantSet::union_set;
  std::size_t m_only = 0, m_held_back = 0;  // features of M \ A that enter V, and those the rule leaves out
  for (std::size_t j = 0; j < d; ++j) {
    const FeatureResult& f = r.features[j];
    const bool from_m = f.in_minimal && (r.relevant_rule == RelevantSet::union_set ||
                                         (r.relevant_rule == RelevantSet::unrejected &&
                                          f.boruta_decision != boruta::Decision::rejected));
    if (f.in_all_relevant || from_m) r.relevant.push_back(j);
    if (f.in_minimal && !f.in_all_relevant) ++(from_m ? m_only : m_held_back);
  }
  const std::string v_words = r.relevant_rule == RelevantSet::union_set    ? "A ∪ M"
                              : r.relevant_rule == RelevantSet::unrejected ? "A ∪ (M \\ rejected)"
                                                                           : "A";
  if (sparse_null)
    r.warnings.push_back(
        "sparse_shadow_null: " + std::to_string(zero_shadows) + " of " +
        std::to_string(r.null_shadow_importances.size()) + " shadow importances are 0 (an appended column among " +
        std::to_string(cand.size()) + " is rarely split), so Γ = " + format_sig(r.shadow_interval.upper) +
        " does not describe how far " + std::to_string(cand.size()) + " irrelevant importances reach and M may hold "
        "false positives; V = " + v_words + ": " + std::to_string(m_only) + " feature(s) enter V only through M, " +
        std::to_string(m_held_back) + " of M left out" +
        (o.relevant_set == RelevantSet::automatic ? " (--relevant-set auto: M does not override Boruta's rejections "
                                                    "when its null is sparse)"
                                                  : ""));
  if (r.all_relevant.empty())
    r.warnings.push_back(std::string("empty_all_relevant: Boruta confirmed no feature") +
                         (o.tentatives_rough_fix ? " and its rough fix kept no tentative" : "") +
                         (r.relevant_rule == RelevantSet::union_set    ? "; V = M"
                          : r.relevant_rule == RelevantSet::unrejected ? "; V = M \\ rejected"
                                                                       : ""));
  std::size_t own_fits = queries.size();

  if (r.relevant.empty()) {
    r.warnings.push_back("no_relevant_features: V = " + v_words + " is empty; every feature is irrelevant");
    // Nothing selected: does the data carry signal the tests did not resolve?
    if (!fits_in && target) {
      forest::Params p = boruta::forest_params(boruta_options(o), o.trees);
      p.feature_fraction = o.feature_fraction;
      r.chance_check = boruta::detail::chance_check(bins, *target, cand, p, rng::derive(seed, 11));
      if (r.chance_check->beats)
        r.warnings.push_back(
            "nothing_selected: SFC found no relevant feature, yet a forest on all features beats chance: " +
            r.chance_check->describe() + "; the signal is there but the tests did not resolve it: raise "
            "--boruta-max-iter (" + std::to_string(o.boruta_max_iter) + " now), loosen --boruta-alpha (" +
            format_number(o.boruta_alpha) + " now) or lower --boruta-perc (" + format_number(o.boruta_perc) +
            " now) for Boruta's set, and raise --fpr (" + format_number(o.fpr) + " now) for the minimal set");
    }
  } else {
    const std::vector<std::size_t>& V = r.relevant;
    // The features of M that are tested: M ∩ V (all of M under union; M ∩ A under --relevant-set boruta).
    std::vector<std::size_t> tested;
    for (std::size_t j : r.minimal)
      if (std::find(V.begin(), V.end(), j) != V.end()) tested.push_back(j);
    const bool shortcut = o.reference && V.size() == 1;  // squamish: S = M without a test

    // 6. Score null on [V | permuted v_{c_s}].
    ctx.check_cancel();
    t = Clock::now();
    if (o.null_matrix == NullMatrix::relevant) {
      std::vector<FitQuery> nq;
      for (std::size_t s = 1; s <= alpha; ++s)
        nq.push_back(detail::null_query(FitKind::score_null, s, V, V, n, rng::derive(seed, 6, s),
                                        detail::null_fit_seed(o, seed, s)));
      const std::vector<FitOutcome> no = detail::run_fits(nq, fits, plan, ctx, "sfc: null");
      for (std::size_t s = 0; s < alpha; ++s) {
        r.null_scores.push_back(no[s].score);
        r.null_score_features.push_back(nq[s].columns.back());
      }
      own_fits += nq.size();
    }
    const std::size_t reps = static_cast<std::size_t>(o.test_repeats);
    // The score moves in steps of its resolution g (one row of accuracy). A null that moves between two
    // neighbouring values in equal shares has SD g/2; a smaller SD means the null rarely leaves one value, which
    // reflects the frozen forest seed, not a score known to better than a row. So σ is floored at g/2 (not under
    // compat reference, which keeps squamish's statistics). A full g failed the linear-set strong-recall target.
    const double resolution = detail::score_resolution(data, o, rows);
    const double floor = 0.5 * resolution;
    const std::string matrix = o.null_matrix == NullMatrix::relevant ? "relevant" : "all";
    // Step 8's candidates are known now: with the strong tests they share test_alpha.
    const std::vector<detail::PartnerCandidate> partner_cands =
        o.partner_correlation > 0.0 && !shortcut
            ? detail::partner_candidates(data.X, V, constant, o.partner_correlation)
            : std::vector<detail::PartnerCandidate>{};
    // A candidate that nearly copies a member of V is weak through step 8c whatever its test says: not tested, so
    // it takes no share of test_alpha.
    std::vector<detail::PartnerCandidate> partner_tests;
    const double copy_r = shortcut ? 0.0 : o.copy_correlation;
    for (const detail::PartnerCandidate& c : partner_cands) {
      const bool copy = copy_r > 0.0 && std::any_of(c.partners.begin(), c.partners.end(), [&](std::size_t j) {
                          return detail::near_copy_correlation(data.X, c.feature, j, copy_r).has_value();
                        });
      if (copy) ++r.partners_as_copies;
      else partner_tests.push_back(c);
    }
    // Step 8b's: the search pool ranked by Boruta's median importance, features without one last.
    detail::ClusterSearch clusters;
    if (o.partner_correlation > 0.0 && o.cluster_tests > 0 && !shortcut) {
      std::vector<double> priority(d, -std::numeric_limits<double>::infinity());
      for (std::size_t j = 0; j < d; ++j)
        if (r.boruta.features[j].median_importance) priority[j] = *r.boruta.features[j].median_importance;
      clusters = detail::cluster_candidates(data.X, V, constant, partner_cands, priority, o.partner_correlation,
                                            static_cast<std::size_t>(o.cluster_tests), detail::kClusterPool, copy_r);
      r.cluster_pool = clusters.pool;
      r.cluster_qualified = clusters.qualified;
      r.cluster_represented = clusters.represented;
      const std::size_t to_test = clusters.qualified - clusters.represented;
      if (to_test > clusters.candidates.size())
        r.warnings.push_back("cluster_tests_capped: " + std::to_string(to_test) +
                             " features outside the relevant set correlate with another (|r| >= " +
                             format_number(o.partner_correlation) + ")" +
                             (clusters.represented > 0 ? ", one per group of near copies" : "") + "; the " +
                             std::to_string(clusters.candidates.size()) +
                             " with the largest Boruta importance were tested, the rest are reported irrelevant "
                             "untested; raise --cluster-tests (each test costs test_repeats + 1 fits and narrows "
                             "every test's level) to test more");
    }
    r.score_interval = o.reference ? detail::null_interval(r.null_scores, o, o.sided, matrix,
                                                           static_cast<double>(reps), 0.0)
                                   : detail::paired_score_interval(r.null_scores, o, matrix, floor,
                                                                   tested.size() + partner_tests.size() +
                                                                       clusters.candidates.size());
    const Interval& iv = *r.score_interval;
    r.null_zero_spread = iv.sd == 0.0;
    r.null_spread_floored = iv.sd_used > iv.sd;
    const std::string remedy = std::string("use --null-seeds fresh (forest seeds vary in the null") +
                               (o.reference ? ", with --fpr 0.01 to keep power" : "") +
                               ") or a larger --test-repeats, and read strong calls as fragile";
    if (r.null_zero_spread)
      r.warnings.push_back("degenerate_null: every null score was " + format_sig(iv.mean) +
                           ": the null has zero spread (one forest seed, and the permuted column changes no "
                           "prediction)" +
                           (r.null_spread_floored ? "; its SD is floored at half the score's resolution, " +
                                                        format_sig(floor) + " (half a row's worth of score)"
                                                  : std::string("; only a strictly ") +
                                                        (o.sided == stats::Sides::two ? "different" : "lower") +
                                                        " score is strong") +
                           "; " + remedy);
    else if (r.null_spread_floored) {
      // What the unfloored interval would have said about the model's own score: the evidence for the floor.
      const double raw_half = (iv.upper - iv.mean) * iv.sd / iv.sd_used;
      // (Only a model whose forest has the null's rows per leaf is comparable; see null_excludes_model below.)
      const bool raw_excludes = r.test_min_leaf == leaf.rows &&
                                (r.model_score < iv.mean - raw_half || r.model_score > iv.mean + raw_half);
      r.warnings.push_back("null_below_resolution: the null's SD " + format_sig(iv.sd) +
                           " is below half the score's resolution, " + format_sig(floor) +
                           (raw_excludes ? " (the interval it gives, [" + format_sig(iv.mean - raw_half) + ", " +
                                               format_sig(iv.mean + raw_half) + "], excludes the model's own score " +
                                               format_sig(r.model_score) + ")"
                                         : std::string()) +
                           "; the interval uses that floor, so a difference of a row or two is not strong; " +
                           remedy);
    }
    r.seconds.null = since(t);

    // 7. Tests: j permuted inside V (or removed), with the test forest seed.
    ctx.check_cancel();
    t = Clock::now();
    std::vector<bool> strong(d, false);
    if (shortcut) {
      for (std::size_t j : tested) strong[j] = true;
    } else {
      std::vector<FitQuery> tq;
      for (std::size_t j : tested)
        for (std::size_t rep = 0; rep < reps; ++rep) {
          FitQuery q;
          q.kind = FitKind::test;
          q.sample = j;
          q.repeat = rep;
          q.fit_seed = detail::test_fit_seed(o, seed, j, rep);
          if (o.perturbation == Perturbation::permute) {
            q.columns = V;
            q.permuted = static_cast<std::size_t>(std::find(V.begin(), V.end(), j) - V.begin());
            rng::Rng pr(detail::test_permutation_seed(seed, j, rep));
            q.permutation = pr.permutation(n);
          } else {
            for (std::size_t c : V)
              if (c != j) q.columns.push_back(c);
          }
          tq.push_back(std::move(q));
        }
      // Baselines: V unperturbed with each distinct test forest seed (one fit under fixed and shared seeds), so
      // a test is compared with its own forest without the perturbation: a feature whose destruction leaves the
      // score where it was is not strong, whatever the null says (not under compat reference).
      std::vector<std::uint64_t> baseline_seeds;
      if (!o.reference)
        for (const FitQuery& q : tq)
          if (std::find(baseline_seeds.begin(), baseline_seeds.end(), q.fit_seed) == baseline_seeds.end())
            baseline_seeds.push_back(q.fit_seed);
      const std::size_t n_test_baselines = baseline_seeds.size();
      const std::size_t n_tests = tq.size();
      for (std::size_t b = 0; b < baseline_seeds.size(); ++b) {
        FitQuery q;
        q.kind = FitKind::baseline;
        q.sample = b;
        q.columns = V;
        q.fit_seed = baseline_seeds[b];
        tq.push_back(std::move(q));
      }
      const std::vector<FitOutcome> to = detail::run_fits(tq, fits, plan, ctx, "sfc: tests");
      own_fits += tq.size();
      auto baseline_of = [&](std::uint64_t fit_seed) {
        const std::size_t b = static_cast<std::size_t>(
            std::find(baseline_seeds.begin(), baseline_seeds.end(), fit_seed) - baseline_seeds.begin());
        return to[n_tests + b].score;
      };
      if (n_test_baselines > 0) {
        double sum = 0.0;
        for (std::size_t b = 0; b < n_test_baselines; ++b) sum += to[n_tests + b].score;
        r.baseline_score = sum / static_cast<double>(n_test_baselines);
      }
      for (std::size_t q = 0; q < tested.size(); ++q) {
        const std::size_t j = tested[q];
        double sum = 0.0, base = 0.0;
        for (std::size_t rep = 0; rep < reps; ++rep) {
          sum += to[q * reps + rep].score;
          if (!baseline_seeds.empty()) base += baseline_of(tq[q * reps + rep].fit_seed);
        }
        const double score = sum / static_cast<double>(reps);
        FeatureResult& f = r.features[j];
        // Paired with its baseline: the test's effect is its change from its own unperturbed forest, placed on
        // the null's mean and judged by the null's spread, so the offset between the null's forest (another seed,
        // one column more) and the tests' forest, which σ_π does not contain, cannot make a feature strong.
        double centred = score;
        if (n_test_baselines > 0) {
          f.baseline_score = base / static_cast<double>(reps);
          centred = r.score_interval->mean + (score - *f.baseline_score);
        }
        const detail::TestVerdict v = detail::strong_test(centred, *r.score_interval, o);
        f.tested = true;
        f.test_score = score;
        f.test_statistic = v.statistic;
        f.test_p_value = v.p_value;
        strong[j] = v.strong;
        if (f.baseline_score) {
          // Lower: destroying j must lower the score below its own forest's; two-sided: at least change it.
          const bool changed = o.sided == stats::Sides::two ? score != *f.baseline_score : score < *f.baseline_score;
          if (!changed) strong[j] = false;
        }
      }
    }
    r.seconds.tests = since(t);
    for (std::size_t j : V) r.features[j].cls = strong[j] ? 2 : 1;

    // 8. Partners: features outside V that correlate with members of V, tested in their place; 8b, clusters:
    // features outside V that correlate with others outside V, tested added to V. One pool of fits.
    if (o.partner_correlation > 0.0 && !shortcut) {
      ctx.check_cancel();
      t = Clock::now();
      std::vector<detail::PartnerCandidate> step8 = partner_tests;
      step8.insert(step8.end(), clusters.candidates.begin(), clusters.candidates.end());
      own_fits += detail::partner_step(data, step8, o, seed, fits, plan, ctx, r);
      r.seconds.partners = since(t);
    }

    // One family for the strong, partner and cluster tests: their p-values adjusted over m, and Holm's step-down.
    if (!shortcut && iv.paired) detail::adjust_tests(r, static_cast<std::size_t>(iv.tests), o);
    if (!shortcut) detail::copy_step(data, constant, o.copy_correlation, r);
    if (o.partner_correlation > 0.0 && !shortcut) detail::partner_copies_warning(data, r);

    // The unperturbed scores (the model's own, the tests' baseline) belong inside the null interval; outside, the
    // null misses how much scores vary between forests and its verdicts are unreliable.
    // The model's own score is comparable only when its forest has the null's rows per leaf: under min_leaf auto the
    // fits on V may have smaller leaves (row 20), which raise in-sample scores, and the baseline alone then speaks.
    std::vector<std::pair<std::string, double>> unperturbed;
    if (r.test_min_leaf == leaf.rows) unperturbed.emplace_back("the model's own score", r.model_score);
    if (r.baseline_score) unperturbed.emplace_back("the tests' unperturbed baseline", *r.baseline_score);
    for (const auto& [what, value] : unperturbed)
      if (value < iv.lower || value > iv.upper) {
        r.null_excludes_model = true;
        r.warnings.push_back("null_excludes_model: " + what + " " + format_sig(value) + " lies " +
                             (value < iv.lower ? "below" : "above") + " the score interval [" +
                             format_sig(iv.lower) + ", " + format_sig(iv.upper) +
                             "]: the null does not cover the variation between forests, so its strong calls are "
                             "unreliable; " + remedy);
      }
  }

  detail::mark_borderline(data, r);
  for (std::size_t j = 0; j < d; ++j) {
    const int c = r.features[j].cls;
    (c == 2 ? r.strong : c == 1 ? r.weak : r.irrelevant).push_back(j);
  }
  r.n_fits = static_cast<std::size_t>(r.boruta.n_iterations) + own_fits;
  r.seconds.total = since(t0);
  return r;
}

}  // namespace

std::vector<std::size_t> Result::selected() const {
  std::vector<std::size_t> s;
  for (std::size_t j = 0; j < features.size(); ++j)
    if (features[j].cls > 0) s.push_back(j);
  return s;
}

Result run(const Dataset& data, const Options& options, const RunContext& ctx) {
  return run_impl(data, options, ctx, nullptr, nullptr);
}

Result run(const Dataset& data, const Options& options, const RunContext& ctx, const FitProvider& fits,
           const boruta::ImportanceProvider& boruta_fits) {
  return run_impl(data, options, ctx, &fits, &boruta_fits);
}

}  // namespace featrel::sfc
