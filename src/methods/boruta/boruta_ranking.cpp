// Rough fix and ranking after the Boruta loop (docs/boruta.md#the-boruta-loop): R's TentativeRoughFix without promotion
// (a tentative is kept iff its median importance beats the median threshold τ — the perc thresholds, not the
// shadow maxima), then BorutaPy's ranking_: 1 confirmed, 2 kept tentatives, and the rest by the median over
// iterations of their per-iteration importance ranks, shifted to start at 3 (2 when no tentative was kept) and
// truncated. Unlike BorutaPy, the support never becomes all-true (docs/boruta.md#departures-from-the-references defect 1).
#include <algorithm>
#include <cmath>
#include <limits>

#include "featrel/boruta.hpp"
#include "featrel/error.hpp"
#include "featrel/stats.hpp"

namespace featrel::boruta {

Ranking rough_fix_and_rank(const std::vector<std::vector<std::optional<double>>>& history,
                           const std::vector<double>& thresholds, const std::vector<Decision>& decisions) {
  const std::size_t d = decisions.size();
  for (const auto& row : history)
    if (row.size() != d) throw InputError("boruta: an importance history row has the wrong number of features");
  Ranking r;
  r.rough_fix_kept.assign(d, false);
  r.rank.assign(d, 0);

  auto values_of = [&](std::size_t j) {
    std::vector<double> v;
    for (const auto& row : history)
      if (row[j]) v.push_back(*row[j]);
    return v;
  };

  const double tau = thresholds.empty() ? std::numeric_limits<double>::infinity() : stats::median(thresholds);
  bool any_kept = false;
  for (std::size_t j = 0; j < d; ++j) {
    if (decisions[j] != Decision::tentative) continue;
    const std::vector<double> v = values_of(j);
    r.rough_fix_kept[j] = !v.empty() && stats::median(v) > tau;
    any_kept = any_kept || r.rough_fix_kept[j];
  }

  // The rest: rejected features and tentatives that were not kept, with at least one importance value.
  std::vector<std::size_t> rest, never;
  for (std::size_t j = 0; j < d; ++j) {
    if (decisions[j] == Decision::confirmed) {
      r.rank[j] = 1;
    } else if (r.rough_fix_kept[j]) {
      r.rank[j] = 2;
    } else {
      bool has = false;
      for (const auto& row : history) has = has || row[j].has_value();
      (has ? rest : never).push_back(j);
    }
  }

  int worst = 0;
  for (std::size_t j = 0; j < d; ++j) worst = std::max(worst, r.rank[j]);
  if (!rest.empty()) {
    // Per iteration: average ranks of −importance among the rest that have a value (nulls excluded).
    std::vector<std::vector<double>> iter_ranks(rest.size());
    for (const auto& row : history) {
      std::vector<double> neg;
      std::vector<std::size_t> who;
      for (std::size_t q = 0; q < rest.size(); ++q)
        if (row[rest[q]]) {
          neg.push_back(-*row[rest[q]]);
          who.push_back(q);
        }
      if (neg.empty()) continue;
      const std::vector<double> rk = stats::average_ranks(neg);
      for (std::size_t t = 0; t < who.size(); ++t) iter_ranks[who[t]].push_back(rk[t]);
    }
    std::vector<double> medians(rest.size());
    for (std::size_t q = 0; q < rest.size(); ++q) medians[q] = stats::median(iter_ranks[q]);
    const std::vector<double> ranks = stats::average_ranks(medians);
    const double lo = *std::min_element(ranks.begin(), ranks.end());
    const double start = any_kept ? 3.0 : 2.0;
    for (std::size_t q = 0; q < rest.size(); ++q) {
      r.rank[rest[q]] = static_cast<int>(ranks[q] - lo + start);  // truncated, as numpy's int assignment does
      worst = std::max(worst, r.rank[rest[q]]);
    }
  }
  // Features that never entered a model (constant columns) come last, together.
  for (std::size_t j : never) r.rank[j] = worst + 1;
  return r;
}

}  // namespace featrel::boruta
