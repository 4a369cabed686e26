// The relevance bar chart of `featrel fri --svg` (docs/fri.md#inputs-and-outputs; the paper's Fig. 2/3): one bar per feature
// from its lower to its upper relevance bound, coloured by class, with the probe thresholds as dashed lines.
//
// Panels are stacked top to bottom: one per model class (one for binary, regression and ordinal targets; one per
// class against the rest for a multiclass target), each followed by a panel of its constrained intervals when
// presets were given. When grouping ran, the panel's dendrogram sits above its bars and the bars follow the
// dendrogram's leaf order (features that were not clustered come after it, in column order); otherwise bars are
// in column order. The layout is computed separately from the drawing (relevance_chart_layout) so that tests can
// map values to pixels exactly as the chart does.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/fri.hpp"

namespace featrel::fri {

// Where one panel of the chart sits, in pixels of the SVG canvas.
struct ChartPanel {
  std::string title;
  std::size_t model = 0;       // index into Result::models
  bool constrained = false;    // the constrained intervals of that model (presets)
  std::vector<int> order;      // feature columns, left to right (privileged ones last)
  // Position in `order` where the privileged block starts (order.size(): none); each block has its own thresholds.
  std::size_t privileged_from = 0;
  double title_y = 0;          // baseline of the panel's title
  double left = 0;             // x of the first slot's left edge
  double slot = 0;             // width of one feature's slot; its bar is centred in it
  double bar_width = 0;
  double top = 0;              // y of the value y_max
  double bottom = 0;           // y of the value 0 (the baseline)
  double y_max = 0;            // upper end of the y axis (a "nice" number >= every value drawn in the panel)
  double dendrogram_top = 0;   // grouping: the dendrogram's band; both equal `top` when none is drawn
  double dendrogram_bottom = 0;
  double labels_top = 0;       // feature names hang below this line

  // The pixel y of a relevance value, and the pixel x of the centre of the bar at a position of `order`.
  double y(double value) const;
  double x_centre(std::size_t position) const;
};

struct ChartLayout {
  double width = 0;
  double height = 0;
  std::vector<ChartPanel> panels;
};

// The panels of the chart of `result`, fitted in order: canvas width grows with the feature count (a slot of at
// least 16 px per feature, so 100 names stay readable as vertical labels).
ChartLayout relevance_chart_layout(const Result& result, const Dataset& data);

// The chart as a standalone SVG document. Every bar carries a tooltip "NAME: [lower, upper] word"; a bar is at
// least 0.001·(largest upper bound of its panel) tall (docs/fri.md#inputs-and-outputs) and at least one pixel, so that zero intervals
// stay visible. Threshold lines carry the tooltips "upper threshold …" and "lower threshold …" (the lower one is
// drawn only when it is above 0). Pinned features in a constrained panel have a black outline; behind each
// constrained bar a dashed outline shows the feature's unconstrained interval.
std::string relevance_chart_svg(const Result& result, const Dataset& data);

}  // namespace featrel::fri
