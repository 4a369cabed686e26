// The `--svg` chart of `featrel ubayfs` (docs/ubayfs.md#inputs-and-outputs), after the R package's plot: one stacked bar per
// feature of its ensemble count and its prior weight (together α°), the features of the first optimum outlined,
// MH inclusion frequencies as dots when present, and below the bars one line per constraint row marking the
// features (or blocks) it involves, solid for hard rows and dashed for soft ones.
#pragma once

#include <string>

#include "featrel/ubayfs.hpp"

namespace featrel::ubayfs {

// `data` gives the title its file and target.
std::string chart_svg(const Result& result, const Dataset& data);

}  // namespace featrel::ubayfs
