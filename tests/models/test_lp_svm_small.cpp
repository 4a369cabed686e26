// featrel::LpSvm on LPs small enough to solve by hand: 1-D separable classification, an ε-tube regression, ordinal
// thresholds kept in order by the order rows; prediction helpers; status handling (SolverError naming the LP,
// infeasibility reported by try_bound/feasible); argument checks.
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "featrel/error.hpp"
#include "featrel/lp_svm.hpp"

namespace {

using featrel::LpBasis;
using featrel::LpSense;
using featrel::LpStatus;
using featrel::LpSvm;
using featrel::LpTask;

Eigen::MatrixXd column(std::initializer_list<double> v) {
  Eigen::MatrixXd X(static_cast<Eigen::Index>(v.size()), 1);
  Eigen::Index i = 0;
  for (double x : v) X(i++, 0) = x;
  return X;
}

Eigen::VectorXd vec(std::initializer_list<double> v) {
  Eigen::VectorXd y(static_cast<Eigen::Index>(v.size()));
  Eigen::Index i = 0;
  for (double x : v) y[i++] = x;
  return y;
}

// x = -2, -1, 1, 2 with labels -1, -1, +1, +1. For C > 1/2 the optimum is the hard margin w = 1, b = 0 (cost 1):
// lowering w to t < 1 costs 2C(1 - t) in slack at x = ±1. For C < 1/6 the constant model wins: w = 0, cost 4C.
TEST(LpSvmSmall, SeparableOneDimensionalClassification) {
  const Eigen::MatrixXd X = column({-2, -1, 1, 2});
  const Eigen::VectorXd y = vec({-1, -1, 1, 1});
  LpSvm lp(X, y, LpTask::classification, {0});
  const featrel::LpModelFit f = lp.fit_baseline(1.0);
  ASSERT_TRUE(f.solve.optimal);
  EXPECT_NEAR(f.w[0], 1.0, 1e-12);
  EXPECT_NEAR(f.bias, 0.0, 1e-12);
  EXPECT_NEAR(f.l1_norm, 1.0, 1e-12);
  EXPECT_NEAR(f.loss, 0.0, 1e-12);
  EXPECT_NEAR(f.solve.objective, 1.0, 1e-12);
  EXPECT_FALSE(f.solve.warm);  // first solve: from the all-slack basis

  // Between 1/6 and 1/2 the optimum is w = 1/2 (points ±2 exactly on the margin), cost 1/2 + C.
  const featrel::LpModelFit g = lp.fit_baseline(0.3);
  EXPECT_NEAR(g.w[0], 0.5, 1e-12);
  EXPECT_NEAR(g.loss, 1.0, 1e-12);
  EXPECT_NEAR(g.solve.objective, 0.5 + 0.3, 1e-12);
  EXPECT_TRUE(g.solve.warm);
  const featrel::LpModelFit h = lp.fit_baseline(0.1);
  EXPECT_NEAR(h.w[0], 0.0, 1e-12);
  EXPECT_NEAR(h.solve.objective, 0.4, 1e-12);

  // Model class at C = 1 with μ = 1, ρ = 0: the single point w = 1.
  lp.fit_baseline(1.0);
  const LpBasis start = lp.save_basis();
  lp.set_budget(1.0, 0.0);
  EXPECT_NEAR(lp.bound(0, LpSense::minimize, start).objective, 1.0, 1e-9);
  EXPECT_NEAR(lp.bound(0, LpSense::maximize, start).objective, 1.0, 1e-9);
  // μ = 1.5: w ranges over [1, 1.5] (the margin needs w ≥ 1 without slack).
  lp.set_budget(1.5, 0.0);
  EXPECT_NEAR(lp.bound(0, LpSense::minimize, start).objective, 1.0, 1e-9);
  EXPECT_NEAR(lp.bound(0, LpSense::maximize, start).objective, 1.5, 1e-9);
  // ρ = 0.5 buys w down to 0.75: slack 1 - w at each of x = ±1.
  lp.set_budget(1.5, 0.5);
  EXPECT_NEAR(lp.bound(0, LpSense::minimize, start).objective, 0.75, 1e-9);
}

// x = -1, 0, 1, y = 2x, ε = 0.5: the tube needs w ≥ 1.5 + |b|, so with C = 10 the optimum is w = 1.5, b = 0,
// no loss. Under μ = 1.5(1 + δ) the weight ranges over [1.5, μ].
TEST(LpSvmSmall, RegressionTube) {
  const Eigen::MatrixXd X = column({-1, 0, 1});
  const Eigen::VectorXd y = vec({-2, 0, 2});
  LpSvm lp(X, y, LpTask::regression, {0}, 0.5);
  const featrel::LpModelFit f = lp.fit_baseline(10.0);
  EXPECT_NEAR(f.w[0], 1.5, 1e-12);
  EXPECT_NEAR(f.bias, 0.0, 1e-12);
  EXPECT_NEAR(f.loss, 0.0, 1e-12);
  const LpBasis start = lp.save_basis();
  lp.set_budget(1.5 * 1.001, 0.0);
  EXPECT_NEAR(lp.bound(0, LpSense::minimize, start).objective, 1.5, 1e-9);
  EXPECT_NEAR(lp.bound(0, LpSense::maximize, start).objective, 1.5015, 1e-9);

  // ε = 0: the line through the points, w = 2; then ε = 2.5 (every point inside a flat tube): w = 0.
  lp.set_epsilon(0.0);
  EXPECT_NEAR(lp.fit_baseline(10.0).w[0], 2.0, 1e-12);
  lp.set_epsilon(2.5);
  const featrel::LpModelFit g = lp.fit_baseline(10.0);
  EXPECT_NEAR(g.w[0], 0.0, 1e-12);
  EXPECT_NEAR(g.loss, 0.0, 1e-12);
  // Small C: a slack costs less than weight: w = 0 and the loss is the distance to the tube.
  lp.set_epsilon(0.5);
  const featrel::LpModelFit h = lp.fit_baseline(0.1);
  EXPECT_NEAR(h.w[0], 0.0, 1e-12);
  EXPECT_NEAR(h.loss, 3.0, 1e-12);  // |±2 - b| - 0.5 summed at b = 0: 1.5 + 1.5
  EXPECT_EQ(lp.n_levels(), 0);
}

// Levels 0 and 2 only (K = 3, the middle level empty): without the order row θ_0 ≤ θ_1 the LP would take w = 0,
// θ_0 = 1, θ_1 = -1 at no cost. With it the data must be separated by a margin of 2 between x = -0.5 and 0.5:
// w = 2, θ_0 = θ_1 = 0.
TEST(LpSvmSmall, OrdinalOrderRowsKeepThresholdsOrdered) {
  const Eigen::MatrixXd X = column({-1, -0.5, 0.5, 1});
  const Eigen::VectorXd y = vec({0, 0, 2, 2});
  LpSvm lp(X, y, LpTask::ordinal, {0});
  EXPECT_EQ(lp.n_levels(), 3);
  const featrel::LpModelFit f = lp.fit_baseline(10.0);
  ASSERT_EQ(f.thresholds.size(), 2u);
  EXPECT_NEAR(f.w[0], 2.0, 1e-12);
  EXPECT_NEAR(f.thresholds[0], 0.0, 1e-12);
  EXPECT_NEAR(f.thresholds[1], 0.0, 1e-12);
  EXPECT_NEAR(f.loss, 0.0, 1e-12);
  EXPECT_LE(f.thresholds[0], f.thresholds[1]);
}

// Three separable levels: x at -2, -1.5 (level 0), 0, 0.2 (level 1), 2, 2.5 (level 2). The gap 1.5 between
// levels 0 and 1 needs w ≥ 4/3, the gap 1.8 needs w ≥ 10/9: w = 4/3 with θ_0 = -1 and θ_1 ∈ [1.2667, 1.6667].
TEST(LpSvmSmall, OrdinalThreeLevels) {
  const Eigen::MatrixXd X = column({-2, -1.5, 0, 0.2, 2, 2.5});
  const Eigen::VectorXd y = vec({0, 0, 1, 1, 2, 2});
  LpSvm lp(X, y, LpTask::ordinal, {0});
  const featrel::LpModelFit f = lp.fit_baseline(10.0);
  EXPECT_NEAR(f.w[0], 4.0 / 3.0, 1e-12);
  EXPECT_NEAR(f.thresholds[0], -1.0, 1e-12);
  EXPECT_GE(f.thresholds[1], 0.2 * 4.0 / 3.0 + 1.0 - 1e-12);
  EXPECT_LE(f.thresholds[1], 2.0 * 4.0 / 3.0 - 1.0 + 1e-12);
  const std::vector<int> all = {0, 1, 2, 3, 4, 5};
  EXPECT_EQ(lp.predict_labels(f, all), (std::vector<int>{0, 0, 1, 1, 2, 2}));
  const Eigen::VectorXd dv = lp.decision_values(f, all);
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(dv[i], X(i, 0) * f.w[0], 1e-15);  // no bias for ordinal
}

TEST(LpSvmSmall, DecisionValuesAndLabels) {
  Eigen::MatrixXd X(4, 3);
  X << 1, 9, -2,  //
      2, 9, -1,   //
      -1, 9, 1,   //
      -2, 9, 2;
  const Eigen::VectorXd y = vec({1, 1, -1, -1});
  LpSvm lp(X, y, LpTask::classification, {0, 2});  // column 1 is constant: left out
  const featrel::LpModelFit f = lp.fit_baseline(10.0);
  ASSERT_EQ(f.w.size(), 3);
  EXPECT_EQ(f.w[1], 0.0);
  const std::vector<int> rows = {3, 0};
  const Eigen::VectorXd dv = lp.decision_values(f, rows);
  EXPECT_NEAR(dv[0], X(3, 0) * f.w[0] + X(3, 2) * f.w[2] + f.bias, 1e-14);
  EXPECT_NEAR(dv[1], X(0, 0) * f.w[0] + X(0, 2) * f.w[2] + f.bias, 1e-14);
  EXPECT_EQ(lp.predict_labels(f, rows), (std::vector<int>{-1, 1}));
  EXPECT_THROW(lp.bound(1, LpSense::minimize, lp.save_basis()), std::invalid_argument);  // not an LP feature
}

// μ below the smallest L1 norm that separates the data with ρ = 0: the bound LP is infeasible. bound() throws
// SolverError naming the LP, CLP's status and the iterations; try_bound() and feasible() report it.
TEST(LpSvmSmall, InfeasibleClassIsASolverErrorOrAReport) {
  const Eigen::MatrixXd X = column({-2, -1, 1, 2});
  const Eigen::VectorXd y = vec({-1, -1, 1, 1});
  LpSvm lp(X, y, LpTask::classification, {0});
  lp.fit_baseline(1.0);
  const LpBasis start = lp.save_basis();
  lp.set_budget(0.5, 0.0);  // separation without slack needs |w| ≥ 1
  try {
    lp.bound(0, LpSense::maximize, start);
    FAIL() << "expected SolverError";
  } catch (const featrel::SolverError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("bound LP max w[0]"), std::string::npos) << msg;
    EXPECT_NE(msg.find("CLP status 1 (primal infeasible)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("secondary status"), std::string::npos) << msg;
    EXPECT_NE(msg.find("iterations"), std::string::npos) << msg;
  }
  const featrel::LpSolve r = lp.try_bound(0, LpSense::minimize, start);
  EXPECT_FALSE(r.optimal);
  EXPECT_EQ(r.status, LpStatus::primal_infeasible);
  EXPECT_EQ(r.clp_status, 1);
  EXPECT_TRUE(r.retried);
  EXPECT_FALSE(lp.feasible(start));
  EXPECT_GE(lp.counters().retries, 3);
  // Relaxing the budget makes it feasible again, from the same basis.
  lp.set_budget(1.0, 0.0);
  EXPECT_TRUE(lp.feasible(start));
  EXPECT_TRUE(lp.try_bound(0, LpSense::minimize, start).optimal);
}

// Pins are column bounds on w+ and w-: the signed weight lands in [lo, hi] whatever the sign pattern.
TEST(LpSvmSmall, PinsAreColumnBounds) {
  const Eigen::MatrixXd X = column({-2, -1, 1, 2});
  const Eigen::VectorXd y = vec({-1, -1, 1, 1});
  LpSvm lp(X, y, LpTask::classification, {0});
  lp.fit_baseline(1.0);
  const LpBasis start = lp.save_basis();
  lp.set_budget(3.0, 10.0);
  EXPECT_NEAR(lp.bound(0, LpSense::maximize, start).objective, 3.0, 1e-9);
  // A negative weight -t needs total slack 4 + 6t (b cancels): ρ = 10 allows t ≤ 1.
  EXPECT_NEAR(lp.bound(0, LpSense::minimize, start).objective, -1.0, 1e-9);
  lp.pin_feature(0, -0.5, 2.0);
  EXPECT_NEAR(lp.bound(0, LpSense::maximize, start).objective, 2.0, 1e-9);
  EXPECT_NEAR(lp.bound(0, LpSense::minimize, start).objective, -0.5, 1e-9);
  lp.pin_magnitude(0, 0.25, 0.75, -1);  // w ∈ [-0.75, -0.25]
  EXPECT_NEAR(lp.bound(0, LpSense::maximize, start).objective, -0.25, 1e-9);
  EXPECT_NEAR(lp.bound(0, LpSense::minimize, start).objective, -0.75, 1e-9);
  lp.pin_feature(0, 1.25, 1.25);
  EXPECT_NEAR(lp.bound(0, LpSense::minimize, start).objective, 1.25, 1e-9);
  EXPECT_NEAR(lp.bound(0, LpSense::maximize, start).objective, 1.25, 1e-9);
  lp.unpin_feature(0);
  const featrel::LpSolve top = lp.bound(0, LpSense::maximize, start);
  EXPECT_NEAR(top.objective, 3.0, 1e-9);
  // solution(): the point that attains the bound, a member of the class.
  const featrel::LpModelFit at = lp.solution();
  EXPECT_EQ(at.w[0], top.objective);
  EXPECT_LE(at.l1_norm, 3.0 + 1e-9);
  EXPECT_LE(at.loss, 10.0 + 1e-9);
  EXPECT_TRUE(at.solve.optimal);
  EXPECT_THROW(lp.pin_feature(0, 1.0, 0.5), std::invalid_argument);
  EXPECT_THROW(lp.pin_magnitude(0, -1.0, 0.5, 1), std::invalid_argument);
  EXPECT_THROW(lp.pin_magnitude(0, 0.0, 0.5, 0), std::invalid_argument);
}

TEST(LpSvmSmall, CountersAddUp) {
  featrel::LpCounters a, b;
  a.lp_solves = 2;
  a.simplex_iterations = 10;
  b.lp_solves = 3;
  b.lazy_rows_added = 4;
  b.retries = 1;
  a += b;
  EXPECT_EQ(a.lp_solves, 5);
  EXPECT_EQ(a.simplex_iterations, 10);
  EXPECT_EQ(a.lazy_rows_added, 4);
  EXPECT_EQ(a.retries, 1);
  EXPECT_EQ(featrel::to_string(LpStatus::primal_infeasible), "primal infeasible");
  EXPECT_EQ(featrel::to_string(LpSense::maximize), "max");
  EXPECT_EQ(featrel::to_string(LpTask::ordinal), "ordinal");
}

TEST(LpSvmSmall, ArgumentChecks) {
  const Eigen::MatrixXd X = column({-2, -1, 1, 2});
  EXPECT_THROW(LpSvm(X, vec({-1, 0, 1, 1}), LpTask::classification, {0}), std::invalid_argument);
  EXPECT_THROW(LpSvm(X, vec({-1, 1, 1}), LpTask::classification, {0}), std::invalid_argument);
  EXPECT_THROW(LpSvm(X, vec({-1, -1, 1, 1}), LpTask::classification, {1}), std::invalid_argument);
  EXPECT_THROW(LpSvm(X, vec({-1, -1, 1, 1}), LpTask::classification, {0, 0}), std::invalid_argument);
  EXPECT_THROW(LpSvm(X, vec({0, 0, 0, 0}), LpTask::ordinal, {0}), std::invalid_argument);
  EXPECT_THROW(LpSvm(X, vec({0, 0.5, 1, 1}), LpTask::ordinal, {0}), std::invalid_argument);
  EXPECT_THROW(LpSvm(X, vec({0, 1, 2, 3}), LpTask::regression, {0}, -0.1), std::invalid_argument);
  Eigen::MatrixXd bad = X;
  bad(2, 0) = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(LpSvm(bad, vec({-1, -1, 1, 1}), LpTask::classification, {0}), std::invalid_argument);

  LpSvm lp(X, vec({-1, -1, 1, 1}), LpTask::classification, {0});
  EXPECT_THROW(lp.fit_baseline(0.0), std::invalid_argument);
  EXPECT_THROW(lp.fit_baseline(-1.0), std::invalid_argument);
  EXPECT_THROW(lp.set_epsilon(0.1), std::invalid_argument);
  EXPECT_THROW(lp.set_budget(-1.0, 1.0), std::invalid_argument);
  // Without the budget rows a bound LP is unbounded (slack pays for any weight): a SolverError, cold or warm.
  EXPECT_THROW(lp.bound(0, LpSense::minimize, LpBasis{}), featrel::SolverError);
  lp.fit_baseline(1.0);
  try {
    lp.bound(0, LpSense::maximize, lp.save_basis());
    ADD_FAILURE() << "expected SolverError";
  } catch (const featrel::SolverError& e) {
    EXPECT_NE(std::string(e.what()).find("dual infeasible"), std::string::npos) << e.what();
  }
  const std::vector<int> out_of_range = {4};
  EXPECT_THROW(lp.set_active_samples(out_of_range), std::invalid_argument);
  EXPECT_THROW(lp.bound_probe(LpSense::minimize, lp.save_basis()), std::invalid_argument);
  EXPECT_THROW(lp.remove_probe_column(), std::invalid_argument);
  const std::vector<double> short_probe = {1.0, 2.0};
  EXPECT_THROW(lp.append_probe_column(short_probe), std::invalid_argument);
  // No features at all: the constant model (bias and slacks only) still solves.
  LpSvm none(X, vec({-1, -1, 1, 1}), LpTask::classification, {});
  const featrel::LpModelFit c = none.fit_baseline(1.0);
  EXPECT_TRUE(c.solve.optimal);
  EXPECT_EQ(c.l1_norm, 0.0);
  EXPECT_NEAR(c.loss, 4.0, 1e-12);  // any b in [-1, 1]: slacks 1 - b and 1 + b per pair
  LpSvm reg(X, vec({0, 1, 2, 3}), LpTask::regression, {0});
  const featrel::LpModelFit f = reg.fit_baseline(1.0);
  const std::vector<int> rows = {0};
  EXPECT_THROW(reg.predict_labels(f, rows), std::invalid_argument);
}

// Held-out samples are free rows with their slacks fixed at 0: the loss counts training rows only.
TEST(LpSvmSmall, HeldOutRowsDoNotCount) {
  const Eigen::MatrixXd X = column({-2, -1, 1, 2, 1.5});
  const Eigen::VectorXd y = vec({-1, -1, 1, 1, -1});  // the last sample is mislabelled
  LpSvm lp(X, y, LpTask::classification, {0});
  const featrel::LpModelFit all = lp.fit_baseline(1.0);
  EXPECT_GT(all.loss, 0.5);
  const std::vector<int> train = {0, 1, 2, 3};
  lp.set_active_samples(train);
  const featrel::LpModelFit f = lp.fit_baseline(1.0);
  EXPECT_NEAR(f.w[0], 1.0, 1e-12);
  EXPECT_NEAR(f.loss, 0.0, 1e-12);
  lp.activate_all_samples();
  const featrel::LpModelFit again = lp.fit_baseline(1.0);
  EXPECT_NEAR(again.solve.objective, all.solve.objective, 1e-12);
}

}  // namespace
