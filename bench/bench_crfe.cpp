// CRFE's full elimination path on myocardial-sized data (1700 x 104, 8 imbalanced classes, generated with the
// myocardial class counts 1429/110/18/54/23/12/27/27) against the reference library's measured 37-47 s
// (docs/crfe.md#performance; target >= 20x, i.e. <= 2 s). Prints per-step time and the ratio against the reference.
#include <cstdio>

#include "featrel/crfe.hpp"
#include "featrel/dataset.hpp"
#include "featrel/generate.hpp"
#include "ratio_reporter.hpp"

namespace {

const featrel::Dataset& myocardial_shaped() {
  static const featrel::Dataset data = [] {
    featrel::gen::ClustersOptions o;
    o.n_samples = 1700;
    o.n_features = 104;
    o.n_informative = 10;
    o.n_redundant = 10;
    o.n_classes = 8;
    o.n_clusters_per_class = 1;
    o.weights = {1429.0 / 1700, 110.0 / 1700, 18.0 / 1700, 54.0 / 1700, 23.0 / 1700, 12.0 / 1700, 27.0 / 1700};
    o.class_sep = 1.0;
    const auto g = featrel::gen::generate_clusters(o, 12345);
    std::vector<std::string> target;
    for (int i = 0; i < g.y.size(); ++i) target.push_back(std::to_string(static_cast<int>(g.y[i])));
    featrel::CsvOptions csv;
    csv.task = featrel::TaskRequest::multiclass;
    return featrel::make_dataset(g.X, g.names, target, csv);
  }();
  return data;
}

double g_steps = 1;

void BM_CrfeFullPath(benchmark::State& state, featrel::SvmSolver solver) {
  const auto& data = myocardial_shaped();
  featrel::crfe::Options options;
  options.svm_solver = solver;
  featrel::RunContext ctx;
  ctx.threads = 1;
  double steps = 0;
  for (auto _ : state) {
    const auto result = featrel::crfe::run(data, options, ctx);
    steps = static_cast<double>(data.n_features() - 1);
    benchmark::DoNotOptimize(result.selected.data());
  }
  g_steps = steps;
  state.counters["steps"] = steps;
}
BENCHMARK_CAPTURE(BM_CrfeFullPath, newton, featrel::SvmSolver::newton)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(BM_CrfeFullPath, liblinear, featrel::SvmSolver::liblinear)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  featrel::bench::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  const double newton = reporter.seconds("BM_CrfeFullPath/newton/iterations:3");
  if (newton > 0) {
    std::printf("crfe full path 1700x104, K=8, newton, 1 thread: %.3f s total, %.2f ms per elimination step\n",
                newton, 1e3 * newton / g_steps);
    std::printf("ratio  %-40s %8.1fx  (reference 37 s / featrel %.3f s)\n", "reference (warm pool) vs featrel", 37.0 / newton,
                newton);
    std::printf("ratio  %-40s %8.1fx  (reference 47 s / featrel %.3f s)\n", "reference (first call) vs featrel", 47.0 / newton,
                newton);
  }
  reporter.print_ratio("newton vs liblinear back end", "BM_CrfeFullPath/liblinear/iterations:1",
                       "BM_CrfeFullPath/newton/iterations:3");
  benchmark::Shutdown();
  return 0;
}
