// Internals shared by the forest's engine files: the checked inputs of one fit and each engine's entry point.
#pragma once

#include <cstdint>
#include <vector>

#include "featrel/forest.hpp"

namespace featrel::forest::detail {

// The checked inputs of one fit: training rows (ascending) and the rows each tree samples.
struct FitSetup {
  std::vector<std::uint32_t> rows;  // training rows of the design
  std::size_t sample_size = 0;      // ⌊row_fraction·|rows|⌋
  std::size_t columns_per_draw = 0; // k of the design's m columns
  std::vector<double> base;         // base margin per output (engine-specific for XGBoost multiclass)
  // Classification trees of at most this many rows count in 16-bit halves (same results, half the histogram);
  // tests set 0 to compare with the 32-bit halves.
  std::size_t small_bin_rows = 65535;
  // Classification nodes with fewer rows are searched column by column instead of through a node-wide histogram
  // (the same splits, bit for bit); tests set 0 (never) or a large value (always) to compare the two.
  std::size_t sparse_node_rows = 128;
};

FitResult fit_native(const Design& design, const Target& target, const Params& params, std::uint64_t seed,
                     const FitRequest& request, const FitSetup& setup);
// forest::last_column_importances on the native engine with per-tree column sampling.
std::vector<double> last_column_importances_native(const std::vector<const Design*>& designs, const Target& target,
                                                   const Params& params, std::uint64_t seed, const FitRequest& request,
                                                   const FitSetup& setup);
FitResult fit_xgboost(const Design& design, const Target& target, const Params& params, std::uint64_t seed,
                      const FitRequest& request, const FitSetup& setup);

// Rounds per block: trees are grown and reduced in blocks of this many rounds, whatever the thread count.
inline constexpr std::size_t kRoundsPerBlock = 8;

}  // namespace featrel::forest::detail
