// Whole FRI fits (docs/fri.md#performance): the default fit on fri-sim1 seed 0 (500 x 30) single-threaded, whose target is
// < 0.3 s, and the fit on n = 2000, d = 70 generated data (10 strong, 10 weak, 50 irrelevant: Set 8 of paper 002's
// Table 1, where Table 4 gives FRI 201 s). Per-phase seconds, LP solves and simplex iterations are counters, so a
// slower phase shows up by name; the Set 8 time is also printed as a ratio against the paper's 201 s.
#include <cstdio>
#include <map>
#include <string>

#include "featrel/dataset.hpp"
#include "featrel/format.hpp"
#include "featrel/fri.hpp"
#include "featrel/generate.hpp"
#include "ratio_reporter.hpp"

namespace {

featrel::Dataset to_dataset(const featrel::gen::GeneratedData& g) { return g.to_dataset(featrel::TaskRequest::binary); }

const featrel::Dataset& sim1() {
  static const featrel::Dataset d =
      to_dataset(featrel::gen::generate_relevance(featrel::gen::relevance_preset("fri-sim1"), 0));
  return d;
}

// Paper 002, Table 1, Set 8: n = 2000, 10 strong, 10 weak, 50 irrelevant; noise-free like the Sim presets.
const featrel::Dataset& set8() {
  static const featrel::Dataset d = [] {
    featrel::gen::RelevanceOptions o;
    o.n_samples = 2000;
    o.n_features = 70;
    o.n_strong = 10;
    o.n_weak = 10;
    o.noise = 0.0;
    return to_dataset(featrel::gen::generate_relevance(o, 0));
  }();
  return d;
}

// Seconds per fit of the last run of each benchmark, for the comparison with the paper printed at the end.
std::map<std::string, double>& seconds_per_fit() {
  static std::map<std::string, double> s;
  return s;
}

void fit(benchmark::State& state, const std::string& name, const featrel::Dataset& data, unsigned threads) {
  featrel::RunContext ctx;
  ctx.seed = 0;
  ctx.threads = threads;
  std::map<std::string, double> phase_seconds;
  double total = 0;
  long lps = 0, iterations = 0, selected = 0, fits = 0;
  for (auto _ : state) {
    const featrel::fri::Result r = featrel::fri::run(data, featrel::fri::Options{}, ctx);
    for (const auto& p : r.diagnostics.phases) phase_seconds[p.name] += p.seconds;
    total += r.diagnostics.total_seconds;
    const auto t = r.diagnostics.totals();
    lps += t.lp_solves;
    iterations += t.simplex_iterations;
    selected += static_cast<long>(r.selected().size());
    ++fits;
  }
  const double n = static_cast<double>(std::max(1L, fits));
  for (const auto& [name, s] : phase_seconds) state.counters[name + "_s"] = s / n;
  state.counters["lp_solves"] = static_cast<double>(lps) / n;
  state.counters["iter_per_lp"] = static_cast<double>(iterations) / static_cast<double>(std::max(1L, lps));
  state.counters["selected"] = static_cast<double>(selected) / n;
  seconds_per_fit()[name] = total / n;
}

void BM_FriSim1_Default_1Thread(benchmark::State& s) { fit(s, "BM_FriSim1_Default_1Thread", sim1(), 1); }
void BM_FriSet8_2000x70_1Thread(benchmark::State& s) { fit(s, "BM_FriSet8_2000x70_1Thread", set8(), 1); }
void BM_FriSet8_2000x70_AllThreads(benchmark::State& s) { fit(s, "BM_FriSet8_2000x70_AllThreads", set8(), 0); }
BENCHMARK(BM_FriSim1_Default_1Thread)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FriSet8_2000x70_1Thread)->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK(BM_FriSet8_2000x70_AllThreads)->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  featrel::bench::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.print_ratio("Set 8: one thread vs all threads", "BM_FriSet8_2000x70_1Thread/iterations:2",
                       "BM_FriSet8_2000x70_AllThreads/iterations:2");
  const auto& s = seconds_per_fit();
  if (auto it = s.find("BM_FriSim1_Default_1Thread"); it != s.end())
    std::printf("fri-sim1 500x30 default fit, 1 thread: %.3f s (target < 0.3 s)\n", it->second);
  for (const char* name : {"BM_FriSet8_2000x70_1Thread", "BM_FriSet8_2000x70_AllThreads"})
    if (auto it = s.find(name); it != s.end() && it->second > 0)
      std::printf("ratio  %-40s %8.1fx  (paper 002 Table 4: 201 s; featrel %.2f s)\n",
                  (std::string(name).substr(3) + " vs paper").c_str(), 201.0 / it->second, it->second);
  benchmark::Shutdown();
  return 0;
}
