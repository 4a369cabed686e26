// Descriptive summaries: mean, SD with an explicit divisor, numpy's linear percentile, and average ranks.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "featrel/stats.hpp"
#include "stats/detail.hpp"

namespace featrel::stats {

namespace {

void require_no_nan(const std::vector<double>& values, const char* function) {
  for (std::size_t i = 0; i < values.size(); ++i)
    detail::require(!std::isnan(values[i]), function, "value " + std::to_string(i) + " is NaN");
}

}  // namespace

double mean(const std::vector<double>& values) {
  detail::require(!values.empty(), "mean", "no values");
  return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

double pearson_complete(const double* a, const double* b, std::size_t n) {
  // Two passes (means, then centred sums): exact enough for nearly equal columns, whose r is what matters.
  double sa = 0.0, sb = 0.0;
  std::size_t m = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (!std::isnan(a[i]) && !std::isnan(b[i])) sa += a[i], sb += b[i], ++m;
  if (m < 3) return 0.0;
  const double ma = sa / static_cast<double>(m), mb = sb / static_cast<double>(m);
  double saa = 0.0, sbb = 0.0, sab = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    if (std::isnan(a[i]) || std::isnan(b[i])) continue;
    const double da = a[i] - ma, db = b[i] - mb;
    saa += da * da, sbb += db * db, sab += da * db;
  }
  if (saa <= 0.0 || sbb <= 0.0) return 0.0;
  return sab / std::sqrt(saa * sbb);
}

double sd(const std::vector<double>& values, SdKind kind) {
  const std::size_t n = values.size();
  const std::size_t need = kind == SdKind::sample ? 2 : 1;
  detail::require(n >= need, "sd", std::to_string(n) + " value(s); the " + std::string(to_string(kind)) +
                                        " SD needs at least " + std::to_string(need));
  // Two passes (centre first) so that values with a large common offset keep their precision.
  const double m = mean(values);
  double ss = 0.0;
  for (double v : values) ss += (v - m) * (v - m);
  const double divisor = static_cast<double>(kind == SdKind::sample ? n - 1 : n);
  return std::sqrt(ss / divisor);
}

double percentile_linear(std::vector<double> values, double perc) {
  detail::require(!values.empty(), "percentile_linear", "no values");
  detail::require(perc >= 0.0 && perc <= 100.0, "percentile_linear",
                  "percentile " + std::to_string(perc) + " is outside [0, 100]");
  require_no_nan(values, "percentile_linear");
  std::sort(values.begin(), values.end());
  const double r = perc / 100.0 * static_cast<double>(values.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(r));
  if (lo + 1 >= values.size()) return values.back();  // perc = 100 (or r rounding onto the last index)
  const double frac = r - static_cast<double>(lo);
  return values[lo] + frac * (values[lo + 1] - values[lo]);
}

double median(std::vector<double> values) {
  detail::require(!values.empty(), "median", "no values");
  return percentile_linear(std::move(values), 50.0);
}

std::vector<double> average_ranks(const std::vector<double>& values) {
  require_no_nan(values, "average_ranks");
  const std::size_t n = values.size();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
  std::vector<double> ranks(n);
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i + 1;
    while (j < n && values[order[j]] == values[order[i]]) ++j;
    // Positions i..j−1 (0-based) hold one tied value: their 1-based ranks i+1..j average to (i + 1 + j)/2.
    const double avg = 0.5 * static_cast<double>(i + 1 + j);
    for (std::size_t k = i; k < j; ++k) ranks[order[k]] = avg;
    i = j;
  }
  return ranks;
}

}  // namespace featrel::stats
