// The UBayFS ensemble's splits as a plain-data task plan of kind "ubayfs.splits" (featrel/task_plan.hpp): with
// built-in selectors only, a run whose plan goes through JSON text to a worker (tasks in reverse order) gives the
// local ensemble and the local UBayFS document to the last bit, with "auto" n and pooled selectors, and with
// outer-split repeats (whose plans must stay in the process: a worker holds all rows, not the split's). A user
// selector keeps the ensemble in the process.
#include <gtest/gtest.h>

#include "common/json_round_trip_executor.hpp"
#include "ensemble_test_data.hpp"
#include "ubayfs_cases.hpp"
#include "featrel/result_json.hpp"
#include "featrel/ubayfs.hpp"
#include "featrel/ubayfs_ensemble.hpp"

namespace {

using namespace featrel;

test::JsonRoundTripExecutor executor_for(const Dataset& d) {
  return test::JsonRoundTripExecutor(d, "ubayfs.splits", ubayfs::run_plan_block);
}

}  // namespace

TEST(UbayfsPlan, EnsembleThroughJsonEqualsTheLocalOne) {
  const Dataset& d = ensemble_test::wine();
  ubayfs::EnsembleOptions o;
  o.M = 40;
  o.tt_split = 0.7;  // n "auto": a random n per split
  const auto sel = ubayfs::builtin_selectors({"mrmr", "fisher", "laplace"}, o);
  RunContext local;
  local.threads = 2;
  const ubayfs::Ensemble a = ubayfs::run_ensemble(d, sel, o, 7, local);
  auto executor = executor_for(d);
  RunContext planned = local;
  planned.plan_executor = &executor;
  const ubayfs::Ensemble b = ubayfs::run_ensemble(d, sel, o, 7, planned);
  EXPECT_EQ(executor.plans, 1);
  EXPECT_EQ(executor.tasks, 32);  // at most 32 blocks of splits
  EXPECT_EQ(b.rows, a.rows);
  EXPECT_EQ(b.counts, a.counts);
  EXPECT_EQ(b.nr_features_per_split, a.nr_features_per_split);
  EXPECT_EQ(b.row_split, a.row_split);
  EXPECT_EQ(b.warnings, a.warnings);
}

TEST(UbayfsPlan, WholeRunWithRepeatsEqualsTheLocalOne) {
  const Dataset& d = ensemble_test::bcw();
  ubayfs::Options o;
  o.ensemble_size = 12;
  o.n_features_to_select = 5;
  o.repeats = 2;
  o.constraints = {ubayfs::cases::max_size(6, 1.0)};
  RunContext local;
  local.seed = 3;
  local.threads = 2;
  const ubayfs::Result a = ubayfs::run(d, o, local);
  ASSERT_FALSE(a.optima.empty());
  auto executor = executor_for(d);
  RunContext planned = local;
  planned.plan_executor = &executor;
  const ubayfs::Result b = ubayfs::run(d, o, planned);
  EXPECT_EQ(executor.plans, 1);  // the full-data ensemble only; the outer splits' ensembles stay local
  EXPECT_EQ(report::strip_timing(b.to_json()).dump(), report::strip_timing(a.to_json()).dump());
}

TEST(UbayfsPlan, AUserSelectorKeepsTheEnsembleLocal) {
  const Dataset& d = ensemble_test::wine();
  ubayfs::EnsembleOptions o;
  o.M = 6;
  o.n_features_to_select = 3;
  auto sel = ubayfs::builtin_selectors({"mrmr"}, o);
  sel.push_back({"first_three",
                 [](const Eigen::MatrixXd&, const selectors::Target&, int, const std::vector<int>&, std::uint64_t) {
                   return std::vector<int>{0, 1, 2};
                 }});
  auto executor = executor_for(d);
  RunContext ctx;
  ctx.plan_executor = &executor;
  const ubayfs::Ensemble e = ubayfs::run_ensemble(d, sel, o, 1, ctx);
  EXPECT_EQ(executor.plans, 0);
  EXPECT_EQ(e.rows.size(), 12u);
}
