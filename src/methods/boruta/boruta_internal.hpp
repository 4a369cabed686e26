// Internals shared by the Boruta and SFC files: the data checks both methods make before any fit (docs/boruta.md#errors-and-edge-cases), the
// forest-backed importance provider, and Boruta's run with an explicit seed on data already binned (SFC bins
// once per run and runs Boruta with seed derive(seed, 8)).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "featrel/boruta.hpp"
#include "featrel/forest.hpp"

namespace featrel::boruta::detail {

// Per feature: flagged constant by the Dataset, or (for a Dataset built without flags) population SD ≤
// 1e-12·max(1, |mean|) over its finite values. An all-missing column counts as constant.
std::vector<bool> constant_columns(const Dataset& data);

// docs/boruta.md#errors-and-edge-cases's errors, each naming the offending flag or value: no feature columns, an ordinal target, a target with a
// single class, a non-finite target value, an infinite feature value, and too few rows for one tree
// (⌊row_fraction·n_train⌋ < 2·min_leaf). `method` starts each message.
void check_data(const Dataset& data, std::string_view method, double row_fraction, std::size_t min_leaf,
                std::size_t n_train);

// Importances from the forest of docs/boruta.md#the-random-forest on the binned data: the design is [active | shadows], shadows permuted with
// their seeds; trees in fixed blocks over `threads` (the fit is the run's only task).
ImportanceProvider forest_provider(const forest::BinnedData& bins, const forest::Target& target,
                                   const Options& options, unsigned threads);

// Boruta's run with its own seed; `provider` null = the forest on `bins` (binned here when null too).
Result run_seeded(const Dataset& data, const Options& options, const RunContext& ctx, std::uint64_t seed,
                  const ImportanceProvider* provider, const forest::BinnedData* bins, std::string_view method);

// More columns than rows: where the auto settings of both methods switch to their wide-data choice (Boruta's
// model preset rf, SFC's forest importance model).
inline bool wider_than_long(std::size_t n_rows, std::size_t n_features) { return n_features > n_rows; }

// Column-fraction options (feature_fraction, SFC's boruta_feature_fraction): the word sqrt, all or a fraction in
// (0, 1] (OptionError naming info's key otherwise), its JSON echo ("sqrt" or the number), the JSON read back, and
// the check of a struct filled in by hand (OptionError naming `key`).
forest::ColumnFraction column_fraction_word(const options::Info& info, std::string_view word);
report::Json column_fraction_json(const forest::ColumnFraction& f);
forest::ColumnFraction column_fraction_from_json(const options::Info& info, const report::Json& j);
void check_column_fraction(const forest::ColumnFraction& f, const std::string& key);

// Does a forest on `columns` beat chance? Out-of-bag score of one native forest (params, seed) against the
// majority class (one-sided binomial test) or, for regression, the out-of-bag predictions' correlation with y
// (one-sided t test); `beats` when p ≤ kChanceLevel. Used to say out loud that an empty selection is not an
// empty signal.
ChanceCheck chance_check(const forest::BinnedData& bins, const forest::Target& target,
                         const std::vector<std::size_t>& columns, forest::Params params, std::uint64_t seed);

// A rejected feature more important than a confirmed one in most (more than half) of the fits where both were
// active: the confirmed partner with the largest such share (ties: the first confirmed).
struct OutrankedRejection {
  std::size_t rejected = 0, confirmed = 0;
  int above = 0, shared = 0;
};
std::vector<OutrankedRejection> outranked_rejections(const Result& r);
// The warning for them ("" when there are none); max_shadows is the largest shadow count of a fit; per_tree_columns
// says the forest drew its columns per tree, so that scikit-learn's forest (per node) is a remedy to name.
std::string outranked_rejections_warning(const std::vector<OutrankedRejection>& found,
                                         const std::vector<std::string>& names, std::size_t max_shadows,
                                         bool per_tree_columns);

// "k feature(s)" style counts for messages.
std::string count_word(std::size_t n, std::string_view one, std::string_view many);

}  // namespace featrel::boruta::detail
