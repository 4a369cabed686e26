// CRFE, conformal recursive feature elimination (docs/crfe.md#algorithm; paper: López-De-Castro et al.), and its baseline
// RFE (Guyon et al.): which features raise the conformal non-conformity most, and in what order can they go?
//
// run() splits the rows (stratified) into train / selection / calibration / test, standardises with the training
// rows, and eliminates backwards: at every step it fits one-vs-all linear SVMs (featrel/linear_svm.hpp,
// warm-started from the previous step) on the training rows, gives every remaining feature its additive share β_j
// of the non-conformity of the selection rows (computed from class-wise column sums, O(K·p) per step), and removes
// the feature with the largest β. The result is the full ranking, a subset chosen by a fixed size or by the
// paper's β-based stopping rule (Algorithm 1, or the reference library's variant under `stop_mode reference`), and
// an inductive conformal evaluation of that subset on the test rows (coverage, inefficiency, certainty, …).
// rfe::run() is the same loop with the squared SVM weights as importance (smallest removed first), optionally
// with RFECV's cross-validated size choice. `repeats ≥ 2` runs independent splits in parallel and adds the
// consensus ranking, selection frequencies and the stability indices of featrel/stability.hpp.
//
// Everything the spec calls a result is in Result; Result::to_json() writes the shared result format
// (docs/result-format.md#writing-rules, docs/crfe.md#inputs-and-outputs). The building blocks (β, the stopping rules, the conformal layer) are exposed
// for tests and tools. Results are identical for any thread count: each split draws from rng::derive(seed, …, r)
// and every reduction runs in a fixed order.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/linear_svm.hpp"
#include "featrel/option_table.hpp"
#include "featrel/report.hpp"
#include "featrel/run_context.hpp"
#include "featrel/stability.hpp"

namespace featrel {
struct MethodSpec;
}

namespace featrel::crfe {

// ---- Options (docs/crfe.md#parameters, with the renames of docs/architecture.md#naming-rules) -------------------------------------------

enum class Method { crfe, rfe };
// `automatic` resolves to `fixed` when n_features_to_select > 0, else `beta` (crfe) or `none` (rfe).
// `cv` (RFECV's size choice) is rfe's only; `beta` is crfe's only.
enum class Stop { automatic, beta, fixed, none, cv };
enum class StopMode { paper, reference };
enum class BetaRows { selection, train };
enum class Standardize { train, none };
enum class PValue { standard, smoothed };
enum class Compat { none, reference };
enum class Role { train, selection, calibration, test };

std::string to_string(Method v);
std::string to_string(Stop v);
std::string to_string(StopMode v);
std::string to_string(BetaRows v);
std::string to_string(Standardize v);
std::string to_string(PValue v);
std::string to_string(Compat v);
std::string to_string(Role v);
// The command-line words (the word lists of the option table); OptionError naming the option and the accepted
// words otherwise.
Stop parse_stop(std::string_view word);
StopMode parse_stop_mode(std::string_view word);
BetaRows parse_beta_rows(std::string_view word);
Standardize parse_standardize(std::string_view word);
PValue parse_pvalue(std::string_view word);
Compat parse_compat(std::string_view word);
Role parse_role(std::string_view word);  // train | selection | calibration | test (a --split-column value)

struct Options {
  Method method = Method::crfe;                 // rfe::run sets rfe
  double lambda = 0.5;                          // OvA weight λ of β (λ′ = (1 − λ)/(K − 1)); ignored for K = 2
  double C = 1.0;                               // SVM cost
  double svm_tol = 1e-4;                        // solver eps (scikit-learn tol)
  SvmSolver svm_solver = SvmSolver::automatic;  // newton while p_t + 1 ≤ 1024, then liblinear
  bool warm_start = true;                       // start each fit from the previous step's weights
  std::size_t step = 1;                         // features removed per step ...
  double step_fraction = 0.0;                   // ... or ⌊fraction·|F|⌋ (≥ 1) of the current count when > 0
  std::size_t n_features_to_select = 0;         // fixed subset size k; 0 = the stop rule
  Stop stop = Stop::automatic;
  StopMode stop_mode = StopMode::paper;
  double sigma = 5.0;            // σ of the β rule
  double window_fraction = 0.4;  // ψ = ⌊window_fraction·p0⌋ ...
  std::size_t window = 0;        // ... unless window > 0
  std::size_t min_features = 1;  // where the path ends
  bool truncate = false;         // stop the loop at the stop point
  BetaRows beta_rows = BetaRows::selection;
  Standardize standardize = Standardize::train;
  bool keep_constant = false;       // keep training-constant columns in the loop
  double test_fraction = 0.25;      // n_test = ⌈f·n⌉
  double train_fraction = 0.5;      // n_train = ⌊f·(n − n_test)⌋
  double selection_fraction = 0.5;  // selection = ⌊f·h⌋ of the held-out rest h
  bool reuse_calibration = false;   // selection rows = calibration rows (the paper's layout)
  // Fixed row roles, one per row (empty = random stratified split). read_data() fills them from split_column or
  // from the role files below (the CLI's --split-column, --selection-csv, --calibration-csv, --test-csv).
  std::vector<Role> roles;
  std::string split_column;     // a column of DATA.csv holding each row's role (not a feature)
  // Role files (inputs of read_data, formerly CLI-only): DATA.csv then holds the training rows, these files the
  // selection, calibration and test rows, each with DATA.csv's header. Empty = none.
  std::string selection_csv, calibration_csv, test_csv;
  double significance = 0.1;         // ε of the prediction sets
  std::optional<double> ncm_lambda;  // λ of the evaluation non-conformity; unset = lambda
  PValue pvalue = PValue::standard;
  bool sweep = false;                        // evaluate every subset size of the path (--sweep)
  std::vector<std::size_t> eval_sizes;       // evaluate these sizes
  std::size_t repeats = 1;                   // independent splits (≥ 2: runs[], stability)
  std::vector<std::size_t> stability_sizes;  // sizes k of stability.per_size (empty = every k)
  stability::IwVariant iw_variant = stability::IwVariant::paper;
  bool with_rfe = false;         // also run RFE on every split and report the similarity
  bool keep_betas = false;       // store the full β history
  std::size_t cv_folds = 5;      // rfe --stop cv
  Compat compat = Compat::none;  // `reference`: docs/crfe.md#compatibility-settings
};

// The option tables of crfe and of rfe (docs/crfe.md#options), built from one list: the β rule's options
// (stop_mode, sigma, window_fraction, window, beta_rows) and with_rfe, keep_betas are crfe's only, cv_folds is
// rfe's only; `stop` offers beta to crfe and cv to rfe. rfe::option_table() is declared below.
const options::Table<Options>& option_table();
// The table of options.method.
const options::Table<Options>& option_table(Method method);

// option_table(o.method).check(o), then the rules involving several options (stop against the method, a fixed
// size with stop fixed, fixed roles without repeats, a split column or role files): OptionError naming the key
// and its allowed range for any invalid value (docs/crfe.md#errors-and-edge-cases). Data-dependent checks
// (k > p, classes without training or calibration rows, …) happen in run().
void validate(const Options& options);
// The options a run uses: the compat preset applied (docs/crfe.md#compatibility-settings: stop mode reference, reuse_calibration,
// standardize none, keep_constant, svm_solver liblinear, svm_tol 1e-4, I_W reference), `stop` resolved,
// ncm_lambda filled in. This is the `options` echo.
Options effective_options(const Options& options);
// option_table(o.method).to_json(o).
report::Json options_json(const Options& options);

// ---- Fixed row roles from side files (docs/crfe.md#options) ----------------------------------------------------

// One role per data row of the CSV `path`, from the values of its column `column` (train, selection,
// calibration, test). OptionError naming split_column for a missing column or an unknown value.
std::vector<Role> roles_from_column(const std::string& path, const std::string& column);
// DATA.csv (`train_csv`) holds the training rows; the files selection_csv, calibration_csv and test_csv of `o`
// (each may be empty) the other roles, with the same header. Returns the concatenated CSV text (one header) and
// appends one role per data row to `roles`. OptionError naming the file's key for unreadable files or other
// columns.
std::string concatenate_role_files(const std::string& train_csv, const Options& o, std::vector<Role>& roles);
// Reads the data of a run with the role inputs of `o`: with role files, DATA.csv plus those files; with
// split_column, DATA.csv without that column. Fills o.roles (one per row of the result) when either is given.
Dataset read_data(const std::string& path, const CsvOptions& csv, Options& o);

// ---- β measures (docs/crfe.md#beta-measures) ---------------------------------------------------------------------------------

// Column sums of the β rows per class: S (K × p, row k = Σ_{i: y_i = k} x_i), their total, and for K = 2
// s = Σ_i y_i x_i with y = +1 for code 1 and −1 for code 0.
struct ClassSums {
  Eigen::MatrixXd per_class;   // K × p
  Eigen::VectorXd total;       // p
  Eigen::VectorXd signed_sum;  // p (K = 2 only, else empty)
};
// X: the β rows (n × p), labels: their codes 0..K−1.
ClassSums class_sums(Eigen::Ref<const Eigen::MatrixXd> X, const std::vector<int>& labels, std::size_t n_classes);

// β by the fast form, O(K·p): W has one row (binary: β_j = −w_j·s_j) or K rows (OvA:
// β_j = −(λ + λ′)·Σ_k W[k,j]·S_k[j] + λ′·(Σ_k W[k,j])·S[j], λ′ = (1 − λ)/(K − 1)). `columns` picks the columns of
// the sums that W's columns refer to (empty = all, in order).
Eigen::VectorXd beta_fast(const ClassSums& sums, Eigen::Ref<const Eigen::MatrixXd> W, double lambda,
                          const std::vector<std::size_t>& columns = {});
// β by its definition, O(n·K·p): β_j = −Σ_i x_ij·[λ·W[y_i, j] − λ′·Σ_{k≠y_i} W[k, j]] (binary: −w_j·Σ_i y_i x_ij).
Eigen::VectorXd beta_direct(Eigen::Ref<const Eigen::MatrixXd> X, const std::vector<int>& labels, std::size_t n_classes,
                            Eigen::Ref<const Eigen::MatrixXd> W, double lambda);
// RFE's importance c_j = Σ_k W[k, j]² (binary: w_j²).
Eigen::VectorXd rfe_importance(Eigen::Ref<const Eigen::MatrixXd> W);
// The positions of the s features a step removes: the largest scores (largest_first, CRFE) or the smallest (RFE),
// ties to the lower position; in removal order (worst first).
std::vector<std::size_t> removal_order(const Eigen::VectorXd& scores, std::size_t s, bool largest_first);

// ---- Stopping rules (docs/crfe.md#stopping-rules) -----------------------------------------------------------------------------

// ψ (= B of the reference rule): window > 0 ? window : ⌊window_fraction·p0⌋.
std::size_t stop_window(double window_fraction, std::size_t window, std::size_t p0);

struct StopObservation {
  bool fired = false;           // this step's test fired (also after an earlier firing)
  std::optional<double> value;  // paper: D_t; reference: G[end−1]
  std::optional<double> scale;  // paper: σ·max(sd, 1e-12·(1 + |m_t|)); reference: −σ·S[end−1]
  std::optional<double> ratio;  // paper: |D_t|/scale; reference: G[end−1]/scale (0 when S = 0)
};

// The β rule, fed with m_t (the mean β over F_t, before the removal) at t = 0, 1, ….
// paper: D_t = m_t − 2m_{t−1} + m_{t−2}; armed for t ≥ ψ + 2; fires when |D_t| > σ·max(sd(D_{t−ψ..t−1}),
//        1e-12·(1 + |m_t|)) (population sd); the firing step's removal still happens (selected = F_{t+1}).
// reference: the 2023 library's rule with its crash bugs fixed (L, G, S as in docs/crfe.md#stopping-rules); one-sided; on a
//        firing step nothing is removed (selected = F_t). With ψ ≤ 1 it never fires.
class StopRule {
 public:
  StopRule(StopMode mode, double sigma, std::size_t window);
  StopObservation observe(double mean_beta);
  StopMode mode() const { return mode_; }
  std::size_t window() const { return window_; }
  // The reference rule's histories (G and S start with two zeros); empty in paper mode.
  const std::vector<double>& reference_g() const { return g_; }
  const std::vector<double>& reference_s() const { return s_; }

 private:
  StopMode mode_;
  double sigma_;
  std::size_t window_;
  std::vector<double> m_;      // paper: every m_t; reference: L (the last B + 1 means)
  std::vector<double> d_;      // paper: D_t for t ≥ 2 (index t − 2)
  std::vector<double> g_, s_;  // reference
  bool first_ = true;
};

// ---- Inductive conformal layer (docs/crfe.md#conformal-evaluation) ------------------------------------------------------------------

// Non-conformity α(x, y) for every row and label from decision values D (n × K', K' = 1 for binary):
// binary α = −y·f (y = ±1 for code 1/0); OvA α = −λ·D_y + λ′·Σ_{k≠y} D_k. Returns n × K.
Eigen::MatrixXd nonconformity(Eigen::Ref<const Eigen::MatrixXd> D, std::size_t n_classes, double lambda);

// p-values (n_test × K) from the calibration scores (each row's α with its true label) and the test rows' α for
// every label. standard: (#{α_i ≥ α} + 1)/(n_cal + 1). smoothed: (#{α_i > α} + U·(#{α_i = α} + 1))/(n_cal + 1),
// U ~ U(0, 1) from rng::derive(seed, "smooth", test_ids[r], y) (test_ids: e.g. the data row of each test row).
Eigen::MatrixXd conformal_pvalues(const std::vector<double>& calibration_scores,
                                  Eigen::Ref<const Eigen::MatrixXd> test_scores, PValue kind = PValue::standard,
                                  std::uint64_t seed = 0, const std::vector<std::size_t>& test_ids = {});

struct ConformalMetrics {
  double coverage = 0, inefficiency = 0, certainty = 0, uncertainty = 0, mistrust = 0;
  double credibility = 0, confidence = 0, s_score = 0, fuzziness = 0, pvalue_accuracy = 0;
};
// Over the test rows, with prediction sets Γ = {y : p_y > ε}: coverage = mean 1{y ∈ Γ}, inefficiency = mean |Γ|,
// certainty = mean 1{Γ = {y}} (one label, the true one), uncertainty = mean 1{Γ = all}, mistrust = mean 1{Γ = ∅},
// credibility = mean max p, confidence = mean(1 − second largest p), s_score = mean Σp, fuzziness = mean(Σp − max p),
// pvalue_accuracy = mean 1{argmax p = y} (ties: lowest label). NaN everywhere for no rows.
ConformalMetrics conformal_metrics(Eigen::Ref<const Eigen::MatrixXd> pvalues, const std::vector<int>& labels,
                                   double significance);

// ---- Results ---------------------------------------------------------------------------------------------------

// One feature of one split (or the consensus over splits at the top level of a repeated run).
struct FeatureResult {
  std::size_t rank = 0;                         // 1 = best
  std::optional<std::size_t> elimination_step;  // null for survivors and for constant columns left out
  bool selected = false;
  std::optional<double> score_initial;        // β (RFE: importance) at step 0; null when never scored
  std::optional<double> score_at_removal;     // at the removing step; survivors: the last one
  bool constant = false;                      // constant on the training rows
  std::optional<double> selection_frequency;  // repeats: fraction of runs that selected it
  std::optional<double> mean_rank;            // repeats: mean rank over runs
};

struct Step {
  std::size_t step = 0;
  std::size_t n_features = 0;        // |F_t| before the removal
  std::vector<std::size_t> removed;  // columns, worst first
  double score_mean = 0.0;           // mean β (RFE: importance) over F_t
  double score_max = 0.0;
  StopObservation stop;       // values null before the rule is armed (and for RFE)
  int solver_iterations = 0;  // summed over the OvA problems
  std::string solver;         // newton | liblinear | newton+liblinear
};

struct StopInfo {
  Stop criterion = Stop::beta;
  StopMode mode = StopMode::paper;
  bool fired = false;
  std::optional<std::size_t> step;
  std::size_t n_selected = 0;
  // beta_rule, beta_rule_not_fired, window_too_short, fixed_size, ranking_only, single_feature, cv, majority
  std::string reason;
  double sigma = 0.0;
  std::size_t window = 0;
};

struct Rows {
  std::vector<std::size_t> train, selection, calibration, test;  // data rows, ascending
  std::optional<std::uint64_t> split_seed;                       // null for fixed roles
  bool reuse_calibration = false;                                // selection rows are the calibration rows
};

struct SubsetEvaluation {
  std::string label;                  // "all", "selected", "k=10", …
  std::vector<std::size_t> features;  // ascending (empty in the means over runs)
  double n_features = 0;              // |features|, or its mean over runs
  ConformalMetrics metrics;
  double svm_accuracy = 0.0;  // OvA argmax of the decision values (K = 2: sign)
};

struct Evaluation {
  double significance = 0.1;
  PValue pvalue = PValue::standard;
  std::size_t n_runs = 1;  // > 1: metrics are means over runs (top level of repeats)
  std::vector<SubsetEvaluation> subsets;
};

struct Model {
  std::vector<std::size_t> features;  // columns of W, ascending
  Eigen::MatrixXd W;                  // K' × k (K' = 1 for binary)
  Eigen::VectorXd b;
};

struct BetaSnapshot {                 // keep_betas: one per step
  std::vector<std::size_t> features;  // F_t, ascending
  std::vector<double> scores;         // aligned with features
};

struct CvScores {  // rfe --stop cv
  std::size_t folds = 0;
  std::vector<std::size_t> sizes;     // descending
  std::vector<double> mean_accuracy;  // aligned with sizes
  std::size_t chosen = 0;
};

// Counters of one split's path.
struct RunDiagnostics {
  std::vector<std::string> warnings;
  std::vector<std::size_t> constant_features;
  std::size_t n_fits = 0;  // binary SVM problems solved (steps × K' + extra fits)
  long solver_iterations = 0;
  double seconds_split = 0, seconds_fit = 0, seconds_beta = 0, seconds_evaluation = 0, seconds_total = 0;
};

// Everything one split produces (docs/crfe.md#inputs-and-outputs's per-split fields).
struct Run {
  Method method = Method::crfe;
  std::uint64_t seed = 0;  // the split's seed (rng::derive(run seed, "split", r))
  Rows rows;
  std::vector<FeatureResult> features;         // per column
  std::vector<std::size_t> ranking;            // best → worst
  std::vector<std::size_t> elimination_order;  // first removed first
  std::vector<std::size_t> selected;           // ascending; a prefix of ranking
  std::vector<Step> steps;
  StopInfo stop;
  std::optional<Model> model;            // fitted on the training rows restricted to `selected`
  std::optional<Evaluation> evaluation;  // when there are test rows
  std::vector<BetaSnapshot> betas;       // keep_betas
  std::optional<CvScores> cv;
  RunDiagnostics diagnostics;
};

struct SizeDistribution {
  double mean = 0, sd = 0;  // population sd
  std::size_t min = 0, max = 0;
  std::vector<std::pair<std::size_t, std::size_t>> histogram;  // (size, count), ascending size
};

struct Stability {
  std::vector<std::pair<std::size_t, stability::StabilityResult>> per_size;  // (k, indices of the M top-k sets)
  stability::StabilityResult selected;                                       // of the M selected sets
  SizeDistribution sizes;                                                    // of the M selected sets
};

struct SimilarityAtSize {
  std::size_t k = 0;
  double jaccard = 0;              // mean over runs of J(CRFE_r, RFE_r)
  std::optional<double> kuncheva;  // mean over runs (null when undefined)
  double iw = 0;                   // pooled over the 2M sets
};

struct Result {
  Method method = Method::crfe;
  Task task = Task::binary;
  Options options;  // effective_options()
  std::uint64_t seed = 0;
  std::size_t repeats = 1;
  // Top level: the single run's table, or with repeats the consensus (rank by mean rank, ties to the lower
  // index; selected = chosen in more than half of the runs; score_* = means over runs; elimination_step null).
  std::vector<FeatureResult> features;
  std::vector<std::size_t> ranking;
  std::vector<std::size_t> selected;
  std::vector<Run> runs;                     // one per split (repeats = 1: the run itself)
  std::vector<Run> rfe_runs;                 // with_rfe: RFE on the same splits
  std::optional<Evaluation> evaluation;      // repeats: means over runs of the subsets all runs share
  std::optional<Stability> stability;        // repeats ≥ 2
  std::vector<SimilarityAtSize> similarity;  // repeats ≥ 2 with with_rfe
  std::vector<std::string> warnings;
  double seconds_total = 0.0;
  unsigned threads = 1;

  // The result document (docs/result-format.md#writing-rules, docs/crfe.md#inputs-and-outputs). data gives names, labels and sizes. One split: the
  // run's fields at the top level, plus `rfe` (the RFE run on the same split) with with_rfe. Repeats: the
  // consensus at the top level (features with selection_frequency and mean_rank, ranking, selected, the mean
  // evaluation, stop with reason "majority" and fired_runs), each split complete in runs[] (with runs[].rfe), then
  // stability and similarity; the per-split elimination_order and model are null at the top level and steps is [].
  // RFE writes importance_* wherever CRFE writes beta_*.
  report::Json to_json(const Dataset& data) const;
};

// Runs CRFE (or RFE when options.method is rfe). InputError for bad data or options (one class, a class with no
// training or calibration rows, k outside [1, p], …), Cancelled when ctx's flag is set. Never prints: warnings go
// to Result::warnings (starting with the Dataset's own). Progress stages: "crfe: elimination" (steps of a single
// run) or "crfe: repeats" (finished splits); "rfe: …" for RFE.
Result run(const Dataset& data, const Options& options, const RunContext& ctx);

// The ranking table, the stop line, the conformal evaluation and (with repeats) the stability, as `featrel crfe`
// and `featrel rfe` print them. sort: "rank" (ranking order, the default) or "index" (column order).
// max_rows: the feature table folded there (report::TextTable::fold); 0 = every row.
std::string text_report(const Result& result, const Dataset& data, std::string_view sort = "rank",
                        std::size_t max_rows = 0);

// CRFE's entry in the method registry (its data loading reads the role inputs: read_data).
MethodSpec method_spec();

}  // namespace featrel::crfe

namespace featrel::rfe {

using Options = crfe::Options;
using Result = crfe::Result;
// crfe::run with method = rfe (squared weights, smallest removed first; stop fixed, none or cv).
Result run(const Dataset& data, const Options& options, const RunContext& ctx);
// rfe's option table (crfe::option_table(crfe::Method::rfe)).
const options::Table<Options>& option_table();
// RFE's entry in the method registry.
MethodSpec method_spec();

}  // namespace featrel::rfe
