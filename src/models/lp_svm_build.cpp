// The LP formulations of docs/fri.md#linear-programs and the CLP model layout: which rows and columns exist, their
// coefficients and bounds. Loading, adding rows back (lazy rows) and the probe column pair live here; solving
// lives in lp_svm_clp.cpp.
#include <ClpFactorization.hpp>
#include <CoinHelperFunctions.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "models/lp_svm_detail.hpp"

namespace featrel::lp_detail {

namespace {

void require(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument("LpSvm: " + message);
}

}  // namespace

Problem make_problem(Eigen::Ref<const Eigen::MatrixXd> X, Eigen::Ref<const Eigen::VectorXd> y, LpTask task,
                     const std::vector<int>& features) {
  Problem p;
  p.task = task;
  p.n = static_cast<int>(X.rows());
  p.d_total = static_cast<int>(X.cols());
  require(p.n >= 1, "no samples");
  require(y.size() == X.rows(), "y has " + std::to_string(y.size()) + " values for " + std::to_string(p.n) +
                                    " rows of X");
  p.position.assign(static_cast<std::size_t>(p.d_total), -1);
  for (int j : features) {
    require(j >= 0 && j < p.d_total, "feature column " + std::to_string(j) + " outside X's " +
                                         std::to_string(p.d_total) + " columns");
    require(p.position[static_cast<std::size_t>(j)] < 0, "feature column " + std::to_string(j) + " listed twice");
    p.position[static_cast<std::size_t>(j)] = static_cast<int>(p.features.size());
    p.features.push_back(j);
  }
  p.d = static_cast<int>(p.features.size());
  p.X.resize(p.n, p.d);
  for (int k = 0; k < p.d; ++k) p.X.col(k) = X.col(p.features[static_cast<std::size_t>(k)]);
  require(p.X.allFinite(), "X has a value that is not finite");
  require(y.allFinite(), "y has a value that is not finite");
  p.y = y;

  switch (task) {
    case LpTask::classification: {
      for (int i = 0; i < p.n; ++i)
        require(y[i] == 1.0 || y[i] == -1.0, "classification labels must be -1 or +1 (row " + std::to_string(i) + ")");
      p.n_levels = 2;
      p.n_free = 1;
      p.n_slack = p.n;
      p.rows.resize(static_cast<std::size_t>(p.n));
      for (int i = 0; i < p.n; ++i) {
        DataRow& r = p.rows[static_cast<std::size_t>(i)];
        r.sample = i;
        r.xsign = y[i];
        r.free_index = 0;
        r.free_coef = y[i];
        r.slack[0] = i;
        r.slack_coef[0] = 1.0;
      }
      break;
    }
    case LpTask::regression: {
      p.n_levels = 0;
      p.n_free = 1;
      p.n_slack = 2 * p.n;
      p.rows.resize(static_cast<std::size_t>(p.n));
      for (int i = 0; i < p.n; ++i) {
        DataRow& r = p.rows[static_cast<std::size_t>(i)];
        r.sample = i;
        r.xsign = 1.0;
        r.free_index = 0;
        r.free_coef = 1.0;
        r.slack[0] = 2 * i;  // ξ+ lifts the activity up to y - ε
        r.slack_coef[0] = 1.0;
        r.slack[1] = 2 * i + 1;  // ξ- brings it down to y + ε
        r.slack_coef[1] = -1.0;
      }
      const double mean = y.mean();
      const double sd = std::sqrt((y.array() - mean).square().mean());
      p.lazy_scale = sd > 0.0 ? sd : 1.0;
      break;
    }
    case LpTask::ordinal: {
      int K = 0;
      for (int i = 0; i < p.n; ++i) {
        require(y[i] >= 0.0 && y[i] == std::floor(y[i]) && y[i] < 1e6,
                "ordinal ranks must be integers 0..K-1 (row " + std::to_string(i) + ")");
        K = std::max(K, static_cast<int>(y[i]) + 1);
      }
      require(K >= 2, "ordinal task needs at least 2 levels");
      p.n_levels = K;
      p.n_free = K - 1;
      p.n_order = K - 2;
      for (int i = 0; i < p.n; ++i) {
        const int k = static_cast<int>(y[i]);
        if (k < K - 1) {  // x·w - θ_k - ξ ≤ -1
          DataRow r;
          r.sample = i;
          r.free_index = k;
          r.free_coef = -1.0;
          r.slack[0] = p.n_slack++;
          r.slack_coef[0] = -1.0;
          r.upper_row = true;
          p.rows.push_back(r);
        }
        if (k > 0) {  // x·w - θ_{k-1} + ξ ≥ 1
          DataRow r;
          r.sample = i;
          r.free_index = k - 1;
          r.free_coef = -1.0;
          r.slack[0] = p.n_slack++;
          r.slack_coef[0] = 1.0;
          p.rows.push_back(r);
        }
      }
      break;
    }
  }
  p.slack_row.assign(static_cast<std::size_t>(p.n_slack), -1);
  for (int r = 0; r < p.n_rows(); ++r)
    for (int s : p.rows[static_cast<std::size_t>(r)].slack)
      if (s >= 0) p.slack_row[static_cast<std::size_t>(s)] = r;
  return p;
}

void add_privileged(Problem& p, const LpPrivileged& privileged) {
  const Eigen::MatrixXd& Xp = privileged.X;
  require(Xp.rows() == p.n, "the privileged block has " + std::to_string(Xp.rows()) + " rows for " +
                                std::to_string(p.n) + " samples");
  require(std::isfinite(privileged.gamma) && privileged.gamma > 0.0, "privileged gamma must be finite and > 0");
  require(std::isfinite(privileged.kappa) && privileged.kappa > 0.0, "privileged kappa must be finite and > 0");
  require(!privileged.reference_margin || p.task == LpTask::classification,
          "the reference margin applies to classification only");
  p.d_priv_total = static_cast<int>(Xp.cols());
  p.priv_position.assign(static_cast<std::size_t>(p.d_priv_total), -1);
  p.priv_features.clear();
  for (int j : privileged.features) {
    require(j >= 0 && j < p.d_priv_total, "privileged column " + std::to_string(j) + " outside X*'s " +
                                              std::to_string(p.d_priv_total) + " columns");
    require(p.priv_position[static_cast<std::size_t>(j)] < 0, "privileged column " + std::to_string(j) + " listed twice");
    p.priv_position[static_cast<std::size_t>(j)] = static_cast<int>(p.priv_features.size());
    p.priv_features.push_back(j);
  }
  p.d_priv = static_cast<int>(p.priv_features.size());
  p.Xp.resize(p.n, p.d_priv);
  for (int k = 0; k < p.d_priv; ++k) p.Xp.col(k) = Xp.col(p.priv_features[static_cast<std::size_t>(k)]);
  require(p.Xp.allFinite(), "X* has a value that is not finite");
  p.gamma = privileged.gamma;
  p.kappa = privileged.kappa;
  // Which function accompanies which slack: classification one (beside ξ); regression g⁺ beside ξ⁺ (lifting the
  // activity to y - ε) and g⁻ beside ξ⁻; ordinal g⁰ in the "≥ 1" rows and g¹ in the "≤ -1" rows. Each g enters
  // with its slack's coefficient, so it relaxes the row exactly as the slack does.
  p.n_fun = p.task == LpTask::classification ? 1 : 2;
  for (DataRow& r : p.rows) {
    for (int q = 0; q < 2; ++q) {
      if (r.slack[q] < 0) continue;
      r.gfun[q] = p.task == LpTask::ordinal ? (r.upper_row ? 1 : 0) : q;
      r.g_coef[q] = r.slack_coef[q];
      if (privileged.reference_margin) r.g_coef[q] = p.y[r.sample];  // y_i·g_i (fri 8.1.0)
    }
  }
}

void Problem::row_bounds(int r, double epsilon, bool active, double& lo, double& hi) const {
  if (!active) {
    lo = -kInf;
    hi = kInf;
    return;
  }
  const DataRow& row = rows[static_cast<std::size_t>(r)];
  switch (task) {
    case LpTask::classification:
      lo = 1.0;
      hi = kInf;
      return;
    case LpTask::regression:
      lo = y[row.sample] - epsilon;
      hi = y[row.sample] + epsilon;
      return;
    case LpTask::ordinal:
      if (row.upper_row) {
        lo = -kInf;
        hi = -1.0;
      } else {
        lo = 1.0;
        hi = kInf;
      }
      return;
  }
}

// ---- ClpLp: building -----------------------------------------------------------------------------------

namespace {

// Column-major assembly buffer for loadProblem / addColumns.
struct Columns {
  std::vector<CoinBigIndex> start{0};
  std::vector<int> index;
  std::vector<double> value;
  std::vector<double> lo, hi, cost;
  void push(int row, double v) {
    if (v != 0.0) {
      index.push_back(row);
      value.push_back(v);
    }
  }
  void close(double l, double h) {
    start.push_back(static_cast<CoinBigIndex>(index.size()));
    lo.push_back(l);
    hi.push_back(h);
    cost.push_back(0.0);
  }
  int count() const { return static_cast<int>(lo.size()); }
};

// One probe column (sign +1: z+, -1: z-) over the loaded rows given by model-row order.
void push_probe_column(Columns& c, const Problem& p, const State& s, const std::vector<int>& model_rows_data,
                       int l1_row, double sign) {
  for (std::size_t m = 0; m < model_rows_data.size(); ++m) {
    const int r = model_rows_data[m];
    if (r < 0) continue;
    const DataRow& row = p.rows[static_cast<std::size_t>(r)];
    c.push(static_cast<int>(m), sign * row.xsign * s.probe[row.sample]);
  }
  c.push(l1_row, 1.0);
  c.close(0.0, kInf);
}

}  // namespace

ClpLp::ClpLp() {
  clp_.setLogLevel(0);
  clp_.messageHandler()->setLogLevel(0);
  default_dual_bound_ = clp_.dualBound();
  default_infeasibility_cost_ = clp_.infeasibilityCost();
  default_pivot_tolerance_ = clp_.factorization()->pivotTolerance();
  primal_tolerance_ = clp_.primalTolerance();
  default_special_options_ = clp_.specialOptions();
  default_more_special_options_ = clp_.moreSpecialOptions();
}

void ClpLp::build(const Problem& p, const State& s, const std::vector<int>& data_rows) {
  d_ = p.d;
  n_free_ = p.n_free;
  n_ = p.n;
  n_fun_ = p.n_fun;
  dp_ = p.d_priv;
  gamma_ = p.gamma;
  n_loaded_ = static_cast<int>(data_rows.size());
  row_of_.assign(static_cast<std::size_t>(p.n_rows()), -1);
  slack_col_.assign(static_cast<std::size_t>(p.n_slack), -1);
  std::vector<int> model_row_data;  // model row -> data row (-1 for order and budget rows)
  model_row_data.reserve(data_rows.size() + static_cast<std::size_t>(p.n_order) + 2);
  for (int r : data_rows) {
    row_of_[static_cast<std::size_t>(r)] = static_cast<int>(model_row_data.size());
    model_row_data.push_back(r);
  }
  order_rows_.clear();
  for (int k = 0; k < p.n_order; ++k) {
    order_rows_.push_back(static_cast<int>(model_row_data.size()));
    model_row_data.push_back(-1);
  }
  l1_row_ = static_cast<int>(model_row_data.size());
  model_row_data.push_back(-1);
  loss_row_ = static_cast<int>(model_row_data.size());
  model_row_data.push_back(-1);
  correction_base_ = static_cast<int>(model_row_data.size());
  model_row_data.resize(model_row_data.size() + static_cast<std::size_t>(p.n_correction_rows()), -1);
  const int n_model_rows = static_cast<int>(model_row_data.size());

  Columns c;
  // w+ then w-: the data rows' x coefficients (times the row's sign) and 1 in the L1 row.
  for (int sign = 1; sign >= -1; sign -= 2) {
    for (int k = 0; k < p.d; ++k) {
      for (int m = 0; m < n_loaded_; ++m) {
        const DataRow& row = p.rows[static_cast<std::size_t>(model_row_data[static_cast<std::size_t>(m)])];
        c.push(m, sign * row.xsign * p.X(row.sample, k));
      }
      c.push(l1_row_, 1.0);
      c.close(0.0, kInf);
    }
  }
  // Bias or thresholds, free; ordinal θ_k has +1 in order row k and -1 in order row k-1.
  for (int f = 0; f < p.n_free; ++f) {
    for (int m = 0; m < n_loaded_; ++m) {
      const DataRow& row = p.rows[static_cast<std::size_t>(model_row_data[static_cast<std::size_t>(m)])];
      if (row.free_index == f) c.push(m, row.free_coef);
    }
    if (f >= 1 && f - 1 < p.n_order) c.push(order_rows_[static_cast<std::size_t>(f - 1)], -1.0);
    if (f < p.n_order) c.push(order_rows_[static_cast<std::size_t>(f)], 1.0);
    c.close(-kInf, kInf);
  }
  // Privileged block: per function w*+, w*- (−x* in its correction rows, γ in the L1 row) and b* (free, −1 in
  // its correction rows); then g_{c,i}: the accompanied slack's coefficient in each loaded data row of sample i,
  // κ in the loss row and 1 in its correction row.
  for (int f = 0; f < p.n_fun; ++f) {
    for (int sign = 1; sign >= -1; sign -= 2) {
      for (int k = 0; k < p.d_priv; ++k) {
        c.push(l1_row_, p.gamma);
        for (int i = 0; i < p.n; ++i) c.push(correction_row(f, i), -sign * p.Xp(i, k));
        c.close(0.0, kInf);
      }
    }
    for (int i = 0; i < p.n; ++i) c.push(correction_row(f, i), -1.0);
    c.close(-kInf, kInf);
  }
  if (p.n_fun > 0) {
    std::vector<std::vector<std::pair<int, double>>> g_rows(static_cast<std::size_t>(p.n_correction_rows()));
    for (int m = 0; m < n_loaded_; ++m) {
      const DataRow& row = p.rows[static_cast<std::size_t>(model_row_data[static_cast<std::size_t>(m)])];
      for (int q = 0; q < 2; ++q)
        if (row.gfun[q] >= 0)
          g_rows[static_cast<std::size_t>(row.gfun[q] * p.n + row.sample)].emplace_back(m, row.g_coef[q]);
    }
    for (int f = 0; f < p.n_fun; ++f) {
      for (int i = 0; i < p.n; ++i) {
        for (const auto& [m, v] : g_rows[static_cast<std::size_t>(f * p.n + i)]) c.push(m, v);
        c.push(loss_row_, p.kappa);
        c.push(correction_row(f, i), 1.0);
        c.close(0.0, kInf);
      }
    }
  }
  // Slacks of the loaded rows, each also in the loss row.
  for (int m = 0; m < n_loaded_; ++m) {
    const DataRow& row = p.rows[static_cast<std::size_t>(model_row_data[static_cast<std::size_t>(m)])];
    for (int q = 0; q < 2; ++q) {
      if (row.slack[q] < 0) continue;
      slack_col_[static_cast<std::size_t>(row.slack[q])] = c.count();
      c.push(m, row.slack_coef[q]);
      c.push(loss_row_, 1.0);
      c.close(0.0, kInf);
    }
  }
  probe_col_ = -1;
  if (s.has_probe) {
    probe_col_ = c.count();
    push_probe_column(c, p, s, model_row_data, l1_row_, 1.0);
    push_probe_column(c, p, s, model_row_data, l1_row_, -1.0);
  }
  std::vector<double> row_lo(static_cast<std::size_t>(n_model_rows), -kInf);
  std::vector<double> row_hi(static_cast<std::size_t>(n_model_rows), kInf);
  clp_.loadProblem(c.count(), n_model_rows, c.start.data(), c.index.data(), c.value.data(), c.lo.data(),
                   c.hi.data(), c.cost.data(), row_lo.data(), row_hi.data());
  cost_.assign(static_cast<std::size_t>(c.count()), 0.0);
  // Our data are standardised and the coefficients O(1); scaling would only add a scaled copy to keep in sync.
  clp_.scaling(0);
  clp_.setLogLevel(0);
  clp_.createStatus();
  apply_bounds(p, s);
  base_rows_ = clp_.numberRows();
  base_cols_ = clp_.numberColumns();
  base_row_of_ = row_of_;
  base_slack_col_ = slack_col_;
  added_rows_.clear();
  after_structure_change();
  has_basis_ = false;
}

void ClpLp::mark_base() {
  base_rows_ = clp_.numberRows();
  base_cols_ = clp_.numberColumns();
  base_row_of_ = row_of_;
  base_slack_col_ = slack_col_;
  added_rows_.clear();
}

int ClpLp::add_rows(const Problem& p, const State& s, const std::vector<int>& data_rows) {
  std::vector<int> rows;
  for (int r : data_rows)
    if (row_of_[static_cast<std::size_t>(r)] < 0) rows.push_back(r);
  if (rows.empty()) return 0;
  // The new rows over the existing columns (w±, free, probe); their slacks are added as columns next.
  std::vector<CoinBigIndex> start{0};
  std::vector<int> cols;
  std::vector<double> vals, lo, hi;
  for (int r : rows) {
    const DataRow& row = p.rows[static_cast<std::size_t>(r)];
    for (int k = 0; k < d_; ++k) {
      const double v = row.xsign * p.X(row.sample, k);
      if (v == 0.0) continue;
      cols.push_back(col_wplus(k));
      vals.push_back(v);
      cols.push_back(col_wminus(k));
      vals.push_back(-v);
    }
    cols.push_back(col_free(row.free_index));
    vals.push_back(row.free_coef);
    for (int q = 0; q < 2; ++q) {
      if (row.gfun[q] < 0) continue;
      cols.push_back(col_g(row.gfun[q], row.sample));
      vals.push_back(row.g_coef[q]);
    }
    if (probe_col_ >= 0) {
      const double v = row.xsign * s.probe[row.sample];
      if (v != 0.0) {
        cols.push_back(probe_col_);
        vals.push_back(v);
        cols.push_back(probe_col_ + 1);
        vals.push_back(-v);
      }
    }
    start.push_back(static_cast<CoinBigIndex>(cols.size()));
    double l = 0.0, h = 0.0;
    p.row_bounds(r, s.epsilon, s.active[static_cast<std::size_t>(row.sample)] != 0, l, h);
    lo.push_back(l);
    hi.push_back(h);
  }
  const int first_row = clp_.numberRows();
  // Keep the current basis: CLP resizes the status array; new row logicals start basic.
  clp_.addRows(static_cast<int>(rows.size()), lo.data(), hi.data(), start.data(), cols.data(), vals.data());
  Columns c;
  for (std::size_t q = 0; q < rows.size(); ++q) {
    const int r = rows[q];
    row_of_[static_cast<std::size_t>(r)] = first_row + static_cast<int>(q);
    const DataRow& row = p.rows[static_cast<std::size_t>(r)];
    const bool active = s.active[static_cast<std::size_t>(row.sample)] != 0;
    for (int t = 0; t < 2; ++t) {
      if (row.slack[t] < 0) continue;
      slack_col_[static_cast<std::size_t>(row.slack[t])] = clp_.numberColumns() + c.count();
      c.push(first_row + static_cast<int>(q), row.slack_coef[t]);
      c.push(loss_row_, 1.0);
      c.close(0.0, active ? kInf : 0.0);
    }
  }
  const int first_col = clp_.numberColumns();
  clp_.addColumns(c.count(), c.lo.data(), c.hi.data(), c.cost.data(), c.start.data(), c.index.data(),
                  c.value.data());
  cost_.resize(static_cast<std::size_t>(clp_.numberColumns()), 0.0);
  unsigned char* st = clp_.statusArray();
  const int nc = clp_.numberColumns();
  for (int j = first_col; j < nc; ++j) st[j] = ClpSimplex::atLowerBound;
  for (int m = first_row; m < clp_.numberRows(); ++m) st[nc + m] = ClpSimplex::basic;
  n_loaded_ += static_cast<int>(rows.size());
  added_rows_.insert(added_rows_.end(), rows.begin(), rows.end());
  // The new slacks cost C under a baseline objective. The objective itself is unchanged: the re-solve is a
  // dual simplex (new row logicals basic, new slacks at 0 with non-negative reduced costs).
  const bool objective_changed = objective_changed_;
  set_objective(p, objective_);
  after_structure_change();
  objective_changed_ = objective_changed;
  return static_cast<int>(rows.size());
}

void ClpLp::reset_to_base() {
  if (added_rows_.empty()) return;
  std::vector<int> del_rows, del_cols;
  for (int m = base_rows_; m < clp_.numberRows(); ++m) del_rows.push_back(m);
  for (int j = base_cols_; j < clp_.numberColumns(); ++j) del_cols.push_back(j);
  clp_.deleteColumns(static_cast<int>(del_cols.size()), del_cols.data());
  clp_.deleteRows(static_cast<int>(del_rows.size()), del_rows.data());
  cost_.resize(static_cast<std::size_t>(base_cols_));
  row_of_ = base_row_of_;
  slack_col_ = base_slack_col_;
  n_loaded_ -= static_cast<int>(added_rows_.size());
  added_rows_.clear();
  after_structure_change();
}

// ---- ClpLp: the probe pair -------------------------------------------------------------------------------

void ClpLp::add_probe(const Problem& p, const State& s) {
  if (probe_col_ >= 0) throw std::logic_error("LpSvm: probe column already present");
  reset_to_base();  // the probe pair belongs to the base layout, after it
  std::vector<int> model_row_data(static_cast<std::size_t>(clp_.numberRows()), -1);
  for (int r = 0; r < p.n_rows(); ++r)
    if (row_of_[static_cast<std::size_t>(r)] >= 0)
      model_row_data[static_cast<std::size_t>(row_of_[static_cast<std::size_t>(r)])] = r;
  Columns c;
  push_probe_column(c, p, s, model_row_data, l1_row_, 1.0);
  push_probe_column(c, p, s, model_row_data, l1_row_, -1.0);
  probe_col_ = clp_.numberColumns();
  clp_.addColumns(2, c.lo.data(), c.hi.data(), c.cost.data(), c.start.data(), c.index.data(), c.value.data());
  cost_.resize(static_cast<std::size_t>(clp_.numberColumns()), 0.0);
  unsigned char* st = clp_.statusArray();
  st[probe_col_] = ClpSimplex::atLowerBound;
  st[probe_col_ + 1] = ClpSimplex::atLowerBound;
  base_cols_ = clp_.numberColumns();
  after_structure_change();
}

void ClpLp::replace_probe(const Problem& p, const State& s) {
  if (probe_col_ < 0) throw std::logic_error("LpSvm: no probe column to replace");
  reset_to_base();
  // In place: write the new coefficients into CLP's column-major matrix when every loaded row keeps a
  // non-zero entry (a permuted standardised column has no zeros unless the column has values at its mean).
  CoinPackedMatrix* m = clp_.matrix();
  const CoinBigIndex* starts = m->getVectorStarts();
  const int* lengths = m->getVectorLengths();
  const int* index = m->getIndices();
  double* elem = m->getMutableElements();
  std::vector<int> model_row_data(static_cast<std::size_t>(clp_.numberRows()), -1);
  for (int r = 0; r < p.n_rows(); ++r)
    if (row_of_[static_cast<std::size_t>(r)] >= 0)
      model_row_data[static_cast<std::size_t>(row_of_[static_cast<std::size_t>(r)])] = r;
  bool in_place = true;
  for (int t = 0; t < 2 && in_place; ++t) {
    const int col = probe_col_ + t;
    if (lengths[col] != n_loaded_ + 1) in_place = false;
    for (CoinBigIndex k = starts[col]; in_place && k < starts[col] + lengths[col]; ++k) {
      const int r = model_row_data[static_cast<std::size_t>(index[k])];
      if (r >= 0) {
        const DataRow& row = p.rows[static_cast<std::size_t>(r)];
        if (s.probe[row.sample] == 0.0) in_place = false;
      }
    }
  }
  if (in_place) {
    for (int t = 0; t < 2; ++t) {
      const int col = probe_col_ + t;
      const double sign = t == 0 ? 1.0 : -1.0;
      for (CoinBigIndex k = starts[col]; k < starts[col] + lengths[col]; ++k) {
        const int r = model_row_data[static_cast<std::size_t>(index[k])];
        if (r < 0) continue;  // the L1 row keeps its 1
        const DataRow& row = p.rows[static_cast<std::size_t>(r)];
        elem[k] = sign * row.xsign * s.probe[row.sample];
      }
    }
    // CLP keeps derived copies of the matrix (row copy, scaled copy): drop them and say everything changed.
    clp_.setNewRowCopy(nullptr);
    clp_.setClpScaledMatrix(nullptr);
    unsigned char* st = clp_.statusArray();
    st[probe_col_] = ClpSimplex::atLowerBound;
    st[probe_col_ + 1] = ClpSimplex::atLowerBound;
    set_col_bounds(probe_col_, 0.0, kInf);
    set_col_bounds(probe_col_ + 1, 0.0, kInf);
    after_structure_change();
    return;
  }
  remove_probe();
  add_probe(p, s);
}

void ClpLp::remove_probe() {
  if (probe_col_ < 0) throw std::logic_error("LpSvm: no probe column to remove");
  reset_to_base();
  const int which[2] = {probe_col_, probe_col_ + 1};
  clp_.deleteColumns(2, which);
  cost_.erase(cost_.begin() + probe_col_, cost_.begin() + probe_col_ + 2);
  for (int& c : slack_col_)
    if (c > probe_col_) c -= 2;
  for (int& c : base_slack_col_)
    if (c > probe_col_) c -= 2;
  if (base_cols_ > probe_col_) base_cols_ -= 2;
  probe_col_ = -1;
  after_structure_change();
}

void ClpLp::after_structure_change() {
  structure_changed_ = true;
  basis_changed_ = true;
  objective_changed_ = true;
  bounds_changed_ = true;
  clp_.setWhatsChanged(0);
}

}  // namespace featrel::lp_detail
