// featrel::LpSvm against the exact reference values of docs/fri.md#exact-reference-data: the deterministic 60-sample data set,
// fixed C (and ε), baseline L1 norm N and loss L*, and the normalised intervals computed from the 2 bound LPs
// per feature (docs/fri.md#relevance-bounds), with the reference mode's budget (no loss floor) and the default mode's floor.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "featrel/error.hpp"
#include "featrel/lp_svm.hpp"

namespace {

using featrel::LpBasis;
using featrel::LpSense;
using featrel::LpSvm;
using featrel::LpTask;

// docs/fri.md#exact-reference-data: n = 60, frac(a) = (i·a) mod 1 for i = 1..60; X = [f0, h, h, f3, f4], z-scored (population sd).
struct Ref61 {
  Eigen::MatrixXd X;
  Eigen::VectorXd y_class, y_reg, y_ord;
};

double frac(int i, double a) {
  const double v = i * a;
  return v - std::floor(v);
}

Eigen::VectorXd zscore(const Eigen::VectorXd& v) {
  const double mean = v.mean();
  const double sd = std::sqrt((v.array() - mean).square().mean());
  return (v.array() - mean) / sd;
}

Ref61 make_ref61() {
  const int n = 60;
  Eigen::VectorXd f0(n), h(n), f3(n), f4(n);
  for (int i = 1; i <= n; ++i) {
    f0[i - 1] = 2 * frac(i, 0.6180339887) - 1;
    h[i - 1] = 2 * frac(i, 0.4142135624) - 1;
    f3[i - 1] = 2 * frac(i, 0.7320508076) - 1;
    f4[i - 1] = 2 * frac(i, 0.2360679775) - 1;
  }
  Ref61 r;
  r.X.resize(n, 5);
  r.X.col(0) = zscore(f0);
  r.X.col(1) = zscore(h);
  r.X.col(2) = zscore(h);
  r.X.col(3) = zscore(f3);
  r.X.col(4) = zscore(f4);
  r.y_class.resize(n);
  r.y_reg.resize(n);
  for (int i = 0; i < n; ++i) {
    r.y_class[i] = f0[i] + h[i] > 0 ? 1.0 : -1.0;
    r.y_reg[i] = 0.3 * (f0[i] + h[i]);
  }
  // Stable ranks of y_reg cut into 3 blocks of 20.
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return r.y_reg[a] < r.y_reg[b]; });
  r.y_ord.resize(n);
  for (int rank = 0; rank < n; ++rank) r.y_ord[order[rank]] = rank / 20;
  return r;
}

double population_sd(const Eigen::VectorXd& v) {
  const double mean = v.mean();
  return std::sqrt((v.array() - mean).square().mean());
}

struct Interval {
  double lower, upper, signed_min, signed_max;
};

// LB = 0 if a ≤ 0 ≤ b else min(|a|, |b|); UB = max(|a|, |b|); both divided by N (docs/fri.md#relevance-bounds).
Interval interval(double a, double b, double N) {
  Interval iv;
  iv.lower = (a <= 0.0 && 0.0 <= b) ? 0.0 : std::min(std::abs(a), std::abs(b)) / N;
  iv.upper = std::max(std::abs(a), std::abs(b)) / N;
  iv.signed_min = a / N;
  iv.signed_max = b / N;
  return iv;
}

struct Fitted {
  double N = 0, L = 0;
  std::vector<Interval> iv;
};

// Baseline at C, budget μ = (1+δ)N, ρ = max((1+δ)L*, floor), then min and max of every feature.
Fitted relevance(LpSvm& lp, double C, double delta, double floor, bool lazy) {
  lp.set_lazy_rows(lazy);
  Fitted f;
  const featrel::LpModelFit base = lp.fit_baseline(C);
  EXPECT_TRUE(base.solve.optimal);
  f.N = base.l1_norm;
  f.L = base.loss;
  const LpBasis start = lp.save_basis();
  lp.set_budget((1 + delta) * f.N, std::max((1 + delta) * f.L, floor));
  for (int j : lp.features()) {
    const double a = lp.bound(j, LpSense::minimize, start).objective;
    const double b = lp.bound(j, LpSense::maximize, start).objective;
    f.iv.push_back(interval(a, b, f.N));
  }
  return f;
}

void expect_intervals(const Fitted& f, const std::vector<std::pair<double, double>>& expected) {
  ASSERT_EQ(f.iv.size(), expected.size());
  for (std::size_t j = 0; j < expected.size(); ++j) {
    EXPECT_NEAR(f.iv[j].lower, expected[j].first, 1e-4) << "feature " << j << " lower";
    EXPECT_NEAR(f.iv[j].upper, expected[j].second, 1e-4) << "feature " << j << " upper";
  }
}

// L1 norms and losses are printed with 5 decimals (6 significant digits at most): within half a unit of the
// last printed digit, which is 1e-5 relative or better except for the regression norm 0.33801.
void expect_printed(double value, double printed) { EXPECT_NEAR(value, printed, 0.5e-5 + 1e-12); }

const std::vector<int> kAll = {0, 1, 2, 3, 4};

class Reference61 : public ::testing::TestWithParam<bool> {};  // parameter: lazy rows

TEST_P(Reference61, ClassificationC1) {
  const Ref61 d = make_ref61();
  LpSvm lp(d.X, d.y_class, LpTask::classification, kAll);
  const Fitted f1 = relevance(lp, 1.0, 0.001, 0.0, GetParam());
  expect_printed(f1.N, 5.17869);
  expect_printed(f1.L, 4.66667);
  expect_intervals(f1, {{.501686, .505526}, {0, .477230}, {0, .477230}, {.009199, .012860}, {.009074, .011571}});
  // Signed ranges (Δ = 0.001).
  EXPECT_NEAR(f1.iv[0].signed_min, .501686, 1e-4);
  EXPECT_NEAR(f1.iv[0].signed_max, .505526, 1e-4);
  EXPECT_NEAR(f1.iv[1].signed_min, -.000785, 1e-4);
  EXPECT_NEAR(f1.iv[1].signed_max, .477230, 1e-4);
  EXPECT_NEAR(f1.iv[3].signed_min, -.012860, 1e-4);
  EXPECT_NEAR(f1.iv[3].signed_max, -.009199, 1e-4);
  EXPECT_NEAR(f1.iv[4].signed_min, .009074, 1e-4);
  EXPECT_NEAR(f1.iv[4].signed_max, .011571, 1e-4);

  const Fitted f2 = relevance(lp, 1.0, 0.1, 0.0, GetParam());
  expect_printed(f2.N, 5.17869);
  expect_intervals(f2, {{.444009, .599207}, {0, .573733}, {0, .573733}, {0, .095321}, {0, .086840}});
}

TEST_P(Reference61, ClassificationC10) {
  const Ref61 d = make_ref61();
  LpSvm lp(d.X, d.y_class, LpTask::classification, kAll);
  const Fitted f1 = relevance(lp, 10.0, 0.001, 0.0, GetParam());
  expect_printed(f1.N, 16.59478);
  EXPECT_NEAR(f1.L, 0.0, 1e-7);
  expect_intervals(f1, {{.479965, .483804}, {0, .442651}, {0, .442651}, {.037275, .040722}, {.037269, .040681}});
  const Fitted f2 = relevance(lp, 10.0, 0.1, 0.0, GetParam());
  expect_intervals(f2, {{.479965, .574662}, {0, .530727}, {0, .530727}, {0, .053821}, {0, .050395}});
  // Default mode: loss floor ρ = 0.01.
  const Fitted g1 = relevance(lp, 10.0, 0.001, 0.01, GetParam());
  expect_intervals(g1, {{.478592, .493026}, {0, .452012}, {0, .452012}, {.028026, .041002}, {.027935, .040857}});
  const Fitted g2 = relevance(lp, 10.0, 0.1, 0.01, GetParam());
  expect_intervals(g2, {{.478592, .574777}, {0, .530922}, {0, .530922}, {0, .054101}, {0, .050571}});
}

TEST_P(Reference61, RegressionC10Eps001) {
  const Ref61 d = make_ref61();
  LpSvm lp(d.X, d.y_reg, LpTask::regression, kAll, 0.01);
  const Fitted f1 = relevance(lp, 10.0, 0.001, 0.0, GetParam());
  expect_printed(f1.N, 0.33801);
  EXPECT_NEAR(f1.L, 0.0, 1e-7);
  expect_intervals(f1, {{.493106, .509394}, {0, .503162}, {0, .503162}, {0, .001742}, {0, .005170}});
  const Fitted f2 = relevance(lp, 10.0, 0.1, 0.0, GetParam());
  expect_intervals(f2, {{.476464, .544530}, {0, .559756}, {0, .559756}, {0, .018986}, {0, .020151}});
  // Default mode: ρ = 0.01·s_y = 0.002489.
  const double floor = 0.01 * population_sd(d.y_reg);
  EXPECT_NEAR(floor, 0.002489, 1e-6);
  EXPECT_NEAR(lp.lazy_scale(), population_sd(d.y_reg), 1e-15);
  const Fitted g1 = relevance(lp, 10.0, 0.001, floor, GetParam());
  expect_intervals(g1, {{.482971, .510101}, {0, .508773}, {0, .508773}, {0, .003905}, {0, .011785}});
}

TEST_P(Reference61, OrdinalC1) {
  const Ref61 d = make_ref61();
  LpSvm lp(d.X, d.y_ord, LpTask::ordinal, kAll);
  EXPECT_EQ(lp.n_levels(), 3);
  const Fitted f1 = relevance(lp, 1.0, 0.001, 0.0, GetParam());
  expect_printed(f1.N, 8.17271);
  expect_printed(f1.L, 6.89410);
  expect_intervals(f1, {{.469573, .472688}, {0, .530528}, {0, .530528}, {0, .001057}, {0, .001164}});
  const Fitted f2 = relevance(lp, 1.0, 0.1, 0.0, GetParam());
  expect_intervals(f2, {{.426650, .568066}, {0, .606500}, {0, .606500}, {0, .059376}, {0, .064489}});
}

// docs/fri.md#exact-reference-data constrained table (classification C = 1): a preset pins |w_k| to [lo, hi]·N on the side of the
// baseline sign (features here all have a positive baseline weight or larger positive extreme), then every other
// feature is re-bounded from the same baseline basis under the same μ, ρ.
struct Preset {
  int feature;
  double value;  // normalised; < 0 = the feature's own upper (-1) or lower (-2) value at full precision
};

std::vector<Interval> constrained(LpSvm& lp, double delta, const std::vector<Preset>& presets, bool* infeasible) {
  const featrel::LpModelFit base = lp.fit_baseline(1.0);
  const double N = base.l1_norm;
  const LpBasis start = lp.save_basis();
  lp.set_budget((1 + delta) * N, (1 + delta) * base.loss);
  std::vector<Interval> free_iv;
  for (int j : lp.features())
    free_iv.push_back(interval(lp.bound(j, LpSense::minimize, start).objective,
                               lp.bound(j, LpSense::maximize, start).objective, N));
  for (const Preset& pr : presets) {
    double v = pr.value;
    if (v == -1) v = free_iv[pr.feature].upper;
    if (v == -2) v = free_iv[pr.feature].lower;
    lp.pin_magnitude(pr.feature, v * N, v * N, +1);
  }
  std::vector<Interval> out;
  *infeasible = !lp.feasible(start);
  for (int j : lp.features()) {
    const featrel::LpSolve a = lp.try_bound(j, LpSense::minimize, start);
    const featrel::LpSolve b = lp.try_bound(j, LpSense::maximize, start);
    if (!a.optimal || !b.optimal) {
      EXPECT_TRUE(*infeasible) << "feature " << j << " LP not optimal on a feasible class";
      EXPECT_EQ(a.status, featrel::LpStatus::primal_infeasible);
      out.push_back({-1, -1, 0, 0});
      continue;
    }
    out.push_back(interval(a.objective, b.objective, N));
  }
  lp.unpin_all();
  return out;
}

void expect_constrained(const std::vector<Interval>& got, const std::vector<std::pair<double, double>>& expected,
                        const std::vector<int>& skip) {
  for (std::size_t j = 0; j < expected.size(); ++j) {
    if (std::find(skip.begin(), skip.end(), static_cast<int>(j)) != skip.end()) continue;
    EXPECT_NEAR(got[j].lower, expected[j].first, 1e-4) << "feature " << j << " lower";
    EXPECT_NEAR(got[j].upper, expected[j].second, 1e-4) << "feature " << j << " upper";
  }
}

TEST_P(Reference61, ConstrainedClassificationC1) {
  const Ref61 d = make_ref61();
  LpSvm lp(d.X, d.y_class, LpTask::classification, kAll);
  lp.set_lazy_rows(GetParam());
  bool infeasible = false;
  expect_constrained(constrained(lp, 0.001, {{1, 0.0}}, &infeasible),
                     {{.501686, .505526}, {0, 0}, {.475449, .477230}, {.009199, .012860}, {.009074, .011571}}, {1});
  EXPECT_FALSE(infeasible);
  expect_constrained(constrained(lp, 0.001, {{1, -1}}, &infeasible),
                     {{.504172, .504172}, {0, 0}, {0, 0}, {.010349, .010349}, {.009250, .009250}}, {1});
  EXPECT_FALSE(infeasible);
  expect_constrained(constrained(lp, 0.001, {{0, -2}}, &infeasible),
                     {{0, 0}, {0, .476182}, {0, .476182}, {.011744, .011744}, {.011388, .011388}}, {0});
  EXPECT_FALSE(infeasible);
  expect_constrained(constrained(lp, 0.1, {{1, 0.0}}, &infeasible),
                     {{.444009, .599207}, {0, 0}, {.444455, .573733}, {0, .095321}, {0, .086840}}, {1});
  EXPECT_FALSE(infeasible);
  expect_constrained(constrained(lp, 0.1, {{1, -1}}, &infeasible),
                     {{.526267, .526267}, {0, 0}, {0, 0}, {0, 0}, {0, 0}}, {1});
  EXPECT_FALSE(infeasible);
  expect_constrained(constrained(lp, 0.1, {{0, -2}}, &infeasible),
                     {{0, 0}, {0, .519669}, {0, .519669}, {.044678, .044678}, {.037940, .037940}}, {0});
  EXPECT_FALSE(infeasible);
  // h1 = 0.5, h2 = 0.5: jointly infeasible with the model class; reported, not thrown.
  constrained(lp, 0.1, {{1, 0.5}, {2, 0.5}}, &infeasible);
  EXPECT_TRUE(infeasible);
}

INSTANTIATE_TEST_SUITE_P(LazyRows, Reference61, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& info) { return info.param ? "lazy" : "full"; });

}  // namespace
