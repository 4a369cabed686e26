// featrel::LpSvm lazy columns (lp_svm.hpp): on wide data (more features than samples) the bound LPs solved on a
// working set of feature columns, with the rest priced in, equal the LPs over all columns, for all three tasks,
// with pins and with a probe; the working set really is smaller (columns are priced in); the solution and the
// basis after such a solve belong to the full LP.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "featrel/lp_svm.hpp"
#include "test_lp_svm_data.hpp"

namespace {

using featrel::LpBasis;
using featrel::LpModelFit;
using featrel::LpSense;
using featrel::LpSvm;
using featrel::LpSvmOptions;
using featrel::LpTask;

struct Case {
  LpTask task;
  double C;
  double epsilon;
};

class LpSvmColumns : public ::testing::TestWithParam<Case> {
 protected:
  // 40 samples, 200 features: a basis holds at most about 40 of them.
  lp_test::Data data() const { return lp_test::generate(40, 200, 3, 3, 7, GetParam().task); }
  LpSvm make(const lp_test::Data& dt, bool lazy_columns) const {
    LpSvmOptions o;
    o.lazy_columns = lazy_columns;
    return LpSvm(dt.X, dt.y, GetParam().task, lp_test::iota(static_cast<int>(dt.X.cols())), GetParam().epsilon, o);
  }
  // Baseline, a class 10 % looser than it, and every feature's [min, max] from the baseline's basis.
  static std::vector<double> bounds(LpSvm& lp, double C) {
    const LpModelFit base = lp.fit_baseline(C);
    const LpBasis start = lp.save_basis();
    lp.set_budget(1.1 * base.l1_norm, std::max(1.1 * base.loss, 0.01));
    std::vector<double> v;
    for (int j : lp.features())
      for (LpSense s : {LpSense::minimize, LpSense::maximize}) v.push_back(lp.bound(j, s, start).objective);
    return v;
  }
};

TEST_P(LpSvmColumns, BoundsEqualTheFullLp) {
  const lp_test::Data dt = data();
  LpSvm full = make(dt, false);
  LpSvm lazy = make(dt, true);
  const std::vector<double> expected = bounds(full, GetParam().C);
  const std::vector<double> got = bounds(lazy, GetParam().C);
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t k = 0; k < got.size(); ++k) EXPECT_NEAR(got[k], expected[k], 1e-9) << "task " << k;
  // The fast path ran: columns outside the start basis were priced in, and none by the plain path.
  EXPECT_GT(lazy.counters().lazy_columns_added, 0);
  EXPECT_EQ(full.counters().lazy_columns_added, 0);
  // Pricing adds the columns that can enter, not all of them (regression, with the most, adds about half).
  EXPECT_LT(lazy.counters().lazy_columns_added, static_cast<long>(got.size()) * dt.X.cols() * 3 / 4);
}

// After a bound on the working set, solution() is a point of the full LP's class (budgets kept, the bounded
// weight at its optimum) and save_basis() a basis of the full LP: a bound from it, with either path, is the same.
TEST_P(LpSvmColumns, SolutionAndBasisBelongToTheFullLp) {
  const lp_test::Data dt = data();
  LpSvm lp = make(dt, true);
  const LpModelFit base = lp.fit_baseline(GetParam().C);
  const LpBasis start = lp.save_basis();
  const double mu = 1.1 * base.l1_norm, rho = std::max(1.1 * base.loss, 0.01);
  lp.set_budget(mu, rho);
  int checked = 0;
  for (int j : lp.features()) {
    const long before = lp.counters().lazy_columns_added;
    const double b = lp.bound(j, LpSense::maximize, start).objective;
    if (lp.counters().lazy_columns_added == before) continue;  // only bounds that priced columns in
    const LpModelFit point = lp.solution();
    ASSERT_EQ(point.w.size(), dt.X.cols());
    EXPECT_NEAR(point.w[j], b, 1e-12);
    EXPECT_LE(point.l1_norm, mu * (1 + 1e-9) + 1e-9);
    EXPECT_LE(point.loss, rho * (1 + 1e-9) + 1e-9);
    EXPECT_NEAR(point.w.cwiseAbs().sum() + std::abs(point.probe_weight), point.l1_norm, 1e-9);
    const LpBasis after = lp.save_basis();
    const double again = lp.bound(j, LpSense::maximize, after).objective;
    EXPECT_NEAR(again, b, 1e-9);
    LpSvm plain = make(dt, false);
    plain.fit_baseline(GetParam().C);
    plain.set_budget(mu, rho);
    EXPECT_NEAR(plain.bound(j, LpSense::maximize, after).objective, b, 1e-9);
    // fit_baseline without a start continues from that basis on the full LP and finds the baseline again.
    lp.clear_budget();
    EXPECT_NEAR(lp.fit_baseline(GetParam().C).solve.objective, base.solve.objective, 1e-9);
    lp.set_budget(mu, rho);
    if (++checked == 3) break;
  }
  EXPECT_EQ(checked, 3);
}

// Pins are column bounds: a pinned feature is always in the working set, and an infeasible pin (the restricted LP
// infeasible) falls back to the full LP, which reports it.
TEST_P(LpSvmColumns, PinsAndInfeasiblePinsEqualTheFullLp) {
  const lp_test::Data dt = data();
  std::vector<std::vector<double>> results;
  std::vector<std::vector<bool>> feasible;
  for (bool lazy : {false, true}) {
    LpSvm lp = make(dt, lazy);
    const LpModelFit base = lp.fit_baseline(GetParam().C);
    const LpBasis start = lp.save_basis();
    lp.set_budget(1.1 * base.l1_norm, std::max(1.1 * base.loss, 0.01));
    // Feature 0 is strong; pin it to its baseline magnitude (feasible) and then to 5 × ‖w*‖₁ (not).
    const int sign = base.w[0] >= 0 ? 1 : -1;
    std::vector<double> r;
    std::vector<bool> f;
    for (bool fits : {true, false}) {
      const double m = fits ? std::abs(base.w[0]) : 5.0 * base.l1_norm;
      lp.pin_magnitude(0, m, m, sign);
      for (int j : {1, 2, 50, 100})
        for (LpSense s : {LpSense::minimize, LpSense::maximize}) {
          const auto solve = lp.try_bound(j, s, start);
          f.push_back(solve.optimal);
          r.push_back(solve.optimal ? solve.objective : 0.0);
        }
      lp.unpin_all();
    }
    results.push_back(r);
    feasible.push_back(f);
  }
  ASSERT_EQ(feasible[0], feasible[1]);
  for (std::size_t k = 0; k < results[0].size(); ++k) EXPECT_NEAR(results[1][k], results[0][k], 1e-9) << k;
  // The first pin is feasible, the second is not.
  EXPECT_TRUE(feasible[0].front());
  EXPECT_FALSE(feasible[0].back());
}

TEST_P(LpSvmColumns, ProbeBoundsEqualTheFullLp) {
  const lp_test::Data dt = data();
  std::vector<double> probe(static_cast<std::size_t>(dt.X.rows()));
  for (std::size_t i = 0; i < probe.size(); ++i) probe[i] = dt.X(static_cast<Eigen::Index>((i * 7) % probe.size()), 1);
  std::vector<std::vector<double>> results;
  for (bool lazy : {false, true}) {
    LpSvm lp = make(dt, lazy);
    lp.append_probe_column(probe);
    const LpModelFit base = lp.fit_baseline(GetParam().C);
    const LpBasis start = lp.save_basis();
    lp.set_budget(1.1 * base.l1_norm, std::max(1.1 * base.loss, 0.01));
    results.push_back({lp.bound_probe(LpSense::minimize, start).objective,
                       lp.bound_probe(LpSense::maximize, start).objective});
  }
  EXPECT_NEAR(results[1][0], results[0][0], 1e-9);
  EXPECT_NEAR(results[1][1], results[0][1], 1e-9);
}

// Warm baseline fits (the search's C path on a fold's rows, then a probe refit from the baseline's basis) solved on
// a working set equal the fits over all columns, and the certificates of a baseline solved there equal the full
// LP's.
TEST_P(LpSvmColumns, WarmBaselineFitsEqualTheFullLp) {
  const lp_test::Data dt = data();
  std::vector<int> train;
  for (int i = 0; i < static_cast<int>(dt.X.rows()); ++i)
    if (i % 4 != 0) train.push_back(i);
  std::vector<double> probe(static_cast<std::size_t>(dt.X.rows()));
  for (std::size_t i = 0; i < probe.size(); ++i) probe[i] = dt.X(static_cast<Eigen::Index>((i * 7) % probe.size()), 2);
  std::vector<std::vector<double>> results;
  std::vector<featrel::WeightCertificates> certs;
  std::vector<long> priced;
  for (bool lazy : {false, true}) {
    LpSvm lp = make(dt, lazy);
    std::vector<double> v;
    auto keep = [&v](const LpModelFit& f) {
      v.insert(v.end(), f.w.data(), f.w.data() + f.w.size());
      v.push_back(f.l1_norm);
      v.push_back(f.loss);
      v.push_back(f.bias);
      v.insert(v.end(), f.thresholds.begin(), f.thresholds.end());
    };
    lp.set_active_samples(train);
    keep(lp.fit_baseline(0.01));
    for (double C : {0.1, 1.0, 10.0}) keep(lp.fit_baseline(C, lp.save_basis()));
    lp.activate_all_samples();
    const LpModelFit base = lp.fit_baseline(GetParam().C, lp.save_basis());
    keep(base);
    certs.push_back(lp.weight_certificates(1.1 * base.l1_norm, std::max(1.1 * base.loss, 0.01)));
    const LpBasis start = lp.save_basis();
    lp.append_probe_column(probe);
    const LpModelFit refit = lp.fit_baseline(GetParam().C, start);
    keep(refit);
    v.push_back(refit.probe_weight);
    results.push_back(std::move(v));
    priced.push_back(lp.counters().lazy_columns_added);
  }
  ASSERT_EQ(results[1].size(), results[0].size());
  for (std::size_t k = 0; k < results[0].size(); ++k) EXPECT_NEAR(results[1][k], results[0][k], 1e-9) << k;
  EXPECT_NEAR(certs[1].gap, certs[0].gap, 1e-9);
  for (Eigen::Index j = 0; j < certs[0].max_weight.size(); ++j) {
    for (const auto& [a, b] : {std::pair{certs[0].max_weight[j], certs[1].max_weight[j]},
                               std::pair{certs[0].max_minus_weight[j], certs[1].max_minus_weight[j]}}) {
      if (std::isinf(a))
        EXPECT_TRUE(std::isinf(b)) << j;
      else
        EXPECT_NEAR(b, a, 1e-9 * std::max(1.0, std::abs(a))) << j;
    }
  }
  // The fast path ran (columns were priced into the warm fits), the plain path priced none.
  EXPECT_EQ(priced[0], 0);
  EXPECT_GT(priced[1], 0);
}

INSTANTIATE_TEST_SUITE_P(Tasks, LpSvmColumns,
                         ::testing::Values(Case{LpTask::classification, 1.0, 0.0},
                                           Case{LpTask::regression, 1.0, 0.05},
                                           Case{LpTask::ordinal, 1.0, 0.0}),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return featrel::to_string(info.param.task);
                         });

}  // namespace
