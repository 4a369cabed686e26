// Running independent, seeded tasks: the executor every method's parallel work goes through.
//
// parallel_for(n, task, ctx) runs task(i) for i = 0..n-1 on the run's executor: ctx.executor when set (a backend
// that ships work elsewhere, or a pool of the caller's), otherwise one persistent process-wide pool whose threads
// are started once and reused by every call (no threads are created per call). Results must be written to slot i of
// a pre-sized output and combined afterwards in index order, and every task draws its random numbers from
// rng::derive(seed, ..., i): then the result is identical for any thread count and any executor. Progress is
// reported by the calling thread only, as tasks finish; the cancel flag is polled before each task starts. The first
// exception a task throws is rethrown on the calling thread after the running tasks finish. A parallel_for called
// from inside a task runs inline on that task's thread (pools are never nested).
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>

#include "featrel/run_context.hpp"

namespace featrel {

// Where the tasks of a parallel_for run. Implementations must run every task exactly once (unless cancelled or a
// task failed), call ctx.report only from the calling thread, and rethrow the first task exception.
class Executor {
 public:
  virtual ~Executor() = default;
  // Runs task(i) for i in [0, n) with at most `workers` concurrent tasks.
  virtual void run(std::size_t n, const std::function<void(std::size_t)>& task, unsigned workers,
                   const RunContext& ctx, std::string_view stage) = 0;
};

// The persistent pool: threads are created on first need (up to the largest worker count asked for) and live
// until the process ends. One parallel_for at a time uses it; concurrent callers wait for their turn.
Executor& shared_thread_pool();

// Runs task(i) for i in [0, n) with ctx.resolved_threads() workers (capped at n). With one worker, or when called
// from inside a task, the tasks run inline on the calling thread, in order. Reports progress as (stage, done, n).
void parallel_for(std::size_t n, const std::function<void(std::size_t)>& task, const RunContext& ctx,
                  std::string_view stage = "");

}  // namespace featrel
