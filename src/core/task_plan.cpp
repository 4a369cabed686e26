// Task plans: their JSON form and where they run (featrel/task_plan.hpp).
#include "featrel/task_plan.hpp"

#include "featrel/error.hpp"
#include "featrel/thread_pool.hpp"

namespace featrel {

TaskPlan::Json TaskPlan::to_json() const {
  Json doc;
  doc["kind"] = kind;
  doc["stage"] = stage;
  doc["shared"] = shared;
  doc["tasks"] = Json::array();
  for (const auto& t : tasks) doc["tasks"].push_back(t);
  return doc;
}

TaskPlan TaskPlan::from_json(const Json& doc) {
  if (!doc.is_object() || !doc.contains("kind") || !doc["kind"].is_string() || !doc.contains("tasks") ||
      !doc["tasks"].is_array())
    throw InputError("a task plan is an object with a string 'kind' and a list 'tasks'");
  TaskPlan plan;
  plan.kind = doc["kind"].get<std::string>();
  if (doc.contains("stage") && doc["stage"].is_string()) plan.stage = doc["stage"].get<std::string>();
  plan.shared = doc.contains("shared") ? doc["shared"] : Json::object();
  for (const auto& t : doc["tasks"]) plan.tasks.push_back(t);
  return plan;
}

std::pair<std::size_t, std::size_t> plan_block_range(std::size_t b, std::size_t blocks, std::size_t n) {
  return {b * n / blocks, (b + 1) * n / blocks};
}

std::vector<TaskPlan::Json> run_plan(const TaskPlan& plan, const std::function<TaskPlan::Json(std::size_t)>& local,
                                     const RunContext& ctx) {
  if (ctx.plan_executor != nullptr) {
    ctx.check_cancel();
    std::vector<TaskPlan::Json> out = ctx.plan_executor->run(plan, ctx);
    if (out.size() != plan.tasks.size())
      throw SolverError("the plan executor returned " + std::to_string(out.size()) + " results for the " +
                        std::to_string(plan.tasks.size()) + " tasks of '" + plan.kind + "'");
    return out;
  }
  std::vector<TaskPlan::Json> out(plan.tasks.size());
  parallel_for(plan.tasks.size(), [&](std::size_t i) { out[i] = local(i); }, ctx, plan.stage);
  return out;
}

}  // namespace featrel
