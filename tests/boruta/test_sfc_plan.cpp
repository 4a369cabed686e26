// SFC's pools of forest fits as a plain-data task plan of kind "sfc.fits" (featrel/task_plan.hpp): a run whose
// plan goes through JSON text to a worker that rebuilds the rows, codes and forest settings from the data, the
// options and the seed, tasks in reverse order, must give the local document to the last bit (timings aside): with
// the defaults' pools (importance + shadow null, score null on V, tests with baselines) and with a held-out score,
// fresh forest seeds and repeated tests on a regression target.
#include <gtest/gtest.h>

#include "boruta_test_data.hpp"
#include "common/json_round_trip_executor.hpp"
#include "featrel/result_json.hpp"
#include "featrel/sfc.hpp"
#include "methods/boruta/sfc_internal.hpp"

using namespace featrel;

namespace {

std::string document(const sfc::Result& r, const Dataset& data) {
  return report::strip_timing(r.to_json(data)).dump();
}

void expect_same_through_plans(const Dataset& data, const sfc::Options& o, std::uint64_t seed) {
  const sfc::Result a = sfc::run(data, o, boruta_test::context(seed, 2));
  test::JsonRoundTripExecutor executor(data, "sfc.fits", sfc::run_plan_block);
  RunContext planned = boruta_test::context(seed, 2);
  planned.plan_executor = &executor;
  const sfc::Result b = sfc::run(data, o, planned);
  // One plan per pool: importance + shadow null, the score null on V, the tests (when V is not empty).
  EXPECT_EQ(executor.plans, a.relevant.empty() ? 1 : 3);
  EXPECT_GT(executor.tasks, executor.plans);
  EXPECT_FALSE(a.strong.empty());  // the comparison covers the tests' verdicts, not only empty pools
  EXPECT_EQ(document(b, data), document(a, data));
}

}  // namespace

TEST(SfcPlan, DefaultPoolsEqualTheLocalRun) {
  sfc::Options o;
  o.n_resampling = 20;
  o.trees = 60;
  expect_same_through_plans(boruta_test::make_classification_500x30(), o, 5);
}

TEST(SfcPlan, HoldoutFreshSeedsRepeatedTestsOnRegressionEqualTheLocalRun) {
  gen::RelevanceOptions g;
  g.task = "regression";
  g.n_samples = 240;
  g.n_features = 8;
  g.n_strong = 3;
  g.n_weak = 0;
  const Dataset data = boruta_test::from_generated(gen::generate_relevance(g, 4), TaskRequest::regression).data;
  sfc::Options o;
  o.n_resampling = 12;
  o.trees = 40;
  o.score = sfc::ScoreKind::holdout;
  o.null_seeds = sfc::NullSeeds::fresh;
  o.test_repeats = 2;
  expect_same_through_plans(data, o, 9);
}

TEST(SfcPlan, AMalformedTaskIsAnInputError) {
  const Dataset data = boruta_test::noise_data(80, 4);
  const TaskPlan::Json shared{{"options", sfc::option_table().to_json(sfc::Options{})}, {"seed", 1}};
  auto task_with = [](TaskPlan::Json q) { return TaskPlan::Json{{"queries", TaskPlan::Json::array({std::move(q)})}}; };
  const TaskPlan::Json good{{"kind", 0}, {"sample", 0}, {"repeat", 0}, {"columns", {0, 1}}, {"fit_seed", 3}};
  EXPECT_NO_THROW(sfc::run_plan_block(data, shared, task_with(good), {}));
  TaskPlan::Json bad_column = good;
  bad_column["columns"] = {0, 7};
  EXPECT_THROW(sfc::run_plan_block(data, shared, task_with(bad_column), {}), InputError);
  TaskPlan::Json bad_kind = good;
  bad_kind["kind"] = 12;
  EXPECT_THROW(sfc::run_plan_block(data, shared, task_with(bad_kind), {}), InputError);
  TaskPlan::Json short_permutation = good;
  short_permutation["permuted"] = 1;
  short_permutation["permutation"] = {0, 1, 2};
  EXPECT_THROW(sfc::run_plan_block(data, shared, task_with(short_permutation), {}), InputError);
}

// A pool of one fit (the importance model while the shadow nulls share their trees) gets the run's threads, since
// nothing runs beside it; fits of a larger pool are its tasks and get one each. (Equal results for any thread count
// and through the plan are asserted above and in SfcForest.IdenticalForAnyThreadCount.)
TEST(SfcPlan, ALoneFitGetsTheRunsThreadsAndPooledFitsOne) {
  std::vector<unsigned> seen(3, 0);
  const sfc::FitProvider record = [&](const sfc::FitQuery& q) {
    seen[q.sample] = q.threads;
    return sfc::FitOutcome{};
  };
  std::vector<sfc::FitQuery> queries(3);
  for (std::size_t i = 0; i < queries.size(); ++i) queries[i].sample = i;
  RunContext two = boruta_test::context(1, 2);
  std::vector<std::string> reports;
  two.progress = [&](std::string_view stage, std::size_t done, std::size_t total) {
    reports.push_back(std::string(stage) + " " + std::to_string(done) + "/" + std::to_string(total));
  };
  sfc::detail::run_fits({queries[0]}, record, sfc::detail::FitPlan{}, two, "lone");
  EXPECT_EQ(seen[0], 2u);
  EXPECT_EQ(reports, std::vector<std::string>{"lone 1/1"});  // the lone path reports as the pool does
  sfc::detail::run_fits({queries[1], queries[2]}, record, sfc::detail::FitPlan{}, two, "pool");
  EXPECT_EQ(seen[1], 1u);
  EXPECT_EQ(seen[2], 1u);
}
