// LP construction and the fixed blocks that run FRI's LP tasks in parallel (docs/fri.md#performance items 1, 3, 5).
//
// Why fixed blocks rather than one LP per worker thread: a CLP model keeps state between solves (its working
// set, work areas, the rows it added back), so the same task can take a different pivot path on an LP that
// solved other tasks before. With the tasks cut into a fixed number of contiguous blocks, each with its own LP,
// every block sees the same sequence of calls whatever the thread count, and results, iteration counts and lazy
// row counts are bitwise identical for 1 and N threads. The price is one LP build per block (about a
// millisecond at 500 x 30), so the block count stays small.
#include <algorithm>

#include "featrel/thread_pool.hpp"
#include "methods/fri/fri_internal.hpp"

namespace featrel::fri::detail {

namespace {

// At most this many blocks per phase: enough to keep 16 workers busy, few enough that LP builds stay cheap.
constexpr std::size_t kMaxBlocks = 16;

}  // namespace

LpSvm make_lp(const Problem& pb, const Options& o, double epsilon) {
  LpSvmOptions lo;
  lo.lazy_rows = o.lazy_rows;
  lo.lazy_margin = o.lazy_margin;
  return LpSvm(*pb.X, pb.y, pb.task, pb.active, pb.task == LpTask::regression ? epsilon : 0.0, lo);
}

void PhaseAccumulator::add(const LpCounters& c) {
  stats.lp_solves += c.lp_solves;
  stats.simplex_iterations += c.simplex_iterations;
  stats.warm_solves += c.warm_solves;
  stats.cold_solves += c.cold_solves;
  stats.retries += c.retries;
  stats.lazy_rows_added += c.lazy_rows_added;
}

void run_blocks(std::size_t n, const RunContext& ctx, std::string_view stage, const std::function<LpSvm()>& make,
                const std::function<void(LpSvm&, std::size_t)>& task, PhaseAccumulator& phase) {
  if (n == 0) return;
  const std::size_t blocks = std::min(n, kMaxBlocks);
  std::vector<LpCounters> counters(blocks);
  parallel_for(
      blocks,
      [&](std::size_t b) {
        const std::size_t lo = b * n / blocks;
        const std::size_t hi = (b + 1) * n / blocks;
        LpSvm lp = make();
        for (std::size_t i = lo; i < hi; ++i) {
          ctx.check_cancel();
          task(lp, i);
        }
        counters[b] = lp.counters();
      },
      ctx, stage);
  for (const LpCounters& c : counters) phase.add(c);
}

}  // namespace featrel::fri::detail
