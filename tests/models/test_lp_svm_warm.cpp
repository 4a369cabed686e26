// featrel::LpSvm invariants on generated data, for all three tasks: warm-started, lazy and cold solves reach the
// same optimum; one LP switched between folds equals LPs built on the training rows; probe append, replace
// and remove equal LPs built with that column from scratch; pins at the baseline keep it feasible; results do
// not depend on task order, on which instance solves, or on threads; the counters count.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <thread>
#include <vector>

#include "featrel/error.hpp"
#include "featrel/lp_svm.hpp"
#include "test_lp_svm_data.hpp"

namespace {

using featrel::LpBasis;
using featrel::LpModelFit;
using featrel::LpSense;
using featrel::LpSvm;
using featrel::LpSvmOptions;
using featrel::LpTask;

constexpr double kDelta = 0.001;

struct Case {
  LpTask task;
  double C;
  double epsilon;
};

class LpSvmWarm : public ::testing::TestWithParam<Case> {
 protected:
  lp_test::Data data(int n = 150, int d = 10, std::uint64_t seed = 1) const {
    return lp_test::generate(n, d, 3, 3, seed, GetParam().task);
  }
  LpSvm make(const lp_test::Data& dt, bool lazy = true, double margin = 0.5) const {
    LpSvmOptions o;
    o.lazy_rows = lazy;
    o.lazy_margin = margin;
    return LpSvm(dt.X, dt.y, GetParam().task, lp_test::iota(static_cast<int>(dt.X.cols())), GetParam().epsilon, o);
  }
  // Baseline, budget (with the loss floor), and every feature's [min, max].
  static std::vector<double> all_bounds(LpSvm& lp, const LpBasis& start) {
    std::vector<double> v;
    for (int j : lp.features())
      for (LpSense s : {LpSense::minimize, LpSense::maximize}) v.push_back(lp.bound(j, s, start).objective);
    return v;
  }
  static void set_class(LpSvm& lp, const LpModelFit& base) {
    lp.set_budget((1 + kDelta) * base.l1_norm, std::max((1 + kDelta) * base.loss, 0.01));
  }
};

TEST_P(LpSvmWarm, WarmLazyAndColdReachTheSameOptimum) {
  const lp_test::Data dt = data();
  LpSvm lp = make(dt, false);
  const LpModelFit base = lp.fit_baseline(GetParam().C);
  const LpBasis start = lp.save_basis();
  set_class(lp, base);
  for (int j : lp.features()) {
    for (LpSense s : {LpSense::minimize, LpSense::maximize}) {
      lp.set_lazy_rows(false);
      const double cold = lp.bound(j, s, LpBasis{}).objective;
      const double warm = lp.bound(j, s, start).objective;
      lp.set_lazy_rows(true);
      const double lazy = lp.bound(j, s, start).objective;
      EXPECT_NEAR(warm, cold, 1e-9) << "feature " << j << " " << featrel::to_string(s);
      EXPECT_NEAR(lazy, cold, 1e-9) << "feature " << j << " " << featrel::to_string(s);
    }
  }
  // The baseline itself: a cold fit on a fresh LP and a lazy refit from the saved basis agree with it.
  LpSvm fresh = make(dt, false);
  EXPECT_NEAR(fresh.fit_baseline(GetParam().C).solve.objective, base.solve.objective, 1e-9);
  LpSvm lazy = make(dt, true);
  lazy.fit_baseline(GetParam().C * 0.5);
  const LpBasis other = lazy.save_basis();
  const LpModelFit refit = lazy.fit_baseline(GetParam().C, other);
  EXPECT_NEAR(refit.solve.objective, base.solve.objective, 1e-9);
  EXPECT_NEAR(refit.l1_norm, base.l1_norm, 1e-7);
  EXPECT_NEAR(refit.loss, base.loss, 1e-7);
}

// A small lazy margin leaves out rows the bound LPs need: they are added back and the answer is unchanged.
TEST_P(LpSvmWarm, LazyRowsAddedBackAreExact) {
  const lp_test::Data dt = data();
  LpSvm full = make(dt, false);
  const LpModelFit base = full.fit_baseline(GetParam().C);
  const LpBasis start = full.save_basis();
  full.set_budget((1 + 0.1) * base.l1_norm, std::max((1 + 0.1) * base.loss, 0.01));
  const std::vector<double> expected = all_bounds(full, start);
  LpSvm lazy = make(dt, true, 0.0);
  const LpModelFit base2 = lazy.fit_baseline(GetParam().C);
  EXPECT_NEAR(base2.solve.objective, base.solve.objective, 1e-12);
  lazy.set_budget((1 + 0.1) * base2.l1_norm, std::max((1 + 0.1) * base2.loss, 0.01));
  const std::vector<double> got = all_bounds(lazy, lazy.save_basis());
  for (std::size_t k = 0; k < got.size(); ++k) EXPECT_NEAR(got[k], expected[k], 1e-9) << k;
  EXPECT_GT(lazy.counters().lazy_rows_added, 0);
  EXPECT_GT(lazy.counters().lazy_resolves, 0);
}

TEST_P(LpSvmWarm, FoldsEqualLpsBuiltOnTheTrainingRows) {
  const lp_test::Data dt = data(120, 8, 2);
  LpSvm lp = make(dt, true);
  const int n = static_cast<int>(dt.X.rows());
  const std::vector<double> grid = {0.01, 0.1, 1.0, 10.0};
  LpBasis fold_start = lp.save_basis();
  // A second LP walks the same path lazily: each C from the previous C's basis on its working set.
  LpSvm lazy_path = make(dt, true, 0.25);
  LpBasis lazy_prev;
  for (int fold = 0; fold < 3; ++fold) {
    std::vector<int> train;
    for (int i = 0; i < n; ++i)
      if (i % 3 != fold) train.push_back(i);
    lp.set_active_samples(train);
    lazy_path.set_active_samples(train);
    Eigen::MatrixXd Xt(static_cast<Eigen::Index>(train.size()), dt.X.cols());
    Eigen::VectorXd yt(static_cast<Eigen::Index>(train.size()));
    for (std::size_t q = 0; q < train.size(); ++q) {
      Xt.row(static_cast<Eigen::Index>(q)) = dt.X.row(train[q]);
      yt[static_cast<Eigen::Index>(q)] = dt.y[train[q]];
    }
    if (GetParam().task == LpTask::ordinal) {
      // Every level keeps training rows (levels are spread over i % 3), so K is the same.
      ASSERT_EQ(static_cast<int>(yt.maxCoeff()), 2);
    }
    LpSvm ref(Xt, yt, GetParam().task, lp_test::iota(static_cast<int>(dt.X.cols())), GetParam().epsilon);
    // The C path: the first C from the previous fold's first basis (dual warm start after the row-bound
    // change), then ascending C each from the previous one (primal, objective change only).
    for (std::size_t c = 0; c < grid.size(); ++c) {
      if (c == 0 && fold > 0) lp.restore_basis(fold_start);
      const LpModelFit f = lp.fit_baseline(grid[c]);
      if (c == 0) fold_start = lp.save_basis();
      const LpModelFit g = ref.fit_baseline(grid[c]);
      const LpModelFit h = lazy_prev.empty() ? lazy_path.fit_baseline(grid[c]) : lazy_path.fit_baseline(grid[c], lazy_prev);
      lazy_prev = lazy_path.save_basis();
      EXPECT_NEAR(h.solve.objective, g.solve.objective, 1e-9) << "lazy, fold " << fold << " C " << grid[c];
      ASSERT_TRUE(f.solve.optimal);
      EXPECT_NEAR(f.solve.objective, g.solve.objective, 1e-9) << "fold " << fold << " C " << grid[c];
      EXPECT_NEAR(f.loss, g.loss, 1e-7) << "fold " << fold << " C " << grid[c];
      EXPECT_NEAR(f.l1_norm, g.l1_norm, 1e-7) << "fold " << fold << " C " << grid[c];
      EXPECT_EQ(f.solve.warm, !(fold == 0 && c == 0));
      // Held-out predictions use the fold's model.
      std::vector<int> held;
      for (int i = 0; i < n; ++i)
        if (i % 3 == fold) held.push_back(i);
      const Eigen::VectorXd dv = lp.decision_values(f, held);
      ASSERT_EQ(dv.size(), static_cast<Eigen::Index>(held.size()));
    }
  }
  lp.activate_all_samples();
  LpSvm ref_all = make(dt, false);
  EXPECT_NEAR(lp.fit_baseline(1.0).solve.objective, ref_all.fit_baseline(1.0).solve.objective, 1e-9);
}

// Probe column: appended, refitted from the baseline basis, bounded; then overwritten and removed. Each state
// equals an LP built from scratch on [X | z].
TEST_P(LpSvmWarm, ProbeAppendReplaceRemoveEqualFreshLps) {
  const lp_test::Data dt = data(140, 8, 3);
  const int n = static_cast<int>(dt.X.rows());
  const int d = static_cast<int>(dt.X.cols());
  auto probe_of = [&](int source, std::uint64_t seed) {
    featrel::rng::Rng g(seed);
    const std::vector<std::size_t> perm = g.permutation(static_cast<std::size_t>(n));
    std::vector<double> z(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) z[static_cast<std::size_t>(i)] = dt.X(static_cast<Eigen::Index>(perm[static_cast<std::size_t>(i)]), source);
    return z;
  };
  // The answer on [X | z] built from scratch: baseline N, L and the probe column's bounds.
  auto fresh = [&](const std::vector<double>& z, double& N, double& L) {
    Eigen::MatrixXd Xz(n, d + 1);
    Xz.leftCols(d) = dt.X;
    for (int i = 0; i < n; ++i) Xz(i, d) = z[static_cast<std::size_t>(i)];
    LpSvm ref(Xz, dt.y, GetParam().task, lp_test::iota(d + 1), GetParam().epsilon, LpSvmOptions{false});
    const LpModelFit b = ref.fit_baseline(GetParam().C);
    N = b.l1_norm;
    L = b.loss;
    const LpBasis s = ref.save_basis();
    set_class(ref, b);
    return std::vector<double>{ref.bound(d, LpSense::minimize, s).objective, ref.bound(d, LpSense::maximize, s).objective,
                               ref.bound(0, LpSense::minimize, s).objective, ref.bound(0, LpSense::maximize, s).objective};
  };
  LpSvm lp = make(dt, true);
  const LpModelFit base = lp.fit_baseline(GetParam().C);
  const LpBasis base_basis = lp.save_basis();
  set_class(lp, base);
  const std::vector<double> plain = all_bounds(lp, base_basis);

  auto check = [&](const std::vector<double>& z) {
    double N = 0, L = 0;
    const std::vector<double> expected = fresh(z, N, L);
    const LpModelFit refit = lp.fit_baseline(GetParam().C, base_basis);  // probe at 0: the baseline is feasible
    EXPECT_NEAR(refit.l1_norm, N, 1e-7);
    EXPECT_NEAR(refit.loss, L, 1e-7);
    const LpBasis probe_basis = lp.save_basis();
    EXPECT_TRUE(probe_basis.has_probe());
    set_class(lp, refit);
    EXPECT_NEAR(lp.bound_probe(LpSense::minimize, probe_basis).objective, expected[0], 1e-8);
    EXPECT_NEAR(lp.bound_probe(LpSense::maximize, probe_basis).objective, expected[1], 1e-8);
    EXPECT_NEAR(lp.bound(0, LpSense::minimize, probe_basis).objective, expected[2], 1e-8);
    EXPECT_NEAR(lp.bound(0, LpSense::maximize, probe_basis).objective, expected[3], 1e-8);
  };
  std::vector<double> z1 = probe_of(0, 11);
  lp.append_probe_column(z1);
  EXPECT_TRUE(lp.has_probe());
  check(z1);
  std::vector<double> z2 = probe_of(1, 12);
  lp.replace_probe_column(z2);  // in place
  check(z2);
  std::vector<double> z3 = probe_of(2, 13);
  z3[5] = 0.0;  // a zero changes the column's pattern: replaced by delete + add
  lp.replace_probe_column(z3);
  check(z3);
  lp.remove_probe_column();
  EXPECT_FALSE(lp.has_probe());
  // Back to the original LP: the same bounds from the same baseline basis.
  set_class(lp, base);
  const std::vector<double> again = all_bounds(lp, base_basis);
  for (std::size_t k = 0; k < plain.size(); ++k) EXPECT_NEAR(again[k], plain[k], 1e-9) << k;
  // Delete + add instead of replace gives the same LP as well.
  lp.append_probe_column(z2);
  check(z2);
  lp.remove_probe_column();
}

// The all-rows LP is built on first use (docs/fri.md#performance item 12): a probe appended and replaced before
// it exists must be in it when a solve needs it, and a basis saved before any solve must fit the layout.
TEST_P(LpSvmWarm, AProbeSetBeforeTheFirstSolveIsInTheLp) {
  const lp_test::Data dt = data(140, 8, 3);
  const int n = static_cast<int>(dt.X.rows());
  const int d = static_cast<int>(dt.X.cols());
  std::vector<double> z1(static_cast<std::size_t>(n)), z2(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    z1[static_cast<std::size_t>(i)] = dt.X((i * 7 + 3) % n, 1);
    z2[static_cast<std::size_t>(i)] = i % 9 == 0 ? 0.0 : dt.X((i * 11 + 5) % n, 2);  // another pattern
  }
  Eigen::MatrixXd Xz(n, d + 1);
  Xz.leftCols(d) = dt.X;
  for (int i = 0; i < n; ++i) Xz(i, d) = z2[static_cast<std::size_t>(i)];
  LpSvm ref(Xz, dt.y, GetParam().task, lp_test::iota(d + 1), GetParam().epsilon, LpSvmOptions{false});
  const LpModelFit rb = ref.fit_baseline(GetParam().C);
  const LpBasis rs = ref.save_basis();
  set_class(ref, rb);
  const double ref_lo = ref.bound(d, LpSense::minimize, rs).objective;
  const double ref_hi = ref.bound(d, LpSense::maximize, rs).objective;

  EXPECT_FALSE(make(dt, false).save_basis().has_probe());  // before any solve: the all-slack basis, probe-free
  LpSvm lp = make(dt, false);
  lp.append_probe_column(z1);
  lp.replace_probe_column(z2);
  const LpModelFit b = lp.fit_baseline(GetParam().C);  // the first solve: the all-rows LP, built now
  EXPECT_NEAR(b.l1_norm, rb.l1_norm, 1e-7);
  EXPECT_NEAR(b.loss, rb.loss, 1e-7);
  const LpBasis s = lp.save_basis();
  ASSERT_TRUE(s.has_probe());
  set_class(lp, b);
  EXPECT_NEAR(lp.bound_probe(LpSense::minimize, s).objective, ref_lo, 1e-8);
  EXPECT_NEAR(lp.bound_probe(LpSense::maximize, s).objective, ref_hi, 1e-8);
  // A probe removed before the all-rows LP exists is not in it.
  LpSvm plain = make(dt, false);
  plain.append_probe_column(z1);
  plain.remove_probe_column();
  LpSvm direct = make(dt, false);
  EXPECT_EQ(plain.fit_baseline(GetParam().C).solve.objective, direct.fit_baseline(GetParam().C).solve.objective);
  EXPECT_FALSE(plain.save_basis().has_probe());
}

// Pinning a feature at its baseline weight keeps the baseline in the class: feasible, and the pinned feature's
// bounds are the pin. Pinning it beyond its own maximum is infeasible, reported by feasible() and try_bound().
TEST_P(LpSvmWarm, PinsAtTheBaselineStayFeasible) {
  const lp_test::Data dt = data();
  for (bool lazy : {false, true}) {
    LpSvm lp = make(dt, lazy);
    const LpModelFit base = lp.fit_baseline(GetParam().C);
    const LpBasis start = lp.save_basis();
    set_class(lp, base);
    const int j = 0;
    const double wj = base.w[j];
    const double hi = lp.bound(j, LpSense::maximize, start).objective;
    lp.pin_feature(j, wj, wj);
    EXPECT_TRUE(lp.feasible(start));
    EXPECT_NEAR(lp.bound(j, LpSense::minimize, start).objective, wj, 1e-9);
    EXPECT_NEAR(lp.bound(j, LpSense::maximize, start).objective, wj, 1e-9);
    for (int k : lp.features()) {
      if (k == j) continue;
      const double a = lp.bound(k, LpSense::minimize, start).objective;
      const double b = lp.bound(k, LpSense::maximize, start).objective;
      EXPECT_LE(a, base.w[k] + 1e-9);
      EXPECT_GE(b, base.w[k] - 1e-9);
    }
    lp.pin_feature(j, hi + 0.1 * std::abs(hi) + 0.01, hi + 0.2 * std::abs(hi) + 0.02);
    EXPECT_FALSE(lp.feasible(start));
    const featrel::LpSolve r = lp.try_bound(1, LpSense::maximize, start);
    EXPECT_FALSE(r.optimal);
    EXPECT_EQ(r.status, featrel::LpStatus::primal_infeasible);
    EXPECT_THROW(lp.bound(1, LpSense::maximize, start), featrel::SolverError);
    lp.unpin_all();
    EXPECT_TRUE(lp.feasible(start));
  }
}

// Every bound starts from the saved basis and CLP's state is reset before each solve, so the values are bitwise
// the same in any task order, on another instance given the same basis, and on other threads.
TEST_P(LpSvmWarm, BitwiseIndependentOfOrderInstanceAndThread) {
  const lp_test::Data dt = data(160, 10, 4);
  // A small lazy margin so that rows are added back along the way: the working set's history varies too.
  LpSvm lp = make(dt, true, 0.0);
  const LpModelFit base = lp.fit_baseline(GetParam().C);
  const LpBasis start = lp.save_basis();
  auto set_wide_class = [&](LpSvm& m) { m.set_budget(1.1 * base.l1_norm, std::max(1.1 * base.loss, 0.01)); };
  set_wide_class(lp);
  const std::vector<double> forward = all_bounds(lp, start);
  std::vector<double> backward(forward.size());
  const std::vector<int> features = lp.features();
  for (int q = static_cast<int>(features.size()) - 1; q >= 0; --q)
    for (int t = 1; t >= 0; --t)
      backward[static_cast<std::size_t>(2 * q + t)] =
          lp.bound(features[static_cast<std::size_t>(q)], t == 0 ? LpSense::minimize : LpSense::maximize, start).objective;
  for (std::size_t k = 0; k < forward.size(); ++k) EXPECT_EQ(forward[k], backward[k]) << k;
  EXPECT_GT(lp.counters().lazy_rows_added, 0);

  // Other instances, on other threads, each given the one saved basis and the same budget.
  const int threads = 4;
  std::vector<std::vector<double>> got(threads);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      LpSvm mine = make(dt, true, 0.0);
      set_wide_class(mine);
      // Interleave some other work first so that each instance's CLP history differs.
      for (int k = 0; k < t; ++k) mine.bound(features[static_cast<std::size_t>(k)], LpSense::maximize, start);
      got[static_cast<std::size_t>(t)] = all_bounds(mine, start);
    });
  }
  for (std::thread& th : pool) th.join();
  for (int t = 0; t < threads; ++t)
    for (std::size_t k = 0; k < forward.size(); ++k)
      EXPECT_EQ(got[static_cast<std::size_t>(t)][k], forward[k]) << t << " " << k;
}

// A fold task begun from a cold start (or a fixed basis) gives bitwise the same C path on a fresh LpSvm and on
// one that solved other LPs before: fold tasks may land on any thread.
TEST_P(LpSvmWarm, FoldPathBitwiseIndependentOfHistory) {
  const lp_test::Data dt = data(120, 8, 7);
  const int n = static_cast<int>(dt.X.rows());
  std::vector<int> train;
  for (int i = 0; i < n; ++i)
    if (i % 3 != 1) train.push_back(i);
  auto path = [&](LpSvm& lp) {
    lp.set_active_samples(train);
    std::vector<double> out;
    LpBasis prev;  // empty: cold
    for (double C : {0.01, 0.1, 1.0, 10.0}) {
      const LpModelFit f = lp.fit_baseline(C, prev);
      prev = lp.save_basis();
      out.push_back(f.solve.objective);
      for (int k = 0; k < f.w.size(); ++k) out.push_back(f.w[k]);
    }
    lp.restore_basis(LpBasis{});
    const LpModelFit g = lp.fit_baseline(0.5);
    out.push_back(g.solve.objective);
    return out;
  };
  LpSvm fresh = make(dt, true);
  const std::vector<double> a = path(fresh);
  LpSvm used = make(dt, true);
  const LpModelFit base = used.fit_baseline(GetParam().C);
  const LpBasis start = used.save_basis();
  set_class(used, base);
  for (int j : used.features()) used.bound(j, LpSense::maximize, start);
  used.append_probe_column(std::vector<double>(dt.X.col(0).data(), dt.X.col(0).data() + n));
  used.fit_baseline(GetParam().C, start);
  used.remove_probe_column();
  used.clear_budget();
  const std::vector<double> b = path(used);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t k = 0; k < a.size(); ++k) EXPECT_EQ(a[k], b[k]) << k;
}

// A probe's results do not depend on the probe history of the LpSvm that computes them (first append,
// in-place replace, delete + add): probe tasks may land on any thread.
TEST_P(LpSvmWarm, ProbeResultsBitwiseIndependentOfProbeHistory) {
  const lp_test::Data dt = data(150, 8, 6);
  const int n = static_cast<int>(dt.X.rows());
  auto probe_of = [&](int source, std::uint64_t seed) {
    featrel::rng::Rng g(seed);
    const std::vector<std::size_t> perm = g.permutation(static_cast<std::size_t>(n));
    std::vector<double> z(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
      z[static_cast<std::size_t>(i)] = dt.X(static_cast<Eigen::Index>(perm[static_cast<std::size_t>(i)]), source);
    return z;
  };
  const std::vector<double> z = probe_of(3, 21), other = probe_of(4, 22);
  auto run = [&](int history, bool lazy) {
    LpSvm lp = make(dt, lazy);
    const LpModelFit base = lp.fit_baseline(GetParam().C);
    const LpBasis start = lp.save_basis();
    if (history == 1) {  // another probe first, then overwritten in place
      lp.append_probe_column(other);
      lp.fit_baseline(GetParam().C, start);
      lp.replace_probe_column(z);
    } else if (history == 2) {  // another probe first, removed, then this one appended
      lp.append_probe_column(other);
      lp.fit_baseline(GetParam().C, start);
      lp.remove_probe_column();
      lp.append_probe_column(z);
    } else {
      lp.append_probe_column(z);
    }
    const LpModelFit refit = lp.fit_baseline(GetParam().C, start);
    const LpBasis pb = lp.save_basis();
    set_class(lp, refit);
    return std::vector<double>{refit.l1_norm, refit.loss, lp.bound_probe(LpSense::minimize, pb).objective,
                               lp.bound_probe(LpSense::maximize, pb).objective,
                               lp.bound(lp.features()[0], LpSense::maximize, pb).objective};
  };
  for (bool lazy : {true, false}) {
    const std::vector<double> first = run(0, lazy);
    for (int history : {1, 2}) {
      const std::vector<double> again = run(history, lazy);
      for (std::size_t k = 0; k < first.size(); ++k)
        EXPECT_EQ(again[k], first[k]) << "history " << history << " lazy " << lazy << " value " << k;
    }
  }
}

TEST_P(LpSvmWarm, CountersAndWarmStartSaveIterations) {
  const lp_test::Data dt = data(200, 12, 5);
  LpSvm lp = make(dt, false);
  const LpModelFit base = lp.fit_baseline(GetParam().C);
  EXPECT_EQ(lp.counters().lp_solves, 1);
  EXPECT_EQ(lp.counters().cold_solves, 1);
  EXPECT_EQ(lp.counters().simplex_iterations, base.solve.iterations);
  const LpBasis start = lp.save_basis();
  set_class(lp, base);
  lp.reset_counters();
  long cold_iterations = 0, warm_iterations = 0;
  for (int j : lp.features()) {
    cold_iterations += lp.bound(j, LpSense::maximize, LpBasis{}).iterations;
    warm_iterations += lp.bound(j, LpSense::maximize, start).iterations;
  }
  const int d = static_cast<int>(lp.features().size());
  EXPECT_EQ(lp.counters().lp_solves, 2 * d);
  EXPECT_EQ(lp.counters().cold_solves, d);
  EXPECT_EQ(lp.counters().warm_solves, d);
  EXPECT_EQ(lp.counters().simplex_iterations, cold_iterations + warm_iterations);
  EXPECT_LT(5 * warm_iterations, cold_iterations);
  // The lazy working set has fewer rows, except for regression: a ranged row's distance to its nearer bound
  // is at most ε, below κ·s_y for every ε of the grid, so every row stays.
  lp.set_lazy_rows(true);
  const featrel::LpSolve r = lp.bound(0, LpSense::maximize, start);
  if (GetParam().task == LpTask::regression)
    EXPECT_EQ(r.rows, static_cast<int>(dt.X.rows()) + 2);
  else
    EXPECT_LT(r.rows, static_cast<int>(dt.X.rows()) / 2);
  EXPECT_TRUE(r.warm);
}

// Keeping CLP's factorization and work areas between solves changes the path, not the optimum.
TEST_P(LpSvmWarm, KeepFactorizationGivesTheSameValues) {
  const lp_test::Data dt = data();
  LpSvmOptions o;
  o.keep_factorization = true;
  LpSvm a(dt.X, dt.y, GetParam().task, lp_test::iota(10), GetParam().epsilon, o);
  LpSvm b = make(dt, true);
  const LpModelFit fa = a.fit_baseline(GetParam().C);
  const LpModelFit fb = b.fit_baseline(GetParam().C);
  EXPECT_NEAR(fa.solve.objective, fb.solve.objective, 1e-12);
  set_class(a, fa);
  set_class(b, fb);
  const std::vector<double> va = all_bounds(a, a.save_basis());
  const std::vector<double> vb = all_bounds(b, b.save_basis());
  for (std::size_t k = 0; k < va.size(); ++k) EXPECT_NEAR(va[k], vb[k], 1e-9) << k;
}

INSTANTIATE_TEST_SUITE_P(Tasks, LpSvmWarm,
                         ::testing::Values(Case{LpTask::classification, 1.0, 0.0},
                                           Case{LpTask::classification, 10.0, 0.0},
                                           Case{LpTask::regression, 1.0, 0.05},
                                           Case{LpTask::ordinal, 1.0, 0.0}),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return featrel::to_string(info.param.task) + "_C" +
                                  std::to_string(static_cast<int>(info.param.C));
                         });

}  // namespace
