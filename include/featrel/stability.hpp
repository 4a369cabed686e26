// Stability of feature selection over repeated runs: multi-set Jaccard, weighted I_W, Kuncheva and Nogueira's Φ̂
// with its variance and confidence interval (docs/stability.md#index-definitions; docs/architecture.md#shared-components).
//
// crfe (`--repeats`), ubayfs (one row per tied optimum) and `featrel stability` all report the same block, so it
// is computed and written here once. A selection is a list of 0-based feature indices out of n_features = d;
// sets of different sizes are accepted everywhere except Kuncheva, which is then undefined (docs/architecture.md#shared-components replaces
// docs/crfe.md#errors-and-edge-cases's error). Undefined values are NaN in the C++ results (nullopt for Kuncheva) and null in JSON.
//
// With S_1…S_M, c(f) = #{r : f ∈ S_r}, U = ∪S_r and P_m = |{f ∈ U : c(f) ≥ m}|/|U| (P_m = 0 for m > M):
// - Jaccard I_J = |∩S_r|/|∪S_r| = P_M; NaN when U is empty.
// - I_W `paper`: levels ⌊M/2⌋+1 … M, weights m/Σm (stricter levels weigh more). I_W `reference` (the authors'
//   notebook): levels m_0 … m_0+J−1 with weights (2J − j)/Σ_{i=J+1}^{2J} i, j = 0…J−1 (looser levels weigh
//   more); J = M − 2 and m_0 = 2 within one method. NaN when U is empty or there are no levels (reference, M ≤ 2).
// - Kuncheva for equal sizes κ: (r·d − κ²)/(κ(d − κ)), r = |A ∩ B|; undefined (nullopt) for unequal sizes,
//   κ ∈ {0, d}, or fewer than two sets.
// - Nogueira Φ̂ = 1 − [(1/d)Σ_f (M/(M−1)) p̂_f(1 − p̂_f)] / [(k̄/d)(1 − k̄/d)], p̂_f = c(f)/M, k̄ = Σ p̂_f, with the
//   variance of Nogueira et al. (2018, Thm. 7) and CI Φ̂ ± z_{1−α/2}√var. All NaN when M < 2 or k̄ ∈ {0, d}.
// Edge cases: M = 0 is an InputError; M = 1 gives I_J = I_W(paper) = 1 for a non-empty set and NaN for the rest;
// all sets empty gives NaN everywhere. Indices ≥ d and repeated indices within a set are InputErrors.
#pragma once

#include <cstddef>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace featrel::stability {

using Sets = std::vector<std::vector<std::size_t>>;

enum class IwVariant { paper, reference };

struct Nogueira {
  double value;     // Φ̂
  double variance;  // var(Φ̂)
  double ci_lower;  // Φ̂ − z_{1−α/2}·√var (not clipped)
  double ci_upper;  // Φ̂ + z_{1−α/2}·√var
  double alpha;     // the CI's level: 1 − α coverage
};

struct StabilityResult {
  std::size_t n_sets;
  double jaccard;
  double iw;
  std::optional<double> kuncheva;  // mean pairwise Kuncheva
  Nogueira nogueira;
};

// All indices at once. iw_m0 and iw_levels (J; 0 = M − 2) apply to the reference I_W variant only; CRFE against
// RFE over 2M pooled sets passes iw_m0 = M + 1, iw_levels = M. alpha ∈ (0, 1).
StabilityResult stability(const Sets& sets, std::size_t n_features, IwVariant variant = IwVariant::paper,
                          double alpha = 0.05, std::size_t iw_m0 = 2, std::size_t iw_levels = 0);

double jaccard_multi(const Sets& sets, std::size_t n_features);
double weighted_iw(const Sets& sets, std::size_t n_features, IwVariant variant = IwVariant::paper,
                   std::size_t iw_m0 = 2, std::size_t iw_levels = 0);
std::optional<double> kuncheva_pair(const std::vector<std::size_t>& a, const std::vector<std::size_t>& b,
                                    std::size_t n_features);
std::optional<double> kuncheva_mean(const Sets& sets, std::size_t n_features);
// Why Kuncheva is undefined for sets of these sizes out of n_features, for messages ("" when it is defined):
// "fewer than two sets", "set sizes differ", "every set is empty" or "every set holds all d features".
std::string kuncheva_undefined_reason(const std::vector<std::size_t>& set_sizes, std::size_t n_features);
Nogueira nogueira(const Sets& sets, std::size_t n_features, double alpha = 0.05);

// "paper" / "reference" (`--iw-variant`); from_string raises InputError naming the accepted values.
std::string_view to_string(IwVariant v);
IwVariant iw_variant_from_string(std::string_view s);

// The shared stability block (docs/result-format.md#writing-rules): {"n_sets", "jaccard", "iw", "kuncheva",
// "nogueira": {"value", "variance", "ci_lower", "ci_upper", "alpha"}}; NaN and nullopt become null.
nlohmann::ordered_json to_json(const StabilityResult& r);
nlohmann::ordered_json to_json(const Nogueira& n);

}  // namespace featrel::stability
