// Throughput of the shared parts every method leans on: CSV parsing, random numbers, standardisation, splits,
// stability indices. Run with `make bench`.
#include <benchmark/benchmark.h>

#include <algorithm>

#include "featrel/dataset.hpp"
#include "featrel/generate.hpp"
#include "featrel/preprocess.hpp"
#include "featrel/rng.hpp"
#include "featrel/splits.hpp"
#include "featrel/stability.hpp"

namespace {

std::string generated_csv(std::size_t n, std::size_t d) {
  featrel::gen::RelevanceOptions o;
  o.n_samples = n;
  o.n_features = d;
  o.n_strong = 4;
  o.n_weak = 4;
  return featrel::gen::generate_relevance(o, 1).to_csv();
}

void BM_ReadCsv(benchmark::State& state) {
  const std::string text = generated_csv(static_cast<std::size_t>(state.range(0)), 100);
  featrel::CsvOptions opt;
  for (auto _ : state) benchmark::DoNotOptimize(featrel::read_csv_text(text, opt));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_ReadCsv)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

void BM_RngNormal(benchmark::State& state) {
  featrel::rng::Rng r(1);
  for (auto _ : state) benchmark::DoNotOptimize(r.normal());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RngNormal);

void BM_Permutation(benchmark::State& state) {
  featrel::rng::Rng r(1);
  for (auto _ : state) benchmark::DoNotOptimize(r.permutation(static_cast<std::size_t>(state.range(0))));
}
BENCHMARK(BM_Permutation)->Arg(500)->Arg(10000);

void BM_Standardize(benchmark::State& state) {
  Eigen::MatrixXd X = Eigen::MatrixXd::Random(2000, 100);
  for (auto _ : state) {
    Eigen::MatrixXd Z = X;
    featrel::Standardizer::fit(Z, {}, featrel::SdDivisor::population).apply(Z);
    benchmark::DoNotOptimize(Z.data());
  }
}
BENCHMARK(BM_Standardize)->Unit(benchmark::kMicrosecond);

void BM_StratifiedKfold(benchmark::State& state) {
  std::vector<int> labels(5000);
  for (std::size_t i = 0; i < labels.size(); ++i) labels[i] = static_cast<int>(i % 4);
  std::uint64_t seed = 0;
  for (auto _ : state) benchmark::DoNotOptimize(featrel::stratified_kfold(labels, 4, 5, seed++));
}
BENCHMARK(BM_StratifiedKfold)->Unit(benchmark::kMicrosecond);

void BM_Stability(benchmark::State& state) {
  featrel::rng::Rng r(2);
  featrel::stability::Sets sets;
  for (int m = 0; m < 50; ++m) {
    auto s = r.sample_without_replacement(1000, 20);
    std::sort(s.begin(), s.end());
    sets.push_back(s);
  }
  for (auto _ : state) benchmark::DoNotOptimize(featrel::stability::stability(sets, 1000));
}
BENCHMARK(BM_Stability)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
