// SFC, sequential feature classification (docs/boruta.md#sfc-steps; Pfannschmidt & Hammer, Algorithms 1 and 2):
// which features are strongly relevant (nothing can replace them), weakly relevant (a redundant partner can stand
// in) or irrelevant, without assuming a linear model?
//
// Boruta (featrel/boruta.hpp) gives the all-relevant set A. A forest with a high feature fraction concentrates
// importance on a minimal set: M = the features whose importance exceeds the upper bound of a prediction interval
// of shadow importances (Eq. 2; the shadow is one permuted column appended to the data). V = A ∪ M is the relevant
// set (at omics width, where that shadow is rarely split and the interval says nothing, M may not add features
// Boruta rejected). A prediction interval of model scores under one permuted column of V then tests each feature of M: with
// the feature permuted, a score below the interval means no other feature can replace it — strong (2). The rest
// of V is weak (1); so is a feature outside V that nearly copies members of V (|r| >= partner_correlation) and,
// tested in their place, is shown to carry information (step 8, featrel's addition), and a feature outside V that
// nearly copies another outside V and, added to V, is shown to carry information (step 8b, for a redundant group
// Boruta and M drop entirely), and a near-exact copy (|r| >= 0.99) of any relevant feature (step 8c), which also
// makes a strong feature with such a copy weak; everything else irrelevant (0). An irrelevant feature whose
// importance still lies above an uncorrected 95 % bound of the shadow null is flagged borderline: not resolved from
// chance at this n.
//
// Where the paper and its reference implementation (squamish 0.5.0) differ, featrel takes the choices of the
// table in docs/boruta.md#sfc-steps (separate score-null fits on V, permutation as the perturbation, a one-sided test, frozen
// forest seeds) and keeps the others as options; `reference` reproduces squamish's statistics. Fits are
// independent tasks on a thread pool with per-task seeds, so the result does not depend on the thread count. The
// forest can be replaced by a FitProvider (a "scripted forest") to test the decision logic exactly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "featrel/boruta.hpp"
#include "featrel/dataset.hpp"
#include "featrel/forest.hpp"
#include "featrel/report.hpp"
#include "featrel/run_context.hpp"
#include "featrel/stats.hpp"
#include "featrel/task_plan.hpp"

namespace featrel::sfc {

// The matrix of the score null: V (the paper) or all of X (squamish).
enum class NullMatrix { relevant, all };
// Forest seeds of the null and test fits: one for every null fit and another for every test fit (squamish);
// one for both; or a fresh seed per fit.
enum class NullSeeds { fixed, shared, fresh };
// How a tested feature is destroyed: permuted in place (squamish) or removed from V (the paper).
enum class Perturbation { permute, remove };
// Where scores come from: the training rows (in-sample), out-of-bag rows, or a held-out part.
enum class ScoreKind { train, oob, holdout };
// The relevant set: A ∪ M (squamish), A ∪ (M without the features Boruta rejected), or A alone (the paper's
// W = A \ S); automatic is union unless the shadow null is sparse (more than half of its importances 0, as at
// omics width), where M's threshold says nothing and M may not override Boruta's rejections (unrejected).
enum class RelevantSet { automatic, union_set, unrejected, boruta };
// The scale of the shadow-importance null's t interval: the importances themselves (the paper, squamish; the
// default) or their cube roots (Wilson–Hilferty: a sum of split gains is skewed like a χ² variable and its cube
// root is close to normal, so the t bound is not undercut by the long right tail; docs/boruta.md#sfc-steps).
enum class ShadowScale { raw, cube_root };
// The model of the minimal-set stage M (the importance model and its shadow null, steps 2-4): the forest of the
// tests (the paper's text), gradient boosting with the forest's tree shape (forest::fit_boosted; the model behind
// the paper's tables), or automatic: boosted where its 51 unshared fits stay cheap, the forest otherwise
// (resolve_importance_model; docs/boruta.md#the-boosted-importance-model).
enum class ImportanceModel { forest, boosted, automatic };
// The boosted importance model's learning rate (LightGBM's and scikit-learn's default); its rounds are `trees`.
inline constexpr double kBoostLearningRate = 0.1;
// The largest table (rows × columns) importance_model automatic boosts: there a boosted run takes seconds.
inline constexpr std::size_t kAutoBoostedMaxCells = 100000;
// |r| from which a feature counts as a near copy of another (step 8c's default; the partner warning's bound): the
// rest of the variance, 2 % at most, is too little for the two to differ in what they say about the target.
inline constexpr double kNearCopyCorrelation = 0.99;

// The uncorrected tail of the borderline bound: one feature's test at the conventional 5 %, where Γ's fpr guards
// the whole table (docs/boruta.md#borderline-features); also the level of the count's test (BorderlineBound).
inline constexpr double kBorderlineTail = 0.05;

std::string to_string(NullMatrix v);
std::string to_string(NullSeeds v);
std::string to_string(Perturbation v);
std::string to_string(ScoreKind v);
std::string to_string(RelevantSet v);  // "auto" | "union" | "unrejected" | "boruta"
std::string to_string(ShadowScale v);  // "raw" | "cube-root"
std::string to_string(ImportanceModel v);  // "forest" | "boosted" | "auto"
// Parsers of the option words (the option table's word lists); OptionError (an InputError) naming the key and the
// accepted words otherwise.
NullMatrix parse_null_matrix(std::string_view word);
NullSeeds parse_null_seeds(std::string_view word);
Perturbation parse_perturbation(std::string_view word);
ScoreKind parse_score(std::string_view word);
RelevantSet parse_relevant_set(std::string_view word);
// "default" | "accuracy" | "r2" | "mae" (metric).
forest::Metric parse_metric(std::string_view word);

// Options with the documented defaults (docs/boruta.md#parameters). Names are the option table's keys (the JSON
// `options` echo, the flags in kebab case).
struct Options {
  int n_resampling = 50;            // α, null samples (>= 3)
  double fpr = 1e-6;                // p, tail probability of the shadow interval Γ (and, under compat reference,
                                    // of the score interval), in (0, 0.5)
  // Family-wise error rate of a run's m paired tests (strong, partner and cluster; docs/boruta.md#sfc-steps
  // step 7), shared by them as test_correction says. In (0, 1).
  double test_alpha = 0.05;
  // Holm's step-down (the i-th smallest p-value at test_alpha / (m − i + 1)) or Bonferroni (each at test_alpha / m;
  // per side with sided two). Holm calls everything Bonferroni calls, at the same family-wise level.
  stats::Correction test_correction = stats::Correction::holm;
  std::size_t trees = 100;          // importance, null and test forests
  forest::ColumnFraction feature_fraction = forest::ColumnFraction::fraction(0.8);
  forest::FeatureSampling feature_sampling = forest::FeatureSampling::tree;
  double boruta_perc = 100.0;
  double boruta_alpha = 0.01;
  int boruta_max_iter = 100;
  std::optional<std::size_t> boruta_trees;  // nullopt = auto
  forest::ColumnFraction boruta_feature_fraction = forest::ColumnFraction::fraction(0.1);
  // Unset: feature_sampling (every fit draws its columns the same way).
  std::optional<forest::FeatureSampling> boruta_feature_sampling;
  int boruta_first_test_iter = 5;
  NullMatrix null_matrix = NullMatrix::relevant;
  NullSeeds null_seeds = NullSeeds::fixed;
  Perturbation perturbation = Perturbation::permute;
  stats::Sides sided = stats::Sides::lower;  // lower or two
  stats::SdKind sd = stats::SdKind::population;
  ScoreKind score = ScoreKind::train;
  double holdout_fraction = 0.3;    // in (0, 0.9)
  forest::Metric metric = forest::Metric::automatic;  // mae: regression only
  int test_repeats = 5;  // docs/boruta.md#sfc-steps step 7: the mean of 5 permutations per tested feature
  RelevantSet relevant_set = RelevantSet::automatic;
  // A = Boruta's confirmed features and the tentatives its rough fix keeps (true), or the confirmed alone (false,
  // squamish); docs/boruta.md#sfc-steps step 1.
  bool tentatives_rough_fix = true;
  ShadowScale shadow_scale = ShadowScale::raw;
  ImportanceModel importance_model = ImportanceModel::automatic;
  // Step 8 (docs/boruta.md#sfc-steps): a feature outside V whose |r| with a member of V is at least this is tested
  // as that member's partner: on V without its correlated members, with it in their place. 0 = no partner step.
  double partner_correlation = 0.8;
  // Step 8b: at most this many features outside V that correlate (|r| >= partner_correlation) with another feature
  // outside V are tested, each added to V alone; a redundant group Boruta and M drop entirely has no member in V to
  // be a partner of. 0 = no cluster step.
  int cluster_tests = 20;
  // Step 8c: a feature with |r| >= this to a relevant feature is weak, a near copy carrying its information; a strong
  // feature with such a copy among the relevant ones becomes weak. 0 = no copy step.
  double copy_correlation = kNearCopyCorrelation;
  bool reference = false;           // compat reference: squamish's statistics (docs/boruta.md#sfc-steps)
  // Forest shape of every fit, Boruta's included: depth, row fraction, rows per leaf, bins, engine.
  forest::ForestShape forest;
};

// The option table (keys, defaults, ranges, help) of Options.
const options::Table<Options>& option_table();
// option_table().check() and the checks no single option can make; OptionError naming the key
// (docs/boruta.md#errors-and-edge-cases).
void validate(const Options& options);
// The options a run uses: under `reference`, null_matrix all, sided two, boruta_max_iter 99 and
// boruta_first_test_iter 1 (and the |V| = 1 shortcut at run time). This is the `options` echo.
Options effective_options(const Options& options);
// The model importance_model automatic stands for on a table of n_rows × n_features (forest or boosted as set
// otherwise). Boosted when the table is no wider than it is long and has at most kAutoBoostedMaxCells cells: each
// of the boosted shadow null's fits sees every row and column and none shares a tree, so its cost grows with n·d
// (at 1,000 × 100 five times the forest's run, at 300 × 300 thirteen times), while at omics width it found nothing
// the forest missed. The forest also under score oob and null_matrix all, which boosting refuses.
ImportanceModel resolve_importance_model(const Options& options, std::size_t n_rows, std::size_t n_features);
report::Json options_json(const Options& options);
// The Boruta options SFC runs for A (docs/boruta.md#sfc-steps step 1).
boruta::Options boruta_options(const Options& options);

// ---- the forest, replaceable ------------------------------------------------------------------------------------

// baseline: V unperturbed with a test's forest seed, the counterpart every test score is compared with.
// partner_test, partner_baseline: the same on a partner candidate's design (step 8).
enum class FitKind { importance, shadow_null, score_null, test, baseline, partner_test, partner_baseline };
std::string to_string(FitKind kind);

// One fit SFC asks for. The design holds the data columns `columns` in order; the codes at design position
// `permuted` (if any) are permuted by `permutation` (row i gets row permutation[i]'s code): the appended column
// of a null sample, or the tested feature in place.
struct FitQuery {
  FitKind kind = FitKind::importance;
  std::size_t sample = 0;   // null sample s (1-based), the tested feature j, or the baseline's index
  std::size_t repeat = 0;   // test repeat r (0-based)
  std::vector<std::size_t> columns;
  std::optional<std::size_t> permuted;
  std::vector<std::size_t> permutation;
  std::uint64_t fit_seed = 0;
  // Threads the fit may use. run_fits gives a lone fit all of the run's (the importance model when the shadow nulls
  // share their trees); fits of a pool are its tasks and use one. A forest's result is the same for any count.
  unsigned threads = 1;
};

struct FitOutcome {
  std::vector<double> importance;  // per design position (importance and shadow_null fits)
  double score = 0.0;              // the model score (score_null and test fits; also importance and, under
                                   // null_matrix all, shadow_null)
};

using FitProvider = std::function<FitOutcome(const FitQuery&)>;

// ---- results -----------------------------------------------------------------------------------------------------

struct Interval {
  double mean = 0.0, sd = 0.0;      // sd: of the null samples as drawn
  // The spread the bounds use: max(sd, sd_floor). The score interval's floor is half the score's resolution
  // (half a row of accuracy, 1/(2·n_score); docs/boruta.md#sfc-steps step 6), so a null that barely varies cannot
  // make a difference of a row or two significant; 0 for the shadow interval and under compat reference.
  double sd_floor = 0.0, sd_used = 0.0;
  // Both bounds of mean ± t·sd_used·w: a prediction interval, w = √(1/n_new + 1/α) (Γ; the score interval under
  // compat reference), or the paired tests' interval, w = √(1 + 1/r) (docs/boruta.md#sfc-steps step 6).
  double lower = 0.0, upper = 0.0;
  double t_quantile = 0.0;
  double tail = 0.0;                // per side: t_quantile = t_{α−1}⁻¹(1 − tail)
  bool paired = false;              // the paired tests' interval
  int tests = 0;                    // paired: m, the tests of the run that share test_alpha
  int n_samples = 0;
  std::string scale = "raw";        // "raw", or "cube-root": mean, sd and sd_used are of the cube roots of the
                                    // samples, lower and upper the cubes of that scale's bounds (importance units)
  std::string matrix;               // "relevant" or "all"
  std::string sides;                // the bound(s) the decision uses: "upper", "lower" or "two"
};

// Step 8: a feature outside V tested in place of the members of V it correlates with (a partner), or step 8b:
// tested added to V, because it correlates with other features outside V (a cluster candidate).
struct PartnerTest {
  std::vector<std::size_t> partners;  // members of V with |r| >= partner_correlation, in column order; 8b: none
  std::vector<std::size_t> peers;     // 8b: the features outside V it correlates with (in the searched pool)
  double correlation = 0.0;           // the largest |r| with one of them
  double score = 0.0;                 // mean over test repeats, the feature destroyed in its design
  double baseline_score = 0.0;        // the design unperturbed with the same forest seed(s)
  std::optional<double> statistic, p_value;
  std::optional<double> p_adjusted;   // p_value adjusted over the run's m tests (test_correction)
  bool relevant = false;              // adjusted p within test_alpha and a score below its baseline: weak (1)
};

// Features called irrelevant above the shadow null's uncorrected bound (docs/boruta.md#borderline-features).
struct BorderlineBound {
  double value = 0.0;       // the rank-th smallest of the α shadow importances
  int rank = 0;             // ⌈(1 − kBorderlineTail)(α + 1)⌉
  double chance = 0.0;      // (α + 1 − rank)/(α + 1): how likely a feature at chance lies above value
  int called_irrelevant = 0;  // non-constant features of class 0
  int flagged = 0;          // those of them above value
  // P(flagged or more by chance): BetaBinomial(called_irrelevant, α + 1 − rank, rank), the count of draws above one
  // shared order statistic; the warning when <= kBorderlineTail.
  double p_value = 1.0;
};

// Step 8c: the relevant feature this one nearly copies, and |r| between them.
struct NearCopy {
  std::size_t of = 0;
  double correlation = 0.0;
};

struct FeatureResult {
  int cls = 0;                      // 2 strong, 1 weak, 0 irrelevant
  boruta::Decision boruta_decision = boruta::Decision::tentative;
  bool in_all_relevant = false;     // in A: confirmed by Boruta, or a tentative its rough fix keeps
  bool in_minimal = false;          // M
  double importance = 0.0;          // total gain in the importance model
  bool tested = false;
  std::optional<double> test_score; // mean over test repeats
  std::optional<double> baseline_score;  // V unperturbed with the same forest seed(s): strong needs test < baseline
  std::optional<double> test_statistic;
  std::optional<double> test_p_value;
  std::optional<double> test_p_adjusted;  // test_p_value adjusted over the run's m tests (test_correction)
  bool constant = false;
  // Class 0, but an importance above the result's borderline bound: not resolved from chance at this n.
  bool borderline = false;
  std::optional<PartnerTest> partner_test;  // partner and cluster candidates only (steps 8 and 8b)
  std::optional<NearCopy> near_copy;        // weak as a near copy (step 8c), or strong made weak by one
};

struct Seconds {
  double boruta = 0.0, importance = 0.0, null = 0.0, tests = 0.0, partners = 0.0, total = 0.0;
};

struct Result {
  Task task = Task::binary;
  Options options;                  // effective options
  std::uint64_t seed = 0;
  std::vector<FeatureResult> features;
  std::vector<std::size_t> strong, weak, irrelevant, all_relevant, minimal, relevant;
  std::vector<std::size_t> partner_candidates, partners_added;  // step 8: tested, and found relevant (weak)
  std::vector<std::size_t> cluster_candidates, clusters_added;  // step 8b: tested, and found relevant (weak)
  std::vector<std::size_t> copies_added, copies_demoted;  // step 8c: irrelevant and strong features made weak
  std::size_t cluster_pool = 0;     // step 8b: features outside V searched for correlated pairs
  std::size_t cluster_qualified = 0;  // step 8b: features of the pool that qualified (tested: cluster_tests of them)
  // With step 8c on, near copies are not tested one by one: partner candidates that nearly copy a member of V (weak
  // through 8c), and qualified cluster features that nearly copy a tested one (they follow its class).
  std::size_t partners_as_copies = 0, cluster_represented = 0;
  RelevantSet relevant_rule = RelevantSet::union_set;  // the rule V was formed by (relevant_set, auto resolved)
  bool importance_model_from_shape = false;  // importance_model was auto; options.importance_model is what it chose
  // Rows per leaf of the fits on V (score null, tests, partners); options.forest.min_leaf is that of the fits on all
  // columns (Boruta step, importance model, shadow null). They differ only under min_leaf auto (docs/boruta.md row 20).
  std::size_t test_min_leaf = 0;
  double model_score = 0.0;
  std::optional<Interval> score_interval;  // absent when V is empty
  // Honesty flags of the score null (docs/boruta.md#errors-and-edge-cases): the model's own score, or the tests'
  // unperturbed baseline, lies outside the interval (the null misses variation between forests); the null has
  // zero spread; its spread was raised to the score's resolution.
  bool null_excludes_model = false;
  bool null_zero_spread = false;
  bool null_spread_floored = false;
  std::optional<double> baseline_score;    // mean of the tests' unperturbed baselines
  std::optional<boruta::ChanceCheck> chance_check;  // run when V is empty (forest runs only)
  Interval shadow_interval;
  // The borderline bound and its count (docs/boruta.md#borderline-features); absent when fpr >= kBorderlineTail,
  // the shadow null is sparse or constant, or it has fewer than 19 samples.
  std::optional<BorderlineBound> borderline;
  std::vector<double> null_scores;              // π_s
  std::vector<double> null_shadow_importances;  // γ_s
  std::vector<std::size_t> null_features;       // c_s of the shadow null
  std::vector<std::size_t> null_score_features; // c_s of the score null (the shadow null's under null_matrix all)
  boruta::Result boruta;
  std::size_t n_fits = 0;           // Boruta's fits and SFC's own
  std::vector<std::string> warnings;
  Seconds seconds;
  unsigned threads = 1;
  bool scripted = false;

  std::vector<std::size_t> selected() const;  // class > 0
  // The result document of docs/result-format.md#writing-rules with docs/boruta.md#inputs-and-outputs's fields; `boruta` holds Boruta's document.
  report::Json to_json(const Dataset& data) const;
};

// Runs SFC with the forest of docs/boruta.md#the-random-forest. InputError for bad data or options (before any fit), Cancelled when ctx's
// flag is set. Progress stages: "sfc: boruta", "sfc: null", "sfc: tests".
Result run(const Dataset& data, const Options& options, const RunContext& ctx);
// The same with scripted fits: `fits` for SFC's own fits, `boruta_fits` for Boruta's.
Result run(const Dataset& data, const Options& options, const RunContext& ctx, const FitProvider& fits,
           const boruta::ImportanceProvider& boruta_fits);

// A worker's entry for one task of run()'s plan of kind "sfc.fits" (featrel/task_plan.hpp): rebuilds the run's
// rows, binned codes and forest settings from the data and the options and seed in `shared`, and answers the
// task's block of fit queries as the local run does.
TaskPlan::Json run_plan_block(const Dataset& data, const TaskPlan::Json& shared, const TaskPlan::Json& task,
                              const RunContext& ctx);

// The text table and summary `featrel sfc` prints: one row per feature (class, Boruta's decision, importance,
// minimal set, test score, statistic, p) in `sort` order (class: class, then importance; importance; index),
// then the intervals.
// max_rows: the feature table folded there (report::TextTable::fold); 0 = every row.
std::string text_report(const Result& result, const Dataset& data, std::string_view sort = "class",
                        std::size_t max_rows = 0);

// SFC in the method registry (method_registry.hpp).
MethodSpec method_spec();

}  // namespace featrel::sfc
