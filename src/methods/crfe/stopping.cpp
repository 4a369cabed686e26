// The β-based stopping rules of docs/crfe.md#stopping-rules: the paper's Algorithm 1 made well defined (default) and an exact copy
// of the 2023 reference library's rule with its crash bugs fixed (`stop_mode reference`). Both watch m_t, the mean
// β over the current features before the removal, and cost O(ψ) per step.
#include <cmath>
#include <cstdint>

#include "featrel/crfe.hpp"

namespace featrel::crfe {

namespace {

// Population sd (ddof 0) of v[first, last).
double population_sd(const std::vector<double>& v, std::size_t first, std::size_t last) {
  const double n = static_cast<double>(last - first);
  double mean = 0.0;
  for (std::size_t i = first; i < last; ++i) mean += v[i];
  mean /= n;
  double ss = 0.0;
  for (std::size_t i = first; i < last; ++i) ss += (v[i] - mean) * (v[i] - mean);
  return std::sqrt(ss / n);
}

// numpy.gradient with unit spacing and edge_order 1 (N ≥ 2): one-sided differences at the ends, central inside.
std::vector<double> np_gradient(const std::vector<double>& f) {
  const std::size_t n = f.size();
  std::vector<double> g(n);
  g[0] = f[1] - f[0];
  g[n - 1] = f[n - 1] - f[n - 2];
  for (std::size_t i = 1; i + 1 < n; ++i) g[i] = (f[i + 1] - f[i - 1]) / 2.0;
  return g;
}

// Python's round() (half to even) of −(L + 1)/2, an integer or a half-integer.
long round_half_even_neg_half(std::size_t L) {
  const long num = -static_cast<long>(L + 1);  // x = num / 2
  if (num % 2 == 0) return num / 2;
  // x = k + 0.5 with k = floor(x); the even neighbour of k and k + 1 wins.
  const long k = (num - 1) / 2;  // floor for negative odd num
  return (k % 2 == 0) ? k : k + 1;
}

}  // namespace

std::size_t stop_window(double window_fraction, std::size_t window, std::size_t p0) {
  if (window > 0) return window;
  // ⌊f·p0⌋ with the product's rounding noise removed (0.4·35 = 14.000000000000002 must give 14, 0.2·35 = 7).
  const double v = window_fraction * static_cast<double>(p0);
  const double r = std::round(v);
  if (std::abs(v - r) <= 1e-9 * std::max(1.0, std::abs(v))) return static_cast<std::size_t>(r);
  return static_cast<std::size_t>(std::floor(v));
}

StopRule::StopRule(StopMode mode, double sigma, std::size_t window) : mode_(mode), sigma_(sigma), window_(window) {
  if (mode_ == StopMode::reference) {
    g_ = {0.0, 0.0};
    s_ = {0.0, 0.0};
  }
}

StopObservation StopRule::observe(double mean_beta) {
  StopObservation obs;
  if (mode_ == StopMode::paper) {
    m_.push_back(mean_beta);
    const std::size_t t = m_.size() - 1;
    if (t >= 2) d_.push_back(m_[t] - 2.0 * m_[t - 1] + m_[t - 2]);
    // Armed once ψ earlier second differences exist: t ≥ ψ + 2 (and ψ ≥ 2 for an sd that means anything).
    if (window_ >= 2 && t >= window_ + 2) {
      const double D = d_.back();
      const std::size_t last = d_.size() - 1;  // D_t's index; the window is the ψ entries before it
      const double sd = population_sd(d_, last - window_, last);
      const double scale = sigma_ * std::max(sd, 1e-12 * (1.0 + std::abs(mean_beta)));
      obs.value = D;
      obs.scale = scale;
      obs.ratio = std::abs(D) / scale;
      obs.fired = std::abs(D) > scale;
    }
    return obs;
  }

  // Reference rule (docs/crfe.md#stopping-rules, mode `reference`): L holds at most B + 1 means.
  if (m_.size() > window_) m_.erase(m_.begin());
  m_.push_back(mean_beta);
  if (first_ || m_.size() < 2) {
    // The first call appends 0; with B = 0 there is never a second point (the reference crashes there).
    g_.push_back(0.0);
    first_ = false;
  } else {
    const std::vector<double> h = np_gradient(np_gradient(m_));
    const std::size_t L = m_.size();
    g_.push_back(h[L - 1]);
    const long c = -2 - round_half_even_neg_half(L);
    for (long o = 1; o <= c; ++o)
      g_[g_.size() - 1 - static_cast<std::size_t>(o)] = h[L - 1 - static_cast<std::size_t>(o)];
  }
  const std::size_t L = m_.size();
  s_.push_back(population_sd(g_, g_.size() - L, g_.size()));
  const double value = g_[g_.size() - 2];
  const double s_prev = s_[s_.size() - 2];
  const double scale = -sigma_ * s_prev;
  obs.value = value;
  obs.scale = scale;
  obs.ratio = s_prev == 0.0 ? 0.0 : value / scale;
  obs.fired = window_ >= 2 && value < scale;
  return obs;
}

}  // namespace featrel::crfe
