// What a run needs besides its data and options: the seed, the thread count, a progress sink, a log sink and
// a cancel flag (docs/architecture.md#core-types, docs/architecture.md#errors-and-exit-codes).
//
// The library reports progress and warnings only through these callbacks (null = silent), never by printing.
// The cancel flag is polled between tasks; a set flag makes the run throw featrel::Cancelled.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace featrel {

class Executor;
class PlanExecutor;

struct RunContext {
  std::uint64_t seed = 0;
  // 0 = all hardware threads. No result depends on it.
  unsigned threads = 0;
  // (stage, done, total); called from the thread that owns the run, never concurrently.
  std::function<void(std::string_view stage, std::size_t done, std::size_t total)> progress;
  // Log lines (warnings and notes), null = silent.
  std::function<void(std::string_view line)> log;
  // Where parallel work runs (thread_pool.hpp); null = the persistent shared pool. No result depends on it.
  Executor* executor = nullptr;
  // Where the plain-data task plans of a run go (task_plan.hpp: another process, another machine); null = run
  // them here on `executor`. No result depends on it.
  PlanExecutor* plan_executor = nullptr;
  // Set from any thread (e.g. a signal handler's flag) to stop the run.
  const std::atomic<bool>* cancel = nullptr;

  // The worker count actually used: threads, or the hardware concurrency when threads is 0 (at least 1).
  unsigned resolved_threads() const;
  bool cancelled() const { return cancel != nullptr && cancel->load(std::memory_order_relaxed); }
  // Throws Cancelled when the flag is set.
  void check_cancel() const;
  void report(std::string_view stage, std::size_t done, std::size_t total) const {
    if (progress) progress(stage, done, total);
  }
  void note(std::string_view line) const {
    if (log) log(line);
  }
};

}  // namespace featrel
