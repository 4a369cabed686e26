// featrel::boruta::run: the Boruta loop (docs/boruta.md#the-boruta-loop). Each iteration k fits one forest on the
// non-rejected features plus shadows (seeds derive(seed, 1, k) for the fit and derive(seed, 2, k, q) for shadow
// q), takes the perc-percentile τ of the shadow importances, counts hits (importance > τ, strictly), and from
// `first_test_iter` on tests the hit counts. Iterations are sequential; the trees of one fit run in parallel
// blocks, so the result is the same for any thread count.
#include <algorithm>
#include <chrono>
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/rng.hpp"
#include "featrel/stats.hpp"
#include "methods/boruta/boruta_internal.hpp"

namespace featrel::boruta {

namespace detail {

Result run_seeded(const Dataset& data, const Options& options_in, const RunContext& ctx, std::uint64_t seed,
                  const ImportanceProvider* provider, const forest::BinnedData* bins_in, std::string_view method) {
  const auto t0 = std::chrono::steady_clock::now();
  validate(options_in);
  // min_leaf auto becomes a number here, so the fits, the checks and the options echo use the same value.
  Options options = resolve_model_preset(options_in, data.n_samples(), data.n_features());
  const forest::LeafSize leaf = forest::resolve_min_leaf(options.forest, data.n_samples());
  options.forest.min_leaf = leaf.rows;
  check_data(data, method, options.forest.row_fraction, leaf.rows, data.n_samples());
  const std::string stage = std::string(method) == "boruta" ? "boruta" : std::string(method) + ": boruta";
  const std::size_t d = data.n_features();
  const std::vector<bool> constant = constant_columns(data);

  Result r;
  r.task = data.task;
  r.options = options;
  r.preset_from_shape = options_in.model_preset == ModelPreset::automatic;
  r.seed = seed;
  r.threads = ctx.resolved_threads();
  r.scripted = provider != nullptr;
  if (method == "boruta") {
    r.warnings = data.warnings;  // SFC reports the data's warnings and the leaf-size note itself
    if (leaf.adapted) r.warnings.push_back(leaf.note);
  }
  r.features.assign(d, FeatureResult{});
  std::vector<Decision> decision(d, Decision::tentative);
  std::size_t n_constant = 0;
  for (std::size_t j = 0; j < d; ++j)
    if (constant[j]) {
      // Left out of every fit: rejected at iteration 0 (docs/architecture.md#constant-columns).
      decision[j] = Decision::rejected;
      r.features[j].decided_at = 0;
      r.features[j].constant = true;
      ++n_constant;
    }
  if (n_constant == d)
    throw InputError(std::string(method) + ": all " + std::to_string(d) + " features of " + data.source +
                     " are constant; there is nothing to fit");

  // The forest unless a provider was given; the data are binned once here unless the caller did.
  forest::BinnedData own_bins;
  std::optional<forest::Target> target;
  ImportanceProvider forest_fits;
  if (!provider) {
    if (!bins_in) {
      own_bins = forest::bin(data.X, options.forest.max_bins);
      bins_in = &own_bins;
    }
    target = forest::Target::of(data);
    forest_fits = forest_provider(*bins_in, *target, options, r.threads);
    provider = &forest_fits;
  }

  std::vector<int> hits(d, 0);
  std::vector<double> share_sum(d, 0.0);
  std::vector<int> active_iters(d, 0);
  int unchanged = 0;
  std::size_t max_shadows = 0;
  bool stopped_early = false;
  int k = 0;
  auto any_tentative = [&] {
    return std::any_of(decision.begin(), decision.end(), [](Decision x) { return x == Decision::tentative; });
  };
  while (any_tentative() && k < options.max_iter) {
    ctx.check_cancel();
    ++k;
    FitQuery q;
    q.iteration = k;
    for (std::size_t j = 0; j < d; ++j)
      if (decision[j] != Decision::rejected) q.active.push_back(j);
    const std::size_t n_a = q.active.size();
    q.n_trees = options.trees ? *options.trees : auto_trees(n_a, options.forest.max_depth);
    const std::size_t s = shadow_count(n_a);
    max_shadows = std::max(max_shadows, s);
    for (std::size_t sh = 0; sh < s; ++sh) {
      q.shadow_sources.push_back(q.active[sh % n_a]);
      q.shadow_seeds.push_back(rng::derive(seed, 2, k, sh));
    }
    q.fit_seed = rng::derive(seed, 1, k);

    const std::vector<double> imp = (*provider)(q);
    if (imp.size() != n_a + s)
      throw std::logic_error("boruta: the importance provider returned " + std::to_string(imp.size()) +
                             " values for " + std::to_string(n_a + s) + " columns");
    const std::vector<double> shadows(imp.begin() + static_cast<std::ptrdiff_t>(n_a), imp.end());
    const double tau = stats::percentile_linear(shadows, options.perc);
    r.threshold_history.push_back(tau);
    r.shadow_max_history.push_back(*std::max_element(shadows.begin(), shadows.end()));
    r.trees_history.push_back(q.n_trees);
    std::vector<std::optional<double>> row(d);
    std::vector<int> active_hits(n_a);
    // Shadows below each importance by binary search: counting them one by one was n_a·s comparisons per fit
    // (4·10⁸ at 20,000 features).
    std::vector<double> ascending = shadows;
    std::sort(ascending.begin(), ascending.end());
    for (std::size_t a = 0; a < n_a; ++a) {
      const std::size_t j = q.active[a];
      row[j] = imp[a];
      if (imp[a] > tau) ++hits[j];
      active_hits[a] = hits[j];
      const auto below = std::lower_bound(ascending.begin(), ascending.end(), imp[a]) - ascending.begin();
      share_sum[j] += static_cast<double>(below) / static_cast<double>(s);
      ++active_iters[j];
    }
    r.importance_history.push_back(std::move(row));

    bool changed = false;
    if (k >= options.first_test_iter) {
      const TestOutcome t = binomial_tests(active_hits, k, options.alpha, options.two_step, d);
      for (std::size_t a = 0; a < n_a; ++a) {
        const std::size_t j = q.active[a];
        r.features[j].p_accept = t.p_accept[a];
        r.features[j].p_reject = t.p_reject[a];
        if (decision[j] != Decision::tentative) continue;
        if (t.accept[a] || t.reject[a]) {
          decision[j] = t.accept[a] ? Decision::confirmed : Decision::rejected;
          r.features[j].decided_at = k;
          changed = true;
        }
      }
    }
    ctx.report(stage, static_cast<std::size_t>(k), static_cast<std::size_t>(options.max_iter));
    unchanged = changed ? 0 : unchanged + 1;
    if (options.early_stopping && unchanged > *options.early_stopping && any_tentative()) {
      stopped_early = true;
      break;
    }
  }
  r.n_iterations = k;
  r.stop_reason = !any_tentative() ? StopReason::all_decided
                                   : (stopped_early ? StopReason::early_stopping : StopReason::max_iter);

  const Ranking rk = rough_fix_and_rank(r.importance_history, r.threshold_history, decision);
  for (std::size_t j = 0; j < d; ++j) {
    FeatureResult& f = r.features[j];
    f.decision = decision[j];
    f.rough_fix_kept = rk.rough_fix_kept[j];
    f.rank = rk.rank[j];
    f.hits = hits[j];
    std::vector<double> v;
    for (const auto& row : r.importance_history)
      if (row[j]) v.push_back(*row[j]);
    if (!v.empty()) f.median_importance = stats::median(v);
    if (active_iters[j] > 0) f.shadow_share = share_sum[j] / static_cast<double>(active_iters[j]);
    (decision[j] == Decision::confirmed ? r.confirmed
                                        : decision[j] == Decision::rejected ? r.rejected : r.tentative)
        .push_back(j);
  }
  if (r.stop_reason != StopReason::all_decided)
    r.warnings.push_back(std::string(method) + ": " + detail::count_word(r.tentative.size(), "feature", "features") +
                         " still tentative after " + std::to_string(k) + " fits (" + to_string(r.stop_reason) +
                         "); see rough_fix_kept, or raise --max-iter");
  if (method == "boruta")  // SFC's importance model re-examines the rejected features itself
    if (std::string w = outranked_rejections_warning(
            outranked_rejections(r), data.feature_names, max_shadows,
            effective_options(options).feature_sampling == forest::FeatureSampling::tree);
        !w.empty())
      r.warnings.push_back(std::move(w));
  // Nothing confirmed: does the data carry signal the test did not resolve? (Forest runs only; SFC checks its
  // own empty answer with its own options' names.)
  if (r.confirmed.empty() && method == "boruta" && target) {
    std::vector<std::size_t> usable;
    for (std::size_t j = 0; j < d; ++j)
      if (!constant[j]) usable.push_back(j);
    r.chance_check = chance_check(*bins_in, *target, usable,
                                  forest_params(options, auto_trees(usable.size(), options.forest.max_depth)),
                                  rng::derive(seed, 11));
    if (r.chance_check->beats)
      r.warnings.push_back(
          "nothing_selected: Boruta confirmed no feature, yet a forest on all features beats chance: " +
          r.chance_check->describe() + "; the signal is there but the test did not resolve it: raise --max-iter (" +
          std::to_string(options.max_iter) + " now; " + detail::count_word(r.tentative.size(), "feature", "features") +
          " still tentative), loosen --alpha (" + format_number(options.alpha) + " now), lower --perc (" +
          format_number(options.perc) + " now), or read rough_fix_kept");
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace detail

Result run(const Dataset& data, const Options& options, const RunContext& ctx) {
  return detail::run_seeded(data, options, ctx, ctx.seed, nullptr, nullptr, "boruta");
}

Result run(const Dataset& data, const Options& options, const RunContext& ctx, const ImportanceProvider& provider) {
  return detail::run_seeded(data, options, ctx, ctx.seed, &provider, nullptr, "boruta");
}

}  // namespace featrel::boruta
