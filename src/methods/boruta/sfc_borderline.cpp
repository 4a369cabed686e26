// SFC's borderline features (docs/boruta.md#borderline-features): features called irrelevant whose importance in
// the importance model lies above the shadow null's uncorrected 95 % bound. Γ's tail (fpr, 1e-6 by default) guards
// a whole table of features against chance, so on a small cohort a relevant feature with a modest effect can sit
// between the two bounds beside an irrelevant one at chance; the output names them so that "irrelevant" is not
// read as "shown irrelevant". The bound is an order statistic of the shadow importances, not a t bound: their
// long right tail puts up to 9.5 % of features at chance above a t bound at 5 % (docs/boruta.md#borderline-features).
#include <algorithm>
#include <cmath>
#include <string>

#include "featrel/format.hpp"
#include "featrel/stats.hpp"
#include "methods/boruta/sfc_internal.hpp"

namespace featrel::sfc::detail {

std::optional<BorderlineBound> borderline_bound(const std::vector<double>& shadow_importances, const Options& o,
                                                bool sparse_null) {
  const std::size_t alpha = shadow_importances.size();
  // A Γ already as loose as the bound leaves no band; a sparse or constant null has no tail to describe.
  if (o.fpr >= kBorderlineTail || sparse_null || alpha == 0) return std::nullopt;
  if (std::adjacent_find(shadow_importances.begin(), shadow_importances.end(), std::not_equal_to<>()) ==
      shadow_importances.end())
    return std::nullopt;
  // A new draw exchangeable with the α samples exceeds their k-th smallest with probability (α + 1 − k)/(α + 1).
  const std::size_t rank =
      static_cast<std::size_t>(std::ceil((1.0 - kBorderlineTail) * static_cast<double>(alpha + 1) - 1e-9));
  if (rank > alpha) return std::nullopt;  // fewer than 19 samples
  std::vector<double> sorted = shadow_importances;
  std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(rank - 1), sorted.end());
  BorderlineBound b;
  b.value = sorted[rank - 1];
  b.rank = static_cast<int>(rank);
  b.chance = static_cast<double>(alpha + 1 - rank) / static_cast<double>(alpha + 1);
  return b;
}

void mark_borderline(const Dataset& data, Result& r) {
  if (!r.borderline) return;
  std::vector<std::size_t> marked;
  int irrelevant = 0;  // non-constant features of class 0: those chance could put above the bound
  for (std::size_t j = 0; j < r.features.size(); ++j) {
    FeatureResult& f = r.features[j];
    if (f.cls != 0 || f.constant) continue;
    ++irrelevant;
    if (f.importance > r.borderline->value) {
      f.borderline = true;
      marked.push_back(j);
    }
  }
  r.borderline->called_irrelevant = irrelevant;
  r.borderline->flagged = static_cast<int>(marked.size());
  // How likely chance alone puts this many there; the warning only when that is unlikely. The bound is one random
  // order statistic shared by every feature, so the count is beta-binomial, not binomial (wider when m is large).
  const double alpha = static_cast<double>(r.null_shadow_importances.size());
  r.borderline->p_value = stats::beta_binomial_upper_tail(r.borderline->flagged, irrelevant,
                                                          alpha + 1.0 - r.borderline->rank, r.borderline->rank);
  if (marked.empty() || r.borderline->p_value > kBorderlineTail) return;
  std::stable_sort(marked.begin(), marked.end(), [&](std::size_t a, std::size_t b) {
    return r.features[a].importance > r.features[b].importance;
  });
  constexpr std::size_t kNamed = 10;
  std::string names;
  for (std::size_t k = 0; k < std::min(kNamed, marked.size()); ++k)
    names += (k ? ", " : "") + data.feature_names[marked[k]] + " " +
             format_significant(r.features[marked[k]].importance, 4);
  if (marked.size() > kNamed) names += ", and " + std::to_string(marked.size() - kNamed) + " more";
  const BorderlineBound& b = *r.borderline;
  r.warnings.push_back(
      "borderline_features: " + std::to_string(b.flagged) + " of the " + std::to_string(irrelevant) +
      " features called irrelevant (" + names + ") have an importance above the shadow null's uncorrected bound " +
      format_significant(b.value, 4) + " (rank " + std::to_string(b.rank) + " of its " +
      std::to_string(r.null_shadow_importances.size()) + " values from the smallest; Γ = " +
      format_significant(r.shadow_interval.upper, 4) + "), which a feature at chance exceeds with probability " +
      format_significant(b.chance, 2) + "; so many by chance has probability " + format_significant(b.p_value, 2) +
      ", so some of them may well be relevant features the forest cannot resolve with " +
      std::to_string(data.n_samples()) + " rows: read them as unresolved rather than shown irrelevant, and check "
      "them with a linear method (featrel fri) or more rows");
}

}  // namespace featrel::sfc::detail
