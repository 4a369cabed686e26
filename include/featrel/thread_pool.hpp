// A small fixed-size thread pool for running independent, seeded tasks (specs/README.md §5).
//
// parallel_for(n, task) runs task(i) for i = 0..n-1 on the run's workers. Results must be written to slot i of a
// pre-sized output and combined afterwards in index order, and every task draws its random numbers from
// rng::derive(seed, ..., i): then the result is identical for any thread count. Progress is reported by the
// calling thread only, as tasks finish; the cancel flag is polled before each task starts. The first exception a
// task throws is rethrown on the calling thread after the running tasks finish. Pools are never nested: code
// that runs inside a task gets threads = 1.
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>

#include "featrel/run_context.hpp"

namespace featrel {

// Runs task(i) for i in [0, n) with ctx.resolved_threads() workers (capped at n). With one worker the tasks run
// inline on the calling thread, in order. Reports progress as (stage, done, n).
void parallel_for(std::size_t n, const std::function<void(std::size_t)>& task, const RunContext& ctx,
                  std::string_view stage = "");

}  // namespace featrel
