// FRI's LP blocks as a plain-data task plan (featrel/task_plan.hpp): a plan executor that sends every plan through
// JSON text — as a backend in another process would — and runs the tasks in reverse order with the public worker
// entry (fri::run_plan_block) must give the document of the local run to the last bit, for a binary target with
// the search, a multiclass target, a regression target, reference mode, presets and grouping.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "featrel/fri.hpp"
#include "featrel/generate.hpp"
#include "featrel/lp_svm.hpp"
#include "featrel/report.hpp"
#include "featrel/task_plan.hpp"
#include "common/json_round_trip_executor.hpp"
#include "fri/fri_test_data.hpp"

namespace {

using Json = featrel::TaskPlan::Json;

std::string document(const featrel::fri::Result& r, const featrel::Dataset& d) {
  return featrel::report::json_text(featrel::report::strip_timing(r.to_json(d)));
}

void expect_same_through_plans(const featrel::Dataset& d, const featrel::fri::Options& o, std::uint64_t seed) {
  const featrel::fri::Result local = featrel::fri::run(d, o, fri_test::context(seed, 2));
  featrel::test::JsonRoundTripExecutor executor(d, "fri.blocks", featrel::fri::run_plan_block);
  featrel::RunContext ctx = fri_test::context(seed, 2);
  ctx.plan_executor = &executor;
  const featrel::fri::Result planned = featrel::fri::run(d, o, ctx);
  EXPECT_GT(executor.plans, 0);
  EXPECT_GT(executor.tasks, executor.plans);
  EXPECT_EQ(document(planned, d), document(local, d));
}

TEST(FriPlan, BasisSurvivesJson) {
  const featrel::Dataset d = fri_test::generated(fri_test::sim("fri-sim1", 120), 3);
  Eigen::MatrixXd X = d.X;
  Eigen::VectorXd y(static_cast<Eigen::Index>(d.n_samples()));
  for (std::size_t i = 0; i < d.n_samples(); ++i) y[static_cast<Eigen::Index>(i)] = d.labels[i] == 1 ? 1.0 : -1.0;
  std::vector<int> cols(static_cast<std::size_t>(X.cols()));
  for (std::size_t j = 0; j < cols.size(); ++j) cols[j] = static_cast<int>(j);
  featrel::LpSvm lp(X, y, featrel::LpTask::classification, cols, 0.0, {});
  const featrel::LpModelFit fit = lp.fit_baseline(1.0);
  const featrel::LpBasis basis = lp.save_basis();
  const Json j = basis.to_json();
  const featrel::LpBasis back = featrel::LpBasis::from_json(Json::parse(j.dump()));
  EXPECT_EQ(back.to_json().dump(), j.dump());
  // Bounds from the shipped basis equal bounds from the original, on two fresh LPs.
  featrel::LpSvm a(X, y, featrel::LpTask::classification, cols, 0.0, {});
  featrel::LpSvm b(X, y, featrel::LpTask::classification, cols, 0.0, {});
  a.set_budget(1.001 * fit.l1_norm, 1.001 * fit.loss);
  b.set_budget(1.001 * fit.l1_norm, 1.001 * fit.loss);
  for (int f = 0; f < 3; ++f) {
    EXPECT_EQ(a.bound(f, featrel::LpSense::maximize, basis).objective,
              b.bound(f, featrel::LpSense::maximize, back).objective);
  }
  EXPECT_THROW(featrel::LpBasis::from_json(Json{{"col_status", 1}}), featrel::InputError);
}

TEST(FriPlan, BinaryWithSearchPresetsAndGrouping) {
  const featrel::Dataset d = fri_test::generated(fri_test::sim("fri-sim1", 150), 5);
  featrel::fri::Options o;
  o.cv_folds = 3;
  o.n_probes = 20;
  o.grouping = true;
  // A preset inside a feature's interval (so it is feasible): the constrained bounds go through plans too.
  const featrel::fri::Result plain = featrel::fri::run(d, o, fri_test::context(7, 1));
  for (std::size_t j = 0; j < plain.features.size(); ++j) {
    const auto& f = plain.features[j];
    if (f.upper > f.lower + 1e-6) {
      o.presets.push_back({d.feature_names[j], f.lower + 0.25 * (f.upper - f.lower), f.lower + 0.75 * (f.upper - f.lower)});
      break;
    }
  }
  ASSERT_EQ(o.presets.size(), 1u);
  expect_same_through_plans(d, o, 7);
}

TEST(FriPlan, MulticlassRegressionAndReference) {
  {
    featrel::gen::RelevanceOptions g = fri_test::sim("fri-sim1", 150);
    g.task = "regression";
    expect_same_through_plans(fri_test::generated(g, 2), fri_test::fixed(1.0, 0.001, false, 0.1), 3);
  }
  {
    featrel::fri::Options ref = fri_test::fixed(1.0, 0.001, true);
    ref.n_probes = 12;
    expect_same_through_plans(fri_test::generated(fri_test::sim("fri-sim1", 100), 4), ref, 4);
  }
}

TEST(FriPlan, WorkerRefusesAMalformedPlan) {
  const featrel::Dataset d = fri_test::generated(fri_test::sim("fri-sim1", 80), 1);
  featrel::fri::Options o = fri_test::fixed(1.0, 0.001, false);
  Json shared{{"options", featrel::fri::option_table().to_json(o)}, {"seed", 1}, {"problem", 3}};
  EXPECT_THROW(featrel::fri::run_plan_block(d, shared, Json{{"lo", 0}, {"hi", 1}}, fri_test::context()),
               featrel::InputError);  // problem 3 of 1
}

}  // namespace
