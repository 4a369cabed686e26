// A plan executor for tests (featrel/task_plan.hpp): it sends every plan through JSON text, as a backend in another
// process would, and runs the tasks in reverse order with a worker entry (a method's run_plan_block, or
// featrel::run_plan_task), on a context of its own. A run through it must equal the local run to the last bit.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/task_plan.hpp"

namespace featrel::test {

class JsonRoundTripExecutor final : public PlanExecutor {
 public:
  using Json = TaskPlan::Json;
  using Worker = std::function<Json(const Dataset&, const Json& shared, const Json& task, const RunContext&)>;

  JsonRoundTripExecutor(const Dataset& data, std::string kind, Worker worker)
      : data_(data), kind_(std::move(kind)), worker_(std::move(worker)) {}

  std::vector<Json> run(const TaskPlan& plan, const RunContext&) override {
    ++plans;
    EXPECT_EQ(plan.kind, kind_);
    const TaskPlan shipped = TaskPlan::from_json(Json::parse(plan.to_json().dump()));
    RunContext worker;  // what a worker has: the seed in the plan, no executor of its own
    worker.threads = 1;
    std::vector<Json> out(shipped.tasks.size());
    for (std::size_t q = shipped.tasks.size(); q-- > 0;) {
      out[q] = Json::parse(worker_(data_, shipped.shared, shipped.tasks[q], worker).dump());
      ++tasks;
    }
    return out;
  }
  int plans = 0;
  int tasks = 0;

 private:
  const Dataset& data_;
  std::string kind_;
  Worker worker_;
};

}  // namespace featrel::test
