// SVG primitives (include/featrel/svg.hpp).
#include <cmath>
#include <stdexcept>

#include "featrel/format.hpp"
#include "featrel/report.hpp"
#include "featrel/svg.hpp"

namespace featrel::report {

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (c < 0x20 && ch != '\t' && ch != '\n' && ch != '\r') break;  // not allowed in XML 1.0
        out += ch;
    }
  }
  return out;
}

std::string svg_number(double v) {
  if (!std::isfinite(v)) throw std::invalid_argument("svg_number: non-finite coordinate");
  std::string s = format_fixed(v, 2);
  if (s.find('.') != std::string::npos) {
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

std::string translate(double x, double y) { return "translate(" + svg_number(x) + "," + svg_number(y) + ")"; }

namespace {

std::string attr(std::string_view name, std::string_view value) {
  std::string s = " ";
  s += name;
  s += "=\"";
  s += xml_escape(value);
  s += '"';
  return s;
}

std::string num_attr(std::string_view name, double value) { return attr(name, svg_number(value)); }

std::string style_attributes(const Style& style) {
  // SVG's default fill is black, so fill is always written; the other attributes only when they differ from
  // SVG's defaults.
  std::string s = attr("fill", style.fill);
  if (style.stroke != "none" && !style.stroke.empty()) {
    s += attr("stroke", style.stroke);
    if (style.stroke_width != 1.0) s += num_attr("stroke-width", style.stroke_width);
    if (style.dashed) s += attr("stroke-dasharray", "4 3");
  }
  if (style.opacity < 1.0) s += num_attr("opacity", style.opacity);
  return s;
}

const char* anchor_name(Anchor a) {
  switch (a) {
    case Anchor::middle: return "middle";
    case Anchor::end: return "end";
    default: return "start";
  }
}

}  // namespace

SvgDocument::SvgDocument(double width, double height) : width_(width), height_(height) {}

void SvgDocument::set_title(std::string_view title) { title_ = title; }
void SvgDocument::set_background(std::string_view colour) { background_ = colour; }

void SvgDocument::shape(std::string_view element, const std::string& attributes, const Style& style) {
  body_.append(2 * static_cast<std::size_t>(depth_), ' ');
  body_ += '<';
  body_ += element;
  body_ += attributes;
  body_ += style_attributes(style);
  if (style.tooltip.empty()) {
    body_ += "/>\n";
  } else {
    body_ += "><title>" + xml_escape(style.tooltip) + "</title></";
    body_ += element;
    body_ += ">\n";
  }
}

void SvgDocument::rect(double x, double y, double w, double h, const Style& style) {
  shape("rect", num_attr("x", x) + num_attr("y", y) + num_attr("width", w) + num_attr("height", h), style);
}

void SvgDocument::line(double x1, double y1, double x2, double y2, const Style& style) {
  shape("line", num_attr("x1", x1) + num_attr("y1", y1) + num_attr("x2", x2) + num_attr("y2", y2), style);
}

void SvgDocument::polyline(const std::vector<Point>& points, const Style& style) {
  std::string list;
  for (const auto& p : points) {
    if (!list.empty()) list += ' ';
    list += svg_number(p.x) + "," + svg_number(p.y);
  }
  shape("polyline", attr("points", list), style);
}

void SvgDocument::circle(double cx, double cy, double r, const Style& style) {
  shape("circle", num_attr("cx", cx) + num_attr("cy", cy) + num_attr("r", r), style);
}

void SvgDocument::text(double x, double y, std::string_view content, const TextStyle& style) {
  body_.append(2 * static_cast<std::size_t>(depth_), ' ');
  body_ += "<text" + num_attr("x", x) + num_attr("y", y) + num_attr("font-size", style.font_size);
  if (style.anchor != Anchor::start) body_ += attr("text-anchor", anchor_name(style.anchor));
  if (style.middle_baseline) body_ += attr("dominant-baseline", "middle");
  if (style.bold) body_ += attr("font-weight", "bold");
  body_ += attr("fill", style.fill);
  if (style.rotate != 0) {
    body_ += attr("transform", "rotate(" + svg_number(style.rotate) + " " + svg_number(x) + " " + svg_number(y) + ")");
  }
  body_ += '>';
  if (!style.tooltip.empty()) body_ += "<title>" + xml_escape(style.tooltip) + "</title>";
  body_ += xml_escape(content);
  body_ += "</text>\n";
}

void SvgDocument::begin_group(std::string_view transform, std::string_view tooltip) {
  body_.append(2 * static_cast<std::size_t>(depth_), ' ');
  body_ += "<g";
  if (!transform.empty()) body_ += attr("transform", transform);
  body_ += ">\n";
  ++depth_;
  ++open_groups_;
  if (!tooltip.empty()) {
    body_.append(2 * static_cast<std::size_t>(depth_), ' ');
    body_ += "<title>" + xml_escape(tooltip) + "</title>\n";
  }
}

void SvgDocument::end_group() {
  if (open_groups_ == 0) throw std::logic_error("SvgDocument::end_group without begin_group");
  --open_groups_;
  --depth_;
  body_.append(2 * static_cast<std::size_t>(depth_), ' ');
  body_ += "</g>\n";
}

std::string SvgDocument::str() const {
  if (open_groups_ != 0) throw std::logic_error("SvgDocument::str() with " + std::to_string(open_groups_) + " open group(s)");
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\"" + num_attr("width", width_) + num_attr("height", height_) +
         attr("viewBox", "0 0 " + svg_number(width_) + " " + svg_number(height_)) +
         attr("font-family", "Helvetica, Arial, sans-serif") + ">\n";
  if (!title_.empty()) out += "  <title>" + xml_escape(title_) + "</title>\n";
  if (!background_.empty()) out += "  <rect width=\"100%\" height=\"100%\"" + attr("fill", background_) + "/>\n";
  out += body_;
  out += "</svg>\n";
  return out;
}

void SvgDocument::save(const std::string& path) const { write_text_file(path, str()); }

}  // namespace featrel::report
