// ClpLp: bounds, objectives, bases and solves of one CLP model (see lp_svm_detail.hpp).
//
// Only values that differ reach CLP: ClpSimplex's setters update its internal (work) copies when work areas
// are kept between solves, so a bound or objective change costs O(1) and the next solve can start from the
// kept factorization when the basis is unchanged.
#include <ClpFactorization.hpp>
#include <dlfcn.h>
#include <link.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <string>

#include "models/lp_svm_detail.hpp"

namespace featrel::lp_detail {

namespace {

// CLP status byte: the low three bits are the status; the rest are CLP's own flags, which we never copy.
constexpr unsigned char kStatusMask = 7;

// Fixed so that a solve never depends on what this CLP model solved before (CLP draws perturbations from its
// own generator and remembers whether it perturbed): bitwise the same bounds in any task order, on any
// thread's LpSvm.
constexpr int kPerturbation = 100;
constexpr int kRandomSeed = 1234567;
constexpr int kDenseThreshold = 8;
// Snap-and-resolve rounds of ClpLp::settle (one was always enough in our measurements).
constexpr int kSettlePasses = 3;
constexpr int kNeverDense = std::numeric_limits<int>::max();

// The file behind a shared library this process has already loaded ("" when it has not loaded it).
std::filesystem::path loaded_library(const char* soname) {
  void* handle = dlopen(soname, RTLD_LAZY | RTLD_NOLOAD);
  if (handle == nullptr) return {};
  link_map* map = nullptr;
  std::filesystem::path file;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map != nullptr && map->l_name != nullptr) {
    std::error_code ec;
    file = std::filesystem::canonical(map->l_name, ec);
    if (ec) file.clear();
  }
  dlclose(handle);
  return file;
}

// CoinFactorization's dense LU calls LAPACK's dgetrf/dgetrs, and so the system BLAS. Debian's reference BLAS and
// LAPACK (…/blas/libblas.so.3, …/lapack/liblapack.so.3) sum in a fixed order. Tuned ones choose kernels by memory
// alignment. Measured with OpenBLAS 0.3.21 (serial): breast cancer took 14,111 simplex iterations at --threads 1
// and 14,173 at 2, and the Python module's intervals differed from the CLI's in the last bits. Any other BLAS
// therefore gets the sparse LU, which calls no BLAS: same results, 20 % slower at 200 × 500.
bool dense_lu_is_reproducible() {
  static const bool reference = [] {
    const std::filesystem::path blas = loaded_library("libblas.so.3"), lapack = loaded_library("liblapack.so.3");
    auto is = [](const std::filesystem::path& f, const char* dir, const char* stem) {
      return f.parent_path().filename() == dir && f.filename().string().rfind(stem, 0) == 0;
    };
    return is(blas, "blas", "libblas.so") && is(lapack, "lapack", "liblapack.so");
  }();
  return reference;
}

LpStatus map_status(int clp_status) {
  switch (clp_status) {
    case 0: return LpStatus::optimal;
    case 1: return LpStatus::primal_infeasible;
    case 2: return LpStatus::dual_infeasible;
    case 3: return LpStatus::stopped;
    default: return LpStatus::failed;
  }
}

}  // namespace

void ClpLp::set_col_bounds(int col, double lo, double hi) {
  const double* l = clp_.getColLower();
  const double* h = clp_.getColUpper();
  if (l[col] != lo || h[col] != hi) {
    clp_.setColumnBounds(col, lo, hi);
    bounds_changed_ = true;
  }
}

void ClpLp::set_row_bounds(int row, double lo, double hi) {
  const double* l = clp_.getRowLower();
  const double* h = clp_.getRowUpper();
  if (l[row] != lo || h[row] != hi) {
    clp_.setRowBounds(row, lo, hi);
    bounds_changed_ = true;
  }
}

void ClpLp::set_cost(int col, double value) {
  if (cost_[static_cast<std::size_t>(col)] != value) {
    cost_[static_cast<std::size_t>(col)] = value;
    clp_.setObjectiveCoefficient(col, value);
    objective_changed_ = true;
  }
}

void ClpLp::apply_bounds(const Problem& p, const State& s) {
  for (int r = 0; r < p.n_rows(); ++r) {
    const int m = row_of_[static_cast<std::size_t>(r)];
    if (m < 0) continue;
    double lo = 0.0, hi = 0.0;
    p.row_bounds(r, s.epsilon, s.active[static_cast<std::size_t>(p.rows[static_cast<std::size_t>(r)].sample)] != 0,
                 lo, hi);
    set_row_bounds(m, lo, hi);
  }
  for (int m : order_rows_) set_row_bounds(m, -kInf, 0.0);
  set_row_bounds(l1_row_, -kInf, s.budget_on ? s.mu : kInf);
  set_row_bounds(loss_row_, -kInf, s.budget_on ? s.rho : kInf);
  for (int k = 0; k < d_; ++k) {
    set_col_bounds(col_wplus(k), s.plus_lo[static_cast<std::size_t>(k)], s.plus_hi[static_cast<std::size_t>(k)]);
    set_col_bounds(col_wminus(k), s.minus_lo[static_cast<std::size_t>(k)], s.minus_hi[static_cast<std::size_t>(k)]);
  }
  for (int f = 0; f < n_free_; ++f) set_col_bounds(col_free(f), -kInf, kInf);
  for (int c = 0; c < n_fun_; ++c) {
    for (int k = 0; k < dp_; ++k) {
      set_col_bounds(col_pplus(c, k), 0.0, kInf);
      set_col_bounds(col_pminus(c, k), 0.0, kInf);
    }
    set_col_bounds(col_pfree(c), -kInf, kInf);
    for (int i = 0; i < n_; ++i) {
      // As with slacks: a held-out sample's g is fixed at 0 (out of the loss row) and its correction row freed.
      const bool active = s.active[static_cast<std::size_t>(i)] != 0;
      set_col_bounds(col_g(c, i), 0.0, active ? kInf : 0.0);
      set_row_bounds(correction_row(c, i), active ? 0.0 : -kInf, active ? 0.0 : kInf);
    }
  }
  for (int q = 0; q < p.n_slack; ++q) {
    const int c = slack_col_[static_cast<std::size_t>(q)];
    if (c < 0) continue;
    const int r = p.slack_row[static_cast<std::size_t>(q)];
    const bool active = s.active[static_cast<std::size_t>(p.rows[static_cast<std::size_t>(r)].sample)] != 0;
    // A held-out sample's row is free; fixing its slacks at 0 keeps them out of the loss row exactly.
    set_col_bounds(c, 0.0, active ? kInf : 0.0);
  }
  if (probe_col_ >= 0) {
    set_col_bounds(probe_col_, 0.0, kInf);
    set_col_bounds(probe_col_ + 1, 0.0, kInf);
  }
}

void ClpLp::set_objective(const Problem& p, const Objective& o) {
  objective_ = o;
  const int nc = clp_.numberColumns();
  std::vector<double> cost(static_cast<std::size_t>(nc), 0.0);
  switch (o.kind) {
    case Objective::Kind::baseline:
      for (int k = 0; k < d_; ++k) cost[static_cast<std::size_t>(col_wplus(k))] = cost[static_cast<std::size_t>(col_wminus(k))] = 1.0;
      for (int q = 0; q < p.n_slack; ++q) {
        const int c = slack_col_[static_cast<std::size_t>(q)];
        if (c >= 0) cost[static_cast<std::size_t>(c)] = o.C;
      }
      if (probe_col_ >= 0) cost[static_cast<std::size_t>(probe_col_)] = cost[static_cast<std::size_t>(probe_col_ + 1)] = 1.0;
      for (int c = 0; c < n_fun_; ++c) {
        for (int k = 0; k < dp_; ++k)
          cost[static_cast<std::size_t>(col_pplus(c, k))] = cost[static_cast<std::size_t>(col_pminus(c, k))] = p.gamma;
        for (int i = 0; i < n_; ++i) cost[static_cast<std::size_t>(col_g(c, i))] = o.C * p.kappa;
      }
      break;
    case Objective::Kind::weight: {
      // CLP minimises; a maximum is the minimum of -w.
      const double sign = o.sense == LpSense::minimize ? 1.0 : -1.0;
      const int plus = o.column == -2 ? probe_col_ : col_wplus(o.column);
      const int minus = o.column == -2 ? probe_col_ + 1 : col_wminus(o.column);
      cost[static_cast<std::size_t>(plus)] = sign;
      cost[static_cast<std::size_t>(minus)] = -sign;
      break;
    }
    case Objective::Kind::privileged: {
      const double sign = o.sense == LpSense::minimize ? 1.0 : -1.0;
      for (int c = 0; c < n_fun_; ++c) {
        cost[static_cast<std::size_t>(col_pplus(c, o.column))] = sign * o.coef[c];
        cost[static_cast<std::size_t>(col_pminus(c, o.column))] = -sign * o.coef[c];
      }
      break;
    }
    case Objective::Kind::privileged_magnitude:
      // The split columns sum to |w*| at any optimum of this objective: lowering both halves of a pair keeps
      // every row (they enter the data only through their difference) and only loosens the L1 row.
      for (int c = 0; c < n_fun_; ++c)
        cost[static_cast<std::size_t>(col_pplus(c, o.column))] = cost[static_cast<std::size_t>(col_pminus(c, o.column))] = 1.0;
      break;
    case Objective::Kind::zero:
    case Objective::Kind::none:
      break;
  }
  for (int j = 0; j < nc; ++j) set_cost(j, cost[static_cast<std::size_t>(j)]);
}

// ---- Bases ---------------------------------------------------------------------------------------------

void ClpLp::basis_to(const Problem& p, LpBasis& b) const {
  const int core = p.n_core_cols();
  const int n_cols = core + p.n_slack + (probe_col_ >= 0 ? 2 : 0);
  const int n_rows = p.n_rows() + static_cast<int>(order_rows_.size()) + 2 + p.n_correction_rows();
  const unsigned char* st = clp_.statusArray();
  const int nc = clp_.numberColumns();
  const double* x = clp_.getColSolution();
  b.col_status_.assign(static_cast<std::size_t>(n_cols), ClpSimplex::atLowerBound);
  b.col_value_.assign(static_cast<std::size_t>(n_cols), 0.0);
  b.row_status_.assign(static_cast<std::size_t>(n_rows), ClpSimplex::basic);
  b.row_gap_.assign(static_cast<std::size_t>(p.n_rows()), std::numeric_limits<double>::infinity());
  b.has_probe_ = probe_col_ >= 0;
  if (!st) return;
  auto put_col = [&](int global, int model) {
    b.col_status_[static_cast<std::size_t>(global)] = st[model] & kStatusMask;
    b.col_value_[static_cast<std::size_t>(global)] = x[model];
  };
  for (int j = 0; j < core; ++j) put_col(j, j);
  for (int q = 0; q < p.n_slack; ++q) {
    const int c = slack_col_[static_cast<std::size_t>(q)];
    if (c >= 0) put_col(core + q, c);
  }
  if (probe_col_ >= 0) {
    put_col(core + p.n_slack, probe_col_);
    put_col(core + p.n_slack + 1, probe_col_ + 1);
  }
  for (int r = 0; r < p.n_rows(); ++r) {
    const int m = row_of_[static_cast<std::size_t>(r)];
    if (m < 0) continue;
    b.row_status_[static_cast<std::size_t>(r)] = st[nc + m] & kStatusMask;
    b.row_gap_[static_cast<std::size_t>(r)] = row_gap(r);
  }
  int g = p.n_rows();
  for (int m : order_rows_) b.row_status_[static_cast<std::size_t>(g++)] = st[nc + m] & kStatusMask;
  b.row_status_[static_cast<std::size_t>(g++)] = st[nc + l1_row_] & kStatusMask;
  b.row_status_[static_cast<std::size_t>(g++)] = st[nc + loss_row_] & kStatusMask;
  for (int m = 0; m < p.n_correction_rows(); ++m)
    b.row_status_[static_cast<std::size_t>(g++)] = st[nc + correction_base_ + m] & kStatusMask;
}

void ClpLp::basis_from(const Problem& p, const LpBasis& b) {
  const int core = p.n_core_cols();
  unsigned char* st = clp_.statusArray();
  const int nc = clp_.numberColumns();
  double* x = clp_.primalColumnSolution();
  auto get_col = [&](int model, int global) {
    st[model] = b.col_status_[static_cast<std::size_t>(global)];
    x[model] = b.col_value_[static_cast<std::size_t>(global)];
  };
  for (int j = 0; j < core; ++j) get_col(j, j);
  for (int q = 0; q < p.n_slack; ++q) {
    const int c = slack_col_[static_cast<std::size_t>(q)];
    if (c >= 0) get_col(c, core + q);
  }
  if (probe_col_ >= 0) {
    if (b.has_probe_) {
      get_col(probe_col_, core + p.n_slack);
      get_col(probe_col_ + 1, core + p.n_slack + 1);
    } else {  // the probe enters at 0: the basis's point stays the same point
      st[probe_col_] = st[probe_col_ + 1] = ClpSimplex::atLowerBound;
      x[probe_col_] = x[probe_col_ + 1] = 0.0;
    }
  }
  for (int r = 0; r < p.n_rows(); ++r) {
    const int m = row_of_[static_cast<std::size_t>(r)];
    if (m >= 0) st[nc + m] = b.row_status_[static_cast<std::size_t>(r)];
  }
  int g = p.n_rows();
  for (int m : order_rows_) st[nc + m] = b.row_status_[static_cast<std::size_t>(g++)];
  st[nc + l1_row_] = b.row_status_[static_cast<std::size_t>(g++)];
  st[nc + loss_row_] = b.row_status_[static_cast<std::size_t>(g++)];
  for (int m = 0; m < p.n_correction_rows(); ++m)
    st[nc + correction_base_ + m] = b.row_status_[static_cast<std::size_t>(g++)];
  repair_basis_count();
  basis_changed_ = true;
  has_basis_ = true;
}

// A basis restricted to the working set can miss a basic variable (a left-out row whose slack was basic at 0)
// or, mapped back, hold one too many. Square it deterministically rather than leave the repair to CLP's
// factorization: missing ones become basic row logicals (first nonbasic rows), extra ones nonbasic slacks at 0.
void ClpLp::repair_basis_count() {
  unsigned char* st = clp_.statusArray();
  const int nc = clp_.numberColumns();
  const int nr = clp_.numberRows();
  int basic = 0;
  for (int j = 0; j < nc + nr; ++j)
    if ((st[j] & kStatusMask) == ClpSimplex::basic) ++basic;
  for (int m = 0; m < nr && basic < nr; ++m) {
    if ((st[nc + m] & kStatusMask) != ClpSimplex::basic) {
      st[nc + m] = ClpSimplex::basic;
      ++basic;
    }
  }
  const double* x = clp_.getColSolution();
  for (int c : slack_col_) {
    if (basic <= nr) break;
    if (c >= 0 && (st[c] & kStatusMask) == ClpSimplex::basic && x[c] == 0.0) {
      st[c] = ClpSimplex::atLowerBound;
      --basic;
    }
  }
}

void ClpLp::all_slack_basis() {
  clp_.allSlackBasis(true);
  basis_changed_ = true;
  has_basis_ = false;
}

// ---- Solving -------------------------------------------------------------------------------------------

void ClpLp::fresh_solver_state() {
  clp_.setPerturbation(kPerturbation);
  clp_.setRandomSeed(kRandomSeed);
  clp_.setDualBound(default_dual_bound_);
  clp_.setInfeasibilityCost(default_infeasibility_cost_);
  clp_.setPrimalTolerance(primal_tolerance_);
  clp_.setSpecialOptions(default_special_options_);
  clp_.setMoreSpecialOptions(default_more_special_options_);
  ClpFactorization* f = clp_.factorization();
  f->pivotTolerance(default_pivot_tolerance_);
  // Keep the factorization's arrays between solves (2: grow with some room) instead of freeing and faulting
  // them in again: measured 25% of a lazy bound LP's time in page faults without it.
  f->setPersistenceFlag(2);
  // Factorise the dense kernel of a basis (the X columns) with the dense LU once more than this many rows are
  // left: 16% fewer instructions per bound LP at 500x30 than CoinFactorization's default, same results.
  f->setDenseThreshold(dense_lu_is_reproducible() ? kDenseThreshold : kNeverDense);
}

LpSolve ClpLp::solve(bool keep_factorization) {
  LpSolve out;
  out.warm = has_basis_;
  fresh_solver_state();
  // The kept factorization is only valid for the basis and matrix it was computed for.
  const bool same_basis = !basis_changed_ && !structure_changed_;
  int options = 0;
  if (keep_factorization) {
    options = 1;
    if (same_basis) options |= 2;
  }
  int changed = clp_.whatsChanged();
  if (!same_basis) changed &= ~BASIS_SAME;
  if (structure_changed_ || !keep_factorization) changed = 0;  // CLP rebuilds its work areas
  clp_.setWhatsChanged(changed);
  // Objective changed: the basis stays primal feasible (or nearly), primal simplex. Only bounds or rows
  // changed: it stays dual feasible, dual simplex. No basis yet: dual from all-slack (our costs are ≥ 0).
  const bool use_primal = has_basis_ && objective_changed_;
  if (use_primal)
    clp_.primal(0, options);
  else
    clp_.dual(0, options);
  read_outcome(out);
  objective_changed_ = bounds_changed_ = basis_changed_ = structure_changed_ = false;
  has_basis_ = true;
  settle(out);
  return out;
}

LpSolve ClpLp::solve_cold_dual() {
  LpSolve out;
  fresh_solver_state();
  clp_.allSlackBasis(true);
  clp_.setWhatsChanged(0);
  clp_.dual(0, 0);
  read_outcome(out);
  objective_changed_ = bounds_changed_ = false;
  basis_changed_ = structure_changed_ = true;  // nothing was kept: the next solve starts CLP afresh
  has_basis_ = true;
  settle(out);
  return out;
}

void ClpLp::read_outcome(LpSolve& out) const {
  out.clp_status = clp_.status();
  out.secondary = clp_.secondaryStatus();
  out.iterations += clp_.numberIterations();
  out.status = map_status(out.clp_status);
  out.optimal = out.clp_status == 0 && out.secondary != 2 && out.secondary != 3 && out.secondary != 4;
  out.objective = clp_.objectiveValue();
  out.rows = clp_.numberRows();
}

bool ClpLp::snap_nonbasic_to_bounds() {
  bool moved = false;
  const auto snap = [&moved](double& value, ClpSimplex::Status status, double lo, double hi) {
    double target = value;
    if (status == ClpSimplex::atLowerBound || status == ClpSimplex::isFixed)
      target = lo;
    else if (status == ClpSimplex::atUpperBound)
      target = hi;
    if (target != value && std::isfinite(target)) {
      value = target;
      moved = true;
    }
  };
  double* x = clp_.primalColumnSolution();
  const double* col_lo = clp_.getColLower();
  const double* col_hi = clp_.getColUpper();
  for (int c = 0; c < clp_.numberColumns(); ++c) snap(x[c], clp_.getColumnStatus(c), col_lo[c], col_hi[c]);
  double* a = clp_.primalRowSolution();
  const double* row_lo = clp_.getRowLower();
  const double* row_hi = clp_.getRowUpper();
  for (int r = 0; r < clp_.numberRows(); ++r) snap(a[r], clp_.getRowStatus(r), row_lo[r], row_hi[r]);
  return moved;
}

void ClpLp::settle(LpSolve& out) {
  for (int pass = 0; pass < kSettlePasses && out.optimal && snap_nonbasic_to_bounds(); ++pass) {
    fresh_solver_state();
    clp_.setWhatsChanged(0);  // a fresh factorization, and the basic values recomputed from the snapped ones
    clp_.primal(0, 0);
    read_outcome(out);
    basis_changed_ = structure_changed_ = true;  // nothing was kept
  }
}

// ---- Values --------------------------------------------------------------------------------------------

double ClpLp::column_value(int model_col) const { return clp_.getColSolution()[model_col]; }

double ClpLp::weight(int position) const {
  const double* x = clp_.getColSolution();
  return x[col_wplus(position)] - x[col_wminus(position)];
}

double ClpLp::probe_weight() const {
  if (probe_col_ < 0) return 0.0;
  const double* x = clp_.getColSolution();
  return x[probe_col_] - x[probe_col_ + 1];
}

double ClpLp::free_value(int k) const { return clp_.getColSolution()[col_free(k)]; }

double ClpLp::priv_weight(int c, int position) const {
  const double* x = clp_.getColSolution();
  return x[col_pplus(c, position)] - x[col_pminus(c, position)];
}

double ClpLp::priv_free_value(int c) const { return clp_.getColSolution()[col_pfree(c)]; }

double ClpLp::g_value(int c, int sample) const { return clp_.getColSolution()[col_g(c, sample)]; }

double ClpLp::g_sum() const {
  double sum = 0.0;
  for (int c = 0; c < n_fun_; ++c)
    for (int i = 0; i < n_; ++i) sum += g_value(c, i);
  return sum;
}

double ClpLp::priv_l1_sum() const {
  double sum = 0.0;
  for (int c = 0; c < n_fun_; ++c)
    for (int k = 0; k < dp_; ++k) sum += std::abs(priv_weight(c, k));
  return sum;
}

double ClpLp::slack_sum() const {
  const double* x = clp_.getColSolution();
  double sum = 0.0;
  for (int c : slack_col_)
    if (c >= 0) sum += x[c];
  return sum;
}

double ClpLp::l1_sum() const {
  const double* x = clp_.getColSolution();
  double sum = 0.0;
  for (int k = 0; k < d_; ++k) sum += std::abs(x[col_wplus(k)] - x[col_wminus(k)]);
  if (probe_col_ >= 0) sum += std::abs(x[probe_col_] - x[probe_col_ + 1]);
  if (n_fun_ > 0) sum += gamma_ * priv_l1_sum();
  return sum;
}

double ClpLp::row_gap(int data_row) const {
  const int m = row_of_[static_cast<std::size_t>(data_row)];
  if (m < 0) return std::numeric_limits<double>::infinity();
  const double a = clp_.getRowActivity()[m];
  const double lo = clp_.getRowLower()[m];
  const double hi = clp_.getRowUpper()[m];
  double gap = std::numeric_limits<double>::infinity();
  if (lo > -1e30) gap = std::min(gap, a - lo);
  if (hi < 1e30) gap = std::min(gap, hi - a);
  return gap;
}

}  // namespace featrel::lp_detail

namespace featrel {

std::string lp_factorization() { return lp_detail::dense_lu_is_reproducible() ? "dense" : "sparse"; }

}  // namespace featrel
