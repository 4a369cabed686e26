// FRI's bound LPs on fri-sim1 (500 x 30, seed 0, C = 1, delta = 0.001): cold-started (all-slack basis, all
// rows) against warm-started from the saved baseline basis, with all rows and with lazy rows (docs/fri.md#performance).
// Prints the speed-up ratios measured in this run; the FRI issue asks for >= 20x warm vs cold.
#include <algorithm>

#include "featrel/generate.hpp"
#include "featrel/lp_svm.hpp"
#include "featrel/preprocess.hpp"
#include "ratio_reporter.hpp"

namespace {

struct Problem {
  Eigen::MatrixXd X;
  Eigen::VectorXd y;
  std::vector<int> features;
};

const Problem& sim1() {
  static const Problem p = [] {
    auto data = featrel::gen::generate_relevance(featrel::gen::relevance_preset("fri-sim1"), 0);
    Problem q;
    q.X = data.X;
    featrel::Standardizer::fit(q.X, {}, featrel::SdDivisor::population).apply(q.X);
    q.y = data.y;
    for (int j = 0; j < q.X.cols(); ++j) q.features.push_back(j);
    return q;
  }();
  return p;
}

// One pass over every feature's min and max bound LP; `lazy` and `warm` pick the variant.
void bound_pass(benchmark::State& state, bool warm, bool lazy) {
  const Problem& p = sim1();
  featrel::LpSvmOptions options;
  options.lazy_rows = lazy;
  featrel::LpSvm lp(p.X, p.y, featrel::LpTask::classification, p.features, 0.0, options);
  const auto base = lp.fit_baseline(1.0);
  const featrel::LpBasis start = warm ? lp.save_basis() : featrel::LpBasis{};
  lp.set_budget(1.001 * base.l1_norm, std::max(1.001 * base.loss, 0.01));
  long iterations = 0, solves = 0;
  for (auto _ : state) {
    lp.reset_counters();
    for (int j : p.features)
      for (auto sense : {featrel::LpSense::minimize, featrel::LpSense::maximize})
        benchmark::DoNotOptimize(lp.bound(j, sense, start).objective);
    iterations += lp.counters().simplex_iterations;
    solves += lp.counters().lp_solves;
  }
  state.counters["iter_per_lp"] = static_cast<double>(iterations) / static_cast<double>(std::max(1L, solves));
  state.counters["lps"] = static_cast<double>(2 * p.features.size());
}

void BM_BoundsCold(benchmark::State& s) { bound_pass(s, false, false); }
void BM_BoundsWarmAllRows(benchmark::State& s) { bound_pass(s, true, false); }
void BM_BoundsWarmLazyRows(benchmark::State& s) { bound_pass(s, true, true); }
BENCHMARK(BM_BoundsCold)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BoundsWarmAllRows)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BoundsWarmLazyRows)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  featrel::bench::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.print_ratio("warm (all rows) vs cold bound LPs", "BM_BoundsCold", "BM_BoundsWarmAllRows");
  reporter.print_ratio("warm (lazy rows) vs cold bound LPs", "BM_BoundsCold", "BM_BoundsWarmLazyRows");
  benchmark::Shutdown();
  return 0;
}
