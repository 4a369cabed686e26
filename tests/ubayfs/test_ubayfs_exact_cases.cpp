// docs/ubayfs.md#optimisation-cases: optimisation from given counts, weights and constraints must return the published optimal
// sets (every tie) with their exact utilities, for every optimiser that applies; plus the L1/L2 λ cases and the
// MH target of case P.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "featrel/result_json.hpp"
#include "ubayfs_cases.hpp"

namespace featrel::ubayfs {
namespace {

using namespace cases;
using Sets = std::vector<std::vector<std::size_t>>;

Sets sets_of(const Result& r) {
  Sets s;
  for (const auto& o : r.optima) s.push_back(o.features);
  return s;
}

Sets sorted(Sets s) {
  std::sort(s.begin(), s.end());
  return s;
}

Result solve_counts(const std::vector<double>& y, Options o, OptimizerKind kind, std::uint64_t seed = 0) {
  o.optimizer = kind;
  RunContext ctx;
  ctx.seed = seed;
  ctx.threads = 1;
  return optimise(counts(y), o, ctx, &bcw());
}

void expect_unique(const Result& r, const std::vector<std::size_t>& set, double theta, double log_util, double F) {
  ASSERT_EQ(r.optima.size(), 1u) << "optimiser " << r.optimizer.used;
  const SetEvaluation& e = r.optima[0];
  EXPECT_EQ(e.features, set);
  EXPECT_NEAR(e.posterior_feature_utility, theta, 1e-12);
  EXPECT_NEAR(e.log_total_utility, log_util, 1e-9);
  if (!std::isnan(F)) {
    EXPECT_NEAR(e.log_objective, F, 1e-9);
  }
  EXPECT_DOUBLE_EQ(e.admissibility, 1.0);
  EXPECT_TRUE(e.violated_rows.empty());
}

const std::vector<OptimizerKind> kExactKinds = {OptimizerKind::automatic, OptimizerKind::exact};

TEST(UbayfsExact, V1VignetteUniqueOptimum) {
  const std::vector<std::size_t> v1 = {1, 2, 6, 7, 13, 21, 22, 25, 26, 27};
  for (auto kind : kExactKinds) {
    const Result r = solve_counts(y_pub, vignette(), kind);
    expect_unique(r, v1, (791 + 154.0 / 450) / 1001, -0.2350242601, 0.5825237682);
    EXPECT_NEAR(r.optima[0].avg_abs_correlation, 0.614470, 1e-6);
    EXPECT_TRUE(r.optimizer.proven_optimal);
  }
  const Result auto_run = solve_counts(y_pub, vignette(), OptimizerKind::automatic);
  EXPECT_EQ(auto_run.optimizer.used, "exact");  // N = 30 > 20 and rows other than max-size
  EXPECT_LT(auto_run.optimizer.nodes, 200000u);
}

TEST(UbayfsExact, V2SeedOneCounts) {
  const Result r = solve_counts(y_s1, vignette(), OptimizerKind::automatic);
  expect_unique(r, {1, 2, 6, 7, 13, 21, 22, 25, 26, 27}, (792 + 154.0 / 450) / 1001, -0.2337613821, 0.5830815419);
}

TEST(UbayfsExact, BlockCaseReturnsAllTenTies) {
  const double corr[10] = {0.994957, 0.768651, 0.851156, 0.862388, 0.779625,
                           0.859787, 0.805286, 0.775789, 0.783354, 0.781375};
  const Sets named = {{20, 22, 23}, {20, 23, 26}, {20, 23, 27}, {20, 22, 27}, {20, 26, 27},
                      {22, 23, 27}, {22, 26, 27}, {23, 26, 27}, {20, 22, 26}, {22, 23, 26}};
  for (auto kind : kExactKinds) {
    const Result r = solve_counts(y_s1, block_case(), kind);
    ASSERT_EQ(sorted(sets_of(r)), b_ties());
    EXPECT_FALSE(r.optimizer.ties_truncated);
    for (const auto& e : r.optima) {
      EXPECT_NEAR(e.posterior_feature_utility, 306.0 / 1035, 1e-12);
      EXPECT_NEAR(e.log_total_utility, -1.2185716037, 1e-9);
      EXPECT_NEAR(e.log_objective, 0.2590141776, 1e-9);
      EXPECT_DOUBLE_EQ(e.admissibility, 1.0);
      const auto it = std::find(named.begin(), named.end(), e.features);
      ASSERT_NE(it, named.end());
      EXPECT_NEAR(e.avg_abs_correlation, corr[it - named.begin()], 1e-6);
    }
    for (std::size_t j : {20, 22, 23, 26, 27}) EXPECT_DOUBLE_EQ(r.optimum_frequency(j), 0.6);
  }
}

TEST(UbayfsExact, T1T2MaxSizeOnlyUsesTopk) {
  const Result t1 = solve_counts(y_s1, max_size_case(), OptimizerKind::automatic);
  EXPECT_EQ(t1.optimizer.used, "topk");
  expect_unique(t1, {2, 6, 7, 13, 20, 21, 22, 23, 26, 27}, 975.0 / 1030, -0.0548766102, 0.6660852585);
  EXPECT_NEAR(t1.optima[0].avg_abs_correlation, 0.706257, 1e-6);

  Options o = max_size_case();
  o.weights = w_t();
  for (auto kind : {OptimizerKind::automatic, OptimizerKind::exact, OptimizerKind::topk}) {
    const Result t2 = solve_counts(y_s1, o, kind);
    ASSERT_EQ(sets_of(t2), (Sets{{1, 6, 7, 13, 20, 21, 22, 23, 26, 27}, {1, 6, 7, 13, 21, 22, 23, 24, 26, 27}}));
    for (const auto& e : t2.optima) {
      EXPECT_NEAR(e.posterior_feature_utility, 1309.0 / 2383, 1e-12);
      EXPECT_NEAR(e.log_total_utility, -0.5990967112, 1e-9);
    }
  }
}

TEST(UbayfsExact, T3CannotLinkThreeTies) {
  Options o = max_size_case();
  o.weights = w_t();
  o.constraints.push_back(link(RowKind::cannot_link, {"6", "7", "13"}, kHard));
  for (auto kind : kExactKinds) {
    const Result r = solve_counts(y_s1, o, kind);
    const std::vector<std::size_t> base = {1, 6, 20, 21, 22, 23, 24, 26, 27};
    Sets expected;
    for (std::size_t extra : {4, 11, 14}) {
      auto s = base;
      s.push_back(extra);
      std::sort(s.begin(), s.end());
      expected.push_back(s);
    }
    ASSERT_EQ(sorted(sets_of(r)), sorted(expected));
    for (const auto& e : r.optima) {
      EXPECT_NEAR(e.posterior_feature_utility, 1260.0 / 2383, 1e-12);
      EXPECT_NEAR(e.log_total_utility, -0.6372484772, 1e-9);
      if (std::binary_search(e.features.begin(), e.features.end(), std::size_t{4})) {
        EXPECT_NEAR(e.avg_abs_correlation, 0.509149, 1e-6);
      }
    }
  }
}

TEST(UbayfsExact, D1D2DocumentationExample) {
  const Result d1 = solve_counts(y_auto, max_size_case(), OptimizerKind::automatic);
  expect_unique(d1, {2, 6, 7, 13, 20, 21, 22, 23, 26, 27}, 903.0 / 1742, -0.6570666040, std::nan(""));
  EXPECT_NEAR(d1.optima[0].avg_abs_correlation, 0.706257, 1e-6);
  for (auto kind : kExactKinds) {
    const Result d2 = solve_counts(y_auto, characteristic_blocks(), kind);
    expect_unique(d2, {2, 3, 12, 13, 22, 23}, 493.0 / 1742, -1.2622799834, std::nan(""));
    EXPECT_NEAR(d2.optima[0].avg_abs_correlation, 0.816186, 1e-6);
  }
}

TEST(UbayfsExact, L1HardRowsStayHardUnlessCompat) {
  Options o = max_size_case(kHard);
  o.lambda = 0.4;
  const Result r = solve_counts(y_auto, o, OptimizerKind::automatic);
  ASSERT_EQ(r.optima.size(), 1u);
  EXPECT_EQ(r.optima[0].features, (std::vector<std::size_t>{2, 6, 7, 13, 20, 21, 22, 23, 26, 27}));
  EXPECT_NEAR(r.optima[0].log_objective, -0.0851552570, 1e-9);
  EXPECT_TRUE(std::any_of(r.warnings.begin(), r.warnings.end(),
                          [](const std::string& w) { return w.find("lambda") != std::string::npos; }));

  o.compat_reference = true;  // R's scoring: a violating set scores ln θ̂ᵀδ, so all 30 features win
  const Result c = solve_counts(y_auto, o, OptimizerKind::exact);
  ASSERT_EQ(c.optima.size(), 1u);
  EXPECT_EQ(c.optima[0].features.size(), 30u);
  EXPECT_NEAR(c.optima[0].log_objective, 0.0, 1e-12);
  EXPECT_NEAR(c.optima[0].total_utility, 0.6, 1e-12);
  EXPECT_EQ(c.optima[0].admissibility, 0.0);
  EXPECT_EQ(c.optima[0].violated_rows.size(), 1u);
}

TEST(UbayfsExact, L2SmallLambdaSwampsSoftRows) {
  for (bool compat : {false, true}) {
    Options o = block_case();
    o.lambda = 0.1;
    o.compat_reference = compat;
    const Result r = solve_counts(y_s1, o, OptimizerKind::exact);
    ASSERT_EQ(r.optima.size(), 1u);
    EXPECT_EQ(r.optima[0].features.size(), 30u);
    EXPECT_NEAR(r.optima[0].log_objective, 0.0, 1e-12);
    EXPECT_GT(r.optima[0].log_objective, 0.0);
  }
}

TEST(UbayfsExact, PMhTargetPrefersWorstRadiusOverV1) {
  Options o = vignette();
  const Result r = solve_counts(y_pub, o, OptimizerKind::exact);
  const std::vector<std::size_t> p = {2, 6, 7, 13, 20, 21, 22, 25, 26, 27};
  const std::vector<std::size_t> v1 = {1, 2, 6, 7, 13, 21, 22, 25, 26, 27};
  const double lp = mh_log_target(r.problem, p, 0.01), lv = mh_log_target(r.problem, v1, 0.01);
  EXPECT_GT(lp, lv);
  // P and V1 differ in one feature: P holds 20 (worst radius), V1 holds 1. The Dirichlet part differs by
  // (α°_20 − α°_1)·ln 101. The must-link {0, 10, 20} is 6 rows δ_i − δ_j ≤ 0 (i ≠ j), each with the paper
  // φ = σ(ρ̃(b + ε − u)), ρ̃ = 0.1·‖α°‖₁, ε = 0.5, satisfied or not: V1 has u = 0 on all 6; P has u = 1 on the
  // two rows 20 − 0 and 20 − 10 (broken, about 50 nats each), u = −1 on 0 − 20 and 10 − 20, u = 0 on the other
  // two. The cannot-link and max-size rows see the same u in both sets.
  double alpha_sum = 0;
  for (std::size_t j = 0; j < 30; ++j) alpha_sum += r.problem.prior[j] + r.problem.counts[j];
  const double a20 = r.problem.prior[20] + r.problem.counts[20], a1 = r.problem.prior[1] + r.problem.counts[1];
  EXPECT_NEAR(a20, 100 + 10.0 / 450, 1e-12);
  EXPECT_NEAR(a1, 10 + 15.0 / 450, 1e-12);
  const double rho = 0.1 * alpha_sum;
  const auto log_sigma = [](double x) { return x > 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x)); };
  const double must_link = 2 * log_sigma(rho * (0.5 - 1)) + 2 * log_sigma(rho * (0.5 + 1)) + 2 * log_sigma(rho * 0.5) -
                           6 * log_sigma(rho * 0.5);
  EXPECT_NEAR(lp - lv, (a20 - a1) * std::log(101.0) + must_link, 1e-9);
  EXPECT_NEAR(must_link / 2, -0.5 * rho, 0.05);  // about 50 nats per broken row: ρ̃ ≈ 100
  // No single flip or swap of P improves the MH target.
  for (std::size_t j = 0; j < 30; ++j) {
    auto q = p;
    auto it = std::find(q.begin(), q.end(), j);
    if (it != q.end()) q.erase(it);
    else q.push_back(j);
    std::sort(q.begin(), q.end());
    EXPECT_LE(mh_log_target(r.problem, q, 0.01), lp) << "flip " << j;
  }
}

// Every optimiser that applies must find the optima; the GA with polish under seeds 1..10.
TEST(UbayfsExact, GaWithPolishFindsEveryOptimumAndTie) {
  Options t3 = max_size_case();
  t3.weights = w_t();
  t3.constraints.push_back(link(RowKind::cannot_link, {"6", "7", "13"}, kHard));
  struct Case {
    const std::vector<double>* y;
    Options o;
  };
  const std::vector<Case> cs = {{&y_pub, vignette()}, {&y_s1, block_case()}, {&y_s1, t3},
                                {&y_auto, characteristic_blocks()}};
  for (const auto& c : cs) {
    const Sets want = sorted(sets_of(solve_counts(*c.y, c.o, OptimizerKind::exact)));
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const Result r = solve_counts(*c.y, c.o, OptimizerKind::ga, seed);
      EXPECT_EQ(sorted(sets_of(r)), want) << "seed " << seed;
      EXPECT_EQ(r.optimizer.used, "ga+polish");
      EXPECT_FALSE(r.optimizer.proven_optimal);
    }
  }
}

TEST(UbayfsExact, ReferenceGaReachesTheSimpleOptima) {
  Options t2 = max_size_case();
  t2.weights = w_t();
  struct Case {
    const std::vector<double>* y;
    Options o;
  };
  const std::vector<Case> cs = {{&y_pub, vignette()}, {&y_s1, max_size_case()}, {&y_s1, t2}, {&y_auto, max_size_case()}};
  for (const auto& c : cs) {
    const Sets want = sets_of(solve_counts(*c.y, c.o, OptimizerKind::exact));
    int hits = 0;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      Options o = c.o;
      o.compat_reference = true;
      const Result r = solve_counts(*c.y, o, OptimizerKind::automatic, seed);
      EXPECT_EQ(r.optimizer.used, "ga");
      const Sets got = sets_of(r);
      hits += std::find(got.begin(), got.end(), want.front()) != got.end() ? 1 : 0;
    }
    EXPECT_GE(hits, 9);
  }
}

}  // namespace
}  // namespace featrel::ubayfs
