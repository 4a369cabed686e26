// Tests of parallel_for: every task runs once, results do not depend on the thread count, errors and
// cancellation propagate, progress is reported by the calling thread.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>

#include "featrel/error.hpp"
#include "featrel/rng.hpp"
#include "featrel/thread_pool.hpp"

using featrel::parallel_for;
using featrel::RunContext;

namespace {
std::vector<double> seeded_results(unsigned threads) {
  RunContext ctx;
  ctx.seed = 99;
  ctx.threads = threads;
  std::vector<double> out(64);
  parallel_for(out.size(), [&](std::size_t i) {
    featrel::rng::Rng r(featrel::rng::derive(ctx.seed, "task", i));
    double s = 0;
    for (int k = 0; k < 1000; ++k) s += r.normal();
    out[i] = s;
  }, ctx);
  return out;
}
}  // namespace

TEST(ThreadPool, ResultsIdenticalForAnyThreadCount) {
  const auto one = seeded_results(1);
  EXPECT_EQ(one, seeded_results(2));
  EXPECT_EQ(one, seeded_results(4));
  EXPECT_EQ(one, seeded_results(7));
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

TEST(ThreadPool, ResolvedThreadsIsAtLeastOne) {
  RunContext ctx;
  EXPECT_GE(ctx.resolved_threads(), 1u);
  ctx.threads = 5;
  EXPECT_EQ(ctx.resolved_threads(), 5u);
}
