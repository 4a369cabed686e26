// FRI, feature relevance intervals (docs/fri.md#algorithm; paper: Pfannschmidt et al.): over all linear models that are
// as good as the best sparse one, how small and how large can each feature's weight be?
//
// run() fits one L1 model (hinge SVM for binary targets, ε-SVR for regression, ordinal SVM for ordered levels;
// for a multiclass target one binary model per class against the rest), with C (and ε) chosen by stratified
// cross-validation unless given. The model class is every model whose L1 norm and training loss stay within a
// small relaxation of that baseline; per feature two linear programs give the smallest and largest signed weight
// over the class, hence the relevance interval [lower, upper] (normalised by the baseline's L1 norm). Permuted
// probe features give a noise threshold, and each feature becomes strongly relevant (2: no model in the class
// can do without it), weakly relevant (1: some model uses it, a redundant partner can replace it) or irrelevant
// (0). Optionally, features can be pinned to a relevance value or range (presets) and all other intervals
// recomputed, and substitutable features can be grouped.
//
// All LPs go through featrel::LpSvm (CLP), built once per block of tasks and warm-started from the saved
// baseline basis, so that results are bitwise identical for any thread count. Everything the spec calls a
// result is in Result; Result::to_json() writes the shared result format (docs/result-format.md#writing-rules, docs/fri.md#inputs-and-outputs).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/error.hpp"
#include "featrel/option_table.hpp"
#include "featrel/report.hpp"
#include "featrel/run_context.hpp"
#include "featrel/task_plan.hpp"

namespace featrel {
struct MethodSpec;
}

namespace featrel::fri {

// An infeasible, unknown, duplicate or malformed preset (docs/fri.md#preset-constraints). It is an InputError (CLI exit 2).
class PresetError : public InputError {
 public:
  explicit PresetError(const std::string& message) : InputError(message) {}
};

// Upper threshold rule (docs/fri.md#probes-and-thresholds): `tail` = max(normal, Weissman/Hill tail estimate) (featrel default);
// `normal` = the paper's prediction interval m + q·s·√(1 + 1/P).
enum class Threshold { tail, normal };
// Linkage of the grouping's hierarchical clustering (docs/fri.md#feature-grouping).
enum class Linkage { single, average, complete };
// Held-out score of the C search for two-class problems (binary and each one-vs-rest class;
// docs/fri.md#hyperparameter-search): balanced accuracy (mean recall over the classes, 0.5 for predicting the
// majority, featrel's default), macro F1, or support-weighted F1 (the paper's and the reference's, which rewards
// predicting the majority of an imbalanced target). Regression uses R², ordinal targets 1 − MMAE/(K−1) always.
enum class CvScore { balanced_accuracy, macro_f1, weighted_f1 };
// Loss budget of the model class (docs/fri.md#what-the-model-class-means): `fixed` = (1 + δ_ℓ)·L* (the paper's
// small relaxation); `calibrated` = L* + z·SE(L*), SE from the spread of the baseline's per-sample losses, so a
// model is in the class when its training loss is not distinguishable from the baseline's (the one-SE rule at z = 1).
enum class Budget { fixed, calibrated };
// The signed range [min w_j, max w_j] of a feature the baseline leaves at 0 (docs/fri.md#one-side-per-feature):
// `exact` solves both of its LPs; `bound` solves the side with the larger certificate and leaves the other when
// that LP's dual point (or another's) certifies it below the solved value, so lower, upper and the class stay
// exact and the skipped side is a certified bound; `automatic` is bound when the table has more active features
// than rows (where the bound LPs are most of the run), else exact.
enum class SignedRangeRule { automatic, exact, bound };

std::string to_string(Threshold rule);
std::string to_string(Linkage linkage);
std::string to_string(CvScore score);
std::string to_string(Budget budget);
// "tail" | "normal"; "single" | "average" | "complete". InputError naming the option otherwise.
Threshold parse_threshold(std::string_view word);
Linkage parse_linkage(std::string_view word);

// A feature pinned to a normalised relevance value (lo == hi) or range [lo, hi] (same units as `lower` and
// `upper`). `feature` is a column name, or a 0-based index when no column has that name (docs/architecture.md#feature-references-by-name-or-index).
struct Preset {
  std::string feature;
  double lo = 0.0;
  double hi = 0.0;
};

// The --preset word ("NAME=V" or "NAME=LO:HI") is read by parse_preset (featrel/fri_inputs.hpp).

// The default search grid: 10^-3, 10^-2.5, ..., 10^3 (13 values).
std::vector<double> default_c_grid();
// num values 10^lo .. 10^hi, evenly spaced in log10 (--c-grid LO:HI:NUM). InputError for num < 1 or lo > hi.
std::vector<double> log_grid(double lo, double hi, int num);

// Options with the documented defaults (docs/fri.md#parameters). Names are the JSON `options` names (snake_case).
struct Options {
  std::optional<double> C;                          // fixed C (skips the search); > 0
  std::optional<double> epsilon;                    // fixed ε for regression, in units of y; >= 0
  std::vector<double> c_grid = default_c_grid();    // searched C values (ascending after validation)
  std::vector<double> epsilon_grid{0.0, 0.01, 0.1, 0.3};  // searched ε, in units of s_y (regression)
  int cv_folds = 3;                                 // stratified, shuffled folds of the search
  double tie_tolerance = 1e-9;                      // CV scores within this of the best tie; smallest C wins
  CvScore cv_score = CvScore::balanced_accuracy;    // held-out score of two-class searches
  std::optional<double> slack;                      // sets w_l1_slack and loss_slack at once
  double w_l1_slack = 0.001;                        // δ_w: L1 budget μ = (1 + δ_w)·N
  double loss_slack = 0.001;                        // δ_ℓ: loss budget ρ = max((1 + δ_ℓ)·L*, ρ_min)
  double loss_floor = 0.01;                         // ρ_min (× s_y for regression)
  Budget budget = Budget::calibrated;               // loss budget rule (fixed: δ_ℓ only)
  double budget_se = 1.0;                           // z: standard errors of L* the calibrated budget adds
  int n_probes = 50;                                // probes; < 10 is an error, < 50 a warning
  bool probe_refit = true;                          // refit the baseline with each probe (exchangeable probes)
  double p = 0.999;                                 // prediction-interval level, in (0.5, 1)
  Threshold threshold = Threshold::tail;
  double min_relevance = 1e-6;                      // numerical guard of the class rule (normalised)
  bool standardize = true;                          // z-score features (population sd); false = raw data
  std::vector<Preset> presets;                      // constrained intervals
  // Privileged information (docs/fri.md#privileged-information-lupi): columns known for the training rows only
  // (names, or 0-based indices when no column has that name). They enter through correcting functions of the
  // slack, and get intervals, probes and classes of their own.
  std::vector<std::string> privileged;
  double privileged_gamma = 1.0;                    // γ: price of the privileged weights in the L1 budget
  double privileged_kappa = 0.5;                    // κ: price of the correcting functions in the loss (< 1)
  bool grouping = false;                            // run the grouping of docs/fri.md#feature-grouping
  double group_cutoff = 0.55;                       // flat clusters: merges up to this fraction of the top
  Linkage group_linkage = Linkage::single;
  bool lazy_rows = true;                            // working-set rows in bound and probe LPs (exact)
  double lazy_margin = 0.5;                         // κ: rows slack by more than κ are deferred
  bool lazy_columns = true;                         // working-set feature columns in bound and probe LPs (exact)
  // Screening (docs/fri.md#screening): a feature whose upper bound the baseline's duals certify at or below the
  // noise threshold is classed irrelevant without its bound LPs; classes exact, its interval a certified bound.
  bool screen = false;
  SignedRangeRule signed_range = SignedRangeRule::automatic;
  bool reference = false;                           // --compat reference: reproduce fri 8.1.0 (docs/fri.md#compatibility-settings)
};

// The option table: every option's key, default, range and help (docs/fri.md lists it).
const options::Table<Options>& option_table();

// InputError naming the option and its allowed range for any invalid value (docs/fri.md#errors-and-edge-cases), PresetError for a
// malformed preset value (negative, lo > hi, not finite). Data-dependent checks happen in run().
void validate(const Options& options);

// The options a run actually uses: under `reference` the compat settings of docs/fri.md#compatibility-settings replace the featrel
// ones (loss_floor 0, 20 in-place probes without refit, normal rule with population sd, p = 0.9999,
// min_relevance 0, weighted F1 as the search score); c_grid and epsilon_grid sorted ascending without duplicates. This is the `options` echo.
Options effective_options(const Options& options);

// The options as the JSON `options` echo writes them.
report::Json options_json(const Options& options);

// ---- Thresholds (docs/fri.md#probes-and-thresholds), exposed for tests and tools -------------------------------------------------

struct UpperThreshold {
  double mean = 0.0;        // of the probe values
  double sd = 0.0;          // sample sd (population under reference)
  double t_quantile = 0.0;  // t⁻¹_{P-1}(p)
  double normal = 0.0;      // m + q·s·√(1 + 1/P)
  std::optional<double> tail_index;  // Hill γ after the cap (null when the tail rule was not computed)
  std::optional<double> tail_index_raw;  // before the cap
  std::optional<double> tail;        // Weissman estimate U_(k+1)·(k/(P(1-p)))^γ
  double value = 0.0;       // the threshold used: max(normal, tail) or normal
};

// Upper threshold of probe values under `rule` at level p; `population` selects the reference's population
// sd. Fewer than 2 values: 0 (none) or the value (one), as the reference does.
UpperThreshold upper_threshold(const std::vector<double>& values, double p, Threshold rule,
                               bool population_sd = false);
// The normal rule alone (the lower threshold T_lo).
double normal_threshold(const std::vector<double>& values, double p, bool population_sd = false);

// ---- Results ----------------------------------------------------------------------------------------------

// One feature's interval and class (values normalised by the baseline L1 norm N; |v| < zero tolerance is 0).
struct FeatureResult {
  double lower = 0.0;            // min |w_j| / N over the model class
  double upper = 0.0;            // max |w_j| / N
  double signed_min = 0.0;       // min w_j / N
  double signed_max = 0.0;       // max w_j / N
  double baseline_weight = 0.0;  // w*_j / N
  int cls = 0;                   // 0 irrelevant, 1 weak, 2 strong
  // Class 0 although every good model needs the feature: lower above the lower threshold (strong-relevance
  // evidence) but upper not above the noise threshold (docs/fri.md#needed-below-noise). The class stays 0, so
  // the selection is unchanged; this flag says it out loud.
  bool needed_below_noise = false;
  bool constant = false;         // left out of every LP
  // Options::screen: certified irrelevant without its bound LPs. lower = 0 and baseline_weight = 0 are exact;
  // upper, signed_max and -signed_min are certified bounds (the exact values are at most these).
  bool screened = false;
  // Options::signed_range bound: one LP of the signed range was not solved, because a certificate keeps it below
  // the other side. lower, upper and the class are exact; signed_max or -signed_min (the side nearer 0) is a
  // certified bound (the exact value is at most it).
  bool signed_bound = false;
  // A privileged column (Options::privileged): its values are shares of the L1 budget γ·|w*_j|/N (over both
  // correcting functions for regression and ordinal targets, whose signed_min and signed_max stay 0), and its
  // class comes from the privileged block's own probes.
  bool privileged = false;
  int group = 0;                 // grouping label (0 = ungrouped or grouping not run)
  std::optional<std::pair<double, double>> preset;  // constrained runs: the pinned [lo, hi]
  bool selected() const { return cls > 0; }
};

struct GridPoint {
  double C = 0.0;
  double epsilon = 0.0;           // units of y (0 for non-regression)
  double score = 0.0;             // mean over folds
  double score_sd = 0.0;          // sample sd over folds
  std::vector<double> fold_scores;
  bool degenerate = false;        // every fold's model has no weights (‖w‖₁ ≤ 1e-12): the constant model
  bool tied = false;              // within tie_tolerance of the best mean score
};

// The CV curve's shape around the chosen point (docs/fri.md#hyperparameter-search).
struct CurveFlatness {
  bool flat = false;              // a C at least 10× away from the chosen one scores within one SD of it
  double sd = 0.0;                // the chosen point's SD over folds
  double c_min = 0.0, c_max = 0.0;  // range of C whose mean score is within sd of the chosen score
};

struct Hyper {
  double C = 0.0;
  double epsilon = 0.0;           // units of y; 0 for non-regression tasks
  bool searched = false;
  int cv_folds = 0;               // 0 when not searched
  std::string score_name;         // "balanced_accuracy", "macro_f1", "weighted_f1", "r2", "1-mmae" ("" if not searched)
  std::vector<GridPoint> grid;    // default: C ascending, then ε ascending; reference: the random draws
  std::optional<std::size_t> chosen;  // index into grid
  std::optional<std::size_t> best;    // index of the highest mean score (the first one in grid order)
  std::string reason;             // why `chosen` was chosen, in words
  // Mean and SD over folds of the constant model's held-out score (majority class of the training fold, its mean
  // for regression, its median level for ordinal targets): the score "chance" reaches.
  double chance_score = 0.0, chance_sd = 0.0;
  CurveFlatness flatness;
};

struct Baseline {
  double l1_norm = 0.0;           // N = ‖w*‖₁ (+ γ·Σ|w*_priv| with a privileged block: the L1 budget's unit)
  double loss = 0.0;              // L* = Σξ* (+ κ·Σg with a privileged block)
  double privileged_l1_norm = 0.0;  // Σ|w*_priv| without γ (privileged block only)
  double bias = 0.0;              // binary and regression
  std::vector<double> thresholds; // ordinal θ_0..θ_{K-2}
  double train_score = 0.0;       // the search's score (Hyper::score_name; cv_score for two classes) on all rows
  int n_nonzero = 0;              // |w*_j| > 1e-9·N
  std::vector<double> weights;    // w*_j per column (raw LP units; 0 for constant columns)
  bool constant_model = false;    // N ≤ 1e-12: every feature irrelevant, no bounds or probes
};

struct ModelClass {
  double mu = 0.0;
  double rho = 0.0;
  bool rho_floor_active = false;
  Budget budget = Budget::fixed;  // the rule that set rho
  double loss_se = 0.0;           // SE(L*) = √(n/(n−1)·Σ(ξ_i − ξ̄)²), from the baseline's per-sample losses
};

struct Probes {
  int n = 0;                      // probes run (default: upper and lower values come from the same probes)
  bool refit = true;
  bool in_place = false;          // reference mode: permuted in place under the original μ, ρ
  std::vector<double> upper_values;  // U_k (reference: the surviving upper probes)
  std::vector<double> lower_values;  // L_k (reference: the surviving lower probes)
  std::vector<int> sources;       // source column of each probe (reference: upper probes, then lower ones)
  UpperThreshold upper;           // the upper threshold with its parts
  double lower_mean = 0.0, lower_sd = 0.0;
  double t_quantile = 0.0;
  double threshold_upper = 0.0;   // T_up
  double threshold_lower = 0.0;   // T_lo
  Threshold rule = Threshold::tail;
  int dropped = 0;                // reference mode: infeasible in-place probes
};

struct AppliedPreset {
  int feature = 0;                // column index
  double lo = 0.0, hi = 0.0;      // normalised
  int sign = 1;                   // side of the pin: +1, −1 (0: reference mode pinned the weight at 0)
};

struct Constrained {
  std::vector<AppliedPreset> presets;
  std::vector<FeatureResult> features;  // same fields; pinned features report [lo, hi] and `preset`
};

// One merge of the hierarchical clustering in SciPy's layout: clusters a and b (ids < m are candidates in
// `candidates` order, id m + t is the cluster made by merge t), merge height and size of the new cluster.
struct Merge {
  int a = 0, b = 0;
  double height = 0.0;
  int size = 0;
};

struct Grouping {
  double cutoff = 0.0;
  Linkage linkage = Linkage::single;
  std::vector<int> candidates;    // feature columns that were clustered
  std::vector<int> labels;        // per feature column: 1..G, 0 = not a candidate
  std::vector<Merge> merges;
  std::vector<int> leaf_order;    // feature columns in the dendrogram's leaf order
};

// The result of one model class: the whole task for binary, regression and ordinal targets; one class against
// the rest for a multiclass target.
struct ModelResult {
  std::string label;              // multiclass: the class label of this one-vs-rest problem; else empty
  std::vector<FeatureResult> features;
  Hyper hyper;
  Baseline baseline;
  ModelClass model_class;
  Probes probes;
  std::optional<Probes> privileged_probes;  // the privileged block's own probes (with Options::privileged)
  std::optional<Constrained> constrained;
  std::optional<Grouping> grouping;
  // The bounds phase used Options::signed_range's bound rule (resolved from auto by the shape): the features'
  // signed_bound flags apply.
  bool signed_bound_rule = false;
};

// Seconds, LP solves and simplex iterations of one phase.
struct PhaseStats {
  std::string name;  // search, baseline, bounds, probes, constrained, grouping
  double seconds = 0.0;
  long lp_solves = 0;
  long simplex_iterations = 0;
  long warm_solves = 0;
  long cold_solves = 0;
  long retries = 0;
  long lazy_rows_added = 0;
  long lazy_columns_added = 0;
};

struct Diagnostics {
  std::vector<std::string> warnings;
  std::vector<PhaseStats> phases;  // in the order above, summed over one-vs-rest problems
  double total_seconds = 0.0;
  unsigned threads = 1;
  // Totals over every phase.
  PhaseStats totals() const;
};

struct Result {
  Task task = Task::binary;
  Options options;                // the effective options (effective_options())
  std::uint64_t seed = 0;
  // Per feature column. Multiclass: the combination over the one-vs-rest model classes: class = the strongest,
  // lower and upper = the largest over the classes (signed values and baseline weight stay 0 there).
  std::vector<FeatureResult> features;
  // One entry per model class: one for binary, regression and ordinal targets; one per class (that class against
  // the rest, in code order) for a multiclass target.
  std::vector<ModelResult> models;
  Diagnostics diagnostics;

  bool multiclass() const { return task == Task::multiclass; }
  std::vector<std::size_t> selected() const;
  // The result document of docs/result-format.md#writing-rules and docs/fri.md#inputs-and-outputs (data gives names, labels and sizes). Multiclass:
  // features[].per_class[] holds each class's fields, `one_vs_rest[]` each class's hyper, baseline, model_class,
  // probes (and constrained, grouping); otherwise those blocks are top-level fields.
  report::Json to_json(const Dataset& data) const;
};

// Runs FRI. InputError (or PresetError) for bad data or options, SolverError when an LP that must solve does
// not, Cancelled when ctx's flag is set. Never prints or logs: warnings go to diagnostics.warnings, which starts
// with the Dataset's own warnings (constant columns, ordinal gaps, ...). Progress stages: "fri: search",
// "fri: bounds", "fri: probes", "fri: constrained", "fri: grouping" (once per class for a multiclass target).
Result run(const Dataset& data, const Options& options, const RunContext& ctx);

// One task of the plan "fri.blocks" that run() hands to ctx.plan_executor (task_plan.hpp): a block of bound or
// probe LPs, rebuilt from the data, the options and seed in `shared` and the fitted state there. What a worker in
// another process calls (through run_plan_task); the result equals the block the run computes itself.
TaskPlan::Json run_plan_block(const Dataset& data, const TaskPlan::Json& shared, const TaskPlan::Json& task,
                              const RunContext& ctx);

// FRI's entry in the method registry.
MethodSpec method_spec();

// The table and summary `featrel fri` prints; sort: index, upper, lower or class (largest first).
// max_rows: the feature table folded there (report::TextTable::fold); 0 = every row.
std::string text_report(const Result& result, const Dataset& data, std::string_view sort = "index",
                        std::size_t max_rows = 0);

}  // namespace featrel::fri
