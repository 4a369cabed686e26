// A small SVG writer: the drawing primitives every featrel chart is made of (the `--svg` output).
//
// SvgDocument collects elements in drawing order (later elements are painted on top) and serialises them as a
// standalone SVG file. All text passes through xml_escape, so feature names from a CSV header cannot break the
// markup, and coordinates are written with at most two decimals (svg_number), which keeps files small and
// byte-stable. Axes, scales, colours and legends built on these primitives are in svg_chart.hpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace featrel::report {

// Escapes & < > " ' for use in element text and double-quoted attribute values; drops the control characters
// XML 1.0 forbids (everything below U+0020 except tab, LF and CR).
std::string xml_escape(std::string_view text);

// A coordinate or length: at most two decimals, trailing zeros and "-0" removed ("12.5", "3", "-0.25").
// A non-finite value is a programming error (std::invalid_argument): charts must leave undefined values out
// rather than draw them somewhere.
std::string svg_number(double v);

// "translate(x,y)", for begin_group.
std::string translate(double x, double y);

struct Point {
  double x = 0;
  double y = 0;
};

// Paint of a shape. Colours are any SVG colour ("#0072B2", "none"). A non-empty tooltip becomes a <title> child,
// which browsers show on hover.
struct Style {
  std::string fill = "none";
  std::string stroke = "none";
  double stroke_width = 1.0;
  bool dashed = false;   // stroke-dasharray="4 3"
  double opacity = 1.0;  // written only when below 1
  std::string tooltip = {};
};

enum class Anchor { start, middle, end };

struct TextStyle {
  Anchor anchor = Anchor::start;
  double font_size = 12;
  double rotate = 0;  // degrees, clockwise, about the text's (x, y)
  std::string fill = "#222222";
  bool bold = false;
  bool middle_baseline = false;  // centre the text vertically on y (dominant-baseline="middle")
  std::string tooltip = {};
};

class SvgDocument {
 public:
  SvgDocument(double width, double height);

  double width() const { return width_; }
  double height() const { return height_; }

  // The document's own <title> (read by screen readers, shown as the tab title when opened alone).
  void set_title(std::string_view title);
  // A background rectangle covering the canvas; without one the background is transparent.
  void set_background(std::string_view colour);

  void rect(double x, double y, double w, double h, const Style& style);
  void line(double x1, double y1, double x2, double y2, const Style& style);
  void polyline(const std::vector<Point>& points, const Style& style);
  void circle(double cx, double cy, double r, const Style& style);
  void text(double x, double y, std::string_view content, const TextStyle& style = {});

  // Groups nest; every begin_group needs its end_group before str(). The transform is an SVG transform list
  // (e.g. translate(10, 20)); the tooltip applies to the whole group.
  void begin_group(std::string_view transform = {}, std::string_view tooltip = {});
  void end_group();

  // The complete document; std::logic_error while a group is open.
  std::string str() const;
  // Writes str() to path; InputError naming the path when it cannot be written.
  void save(const std::string& path) const;

 private:
  void shape(std::string_view element, const std::string& attributes, const Style& style);

  double width_;
  double height_;
  std::string title_;
  std::string background_;
  std::string body_;
  int open_groups_ = 0;
  int depth_ = 1;  // indentation level of the next element
};

}  // namespace featrel::report
