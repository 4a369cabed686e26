// The linear programs under FRI (docs/fri.md#linear-programs to #preset-constraints, docs/fri.md#performance): the L1 hinge SVM, the L1 ε-insensitive SVR and the
// L1 ordinal SVM, solved with COIN-OR CLP.
//
// One LpSvm holds one LP built once from standardised data: variables w+, w- ≥ 0 per active feature, a free bias
// b (ordinal: free thresholds θ_0..θ_{K-2}), slacks ≥ 0, the data rows of docs/fri.md#linear-programs, and two budget rows,
// Σ(w+ + w-) ≤ μ (the L1 row) and Σ slacks ≤ ρ (the loss row). Afterwards only objectives, row bounds, column
// bounds and one probe column pair change, and every solve starts from a basis: the baseline fit
// (min Σ(w+ + w-) + C·Σ slacks) from the current basis, a bound LP (min or max of w_j = w+_j - w-_j under the
// budget rows) from a basis saved after the baseline. Cross-validation folds are row-bound changes of the same
// LP (held-out rows are freed, their slacks fixed at 0), so one LP serves every fold.
//
// Each solve reports two separate facts, as HiGHS does: the call ran (it returned an LpSolve) and the LP is
// proven optimal (LpSolve::optimal). A solve that is not optimal is retried once from the all-slack basis with
// the dual simplex; the throwing calls then raise SolverError naming the LP, CLP's status, secondary status and
// the iteration count. try_bound() and feasible() report an infeasible LP instead of throwing, for presets.
//
// Lazy rows (docs/fri.md#performance item 4, on by default): an LP started from a saved basis (bounds, feasibility checks,
// fit_baseline(C, start)) is solved with only the data rows within lazy_margin of their bound at that basis's
// solution; after each solve the left-out rows are checked, violated ones are added back and the LP re-solved
// with the dual simplex. The reduced LP is a relaxation, so the answer is the full LP's optimum. (Regression
// rows are ranged, at most ε from their nearer bound, so with ε < lazy_margin·s_y none is left out.)
//
// Lazy columns (docs/fri.md#performance item 8, on by default): a bound LP (bound, try_bound, bound_probe) or a
// warm baseline fit (fit_baseline from a basis: the search's C path, probe refits) without a privileged block is
// solved on the feature columns that are basic or non-zero in its start basis (at width the
// baseline's support, a few hundred of thousands), the bounded feature and any pinned one. At its optimum every
// left-out w± column is priced with the duals (one pass X^T v); those with a negative reduced cost are added at
// 0 and the LP continues from its basis, until none is left. The restricted LP's feasible set is contained in
// the full one's and its optimum is dual feasible there, so it is the full LP's optimum; CLP's pivoting, which
// costs O(columns) per iteration (77 % of a bound LP at 200 x 2,000), shrinks with the column count. A restricted
// LP that is not optimal (an infeasible pin) is solved again on all columns. Used only when the first working set
// holds at most a quarter of the features (narrower data gains nothing).
//
// One LpSvm per worker thread: it owns a copy of its data and its CLP models and shares nothing; bases are
// plain values that may be handed to another thread's LpSvm over the same data. Every solve resets CLP's
// adaptive state, but the rows that lazy-row solves added back stay in the model: a later solve on the same
// LpSvm starts from a larger working set, so its pivot path (and the last bits of its optimum) can depend on the
// solves before it. The optimum itself does not (the reduced LP is an exact relaxation). Callers that need bitwise
// reproducibility therefore fix the sequence of solves per LpSvm independently of the thread count: FRI runs its
// bound and probe tasks in a fixed number of contiguous blocks, one LpSvm per block (methods/fri/lp_blocks.cpp).
//
// Privileged information (LUPI, docs/fri.md#privileged-information): an optional second block X* of columns known
// for the training rows only. It enters through correcting functions g_c(x*) = w*_c·x* + b*_c ≥ 0 (one for
// classification, two for regression and ordinal: one beside each side's slack) that stand in for the slacks:
// each g_{c,i} is a column with the same coefficient as the slack it accompanies in the data row, an equality row
// ties it to the function, Σ(w+ + w-) + γ·Σ|w*| is the L1 row and Σ slacks + κ·Σg the loss row. The model itself
// (decision values, predictions) uses the normal block only.
//
// Typical use (docs/fri.md#hyperparameter-search to #preset-constraints):
//   LpSvm lp(Z, y, LpTask::classification, nonconstant);       // once per thread
//   lp.set_active_samples(train); lp.fit_baseline(C0); ...       // CV: C path per fold,
//   auto b = lp.save_basis(); lp.fit_baseline(C1, b); ...        //     each C from the previous one's basis
//   lp.activate_all_samples(); fit = lp.fit_baseline(C, b_C);    // baseline: N = fit.l1_norm, L* = fit.loss
//   LpBasis base = lp.save_basis(); lp.set_budget(mu, rho);
//   a_j = lp.bound(j, LpSense::minimize, base).objective;        // 2 LPs per feature, any order, any thread
//   lp.append_probe_column(z); refit = lp.fit_baseline(C, base); // probe k (replace_probe_column for k > 0)
//   pb = lp.save_basis(); lp.set_budget(mu_k, rho_k); lp.bound_probe(LpSense::maximize, pb);
//   lp.pin_magnitude(k, lo*N, hi*N, sign); lp.try_bound(j, s, base);  // presets: infeasible is reported
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

namespace featrel {

namespace lp_detail {
class ClpLp;
struct Problem;
struct State;
}  // namespace lp_detail

enum class LpTask { classification, regression, ordinal };
enum class LpSense { minimize, maximize };

// What CLP said about the LP after the last attempt.
enum class LpStatus { optimal, primal_infeasible, dual_infeasible, stopped, failed };

std::string to_string(LpTask task);
std::string to_string(LpSense sense);
std::string to_string(LpStatus status);

// How CLP factorises bases in this process: "dense" (its dense LU through the reference BLAS and LAPACK) or
// "sparse" (with any other BLAS, whose kernels depend on memory alignment and would make simplex paths differ
// between threads). Simplex iteration counts differ between the two; the optima agree to the LP tolerances.
std::string lp_factorization();

// One LP solve: the call ran; whether the LP is optimal is `optimal`.
struct LpSolve {
  bool optimal = false;
  LpStatus status = LpStatus::failed;
  int clp_status = -1;       // ClpSimplex::status() of the last attempt (0 optimal, 1 primal infeasible, ...)
  int secondary = 0;         // ClpSimplex::secondaryStatus()
  int iterations = 0;        // simplex iterations of this call: all attempts and lazy re-solves
  double objective = 0.0;    // baseline: Σ|w| + C·Σξ; bound: the min or max of w_j itself; feasibility: 0
  bool warm = false;         // the first attempt started from a basis (not all-slack)
  bool retried = false;      // the first attempt was not optimal and the cold dual retry ran
  int lazy_rows_added = 0;   // data rows added back by the lazy check
  int rows = 0;              // rows of the LP that gave the answer (shows the lazy working set)
};

// Running totals over the life of an LpSvm (docs/fri.md#inputs-and-outputs `diagnostics`).
struct LpCounters {
  long lp_solves = 0;          // calls that solved an LP (baselines, bounds, feasibility checks)
  long simplex_iterations = 0;
  long warm_solves = 0;
  long cold_solves = 0;
  long retries = 0;            // cold dual retries after a non-optimal attempt
  long lazy_rows_added = 0;
  long lazy_resolves = 0;      // dual re-solves after rows were added back
  long lazy_columns_added = 0; // feature columns priced in by the lazy-columns check
  LpCounters& operator+=(const LpCounters& other);
};

// The privileged block of an LpSvm (see the header paragraph).
struct LpPrivileged {
  Eigen::MatrixXd X;          // n x d* standardised privileged columns
  std::vector<int> features;  // the columns of X the LP uses (constant ones left out), distinct
  double gamma = 1.0;         // > 0: weight of Σ|w*| in the L1 row and the baseline objective
  double kappa = 1.0;         // > 0: weight of Σg in the loss row and the baseline objective
  // Classification: the margin row y_i(w·x_i + b) ≥ 1 − y_i·g_i − ξ_i of fri 8.1.0 instead of 1 − g_i − ξ_i
  // (docs/fri.md#privileged-information says why featrel's default differs).
  bool reference_margin = false;
};

struct LpSvmOptions {
  bool lazy_rows = true;       // bound/feasibility LPs on the working set of tight rows (exact)
  double lazy_margin = 0.5;    // κ: rows slack by more than κ (× s_y for regression) are deferred
  double lazy_tolerance = 1e-9;  // a deferred row violated by more than this is added back
  // Bound LPs and warm baseline fits on the working set of feature columns (exact): those in the start basis's
  // model plus the bounded one; the others are priced with the duals and the attractive ones added until none is
  // left.
  bool lazy_columns = true;
  double lazy_column_tolerance = 1e-9;  // a left-out column with reduced cost below -this enters
  // Keep CLP's work areas and factorization between solves (startFinishOptions 1, and 2 when the basis is
  // unchanged). Off by default: measured neutral at 500 x 30 (every bound LP restarts from a restored basis,
  // which needs a fresh factorization anyway), and with it on the last bits of a solve depend on what the
  // same CLP model solved before, so results would depend on how tasks are spread over threads.
  bool keep_factorization = false;
  int max_iterations = 1000000;
  // CLP's primal feasibility tolerance (0: CLP's default, 1e-7). The LP on a column working set runs at 1e-9: with
  // 1e-7 its optimum could lean on rows violated by 1e-7 and differ from the full LP's by 1e-8 (measured at
  // 40 x 200, regression); being small, it pays little for the tighter tolerance.
  double primal_tolerance = 0.0;
};

// A basis (and the row gaps of its solution, for the lazy working set) in the LP's own numbering; it stays
// valid while the LP's structure is the same except for the probe pair, whose columns it maps at 0 when
// absent.
class LpBasis {
 public:
  bool empty() const { return col_status_.empty(); }
  bool has_probe() const { return has_probe_; }

  // The basis as plain data, so that a task plan can carry it to another process (task_plan.hpp): statuses,
  // values and row gaps (an infinite gap as null). Read back it is the same basis to the last bit; it gets a new
  // identity, which only decides whether an LP that already built a working set from it can reuse that set.
  nlohmann::ordered_json to_json() const;
  static LpBasis from_json(const nlohmann::ordered_json& doc);

 private:
  friend class LpSvm;
  friend class lp_detail::ClpLp;
  std::vector<unsigned char> col_status_;  // core (w±, free, privileged block), slacks, probe pair when has_probe_
  std::vector<unsigned char> row_status_;  // data rows, order rows, L1 row, loss row, correction rows
  std::vector<double> col_value_;          // primal values in col_status_'s order (free columns need them)
  std::vector<double> row_gap_;            // per data row: activity minus its nearest bound at this basis
  bool has_probe_ = false;
  std::uint64_t id_ = 0;                   // identifies the lazy working set built from it
};

// A fitted baseline (or the solution of the last LP, see LpSvm::solution()).
struct LpModelFit {
  Eigen::VectorXd w;               // one weight per column of the caller's X (0 for inactive features)
  double bias = 0.0;               // classification and regression
  std::vector<double> thresholds;  // ordinal: θ_0..θ_{K-2}
  double probe_weight = 0.0;       // w_z when a probe column is present
  double loss = 0.0;               // L = Σ slacks (+ κ·Σg with a privileged block): the loss row's activity
  std::vector<double> sample_losses;  // each sample's share of L (Σ = loss); 0 for held-out samples
  double l1_norm = 0.0;            // N = Σ_j |w_j| (+ γ·Σ|w*|), probe included: the L1 row's activity
  // Privileged block: w*_c per column of the caller's X* (column c = correcting function, 0 for inactive ones),
  // b*_c, and Σ|w*| without γ.
  Eigen::MatrixXd priv_w;
  std::vector<double> priv_bias;
  double priv_l1_norm = 0.0;
  LpSolve solve;
};

// A dual point of the model class {data rows, Σ(w+ + w-) ≤ μ, Σ slacks ≤ ρ} (docs/fri.md#screening): row duals y
// of a solved LP with prices λ ≥ 0 of the L1 row and κ ≥ 0 of the loss row (a baseline: λ = 1, κ = C; a bound LP:
// its own budget duals). By weak duality every point z of the class has d'(w+_j)·w+_j ≤ gap with
// d'(w±_j) = λ ∓ u_j, u = Xᵀv: so w_j ≤ gap / (λ − u_j) and -w_j ≤ gap / (λ + u_j) for every feature at once.
// The tolerance terms make this hold for any y, optimal or not.
struct ClassDualPoint {
  Eigen::VectorXd v;    // per sample: Σ over its data rows of y_r·(the row's sign of x)
  double lambda = 0.0;  // λ
  double gap = 0.0;     // λμ + κρ − R(y) + what CLP's tolerances on slack and free columns can cost
};

// Certified bounds on features' weights over the model class, from a dual point without solving their bound LPs
// (LpSvm::certificates): w_j ≤ max_weight[j] and -w_j ≤ max_minus_weight[j] for every point of the class. A
// feature whose weight columns are far from entering (large reduced costs) cannot get much weight.
struct WeightCertificates {
  Eigen::VectorXd max_weight;        // +inf where no bound follows (reduced cost ≤ 0, inactive column)
  Eigen::VectorXd max_minus_weight;
  double gap = 0.0;                  // the dual point's gap; at an exact baseline optimum (μ − N) + C·(ρ − L*)
};

class LpSvm {
 public:
  // X: n x d standardised data (column-major, as the caller holds it); y: ±1 (classification), real
  // (regression) or ranks 0..K-1 (ordinal, K ≥ 2); features: the columns of X used by the LP (constant ones
  // left out), distinct; epsilon: the ε-tube (regression only, ≥ 0). The LP keeps a copy of those columns.
  // Throws std::invalid_argument on inconsistent arguments.
  LpSvm(Eigen::Ref<const Eigen::MatrixXd> X, Eigen::Ref<const Eigen::VectorXd> y, LpTask task,
        std::vector<int> features, double epsilon = 0.0, LpSvmOptions options = {});
  // The same with a privileged block (its X has n rows too).
  LpSvm(Eigen::Ref<const Eigen::MatrixXd> X, Eigen::Ref<const Eigen::VectorXd> y, LpTask task,
        std::vector<int> features, double epsilon, LpSvmOptions options, const LpPrivileged& privileged);
  ~LpSvm();
  LpSvm(LpSvm&&) noexcept;
  LpSvm& operator=(LpSvm&&) noexcept;
  LpSvm(const LpSvm&) = delete;
  LpSvm& operator=(const LpSvm&) = delete;

  LpTask task() const;
  int n_samples() const;
  int n_columns() const;                  // columns of the caller's X
  const std::vector<int>& features() const;
  int n_levels() const;                   // ordinal K (2 for classification, 0 for regression)
  // Correcting functions: 0 without a privileged block, else 1 (classification) or 2 (regression, ordinal).
  int n_correcting_functions() const;
  const std::vector<int>& privileged_features() const;
  double epsilon() const;
  double lazy_scale() const;              // 1, or the population sd of y for regression
  const LpSvmOptions& options() const;
  void set_lazy_rows(bool on);

  // ---- Baselines and folds ----------------------------------------------------------------------------
  // Regression ε (units of y): changes the data rows' bounds.
  void set_epsilon(double epsilon);
  // Training samples of a fold: the other samples' rows are freed and their slacks fixed at 0.
  void set_active_samples(std::span<const int> samples);
  void activate_all_samples();
  // min Σ(w+ + w-) + C·Σ slacks over the active samples, budget rows switched off (they stay off), on the
  // full LP, starting from the basis of the last LP solved (or restore_basis()'s): primal simplex after a
  // change of C, dual after a fold switch. Throws SolverError if not optimal after the retry.
  LpModelFit fit_baseline(double C);
  // The same from `start` (e.g. the previous C's basis on the C path, or the baseline basis for a probe
  // refit), on the lazy working set of `start` when lazy rows are on; an empty LpBasis{} is a cold start from
  // the all-slack basis (use it, or a fixed saved basis, to begin a task that may run on any thread).
  // save_basis() afterwards returns the refit's basis.
  LpModelFit fit_baseline(double C, const LpBasis& start);

  // ---- The model class F and its bounds ---------------------------------------------------------------
  // Switch the budget rows on: Σ(w+ + w-) ≤ mu, Σ slacks ≤ rho (mu, rho ≥ 0, may be infinite).
  void set_budget(double mu, double rho);
  void clear_budget();
  // min or max of w_j (j a column of X in features()) over the current constraints, starting from `start`
  // (a basis saved after a baseline; an empty LpBasis{} means a cold solve of the full LP from the all-slack
  // basis). Throws SolverError naming the feature and sense if not optimal.
  LpSolve bound(int j, LpSense sense, const LpBasis& start);
  // The same for the probe column.
  LpSolve bound_probe(LpSense sense, const LpBasis& start);
  // Privileged column k (a column of X* in privileged_features()): min or max of Σ_c coef[c]·w*_{c,k}, one
  // coefficient per correcting function (objective: that value), or the smallest Σ_c |w*_{c,k}|.
  LpSolve bound_privileged(int k, std::span<const double> coef, LpSense sense, const LpBasis& start);
  LpSolve min_privileged_magnitude(int k, const LpBasis& start);
  // As bound(), but an LP that stays primal infeasible after the retry is reported (optimal = false,
  // status = primal_infeasible) instead of thrown; any other failure still throws.
  LpSolve try_bound(int j, LpSense sense, const LpBasis& start);
  // Right after fit_baseline (the last solve): the weight certificates for the class with budgets mu, rho, per
  // column of the caller's X (WeightCertificates). Not for an LP with a privileged block or a probe column.
  WeightCertificates weight_certificates(double mu, double rho) const;
  // The class dual point (budgets mu, rho) of the last solve: a baseline fit or a bound LP under set_budget (a
  // probe column, when present, is one more weight column of the class).
  ClassDualPoint class_dual_point(double mu, double rho) const;
  // The certificates a class dual point of this LP gives for its probe column: z ≤ max_weight and
  // -z ≤ max_minus_weight for every point of the class (+inf where none follows). Prices every weight column.
  struct ProbeCertificate {
    double max_weight = 0.0;
    double max_minus_weight = 0.0;
  };
  ProbeCertificate probe_certificate(const ClassDualPoint& point, double mu) const;
  // The certificates a dual point gives for the columns `features` of X (the standardised data the LP was built
  // from), indexed by column of X (+inf for the others).
  static WeightCertificates certificates(const ClassDualPoint& point, Eigen::Ref<const Eigen::MatrixXd> X,
                                         std::span<const int> features, double mu);
  // Whether the current constraints (pins, budget, folds) admit any point; throws only on solver failure.
  bool feasible(const LpBasis& start);

  // ---- Bases ------------------------------------------------------------------------------------------
  // The basis of the last LP solved (after fit_baseline: the baseline basis), in the full LP's numbering;
  // rows a lazy solve left out are basic there. Any number of bounds may start from it.
  LpBasis save_basis() const;
  // Makes `basis` (LpBasis{}: the all-slack basis) the full LP's basis for the next fit_baseline(C).
  void restore_basis(const LpBasis& basis);

  // ---- Probe column (docs/fri.md#probes-and-thresholds) ---------------------------------------------------------------------
  // z: n values (a permuted standardised column). Adds the pair z+, z- with coefficients in every data row
  // and the L1 row, bounds [0, inf).
  void append_probe_column(std::span<const double> z);
  // Overwrites the probe's values (in place when the non-zero pattern is unchanged).
  void replace_probe_column(std::span<const double> z);
  void remove_probe_column();
  bool has_probe() const;

  // ---- Pins (docs/fri.md#preset-constraints), column bounds only ---------------------------------------------------------
  // The signed weight w_j is restricted to [lo, hi] (raw units): w+ ∈ [max(lo,0), max(hi,0)],
  // w- ∈ [max(-hi,0), max(-lo,0)], which is exactly {w+ - w- ∈ [lo, hi]}.
  void pin_feature(int j, double lo, double hi);
  // fri's preset: |w_j| ∈ [lo, hi] on the side sign (+1 or -1), the other half fixed at 0.
  void pin_magnitude(int j, double lo, double hi, int sign);
  void unpin_feature(int j);
  void unpin_all();

  // ---- Solutions and predictions ----------------------------------------------------------------------
  // The solution of the last LP solved (baseline or bound; lazy bound LPs report their working set's point,
  // which satisfies every row).
  LpModelFit solution() const;
  // x_i·w (+ z_i·w_z) + b for the given samples (b = 0 for ordinal); the probe term only if the fit has a probe
  // weight and the LP has a probe column.
  Eigen::VectorXd decision_values(const LpModelFit& fit, std::span<const int> samples) const;
  // Predicted class ±1 (+1 iff decision value > 0) or ordinal level (number of thresholds ≤ x·w).
  std::vector<int> predict_labels(const LpModelFit& fit, std::span<const int> samples) const;

  const LpCounters& counters() const;
  void reset_counters();

 private:
  LpSvm(Eigen::Ref<const Eigen::MatrixXd> X, Eigen::Ref<const Eigen::VectorXd> y, LpTask task,
        std::vector<int> features, double epsilon, LpSvmOptions options, const LpPrivileged* privileged);
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace featrel
