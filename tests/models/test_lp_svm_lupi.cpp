// featrel::LpSvm with a privileged block (docs/fri.md#privileged-information) against an independent dense
// formulation of the same LPs written out row by row here and solved cold with CLP: baseline objectives, every
// bound LP of the normal and the privileged block, folds, lazy rows on and off, all three tasks; and the exact
// case where a privileged block that carries nothing leaves the baseline of the plain LP unchanged.
#include <ClpSimplex.hpp>
#include <CoinPackedMatrix.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "featrel/lp_svm.hpp"
#include "featrel/rng.hpp"
#include "models/test_lp_svm_data.hpp"

namespace {

using featrel::LpBasis;
using featrel::LpPrivileged;
using featrel::LpSense;
using featrel::LpSvm;
using featrel::LpTask;

constexpr double kInf = std::numeric_limits<double>::max();

// The LUPI LP in its textbook form: one variable per quantity, one row per constraint, nothing shared with
// src/models. Variables: w+ (d), w- (d), b or θ (K-1), per function w*+ (d*), w*- (d*), b*, then g (n per
// function), then one slack per data row (two per regression sample).
struct Dense {
  ClpSimplex clp;
  std::vector<int> wplus, wminus, pplus[2], pminus[2];
  int n_fun = 0;
  int l1_row = -1, loss_row = -1;

  Dense(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, LpTask task, const Eigen::MatrixXd& Xp, double gamma,
        double kappa, double C, double epsilon, const std::vector<int>& samples, bool reference_margin) {
    const int d = static_cast<int>(X.cols()), dp = static_cast<int>(Xp.cols());
    n_fun = task == LpTask::classification ? 1 : 2;
    int K = 2;
    if (task == LpTask::ordinal) K = static_cast<int>(y.maxCoeff()) + 1;
    const int n_free = task == LpTask::ordinal ? K - 1 : 1;
    int nv = 0;
    std::vector<double> lo, hi, cost;
    auto var = [&](double l, double h, double c) {
      lo.push_back(l);
      hi.push_back(h);
      cost.push_back(c);
      return nv++;
    };
    for (int j = 0; j < d; ++j) wplus.push_back(var(0, kInf, 1.0));
    for (int j = 0; j < d; ++j) wminus.push_back(var(0, kInf, 1.0));
    std::vector<int> free;
    for (int f = 0; f < n_free; ++f) free.push_back(var(-kInf, kInf, 0.0));
    std::vector<int> bstar;
    for (int c = 0; c < n_fun; ++c) {
      for (int k = 0; k < dp; ++k) pplus[c].push_back(var(0, kInf, gamma));
      for (int k = 0; k < dp; ++k) pminus[c].push_back(var(0, kInf, gamma));
      bstar.push_back(var(-kInf, kInf, 0.0));
    }
    const int n = static_cast<int>(X.rows());
    std::vector<std::vector<int>> g(static_cast<std::size_t>(n_fun), std::vector<int>(static_cast<std::size_t>(n), -1));
    std::vector<int> gs, slacks;
    for (int c = 0; c < n_fun; ++c)
      for (int i : samples) {
        g[static_cast<std::size_t>(c)][static_cast<std::size_t>(i)] = var(0, kInf, C * kappa);
        gs.push_back(nv - 1);
      }
    auto slack = [&] {
      slacks.push_back(var(0, kInf, C));
      return slacks.back();
    };

    CoinPackedMatrix rows(false, 0, 0);
    rows.setDimensions(0, 0);
    std::vector<double> rlo, rhi;
    std::vector<int> idx;
    std::vector<double> val;
    auto begin = [&] {
      idx.clear();
      val.clear();
    };
    auto put = [&](int v, double a) {
      idx.push_back(v);
      val.push_back(a);
    };
    auto end = [&](double l, double h) {
      rows.appendRow(static_cast<int>(idx.size()), idx.data(), val.data());
      rlo.push_back(l);
      rhi.push_back(h);
    };
    auto put_f = [&](int i, double s) {  // s·(x_i·w)
      for (int j = 0; j < d; ++j) {
        put(wplus[static_cast<std::size_t>(j)], s * X(i, j));
        put(wminus[static_cast<std::size_t>(j)], -s * X(i, j));
      }
    };
    for (int i : samples) {
      const auto gi = [&](int c) { return g[static_cast<std::size_t>(c)][static_cast<std::size_t>(i)]; };
      switch (task) {
        case LpTask::classification: {  // y(w·x + b) + ξ + g ≥ 1 (reference: + y·g)
          begin();
          put_f(i, y[i]);
          put(free[0], y[i]);
          put(slack(), 1.0);
          put(gi(0), reference_margin ? y[i] : 1.0);
          end(1.0, kInf);
          break;
        }
        case LpTask::regression: {  // y - ε ≤ w·x + b + ξ⁺ - ξ⁻ + g⁺ - g⁻ ≤ y + ε
          begin();
          put_f(i, 1.0);
          put(free[0], 1.0);
          put(slack(), 1.0);
          put(slack(), -1.0);
          put(gi(0), 1.0);
          put(gi(1), -1.0);
          end(y[i] - epsilon, y[i] + epsilon);
          break;
        }
        case LpTask::ordinal: {
          const int k = static_cast<int>(y[i]);
          if (k < K - 1) {  // w·x - θ_k - ξ - g¹ ≤ -1
            begin();
            put_f(i, 1.0);
            put(free[static_cast<std::size_t>(k)], -1.0);
            put(slack(), -1.0);
            put(gi(1), -1.0);
            end(-kInf, -1.0);
          }
          if (k > 0) {  // w·x - θ_{k-1} + ξ + g⁰ ≥ 1
            begin();
            put_f(i, 1.0);
            put(free[static_cast<std::size_t>(k - 1)], -1.0);
            put(slack(), 1.0);
            put(gi(0), 1.0);
            end(1.0, kInf);
          }
          break;
        }
      }
    }
    for (int f = 0; f + 1 < n_free; ++f) {  // θ_f ≤ θ_{f+1}
      begin();
      put(free[static_cast<std::size_t>(f)], 1.0);
      put(free[static_cast<std::size_t>(f + 1)], -1.0);
      end(-kInf, 0.0);
    }
    for (int c = 0; c < n_fun; ++c)  // g_{c,i} = w*_c·x*_i + b*_c
      for (int i : samples) {
        begin();
        put(g[static_cast<std::size_t>(c)][static_cast<std::size_t>(i)], 1.0);
        for (int k = 0; k < dp; ++k) {
          put(pplus[c][static_cast<std::size_t>(k)], -Xp(i, k));
          put(pminus[c][static_cast<std::size_t>(k)], Xp(i, k));
        }
        put(bstar[static_cast<std::size_t>(c)], -1.0);
        end(0.0, 0.0);
      }
    // Budget rows, off until set_budget: Σ(w±) + γΣ(w*±) ≤ μ and Σξ + κΣg ≤ ρ.
    begin();
    for (int v : wplus) put(v, 1.0);
    for (int v : wminus) put(v, 1.0);
    for (int c = 0; c < n_fun; ++c) {
      for (int v : pplus[c]) put(v, gamma);
      for (int v : pminus[c]) put(v, gamma);
    }
    end(-kInf, kInf);
    l1_row = static_cast<int>(rlo.size()) - 1;
    begin();
    for (int v : slacks) put(v, 1.0);
    for (int v : gs) put(v, kappa);
    end(-kInf, kInf);
    loss_row = static_cast<int>(rlo.size()) - 1;
    rows.setDimensions(static_cast<int>(rlo.size()), nv);
    clp.setLogLevel(0);
    clp.loadProblem(rows, lo.data(), hi.data(), cost.data(), rlo.data(), rhi.data());
  }

  double solve() {
    clp.allSlackBasis(true);
    clp.initialSolve();
    EXPECT_EQ(clp.status(), 0);
    return clp.objectiveValue();
  }
  void budget(double mu, double rho) {
    clp.setRowUpper(l1_row, mu);
    clp.setRowUpper(loss_row, rho);
  }
  void objective(const std::vector<std::pair<int, double>>& terms) {
    for (int v = 0; v < clp.numberColumns(); ++v) clp.setObjectiveCoefficient(v, 0.0);
    for (const auto& [v, a] : terms) clp.setObjectiveCoefficient(v, clp.objective()[v] + a);
  }
};

struct Case {
  lp_test::Data data;
  Eigen::MatrixXd Xp;
};

// Normal columns: the generator's noisy columns; privileged block: the latent score itself (it tells how hard
// each sample is), a noisy copy of it and two noise columns, standardised.
Case make_case(LpTask task, std::uint64_t seed, int n) {
  Case c;
  c.data = lp_test::generate(n, 5, 2, 2, seed, task, 0.8);
  featrel::rng::Rng g(featrel::rng::derive(seed, "lupi_test"));
  c.Xp.resize(n, 4);
  for (int i = 0; i < n; ++i) {
    const double score = c.data.X(i, 0) + c.data.X(i, 2);
    c.Xp(i, 0) = score;
    c.Xp(i, 1) = score + 0.5 * g.normal();
    c.Xp(i, 2) = g.normal();
    c.Xp(i, 3) = g.normal();
  }
  lp_test::standardize(c.Xp);
  return c;
}

void expect_close(double a, double b, const char* what) {
  EXPECT_NEAR(a, b, 1e-6 * (1.0 + std::abs(b))) << what;
}

void compare(LpTask task, std::uint64_t seed, bool lazy, bool folds, bool reference_margin = false) {
  const int n = 60;
  const Case c = make_case(task, seed, n);
  const double C = 0.7, gamma = 0.8, kappa = 0.6, epsilon = task == LpTask::regression ? 0.05 : 0.0;
  std::vector<int> samples;
  for (int i = 0; i < n; ++i)
    if (!folds || i % 4 != 1) samples.push_back(i);
  LpPrivileged priv;
  priv.X = c.Xp;
  priv.features = lp_test::iota(4);
  priv.gamma = gamma;
  priv.kappa = kappa;
  priv.reference_margin = reference_margin;
  featrel::LpSvmOptions options;
  options.lazy_rows = lazy;
  LpSvm lp(c.data.X, c.data.y, task, lp_test::iota(5), epsilon, options, priv);
  ASSERT_EQ(lp.n_correcting_functions(), task == LpTask::classification ? 1 : 2);
  if (folds) lp.set_active_samples(samples);
  const featrel::LpModelFit fit = lp.fit_baseline(C);
  Dense ref(c.data.X, c.data.y, task, c.Xp, gamma, kappa, C, epsilon, samples, reference_margin);
  const double ref_objective = ref.solve();
  expect_close(fit.solve.objective, ref_objective, "baseline objective");
  // The fit's reported pieces add up to the objective: N = Σ|w| + γΣ|w*| and L = Σξ + κΣg.
  expect_close(fit.l1_norm + C * fit.loss, ref_objective, "N + C·L");
  double sum_w = 0.0;
  for (Eigen::Index j = 0; j < fit.w.size(); ++j) sum_w += std::abs(fit.w[j]);
  expect_close(fit.l1_norm, sum_w + gamma * fit.priv_l1_norm, "N");
  ASSERT_EQ(fit.priv_w.rows(), 4);
  ASSERT_EQ(static_cast<int>(fit.priv_bias.size()), lp.n_correcting_functions());

  const LpBasis base = lp.save_basis();
  const double mu = 1.05 * fit.l1_norm, rho = 1.1 * fit.loss + 0.5;
  lp.set_budget(mu, rho);
  ref.budget(mu, rho);
  for (int j = 0; j < 5; ++j) {
    for (LpSense sense : {LpSense::minimize, LpSense::maximize}) {
      const double s = sense == LpSense::minimize ? 1.0 : -1.0;
      ref.objective({{ref.wplus[static_cast<std::size_t>(j)], s}, {ref.wminus[static_cast<std::size_t>(j)], -s}});
      expect_close(lp.bound(j, sense, base).objective, s * ref.solve(), "normal bound");
    }
  }
  const int nf = lp.n_correcting_functions();
  double largest_privileged = 0.0;  // the comparison means something only if some privileged weight can move
  for (int k = 0; k < 4; ++k) {
    std::vector<std::array<double, 2>> combos = {{1.0, 0.0}};
    if (nf == 2) combos = {{1.0, 0.0}, {0.0, 1.0}, {1.0, 1.0}, {1.0, -1.0}};
    for (const auto& coef : combos) {
      for (LpSense sense : {LpSense::minimize, LpSense::maximize}) {
        const double s = sense == LpSense::minimize ? 1.0 : -1.0;
        std::vector<std::pair<int, double>> terms;
        for (int f = 0; f < nf; ++f) {
          terms.emplace_back(ref.pplus[f][static_cast<std::size_t>(k)], s * coef[static_cast<std::size_t>(f)]);
          terms.emplace_back(ref.pminus[f][static_cast<std::size_t>(k)], -s * coef[static_cast<std::size_t>(f)]);
        }
        ref.objective(terms);
        const double got =
            lp.bound_privileged(k, std::span<const double>(coef.data(), static_cast<std::size_t>(nf)), sense, base)
                .objective;
        expect_close(got, s * ref.solve(), "privileged bound");
        largest_privileged = std::max(largest_privileged, std::abs(got));
      }
    }
    std::vector<std::pair<int, double>> terms;
    for (int f = 0; f < nf; ++f) {
      terms.emplace_back(ref.pplus[f][static_cast<std::size_t>(k)], 1.0);
      terms.emplace_back(ref.pminus[f][static_cast<std::size_t>(k)], 1.0);
    }
    ref.objective(terms);
    expect_close(lp.min_privileged_magnitude(k, base).objective, ref.solve(), "privileged magnitude");
  }
  EXPECT_GT(largest_privileged, 1e-3);
}

TEST(LpSvmLupi, ClassificationMatchesTheDenseFormulation) { compare(LpTask::classification, 3, true, false); }
TEST(LpSvmLupi, ClassificationWithoutLazyRowsAndOnAFold) { compare(LpTask::classification, 4, false, true); }
TEST(LpSvmLupi, ClassificationLazyRowsOnAFold) { compare(LpTask::classification, 5, true, true); }
TEST(LpSvmLupi, ClassificationReferenceMargin) { compare(LpTask::classification, 6, true, false, true); }
TEST(LpSvmLupi, RegressionMatchesTheDenseFormulation) { compare(LpTask::regression, 7, true, false); }
TEST(LpSvmLupi, RegressionOnAFold) { compare(LpTask::regression, 8, false, true); }
TEST(LpSvmLupi, OrdinalMatchesTheDenseFormulation) { compare(LpTask::ordinal, 9, true, false); }
TEST(LpSvmLupi, OrdinalLazyRowsOnAFold) { compare(LpTask::ordinal, 10, true, true); }

// With κ = 1, a privileged block that carries nothing (a zero column) can only add a constant g_i = b* ≥ 0 to
// every row, which costs exactly what the same amount of slack on every row costs: the plain LP's optimum.
TEST(LpSvmLupi, AnEmptyPrivilegedBlockWithKappaOneLeavesTheBaselineUnchanged) {
  for (LpTask task : {LpTask::classification, LpTask::regression, LpTask::ordinal}) {
    const lp_test::Data data = lp_test::generate(50, 4, 2, 0, 11, task, 0.6);
    LpPrivileged priv;
    priv.X = Eigen::MatrixXd::Zero(50, 1);
    priv.features = {0};
    priv.kappa = 1.0;
    const double eps = task == LpTask::regression ? 0.05 : 0.0;
    LpSvm plain(data.X, data.y, task, lp_test::iota(4), eps);
    LpSvm lupi(data.X, data.y, task, lp_test::iota(4), eps, {}, priv);
    const auto a = plain.fit_baseline(0.5);
    const auto b = lupi.fit_baseline(0.5);
    EXPECT_NEAR(a.solve.objective, b.solve.objective, 1e-9 * (1.0 + a.solve.objective)) << featrel::to_string(task);
    EXPECT_EQ(b.priv_l1_norm, 0.0);
  }
}

// A privileged column that says how hard each sample is (here: the plain model's own slack per sample) is what
// a correcting function is for: with κ < 1 the baseline replaces slack by g = w*·x* + b* on that column, so the
// objective drops and that column, not the noise columns, carries the privileged weight.
TEST(LpSvmLupi, APrivilegedHardnessColumnLowersTheObjectiveAndCarriesTheWeight) {
  const Case c = make_case(LpTask::classification, 12, 120);
  LpSvm plain(c.data.X, c.data.y, LpTask::classification, lp_test::iota(5));
  const auto a = plain.fit_baseline(1.0);
  ASSERT_GT(a.loss, 1.0);
  Eigen::MatrixXd Xp = c.Xp;
  for (int i = 0; i < 120; ++i) Xp(i, 1) = a.sample_losses[static_cast<std::size_t>(i)];
  lp_test::standardize(Xp);
  LpPrivileged priv;
  priv.X = Xp;
  priv.features = {1, 2, 3};  // hardness and two noise columns
  priv.kappa = 0.5;
  LpSvm lupi(c.data.X, c.data.y, LpTask::classification, lp_test::iota(5), 0.0, {}, priv);
  const auto b = lupi.fit_baseline(1.0);
  EXPECT_LT(b.solve.objective, a.solve.objective - 0.1 * a.loss);
  EXPECT_GT(b.priv_w(1, 0), 0.0);  // harder samples get more correction
  EXPECT_GT(std::abs(b.priv_w(1, 0)), 10.0 * (std::abs(b.priv_w(2, 0)) + std::abs(b.priv_w(3, 0))));
  EXPECT_EQ(b.priv_w(0, 0), 0.0);  // not one of the LP's privileged columns
}

TEST(LpSvmLupi, BadPrivilegedInputIsRefused) {
  const lp_test::Data data = lp_test::generate(20, 3, 1, 0, 13, LpTask::classification);
  auto make = [&](LpPrivileged p) { LpSvm lp(data.X, data.y, LpTask::classification, lp_test::iota(3), 0.0, {}, p); };
  LpPrivileged p;
  p.X = Eigen::MatrixXd::Ones(19, 2);
  p.features = {0};
  EXPECT_THROW(make(p), std::invalid_argument);  // wrong row count
  p.X = Eigen::MatrixXd::Ones(20, 2);
  p.features = {2};
  EXPECT_THROW(make(p), std::invalid_argument);  // column outside X*
  p.features = {0, 0};
  EXPECT_THROW(make(p), std::invalid_argument);  // listed twice
  p.features = {0};
  p.gamma = 0.0;
  EXPECT_THROW(make(p), std::invalid_argument);
  p.gamma = 1.0;
  p.kappa = std::numeric_limits<double>::infinity();
  EXPECT_THROW(make(p), std::invalid_argument);
  p.kappa = 1.0;
  p.X(3, 1) = std::nan("");
  p.features = {1};
  EXPECT_THROW(make(p), std::invalid_argument);
  const lp_test::Data reg = lp_test::generate(20, 3, 1, 0, 13, LpTask::regression);
  LpPrivileged q;
  q.X = Eigen::MatrixXd::Ones(20, 1);
  q.features = {0};
  q.reference_margin = true;
  EXPECT_THROW(LpSvm(reg.X, reg.y, LpTask::regression, lp_test::iota(3), 0.0, {}, q), std::invalid_argument);
  LpSvm lp(data.X, data.y, LpTask::classification, lp_test::iota(3));
  const auto fit = lp.fit_baseline(1.0);
  const LpBasis base = lp.save_basis();
  EXPECT_THROW(lp.min_privileged_magnitude(0, base), std::invalid_argument);  // no privileged block
}

}  // namespace
