// Internals of featrel::fri shared by the files of src/methods/fri: one model-class problem (the whole task, or
// one class against the rest), the fixed blocks that run LP tasks in parallel, and the phase functions that
// run() chains: search → baseline → bounds → probes → classes → presets → grouping.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <Eigen/Dense>

#include "featrel/fri.hpp"
#include "featrel/lp_svm.hpp"
#include "featrel/run_context.hpp"
#include "featrel/task_plan.hpp"

namespace featrel::fri::detail {

// |value| below this is reported as 0 (normalised units): docs/fri.md#relevance-bounds (featrel) and docs/fri.md#compatibility-settings (reference).
inline double zero_tolerance(const Options& o) { return o.reference ? 1e-11 : 1e-9; }
// A baseline L1 norm at or below this is the constant model (docs/fri.md#baseline-and-model-class).
inline constexpr double kConstantModelNorm = 1e-9;

struct Prepared;

// One model class: the data and target of one LP family.
struct Problem {
  LpTask task = LpTask::classification;
  const Eigen::MatrixXd* X = nullptr;    // n x d preprocessed features (every column; constant ones unused)
  Eigen::VectorXd y;                     // ±1, real values, or ranks 0..K-1
  std::vector<int> active;               // non-constant normal columns, ascending
  std::vector<int> priv_active;          // non-constant privileged columns, ascending (empty: no LUPI)
  std::vector<int> strata;               // class codes for stratified folds (classification, ordinal)
  std::size_t n_strata = 0;
  int n_levels = 0;                      // 2 (classification), K (ordinal), 0 (regression)
  double s_y = 1.0;                      // population sd of y (regression), else 1
  // Regression: y was divided by this (its population SD) before it entered the LPs, whose tolerances are
  // absolute; a fixed ε is divided by it on the way in, and every result in y's units multiplied on the way
  // out (to_y_units). 1 for the other tasks and a constant y.
  double y_unit = 1.0;
  std::uint64_t seed = 0;                // this problem's seed (the run seed, or derived per class)
  std::string label;                     // multiclass: the class of this one-vs-rest problem
  const std::vector<std::string>* names = nullptr;  // feature names for messages
  // Where the problem comes from, so that a task plan can name it: the run's preparation and this problem's index
  // in it (a worker rebuilds the same problem from the data, the options and the seed).
  const Prepared* prepared = nullptr;
  int index = 0;
  int n() const { return static_cast<int>(y.size()); }
  int d() const { return static_cast<int>(X->cols()); }
  const std::string& name(int j) const { return (*names)[static_cast<std::size_t>(j)]; }
  // "" or "class 'a' vs rest: " for messages.
  std::string prefix() const { return label.empty() ? std::string() : "class '" + label + "' vs rest: "; }
};

// A run's data prepared for the LPs: the checks of docs/fri.md#errors-and-edge-cases, the standardised matrix and
// one Problem per model class (one, or one per class against the rest). Built the same way by the run and by a
// plan worker, from the data, the options as given and the run seed.
struct Prepared {
  Options options;             // as given (validated): what a task plan carries
  Options o;                   // effective_options(options): what the phases use
  std::uint64_t seed = 0;      // the run seed
  std::vector<bool> constant;  // per feature
  std::vector<bool> privileged;  // per feature: one of Options::privileged
  std::vector<int> active;     // non-constant normal features, ascending
  std::vector<int> priv_active;  // non-constant privileged features, ascending
  Eigen::MatrixXd Z;           // preprocessed features; every Problem's X points here
  std::vector<Problem> problems;
};
std::unique_ptr<Prepared> prepare(const Dataset& data, const Options& options, std::uint64_t seed);

// The LP of a problem; with a privileged block its columns are pb.priv_active in order (position q is column
// pb.priv_active[q]), followed by `privileged_probe` when given (a permuted privileged column, position d*).
LpSvm make_lp(const Problem& pb, const Options& o, double epsilon,
              const std::vector<double>* privileged_probe = nullptr);

// Seconds and LP counters of one phase, accumulated over one or more problems.
struct PhaseAccumulator {
  PhaseStats& stats;
  std::chrono::steady_clock::time_point start;
  explicit PhaseAccumulator(PhaseStats& s) : stats(s), start(std::chrono::steady_clock::now()) {}
  ~PhaseAccumulator() {
    stats.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  void add(const LpCounters& c);
};

struct Fit;

// One block of a phase's LP tasks: tasks [lo, hi) in order on one fresh LP, from the fitted state `fit`, with the
// phase's own inputs in `extra`; returns {"values": [one entry per task]}. The same function runs a block here and
// on a plan worker. Kinds: "bounds" (solve_bounds), "probes", "reference_probes" (run_probes), "privileged_bounds"
// and "privileged_probes" (privileged.cpp).
using BlockFn = TaskPlan::Json (*)(const Problem& pb, const Options& o, const Fit& fit, const TaskPlan::Json& extra,
                                  std::size_t lo, std::size_t hi, LpCounters& counters, const RunContext& ctx);
BlockFn block_function(std::string_view kind);

// Runs a phase's n LP tasks in a fixed number of contiguous blocks (independent of the thread count and of where
// the blocks run); each block builds its own LP and runs its tasks in order, every task from a saved basis. So
// results and counters are bitwise identical for 1 and N threads and for any plan executor (ctx.plan_executor:
// the blocks go out as the task plan "fri.blocks", see run_plan_block). Returns the n task values in order and
// adds every block's counters to `phase`.
std::vector<TaskPlan::Json> run_blocks(const Problem& pb, const Options& o, const Fit& fit, std::string_view kind,
                                       const TaskPlan::Json& extra, std::size_t n, const RunContext& ctx,
                                       std::string_view stage, PhaseAccumulator& phase);

// ---- Search (hyper_search.cpp) -------------------------------------------------------------------------------

struct SearchOutcome {
  Hyper hyper;
  LpBasis warm;  // basis of the first fold at the chosen point (a warm start for the baseline), may be empty
  // featrel's rule: the tied grid points in order of preference (chosen first) and their first-fold bases, so
  // that fit_problem() can pass over a chosen C whose model on all rows has no weights.
  std::vector<std::size_t> preference;
  std::vector<LpBasis> bases;
};

// docs/fri.md#hyperparameter-search: the grid search (or the reference's random search); when C (and ε) are fixed, no search.
SearchOutcome search(const Problem& pb, const Options& o, const RunContext& ctx, PhaseAccumulator& phase);

// docs/fri.md#hyperparameter-search: sets h.flatness for h.chosen: flat when a C at least 10× away from the
// chosen one has a mean score within one SD over folds of the chosen point's (the data cannot tell those C apart,
// and the fold split decides). SD 0 is never flat.
void measure_flatness(Hyper& h);

// Fold id per sample of the search: stratified and shuffled (featrel), or contiguous KFold blocks (reference).
std::vector<int> search_fold_ids(const Problem& pb, int k, bool reference);

// Score of a fitted model on the given samples: o.cv_score (classification), R² (regression), 1 − MMAE/(K−1).
double score(const LpSvm& lp, const LpModelFit& fit, const Problem& pb, const Options& o,
             const std::vector<int>& samples);
// The same score of given predictions (a class as ±1, a value, or a level per sample).
double score_values(const Problem& pb, const Options& o, const std::vector<int>& samples,
                    const std::vector<double>& pred);
// The score's name in JSON (Hyper::score_name).
std::string score_name(const Problem& pb, const Options& o);
// Its words in text: "balanced accuracy", "macro F1", "weighted F1", "R²", "1 − MMAE/(K−1)".
std::string score_words(std::string_view name);

// ---- Baseline and model class (model_class.cpp) --------------------------------------------------------------

struct Fit {
  double C = 0.0;
  double epsilon = 0.0;
  LpBasis basis;        // the baseline basis every bound and probe task starts from
  Baseline baseline;
  ModelClass model_class;
  double N = 0.0;       // baseline L1 norm
  // Options::screen or one_side_per_feature: the baseline's certified bounds on w_j and -w_j over the class, raw
  // units, per column of X (LpSvm::weight_certificates; +inf where none); empty otherwise.
  std::vector<double> max_weight, max_minus_weight;
};

// Loss budget floor ρ_min (docs/fri.md#baseline-and-model-class).
double loss_floor(const Problem& pb, const Options& o);
// SE of L* = Σξ_i over resampled rows: √(n·s²), s² the sample variance of the per-sample losses (0 when n < 2).
double loss_standard_error(const std::vector<double>& sample_losses);
// μ, ρ around a fitted baseline (its L1 norm, loss and per-sample losses) under o's budget rule.
ModelClass model_class_of(const LpModelFit& f, const Problem& pb, const Options& o);
// `certificates`: fill Fit::max_weight and max_minus_weight (not with a privileged block).
Fit fit_baseline(const Problem& pb, const Options& o, const Hyper& hyper, const LpBasis& warm,
                 PhaseAccumulator& phase, bool certificates);

// ---- Bounds (relevance_bounds.cpp) ---------------------------------------------------------------------------

// |w_j| pinned to [lo, hi] (raw units) on side `sign` (+1/−1); sign 0 pins w_j at 0 (reference sign(0)).
struct Pin {
  int feature = 0;
  double lo = 0.0, hi = 0.0;
  int sign = 1;
};
struct BoundJob {
  int pinset = -1;  // index into the pin sets, −1 = none
  int feature = 0;
  bool min = true, max = true;  // which of the two LPs to solve (a side not solved comes back NaN)
};
// A point of the model class, sparse: (feature, raw w) for its non-zero weights.
using SparseWeights = std::vector<std::pair<int, double>>;
struct SignedRange {
  double a = 0.0, b = 0.0;  // min and max of w_j (raw)
  // Optimal points of the min and max LPs, kept when asked for (solve_bounds' `witnesses`): a pin that such a
  // point already meets cannot change that bound, so the presets reuse it instead of solving again.
  SparseWeights at_a, at_b;
  // Under the other-side rule: a (b) is a certified bound, not an LP's optimum, and at_a (at_b) is empty.
  bool a_bound = false, b_bound = false;
  // The class dual points of the solved LPs (min first), kept when asked for (solve_bounds' `duals`): they
  // certify other features' bounds (docs/fri.md#screening).
  std::vector<ClassDualPoint> duals;
};
// Whether the point meets every pin (w_k = 0 for sign 0, otherwise sign·w_k ∈ [lo, hi]).
bool meets_pins(const SparseWeights& point, const std::vector<Pin>& pins);

void apply_pins(LpSvm& lp, const std::vector<Pin>& pins);

// The block functions (BlockFn) of the phases: bounds (relevance_bounds.cpp) and probes (probes.cpp).
TaskPlan::Json bounds_block(const Problem& pb, const Options& o, const Fit& fit, const TaskPlan::Json& extra,
                            std::size_t lo, std::size_t hi, LpCounters& counters, const RunContext& ctx);
TaskPlan::Json probe_block(const Problem& pb, const Options& o, const Fit& fit, const TaskPlan::Json& extra,
                           std::size_t lo, std::size_t hi, LpCounters& counters, const RunContext& ctx);
TaskPlan::Json reference_probe_block(const Problem& pb, const Options& o, const Fit& fit, const TaskPlan::Json& extra,
                                     std::size_t lo, std::size_t hi, LpCounters& counters, const RunContext& ctx);
// The privileged block (privileged.cpp): per privileged column its range over the model class, and per probe the
// interval of a permuted privileged column.
TaskPlan::Json privileged_bounds_block(const Problem& pb, const Options& o, const Fit& fit, const TaskPlan::Json& extra,
                                       std::size_t lo, std::size_t hi, LpCounters& counters, const RunContext& ctx);
TaskPlan::Json privileged_probe_block(const Problem& pb, const Options& o, const Fit& fit, const TaskPlan::Json& extra,
                                      std::size_t lo, std::size_t hi, LpCounters& counters, const RunContext& ctx);

// min and max of w_j for every job, under μ, ρ of `fit` and the job's pins, from fit's basis; with `witnesses`
// also each LP's optimal point (SignedRange::at_a, at_b).
std::vector<SignedRange> solve_bounds(const Problem& pb, const Options& o, const Fit& fit,
                                      const std::vector<std::vector<Pin>>& pinsets, const std::vector<BoundJob>& jobs,
                                      const RunContext& ctx, std::string_view stage, PhaseAccumulator& phase,
                                      bool witnesses = false, bool duals = false);

// The normalised interval of a signed range [a, b] (docs/fri.md#relevance-bounds), values below the zero tolerance set to 0.
FeatureResult interval_of(const SignedRange& r, double N, double baseline_weight, double zero_tol);
double clean(double v, double zero_tol);

// Screening (docs/fri.md#screening). A certificate must lie this far (relative) below the noise threshold.
inline constexpr double kScreenMargin = 1e-6;
// Open sides solved per round before the certificates are tightened with their dual points. Small rounds prune
// more LPs but leave the two threads less to share: with the all-rows LP built on first use (item 12) a whole run
// took, for rounds of 16, 32, 64 and 256, 7.9, 7.6, 7.2 and 6.9 s at 200 x 2,000 and 26.0, 25.6, 27.3 and 30.6 s
// at 200 x 20,000 (docs/fri.md#performance items 11, 12); 256 favours the narrower, more common shape.
inline constexpr std::size_t kScreenRound = 256;
// Which unsolved sides of a feature known to cross 0 (left at 0 by the baseline, or at 0 or of the other sign in
// a solved LP's optimal point) certified_intervals closes:
// - noise (Options::screen, docs/fri.md#screening): a side whose certificate lies below the upper threshold of
//   the probes; a feature whose solved side exceeds it gets its other side solved too. Classes equal the full
//   run's, relevant features' intervals are exact, and a feature with a skipped side is marked screened (its
//   upper and that side are certified bounds; lower 0 is exact).
// - other_side (Options::signed_range bound, docs/fri.md#one-side-per-feature): a side whose certificate lies below
//   the value of the feature's solved other side, or at 0. Lower (0) and upper (the solved side) are exact, so
//   are the classes; a relevant feature gets both sides solved, and a feature with a skipped side is marked
//   signed_bound (that side is a certified bound).
enum class Closing { noise, other_side };
// Every active feature's interval (index = column of X) under fit's weight certificates, tightened by the dual
// points of every LP solved, with the sides that `closing` allows left unsolved.
// `round`: open sides solved per round (kScreenRound; tests use small rounds). `ranges` (other_side only): when
// given, filled per column with the signed ranges, the solved sides' optimal points and the certified sides marked,
// for the presets (run_presets).
std::vector<FeatureResult> certified_intervals(const Problem& pb, const Options& o, const Fit& fit,
                                               const Probes& probes, Closing closing, const RunContext& ctx,
                                               PhaseAccumulator& phase, std::size_t round = kScreenRound,
                                               std::vector<SignedRange>* ranges = nullptr);
// Whether the bounds phase of this problem uses Closing::other_side: Options::signed_range bound, or auto with more
// active features than rows; never with screening, the reference mode, grouping or privileged columns.
bool one_side_per_feature(const Problem& pb, const Options& o);

// ---- Probes and thresholds (probes.cpp, thresholds.cpp) ------------------------------------------------------

Probes run_probes(const Problem& pb, const Options& o, const Fit& fit, const RunContext& ctx, PhaseAccumulator& phase,
                  std::vector<std::string>& warnings);
// Column `column` of pb.X with its rows in the order sigma (a probe).
std::vector<double> permuted_column(const Problem& pb, int column, const std::vector<std::size_t>& sigma);
// A refitted probe's signed range [a, b] (docs/fri.md#probes-and-thresholds), right after the refit on lp, under
// the refit's class mc (already set as the budget), every LP from `from`; refit_weight is the refit's probe
// weight. A side that cannot change the probe's upper or lower value is not solved and comes back as 0.
SignedRange probe_range(LpSvm& lp, const ModelClass& mc, const LpBasis& from, double refit_weight);
// The thresholds of a Probes from its upper and lower values.
void finish_probes(Probes& pr, const Options& o);
// n_probes probe tasks of block kind `kind` ("probes", "privileged_probes"), each giving [upper, lower], with
// their source columns, and the thresholds from them.
Probes collect_probes(const Problem& pb, const Options& o, const Fit& fit, std::string_view kind,
                      std::vector<int> sources, const RunContext& ctx, std::string_view stage,
                      PhaseAccumulator& phase);

// ---- Privileged block (privileged.cpp) -------------------------------------------------------------------------

// Per column of pb.priv_active, in order: its interval over the model class (FeatureResult::privileged set).
std::vector<FeatureResult> privileged_intervals(const Problem& pb, const Options& o, const Fit& fit,
                                                const RunContext& ctx, PhaseAccumulator& phase);
// The privileged block's own probes: permuted privileged columns, each one more privileged column of the LP.
Probes privileged_probes(const Problem& pb, const Options& o, const Fit& fit, const RunContext& ctx,
                         PhaseAccumulator& phase);

// docs/fri.md#relevance-classes: 2 strong, 1 weak, 0 irrelevant.
int relevance_class(double lower, double upper, const Probes& probes, const Options& o);
// docs/fri.md#needed-below-noise: class 0, yet lower passes the strong test (every good model needs the feature).
bool needed_below_noise(double lower, double upper, const Probes& probes, const Options& o);

// ---- Presets (presets.cpp) -----------------------------------------------------------------------------------

struct ResolvedPreset {
  int feature = 0;
  double lo = 0.0, hi = 0.0;
};

// The data-only checks of docs/fri.md#preset-constraints in order (unknown or constant, duplicate, negative or lo > hi).
std::vector<ResolvedPreset> resolve_presets(const Dataset& data, const std::vector<bool>& constant, const Options& o);

// Side of a pin on feature j (docs/fri.md#preset-constraints sign rule; reference: sign(w*_j), possibly 0).
int pin_sign(const FeatureResult& unconstrained, double N, double w_star, const Options& o);

// `unpinned`: the fit's own signed ranges per feature with their optimal points (empty: none kept); a bound whose
// optimal point meets the pins is taken from there without an LP.
Constrained run_presets(const Problem& pb, const Options& o, const Fit& fit, const std::vector<FeatureResult>& features,
                        const Probes& probes, const std::vector<ResolvedPreset>& presets,
                        const std::vector<SignedRange>& unpinned, const RunContext& ctx, PhaseAccumulator& phase);

// ---- Grouping (grouping.cpp) ---------------------------------------------------------------------------------

Grouping run_grouping(const Problem& pb, const Options& o, const Fit& fit, const std::vector<FeatureResult>& features,
                      const RunContext& ctx, PhaseAccumulator& phase, std::vector<std::string>& warnings);

// Agglomerative clustering of m points from a symmetric distance matrix (SciPy linkage layout).
std::vector<Merge> linkage(const Eigen::MatrixXd& distances, Linkage method);
// Flat cluster per point (0-based cluster ids by smallest member) cutting merges above cutoff·(largest height).
std::vector<int> flat_clusters(const std::vector<Merge>& merges, int m, double cutoff);
// Leaves (point ids) in the dendrogram's natural order.
std::vector<int> leaf_order(const std::vector<Merge>& merges, int m);

// ---- One problem (fri_run.cpp) -------------------------------------------------------------------------------

// Phase indices into Diagnostics::phases.
enum Phase { kSearch = 0, kBaseline, kBounds, kProbes, kConstrained, kGrouping, kPhaseCount };

// One problem fitted without presets: search → baseline → bounds → probes → classes, then (group_problem) the
// grouping. The presets start from it: run() applies its own once, fri::Session keeps it and applies any others.
struct FittedProblem {
  ModelResult result;                          // without `constrained`
  Fit fit;                                     // baseline, budgets and the basis every bound LP starts from
  std::vector<std::string> warnings;           // of the fit, in order
  std::vector<std::string> grouping_warnings;  // of the grouping (reported after the presets' own)
  // Per feature, the bound LPs' values with their optimal points, when fit_problem was asked to keep them (for
  // presets: run() with presets, and every Session); empty otherwise.
  std::vector<SignedRange> unpinned;
};
FittedProblem fit_problem(const Problem& pb, const Options& o, const RunContext& ctx, std::vector<PhaseStats>& phases,
                          bool keep_witnesses = false);
void group_problem(const Problem& pb, const Options& o, FittedProblem& fp, const RunContext& ctx,
                   std::vector<PhaseStats>& phases);

// The presets on a fitted problem (none: nothing to do); the grouping does not change what they see.
struct PresetOutcome {
  std::optional<Constrained> constrained;
  std::vector<std::string> warnings;
};
PresetOutcome apply_presets(const Problem& pb, const Options& o, const FittedProblem& fp,
                            const std::vector<ResolvedPreset>& presets, const RunContext& ctx,
                            std::vector<PhaseStats>& phases);
// The problem's ModelResult; appends its warnings in run order (fit, presets, grouping).
ModelResult problem_result(const FittedProblem& fp, PresetOutcome presets, std::vector<std::string>& warnings);

// A Result without models: task, effective options `o`, seed, threads, the phases and the warnings that come
// before any fit (the data's, then the options'). finish_result adds what follows the models.
Result start_result(const Dataset& data, const Prepared& prepared, const Options& o, const RunContext& ctx);
void finish_result(const Dataset& data, Result& res);

// ---- Multiclass (multiclass.cpp) ------------------------------------------------------------------------------

// One binary problem per class k (k → +1, the rest → −1), each with its own seed; folds stay stratified by the K
// original classes, so every fold holds every class.
std::vector<Problem> one_vs_rest(const Dataset& data, const Eigen::MatrixXd& X, const std::vector<int>& active,
                                 std::uint64_t seed);
// The combined per-feature result: the strongest class over the problems, the largest lower and upper.
std::vector<FeatureResult> combine_models(const std::vector<ModelResult>& models);

// ---- JSON pieces (fri_result_json.cpp) -----------------------------------------------------------------------

report::Json feature_fields_json(const FeatureResult& f, bool screen, bool signed_bound_rule);

}  // namespace featrel::fri::detail
