// featrel pareto on the breast cancer (WDBC) and Pima data: the whole run with 4 classifiers × 4 measures ×
// 100 permutations on 2 threads (docs/pareto.md#performance: target < 5 s; the paper's protocol in scikit-learn takes
// ≈ 9 s on WDBC and 4.5–6 s on Pima on 2 cores), and the analysis alone (front + M(f) + lattice) on the WDBC
// impact table. Prints the times and the ratios against the target and the reference.
#include <cstdio>

#include "featrel/pareto.hpp"
#include "featrel/pareto_inputs.hpp"
#include "ratio_reporter.hpp"

namespace {

featrel::Dataset load(const std::string& file, const std::string& target, const std::string& positive) {
  featrel::CsvOptions o;
  o.target = target;
  o.positive = positive;
  return featrel::read_csv(std::string(FEATREL_DATA_DIR) + "/" + file, o);
}

void run_once(benchmark::State& state, const featrel::Dataset& data) {
  featrel::pareto::Options options;  // rf, nb, mlp, svm × sensitivity, specificity, accuracy, fscore; k = 100
  featrel::RunContext ctx;
  ctx.threads = 2;
  std::size_t front = 0;
  for (auto _ : state) {
    const auto r = featrel::pareto::run(data, options, ctx);
    front = r.front.size();
    benchmark::DoNotOptimize(r.front.data());
  }
  state.counters["front"] = double(front);
}

void BM_ParetoWdbc(benchmark::State& state) {
  static const auto data = load("breast_cancer_wisconsin_diagnostic.csv", "malignant", "");
  run_once(state, data);
}
BENCHMARK(BM_ParetoWdbc)->Unit(benchmark::kMillisecond)->Iterations(5);

void BM_ParetoPima(benchmark::State& state) {
  static const auto data = load("pima_indians_diabetes.csv", "diabetes", "pos");
  run_once(state, data);
}
BENCHMARK(BM_ParetoPima)->Unit(benchmark::kMillisecond)->Iterations(5);

// Front, minimal criteria sets, context and lattice on WDBC's 16 × 30 impact table of seed 0.
void BM_ParetoAnalysisWdbc(benchmark::State& state) {
  static const featrel::pareto::ImpactTable table = [] {
    const auto data = load("breast_cancer_wisconsin_diagnostic.csv", "malignant", "");
    featrel::RunContext ctx;
    ctx.threads = 2;
    const auto r = featrel::pareto::run(data, featrel::pareto::Options{}, ctx);
    return featrel::pareto::parse_impact_table(featrel::pareto::impacts_csv(r), "wdbc");
  }();
  for (auto _ : state) {
    const auto r = featrel::pareto::analyse(table, {});
    benchmark::DoNotOptimize(r.lattice.concepts.data());
  }
}
BENCHMARK(BM_ParetoAnalysisWdbc)->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  featrel::bench::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  const double wdbc = reporter.seconds("BM_ParetoWdbc/iterations:5");
  const double pima = reporter.seconds("BM_ParetoPima/iterations:5");
  if (wdbc > 0) {
    std::printf("pareto WDBC 569x30, 4 classifiers x 4 measures x 100 permutations, 2 threads: %.3f s per run\n", wdbc);
    reporter.print_reference_ratio("target (5 s) vs featrel, WDBC", 5.0, "BM_ParetoWdbc/iterations:5", "target");
    reporter.print_reference_ratio("scikit-learn protocol vs featrel, WDBC", 9.0, "BM_ParetoWdbc/iterations:5",
                                   "scikit-learn");
  }
  if (pima > 0) {
    std::printf("pareto Pima 768x8, same settings: %.3f s per run\n", pima);
    reporter.print_reference_ratio("scikit-learn protocol vs featrel, Pima", 4.5, "BM_ParetoPima/iterations:5",
                                   "scikit-learn (low end)");
  }
  const double analysis = reporter.seconds("BM_ParetoAnalysisWdbc");
  if (analysis > 0) std::printf("pareto analysis alone (front + M(f) + lattice), WDBC 16x30: %.3f ms\n", 1e3 * analysis);
  benchmark::Shutdown();
  return 0;
}
