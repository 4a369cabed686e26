// The chart of `featrel crfe --svg` and `featrel rfe --svg` (docs/crfe.md#inputs-and-outputs): panels stacked top to bottom.
//
//  1. "path": the mean β (RFE: mean squared weight) over the remaining features against their number, one line per
//     split (the x axis runs from all features on the left down to the last one on the right), with the stop
//     marked by a dashed vertical line at the selected size.
//  2. "sweep" (only when the evaluation holds subsets of several sizes, i.e. --sweep or --eval-sizes): coverage and
//     certainty (0…1, with the target coverage 1 − ε dashed) against k.
//  3. "inefficiency" (with the sweep panel): the mean prediction-set size against k.
//  4. "frequency" (with repeats ≥ 2): one bar per feature in consensus-rank order, its selection frequency, named;
//     or "ranking" (one run): one bar per feature in rank order, its score when it was removed, named.
//
// crfe_chart_panels says which panels a result gets, so tests can check the layout without parsing the SVG.
#pragma once

#include <string>
#include <vector>

#include "featrel/crfe.hpp"
#include "featrel/dataset.hpp"

namespace featrel::crfe {

// Panel keys in drawing order: "path", then "sweep" and "inefficiency", then "frequency".
std::vector<std::string> crfe_chart_panels(const Result& result);

// The chart as a standalone SVG document.
std::string elimination_chart_svg(const Result& result, const Dataset& data);

}  // namespace featrel::crfe
