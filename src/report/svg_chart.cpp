// Scales, axes, colours and legends for SVG charts (include/featrel/svg_chart.hpp).
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "featrel/format.hpp"
#include "featrel/report.hpp"
#include "featrel/svg_chart.hpp"

namespace featrel::report {

namespace {

// A step factor·10^power with factor 1, 2 or 5. Ticks are computed from this integer form, not from the double
// step, so that 3 × 0.2 comes out as 0.6 (3 / 5) rather than 0.6000000000000001.
struct Step {
  int factor = 0;  // 0 = no step (degenerate domain)
  int power = 0;

  double value() const { return factor * std::pow(10.0, power); }
  // For power < 0: the number of steps per unit, an exact integer (10^−power / factor).
  double per_unit() const { return std::pow(10.0, -power) / factor; }
  // i-th multiple of the step, as exactly as a double allows.
  double multiple(double i) const { return power < 0 ? i / per_unit() : i * value(); }
  // v in steps (real-valued).
  double in_steps(double v) const { return power < 0 ? v * per_unit() : v / value(); }
};

// Tolerance in step units, so that 0.6 / 0.2 = 2.9999999999999996 still counts as 3.
constexpr double kStepEps = 1e-9;

Step step_for(double lo, double hi, int count) {
  if (lo > hi) std::swap(lo, hi);
  if (!(hi > lo) || count <= 0) return {};
  const double raw = (hi - lo) / count;
  int power = static_cast<int>(std::floor(std::log10(raw)));
  const double error = raw / std::pow(10.0, power);
  int factor = error >= std::sqrt(50.0) ? 10 : error >= std::sqrt(10.0) ? 5 : error >= std::sqrt(2.0) ? 2 : 1;
  if (factor == 10) {
    factor = 1;
    ++power;
  }
  return {factor, power};
}

void check_finite(double v, const char* what) {
  if (!std::isfinite(v)) throw std::invalid_argument(std::string("LinearScale: non-finite ") + what);
}

}  // namespace

double nice_step(double lo, double hi, int count) {
  const Step s = step_for(lo, hi, count);
  return s.factor == 0 ? 0.0 : s.value();
}

LinearScale::LinearScale(double d0, double d1, double r0, double r1) : d0_(d0), d1_(d1), r0_(r0), r1_(r1) {
  check_finite(d0, "domain");
  check_finite(d1, "domain");
  check_finite(r0, "range");
  check_finite(r1, "range");
}

double LinearScale::operator()(double v) const {
  if (d1_ == d0_) return 0.5 * (r0_ + r1_);
  return r0_ + (v - d0_) / (d1_ - d0_) * (r1_ - r0_);
}

LinearScale& LinearScale::nice(int count) {
  const bool reversed = d0_ > d1_;
  double lo = std::min(d0_, d1_);
  double hi = std::max(d0_, d1_);
  if (lo == hi) {
    const double half = lo == 0 ? 0.5 : std::abs(lo) / 2;
    lo = lo == 0 ? 0.0 : lo - half;
    hi = hi == 0 ? 1.0 : hi + half;
  }
  // Widening can change the step (d3 iterates the same way); a few rounds always settle.
  for (int round = 0; round < 10; ++round) {
    const Step s = step_for(lo, hi, count);
    if (s.factor == 0) break;
    const double nlo = s.multiple(std::floor(s.in_steps(lo) + kStepEps));
    const double nhi = s.multiple(std::ceil(s.in_steps(hi) - kStepEps));
    if (nlo == lo && nhi == hi) break;
    lo = nlo;
    hi = nhi;
  }
  d0_ = reversed ? hi : lo;
  d1_ = reversed ? lo : hi;
  return *this;
}

std::vector<double> LinearScale::ticks(int count) const {
  const double lo = std::min(d0_, d1_);
  const double hi = std::max(d0_, d1_);
  if (lo == hi) return {lo};
  const Step s = step_for(lo, hi, count);
  if (s.factor == 0) return {};
  const double i0 = std::ceil(s.in_steps(lo) - kStepEps);
  const double i1 = std::floor(s.in_steps(hi) + kStepEps);
  std::vector<double> out;
  for (double i = i0; i <= i1; ++i) {
    const double t = s.multiple(i);
    out.push_back(t == 0 ? 0.0 : t);  // no -0
  }
  return out;
}

std::string LinearScale::tick_label(double v, int count) const {
  const Step s = step_for(d0_, d1_, count);
  if (s.factor == 0) return format_number(v);
  return format_fixed(v, std::max(0, -s.power));
}

// ---------------------------------------------------------------------------------------------------------------

namespace {

// Whole decades inside a log10 domain; the linear ticks when it spans less than two.
std::vector<double> log_ticks(const LinearScale& scale, int count) {
  const double lo = std::min(scale.domain_lo(), scale.domain_hi());
  const double hi = std::max(scale.domain_lo(), scale.domain_hi());
  std::vector<double> out;
  for (double k = std::ceil(lo - kStepEps); k <= hi + kStepEps; ++k) out.push_back(k);
  return out.size() >= 2 ? out : scale.ticks(count);
}

}  // namespace

void draw_axis(SvgDocument& svg, const LinearScale& scale, AxisSide side, double position, std::string_view label,
               const AxisStyle& style) {
  const std::vector<double> ticks = style.log10 ? log_ticks(scale, style.tick_count) : scale.ticks(style.tick_count);
  const auto tick_text_of = [&](double t) {
    return style.log10 ? format_number(std::pow(10.0, t)) : scale.tick_label(t, style.tick_count);
  };
  const double a = std::min(scale.range_lo(), scale.range_hi());
  const double b = std::max(scale.range_lo(), scale.range_hi());
  const double mid = 0.5 * (a + b);
  const Style axis_line{.fill = "none", .stroke = style.colour};
  const Style grid_line{.fill = "none", .stroke = style.grid_colour};
  TextStyle tick_text{.font_size = style.font_size, .fill = style.colour};
  TextStyle label_text{.anchor = Anchor::middle, .font_size = style.font_size, .fill = style.colour};
  const double gap = 3;  // between a tick's end and its label

  if (side == AxisSide::bottom || side == AxisSide::top) {
    const double dir = side == AxisSide::bottom ? 1.0 : -1.0;  // away from the plot
    if (style.grid_length > 0) {
      for (double t : ticks) svg.line(scale(t), position, scale(t), position - dir * style.grid_length, grid_line);
    }
    svg.line(a, position, b, position, axis_line);
    tick_text.anchor = Anchor::middle;
    const double label_y = side == AxisSide::bottom ? position + style.tick_size + gap + 0.8 * style.font_size
                                                    : position - style.tick_size - gap;
    for (double t : ticks) {
      svg.line(scale(t), position, scale(t), position + dir * style.tick_size, axis_line);
      svg.text(scale(t), label_y, tick_text_of(t), tick_text);
    }
    if (!label.empty()) {
      const double y = side == AxisSide::bottom ? label_y + 1.2 * style.font_size + 4
                                                : label_y - 1.2 * style.font_size - 4;
      svg.text(mid, y, label, label_text);
    }
    return;
  }

  const double dir = side == AxisSide::left ? -1.0 : 1.0;
  if (style.grid_length > 0) {
    for (double t : ticks) svg.line(position, scale(t), position - dir * style.grid_length, scale(t), grid_line);
  }
  svg.line(position, a, position, b, axis_line);
  tick_text.anchor = side == AxisSide::left ? Anchor::end : Anchor::start;
  tick_text.middle_baseline = true;
  double widest = 0;
  for (double t : ticks) {
    const std::string text = tick_text_of(t);
    widest = std::max(widest, estimate_text_width(text, style.font_size));
    svg.line(position, scale(t), position + dir * style.tick_size, scale(t), axis_line);
    svg.text(position + dir * (style.tick_size + gap), scale(t), text, tick_text);
  }
  if (!label.empty()) {
    // Rotated so that it reads bottom-to-top on the left and top-to-bottom on the right, glyphs facing outwards.
    label_text.rotate = side == AxisSide::left ? -90 : 90;
    const double x = position + dir * (style.tick_size + gap + widest + 6);
    svg.text(x, mid, label, label_text);
  }
}

namespace {

LinearScale linear_axis_scale(const std::vector<double>& values, double r0, double r1) {
  double lo = 0.0, hi = 0.0;
  for (double v : values)
    if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
  if (lo == hi) hi = lo + 1.0;
  LinearScale s(lo, hi, r0, r1);
  s.nice();
  return s;
}

}  // namespace

LogAxis::LogAxis(const std::vector<double>& values, double r0, double r1, double ratio, int max_decades)
    : scale_(linear_axis_scale(values, r0, r1)) {
  std::vector<double> positive;
  bool negative = false;
  for (double v : values) {
    if (!std::isfinite(v)) continue;
    if (v > 0) positive.push_back(v);
    negative |= v < 0;
  }
  if (negative || positive.size() < 2) return;
  std::sort(positive.begin(), positive.end());
  const double largest = positive.back();
  const double median = positive[(positive.size() - 1) / 2];
  if (!(largest > ratio * median)) return;
  log_ = true;
  floor_ = std::max(positive.front(), largest * std::pow(10.0, -max_decades));
  // Whole decades at both ends, so the first and last ticks sit on the plot's edges.
  scale_ = LinearScale(std::floor(std::log10(floor_)), std::ceil(std::log10(largest)), r0, r1);
  floor_ = std::pow(10.0, scale_.domain_lo());
}

double LogAxis::operator()(double v) const {
  if (!log_) return scale_(v);
  return scale_(std::log10(std::max(v, floor_)));
}

void LogAxis::draw(SvgDocument& svg, AxisSide side, double position, std::string_view label, AxisStyle style) const {
  style.log10 = log_;
  const std::string text = log_ && !label.empty() ? std::string(label) + ", log scale" : std::string(label);
  draw_axis(svg, scale_, side, position, text, style);
}

// ---------------------------------------------------------------------------------------------------------------

const std::vector<std::string>& categorical_palette() {
  static const std::vector<std::string> palette = {colours::blue,      colours::orange,         colours::bluish_green,
                                                   colours::vermillion, colours::sky_blue,      colours::reddish_purple,
                                                   colours::yellow,    colours::black};
  return palette;
}

std::string categorical_colour(std::size_t i) {
  const auto& p = categorical_palette();
  return p[i % p.size()];
}

std::string relevance_colour(int cls) {
  if (cls == 2) return colours::strong;
  if (cls == 1) return colours::weak;
  return colours::irrelevant;
}

std::string relevance_colour(std::string_view relevance) {
  if (relevance == "strong") return colours::strong;
  if (relevance == "weak") return colours::weak;
  if (relevance == "tentative") return colours::tentative;
  return colours::irrelevant;
}

// ---------------------------------------------------------------------------------------------------------------

std::string shorten_label(std::string_view name, std::size_t max_points) {
  if (display_width(name) <= max_points || max_points == 0) return std::string(name);
  std::string out;
  std::size_t points = 0;
  for (char ch : name) {
    const bool lead = (static_cast<unsigned char>(ch) & 0xC0) != 0x80;  // count lead bytes only
    if (lead && points == max_points - 1) break;
    if (lead) ++points;
    out += ch;
  }
  return out + "…";
}

double estimate_text_width(std::string_view text, double font_size) {
  return 0.6 * font_size * static_cast<double>(display_width(text));
}

std::string chart_label(std::string_view name) { return shorten_label(name, kChartLabelPoints); }

double row_label_band(const std::vector<std::string>& names, double font_size) {
  double longest = 40;
  for (const auto& n : names) longest = std::max(longest, estimate_text_width(chart_label(n), font_size));
  return longest + 16;
}

void row_label(SvgDocument& svg, double x, double y, const std::string& name, double font_size) {
  TextStyle t;
  t.anchor = Anchor::end;
  t.font_size = font_size;
  t.middle_baseline = true;
  t.tooltip = name;
  svg.text(x, y, chart_label(name), t);
}

void chart_header(SvgDocument& svg, double left, const std::string& title, const std::string& line1,
                  const std::string& line2) {
  TextStyle t;
  t.font_size = 15;
  t.bold = true;
  svg.text(left, 24, title, t);
  TextStyle s;
  s.font_size = 11;
  s.fill = "#555555";
  svg.text(left, 42, line1, s);
  svg.text(left, 56, line2, s);
}

namespace {
constexpr double kMarkerGap = 6;  // between a marker and its label
}

Size legend_size(const std::vector<LegendItem>& items, const LegendStyle& style) {
  if (items.empty()) return {};
  Size size;
  if (style.horizontal) {
    for (std::size_t i = 0; i < items.size(); ++i) {
      size.width += style.marker_width + kMarkerGap + estimate_text_width(items[i].label, style.font_size);
      if (i + 1 < items.size()) size.width += style.gap;
    }
    size.height = style.row_height;
  } else {
    double widest = 0;
    for (const auto& item : items) widest = std::max(widest, estimate_text_width(item.label, style.font_size));
    size.width = style.marker_width + kMarkerGap + widest;
    size.height = style.row_height * static_cast<double>(items.size());
  }
  return size;
}

Size draw_legend(SvgDocument& svg, double x, double y, const std::vector<LegendItem>& items,
                 const LegendStyle& style) {
  double ix = x;
  double iy = y;
  const TextStyle text{.font_size = style.font_size, .middle_baseline = true};
  for (const auto& item : items) {
    const double cy = iy + 0.5 * style.row_height;
    const double mw = style.marker_width;
    switch (item.marker) {
      case LegendMarker::swatch:
        svg.rect(ix, cy - 5, mw, 10, Style{.fill = item.colour});
        break;
      case LegendMarker::line:
      case LegendMarker::dashed_line:
        svg.line(ix, cy, ix + mw, cy,
                 Style{.stroke = item.colour, .stroke_width = 2, .dashed = item.marker == LegendMarker::dashed_line});
        break;
      case LegendMarker::circle:
        svg.circle(ix + 0.5 * mw, cy, 4, Style{.fill = item.colour});
        break;
    }
    svg.text(ix + mw + kMarkerGap, cy, item.label, text);
    if (style.horizontal) {
      ix += mw + kMarkerGap + estimate_text_width(item.label, style.font_size) + style.gap;
    } else {
      iy += style.row_height;
    }
  }
  return legend_size(items, style);
}

}  // namespace featrel::report
