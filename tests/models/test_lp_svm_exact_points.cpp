// featrel::LpSvm answers are points of the LP itself, not of CLP's tolerance band around it: on a near-chance
// baseline (heart disease, class 2 against the rest, C = 1: one feature carries the whole weight and most bound LPs
// run into the L1 budget) CLP's primal simplex stopped with up to 1e-6 of every w± column below 0, and the bounded
// weight collected that budget: |w_j| = 1.0016·‖w*‖₁ under an L1 budget of 1.001·‖w*‖₁. Every bound's solution
// must satisfy the budget rows and the data rows to rounding.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/lp_svm.hpp"

#ifndef FEATREL_DATA_DIR
#define FEATREL_DATA_DIR "data"
#endif

namespace {

using featrel::LpBasis;
using featrel::LpModelFit;
using featrel::LpSense;
using featrel::LpSolve;
using featrel::LpSvm;
using featrel::LpTask;

struct Problem {
  Eigen::MatrixXd Z;  // z-scored features (population sd), constant ones left out
  Eigen::VectorXd y;  // +1: class 2, -1: the rest
};

Problem heart_disease_class_2() {
  featrel::CsvOptions o;
  o.target = "57";
  o.drop = {"75"};  // the patients' names
  o.task = featrel::TaskRequest::multiclass;
  o.impute = featrel::Impute::median;
  o.na_values = {"-9"};
  const featrel::Dataset data = featrel::read_csv(std::string(FEATREL_DATA_DIR) + "/heart_disease_uci_raw76.csv", o);
  Problem p;
  const std::vector<std::size_t> kept = data.nonconstant_features();
  p.Z.resize(data.X.rows(), static_cast<Eigen::Index>(kept.size()));
  for (std::size_t k = 0; k < kept.size(); ++k) {
    const Eigen::VectorXd c = data.X.col(static_cast<Eigen::Index>(kept[k]));
    const double mean = c.mean();
    const double sd = std::sqrt((c.array() - mean).square().mean());
    p.Z.col(static_cast<Eigen::Index>(k)) = (c.array() - mean) / sd;
  }
  std::size_t two = data.classes.size();
  for (std::size_t c = 0; c < data.classes.size(); ++c)
    if (std::stod(data.classes[c]) == 2.0) two = c;
  EXPECT_LT(two, data.classes.size()) << "no class 2";
  p.y.resize(data.X.rows());
  for (Eigen::Index i = 0; i < data.X.rows(); ++i) p.y[i] = data.y[i] == static_cast<double>(two) ? 1.0 : -1.0;
  return p;
}

TEST(LpSvmExactPoints, BoundSolutionsKeepTheBudgetsOnANearChanceBaseline) {
  const Problem p = heart_disease_class_2();
  std::vector<int> features;
  for (int j = 0; j < static_cast<int>(p.Z.cols()); ++j) features.push_back(j);
  LpSvm lp(p.Z, p.y, LpTask::classification, features, 0.0);
  const LpModelFit base = lp.fit_baseline(1.0);
  ASSERT_GT(base.l1_norm, 0.0);
  const LpBasis start = lp.save_basis();
  const double mu = 1.001 * base.l1_norm;
  const double rho = 1.08 * base.loss;
  lp.set_budget(mu, rho);
  int at_budget = 0;
  for (int j = 0; j < 12; ++j) {
    for (LpSense s : {LpSense::minimize, LpSense::maximize}) {
      const LpSolve r = lp.bound(j, s, start);
      const LpModelFit at = lp.solution();
      const std::string what = "feature " + std::to_string(j) + " " + featrel::to_string(s);
      EXPECT_LE(std::abs(r.objective), mu * (1 + 1e-12)) << what;
      EXPECT_LE(at.w.lpNorm<1>(), mu * (1 + 1e-12)) << what;
      if (std::abs(r.objective) >= mu * (1 - 1e-9)) ++at_budget;
      // The worst slack below 0 and the worst margin row short of 1 (their sample in the message).
      double loss = 0.0, worst_slack = 0.0, worst_margin = 0.0;
      Eigen::Index slack_at = -1, margin_at = -1;
      for (Eigen::Index i = 0; i < p.Z.rows(); ++i) {
        const double xi = at.sample_losses[static_cast<std::size_t>(i)];
        const double short_of = 1.0 - (p.y[i] * (p.Z.row(i).dot(at.w) + at.bias) + xi);
        if (-xi > worst_slack) worst_slack = -xi, slack_at = i;
        if (short_of > worst_margin) worst_margin = short_of, margin_at = i;
        loss += xi;
      }
      EXPECT_LE(worst_slack, 1e-9) << what << ", sample " << slack_at;
      EXPECT_LE(worst_margin, 1e-9) << what << ", sample " << margin_at;
      EXPECT_LE(loss, rho * (1 + 1e-12)) << what;
    }
  }
  // The case this guards: most of these bounds are the L1 budget itself.
  EXPECT_GE(at_budget, 12);
}

}  // namespace
