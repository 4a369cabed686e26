// Boruta (docs/boruta.md#the-boruta-loop, the BorutaPy algorithm): which features are relevant at all, i.e. beat
// shuffled copies of themselves?
//
// Each iteration fits one forest (featrel/forest.hpp) on the non-rejected features plus "shadows" — permutations
// of their bin codes — and counts a hit for every feature whose total-gain importance exceeds a percentile of the
// shadow importances. Binomial tests on the hit counts, corrected for multiple testing (Benjamini–Hochberg across
// the active features and Bonferroni across iterations, or Bonferroni over all features), confirm or reject
// features until none is tentative or `max_iter` fits are spent. Tentatives left at the end get R's rough fix
// (kept if their median importance beats the median threshold) and every feature a BorutaPy rank.
//
// featrel departs from BorutaPy where BorutaPy is wrong (docs/boruta.md#departures-from-the-references): confirmed, tentative and rejected are always
// reported separately (no all-true support), unkept tentatives stay visible, `max_iter` counts fits, `auto` trees
// use depth 10 for unlimited trees, and the result is a pure function of (data, options, seed) for any thread
// count. The forest can be replaced by an ImportanceProvider (a "scripted forest"), which is how the decision
// logic is tested exactly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/forest.hpp"
#include "featrel/option_table.hpp"
#include "featrel/report.hpp"
#include "featrel/run_context.hpp"

namespace featrel {
struct MethodSpec;
}

namespace featrel::boruta {

// `paper`: feature fraction 0.1 drawn per tree (squamish's Boruta forest); `rf`: ⌊√m⌋ columns drawn at each node
// (the classic random-forest rule behind BorutaPy + RandomForestClassifier). Both keep 20 rows per leaf.
// `automatic` ("auto", the default): `paper` on a table with at most as many columns as rows, else scikit-learn's
// forest, `rf` with 1 row per leaf (min_leaf auto), as BorutaPy fits it (docs/boruta.md#how-a-boruta-run-works).
enum class ModelPreset { paper, rf, automatic };
enum class Decision { tentative, confirmed, rejected };
enum class StopReason { all_decided, max_iter, early_stopping };

std::string to_string(ModelPreset preset);
std::string to_string(Decision decision);
std::string to_string(StopReason reason);
// "paper" | "rf" | "auto"; OptionError (an InputError) naming model_preset otherwise.
ModelPreset parse_model_preset(std::string_view word);

// Options with the documented defaults (docs/boruta.md#parameters). Names are the option table's keys (the JSON
// `options` echo, the flags in kebab case).
struct Options {
  double perc = 100.0;                        // shadow percentile used as the threshold, in (0, 100]
  double alpha = 0.05;                        // significance level, in (0, 1]
  bool two_step = true;                       // BH + Bonferroni over iterations; false = Bonferroni over d
  int max_iter = 100;                         // forest fits at most
  std::optional<std::size_t> trees;           // trees per fit; nullopt = auto (docs/boruta.md#the-boruta-loop item 2)
  int first_test_iter = 5;                    // first iteration that tests (1 = squamish's fork)
  // Early stopping: stop when more than this many iterations pass without a decision; nullopt = off (BorutaPy's
  // n_iter_no_change when early_stopping is on).
  std::optional<int> early_stopping;
  ModelPreset model_preset = ModelPreset::automatic;
  // Forest (docs/boruta.md#the-random-forest): depth (0 = unlimited, auto trees then use depth 10), row fraction,
  // rows per leaf (min_leaf_rows), bins and engine.
  forest::ForestShape forest;
  // feature_fraction and feature_sampling unset = the preset's (paper: 0.1 per tree; rf: sqrt per node).
  std::optional<forest::ColumnFraction> feature_fraction;
  std::optional<forest::FeatureSampling> feature_sampling;
};

// The option table (keys, defaults, ranges, help) of Options.
const options::Table<Options>& option_table();
// option_table().check() and the checks no single option can make; OptionError naming the key (docs/boruta.md#errors-and-edge-cases).
// Data-dependent checks happen in run().
void validate(const Options& options);
// `automatic` resolved for a table of n_rows × n_features: `paper`, or `rf` with min_leaf 1 when min_leaf is auto
// and the table has more columns than rows. Any other preset is returned as it is.
Options resolve_model_preset(const Options& options, std::size_t n_rows, std::size_t n_features);
// The options with the preset resolved: feature_fraction and feature_sampling set to the values the fits use
// (an unresolved `automatic` counts as `paper`).
Options effective_options(const Options& options);
// The forest parameters a fit with `trees` trees uses (preset applied).
forest::Params forest_params(const Options& options, std::size_t trees);
// The options as the JSON `options` echo writes them: the table's keys, of effective_options() (preset resolved;
// trees null = auto, early_stopping null = off).
report::Json options_json(const Options& options);

// ---- the pieces of the algorithm, exposed for tests and for SFC --------------------------------------------------

// `auto` trees for n_a active features (docs/boruta.md#the-boruta-loop item 2): BorutaPy's int(100·2n_a/(√(2n_a)·D)), D = max_depth or 10
// when max_depth is 0.
std::size_t auto_trees(std::size_t n_active, int max_depth);
// Shadow count: n_active doubled until it is at least 5 (1 → 8, 2 → 8, 3 → 6, 4 → 8).
std::size_t shadow_count(std::size_t n_active);

struct TestOutcome {
  std::vector<double> p_accept;  // per active feature: P(Bin(k, ½) ≥ hits)
  std::vector<double> p_reject;  // P(Bin(k, ½) ≤ hits)
  std::vector<bool> accept;      // after the correction (tentative features only can change state)
  std::vector<bool> reject;
};
// The tests of iteration k (docs/boruta.md#the-boruta-loop item 7) for the active features' hit counts; `d` counts all features (for
// two_step = false). A feature for which both accept and reject hold (possible only when α > ½) gets neither.
TestOutcome binomial_tests(const std::vector<int>& hits, int k, double alpha, bool two_step, std::size_t d);

struct Ranking {
  std::vector<bool> rough_fix_kept;  // tentatives whose median importance > median threshold
  std::vector<int> rank;             // BorutaPy ranking_: 1 confirmed, 2 kept tentative, 3+ the rest
};
// Rough fix and ranking (docs/boruta.md#the-boruta-loop, after the loop). history[k][j] is feature j's importance in iteration k (nullopt
// once rejected or never active); thresholds[k] the τ of iteration k. Features with no value in any iteration
// (constant columns, rejected at iteration 0) are ranked after every other feature.
Ranking rough_fix_and_rank(const std::vector<std::vector<std::optional<double>>>& history,
                           const std::vector<double>& thresholds, const std::vector<Decision>& decisions);

// ---- the forest, replaceable ------------------------------------------------------------------------------------

// One iteration's fit, as the algorithm asks for it.
struct FitQuery {
  int iteration = 0;                       // k, 1-based
  std::vector<std::size_t> active;         // feature columns in the model, ascending
  std::vector<std::size_t> shadow_sources; // shadow q permutes column shadow_sources[q] (= active[q mod n_a])
  std::vector<std::uint64_t> shadow_seeds; // shadow q's permutation: rng::derive(seed, 2, k, q)
  std::size_t n_trees = 0;                 // counted trees (multiclass grows K per counted tree)
  std::uint64_t fit_seed = 0;              // rng::derive(seed, 1, k)
};

// Importances of [active | shadows] for a query (size active + shadows). The default is the forest of docs/boruta.md#the-random-forest.
using ImportanceProvider = std::function<std::vector<double>(const FitQuery&)>;

// ---- results -----------------------------------------------------------------------------------------------------

struct FeatureResult {
  Decision decision = Decision::tentative;
  bool rough_fix_kept = false;           // tentatives only
  int rank = 0;
  int hits = 0;
  std::optional<int> decided_at;         // iteration of the decision (0 for constant columns)
  std::optional<double> p_accept;        // raw p-values at the last test it took part in
  std::optional<double> p_reject;
  std::optional<double> median_importance;  // over its active iterations
  std::optional<double> shadow_share;    // mean fraction of shadows strictly below it, over its active iterations
  bool constant = false;
};

// Set when nothing was selected: whether one forest on every usable column beats chance out of bag (accuracy
// against always predicting the majority class, one-sided binomial test; regression: R² and a one-sided test of
// the correlation of out-of-bag predictions with y). `beats` when p ≤ kChanceLevel and the score is above chance.
inline constexpr double kChanceLevel = 0.01;
struct ChanceCheck {
  bool beats = false;
  std::string metric;        // "out-of-bag accuracy" or "out-of-bag R²"
  double score = 0.0, chance = 0.0, p_value = 1.0;
  std::string chance_label;  // what chance means here
  std::size_t rows = 0;      // rows with an out-of-bag prediction
  std::string describe() const;
  report::Json to_json() const;
};

struct Result {
  Task task = Task::binary;
  Options options;                       // as the run used them: model_preset and min_leaf resolved
  bool preset_from_shape = false;        // model_preset was auto and the table's shape chose it
  std::uint64_t seed = 0;
  std::vector<FeatureResult> features;
  std::vector<std::size_t> confirmed, tentative, rejected;
  int n_iterations = 0;                  // forest fits
  StopReason stop_reason = StopReason::all_decided;
  // Per iteration: importance per feature (nullopt for rejected or constant features), τ, shadow maximum, trees.
  std::vector<std::vector<std::optional<double>>> importance_history;
  std::vector<double> threshold_history;
  std::vector<double> shadow_max_history;
  std::vector<std::size_t> trees_history;
  std::vector<std::string> warnings;
  double seconds = 0.0;                  // the fits and tests
  unsigned threads = 1;
  bool scripted = false;                 // importances came from an ImportanceProvider
  std::optional<ChanceCheck> chance_check;  // run when nothing was confirmed (forest runs only)

  std::vector<std::size_t> selected() const { return confirmed; }
  // The result document of docs/result-format.md#writing-rules with docs/boruta.md#inputs-and-outputs's fields (data gives names and labels).
  report::Json to_json(const Dataset& data) const;
};

// Runs Boruta with the forest of docs/boruta.md#the-random-forest. InputError for bad data or options (before any fit), Cancelled when ctx's
// flag is set. Progress stage: "boruta".
Result run(const Dataset& data, const Options& options, const RunContext& ctx);
// The same with importances from `provider` (a scripted forest); the data are checked as usual.
Result run(const Dataset& data, const Options& options, const RunContext& ctx, const ImportanceProvider& provider);

// The text table and summary `featrel boruta` prints: one row per feature (decision, rank, hits, decision
// iteration, median importance, shadow share) in `sort` order (rank: decision, then importance; index: columns).
// max_rows: the feature table folded there (report::TextTable::fold); 0 = every row.
std::string text_report(const Result& result, const Dataset& data, std::string_view sort = "rank",
                        std::size_t max_rows = 0);

// Boruta in the method registry (method_registry.hpp).
MethodSpec method_spec();

}  // namespace featrel::boruta
