#include "featrel/thread_pool.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "featrel/error.hpp"

namespace featrel {

void parallel_for(std::size_t n, const std::function<void(std::size_t)>& task, const RunContext& ctx,
                  std::string_view stage) {
  if (n == 0) return;
  const std::string stage_name(stage);
  const std::size_t workers = std::min<std::size_t>(ctx.resolved_threads(), n);
  if (workers <= 1) {
    for (std::size_t i = 0; i < n; ++i) {
      ctx.check_cancel();
      task(i);
      ctx.report(stage_name, i + 1, n);
    }
    return;
  }

  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::condition_variable finished_cv;
  std::size_t finished = 0;
  std::exception_ptr error;

  auto worker = [&]() {
    for (;;) {
      if (failed.load(std::memory_order_relaxed) || ctx.cancelled()) return;
      const std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
      if (i >= n) return;
      try {
        task(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!error) error = std::current_exception();
        failed.store(true, std::memory_order_relaxed);
      }
      {
        std::lock_guard<std::mutex> lock(mutex);
        ++finished;
      }
      finished_cv.notify_one();
    }
  };

  std::vector<std::thread> threads;
  threads.reserve(workers);
  for (std::size_t w = 0; w < workers; ++w) threads.emplace_back(worker);

  // The calling thread reports progress; workers never call the sink.
  {
    std::unique_lock<std::mutex> lock(mutex);
    std::size_t reported = 0;
    while (finished < n && !failed.load() && !ctx.cancelled()) {
      finished_cv.wait_for(lock, std::chrono::milliseconds(100));
      if (finished != reported) {
        reported = finished;
        lock.unlock();
        ctx.report(stage_name, reported, n);
        lock.lock();
      }
    }
  }
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
  ctx.check_cancel();
}

}  // namespace featrel
