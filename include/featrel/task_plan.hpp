// Plain-data task plans: the independent pieces of a run's work written as data, so that a backend can run them in
// other processes or on other machines (the Python package sends them through joblib, e.g. to a Dask cluster).
//
// A plan names its kind (the runner that executes one task, e.g. "fri.blocks"), holds what every task needs
// besides the data (`shared`: settings and the fitted state the tasks start from) and one entry per task, all as
// JSON; a task's result is JSON too. A worker that holds the run's Dataset runs a task with run_plan_task
// (method_registry.hpp), which finds the runner by kind. A task's result depends only on the data, `shared` and
// the task, so any executor returns what the local run computes, to the last bit (doubles travel as JSON numbers
// with 17 significant digits, which read back exactly).
//
// Inside a run, run_plan hands the plan to ctx.plan_executor when one is set and otherwise runs the tasks here, on
// the run's executor, with the method's in-memory code for one task. Plans cover work worth shipping (each task
// seconds of LPs or forest fits); finer work stays on threads.
#pragma once

#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "featrel/run_context.hpp"

namespace featrel {

struct TaskPlan {
  using Json = nlohmann::ordered_json;
  std::string kind;          // the runner: "fri.blocks", ...
  std::string stage;         // progress stage of the tasks
  Json shared;               // what every task needs besides the data
  std::vector<Json> tasks;   // one entry per task

  // {"kind", "stage", "shared", "tasks"}, and back (InputError for a malformed document).
  Json to_json() const;
  static TaskPlan from_json(const Json& doc);
};

// Where the tasks of a plan run. Implementations return one result per task, in task order, each what
// run_plan_task(plan.kind, data, plan.shared, task) computes on the run's Dataset, and rethrow the first failure
// (an InputError, SolverError or Cancelled keeps its type where the backend can tell it).
class PlanExecutor {
 public:
  virtual ~PlanExecutor() = default;
  virtual std::vector<TaskPlan::Json> run(const TaskPlan& plan, const RunContext& ctx) = 0;
};

// Block b of `blocks` nearly equal blocks of n items: items [first, second). Plans cut their work with it.
std::pair<std::size_t, std::size_t> plan_block_range(std::size_t b, std::size_t blocks, std::size_t n);

// Runs every task of the plan: through ctx.plan_executor when set, otherwise local(i) for each task i on the run's
// executor (parallel_for, progress under plan.stage). Results in task order.
std::vector<TaskPlan::Json> run_plan(const TaskPlan& plan, const std::function<TaskPlan::Json(std::size_t)>& local,
                                     const RunContext& ctx);

}  // namespace featrel
