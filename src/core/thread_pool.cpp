#include "featrel/thread_pool.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "featrel/error.hpp"

namespace featrel {

namespace {

thread_local bool inside_task = false;

void run_inline(std::size_t n, const std::function<void(std::size_t)>& task, const RunContext& ctx,
                const std::string& stage) {
  for (std::size_t i = 0; i < n; ++i) {
    ctx.check_cancel();
    task(i);
    ctx.report(stage, i + 1, n);
  }
}

class ThreadPool final : public Executor {
 public:
  ~ThreadPool() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    work_cv_.notify_all();
    for (auto& t : threads_) t.join();
  }

  void run(std::size_t n, const std::function<void(std::size_t)>& task, unsigned workers, const RunContext& ctx,
           std::string_view stage) override {
    const std::string stage_name(stage);
    std::lock_guard<std::mutex> turn(turn_);  // one job at a time
    Job job;
    job.task = &task;
    job.n = n;
    job.ctx = &ctx;
    job.max_workers = workers;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      while (threads_.size() < workers) threads_.emplace_back([this] { worker(); });
      job_ = &job;
      ++generation_;
    }
    work_cv_.notify_all();
    // The calling thread reports progress; workers never call the sink.
    {
      std::unique_lock<std::mutex> lock(mutex_);
      std::size_t reported = 0;
      for (;;) {
        if (job.active == 0 && (job.finished == n || job.failed.load() || ctx.cancelled())) break;
        done_cv_.wait_for(lock, std::chrono::milliseconds(100));
        if (job.finished != reported) {
          reported = job.finished;
          lock.unlock();
          ctx.report(stage_name, reported, n);
          lock.lock();
        }
      }
      job_ = nullptr;
      // The last tasks may finish while the sink runs unlocked; the loop then ends without reporting them.
      if (job.finished != reported) {
        reported = job.finished;
        lock.unlock();
        ctx.report(stage_name, reported, n);
      }
    }
    if (job.error) std::rethrow_exception(job.error);
    ctx.check_cancel();
  }

 private:
  struct Job {
    const std::function<void(std::size_t)>* task = nullptr;
    std::size_t n = 0;
    const RunContext* ctx = nullptr;
    unsigned max_workers = 1;
    unsigned joined = 0;             // workers that took part (under mutex_)
    unsigned active = 0;             // workers still inside the job (under mutex_)
    std::size_t finished = 0;        // tasks done (under mutex_)
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::exception_ptr error;        // under mutex_
  };

  void worker() {
    inside_task = true;
    std::uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      work_cv_.wait(lock, [&] { return stop_ || (generation_ != seen && job_ != nullptr); });
      if (stop_) return;
      seen = generation_;
      Job& job = *job_;
      if (job.joined >= job.max_workers) continue;
      ++job.joined;
      ++job.active;
      lock.unlock();
      for (;;) {
        if (job.failed.load(std::memory_order_relaxed) || job.ctx->cancelled()) break;
        const std::size_t i = job.next.fetch_add(1, std::memory_order_relaxed);
        if (i >= job.n) break;
        std::exception_ptr error;
        try {
          (*job.task)(i);
        } catch (...) {
          error = std::current_exception();
        }
        std::lock_guard<std::mutex> g(mutex_);
        if (error) {
          if (!job.error) job.error = error;
          job.failed.store(true);
        }
        ++job.finished;
        done_cv_.notify_one();
      }
      lock.lock();
      --job.active;
      done_cv_.notify_one();
    }
  }

  std::mutex turn_;
  std::mutex mutex_;
  std::condition_variable work_cv_, done_cv_;
  std::vector<std::thread> threads_;
  Job* job_ = nullptr;
  std::uint64_t generation_ = 0;
  bool stop_ = false;
};

}  // namespace

Executor& shared_thread_pool() {
  static ThreadPool pool;
  return pool;
}

void parallel_for(std::size_t n, const std::function<void(std::size_t)>& task, const RunContext& ctx,
                  std::string_view stage) {
  if (n == 0) return;
  const std::size_t workers = std::min<std::size_t>(ctx.resolved_threads(), n);
  if (ctx.executor != nullptr && !inside_task) {
    ctx.executor->run(n, task, static_cast<unsigned>(workers), ctx, stage);
    return;
  }
  if (workers <= 1 || inside_task) {
    run_inline(n, task, ctx, std::string(stage));
    return;
  }
  shared_thread_pool().run(n, task, static_cast<unsigned>(workers), ctx, stage);
}

}  // namespace featrel
