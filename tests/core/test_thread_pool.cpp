// Tests of parallel_for: every task runs once, results do not depend on the thread count, errors and
// cancellation propagate, progress is reported by the calling thread.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "featrel/error.hpp"
#include "featrel/rng.hpp"
#include "featrel/thread_pool.hpp"

using featrel::parallel_for;
using featrel::RunContext;

namespace {

// Task i's value: the sum of 1000 normals of its own stream, as every method draws them.
double task_value(std::size_t i) {
  featrel::rng::Rng r(featrel::rng::derive(99, "task", i));
  double s = 0;
  for (int k = 0; k < 1000; ++k) s += r.normal();
  return s;
}

struct Observed {
  std::vector<double> out;
  int max_active = 0;                 // most tasks running at the same moment
  std::set<std::thread::id> threads;  // threads that ran a task
};

// 64 tasks through parallel_for. With several workers task 0 waits (at most 5 s) until a second task has started,
// so a pool that runs the tasks one at a time is caught, and every task holds its slot 100 µs so that workers
// beyond the cap would show in max_active.
Observed seeded_results(unsigned threads) {
  RunContext ctx;
  ctx.seed = 99;
  ctx.threads = threads;
  Observed o;
  o.out.assign(64, 0.0);
  std::atomic<int> active{0}, max_active{0}, started{0};
  std::mutex m;
  parallel_for(o.out.size(), [&](std::size_t i) {
    const int now = active.fetch_add(1) + 1;
    for (int seen = max_active.load(); now > seen && !max_active.compare_exchange_weak(seen, now);) {
    }
    started.fetch_add(1);
    {
      std::lock_guard<std::mutex> g(m);
      o.threads.insert(std::this_thread::get_id());
    }
    if (i == 0 && threads > 1) {
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
      while (started.load() < 2 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    o.out[i] = task_value(i);
    std::this_thread::sleep_for(std::chrono::microseconds(100));
    active.fetch_sub(1);
  }, ctx);
  o.max_active = max_active.load();
  return o;
}
}  // namespace

TEST(ThreadPool, ResultsIdenticalForAnyThreadCount) {
  std::vector<double> expected(64);
  for (std::size_t i = 0; i < expected.size(); ++i) expected[i] = task_value(i);
  // 7 first, so that the pool holds more threads than the later runs may use.
  for (unsigned threads : {7u, 1u, 2u, 4u}) {
    const Observed o = seeded_results(threads);
    EXPECT_EQ(o.out, expected) << threads << " threads";  // every slot, bit for bit
    EXPECT_LE(o.max_active, static_cast<int>(threads)) << threads << " threads";
    EXPECT_LE(o.threads.size(), threads);
    if (threads == 1) {
      // One worker: inline, on the calling thread.
      EXPECT_EQ(o.threads, std::set<std::thread::id>{std::this_thread::get_id()});
    } else {
      EXPECT_GE(o.max_active, 2) << threads << " threads ran one task at a time";
    }
  }
}

TEST(ThreadPool, EveryTaskRunsExactlyOnce) {
  RunContext ctx;
  ctx.threads = 3;
  std::vector<std::atomic<int>> hits(1000);
  parallel_for(hits.size(), [&](std::size_t i) { hits[i].fetch_add(1); }, ctx);
  for (auto& h : hits) EXPECT_EQ(h.load(), 1);
}

TEST(ThreadPool, ExceptionIsRethrownOnCaller) {
  RunContext ctx;
  ctx.threads = 2;
  EXPECT_THROW(parallel_for(100, [&](std::size_t i) {
    if (i == 37) throw featrel::SolverError("task 37 failed");
  }, ctx), featrel::SolverError);
  ctx.threads = 1;
  EXPECT_THROW(parallel_for(10, [&](std::size_t i) {
    if (i == 3) throw std::runtime_error("x");
  }, ctx), std::runtime_error);
}

TEST(ThreadPool, CancelFlagStopsTheRun) {
  std::atomic<bool> cancel{false};
  RunContext ctx;
  ctx.threads = 2;
  ctx.cancel = &cancel;
  std::atomic<int> ran{0};
  EXPECT_THROW(parallel_for(10000, [&](std::size_t i) {
    if (ran.fetch_add(1) == 10) cancel.store(true);
  }, ctx), featrel::Cancelled);
  EXPECT_LT(ran.load(), 10000);
}

TEST(ThreadPool, ProgressComesFromTheCallingThreadAndEndsAtTotal) {
  for (unsigned threads : {1u, 3u}) {
    RunContext ctx;
    ctx.threads = threads;
    const auto caller = std::this_thread::get_id();
    std::size_t last_done = 0, last_total = 0;
    bool other_thread = false, monotone = true;
    ctx.progress = [&](std::string_view stage, std::size_t done, std::size_t total) {
      other_thread |= std::this_thread::get_id() != caller;
      monotone &= done >= last_done;
      last_done = done;
      last_total = total;
      EXPECT_EQ(stage, "work");
    };
    parallel_for(50, [&](std::size_t) { std::this_thread::sleep_for(std::chrono::microseconds(200)); }, ctx, "work");
    EXPECT_FALSE(other_thread);
    EXPECT_TRUE(monotone);
    EXPECT_EQ(last_done, 50u);
    EXPECT_EQ(last_total, 50u);
  }
}

// A slow sink lets the workers finish while it runs; the final count must still be reported.
TEST(ThreadPool, ProgressEndsAtTotalWhenTheSinkIsSlowerThanTheTasks) {
  RunContext ctx;
  ctx.threads = 3;
  std::size_t last_done = 0;
  ctx.progress = [&](std::string_view, std::size_t done, std::size_t) {
    last_done = done;
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
  };
  parallel_for(40, [&](std::size_t) { std::this_thread::sleep_for(std::chrono::microseconds(100)); }, ctx, "work");
  EXPECT_EQ(last_done, 40u);
}

TEST(ThreadPool, ResolvedThreadsIsAtLeastOne) {
  RunContext ctx;
  // 0 = every hardware thread (1 when the count is unknown).
  EXPECT_EQ(ctx.resolved_threads(), std::max(1u, std::thread::hardware_concurrency()));
  ctx.threads = 1;
  EXPECT_EQ(ctx.resolved_threads(), 1u);
  ctx.threads = 5;
  EXPECT_EQ(ctx.resolved_threads(), 5u);
}
