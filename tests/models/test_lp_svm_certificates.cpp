// featrel::LpSvm::weight_certificates (lp_svm.hpp, docs/fri.md#screening): the bounds on w_j and -w_j that the
// baseline's duals certify hold for every feature against the solved bound LPs, for all three tasks and for a
// tight and a loose class; they are not vacuous (most features of wide data get a finite, small bound); the gap
// is the class's looseness (μ − N) + C·(ρ − L*); a bound LP's duals certify every other feature as well and its
// own optimum exactly; a probe column's refit and bound LPs certify both of its sides; and the call refuses a
// state it cannot certify.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "featrel/lp_svm.hpp"
#include "featrel/rng.hpp"
#include "test_lp_svm_data.hpp"

namespace {

using featrel::LpBasis;
using featrel::LpModelFit;
using featrel::LpSense;
using featrel::LpSvm;
using featrel::LpTask;
using featrel::WeightCertificates;

struct Case {
  LpTask task;
  double C;
  double epsilon;
  double looseness;  // μ = (1 + looseness)·N, ρ = (1 + looseness)·L* (at least 0.01)
};

class LpSvmCertificates : public ::testing::TestWithParam<Case> {};

// The LP on every column of dt, on the working-set path (lazy columns) or on all columns.
LpSvm make_lp(const lp_test::Data& dt, const Case& c, bool lazy_columns) {
  featrel::LpSvmOptions opt;
  opt.lazy_columns = lazy_columns;
  return LpSvm(dt.X, dt.y, c.task, lp_test::iota(static_cast<int>(dt.X.cols())), c.epsilon, opt);
}

TEST_P(LpSvmCertificates, BoundEveryFeaturesSolvedRange) {
  const Case c = GetParam();
  const lp_test::Data dt = lp_test::generate(40, 200, 3, 3, 11, c.task);
  LpSvm lp(dt.X, dt.y, c.task, lp_test::iota(static_cast<int>(dt.X.cols())), c.epsilon);
  const LpModelFit base = lp.fit_baseline(c.C);
  const LpBasis start = lp.save_basis();
  const double mu = (1.0 + c.looseness) * base.l1_norm;
  const double rho = std::max((1.0 + c.looseness) * base.loss, 0.01);
  const WeightCertificates cert = lp.weight_certificates(mu, rho);
  // The gap is the class's looseness over the baseline's optimum (strong duality), up to CLP's tolerances.
  EXPECT_NEAR(cert.gap, (mu - base.l1_norm) + c.C * (rho - base.loss), 1e-6 * (1.0 + base.l1_norm));
  lp.set_budget(mu, rho);
  int finite = 0, tight = 0;
  for (int j : lp.features()) {
    const double b = lp.bound(j, LpSense::maximize, start).objective;
    const double a = lp.bound(j, LpSense::minimize, start).objective;
    // Certified: no model of the class has more weight than the certificate allows (1e-9: the LP's own accuracy).
    EXPECT_LE(b, cert.max_weight[j] + 1e-9) << "feature " << j;
    EXPECT_LE(-a, cert.max_minus_weight[j] + 1e-9) << "feature " << j;
    if (base.w[j] == 0.0 && std::isfinite(cert.max_weight[j]) && std::isfinite(cert.max_minus_weight[j])) {
      ++finite;
      // Informative: within 10x of the solved upper bound |w_j| ≤ max(b, -a).
      const double ub = std::max(b, -a), c_ub = std::max(cert.max_weight[j], cert.max_minus_weight[j]);
      if (c_ub <= 10.0 * ub + 1e-9) ++tight;
    }
    // A feature the baseline uses has a zero reduced cost on its side: nothing is certified there.
    if (base.w[j] > 1e-9) EXPECT_TRUE(std::isinf(cert.max_weight[j])) << "feature " << j;
    if (base.w[j] < -1e-9) EXPECT_TRUE(std::isinf(cert.max_minus_weight[j])) << "feature " << j;
  }
  // Wide data: at most 40 of 200 features are in the baseline's basis, so most get a finite bound.
  EXPECT_GT(finite, 120);
  EXPECT_GT(tight, finite / 2);
}

// A bound LP's own duals are a dual point of the same class: the certificates they give hold for every other
// feature too, on the working-set path (lazy columns) and on all columns; and the point's gap is the LP's own
// optimum (strong duality, up to the tolerances).
TEST_P(LpSvmCertificates, BoundLpDualsCertifyEveryFeature) {
  const Case c = GetParam();
  const lp_test::Data dt = lp_test::generate(40, 200, 3, 3, 11, c.task);
  for (bool lazy_columns : {true, false}) {
    LpSvm lp = make_lp(dt, c, lazy_columns);
    const LpModelFit base = lp.fit_baseline(c.C);
    const LpBasis start = lp.save_basis();
    const double mu = (1.0 + c.looseness) * base.l1_norm;
    const double rho = std::max((1.0 + c.looseness) * base.loss, 0.01);
    lp.set_budget(mu, rho);
    std::vector<double> lo, hi;
    for (int j : lp.features()) {
      lo.push_back(lp.bound(j, LpSense::minimize, start).objective);
      hi.push_back(lp.bound(j, LpSense::maximize, start).objective);
    }
    int useful = 0;
    for (int k : {0, 5, 17, 60, 150}) {  // strong, weak and irrelevant features' LPs
      for (LpSense sense : {LpSense::minimize, LpSense::maximize}) {
        const double value = lp.bound(k, sense, start).objective;
        const featrel::ClassDualPoint point = lp.class_dual_point(mu, rho);
        const WeightCertificates cert = LpSvm::certificates(point, dt.X, lp.features(), mu);
        // Strong duality: the point's gap is the LP's own optimum (max w_k, or -min w_k).
        EXPECT_NEAR(point.gap, sense == LpSense::maximize ? value : -value, 1e-6 * (1.0 + base.l1_norm)) << k;
        for (int j : lp.features()) {
          EXPECT_LE(hi[static_cast<std::size_t>(j)], cert.max_weight[j] + 1e-9) << k << " -> " << j;
          EXPECT_LE(-lo[static_cast<std::size_t>(j)], cert.max_minus_weight[j] + 1e-9) << k << " -> " << j;
          useful += cert.max_weight[j] < 10.0 * std::max(hi[static_cast<std::size_t>(j)], 1e-3);
        }
      }
    }
    EXPECT_GT(useful, 100) << "lazy columns " << lazy_columns;
  }
}

// A probe column is one more weight column of the class: the dual point of its refit (a baseline with the probe)
// and of either of its bound LPs certify both of its sides, on the working-set path and on all columns; and
// they are informative: for some of the probes the refit leaves at 0 (most, in a tight class), one side's
// certificate lies below the other side's solved value, which lets FRI skip that side's LP.
TEST_P(LpSvmCertificates, ProbeCertificatesBoundBothSidesOfTheProbe) {
  const Case c = GetParam();
  const lp_test::Data dt = lp_test::generate(40, 200, 3, 3, 11, c.task);
  for (bool lazy_columns : {true, false}) {
    LpSvm lp = make_lp(dt, c, lazy_columns);
    lp.fit_baseline(c.C);
    const LpBasis baseline = lp.save_basis();
    int at_zero = 0, decisive = 0;
    for (int k = 0; k < 20; ++k) {
      featrel::rng::Rng g(featrel::rng::derive(7, "probe", static_cast<std::uint64_t>(k)));
      const std::vector<std::size_t> perm = g.permutation(static_cast<std::size_t>(dt.X.rows()));
      std::vector<double> z(perm.size());
      const int source = (7 * k) % static_cast<int>(dt.X.cols());
      for (std::size_t i = 0; i < perm.size(); ++i) z[i] = dt.X(static_cast<Eigen::Index>(perm[i]), source);
      if (lp.has_probe())
        lp.replace_probe_column(z);
      else
        lp.append_probe_column(z);
      const LpModelFit refit = lp.fit_baseline(c.C, baseline);
      const LpBasis start = lp.save_basis();
      const double mu = (1.0 + c.looseness) * refit.l1_norm;
      const double rho = std::max((1.0 + c.looseness) * refit.loss, 0.01);
      std::vector<LpSvm::ProbeCertificate> certs{lp.probe_certificate(lp.class_dual_point(mu, rho), mu)};
      lp.set_budget(mu, rho);
      const double a = lp.bound_probe(LpSense::minimize, start).objective;
      certs.push_back(lp.probe_certificate(lp.class_dual_point(mu, rho), mu));
      const double b = lp.bound_probe(LpSense::maximize, start).objective;
      certs.push_back(lp.probe_certificate(lp.class_dual_point(mu, rho), mu));
      for (std::size_t q = 0; q < certs.size(); ++q) {
        EXPECT_LE(b, certs[q].max_weight + 1e-9) << "probe " << k << ", point " << q;
        EXPECT_LE(-a, certs[q].max_minus_weight + 1e-9) << "probe " << k << ", point " << q;
      }
      if (refit.probe_weight == 0.0) {
        ++at_zero;
        const double plus = std::min(certs[0].max_weight, certs[1].max_weight);
        const double minus = std::min(certs[0].max_minus_weight, certs[2].max_minus_weight);
        if (minus <= b || plus <= -a) ++decisive;
      }
    }
    EXPECT_GE(at_zero, 10) << "lazy columns " << lazy_columns;
    // Measured: 17 of 17 (classification, tight class) down to 2 of 14 (regression, loose class).
    EXPECT_GE(decisive, 2) << "lazy columns " << lazy_columns;
  }
}

INSTANTIATE_TEST_SUITE_P(Tasks, LpSvmCertificates,
                         ::testing::Values(Case{LpTask::classification, 1.0, 0.0, 0.001},
                                           Case{LpTask::classification, 0.1, 0.0, 0.1},
                                           Case{LpTask::regression, 1.0, 0.05, 0.001},
                                           Case{LpTask::regression, 0.3, 0.05, 0.1},
                                           Case{LpTask::ordinal, 1.0, 0.0, 0.001},
                                           Case{LpTask::ordinal, 0.3, 0.0, 0.1}),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return featrel::to_string(info.param.task) + "_" + std::to_string(info.index);
                         });

// Only right after a baseline fit: after a bound LP the duals belong to another objective.
TEST(LpSvmCertificatesState, NeedsABaselineAsTheLastSolve) {
  const lp_test::Data dt = lp_test::generate(30, 60, 3, 3, 5, LpTask::classification);
  LpSvm lp(dt.X, dt.y, LpTask::classification, lp_test::iota(static_cast<int>(dt.X.cols())), 0.0);
  EXPECT_THROW(lp.weight_certificates(1.0, 1.0), std::invalid_argument);
  const LpModelFit base = lp.fit_baseline(1.0);
  const LpBasis start = lp.save_basis();
  EXPECT_NO_THROW(lp.weight_certificates(base.l1_norm, base.loss + 0.01));
  EXPECT_THROW(lp.weight_certificates(-1.0, 1.0), std::invalid_argument);
  lp.set_budget(1.01 * base.l1_norm, base.loss + 0.01);
  lp.bound(0, LpSense::maximize, start);
  EXPECT_THROW(lp.weight_certificates(base.l1_norm, base.loss + 0.01), std::invalid_argument);
}

}  // namespace
