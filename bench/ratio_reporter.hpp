// A Google Benchmark console reporter that also remembers each benchmark's time per iteration, so a benchmark
// binary can print speed ratios measured in the same run (the project's way of quoting speed-ups).
#pragma once

#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>

namespace featrel::bench {

class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const auto& r : runs)
      if (r.run_type == Run::RT_Iteration && r.iterations > 0)
        seconds_[r.benchmark_name()] = r.real_accumulated_time / static_cast<double>(r.iterations);
    ConsoleReporter::ReportRuns(runs);
  }
  // Seconds per iteration of a benchmark that ran (0 when it did not).
  double seconds(const std::string& name) const {
    auto it = seconds_.find(name);
    return it == seconds_.end() ? 0.0 : it->second;
  }
  // Prints "label: a / b = ratio x" when both were run.
  void print_ratio(const std::string& label, const std::string& slow, const std::string& fast) const {
    auto a = seconds_.find(slow), b = seconds_.find(fast);
    if (a == seconds_.end() || b == seconds_.end() || b->second <= 0) return;
    std::printf("ratio  %-40s %8.1fx  (%s / %s)\n", label.c_str(), a->second / b->second, slow.c_str(), fast.c_str());
  }
  // Prints "label: reference / featrel = ratio x" for a reference tool's measured time (seconds) against a
  // benchmark that ran; `reference_text` names where the reference time comes from.
  void print_reference_ratio(const std::string& label, double reference_seconds, const std::string& name,
                             const std::string& reference_text) const {
    const double s = seconds(name);
    if (s <= 0) return;
    std::printf("ratio  %-40s %8.1fx  (%s %.3g s / featrel %.3f s)\n", label.c_str(), reference_seconds / s,
                reference_text.c_str(), reference_seconds, s);
  }

 private:
  std::map<std::string, double> seconds_;
};

}  // namespace featrel::bench
