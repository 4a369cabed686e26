// Stability indices of docs/stability.md#index-definitions (multi-set Jaccard, I_W, Kuncheva, Nogueira with variance and CI).
// Everything is computed from the per-feature counts c(f) except Nogueira's variance, which needs each set.
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "featrel/stability.hpp"
#include "featrel/stats.hpp"
#include "stats/detail.hpp"

namespace featrel::stability {

namespace {

using stats::detail::require;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Checks one set (indices < d, none repeated) and adds it to the counts c(f).
void add_set(const std::vector<std::size_t>& s, std::size_t d, std::vector<std::size_t>& counts,
             std::vector<char>& mark, std::size_t set_index, const char* function) {
  for (std::size_t f : s) {
    require(f < d, function,
            "set " + std::to_string(set_index) + " holds feature index " + std::to_string(f) + " but there are only " +
                std::to_string(d) + " features");
    require(!mark[f], function, "set " + std::to_string(set_index) + " lists feature " + std::to_string(f) + " twice");
    mark[f] = 1;
  }
  for (std::size_t f : s) {
    mark[f] = 0;
    ++counts[f];
  }
}

// c(f) for every feature, after validating all sets; M ≥ 1 is required.
std::vector<std::size_t> feature_counts(const Sets& sets, std::size_t d, const char* function) {
  require(!sets.empty(), function, "no selections given");
  std::vector<std::size_t> counts(d, 0);
  std::vector<char> mark(d, 0);
  for (std::size_t r = 0; r < sets.size(); ++r) add_set(sets[r], d, counts, mark, r, function);
  return counts;
}

// P_m = |{f ∈ U : c(f) ≥ m}| / |U| for m ≥ 1 (NaN when U is empty).
struct LevelFractions {
  std::vector<std::size_t> at_least;  // at_least[m] = #{f : c(f) ≥ m}, m = 0..M
  double operator()(std::size_t m) const {
    const std::size_t u = at_least.size() > 1 ? at_least[1] : 0;
    if (u == 0) return kNaN;
    if (m >= at_least.size()) return 0.0;  // a level above M: no feature reaches it
    return static_cast<double>(at_least[m]) / static_cast<double>(u);
  }
};

LevelFractions level_fractions(const std::vector<std::size_t>& counts, std::size_t M) {
  std::vector<std::size_t> hist(M + 1, 0);
  for (std::size_t c : counts) ++hist[c];
  LevelFractions p{std::vector<std::size_t>(M + 1, 0)};
  std::size_t acc = 0;
  for (std::size_t m = M + 1; m-- > 0;) {
    acc += hist[m];
    p.at_least[m] = acc;
  }
  return p;
}

double iw_from(const LevelFractions& P, std::size_t M, IwVariant variant, std::size_t m0, std::size_t J) {
  if (std::isnan(P(1))) return kNaN;  // empty union
  double total = 0.0;
  if (variant == IwVariant::paper) {
    // Levels ⌊M/2⌋+1 … M with weights m / Σ m: a feature must be in a majority of the sets to count at all.
    const std::size_t first = M / 2 + 1;
    double wsum = 0.0;
    for (std::size_t m = first; m <= M; ++m) wsum += static_cast<double>(m);
    for (std::size_t m = first; m <= M; ++m) total += static_cast<double>(m) / wsum * P(m);
    return total;
  }
  // Reference (the authors' FSR): levels m0 … m0+J−1, weight (2J − j)/Σ_{i=J+1}^{2J} i for level m0 + j.
  if (J == 0) return kNaN;
  const double wsum = static_cast<double>(J) * static_cast<double>(3 * J + 1) / 2.0;  // Σ_{i=J+1}^{2J} i
  for (std::size_t j = 0; j < J; ++j) total += static_cast<double>(2 * J - j) / wsum * P(m0 + j);
  return total;
}

std::size_t reference_levels(std::size_t M, std::size_t iw_levels) {
  if (iw_levels != 0) return iw_levels;
  return M > 2 ? M - 2 : 0;
}

std::optional<double> kuncheva_from(const Sets& sets, const std::vector<std::size_t>& counts, std::size_t d) {
  const std::size_t M = sets.size();
  std::vector<std::size_t> sizes;
  for (const auto& s : sets) sizes.push_back(s.size());
  if (!kuncheva_undefined_reason(sizes, d).empty()) return std::nullopt;
  const std::size_t kappa = sets[0].size();
  // I_K is linear in r = |A ∩ B|, so the mean over pairs is I_K at the mean r, and Σ_pairs r = Σ_f C(c(f), 2).
  double pair_overlap = 0.0;
  for (std::size_t c : counts)
    if (c >= 2) pair_overlap += static_cast<double>(c) * static_cast<double>(c - 1) / 2.0;
  const double r_mean = pair_overlap / (static_cast<double>(M) * static_cast<double>(M - 1) / 2.0);
  const double k = static_cast<double>(kappa), dd = static_cast<double>(d);
  return (r_mean * dd - k * k) / (k * (dd - k));
}

Nogueira nogueira_from(const Sets& sets, const std::vector<std::size_t>& counts, std::size_t d, double alpha) {
  Nogueira out{kNaN, kNaN, kNaN, kNaN, alpha};
  const std::size_t M = sets.size();
  if (M < 2) return out;
  std::size_t total = 0;
  for (const auto& s : sets) total += s.size();
  if (total == 0 || total == M * d) return out;  // k̄ ∈ {0, d}: the denominator (k̄/d)(1 − k̄/d) is 0

  const double Md = static_cast<double>(M), dd = static_cast<double>(d);
  std::vector<double> p(d);
  for (std::size_t f = 0; f < d; ++f) p[f] = static_cast<double>(counts[f]) / Md;
  const double kbar = static_cast<double>(total) / Md;
  const double v = (kbar / dd) * (1.0 - kbar / dd);
  double spread = 0.0;
  for (double pf : p) spread += pf * (1.0 - pf);
  const double phi = 1.0 - (Md / (Md - 1.0)) * spread / dd / v;

  // Nogueira, Sechidis & Brown (2018), Theorem 7: var(Φ̂) = (4/M²) Σ_i (φ_i − φ̄)².
  std::vector<double> phis(M);
  double phi_mean = 0.0;
  for (std::size_t i = 0; i < M; ++i) {
    double pin = 0.0;
    for (std::size_t f : sets[i]) pin += p[f];
    const double k = static_cast<double>(sets[i].size());
    const double centre = 2.0 * kbar * k / (dd * dd) - k / dd - kbar / dd + 1.0;
    phis[i] = (pin / dd - k * kbar / (dd * dd) - phi / 2.0 * centre) / v;
    phi_mean += phis[i];
  }
  phi_mean /= Md;
  double ss = 0.0;
  for (double x : phis) ss += (x - phi_mean) * (x - phi_mean);
  const double var = 4.0 / (Md * Md) * ss;
  const double z = stats::normal_quantile(1.0 - alpha / 2.0);
  out.value = phi;
  out.variance = var;
  out.ci_lower = phi - z * std::sqrt(var);
  out.ci_upper = phi + z * std::sqrt(var);
  return out;
}

void check_alpha(double alpha, const char* function) {
  require(alpha > 0.0 && alpha < 1.0, function, "alpha " + std::to_string(alpha) + " is outside (0, 1)");
}

void check_m0(std::size_t m0, const char* function) {
  require(m0 >= 1, function, "the first I_W level m0 must be at least 1");
}

}  // namespace

double jaccard_multi(const Sets& sets, std::size_t n_features) {
  const auto counts = feature_counts(sets, n_features, "jaccard_multi");
  return level_fractions(counts, sets.size())(sets.size());
}

double weighted_iw(const Sets& sets, std::size_t n_features, IwVariant variant, std::size_t iw_m0,
                   std::size_t iw_levels) {
  check_m0(iw_m0, "weighted_iw");
  const auto counts = feature_counts(sets, n_features, "weighted_iw");
  const std::size_t M = sets.size();
  return iw_from(level_fractions(counts, M), M, variant, iw_m0, reference_levels(M, iw_levels));
}

std::string kuncheva_undefined_reason(const std::vector<std::size_t>& set_sizes, std::size_t n_features) {
  if (set_sizes.size() < 2) return "fewer than two sets";
  for (std::size_t k : set_sizes)
    if (k != set_sizes.front()) return "set sizes differ";
  // I_K divides by κ(d − κ).
  if (set_sizes.front() == 0) return "every set is empty";
  if (set_sizes.front() == n_features) return "every set holds all " + std::to_string(n_features) + " features";
  return "";
}

std::optional<double> kuncheva_pair(const std::vector<std::size_t>& a, const std::vector<std::size_t>& b,
                                    std::size_t n_features) {
  const Sets pair{a, b};
  const auto counts = feature_counts(pair, n_features, "kuncheva_pair");
  return kuncheva_from(pair, counts, n_features);
}

std::optional<double> kuncheva_mean(const Sets& sets, std::size_t n_features) {
  const auto counts = feature_counts(sets, n_features, "kuncheva_mean");
  return kuncheva_from(sets, counts, n_features);
}

Nogueira nogueira(const Sets& sets, std::size_t n_features, double alpha) {
  check_alpha(alpha, "nogueira");
  const auto counts = feature_counts(sets, n_features, "nogueira");
  return nogueira_from(sets, counts, n_features, alpha);
}

StabilityResult stability(const Sets& sets, std::size_t n_features, IwVariant variant, double alpha,
                          std::size_t iw_m0, std::size_t iw_levels) {
  check_alpha(alpha, "stability");
  check_m0(iw_m0, "stability");
  const auto counts = feature_counts(sets, n_features, "stability");
  const std::size_t M = sets.size();
  const LevelFractions P = level_fractions(counts, M);
  StabilityResult r{};
  r.n_sets = M;
  r.jaccard = P(M);
  r.iw = iw_from(P, M, variant, iw_m0, reference_levels(M, iw_levels));
  r.kuncheva = kuncheva_from(sets, counts, n_features);
  r.nogueira = nogueira_from(sets, counts, n_features, alpha);
  return r;
}

std::string_view to_string(IwVariant v) { return v == IwVariant::paper ? "paper" : "reference"; }

IwVariant iw_variant_from_string(std::string_view s) {
  if (s == "paper") return IwVariant::paper;
  if (s == "reference") return IwVariant::reference;
  throw InputError("unknown I_W variant '" + std::string(s) + "'; use paper or reference");
}

nlohmann::ordered_json to_json(const Nogueira& n) {
  using stats::detail::number_or_null;
  return nlohmann::ordered_json{{"value", number_or_null(n.value)},
                        {"variance", number_or_null(n.variance)},
                        {"ci_lower", number_or_null(n.ci_lower)},
                        {"ci_upper", number_or_null(n.ci_upper)},
                        {"alpha", number_or_null(n.alpha)}};
}

nlohmann::ordered_json to_json(const StabilityResult& r) {
  using stats::detail::number_or_null;
  return nlohmann::ordered_json{{"n_sets", r.n_sets},
                        {"jaccard", number_or_null(r.jaccard)},
                        {"iw", number_or_null(r.iw)},
                        {"kuncheva", number_or_null(r.kuncheva)},
                        {"nogueira", to_json(r.nogueira)}};
}

}  // namespace featrel::stability
