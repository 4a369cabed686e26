// Rejections that the importances contradict (docs/boruta.md#errors-and-edge-cases): a rejected feature that was
// more important than a confirmed one in most of the fits where both took part. On wide data the bar of the
// first fits is the best of thousands of shadows, so a real feature can miss it in every fit before the first
// test and be rejected, while a feature that scraped past it once survives to later fits, where far fewer
// shadows set a far lower bar, and is confirmed. The warning says so, with the pairs that show it.
#include <algorithm>
#include <string>
#include <vector>

#include "methods/boruta/boruta_internal.hpp"

namespace featrel::boruta::detail {

std::vector<OutrankedRejection> outranked_rejections(const Result& r) {
  std::vector<OutrankedRejection> out;
  for (std::size_t j : r.rejected) {
    if (r.features[j].constant) continue;
    // A rejected feature's importances end at the fit that rejected it.
    const std::size_t fits =
        std::min(r.importance_history.size(),
                 static_cast<std::size_t>(r.features[j].decided_at.value_or(
                     static_cast<int>(r.importance_history.size()))));
    OutrankedRejection best{j, 0, 0, 0};
    for (std::size_t g : r.confirmed) {
      int above = 0, shared = 0;
      for (std::size_t k = 0; k < fits; ++k)
        if (const auto& row = r.importance_history[k]; row[j] && row[g]) {
          ++shared;
          above += *row[j] > *row[g] ? 1 : 0;
        }
      // Most of the shared fits; among such partners the largest share, then the first confirmed.
      if (2 * above > shared &&
          (best.shared == 0 || static_cast<long>(above) * best.shared > static_cast<long>(best.above) * shared))
        best = OutrankedRejection{j, g, above, shared};
    }
    if (best.shared > 0) out.push_back(best);
  }
  return out;
}

std::string outranked_rejections_warning(const std::vector<OutrankedRejection>& found,
                                         const std::vector<std::string>& names, std::size_t max_shadows,
                                         bool per_tree_columns) {
  if (found.empty()) return {};
  constexpr std::size_t kNamed = 5;
  std::string pairs;
  for (std::size_t i = 0; i < std::min(found.size(), kNamed); ++i) {
    const OutrankedRejection& o = found[i];
    pairs += (i ? "; " : "") + names[o.rejected] + " above " + names[o.confirmed] + " in " +
             std::to_string(o.above) + " of " + std::to_string(o.shared);
  }
  if (found.size() > kNamed) pairs += "; and " + std::to_string(found.size() - kNamed) + " more";
  return "fragile_rejections: " + count_word(found.size(), "rejected feature was", "rejected features were") +
         " more important than a confirmed one in most of the fits they shared (" + pairs +
         "). A rejection is decided against the bar of the fits before it, here the best of up to " +
         std::to_string(max_shadows) +
         " shadows, which a real feature can miss in every early fit; the confirmed ones met lower bars later, "
         "when fewer features were left. Treat these rejections as open: featrel sfc re-examines rejected "
         "features with its importance model; " +
         std::string(per_tree_columns ? "--model-preset rf --min-leaf 1 (scikit-learn's forest, as in BorutaPy) "
                                        "draws columns at every split instead of once per tree "
                                        "(docs/wide-data.md#per-method-what-to-run); "
                                      : "") +
         "or confirm on more rows";
}

}  // namespace featrel::boruta::detail
