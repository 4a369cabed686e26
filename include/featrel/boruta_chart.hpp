// The `--svg` charts of `featrel boruta` and `featrel sfc` (docs/boruta.md#inputs-and-outputs).
//
// Boruta: one horizontal box plot per feature of its importance over the iterations in which it was active,
// coloured by decision (confirmed = strong blue, tentative = purple, rejected = grey), sorted by median
// importance, against the shadow band: the range of the per-iteration threshold τ (the shadow percentile) with
// its median as a dashed line, and the median shadow maximum as a dotted line. A feature whose box sits right of
// the band beat the shadows in most iterations.
//
// SFC: the importance model's total gain per feature as bars coloured by class (strong, weak, irrelevant),
// sorted by importance, with the upper bound Γ of the shadow-importance prediction interval as a vertical line
// (the paper's Figure 1: bars right of Γ form the minimal set M); below, a strip with the score prediction
// interval of the null and the test score of every feature of M (a dot left of the lower bound is strong).
#pragma once

#include <string>

#include "featrel/boruta.hpp"
#include "featrel/dataset.hpp"
#include "featrel/sfc.hpp"

namespace featrel {

namespace boruta {
// The chart as a standalone SVG document.
std::string importance_chart_svg(const Result& result, const Dataset& data);
}  // namespace boruta

namespace sfc {
// The chart as a standalone SVG document; the score strip is left out when no feature was tested.
std::string importance_chart_svg(const Result& result, const Dataset& data);
}  // namespace sfc

}  // namespace featrel
