// UBayFS speed (docs/ubayfs.md#performance) against the R package's measured times on a 2-core machine: one fitness
// evaluation ≈ 56 µs, GA 50 × 100 on bcw 0.4–0.7 s, GA 100 × 200 1.6 s, the 512 × 256 synthetic case 3.2 s for
// GA 100 × 100 (20 s ensemble), and the whole bcw run ≈ 3 s ensemble + 0.4–1.6 s GA. One thread unless stated.
#include <cstdio>

#include "../src/methods/ubayfs/objective.hpp"
#include "featrel/dataset.hpp"
#include "featrel/generate.hpp"
#include "featrel/ubayfs.hpp"
#include "bench_data.hpp"
#include "ratio_reporter.hpp"

namespace {

using namespace featrel;
using namespace featrel::ubayfs;

const Dataset& bcw() { return bench::breast_cancer(); }

const std::vector<double> y_pub = {0, 10, 68, 0, 0, 0, 100, 100, 0, 0, 0,   0,  3,  100, 0,
                                   0, 4,  0,  0, 0, 100, 89, 100, 100, 2, 24, 100, 100, 0, 0};

ConstraintSpec spec(RowKind kind, std::vector<std::string> members, double size, double rho) {
  ConstraintSpec c;
  c.kind = kind;
  c.members = std::move(members);
  c.size = size;
  c.rho = rho;
  return c;
}

// The vignette V (docs/ubayfs.md#optimisation-cases case V1).
Options vignette() {
  Options o;
  const double base[10] = {10, 15, 20, 16, 15, 10, 12, 17, 21, 14};
  std::vector<double> w;
  for (int r = 0; r < 3; ++r)
    for (double b : base) w.push_back(b / 450.0);
  o.weights = w;
  o.constraints = {spec(RowKind::max_size, {}, 10, kHard), spec(RowKind::must_link, {"0", "10", "20"}, 0, 0.1),
                   spec(RowKind::cannot_link, {"0", "9"}, 0, 1), spec(RowKind::cannot_link, {"19", "22", "23"}, 0, 1)};
  return o;
}

// T3: w_t weights, max-size 10, hard cannot-link {6, 7, 13}.
Options t3() {
  Options o;
  const double base[10] = {1, 100, 10, 20, 100, 20, 50, 30, 40, 90};
  std::vector<double> w;
  for (int r = 0; r < 3; ++r)
    for (double b : base) w.push_back(b);
  o.weights = w;
  o.constraints = {spec(RowKind::max_size, {}, 10, 1), spec(RowKind::cannot_link, {"6", "7", "13"}, 0, kHard)};
  return o;
}

CountsInput counts(const std::vector<double>& y) { return {bcw().feature_names, y, 100, "bench"}; }

Problem problem_of(const std::vector<double>& y, const Options& o) {
  RunContext ctx;
  ctx.threads = 1;
  Options full = o;
  full.optimizer = OptimizerKind::exact;
  return optimise(counts(y), full, ctx).problem;
}

void BM_ubayfs_flip(benchmark::State& state) {
  const Problem p = problem_of(y_pub, vignette());
  const detail::Compiled c(p, p.admissibility);
  detail::State s(c);
  std::size_t j = 0;
  double sink = 0;
  for (auto _ : state) {
    s.flip(j);
    sink += s.utility();
    j = j == 29 ? 0 : j + 1;
  }
  benchmark::DoNotOptimize(sink);
}
BENCHMARK(BM_ubayfs_flip);

void optimise_bench(benchmark::State& state, const std::vector<double>& y, Options o, OptimizerKind kind, int pop,
                    int iter, bool compat) {
  o.optimizer = kind;
  o.pop_size = pop;
  o.generations = iter;
  o.compat_reference = compat;
  RunContext ctx;
  ctx.threads = 1;
  ctx.seed = 1;
  std::uint64_t evals = 0, nodes = 0;
  for (auto _ : state) {
    const Result r = optimise(counts(y), o, ctx);
    evals = r.optimizer.objective_evaluations;
    nodes = r.optimizer.nodes;
    benchmark::DoNotOptimize(r.optima.data());
  }
  state.counters["evaluations"] = static_cast<double>(evals);
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["evals_per_s"] = benchmark::Counter(static_cast<double>(evals), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK_CAPTURE(optimise_bench, exact_V1, y_pub, vignette(), OptimizerKind::exact, 50, 100, false)
    ->Name("BM_ubayfs_exact_bcw/V1")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(optimise_bench, exact_T3, std::vector<double>{0, 9, 76, 0, 0, 0, 100, 100, 0, 0, 0,   0,  3,  100, 0,
                                                                0, 4, 0,  0, 0, 100, 89, 100, 100, 1, 18, 100, 100, 0, 0},
                  t3(), OptimizerKind::exact, 50, 100, false)
    ->Name("BM_ubayfs_exact_bcw/T3")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(optimise_bench, ga50, y_pub, vignette(), OptimizerKind::ga, 50, 100, true)
    ->Name("BM_ubayfs_ga_bcw/50x100")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(optimise_bench, ga100, y_pub, vignette(), OptimizerKind::ga, 100, 200, true)
    ->Name("BM_ubayfs_ga_bcw/100x200")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(optimise_bench, ga50polish, y_pub, vignette(), OptimizerKind::ga, 50, 100, false)
    ->Name("BM_ubayfs_ga_bcw/50x100+polish")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(optimise_bench, auto_V1, y_pub, vignette(), OptimizerKind::automatic, 50, 100, false)
    ->Name("BM_ubayfs_auto_bcw/V1")
    ->Unit(benchmark::kMillisecond);

void BM_ubayfs_mh_bcw(benchmark::State& state) {
  Options o = vignette();
  o.optimizer = OptimizerKind::mh;
  RunContext ctx;
  ctx.threads = 1;
  for (auto _ : state) benchmark::DoNotOptimize(optimise(counts(y_pub), o, ctx).optima.data());
}
BENCHMARK(BM_ubayfs_mh_bcw)->Unit(benchmark::kMillisecond);

void BM_ubayfs_bcw_full(benchmark::State& state) {
  Options o;
  o.n_features_to_select = 10;
  o.constraints = {spec(RowKind::max_size, {}, 10, 1)};
  RunContext ctx;
  ctx.threads = static_cast<unsigned>(state.range(0));
  ctx.seed = 1;
  for (auto _ : state) benchmark::DoNotOptimize(run(bcw(), o, ctx).optima.data());
}
BENCHMARK(BM_ubayfs_bcw_full)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

const Dataset& sim256() { return bench::ubayfs_sim256(); }

Options sim256_options() {
  Options o;
  o.n_features_to_select = 16;
  o.constraints = {spec(RowKind::max_size, {}, 16, 1)};
  for (int b = 0; b < 8; ++b)
    o.blocks.push_back({"b" + std::to_string(b), {std::to_string(32 * b) + ".." + std::to_string(32 * b + 31)}});
  ConstraintSpec block_max;
  block_max.kind = RowKind::max_size;
  block_max.level = Level::block;
  block_max.size = 4;
  o.constraints.push_back(block_max);
  return o;
}

double g_sim256_ga_seconds = 0, g_sim256_ensemble_seconds = 0;

void BM_ubayfs_sim256_ensemble_and_ga(benchmark::State& state) {
  Options o = sim256_options();
  o.optimizer = OptimizerKind::ga;
  o.pop_size = 100;
  o.generations = 100;
  RunContext ctx;
  ctx.threads = static_cast<unsigned>(state.range(0));
  for (auto _ : state) {
    const Result r = run(sim256(), o, ctx);
    state.counters["ga_seconds"] = r.seconds_optimize;
    state.counters["ensemble_seconds"] = r.seconds_ensemble;
    if (state.range(0) == 1) g_sim256_ga_seconds = r.seconds_optimize, g_sim256_ensemble_seconds = r.seconds_ensemble;
  }
}
BENCHMARK(BM_ubayfs_sim256_ensemble_and_ga)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  featrel::bench::RatioReporter rep;
  benchmark::RunSpecifiedBenchmarks(&rep);
  auto ratio = [&](const char* label, double reference_s, const std::string& name) {
    const double s = rep.seconds(name);
    if (s > 0) std::printf("ratio  %-44s %10.1fx  (reference %.3g s / featrel %.3g s)\n", label, reference_s / s, reference_s, s);
  };
  ratio("one evaluation: R 56 us vs incremental flip", 56e-6, "BM_ubayfs_flip");
  ratio("GA 50x100 bcw: R 0.4 s (fastest)", 0.4, "BM_ubayfs_ga_bcw/50x100");
  ratio("GA 100x200 bcw: R 1.6 s", 1.6, "BM_ubayfs_ga_bcw/100x200");
  ratio("bcw optimisation: R GA 0.4 s vs auto (exact)", 0.4, "BM_ubayfs_auto_bcw/V1");
  ratio("bcw full run: R 3 s + 0.4 s vs featrel 1 thread", 3.4, "BM_ubayfs_bcw_full/1");
  ratio("sim256 ensemble+GA: R 20 s + 3.2 s, 1 thread", 23.2, "BM_ubayfs_sim256_ensemble_and_ga/1/iterations:1");
  if (g_sim256_ga_seconds > 0) {
    std::printf("ratio  %-44s %10.1fx  (reference 3.2 s / featrel %.3g s)\n", "sim256 GA 100x100 + polish vs R GA",
                3.2 / g_sim256_ga_seconds, g_sim256_ga_seconds);
    std::printf("ratio  %-44s %10.1fx  (reference 20 s / featrel %.3g s)\n", "sim256 ensemble M=100 mRMR n=16",
                20.0 / g_sim256_ensemble_seconds, g_sim256_ensemble_seconds);
  }
  benchmark::Shutdown();
  return 0;
}
