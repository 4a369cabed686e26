// One Boruta iteration's ingredients (docs/boruta.md#the-boruta-loop items 2–4): the `auto` tree count, the shadow
// count, and the forest that gives the importances of [active | shadows] — shadows as permuted views of the bin
// codes, so that a shadow has exactly its source's bins and missing rate.
#include <cmath>

#include "featrel/error.hpp"
#include "methods/boruta/boruta_internal.hpp"

namespace featrel::boruta {

std::size_t auto_trees(std::size_t n_active, int max_depth) {
  // BorutaPy: multi = (2n)/(√(2n)·D); n_estimators = int(multi·100). Kept in this order so that the float
  // result matches BorutaPy's at every n.
  const double two_n = 2.0 * static_cast<double>(n_active);
  const double depth = max_depth > 0 ? static_cast<double>(max_depth) : 10.0;
  const double multi = two_n / (std::sqrt(two_n) * depth);
  const double trees = std::floor(multi * 100.0);
  return trees < 1.0 ? 1 : static_cast<std::size_t>(trees);
}

std::size_t shadow_count(std::size_t n_active) {
  std::size_t s = n_active;
  while (s < 5) s *= 2;
  return s;
}

namespace detail {

ImportanceProvider forest_provider(const forest::BinnedData& bins, const forest::Target& target,
                                   const Options& options, unsigned threads) {
  return [&bins, &target, options, threads](const FitQuery& q) {
    forest::Design design(bins);
    for (std::size_t j : q.active) design.add(j);
    for (std::size_t s = 0; s < q.shadow_sources.size(); ++s) design.add_permuted(q.shadow_sources[s], q.shadow_seeds[s]);
    forest::FitRequest request;
    request.threads = threads;
    return forest::fit(design, target, forest_params(options, q.n_trees), q.fit_seed, request).importance;
  };
}

}  // namespace detail

}  // namespace featrel::boruta
