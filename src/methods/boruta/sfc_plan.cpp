// SFC's pools of independent forest fits as the task plan "sfc.fits" (featrel/task_plan.hpp): the importance
// model with the shadow null, the score null, and the strong tests with their baselines. A task is a block of
// fit queries; a worker elsewhere rebuilds the run's rows, binned codes and forest settings from the data, the
// options and the seed (all deterministic) and answers the queries, so every executor returns the local fits to
// the last bit. Locally the queries run one per pool task on the run's threads, without any JSON.
#include <algorithm>
#include <string>

#include "featrel/error.hpp"
#include "featrel/task_plan.hpp"
#include "featrel/thread_pool.hpp"
#include "methods/boruta/boruta_internal.hpp"
#include "methods/boruta/sfc_internal.hpp"

namespace featrel::sfc::detail {

namespace {

using Json = TaskPlan::Json;

// At most this many plan tasks per pool: enough to keep a cluster busy, few enough that a worker's binning of the
// data is paid rarely.
constexpr std::size_t kMaxFitTasks = 32;

Json query_json(const FitQuery& q) {
  Json j{{"kind", static_cast<int>(q.kind)}, {"sample", q.sample},   {"repeat", q.repeat},
         {"columns", q.columns},             {"fit_seed", q.fit_seed}};
  if (q.permuted) {
    j["permuted"] = *q.permuted;
    j["permutation"] = q.permutation;
  }
  return j;
}

FitQuery query_of(const Json& j, std::size_t n_columns, std::size_t n_rows) {
  FitQuery q;
  const int kind = j.at("kind").get<int>();
  if (kind < 0 || kind > static_cast<int>(FitKind::partner_baseline))
    throw InputError("sfc: a task plan names fit kind " + std::to_string(kind));
  q.kind = static_cast<FitKind>(kind);
  q.sample = j.at("sample").get<std::size_t>();
  q.repeat = j.at("repeat").get<std::size_t>();
  q.columns = j.at("columns").get<std::vector<std::size_t>>();
  q.fit_seed = j.at("fit_seed").get<std::uint64_t>();
  for (std::size_t c : q.columns)
    if (c >= n_columns)
      throw InputError("sfc: a task plan names column " + std::to_string(c) + " of " + std::to_string(n_columns));
  if (j.contains("permuted")) {
    q.permuted = j.at("permuted").get<std::size_t>();
    q.permutation = j.at("permutation").get<std::vector<std::size_t>>();
    if (*q.permuted >= q.columns.size() || q.permutation.size() != n_rows ||
        std::any_of(q.permutation.begin(), q.permutation.end(), [&](std::size_t i) { return i >= n_rows; }))
      throw InputError("sfc: a task plan's permuted column or permutation does not fit the data");
  }
  return q;
}

}  // namespace

FitSetup fit_setup(const Dataset& data, const Options& options, std::uint64_t seed) {
  FitSetup su;
  su.o = effective_options(options);
  su.o.importance_model = resolve_importance_model(su.o, data.n_samples(), data.n_features());
  validate(su.o);
  su.rows = score_rows(data, su.o, seed);
  // min_leaf auto becomes a number for the rows the fits train on; the Boruta step (all rows) uses it as well.
  // Small cohorts get smaller leaves in the fits on V so that a test forest can show one feature's loss
  // (docs/boruta.md, row 20). null_matrix all (also set by compat reference, which keeps squamish's 20) takes the
  // score null from the shadow-null fits on all columns, so there the tests keep their leaf size too.
  const std::size_t n_train = su.rows.train.empty() ? data.n_samples() : su.rows.train.size();
  su.leaf = forest::resolve_min_leaf(su.o.forest, n_train);
  su.test_leaf = su.o.null_matrix == NullMatrix::all ? su.leaf
                                                      : forest::resolve_min_leaf(su.o.forest, n_train, kLeavesPerTree);
  su.o.forest.min_leaf = su.leaf.rows;
  boruta::detail::check_data(data, "sfc", su.o.forest.row_fraction, su.leaf.rows, data.n_samples());
  if (!su.rows.train.empty())
    boruta::detail::check_data(data, "sfc", su.o.forest.row_fraction, su.leaf.rows, su.rows.train.size());
  return su;
}

Json answer_block(const Json& task, const FitProvider& fits, std::size_t n_columns, std::size_t n_rows,
                  const RunContext& ctx) {
  Json outcomes = Json::array();
  for (const Json& q : task.at("queries")) {
    ctx.check_cancel();
    const FitOutcome o = fits(query_of(q, n_columns, n_rows));
    outcomes.push_back(Json{{"importance", o.importance}, {"score", o.score}});
  }
  return Json{{"outcomes", std::move(outcomes)}};
}

std::vector<FitOutcome> run_fits(const std::vector<FitQuery>& queries, const FitProvider& fits, const FitPlan& plan_of,
                                 const RunContext& ctx, std::string_view stage) {
  std::vector<FitOutcome> out(queries.size());
  if (plan_of.options == nullptr || ctx.plan_executor == nullptr) {
    if (queries.size() == 1 && ctx.executor == nullptr) {  // nothing to run beside it: the run's threads
      FitQuery lone = queries.front();
      lone.threads = ctx.resolved_threads();
      ctx.check_cancel();
      out[0] = fits(lone);
      ctx.report(stage, 1, 1);  // as parallel_for would have
      return out;
    }
    parallel_for(queries.size(), [&](std::size_t i) { out[i] = fits(queries[i]); }, ctx, stage);
    return out;
  }
  TaskPlan plan;
  plan.kind = "sfc.fits";
  plan.stage = std::string(stage);
  plan.shared = Json{{"options", option_table().to_json(*plan_of.options)}, {"seed", plan_of.seed}};
  const std::size_t blocks = std::min(queries.size(), kMaxFitTasks);
  for (std::size_t b = 0; b < blocks; ++b) {
    const auto [lo, hi] = plan_block_range(b, blocks, queries.size());
    Json task{{"queries", Json::array()}};
    for (std::size_t i = lo; i < hi; ++i) task["queries"].push_back(query_json(queries[i]));
    plan.tasks.push_back(std::move(task));
  }
  const std::vector<Json> results = run_plan(
      plan, [&](std::size_t b) { return answer_block(plan.tasks[b], fits, plan_of.n_columns, plan_of.n_rows, ctx); },
      ctx);
  std::size_t i = 0;
  for (const Json& r : results)
    for (const Json& e : r.at("outcomes")) {
      if (i == out.size()) throw SolverError("sfc: the fit tasks returned more outcomes than fits");
      out[i].importance = e.at("importance").get<std::vector<double>>();
      out[i].score = e.at("score").get<double>();
      ++i;
    }
  if (i != out.size())
    throw SolverError("sfc: the fit tasks returned " + std::to_string(i) + " outcomes for " +
                      std::to_string(out.size()) + " fits");
  return out;
}

}  // namespace featrel::sfc::detail

namespace featrel::sfc {

TaskPlan::Json run_plan_block(const Dataset& data, const TaskPlan::Json& shared, const TaskPlan::Json& task,
                              const RunContext& ctx) {
  Options options;
  option_table().set_json(options, shared.at("options"));
  const detail::FitSetup su = detail::fit_setup(data, options, shared.at("seed").get<std::uint64_t>());
  const forest::BinnedData bins = forest::bin(data.X, su.o.forest.max_bins);
  const forest::Target target = forest::Target::of(data);
  const FitProvider fits = detail::forest_fits(bins, target, su.o, su.rows, su.test_leaf.rows);
  return detail::answer_block(task, fits, data.n_features(), data.n_samples(), ctx);
}

}  // namespace featrel::sfc
