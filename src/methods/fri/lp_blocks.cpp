// LP construction and the fixed blocks that run FRI's LP tasks in parallel, here or as the task plan "fri.blocks"
// (docs/fri.md#performance items 1, 3, 5).
//
// Why fixed blocks rather than one LP per worker thread: a CLP model keeps state between solves (its working
// set, work areas, the rows it added back), so the same task can take a different pivot path on an LP that
// solved other tasks before. With the tasks cut into a fixed number of contiguous blocks, each with its own LP,
// every block sees the same sequence of calls whatever the thread count, and results, iteration counts and lazy
// row counts are bitwise identical for 1 and N threads. The price is one LP build per block (about a
// millisecond at 500 x 30), so the block count stays small.
//
// The same blocks are the tasks of a plan: a block needs only the data, the options, the run seed (to rebuild
// its Problem), the fitted state (C, ε, ‖w*‖₁, μ, ρ and the baseline basis) and the phase's own inputs, so a worker
// in another process computes exactly what the block computes here.
#include <algorithm>

#include "featrel/error.hpp"
#include "featrel/thread_pool.hpp"
#include "methods/fri/fri_internal.hpp"

namespace featrel::fri::detail {

namespace {

using Json = TaskPlan::Json;

// At most this many blocks per phase: enough to keep 16 workers busy, few enough that LP builds stay cheap.
constexpr std::size_t kMaxBlocks = 16;

Json counters_json(const LpCounters& c) {
  return Json{{"lp_solves", c.lp_solves},     {"simplex_iterations", c.simplex_iterations},
              {"warm_solves", c.warm_solves}, {"cold_solves", c.cold_solves},
              {"retries", c.retries},         {"lazy_rows_added", c.lazy_rows_added},
              {"lazy_resolves", c.lazy_resolves},   {"lazy_columns_added", c.lazy_columns_added}};
}

LpCounters counters_of(const Json& j) {
  LpCounters c;
  c.lp_solves = j.at("lp_solves").get<long>();
  c.simplex_iterations = j.at("simplex_iterations").get<long>();
  c.warm_solves = j.at("warm_solves").get<long>();
  c.cold_solves = j.at("cold_solves").get<long>();
  c.retries = j.at("retries").get<long>();
  c.lazy_rows_added = j.at("lazy_rows_added").get<long>();
  c.lazy_resolves = j.at("lazy_resolves").get<long>();
  c.lazy_columns_added = j.at("lazy_columns_added").get<long>();
  return c;
}

// The part of a Fit the blocks read.
Json fit_json(const Fit& fit) {
  return Json{{"C", fit.C},
              {"epsilon", fit.epsilon},
              {"N", fit.N},
              {"mu", fit.model_class.mu},
              {"rho", fit.model_class.rho},
              {"basis", fit.basis.to_json()}};
}

Fit fit_of(const Json& j) {
  Fit fit;
  fit.C = j.at("C").get<double>();
  fit.epsilon = j.at("epsilon").get<double>();
  fit.N = j.at("N").get<double>();
  fit.model_class.mu = j.at("mu").get<double>();
  fit.model_class.rho = j.at("rho").get<double>();
  fit.basis = LpBasis::from_json(j.at("basis"));
  return fit;
}

}  // namespace

LpPrivileged privileged_block(const Problem& pb, const Options& o, const std::vector<double>* probe) {
  LpPrivileged priv;
  const Eigen::Index n = pb.X->rows(), dp = static_cast<Eigen::Index>(pb.priv_active.size());
  priv.X.resize(n, dp + (probe ? 1 : 0));
  for (Eigen::Index q = 0; q < dp; ++q) priv.X.col(q) = pb.X->col(pb.priv_active[static_cast<std::size_t>(q)]);
  if (probe) priv.X.col(dp) = Eigen::Map<const Eigen::VectorXd>(probe->data(), n);
  priv.features.resize(static_cast<std::size_t>(priv.X.cols()));
  for (std::size_t q = 0; q < priv.features.size(); ++q) priv.features[q] = static_cast<int>(q);
  priv.gamma = o.privileged_gamma;
  priv.kappa = o.privileged_kappa;
  priv.reference_margin = o.reference && pb.task == LpTask::classification;
  return priv;
}

LpSvm make_lp(const Problem& pb, const Options& o, double epsilon, const std::vector<double>* privileged_probe) {
  LpSvmOptions lo;
  lo.lazy_rows = o.lazy_rows;
  lo.lazy_margin = o.lazy_margin;
  lo.lazy_columns = o.lazy_columns;
  const double eps = pb.task == LpTask::regression ? epsilon : 0.0;
  if (pb.priv_active.empty()) return LpSvm(*pb.X, pb.y, pb.task, pb.active, eps, lo);
  return LpSvm(*pb.X, pb.y, pb.task, pb.active, eps, lo, privileged_block(pb, o, privileged_probe));
}

void PhaseAccumulator::add(const LpCounters& c) {
  stats.lp_solves += c.lp_solves;
  stats.simplex_iterations += c.simplex_iterations;
  stats.warm_solves += c.warm_solves;
  stats.cold_solves += c.cold_solves;
  stats.retries += c.retries;
  stats.lazy_rows_added += c.lazy_rows_added;
  stats.lazy_columns_added += c.lazy_columns_added;
}

BlockFn block_function(std::string_view kind) {
  if (kind == "bounds") return bounds_block;
  if (kind == "probes") return probe_block;
  if (kind == "reference_probes") return reference_probe_block;
  if (kind == "privileged_bounds") return privileged_bounds_block;
  if (kind == "privileged_probes") return privileged_probe_block;
  throw InputError("fri: unknown block kind '" + std::string(kind) + "' in a task plan");
}

std::vector<Json> run_blocks(const Problem& pb, const Options& o, const Fit& fit, std::string_view kind,
                             const Json& extra, std::size_t n, const RunContext& ctx, std::string_view stage,
                             PhaseAccumulator& phase) {
  std::vector<Json> values;
  if (n == 0) return values;
  const BlockFn fn = block_function(kind);
  const std::size_t blocks = std::min(n, kMaxBlocks);
  TaskPlan plan;
  plan.kind = "fri.blocks";
  plan.stage = std::string(stage);
  for (std::size_t b = 0; b < blocks; ++b) {
    const auto [lo, hi] = plan_block_range(b, blocks, n);
    plan.tasks.push_back(Json{{"lo", lo}, {"hi", hi}});
  }
  if (ctx.plan_executor != nullptr) {
    if (pb.prepared == nullptr) throw SolverError("fri: a plan executor needs a prepared problem (fri::run)");
    plan.shared = Json{{"options", option_table().to_json(pb.prepared->options)},
                       {"seed", pb.prepared->seed},
                       {"problem", pb.index},
                       {"kind", std::string(kind)},
                       {"fit", fit_json(fit)},
                       {"extra", extra}};
  }
  const std::vector<Json> results = run_plan(
      plan,
      [&](std::size_t b) {
        const auto [lo, hi] = plan_block_range(b, blocks, n);
        LpCounters counters;
        Json r = fn(pb, o, fit, extra, lo, hi, counters, ctx);
        r["counters"] = counters_json(counters);
        return r;
      },
      ctx);
  for (const Json& r : results) {
    for (const Json& v : r.at("values")) values.push_back(v);
    phase.add(counters_of(r.at("counters")));
  }
  if (values.size() != n)
    throw SolverError("fri: the blocks of '" + std::string(kind) + "' returned " + std::to_string(values.size()) +
                      " values for " + std::to_string(n) + " tasks");
  return values;
}

}  // namespace featrel::fri::detail

namespace featrel::fri {

TaskPlan::Json run_plan_block(const Dataset& data, const TaskPlan::Json& shared, const TaskPlan::Json& task,
                              const RunContext& ctx) {
  using namespace detail;
  Options options;
  option_table().set_json(options, shared.at("options"));
  const auto prepared = prepare(data, options, shared.at("seed").get<std::uint64_t>());
  const int index = shared.at("problem").get<int>();
  if (index < 0 || static_cast<std::size_t>(index) >= prepared->problems.size())
    throw InputError("fri: a task plan names problem " + std::to_string(index) + " of " +
                     std::to_string(prepared->problems.size()));
  const Fit fit = fit_of(shared.at("fit"));
  const BlockFn fn = block_function(shared.at("kind").get<std::string>());
  const std::size_t lo = task.at("lo").get<std::size_t>(), hi = task.at("hi").get<std::size_t>();
  LpCounters counters;
  TaskPlan::Json r = fn(prepared->problems[static_cast<std::size_t>(index)], prepared->o, fit, shared.at("extra"), lo,
                        hi, counters, ctx);
  r["counters"] = counters_json(counters);
  return r;
}

}  // namespace featrel::fri
