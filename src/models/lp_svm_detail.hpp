// Internals of featrel::LpSvm (include/featrel/lp_svm.hpp), shared by the lp_svm*.cpp files only.
//
// Problem: the data-side description of the LP (rows, their coefficients and bounds) computed once from the
// data; it never touches CLP. ClpLp: one ClpSimplex holding either all data rows (the full LP) or a working
// subset of them (the lazy-rows LP), with maps from the problem's global numbering (data rows, slacks) to the
// model's row and column indices, a mirror of the objective, and the bookkeeping that decides how to re-solve
// (primal after an objective change, dual after bound changes) and whether CLP may keep its factorization.
#pragma once

#include <ClpSimplex.hpp>

#include <Eigen/Dense>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "featrel/lp_svm.hpp"

namespace featrel::lp_detail {

inline constexpr double kInf = std::numeric_limits<double>::max();  // CLP's infinity (COIN_DBL_MAX)

// One data constraint: activity = xsign·(x_i·w + z_i·w_z) + free_coef·free[free_index] + Σ slack coefficients
// (+ Σ g coefficients·g_{c,i} with a privileged block), lo ≤ activity ≤ hi while its sample is active (free when
// held out).
struct DataRow {
  int sample = 0;
  double xsign = 1.0;      // y_i for classification, 1 otherwise
  int free_index = 0;      // bias (0) or threshold index
  double free_coef = 1.0;  // y_i (classification), 1 (regression), -1 (ordinal)
  int slack[2] = {-1, -1};  // global slack ids; the second only for regression
  double slack_coef[2] = {0.0, 0.0};
  bool upper_row = false;   // ordinal: the "≤ -1" row of a sample (else "≥ 1")
  // Privileged block: the correcting function that stands beside slack q (-1: none) and its coefficient here.
  int gfun[2] = {-1, -1};
  double g_coef[2] = {0.0, 0.0};
};

// Everything about the LP that follows from the data alone.
struct Problem {
  LpTask task = LpTask::classification;
  int n = 0;        // samples
  int d = 0;        // active features
  int d_total = 0;  // columns of the caller's X
  int n_levels = 0; // ordinal K (2 for classification, 0 for regression)
  int n_free = 0;   // 1 bias or K-1 thresholds
  int n_slack = 0;
  int n_order = 0;  // ordinal order rows θ_k - θ_{k+1} ≤ 0
  Eigen::MatrixXd X;  // n x d, the active columns (a private copy: one LpSvm per thread owns its data)
  Eigen::VectorXd y;
  std::vector<int> features;      // active position -> caller's column
  std::vector<int> position;      // caller's column -> active position or -1
  std::vector<DataRow> rows;
  std::vector<int> slack_row;     // global slack id -> data row
  double lazy_scale = 1.0;        // 1, or s_y for regression

  // Privileged block (docs/fri.md#privileged-information): n_fun correcting functions g_c(x*) = w*_c·x* + b*_c,
  // one value g_{c,i} ≥ 0 per sample (a column, tied to the function by an equality row). n_fun = 0: none.
  int n_fun = 0;
  int d_priv = 0;                 // active privileged columns
  int d_priv_total = 0;           // columns of the caller's X*
  Eigen::MatrixXd Xp;             // n x d_priv, the active privileged columns (a private copy)
  std::vector<int> priv_features; // active position -> caller's privileged column
  std::vector<int> priv_position; // caller's privileged column -> active position or -1
  double gamma = 1.0;             // weight of Σ|w*| in the L1 row and the baseline objective
  double kappa = 1.0;             // weight of Σg in the loss row and the baseline objective

  int n_rows() const { return static_cast<int>(rows.size()); }
  // Columns every model holds whatever rows it loads: w+, w-, free, then per function w*+, w*-, b*, then g.
  int n_core_cols() const { return 2 * d + n_free + n_fun * (2 * d_priv + 1) + n_fun * n; }
  // Correction rows g_{c,i} - w*_c·x*_i - b*_c = 0, after the data, order and budget rows in a basis.
  int n_correction_rows() const { return n_fun * n; }
  // Bounds of data row r under epsilon with its sample active or held out.
  void row_bounds(int r, double epsilon, bool active, double& lo, double& hi) const;
};

Problem make_problem(Eigen::Ref<const Eigen::MatrixXd> X, Eigen::Ref<const Eigen::VectorXd> y, LpTask task,
                     const std::vector<int>& features);
// Adds the privileged block to a problem made by make_problem (std::invalid_argument on inconsistent input).
void add_privileged(Problem& p, const LpPrivileged& privileged);

// What LpSvm may change after construction; applied to every ClpLp it owns.
struct State {
  double epsilon = 0.0;
  std::vector<char> active;  // per sample
  bool budget_on = false;
  double mu = kInf;
  double rho = kInf;
  // Column bounds of w+ and w- per active feature (pins); default [0, inf).
  std::vector<double> plus_lo, plus_hi, minus_lo, minus_hi;
  bool has_probe = false;
  Eigen::VectorXd probe;  // n values when has_probe
};

// The objective currently loaded.
struct Objective {
  // privileged: Σ_c coef[c]·w*_{c,column} in `sense`; privileged_magnitude: min Σ_c |w*_{c,column}|.
  enum class Kind { none, baseline, weight, zero, privileged, privileged_magnitude } kind = Kind::none;
  double C = 0.0;
  int column = -1;  // active position (privileged kinds: in the privileged block), or -2 for the probe
  LpSense sense = LpSense::minimize;
  double coef[2] = {0.0, 0.0};
};

// One ClpSimplex and its maps. Model columns: the core (w+ (d), w- (d), free (n_free), the privileged block's
// w*+, w*-, b* per function and its g columns), then slacks and the probe pair in the order they were added;
// rows: data rows (a subset for the lazy LP), order rows, L1 row, loss row, correction rows, then rows added back
// by the lazy check. The privileged block is always loaded whole: its correction rows are equalities, never slack.
class ClpLp {
 public:
  ClpLp();
  ClpLp(const ClpLp&) = delete;
  ClpLp& operator=(const ClpLp&) = delete;

  // Loads the LP with the given data rows (ascending global ids) and the state's bounds. Slack columns exist
  // for the loaded rows only.
  void build(const Problem& p, const State& s, const std::vector<int>& data_rows);

  // Re-applies every row and column bound from the state (cheap: only changed values reach CLP).
  void apply_bounds(const Problem& p, const State& s);
  void set_objective(const Problem& p, const Objective& objective);

  // Probe column pair: add at the end, overwrite (in place when the non-zero pattern allows), delete.
  void add_probe(const Problem& p, const State& s);
  void replace_probe(const Problem& p, const State& s);
  void remove_probe();

  // Adds data rows (and their slack columns) that are not loaded yet; returns how many were added.
  int add_rows(const Problem& p, const State& s, const std::vector<int>& data_rows);
  // Removes rows added by add_rows since the last mark_base(), restoring the base layout.
  void reset_to_base();
  void mark_base();

  // Basis transfer in the problem's global numbering.
  void basis_to(const Problem& p, LpBasis& b) const;
  void basis_from(const Problem& p, const LpBasis& b);
  void all_slack_basis();
  void set_primal_tolerance(double tolerance) { primal_tolerance_ = tolerance; }

  // Solves after whatever changed since the last solve: primal simplex if the objective changed, dual
  // simplex if only bounds or rows changed. warm = a previous or restored basis is the start. Never throws
  // for a non-optimal status; the caller decides.
  LpSolve solve(bool keep_factorization);
  // Cold retry: all-slack basis, fresh factorization, dual simplex.
  LpSolve solve_cold_dual();

  // Values in the problem's numbering, from the last solve.
  double column_value(int model_col) const;
  double weight(int position) const;   // w+ - w- of an active feature
  double probe_weight() const;
  double free_value(int k) const;
  double priv_weight(int c, int position) const;  // w*+ - w*- of function c's active privileged column
  double priv_free_value(int c) const;             // b*_c
  double g_value(int c, int sample) const;
  double slack_sum() const;
  double g_sum() const;
  double l1_sum() const;       // Σ|w| + probe + γ·Σ|w*|: the L1 row's activity
  double priv_l1_sum() const;  // Σ|w*| without γ
  // Activity of a loaded data row minus its nearest finite bound (>= 0 when feasible; inf if both bounds are
  // infinite).
  double row_gap(int data_row) const;

  ClpSimplex& clp() { return clp_; }
  const ClpSimplex& clp() const { return clp_; }
  bool loaded(int data_row) const { return row_of_[data_row] >= 0; }
  int model_row(int data_row) const { return row_of_[data_row]; }  // -1 when not loaded
  bool has_probe() const { return probe_col_ >= 0; }
  int n_data_rows_loaded() const { return n_loaded_; }
  int n_added_rows() const { return static_cast<int>(added_rows_.size()); }
  bool has_basis() const { return has_basis_; }

  int col_wplus(int pos) const { return pos; }
  int col_wminus(int pos) const { return d_ + pos; }
  int col_free(int k) const { return 2 * d_ + k; }
  int col_pplus(int c, int pos) const { return 2 * d_ + n_free_ + c * (2 * dp_ + 1) + pos; }
  int col_pminus(int c, int pos) const { return col_pplus(c, pos) + dp_; }
  int col_pfree(int c) const { return col_pplus(c, 0) + 2 * dp_; }
  int col_g(int c, int sample) const { return 2 * d_ + n_free_ + n_fun_ * (2 * dp_ + 1) + c * n_ + sample; }
  int correction_row(int c, int sample) const { return correction_base_ + c * n_ + sample; }
  int probe_col() const { return probe_col_; }
  int slack_col(int s) const { return slack_col_[s]; }
  int l1_row() const { return l1_row_; }
  int loss_row() const { return loss_row_; }

 private:
  void set_col_bounds(int col, double lo, double hi);
  void set_row_bounds(int row, double lo, double hi);
  void set_cost(int col, double value);
  void fresh_solver_state();
  void read_outcome(LpSolve& out) const;  // status, objective and rows of the last CLP call; adds its iterations
  // CLP's simplex can stop with non-basic variables up to its primal tolerance (which it may widen to 1e-6)
  // outside their bounds, and a bound LP turns that into weight: w± at -1e-6 each free L1 budget for the
  // bounded weight, so an upper value exceeded the L1 budget itself (1.0016·‖w*‖₁ under a budget of
  // 1.001·‖w*‖₁, 74 features of a near-chance baseline). settle() puts every non-basic variable exactly on its
  // bound and lets primal simplex recompute the basic values from a fresh factorization (0 iterations when the
  // basis stays optimal, as in every case measured), so every answer is a point of the LP itself.
  bool snap_nonbasic_to_bounds();  // true when a value moved
  void settle(LpSolve& out);
  void repair_basis_count();
  void after_structure_change();

  ClpSimplex clp_;
  // CLP's adaptive settings as constructed; a solve may change them (raise the infeasibility cost, widen the
  // pivot tolerance, ...) and every solve starts from these again so that no solve depends on an earlier one.
  double default_dual_bound_ = 0.0;
  double default_infeasibility_cost_ = 0.0;
  double default_pivot_tolerance_ = 0.0;
  double primal_tolerance_ = 0.0;
  unsigned int default_special_options_ = 0;
  int default_more_special_options_ = 0;
  int d_ = 0;
  int n_free_ = 0;
  int n_ = 0;
  int n_fun_ = 0;
  int dp_ = 0;
  double gamma_ = 1.0;
  int correction_base_ = -1;
  int n_loaded_ = 0;
  std::vector<int> row_of_;     // global data row -> model row or -1
  std::vector<int> slack_col_;  // global slack -> model column or -1
  std::vector<int> order_rows_;
  int l1_row_ = -1;
  int loss_row_ = -1;
  int probe_col_ = -1;
  std::vector<double> cost_;    // mirror of the objective
  Objective objective_;         // what cost_ holds; new slack columns get their cost from it
  // Base layout for reset_to_base().
  int base_rows_ = 0;
  int base_cols_ = 0;
  std::vector<int> base_row_of_;
  std::vector<int> base_slack_col_;
  std::vector<int> added_rows_;  // global data rows added since mark_base()
  // What changed since the last solve.
  bool objective_changed_ = true;
  bool bounds_changed_ = true;
  bool basis_changed_ = true;
  bool structure_changed_ = true;
  bool has_basis_ = false;  // the status array holds a meaningful (non all-slack) basis
};

}  // namespace featrel::lp_detail
