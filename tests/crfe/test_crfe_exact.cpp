// docs/crfe.md#hand-computed-cases: exact, hand-computable values (tolerance 1e-12): β multiclass and binary with the λ cases and
// the tie rule, the conformal layer's p-values and metrics, and the stop rules on a given series in both modes.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <vector>

#include "featrel/crfe.hpp"

namespace {

using namespace featrel::crfe;

constexpr double kTol = 1e-12;

struct Multi {
  Eigen::MatrixXd X;
  std::vector<int> y;
  Eigen::MatrixXd W;
};

// K = 3, W = [[1, 0], [0, 2], [−1, 1]]; β rows (1, 2) y=0; (−1, 1) y=1; (2, 0) y=2; (0, −1) y=0.
Multi multi() {
  Multi m;
  m.X.resize(4, 2);
  m.X << 1, 2, -1, 1, 2, 0, 0, -1;
  m.y = {0, 1, 2, 0};
  m.W.resize(3, 2);
  m.W << 1, 0, 0, 2, -1, 1;
  return m;
}

void expect_beta(double lambda, double b0, double b1) {
  const Multi m = multi();
  const Eigen::VectorXd fast = beta_fast(class_sums(m.X, m.y, 3), m.W, lambda);
  const Eigen::VectorXd direct = beta_direct(m.X, m.y, 3, m.W, lambda);
  EXPECT_NEAR(fast[0], b0, kTol) << "lambda " << lambda;
  EXPECT_NEAR(fast[1], b1, kTol) << "lambda " << lambda;
  EXPECT_NEAR(direct[0], b0, kTol) << "lambda " << lambda;
  EXPECT_NEAR(direct[1], b1, kTol) << "lambda " << lambda;
}

TEST(CrfeBeta, MulticlassLambdaCases) {
  expect_beta(0.5, 0.75, 0.0);
  expect_beta(1.0, 1.0, -2.0);
  expect_beta(0.0, 0.5, 2.0);
  expect_beta(1.0 / 3.0, 2.0 / 3.0, 2.0 / 3.0);
}

TEST(CrfeBeta, TieRemovesTheLowerIndex) {
  const Multi m = multi();
  const Eigen::VectorXd beta = beta_fast(class_sums(m.X, m.y, 3), m.W, 1.0 / 3.0);
  // The two β agree to the last bit or within rounding; either way the tie rule must pick column 0 when equal.
  Eigen::VectorXd tied(2);
  tied << 2.0 / 3.0, 2.0 / 3.0;
  EXPECT_EQ(removal_order(tied, 1, true), std::vector<std::size_t>{0});
  EXPECT_EQ(removal_order(tied, 1, false), std::vector<std::size_t>{0});
  EXPECT_NEAR(beta[0], beta[1], kTol);
  // λ = 0.5: β = (0.75, 0) → feature 0 goes; RFE's c = (2, 5) → feature 0 goes too.
  EXPECT_EQ(removal_order(beta_fast(class_sums(m.X, m.y, 3), m.W, 0.5), 1, true), std::vector<std::size_t>{0});
  const Eigen::VectorXd c = rfe_importance(m.W);
  EXPECT_DOUBLE_EQ(c[0], 2.0);
  EXPECT_DOUBLE_EQ(c[1], 5.0);
  // Several at once: worst first, ties to the lower position.
  Eigen::VectorXd s(5);
  s << 1.0, 3.0, 3.0, -1.0, 2.0;
  EXPECT_EQ(removal_order(s, 3, true), (std::vector<std::size_t>{1, 2, 4}));
  EXPECT_EQ(removal_order(s, 2, false), (std::vector<std::size_t>{3, 0}));
}

TEST(CrfeBeta, Binary) {
  // w = (2, −1); rows (1, 0) +1; (0, 1) −1; (1, 1) −1 → β = (0, −2). Code 1 is +1.
  Eigen::MatrixXd X(3, 2);
  X << 1, 0, 0, 1, 1, 1;
  const std::vector<int> y{1, 0, 0};
  Eigen::MatrixXd w(1, 2);
  w << 2, -1;
  const ClassSums sums = class_sums(X, y, 2);
  const Eigen::VectorXd fast = beta_fast(sums, w, 0.5);
  const Eigen::VectorXd direct = beta_direct(X, y, 2, w, 0.5);
  for (const Eigen::VectorXd& b : {fast, direct}) {
    EXPECT_NEAR(b[0], 0.0, kTol);
    EXPECT_NEAR(b[1], -2.0, kTol);
  }
  // The OvA path with W = [−w; w] gives the same β for every λ.
  Eigen::MatrixXd W(2, 2);
  W << -2, 1, 2, -1;
  for (double lambda : {0.0, 0.25, 0.5, 1.0 / 3.0, 0.9, 1.0}) {
    const Eigen::VectorXd f = beta_fast(sums, W, lambda);
    const Eigen::VectorXd d = beta_direct(X, y, 2, W, lambda);
    EXPECT_NEAR(f[0], 0.0, kTol) << lambda;
    EXPECT_NEAR(f[1], -2.0, kTol) << lambda;
    EXPECT_NEAR(d[0], 0.0, kTol) << lambda;
    EXPECT_NEAR(d[1], -2.0, kTol) << lambda;
  }
}

TEST(CrfeBeta, FastFormMatchesDirectOnRandomData) {
  // The fast form on a subset of columns (as the loop indexes the surviving ones) against the direct form.
  Eigen::MatrixXd X = Eigen::MatrixXd::Random(40, 7);
  std::vector<int> y(40);
  for (int i = 0; i < 40; ++i) y[static_cast<std::size_t>(i)] = (i * 7) % 4;
  const ClassSums sums = class_sums(X, y, 4);
  const std::vector<std::size_t> cols{1, 4, 6};
  Eigen::MatrixXd W = Eigen::MatrixXd::Random(4, 3);
  Eigen::MatrixXd Xs(40, 3);
  for (int q = 0; q < 3; ++q) Xs.col(q) = X.col(static_cast<Eigen::Index>(cols[static_cast<std::size_t>(q)]));
  for (double lambda : {0.0, 0.3, 0.5, 1.0}) {
    const Eigen::VectorXd f = beta_fast(sums, W, lambda, cols);
    const Eigen::VectorXd d = beta_direct(Xs, y, 4, W, lambda);
    EXPECT_LT((f - d).cwiseAbs().maxCoeff(), 1e-12);
  }
}

// ---- conformal layer ---------------------------------------------------------------------------------------------

TEST(CrfeConformal, PValuesAndMetrics) {
  const std::vector<double> cal{0.1, 0.4, 0.4, 0.9};
  Eigen::MatrixXd A(4, 3);
  A << 0.05, 0.4, 1.0, 1.0, 0.95, 0.4, 1.0, 1.0, 1.0, 0.0, 0.1, 0.2;
  const std::vector<int> y{0, 2, 1, 1};
  const Eigen::MatrixXd P = conformal_pvalues(cal, A);
  Eigen::MatrixXd expected(4, 3);
  expected << 1, .8, .2, .2, .2, .8, .2, .2, .2, 1, 1, .8;
  EXPECT_LT((P - expected).cwiseAbs().maxCoeff(), kTol);

  const ConformalMetrics m = conformal_metrics(P, y, 0.25);
  EXPECT_NEAR(m.coverage, 0.75, kTol);
  EXPECT_NEAR(m.inefficiency, 1.5, kTol);
  EXPECT_NEAR(m.certainty, 0.25, kTol);
  EXPECT_NEAR(m.uncertainty, 0.25, kTol);
  EXPECT_NEAR(m.mistrust, 0.25, kTol);
  EXPECT_NEAR(m.credibility, 0.75, kTol);
  EXPECT_NEAR(m.confidence, 0.45, kTol);
  EXPECT_NEAR(m.s_score, 1.65, kTol);
  EXPECT_NEAR(m.fuzziness, 0.9, kTol);
  EXPECT_NEAR(m.pvalue_accuracy, 0.5, kTol);

  // At ε = 0.2 the strict rule gives the same sets; a "≥" rule would put all three labels in every row.
  const ConformalMetrics m2 = conformal_metrics(P, y, 0.2);
  EXPECT_NEAR(m2.inefficiency, 1.5, kTol);
  EXPECT_NEAR(m2.coverage, 0.75, kTol);
}

TEST(CrfeConformal, SmoothedPValuesAreSeededAndBracketed) {
  const std::vector<double> cal{0.1, 0.4, 0.4, 0.9};
  Eigen::MatrixXd A(2, 2);
  A << 0.4, 0.95, 0.0, 0.4;
  const Eigen::MatrixXd S1 = conformal_pvalues(cal, A, PValue::smoothed, 7, {10, 11});
  const Eigen::MatrixXd S2 = conformal_pvalues(cal, A, PValue::smoothed, 7, {10, 11});
  const Eigen::MatrixXd S3 = conformal_pvalues(cal, A, PValue::smoothed, 8, {10, 11});
  const Eigen::MatrixXd P = conformal_pvalues(cal, A);
  EXPECT_TRUE(S1 == S2);
  EXPECT_FALSE(S1 == S3);
  // (#> + U·(#= + 1))/(n + 1) lies between #>/(n+1) and the standard p-value.
  EXPECT_GE(S1(0, 0), 1.0 / 5.0);
  EXPECT_LE(S1(0, 0), P(0, 0));
  EXPECT_LE(S1(1, 0), 1.0);
  EXPECT_GE(S1(1, 0), 4.0 / 5.0);
}

TEST(CrfeConformal, NonconformityForms) {
  // Binary: α = −y·f, y = +1 for code 1.
  Eigen::MatrixXd D(2, 1);
  D << 0.5, -2.0;
  const Eigen::MatrixXd A = nonconformity(D, 2, 0.3);
  EXPECT_DOUBLE_EQ(A(0, 0), 0.5);
  EXPECT_DOUBLE_EQ(A(0, 1), -0.5);
  EXPECT_DOUBLE_EQ(A(1, 1), 2.0);
  // OvA: α(x, y) = −λ·D_y + λ′·Σ_{k≠y} D_k; K = 3, λ = 0.5, λ′ = 0.25.
  Eigen::MatrixXd D3(1, 3);
  D3 << 1.0, -1.0, 2.0;
  const Eigen::MatrixXd A3 = nonconformity(D3, 3, 0.5);
  EXPECT_NEAR(A3(0, 0), -0.5 + 0.25 * 1.0, kTol);
  EXPECT_NEAR(A3(0, 1), 0.5 + 0.25 * 3.0, kTol);
  EXPECT_NEAR(A3(0, 2), -1.0 + 0.25 * 0.0, kTol);
  // The K = 2 OvA form with decision values (−f, f) equals the binary form for every λ.
  Eigen::MatrixXd D2(2, 2);
  D2 << -0.5, 0.5, 2.0, -2.0;
  for (double lambda : {0.0, 0.5, 1.0}) EXPECT_LT((nonconformity(D2, 2, lambda) - A).cwiseAbs().maxCoeff(), kTol);
}

// ---- stopping rules ----------------------------------------------------------------------------------------------

const std::vector<double> kSeries{0, -1, -2, -3.1, -3.9, -5.1, -5.9, -7.1, -10, -12.5, -15};

// The first step at which the rule fires on the series, or -1.
int first_firing(StopMode mode, double sigma, std::size_t window, StopRule* keep = nullptr) {
  StopRule rule(mode, sigma, window);
  int fired = -1;
  for (std::size_t t = 0; t < kSeries.size(); ++t) {
    const StopObservation o = rule.observe(kSeries[t]);
    if (o.fired && fired < 0) fired = static_cast<int>(t);
  }
  if (keep) *keep = rule;
  return fired;
}

TEST(CrfeStop, WindowFromFraction) {
  EXPECT_EQ(stop_window(0.4, 0, 12), 4u);
  EXPECT_EQ(stop_window(0.4, 0, 35), 14u);
  EXPECT_EQ(stop_window(0.2, 0, 35), 7u);
  EXPECT_EQ(stop_window(0.4, 6, 35), 6u);
}

TEST(CrfeStop, PaperModeOnTheGivenSeries) {
  // p0 = 12, ψ = 4. σ = 3 fires at t = 8 with |D_8| = 1.7 > 3·0.37666; σ = 5 never fires.
  StopRule rule(StopMode::paper, 3.0, 4);
  int fired = -1;
  for (std::size_t t = 0; t < kSeries.size(); ++t) {
    const StopObservation o = rule.observe(kSeries[t]);
    if (t < 6) {
      EXPECT_FALSE(o.value.has_value()) << "armed only for t >= psi + 2";
    }
    if (t == 8) {
      ASSERT_TRUE(o.value.has_value());
      EXPECT_NEAR(*o.value, -1.7, 1e-12);
      EXPECT_NEAR(*o.scale, 3.0 * std::sqrt(0.141875), 1e-12);
      EXPECT_NEAR(*o.scale / 3.0, 0.37666, 1e-5);
      EXPECT_GT(*o.ratio, 1.0);
    }
    if (o.fired && fired < 0) fired = static_cast<int>(t);
  }
  EXPECT_EQ(fired, 8);  // with one feature per step, F_9 keeps 12 − 9 = 3 features
  EXPECT_EQ(first_firing(StopMode::paper, 5.0, 4), -1);
}

TEST(CrfeStop, ReferenceModeOnTheGivenSeries) {
  for (double sigma : {5.0, 3.0, 2.0}) {
    StopRule rule(StopMode::reference, sigma, 4);
    EXPECT_EQ(first_firing(StopMode::reference, sigma, 4, &rule), 8) << sigma;  // keeps |F_8| = 4
  }
  // The histories when it fires (t = 0…8, where the reference stops).
  StopRule rule(StopMode::reference, 5.0, 4);
  std::vector<StopObservation> obs;
  for (std::size_t t = 0; t <= 8; ++t) obs.push_back(rule.observe(kSeries[t]));
  const std::vector<double> G{0, 0, 0, 0, 0, 0.125, -0.125, 0.1, -0.1, -0.95, -0.85};
  const std::vector<double> S{0, 0, 0, 0, 0, 0.0217, 0.0678, 0.1125, 0.1125, 0.1290, 0.4288};
  ASSERT_EQ(rule.reference_g().size(), G.size());
  ASSERT_EQ(rule.reference_s().size(), S.size());
  for (std::size_t i = 0; i < G.size(); ++i) {
    EXPECT_NEAR(rule.reference_g()[i], G[i], 1e-12) << "G[" << i << "]";
    EXPECT_NEAR(rule.reference_s()[i], S[i], 5e-5) << "S[" << i << "]";
  }
  // At t = 8 the test reads G[end−1] = −0.95 against −σ·S[end−1] = −5·0.1290.
  EXPECT_NEAR(*obs[8].value, -0.95, 1e-12);
  EXPECT_NEAR(*obs[8].scale, -5 * 0.1290, 5e-4);
  EXPECT_TRUE(obs[8].fired);
  // σ = 1 fires at t = 5 (keeps 7).
  EXPECT_EQ(first_firing(StopMode::reference, 1.0, 4), 5);
  // ψ ≤ 1: never.
  EXPECT_EQ(first_firing(StopMode::reference, 0.01, 1), -1);
  EXPECT_EQ(first_firing(StopMode::reference, 0.01, 0), -1);
}

}  // namespace
