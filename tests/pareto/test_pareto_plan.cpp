// pareto's permutation impacts as a plain-data task plan of kind "pareto.permutations" (featrel/task_plan.hpp): a
// run whose plan goes through JSON text to a worker that refits each task's classifier from the data, the options
// and the seed, tasks in reverse order, must give the local document to the last bit (timings aside), for the
// default classifiers, for a shared split with standardised inputs and a small permutation count, and for a wide
// table under --prefilter.
#include <gtest/gtest.h>

#include "common/json_round_trip_executor.hpp"
#include "common/wide_table.hpp"
#include "featrel/pareto.hpp"
#include "featrel/result_json.hpp"

using namespace featrel;

namespace {

Dataset wdbc_columns(std::size_t d) {
  CsvOptions o;
  o.target = "malignant";
  const Dataset full = read_csv(std::string(FEATREL_DATA_DIR) + "/breast_cancer_wisconsin_diagnostic.csv", o);
  std::vector<std::string> names(full.feature_names.begin(), full.feature_names.begin() + static_cast<long>(d));
  std::vector<std::string> target;
  for (int v : full.labels) target.push_back(full.classes[std::size_t(v)]);
  return make_dataset(full.X.leftCols(static_cast<Eigen::Index>(d)), names, target, o);
}

std::string document(const pareto::Result& r) { return report::strip_timing(pareto::to_json(r)).dump(); }

void expect_same_through_plans(const Dataset& data, const pareto::Options& o, std::uint64_t seed) {
  RunContext local;
  local.seed = seed;
  local.threads = 2;
  const pareto::Result a = pareto::run(data, o, local);
  test::JsonRoundTripExecutor executor(data, "pareto.permutations", pareto::run_plan_block);
  RunContext planned = local;
  planned.plan_executor = &executor;
  const pareto::Result b = pareto::run(data, o, planned);
  EXPECT_EQ(executor.plans, 1);
  EXPECT_GE(executor.tasks, static_cast<int>(o.classifiers.size()));
  EXPECT_EQ(document(b), document(a));
}

}  // namespace

TEST(ParetoPlan, DefaultClassifiersEqualTheLocalRun) {
  const Dataset data = wdbc_columns(10);
  pareto::Options o;
  o.permutations = 5;
  expect_same_through_plans(data, o, 3);
}

TEST(ParetoPlan, SharedStandardisedSplitEqualsTheLocalRun) {
  const Dataset data = wdbc_columns(6);
  pareto::Options o;
  o.classifiers = {"logreg", "nb", "rf"};
  o.standardize = {"logreg", "nb"};
  o.shared_split = true;
  o.permutations = 3;
  expect_same_through_plans(data, o, 11);
}

// --prefilter: a worker refits the classifier, filter included, so its block indexes the same kept columns.
TEST(ParetoPlan, PrefilteredWideRunEqualsTheLocalRun) {
  const Dataset data = featrel_test::wide_table(80, 300, 3, 2, 9);
  pareto::Options o;
  o.classifiers = {"nb", "logreg", "rf"};
  o.permutations = 3;
  o.prefilter = 30;
  expect_same_through_plans(data, o, 5);
}

TEST(ParetoPlan, AMalformedTaskIsAnInputError) {
  const Dataset data = wdbc_columns(4);
  pareto::Options o;
  const TaskPlan::Json shared{{"options", pareto::option_table().to_json(o)}, {"seed", 1}};
  EXPECT_THROW(pareto::run_plan_block(data, shared, TaskPlan::Json{{"classifier", 99}, {"lo", 0}, {"hi", 1}}, {}),
               InputError);
  EXPECT_THROW(pareto::run_plan_block(data, shared, TaskPlan::Json{{"classifier", 0}, {"lo", 0}, {"hi", 9}}, {}),
               InputError);
}
