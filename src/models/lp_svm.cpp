// featrel::LpSvm, the facade over the FRI linear programs (include/featrel/lp_svm.hpp): state, baseline fits,
// bound LPs with the lazy working set, probes, pins, status checks and counters.
#include "featrel/lp_svm.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include "featrel/error.hpp"
#include "models/lp_svm_detail.hpp"

namespace featrel {

using lp_detail::ClpLp;
using lp_detail::kInf;
using lp_detail::Objective;

std::string to_string(LpTask task) {
  switch (task) {
    case LpTask::classification: return "classification";
    case LpTask::regression: return "regression";
    case LpTask::ordinal: return "ordinal";
  }
  return "?";
}

std::string to_string(LpSense sense) { return sense == LpSense::minimize ? "min" : "max"; }

std::string to_string(LpStatus status) {
  switch (status) {
    case LpStatus::optimal: return "optimal";
    case LpStatus::primal_infeasible: return "primal infeasible";
    case LpStatus::dual_infeasible: return "dual infeasible (unbounded)";
    case LpStatus::stopped: return "stopped on the iteration limit";
    case LpStatus::failed: return "stopped on numerical errors";
  }
  return "?";
}

LpCounters& LpCounters::operator+=(const LpCounters& o) {
  lp_solves += o.lp_solves;
  simplex_iterations += o.simplex_iterations;
  warm_solves += o.warm_solves;
  cold_solves += o.cold_solves;
  retries += o.retries;
  lazy_rows_added += o.lazy_rows_added;
  lazy_resolves += o.lazy_resolves;
  lazy_columns_added += o.lazy_columns_added;
  return *this;
}

namespace {

// Bases are values that may move between the LpSvm instances of different threads (same data, same layout);
// a process-wide serial tells which working set was built from which basis.
std::atomic<std::uint64_t> g_next_basis_id{1};

// The primal tolerance of the LP on a column working set (LpSvmOptions::primal_tolerance says why).
constexpr double kNarrowPrimalTolerance = 1e-9;
// At most this many left-out columns enter per pricing round, the most attractive first: a round can find a few
// hundred, most of which the next optimum does not use (200 x 500: 8 % less time than adding all; 200 x 2,000: the
// same time).
constexpr std::size_t kMaxEntering = 40;
// Lazy columns are used when the first working set holds at most this share of the features.
constexpr double kNarrowShare = 0.25;

void require(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument("LpSvm: " + message);
}

std::string number(double v) {
  std::ostringstream s;
  s.precision(6);
  s << v;
  return s.str();
}

}  // namespace

struct LpSvm::Impl {
  lp_detail::Problem p;
  lp_detail::State s;
  LpSvmOptions opt;
  // The LP on all data rows, built on first use (full_lp()): bound, probe and warm baseline LPs are solved on
  // working sets (lazy rows, lazy columns), so most LpSvm objects never need it, and building it for every
  // block of bound LPs was a third of a screened run at 200 × 2,000. Mutable: a const reader may build it.
  mutable ClpLp full;
  mutable bool full_built = false;
  std::unique_ptr<ClpLp> work;  // the lazy working set
  bool work_valid = false;
  std::uint64_t work_basis_id = 0;
  std::vector<int> left_out;  // data rows of active samples left out of the working set
  const ClpLp* last = nullptr;  // the model of the last solve
  LpSolve last_solve;
  Objective last_objective;     // the objective of the last solve (class_dual_point() needs a baseline or bound)
  // The class dual point of the last solve's model with budget prices λ, κ and that model's row duals.
  ClassDualPoint dual_point_of(double lambda, double kappa, const double* row_duals, double mu, double rho) const;
  LpCounters counters;
  // Lazy columns: the LP on a working set of feature columns, rebuilt per pricing round (so that its answer
  // depends on the start basis and the state only), its features (active positions, ascending), and whether the
  // last answer came from it.
  std::unique_ptr<LpSvm> narrow;
  std::vector<int> narrow_cols;
  bool last_narrow = false;

  // The full LP, built from the problem and the current state the first time it is needed. A probe present
  // by then is added after the build, as append_probe_column() does on a built LP.
  ClpLp& full_lp() const {
    if (!full_built) {
      full.clp().setMaximumIterations(opt.max_iterations);
      if (opt.primal_tolerance > 0.0) full.set_primal_tolerance(opt.primal_tolerance);
      std::vector<int> all(static_cast<std::size_t>(p.n_rows()));
      std::iota(all.begin(), all.end(), 0);
      if (s.has_probe) {
        lp_detail::State bare = s;
        bare.has_probe = false;
        full.build(p, bare, all);
        full.add_probe(p, s);
      } else {
        full.build(p, s, all);
      }
      full_built = true;
    }
    return full;
  }
  // The model of the last solve (the full LP before any solve).
  const ClpLp& last_model() const { return last == &full ? full_lp() : *last; }

  int priv_position(int k) const {
    require(k >= 0 && k < p.d_priv_total && p.priv_position[static_cast<std::size_t>(k)] >= 0,
            "column " + std::to_string(k) + " is not one of the LP's privileged features");
    return p.priv_position[static_cast<std::size_t>(k)];
  }

  int position(int j) const {
    require(j >= 0 && j < p.d_total && p.position[static_cast<std::size_t>(j)] >= 0,
            "column " + std::to_string(j) + " is not one of the LP's features");
    return p.position[static_cast<std::size_t>(j)];
  }

  void check_basis(const LpBasis& b) const {
    require(!b.empty(), "empty basis (save one with save_basis())");
    const std::size_t cols = static_cast<std::size_t>(p.n_core_cols() + p.n_slack + (b.has_probe_ ? 2 : 0));
    const std::size_t rows = static_cast<std::size_t>(p.n_rows() + p.n_order + 2 + p.n_correction_rows());
    require(b.col_status_.size() == cols && b.row_status_.size() == rows,
            "basis does not belong to this LP's layout");
  }

  // One solve with the status check: not optimal -> one cold dual retry -> SolverError (unless an infeasible
  // answer is acceptable to the caller).
  LpSolve run(ClpLp& m, const std::string& what, bool allow_infeasible, bool count_call = true) {
    LpSolve r = m.solve(opt.keep_factorization);
    if (count_call) {
      ++counters.lp_solves;
      if (r.warm)
        ++counters.warm_solves;
      else
        ++counters.cold_solves;
    }
    counters.simplex_iterations += r.iterations;
    if (!r.optimal) {
      LpSolve again = m.solve_cold_dual();
      ++counters.retries;
      counters.simplex_iterations += again.iterations;
      again.iterations += r.iterations;
      again.warm = r.warm;
      again.retried = true;
      r = again;
      if (!r.optimal && !(allow_infeasible && r.status == LpStatus::primal_infeasible)) {
        std::ostringstream msg;
        msg << "LP solver: the " << what << " is not optimal: CLP status " << r.clp_status << " ("
            << to_string(r.status) << "), secondary status " << r.secondary << ", " << r.iterations
            << " simplex iterations (after one retry from the all-slack basis with the dual simplex)";
        throw SolverError(msg.str());
      }
    }
    return r;
  }

  // Builds the working set from `start` unless it already is: the rows of active samples within
  // lazy_margin·lazy_scale of a bound at the basis's solution.
  void ensure_work(const LpBasis& start) {
    if (work && work_valid && work_basis_id == start.id_ && start.id_ != 0) return;
    if (!work) {
      work = std::make_unique<ClpLp>();
      work->clp().setMaximumIterations(opt.max_iterations);
      if (opt.primal_tolerance > 0.0) work->set_primal_tolerance(opt.primal_tolerance);
    }
    const double kappa = opt.lazy_margin * p.lazy_scale;
    std::vector<int> kept;
    left_out.clear();
    for (int r = 0; r < p.n_rows(); ++r) {
      const int i = p.rows[static_cast<std::size_t>(r)].sample;
      if (!s.active[static_cast<std::size_t>(i)]) continue;
      if (start.row_gap_[static_cast<std::size_t>(r)] <= kappa)
        kept.push_back(r);
      else
        left_out.push_back(r);
    }
    work->build(p, s, kept);
    work_valid = true;
    work_basis_id = start.id_;
  }

  // x_i·w (+ z_i·w_z) per sample at m's solution.
  Eigen::VectorXd scores(const ClpLp& m) const {
    Eigen::VectorXd w(p.d);
    for (int k = 0; k < p.d; ++k) w[k] = m.weight(k);
    Eigen::VectorXd xw = p.X * w;
    if (m.has_probe()) xw += m.probe_weight() * s.probe;
    return xw;
  }

  // Activity of a data row that m did not load, at m's solution (its slacks are 0 there; the privileged
  // block's g columns are always loaded).
  double unloaded_activity(const ClpLp& m, const Eigen::VectorXd& xw, const lp_detail::DataRow& row) const {
    double a = row.xsign * xw[row.sample] + row.free_coef * m.free_value(row.free_index);
    for (int q = 0; q < 2; ++q)
      if (row.gfun[q] >= 0) a += row.g_coef[q] * m.g_value(row.gfun[q], row.sample);
    return a;
  }

  // Left-out rows violated by the working set's solution (their slacks are 0 there).
  std::vector<int> violated_rows(const ClpLp& m) const {
    std::vector<int> out;
    if (left_out.empty()) return out;
    const Eigen::VectorXd xw = scores(m);
    for (int r : left_out) {
      if (m.loaded(r)) continue;
      const lp_detail::DataRow& row = p.rows[static_cast<std::size_t>(r)];
      const double a = unloaded_activity(m, xw, row);
      double lo = 0.0, hi = 0.0;
      p.row_bounds(r, s.epsilon, true, lo, hi);
      if (a < lo - opt.lazy_tolerance || a > hi + opt.lazy_tolerance) out.push_back(r);
    }
    return out;
  }

  bool pinned(int k) const {
    const auto u = static_cast<std::size_t>(k);
    return s.plus_lo[u] != 0.0 || s.plus_hi[u] != kInf || s.minus_lo[u] != 0.0 || s.minus_hi[u] != kInf;
  }

  // For each column of the LP over the feature positions `cols` (ascending) whose bases have `narrow_size` columns,
  // its column in this LP: w+ and w- of the kept features, then the same free, slack and probe columns.
  std::vector<std::size_t> narrow_to_full(const std::vector<int>& cols, std::size_t narrow_size) const {
    const std::size_t d = static_cast<std::size_t>(p.d), f = cols.size();
    std::vector<std::size_t> to(narrow_size);
    for (std::size_t q = 0; q < f; ++q) {
      to[q] = static_cast<std::size_t>(cols[q]);
      to[f + q] = d + static_cast<std::size_t>(cols[q]);
    }
    for (std::size_t c = 2 * f; c < narrow_size; ++c) to[c] = c + 2 * (d - f);
    return to;
  }

  // A basis of this LP in the numbering of the LP over `cols`, and back; the columns the narrow LP lacks are
  // non-basic at 0. Rows are the same in both.
  LpBasis to_narrow(const LpBasis& b, const std::vector<int>& cols) const {
    const std::size_t dropped = 2 * (static_cast<std::size_t>(p.d) - cols.size());
    const std::vector<std::size_t> to = narrow_to_full(cols, b.col_status_.size() - dropped);
    LpBasis out = b;
    out.col_status_.resize(to.size());
    out.col_value_.resize(to.size());
    for (std::size_t c = 0; c < to.size(); ++c) {
      out.col_status_[c] = b.col_status_[to[c]];
      out.col_value_[c] = b.col_value_[to[c]];
    }
    out.id_ = g_next_basis_id.fetch_add(1);
    return out;
  }

  LpBasis from_narrow(const LpBasis& nb, const std::vector<int>& cols) const {
    const std::vector<std::size_t> to = narrow_to_full(cols, nb.col_status_.size());
    const std::size_t size = nb.col_status_.size() + 2 * (static_cast<std::size_t>(p.d) - cols.size());
    LpBasis out = nb;
    out.col_status_.assign(size, ClpSimplex::atLowerBound);
    out.col_value_.assign(size, 0.0);
    for (std::size_t c = 0; c < to.size(); ++c) {
      out.col_status_[to[c]] = nb.col_status_[c];
      out.col_value_[to[c]] = nb.col_value_[c];
    }
    out.id_ = g_next_basis_id.fetch_add(1);
    return out;
  }

  // Left-out feature positions whose w+ or w- column has a reduced cost below -tolerance at the narrow LP's
  // optimum. Their cost is `cost` (0 in a bound LP, 1 under the baseline objective), so with the row duals y (CLP
  // minimises: d = c - Aᵀy) and u = Xᵀv, v_i = Σ over sample i's loaded rows of y_r·xsign_r, the reduced costs
  // are cost - u_k - y_L1 and cost + u_k - y_L1: the column enters when |u_k| + y_L1 - cost > tolerance (y_L1 ≤ 0,
  // the L1 row is ≤).
  std::vector<int> entering_columns(const std::vector<char>& in, double cost) const {
    const ClpLp& m = *narrow->impl_->last;
    const double* y = m.clp().dualRowSolution();
    Eigen::VectorXd v = Eigen::VectorXd::Zero(p.n);
    for (int r = 0; r < p.n_rows(); ++r) {
      const int mr = m.model_row(r);
      if (mr < 0) continue;
      const lp_detail::DataRow& row = p.rows[static_cast<std::size_t>(r)];
      v[row.sample] += y[mr] * row.xsign;
    }
    const double y_l1 = y[m.l1_row()];
    const Eigen::VectorXd u = p.X.transpose() * v;
    std::vector<std::pair<double, int>> cand;
    for (int k = 0; k < p.d; ++k) {
      const double violation = std::abs(u[k]) + y_l1 - cost;
      if (!in[static_cast<std::size_t>(k)] && violation > opt.lazy_column_tolerance) cand.emplace_back(-violation, k);
    }
    if (cand.size() > kMaxEntering) {
      std::partial_sort(cand.begin(), cand.begin() + static_cast<std::ptrdiff_t>(kMaxEntering), cand.end());
      cand.resize(kMaxEntering);
    }
    std::vector<int> out;
    for (const auto& c : cand) out.push_back(c.second);
    return out;
  }

  // The first working set: the features basic or non-zero in the start basis, pinned ones and the bounded one.
  std::vector<char> first_columns(const Objective& obj, const LpBasis& start) const {
    const std::size_t d = static_cast<std::size_t>(p.d);
    std::vector<char> in(d, 0);
    for (std::size_t k = 0; k < d; ++k)
      in[k] = start.col_status_[k] != ClpSimplex::atLowerBound ||
              start.col_status_[d + k] != ClpSimplex::atLowerBound || start.col_value_[k] != 0.0 ||
              start.col_value_[d + k] != 0.0 || pinned(static_cast<int>(k));
    if (obj.column >= 0) in[static_cast<std::size_t>(obj.column)] = 1;
    return in;
  }

  // Lazy columns (lp_svm.hpp): the bound LP on the working set `in` of feature columns, priced until no left-out
  // column can enter. A non-optimal answer means the restricted LP was not optimal; the caller then solves the
  // full LP.
  LpSolve solve_narrow(const Objective& obj, const LpBasis& start, std::vector<char> in, const std::string& what) {
    const std::size_t d = static_cast<std::size_t>(p.d);
    LpSvmOptions narrow_options = opt;
    narrow_options.lazy_columns = false;
    narrow_options.primal_tolerance = kNarrowPrimalTolerance;
    LpBasis from = start;
    int iterations = 0, rows_added = 0;
    for (;;) {
      narrow_cols.clear();
      for (std::size_t k = 0; k < d; ++k)
        if (in[k]) narrow_cols.push_back(static_cast<int>(k));
      narrow = std::make_unique<LpSvm>(p.X, p.y, p.task, narrow_cols, s.epsilon, narrow_options);
      Impl& q = *narrow->impl_;
      q.s.active = s.active;
      q.s.budget_on = s.budget_on;
      q.s.mu = s.mu;
      q.s.rho = s.rho;
      for (std::size_t i = 0; i < narrow_cols.size(); ++i) {
        const auto k = static_cast<std::size_t>(narrow_cols[i]);
        q.s.plus_lo[i] = s.plus_lo[k];
        q.s.plus_hi[i] = s.plus_hi[k];
        q.s.minus_lo[i] = s.minus_lo[k];
        q.s.minus_hi[i] = s.minus_hi[k];
      }
      if (s.has_probe)
        narrow->append_probe_column(std::span<const double>(s.probe.data(), static_cast<std::size_t>(p.n)));
      Objective o = obj;
      if (obj.column >= 0) o.column = q.p.position[static_cast<std::size_t>(obj.column)];
      const LpBasis narrow_start = to_narrow(from, narrow_cols);
      LpSolve r = q.solve_on(o, &narrow_start, true, what);
      counters.simplex_iterations += q.counters.simplex_iterations;
      counters.retries += q.counters.retries;
      counters.lazy_rows_added += q.counters.lazy_rows_added;
      counters.lazy_resolves += q.counters.lazy_resolves;
      iterations += r.iterations;
      rows_added += r.lazy_rows_added;
      r.iterations = iterations;
      r.lazy_rows_added = rows_added;
      r.warm = true;
      if (!r.optimal) return r;
      const std::vector<int> add = entering_columns(in, obj.kind == Objective::Kind::baseline ? 1.0 : 0.0);
      if (add.empty()) return r;
      counters.lazy_columns_added += static_cast<long>(add.size());
      for (int k : add) in[static_cast<std::size_t>(k)] = 1;
      from = from_narrow(q.basis_of_last(), narrow_cols);
    }
  }

  // An LP from `start`: with lazy rows on the working set built from it (adding violated rows back until none
  // is left), else on the full LP. start == nullptr: the full LP from its current basis; an empty basis: the
  // full LP from the all-slack basis (a cold solve).
  LpSolve solve_on(const Objective& obj, const LpBasis* start, bool allow_infeasible, const std::string& what) {
    last_objective = obj;
    const bool current = start == nullptr;
    const bool cold = !current && start->empty();
    if (!current && !cold) {
      check_basis(*start);
      require(!start->has_probe_ || s.has_probe, "basis has a probe column but the LP has none");
    }
    std::vector<char> in;
    // Bound LPs and warm baseline fits (the search's C path, probe refits): both price left-out columns exactly.
    const bool narrow_kind = obj.kind == Objective::Kind::weight || obj.kind == Objective::Kind::baseline;
    if (opt.lazy_columns && narrow_kind && !current && !cold && p.n_fun == 0)
      in = first_columns(obj, *start);
    // Only when the working set is a small part of the features: else the rebuilds cost more than the pricing
    // saves (breast cancer, 30 features: 0.40 -> 0.52 s).
    const auto kept = static_cast<double>(std::count(in.begin(), in.end(), 1));
    if (!in.empty() && kept <= kNarrowShare * static_cast<double>(p.d)) {
      LpSolve r = solve_narrow(obj, *start, std::move(in), what);
      if (r.optimal) {
        ++counters.lp_solves;
        ++counters.warm_solves;
        last_narrow = true;
        last_solve = r;
        return r;
      }
    }
    last_narrow = false;
    const bool lazy = opt.lazy_rows && !current && !cold;
    ClpLp* m = lazy ? nullptr : &full_lp();
    if (lazy) {
      // Rows added back by the previous task are not deleted but the working set rebuilt: CLP's matrix after
      // row deletions sums in a different order, and every task must see the same LP to the last bit.
      if (work && work->n_added_rows() > 0) work_valid = false;
      ensure_work(*start);
      m = work.get();
    }
    m->apply_bounds(p, s);
    if (cold)
      m->all_slack_basis();
    else if (!current)
      m->basis_from(p, *start);
    m->set_objective(p, obj);
    LpSolve r = run(*m, what, allow_infeasible);
    if (lazy) {
      // The working LP is a relaxation (left-out rows and their slacks dropped): infeasible means the full LP
      // is; optimal with no left-out row violated means optimal for the full LP (its slacks stay 0).
      while (r.optimal) {
        const std::vector<int> add = violated_rows(*m);
        if (add.empty()) break;
        const int added = m->add_rows(p, s, add);
        counters.lazy_rows_added += added;
        ++counters.lazy_resolves;
        LpSolve again = run(*m, what + " (lazy rows added back)", allow_infeasible, false);
        again.iterations += r.iterations;
        again.warm = r.warm;
        again.retried = again.retried || r.retried;
        again.lazy_rows_added = r.lazy_rows_added + added;
        r = again;
      }
    }
    if (r.optimal) {
      if (obj.kind == Objective::Kind::weight) {
        r.objective = obj.column == -2 ? m->probe_weight() : m->weight(obj.column);
      } else if (obj.kind == Objective::Kind::privileged) {
        r.objective = 0.0;
        for (int c = 0; c < p.n_fun; ++c) r.objective += obj.coef[c] * m->priv_weight(c, obj.column);
      } else if (obj.kind == Objective::Kind::privileged_magnitude) {
        r.objective = 0.0;
        for (int c = 0; c < p.n_fun; ++c) r.objective += std::abs(m->priv_weight(c, obj.column));
      } else if (obj.kind == Objective::Kind::zero) {
        r.objective = 0.0;
      }
    }
    last = m;
    last_solve = r;
    return r;
  }

  // The basis of the last solved model in the full LP's numbering. Rows the lazy working set left out enter
  // with a basic logical and their slacks at 0 (a valid basis of the full LP for the same point); their gaps
  // come from the solution.
  LpBasis basis_of_last() const {
    if (last_narrow) return from_narrow(narrow->impl_->basis_of_last(), narrow_cols);
    LpBasis b;
    const ClpLp& model = last_model();
    model.basis_to(p, b);
    if (&model != &full) {
      const Eigen::VectorXd xw = scores(model);
      for (int r = 0; r < p.n_rows(); ++r) {
        if (model.loaded(r)) continue;
        const lp_detail::DataRow& row = p.rows[static_cast<std::size_t>(r)];
        const double a = unloaded_activity(model, xw, row);
        double lo = 0.0, hi = 0.0;
        p.row_bounds(r, s.epsilon, s.active[static_cast<std::size_t>(row.sample)] != 0, lo, hi);
        double gap = std::numeric_limits<double>::infinity();
        if (lo > -1e30) gap = std::min(gap, a - lo);
        if (hi < 1e30) gap = std::min(gap, hi - a);
        b.row_gap_[static_cast<std::size_t>(r)] = gap;
      }
    }
    b.id_ = g_next_basis_id.fetch_add(1);
    return b;
  }

  LpModelFit fit_of(const ClpLp& m, const LpSolve& r) const {
    LpModelFit f;
    f.w = Eigen::VectorXd::Zero(p.d_total);
    for (int k = 0; k < p.d; ++k) f.w[p.features[static_cast<std::size_t>(k)]] = m.weight(k);
    if (p.task == LpTask::ordinal) {
      for (int k = 0; k < p.n_free; ++k) f.thresholds.push_back(m.free_value(k));
    } else {
      f.bias = m.free_value(0);
    }
    f.probe_weight = m.probe_weight();
    f.loss = m.slack_sum() + p.kappa * m.g_sum();
    // Per sample: its one or two slacks (regression ξ⁺ + ξ⁻, ordinal ξᵘ + ξᵈ) and κ·g; rows not loaded hold no
    // slack.
    f.sample_losses.assign(static_cast<std::size_t>(p.n), 0.0);
    const double* x = m.clp().getColSolution();
    for (const lp_detail::DataRow& row : p.rows)
      for (int q = 0; q < 2; ++q)
        if (row.slack[q] >= 0) {
          const int c = m.slack_col(row.slack[q]);
          if (c >= 0) f.sample_losses[static_cast<std::size_t>(row.sample)] += x[c];
        }
    for (int c = 0; c < p.n_fun; ++c)
      for (int i = 0; i < p.n; ++i) f.sample_losses[static_cast<std::size_t>(i)] += p.kappa * m.g_value(c, i);
    f.l1_norm = m.l1_sum();
    if (p.n_fun > 0) {
      f.priv_w = Eigen::MatrixXd::Zero(p.d_priv_total, p.n_fun);
      for (int c = 0; c < p.n_fun; ++c) {
        for (int k = 0; k < p.d_priv; ++k) f.priv_w(p.priv_features[static_cast<std::size_t>(k)], c) = m.priv_weight(c, k);
        f.priv_bias.push_back(m.priv_free_value(c));
      }
      f.priv_l1_norm = m.priv_l1_sum();
    }
    f.solve = r;
    return f;
  }
};

LpSvm::LpSvm(Eigen::Ref<const Eigen::MatrixXd> X, Eigen::Ref<const Eigen::VectorXd> y, LpTask task,
             std::vector<int> features, double epsilon, LpSvmOptions options)
    : LpSvm(X, y, task, std::move(features), epsilon, options, nullptr) {}

LpSvm::LpSvm(Eigen::Ref<const Eigen::MatrixXd> X, Eigen::Ref<const Eigen::VectorXd> y, LpTask task,
             std::vector<int> features, double epsilon, LpSvmOptions options, const LpPrivileged& privileged)
    : LpSvm(X, y, task, std::move(features), epsilon, options, &privileged) {}

LpSvm::LpSvm(Eigen::Ref<const Eigen::MatrixXd> X, Eigen::Ref<const Eigen::VectorXd> y, LpTask task,
             std::vector<int> features, double epsilon, LpSvmOptions options, const LpPrivileged* privileged)
    : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  m.p = lp_detail::make_problem(X, y, task, features);
  if (privileged != nullptr) lp_detail::add_privileged(m.p, *privileged);
  require(std::isfinite(epsilon) && epsilon >= 0.0, "epsilon must be finite and >= 0");
  require(options.lazy_margin >= 0.0 && options.lazy_tolerance >= 0.0, "lazy_margin and lazy_tolerance must be >= 0");
  require(options.lazy_column_tolerance > 0.0 && options.primal_tolerance >= 0.0,
          "lazy_column_tolerance must be > 0 and primal_tolerance >= 0");
  m.opt = options;
  m.s.epsilon = task == LpTask::regression ? epsilon : 0.0;
  m.s.active.assign(static_cast<std::size_t>(m.p.n), 1);
  m.s.plus_lo.assign(static_cast<std::size_t>(m.p.d), 0.0);
  m.s.plus_hi.assign(static_cast<std::size_t>(m.p.d), kInf);
  m.s.minus_lo.assign(static_cast<std::size_t>(m.p.d), 0.0);
  m.s.minus_hi.assign(static_cast<std::size_t>(m.p.d), kInf);
  m.last = &m.full;  // built on first use
}

LpSvm::~LpSvm() = default;
LpSvm::LpSvm(LpSvm&&) noexcept = default;
LpSvm& LpSvm::operator=(LpSvm&&) noexcept = default;

LpTask LpSvm::task() const { return impl_->p.task; }
int LpSvm::n_samples() const { return impl_->p.n; }
int LpSvm::n_columns() const { return impl_->p.d_total; }
const std::vector<int>& LpSvm::features() const { return impl_->p.features; }
int LpSvm::n_levels() const { return impl_->p.n_levels; }
int LpSvm::n_correcting_functions() const { return impl_->p.n_fun; }
const std::vector<int>& LpSvm::privileged_features() const { return impl_->p.priv_features; }
double LpSvm::epsilon() const { return impl_->s.epsilon; }
double LpSvm::lazy_scale() const { return impl_->p.lazy_scale; }
const LpSvmOptions& LpSvm::options() const { return impl_->opt; }
void LpSvm::set_lazy_rows(bool on) { impl_->opt.lazy_rows = on; }
const LpCounters& LpSvm::counters() const { return impl_->counters; }
void LpSvm::reset_counters() { impl_->counters = LpCounters{}; }
bool LpSvm::has_probe() const { return impl_->s.has_probe; }

void LpSvm::set_epsilon(double epsilon) {
  require(impl_->p.task == LpTask::regression, "epsilon applies to regression only");
  require(std::isfinite(epsilon) && epsilon >= 0.0, "epsilon must be finite and >= 0");
  if (epsilon == impl_->s.epsilon) return;
  impl_->s.epsilon = epsilon;
  impl_->work_valid = false;
}

void LpSvm::set_active_samples(std::span<const int> samples) {
  Impl& m = *impl_;
  std::vector<char> active(static_cast<std::size_t>(m.p.n), 0);
  for (int i : samples) {
    require(i >= 0 && i < m.p.n, "sample " + std::to_string(i) + " out of range");
    active[static_cast<std::size_t>(i)] = 1;
  }
  if (active == m.s.active) return;
  m.s.active = std::move(active);
  m.work_valid = false;
}

void LpSvm::activate_all_samples() {
  Impl& m = *impl_;
  std::vector<char> active(static_cast<std::size_t>(m.p.n), 1);
  if (active == m.s.active) return;
  m.s.active = std::move(active);
  m.work_valid = false;
}

LpModelFit LpSvm::fit_baseline(double C) {
  Impl& m = *impl_;
  require(std::isfinite(C) && C > 0.0, "C must be finite and > 0");
  m.s.budget_on = false;
  Objective obj;
  obj.kind = Objective::Kind::baseline;
  obj.C = C;
  // Continue from the last LP solved, wherever it was solved (the lazy working set keeps its own model).
  if (m.last != &m.full || m.last_narrow) {
    m.full_lp().basis_from(m.p, m.basis_of_last());
    m.last = &m.full;
  }
  const LpSolve r = m.solve_on(obj, nullptr, false, "baseline LP (C = " + number(C) + ")");
  return m.fit_of(m.last_model(), r);
}

LpModelFit LpSvm::fit_baseline(double C, const LpBasis& start) {
  Impl& m = *impl_;
  require(std::isfinite(C) && C > 0.0, "C must be finite and > 0");
  m.s.budget_on = false;
  Objective obj;
  obj.kind = Objective::Kind::baseline;
  obj.C = C;
  m.solve_on(obj, &start, false, "baseline LP (C = " + number(C) + ")");
  return solution();  // from the lazy-column working set when the fit was solved on one
}

void LpSvm::set_budget(double mu, double rho) {
  require(mu >= 0.0 && rho >= 0.0, "budget mu and rho must be >= 0");  // also rejects NaN
  impl_->s.budget_on = true;
  impl_->s.mu = std::isfinite(mu) ? mu : kInf;
  impl_->s.rho = std::isfinite(rho) ? rho : kInf;
}

void LpSvm::clear_budget() { impl_->s.budget_on = false; }

LpSolve LpSvm::bound(int j, LpSense sense, const LpBasis& start) {
  Objective obj;
  obj.kind = Objective::Kind::weight;
  obj.column = impl_->position(j);
  obj.sense = sense;
  return impl_->solve_on(obj, &start, false,
                            "bound LP " + to_string(sense) + " w[" + std::to_string(j) + "] (feature column " +
                                std::to_string(j) + ")");
}

LpSolve LpSvm::try_bound(int j, LpSense sense, const LpBasis& start) {
  Objective obj;
  obj.kind = Objective::Kind::weight;
  obj.column = impl_->position(j);
  obj.sense = sense;
  return impl_->solve_on(obj, &start, true,
                            "bound LP " + to_string(sense) + " w[" + std::to_string(j) + "] (feature column " +
                                std::to_string(j) + ")");
}

LpSolve LpSvm::bound_probe(LpSense sense, const LpBasis& start) {
  require(impl_->s.has_probe, "no probe column");
  Objective obj;
  obj.kind = Objective::Kind::weight;
  obj.column = -2;
  obj.sense = sense;
  return impl_->solve_on(obj, &start, false, "bound LP " + to_string(sense) + " of the probe weight");
}

LpSolve LpSvm::bound_privileged(int k, std::span<const double> coef, LpSense sense, const LpBasis& start) {
  Impl& m = *impl_;
  require(static_cast<int>(coef.size()) == m.p.n_fun,
          "bound_privileged needs one coefficient per correcting function (" + std::to_string(m.p.n_fun) + ")");
  Objective obj;
  obj.kind = Objective::Kind::privileged;
  obj.column = m.priv_position(k);
  obj.sense = sense;
  for (std::size_t c = 0; c < coef.size(); ++c) {
    require(std::isfinite(coef[c]), "bound_privileged coefficients must be finite");
    obj.coef[c] = coef[c];
  }
  return m.solve_on(obj, &start, false,
                    "bound LP " + to_string(sense) + " of privileged column " + std::to_string(k));
}

LpSolve LpSvm::min_privileged_magnitude(int k, const LpBasis& start) {
  Objective obj;
  obj.kind = Objective::Kind::privileged_magnitude;
  obj.column = impl_->priv_position(k);
  return impl_->solve_on(obj, &start, false, "bound LP min |w*| of privileged column " + std::to_string(k));
}

bool LpSvm::feasible(const LpBasis& start) {
  Objective obj;
  obj.kind = Objective::Kind::zero;
  return impl_->solve_on(obj, &start, true, "feasibility LP").optimal;
}

LpBasis LpSvm::save_basis() const { return impl_->basis_of_last(); }

void LpSvm::restore_basis(const LpBasis& basis) {
  impl_->last = &impl_->full;
  impl_->last_narrow = false;
  if (basis.empty()) {
    impl_->full_lp().all_slack_basis();
    return;
  }
  impl_->check_basis(basis);
  require(!basis.has_probe_ || impl_->s.has_probe, "basis has a probe column but the LP has none");
  impl_->full_lp().basis_from(impl_->p, basis);
}

void LpSvm::append_probe_column(std::span<const double> z) {
  Impl& m = *impl_;
  require(!m.s.has_probe, "a probe column is already present (replace or remove it)");
  require(static_cast<int>(z.size()) == m.p.n, "probe needs one value per sample");
  m.s.probe = Eigen::Map<const Eigen::VectorXd>(z.data(), static_cast<Eigen::Index>(z.size()));
  require(m.s.probe.allFinite(), "probe values must be finite");
  m.s.has_probe = true;
  if (m.full_built) m.full.add_probe(m.p, m.s);
  m.work_valid = false;
}

void LpSvm::replace_probe_column(std::span<const double> z) {
  Impl& m = *impl_;
  require(m.s.has_probe, "no probe column to replace");
  require(static_cast<int>(z.size()) == m.p.n, "probe needs one value per sample");
  Eigen::VectorXd v = Eigen::Map<const Eigen::VectorXd>(z.data(), static_cast<Eigen::Index>(z.size()));
  require(v.allFinite(), "probe values must be finite");
  m.s.probe = std::move(v);
  if (m.full_built) m.full.replace_probe(m.p, m.s);
  m.work_valid = false;
}

void LpSvm::remove_probe_column() {
  Impl& m = *impl_;
  require(m.s.has_probe, "no probe column to remove");
  if (m.full_built) m.full.remove_probe();
  m.s.has_probe = false;
  m.s.probe.resize(0);
  m.work_valid = false;
}

void LpSvm::pin_feature(int j, double lo, double hi) {
  Impl& m = *impl_;
  const int k = m.position(j);
  require(!std::isnan(lo) && !std::isnan(hi) && lo <= hi, "pin needs lo <= hi");
  auto clamp = [](double v) { return v >= kInf ? kInf : v; };
  m.s.plus_lo[static_cast<std::size_t>(k)] = std::max(lo, 0.0);
  m.s.plus_hi[static_cast<std::size_t>(k)] = clamp(std::max(hi, 0.0));
  m.s.minus_lo[static_cast<std::size_t>(k)] = std::max(-hi, 0.0);
  m.s.minus_hi[static_cast<std::size_t>(k)] = clamp(std::max(-lo, 0.0));
  require(std::isfinite(m.s.plus_lo[static_cast<std::size_t>(k)]) && std::isfinite(m.s.minus_lo[static_cast<std::size_t>(k)]),
          "pin bounds must not force an infinite weight");
}

void LpSvm::pin_magnitude(int j, double lo, double hi, int sign) {
  require(sign == 1 || sign == -1, "pin sign must be +1 or -1");
  require(lo >= 0.0 && lo <= hi, "pin needs 0 <= lo <= hi");
  if (sign > 0)
    pin_feature(j, lo, hi);
  else
    pin_feature(j, -hi, -lo);
}

void LpSvm::unpin_feature(int j) {
  Impl& m = *impl_;
  const int k = m.position(j);
  m.s.plus_lo[static_cast<std::size_t>(k)] = 0.0;
  m.s.plus_hi[static_cast<std::size_t>(k)] = kInf;
  m.s.minus_lo[static_cast<std::size_t>(k)] = 0.0;
  m.s.minus_hi[static_cast<std::size_t>(k)] = kInf;
}

void LpSvm::unpin_all() {
  for (int j : impl_->p.features) unpin_feature(j);
}

ClassDualPoint LpSvm::Impl::dual_point_of(double lambda, double kappa, const double* row_duals, double mu,
                                          double rho) const {
  const ClpLp& m = last_model();
  const lp_detail::Problem& q = p;
  const ClpSimplex& clp = m.clp();
  const int rows = clp.numberRows(), cols = clp.numberColumns();
  // Row duals y (CLP minimises: d = c − Aᵀy). The budget rows are priced by λ and κ instead; a dual on the side
  // of an infinite row bound (CLP's tolerance allows ~1e-7 there) is set to 0. Any such y gives, for every point
  // z of the class, c'·z = yᵀAz + d'ᵀz ≥ R + d'ᵀz, R the rows' smallest possible yᵀAz, with c' = λ on w±, κ on
  // the slacks and 0 on the free columns, while c'·z ≤ λμ + κρ.
  std::vector<double> y(row_duals, row_duals + rows);
  y[static_cast<std::size_t>(m.l1_row())] = 0.0;
  y[static_cast<std::size_t>(m.loss_row())] = 0.0;
  const double* row_lo = clp.rowLower();
  const double* row_hi = clp.rowUpper();
  double R = 0.0;
  for (int r = 0; r < rows; ++r) {
    double& v = y[static_cast<std::size_t>(r)];
    const double bound = v > 0.0 ? row_lo[r] : row_hi[r];
    if (v == 0.0 || !std::isfinite(bound) || std::abs(bound) >= kInf)
      v = 0.0;
    else
      R += v * bound;
  }
  std::vector<double> aty(static_cast<std::size_t>(cols), 0.0);
  clp.matrix()->transposeTimes(y.data(), aty.data());
  // The model's slack and free columns: a negative reduced cost (dual infeasibility within tolerance) can lower
  // d'ᵀz by at most ρ·d' (the loss row), a free column's non-zero one by |d'|·B, B bounding every free variable
  // in the class (a data row on each side: |b|, |θ| ≤ 1 + max|y| + ε + ρ + μ·max|x|). The weight columns, in the
  // model or not, are priced by certificates() from v.
  const int first_free = m.col_free(0), first_slack = m.col_free(0) + q.n_free;
  double min_slack = 0.0, free_dj = 0.0;
  for (int k = first_free; k < cols; ++k) {
    if (m.has_probe() && (k == m.probe_col() || k == m.probe_col() + 1)) continue;  // weight columns
    const double cost = k < first_slack ? 0.0 : kappa;
    const double v = cost - aty[static_cast<std::size_t>(k)];
    if (k < first_slack)
      free_dj += std::abs(v);
    else
      min_slack = std::min(min_slack, v);
  }
  const double max_x = q.X.size() > 0 ? q.X.cwiseAbs().maxCoeff() : 0.0;
  const double max_y = q.y.size() > 0 ? q.y.cwiseAbs().maxCoeff() : 0.0;
  const double free_bound = 1.0 + max_y + s.epsilon + rho + mu * max_x;
  ClassDualPoint out;
  out.lambda = lambda;
  out.gap = lambda * mu + kappa * rho - R - rho * min_slack + free_dj * free_bound;
  out.v = Eigen::VectorXd::Zero(q.n);
  for (int r = 0; r < q.n_rows(); ++r) {
    const int mr = m.model_row(r);
    if (mr < 0) continue;
    const lp_detail::DataRow& row = q.rows[static_cast<std::size_t>(r)];
    out.v[row.sample] += y[static_cast<std::size_t>(mr)] * row.xsign;
  }
  return out;
}

ClassDualPoint LpSvm::class_dual_point(double mu, double rho) const {
  const Impl& q = *impl_;
  require(mu >= 0.0 && rho >= 0.0 && std::isfinite(mu) && std::isfinite(rho), "budget mu and rho must be finite and >= 0");
  require(q.p.n_fun == 0, "a class dual point is for the LP without a privileged block");
  require(q.last != nullptr, "class_dual_point() needs a solved LP");
  const Impl& owner = q.last_narrow ? *q.narrow->impl_ : q;
  const ClpLp& m = owner.last_model();
  const double* y = m.clp().dualRowSolution();
  if (q.last_objective.kind == lp_detail::Objective::Kind::baseline)
    return owner.dual_point_of(1.0, q.last_objective.C, y, mu, rho);
  require(q.last_objective.kind == lp_detail::Objective::Kind::weight && q.s.budget_on,
          "class_dual_point() needs a baseline fit or a bound LP as the last solve");
  // A bound LP prices the budget rows itself (≤ rows of a minimisation: duals ≤ 0).
  return owner.dual_point_of(std::max(0.0, -y[m.l1_row()]), std::max(0.0, -y[m.loss_row()]), y, mu, rho);
}

namespace {

// u = Xᵀv: a weight column's reduced costs are λ − u_k (w+) and λ + u_k (w-). A negative one (a dual
// infeasibility within tolerance) can lower d'ᵀz by at most μ·(|u_k| − λ), the L1 row sharing μ; max_u is the
// largest |u_k| over every weight column of the class.
double certified_gap(const ClassDualPoint& point, double max_u, double mu) {
  return std::max(0.0, point.gap + mu * std::max(0.0, max_u - point.lambda));
}

// For z in the class: d'(w+_j)·w+_j ≤ gap, so w_j ≤ w+_j ≤ gap / d'(w+_j); the same for -w_j with w-_j. A
// reduced cost at rounding level belongs to a column in the basis: no useful bound there.
double certified_weight(double gap, double reduced_cost) {
  constexpr double kMinCertifyingCost = 1e-9;
  return reduced_cost > kMinCertifyingCost ? gap / reduced_cost : std::numeric_limits<double>::infinity();
}

}  // namespace

WeightCertificates LpSvm::certificates(const ClassDualPoint& point, Eigen::Ref<const Eigen::MatrixXd> X,
                                       std::span<const int> features, double mu) {
  const double inf = std::numeric_limits<double>::infinity();
  WeightCertificates out;
  out.max_weight = Eigen::VectorXd::Constant(X.cols(), inf);
  out.max_minus_weight = Eigen::VectorXd::Constant(X.cols(), inf);
  Eigen::VectorXd u(static_cast<Eigen::Index>(features.size()));
  double max_u = 0.0;
  for (std::size_t q = 0; q < features.size(); ++q) {
    u[static_cast<Eigen::Index>(q)] = X.col(features[q]).dot(point.v);
    max_u = std::max(max_u, std::abs(u[static_cast<Eigen::Index>(q)]));
  }
  out.gap = certified_gap(point, max_u, mu);
  for (std::size_t q = 0; q < features.size(); ++q) {
    out.max_weight[features[q]] = certified_weight(out.gap, point.lambda - u[static_cast<Eigen::Index>(q)]);
    out.max_minus_weight[features[q]] = certified_weight(out.gap, point.lambda + u[static_cast<Eigen::Index>(q)]);
  }
  return out;
}

LpSvm::ProbeCertificate LpSvm::probe_certificate(const ClassDualPoint& point, double mu) const {
  const Impl& q = *impl_;
  require(q.s.has_probe, "no probe column");
  require(point.v.size() == q.p.X.rows(), "the dual point is not of this LP's samples");
  const double uz = q.s.probe.dot(point.v);
  double max_u = std::abs(uz);
  if (q.p.X.cols() > 0) max_u = std::max(max_u, (q.p.X.transpose() * point.v).cwiseAbs().maxCoeff());
  const double gap = certified_gap(point, max_u, mu);
  return ProbeCertificate{certified_weight(gap, point.lambda - uz), certified_weight(gap, point.lambda + uz)};
}

WeightCertificates LpSvm::weight_certificates(double mu, double rho) const {
  const Impl& q = *impl_;
  require(q.last != nullptr && q.last_objective.kind == lp_detail::Objective::Kind::baseline,
          "weight_certificates() needs a baseline fit as the last solve");
  std::vector<int> positions(static_cast<std::size_t>(q.p.d));
  for (int k = 0; k < q.p.d; ++k) positions[static_cast<std::size_t>(k)] = k;
  const WeightCertificates own = certificates(class_dual_point(mu, rho), q.p.X, positions, mu);
  // From active positions to the caller's columns (+inf for inactive ones).
  WeightCertificates out;
  out.gap = own.gap;
  const double inf = std::numeric_limits<double>::infinity();
  out.max_weight = Eigen::VectorXd::Constant(q.p.d_total, inf);
  out.max_minus_weight = Eigen::VectorXd::Constant(q.p.d_total, inf);
  for (int k = 0; k < q.p.d; ++k) {
    out.max_weight[q.p.features[static_cast<std::size_t>(k)]] = own.max_weight[k];
    out.max_minus_weight[q.p.features[static_cast<std::size_t>(k)]] = own.max_minus_weight[k];
  }
  return out;
}

LpModelFit LpSvm::solution() const {
  const Impl& m = *impl_;
  if (!m.last_narrow) return m.fit_of(m.last_model(), m.last_solve);
  // The narrow LP's columns are positions of this LP's active features.
  LpModelFit f = m.narrow->solution();
  Eigen::VectorXd w = Eigen::VectorXd::Zero(m.p.d_total);
  for (int k : m.narrow_cols) w[m.p.features[static_cast<std::size_t>(k)]] = f.w[k];
  f.w = std::move(w);
  f.solve = m.last_solve;
  return f;
}

Eigen::VectorXd LpSvm::decision_values(const LpModelFit& fit, std::span<const int> samples) const {
  const Impl& m = *impl_;
  require(fit.w.size() == m.p.d_total, "fit does not belong to this LP");
  Eigen::VectorXd out(static_cast<Eigen::Index>(samples.size()));
  const bool probe = m.s.has_probe && fit.probe_weight != 0.0;
  for (std::size_t q = 0; q < samples.size(); ++q) {
    const int i = samples[q];
    require(i >= 0 && i < m.p.n, "sample " + std::to_string(i) + " out of range");
    double v = 0.0;
    for (int k = 0; k < m.p.d; ++k) v += m.p.X(i, k) * fit.w[m.p.features[static_cast<std::size_t>(k)]];
    if (probe) v += m.s.probe[i] * fit.probe_weight;
    if (m.p.task != LpTask::ordinal) v += fit.bias;
    out[static_cast<Eigen::Index>(q)] = v;
  }
  return out;
}

std::vector<int> LpSvm::predict_labels(const LpModelFit& fit, std::span<const int> samples) const {
  const Impl& m = *impl_;
  require(m.p.task != LpTask::regression, "predict_labels is for classification and ordinal tasks");
  const Eigen::VectorXd v = decision_values(fit, samples);
  std::vector<int> out(samples.size());
  for (std::size_t q = 0; q < samples.size(); ++q) {
    const double a = v[static_cast<Eigen::Index>(q)];
    if (m.p.task == LpTask::classification) {
      out[q] = a > 0.0 ? 1 : -1;
    } else {
      int level = 0;
      for (double t : fit.thresholds)
        if (t <= a) ++level;
      out[q] = level;
    }
  }
  return out;
}

nlohmann::ordered_json LpBasis::to_json() const {
  nlohmann::ordered_json doc;
  doc["col_status"] = col_status_;
  doc["row_status"] = row_status_;
  doc["col_value"] = col_value_;
  nlohmann::ordered_json gaps = nlohmann::ordered_json::array();
  for (double g : row_gap_) gaps.push_back(std::isfinite(g) ? nlohmann::ordered_json(g) : nlohmann::ordered_json());
  doc["row_gap"] = std::move(gaps);
  doc["has_probe"] = has_probe_;
  return doc;
}

LpBasis LpBasis::from_json(const nlohmann::ordered_json& doc) {
  LpBasis b;
  try {
    b.col_status_ = doc.at("col_status").get<std::vector<unsigned char>>();
    b.row_status_ = doc.at("row_status").get<std::vector<unsigned char>>();
    b.col_value_ = doc.at("col_value").get<std::vector<double>>();
    for (const auto& g : doc.at("row_gap"))
      b.row_gap_.push_back(g.is_null() ? std::numeric_limits<double>::infinity() : g.get<double>());
    b.has_probe_ = doc.at("has_probe").get<bool>();
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("an LP basis in a task plan is malformed: ") + e.what());
  }
  if (!b.col_status_.empty()) b.id_ = g_next_basis_id.fetch_add(1);
  return b;
}

}  // namespace featrel
