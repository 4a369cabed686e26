// The chance floor of a wide table (docs/cli.md#pre-flight-checks): how strongly some column is associated with
// the target by chance alone, given this many columns and rows. Internal to src/data; preflight.cpp reports it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "featrel/dataset.hpp"

namespace featrel::detail {

struct ChanceFloor {
  std::size_t columns = 0;        // non-constant feature columns measured
  double floor = 0.0;             // the 95th percentile, over the permutations, of the largest association
  std::size_t above = 0;          // columns whose association with the real target exceeds the floor
  std::vector<std::size_t> above_features;  // their feature indices, ascending
  double largest = 0.0;           // the largest association with the real target
  std::size_t permutations = 0;
};

// Association of a column with the target: |Pearson r| for a regression target, the correlation ratio η (the
// square root of the between-class share of the column's variance; |r| for two classes) for a class target.
// The same statistic on `permutations` random permutations of the target gives the largest value among the
// columns per permutation; the floor is their 95th percentile, so a column above it is associated with the target
// at a family-wise error of about 5 % (a max-statistic permutation test). The permutations come from `seed` only.
// Columns are taken as the methods see them (missing cells imputed). Needs at least 3 rows and 1 varying column;
// otherwise columns is 0.
ChanceFloor chance_floor(const Dataset& data, std::size_t permutations, std::uint64_t seed);

}  // namespace featrel::detail
