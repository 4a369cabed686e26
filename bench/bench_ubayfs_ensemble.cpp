// The UBayFS ensemble stage against the reference pipeline's measured times (docs/ubayfs.md#performance, one thread):
//   bcw (569 × 30), M = 100 mRMR, n = 10: reference 2.4–3.1 s for the ensemble (≈ 3 s; the whole R ubayfs run
//     ≈ 3.5 s); featrel target < 30 ms for the ensemble and < 0.2 s for the whole run.
//   512 × 256 synthetic classification data (16 informative, 6 redundant), M = 100 mRMR with n = 16: reference
//     20 s; featrel target < 1 s on one thread, with near-linear scaling over threads.
// Also Fisher and Laplacian on bcw for scale. Prints the ratios against the reference's seconds.
#include <cstdio>
#include <string>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/generate.hpp"
#include "featrel/ubayfs_ensemble.hpp"
#include "bench_data.hpp"
#include "ratio_reporter.hpp"

namespace {

using namespace featrel;

const Dataset& bcw() { return bench::breast_cancer(); }
const Dataset& sim256() { return bench::ubayfs_sim256(); }

void run(benchmark::State& state, const Dataset& data, const std::string& selector, int n, unsigned threads) {
  ubayfs::EnsembleOptions o;
  o.n_features_to_select = n;
  const auto sel = ubayfs::builtin_selectors({selector}, o);
  RunContext ctx;
  ctx.threads = threads;
  for (auto _ : state) {
    const auto e = ubayfs::run_ensemble(data, sel, o, 1, ctx);
    benchmark::DoNotOptimize(e.counts.data());
  }
}

void BM_ensemble_bcw_mrmr(benchmark::State& s) { run(s, bcw(), "mrmr", 10, 1); }
void BM_ensemble_bcw_fisher(benchmark::State& s) { run(s, bcw(), "fisher", 10, 1); }
void BM_ensemble_bcw_laplacian(benchmark::State& s) { run(s, bcw(), "laplacian", 10, 1); }
void BM_ensemble_sim256_mrmr(benchmark::State& s) { run(s, sim256(), "mrmr", 16, static_cast<unsigned>(s.range(0))); }

BENCHMARK(BM_ensemble_bcw_mrmr)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_ensemble_bcw_fisher)->Unit(benchmark::kMillisecond)->MinTime(0.5);
BENCHMARK(BM_ensemble_bcw_laplacian)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_ensemble_sim256_mrmr)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  featrel::bench::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  auto ratio = [&](const char* label, const std::string& name, double reference_seconds) {
    const double t = reporter.seconds(name);
    if (t > 0) std::printf("ratio  %-44s %8.1fx  (reference %.1f s / featrel %.4f s)\n", label, reference_seconds / t,
                           reference_seconds, t);
  };
  ratio("bcw M=100 mRMR ensemble vs R (3.0 s)", "BM_ensemble_bcw_mrmr/min_time:1.000", 3.0);
  ratio("bcw M=100 mRMR ensemble vs R whole run (3.5 s)", "BM_ensemble_bcw_mrmr/min_time:1.000", 3.5);
  ratio("512x256 M=100 mRMR n=16 vs R (20 s), 1 thread", "BM_ensemble_sim256_mrmr/1/iterations:3/real_time", 20.0);
  ratio("512x256 M=100 mRMR n=16 vs R (20 s), 2 threads", "BM_ensemble_sim256_mrmr/2/iterations:3/real_time", 20.0);
  const double t1 = reporter.seconds("BM_ensemble_sim256_mrmr/1/iterations:3/real_time");
  const double t2 = reporter.seconds("BM_ensemble_sim256_mrmr/2/iterations:3/real_time");
  if (t1 > 0 && t2 > 0) std::printf("scaling 512x256: 1 -> 2 threads %.2fx\n", t1 / t2);
  return 0;
}
