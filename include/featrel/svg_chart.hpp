// Chart building blocks shared by every method's `--svg` output: a linear scale with "nice" ticks, an axis
// drawer, colour-blind-safe colours (one fixed colour per relevance class, so strong/weak/irrelevant look the same
// in every chart) and a legend.
//
// A chart maps data to pixels with two LinearScales, draws its marks with SvgDocument primitives (svg.hpp), then
// its axes with draw_axis and a legend with draw_legend.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "featrel/svg.hpp"

namespace featrel::report {

// ---------------------------------------------------------------------------------------------------------------
// Scales

// The tick step for about `count` ticks over [lo, hi]: 1, 2 or 5 times a power of ten (the d3 rule: the raw step
// (hi − lo)/count is rounded to the candidate nearest on a log scale). 0 when lo == hi.
double nice_step(double lo, double hi, int count = 5);

// Maps the domain [d0, d1] linearly onto the range [r0, r1] (pixels). Either may be reversed, e.g. a y axis
// maps [0, 1] onto [plot_bottom, plot_top]. Non-finite bounds are a programming error (std::invalid_argument).
class LinearScale {
 public:
  LinearScale(double d0, double d1, double r0, double r1);

  double operator()(double v) const;  // a degenerate domain (d0 == d1) maps everything to the range's middle

  double domain_lo() const { return d0_; }
  double domain_hi() const { return d1_; }
  double range_lo() const { return r0_; }
  double range_hi() const { return r1_; }

  // Widens the domain outwards to multiples of nice_step, so that the first and last ticks sit on the ends:
  // [0, 0.93] becomes [0, 1]. A degenerate domain is first widened to [v − |v|/2, v + |v|/2] ([0, 1] for v = 0).
  LinearScale& nice(int count = 5);

  // Ticks: the multiples of nice_step(count) inside the domain, ascending. [0, 0.93] gives 0, 0.2, 0.4, 0.6,
  // 0.8; after nice(), 0 … 1 in steps of 0.2. Values are exact decimals as far as doubles allow (0.6, not
  // 0.6000000000000001). A degenerate domain gives its one value.
  std::vector<double> ticks(int count = 5) const;

  // A tick value written with as many decimals as the step needs (step 0.2 → "0.4", step 5 → "15").
  std::string tick_label(double v, int count = 5) const;

 private:
  double d0_, d1_, r0_, r1_;
};

// ---------------------------------------------------------------------------------------------------------------
// Axes

enum class AxisSide { bottom, top, left, right };

struct AxisStyle {
  int tick_count = 5;
  double tick_size = 5;
  double font_size = 11;
  // When positive, light grid lines of this length run from each tick across the plot (up from a bottom axis,
  // right from a left axis, and so on), drawn before the axis so that it stays on top.
  double grid_length = 0;
  std::string colour = "#333333";
  std::string grid_colour = "#DDDDDD";
  // The scale's domain is log10 of the data (see LogAxis): ticks at whole decades, labelled with the data value
  // (0.01, 1, 100, 1e+04). A domain shorter than a decade keeps the linear ticks, labelled the same way.
  bool log10 = false;
};

// Draws an axis for `scale` along its range. For bottom/top the axis is the horizontal line y = position, for
// left/right the vertical line x = position; ticks and labels point away from the plot (down for bottom, left for
// left); the axis label is centred on the range (rotated for left/right). An empty label draws none.
void draw_axis(SvgDocument& svg, const LinearScale& scale, AxisSide side, double position, std::string_view label,
               const AxisStyle& style = {});

// A value axis that switches to log10 when one large value would squash the rest (importances spanning decades,
// an ID column far above every real feature). `values` are the data the axis must show; when the largest is more
// than `ratio` times their positive median, the axis is logarithmic from a floor (the smallest positive value,
// at most `max_decades` decades below the largest) and values at or below the floor, 0 included, sit on the floor.
// Otherwise it is the plain linear axis from min(0, values) to max(values), as before.
class LogAxis {
 public:
  LogAxis(const std::vector<double>& values, double r0, double r1, double ratio = 30, int max_decades = 4);
  double operator()(double v) const;  // pixel position
  bool is_log() const { return log_; }
  double floor() const { return floor_; }
  const LinearScale& scale() const { return scale_; }  // over log10(v) when is_log(), over v otherwise
  // Draws the axis with draw_axis (log10 labels when logarithmic); the label gets ", log scale" appended then.
  void draw(SvgDocument& svg, AxisSide side, double position, std::string_view label, AxisStyle style = {}) const;

 private:
  bool log_ = false;
  double floor_ = 0;
  LinearScale scale_;
};

// ---------------------------------------------------------------------------------------------------------------
// Colours: the Okabe–Ito palette, distinguishable under the common colour-vision deficiencies.

namespace colours {
inline constexpr const char* black = "#000000";
inline constexpr const char* orange = "#E69F00";
inline constexpr const char* sky_blue = "#56B4E9";
inline constexpr const char* bluish_green = "#009E73";
inline constexpr const char* yellow = "#F0E442";
inline constexpr const char* blue = "#0072B2";
inline constexpr const char* vermillion = "#D55E00";
inline constexpr const char* reddish_purple = "#CC79A7";
inline constexpr const char* grey = "#999999";

// Relevance classes, the same in every chart.
inline constexpr const char* strong = blue;
inline constexpr const char* weak = orange;
inline constexpr const char* tentative = reddish_purple;
inline constexpr const char* irrelevant = grey;
}  // namespace colours

// Series colours in order: blue, orange, bluish green, vermillion, sky blue, reddish purple, yellow, black.
const std::vector<std::string>& categorical_palette();
// categorical_palette()[i modulo its size].
std::string categorical_colour(std::size_t i);
// 2 strong, 1 weak, anything else irrelevant (class 0).
std::string relevance_colour(int cls);
// "strong", "weak", "tentative", "irrelevant"; any other word gets the irrelevant grey.
std::string relevance_colour(std::string_view relevance);

// ---------------------------------------------------------------------------------------------------------------
// Legends

enum class LegendMarker { swatch, line, dashed_line, circle };

struct LegendItem {
  std::string label;
  std::string colour;
  LegendMarker marker = LegendMarker::swatch;
};

struct LegendStyle {
  double font_size = 11;
  double row_height = 16;    // vertical legends: distance between rows
  double marker_width = 14;  // swatch / line length
  double gap = 16;           // horizontal legends: space after each item's label
  bool horizontal = false;
};

struct Size {
  double width = 0;
  double height = 0;
};

// Rough width of text in pixels: 0.6 em per code point (exact metrics would need the font).
double estimate_text_width(std::string_view text, double font_size);

// A feature name cut to at most `max_points` code points, the last being "…" when it was cut (chart labels; the
// mark's tooltip keeps the full name). Cuts on code-point boundaries.
std::string shorten_label(std::string_view name, std::size_t max_points);
// Every chart's feature labels: at most 28 code points (shorten_label), so a name is cut the same way in each.
inline constexpr std::size_t kChartLabelPoints = 28;
std::string chart_label(std::string_view name);

// Charts with one horizontal row per feature (Boruta, SFC, the selectors): the width of the name column for these
// names at `font_size`, and one name drawn right-aligned at (x, y), its full text as the tooltip.
double row_label_band(const std::vector<std::string>& names, double font_size = 11);
void row_label(SvgDocument& svg, double x, double y, const std::string& name, double font_size = 11);
// A chart's bold title (15 px at y = 24) and two grey lines of explanation under it, starting at x = left.
void chart_header(SvgDocument& svg, double left, const std::string& title, const std::string& line1,
                  const std::string& line2);

// The box draw_legend will fill, so that a chart can place the legend before drawing it (e.g. right-aligned).
Size legend_size(const std::vector<LegendItem>& items, const LegendStyle& style = {});
// Draws the items with the box's top-left corner at (x, y) and returns the box's size.
Size draw_legend(SvgDocument& svg, double x, double y, const std::vector<LegendItem>& items,
                 const LegendStyle& style = {});

}  // namespace featrel::report
