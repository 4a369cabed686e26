// Tests of the executor layer: the shared pool is persistent (no threads per call), nested calls run inline, a
// caller's executor receives the work, and results are the same for every executor and thread count.
#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <set>
#include <thread>

#include "featrel/error.hpp"
#include "featrel/rng.hpp"
#include "featrel/thread_pool.hpp"

using featrel::Executor;
using featrel::parallel_for;
using featrel::RunContext;

namespace {

// Runs the tasks in reverse order on the calling thread: a stand-in for a backend that ships tasks elsewhere and
// completes them in another order.
class ReverseExecutor final : public Executor {
 public:
  std::size_t calls = 0;
  void run(std::size_t n, const std::function<void(std::size_t)>& task, unsigned, const RunContext& ctx,
           std::string_view stage) override {
    ++calls;
    for (std::size_t k = n; k-- > 0;) {
      ctx.check_cancel();
      task(k);
    }
    ctx.report(stage, n, n);
  }
};

std::vector<double> seeded(const RunContext& ctx) {
  std::vector<double> out(40);
  parallel_for(out.size(), [&](std::size_t i) {
    featrel::rng::Rng r(featrel::rng::derive(ctx.seed, "task", i));
    out[i] = r.normal() + r.uniform();
  }, ctx);
  return out;
}

}  // namespace

TEST(Executor, SharedPoolReusesItsThreads) {
  RunContext ctx;
  ctx.threads = 2;
  std::mutex m;
  std::set<std::thread::id> ids;
  for (int call = 0; call < 20; ++call) {
    parallel_for(8, [&](std::size_t) {
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      std::lock_guard<std::mutex> g(m);
      ids.insert(std::this_thread::get_id());
    }, ctx);
  }
  // A pool that started threads per call would show up to 40 distinct ids; the persistent one at most its size
  // (which only grows to the largest thread count any test asked for).
  EXPECT_GE(ids.size(), 1u);
  EXPECT_LE(ids.size(), 8u);
  EXPECT_EQ(ids.count(std::this_thread::get_id()), 0u);  // the caller only reports progress
}

TEST(Executor, NestedCallsRunInlineOnTheTaskThread) {
  RunContext ctx;
  ctx.threads = 2;
  std::vector<int> inner_same_thread(4, 0);
  parallel_for(4, [&](std::size_t i) {
    const auto outer = std::this_thread::get_id();
    bool same = true;
    parallel_for(5, [&](std::size_t) { same = same && std::this_thread::get_id() == outer; }, ctx);
    inner_same_thread[i] = same ? 1 : 0;
  }, ctx);
  EXPECT_EQ(inner_same_thread, (std::vector<int>{1, 1, 1, 1}));
}

TEST(Executor, CallersExecutorGetsTheWorkAndResultsAgree) {
  RunContext plain;
  plain.seed = 5;
  plain.threads = 2;
  ReverseExecutor reverse;
  RunContext custom = plain;
  custom.executor = &reverse;
  const auto a = seeded(plain);
  const auto b = seeded(custom);
  EXPECT_EQ(reverse.calls, 1u);
  EXPECT_EQ(a, b);
  RunContext one = plain;
  one.threads = 1;
  EXPECT_EQ(a, seeded(one));
}

TEST(Executor, ErrorsPropagateAndThePoolStaysUsable) {
  RunContext ctx;
  ctx.threads = 2;
  EXPECT_THROW(parallel_for(10, [](std::size_t i) {
    if (i == 3) throw featrel::InputError("task 3");
  }, ctx), featrel::InputError);
  std::atomic<int> count{0};
  parallel_for(100, [&](std::size_t) { ++count; }, ctx);
  EXPECT_EQ(count.load(), 100);
}
