// The lattice as Graphviz DOT and as an SVG drawn by featrel itself (docs/pareto.md#text-dot-and-svg-output).
#include <cmath>

#include "featrel/pareto.hpp"
#include "featrel/svg.hpp"

namespace featrel::pareto {
namespace {

std::string dot_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string joined(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s;
}

// The paper's colours: blue for prediction terms, red for discrimination, green for correctness.
std::string term_colour(const TermPoset& poset, const std::string& term) {
  const auto t = poset.find(term);
  if (!t) return "#000000";
  const Bits up = poset.up(*t);
  auto below = [&](const char* name) {
    const auto a = poset.find(name);
    return a && up.test(*a);
  };
  if (below("Prediction")) return "#1f4fb4";
  if (below("Discrimination")) return "#c0392b";
  if (below("Correctness")) return "#2e8b57";
  return "#000000";
}

// A filled half disc as a polygon (the SVG writer has no arc path): upper half when `upper`.
std::vector<report::Point> half_disc(double cx, double cy, double r, bool upper) {
  std::vector<report::Point> pts;
  constexpr int steps = 16;
  for (int i = 0; i <= steps; ++i) {
    const double a = M_PI * double(i) / steps;
    const double x = cx + r * std::cos(a);
    const double dy = r * std::sin(a);
    pts.push_back({std::round(x * 10) / 10, std::round((upper ? cy - dy : cy + dy) * 10) / 10});
  }
  return pts;
}

}  // namespace

std::string lattice_dot(const Result& r) {
  std::string s = "digraph lattice {\n  rankdir=BT;\n  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n";
  for (std::size_t k = 0; k < r.lattice.concepts.size(); ++k) {
    const Concept& c = r.lattice.concepts[k];
    std::vector<std::string> terms, features;
    for (std::size_t a : c.introduced_attributes) terms.push_back(dot_escape(r.context.attributes[a]));
    for (std::size_t o : c.introduced_objects) features.push_back(dot_escape(r.context.objects[o]));
    std::string label;
    if (!terms.empty()) label = joined(terms);
    if (!features.empty()) label += (label.empty() ? "" : "\\n") + joined(features);
    s += "  c" + std::to_string(k) + " [label=\"" + label + "\"];\n";
  }
  for (const auto& [lo, up] : r.lattice.covers)
    s += "  c" + std::to_string(lo) + " -> c" + std::to_string(up) + " [dir=none];\n";
  s += "}\n";
  return s;
}

std::string lattice_svg(const Result& r) {
  const bool aoc = r.options.analysis.lattice_view == LatticeView::aoc;
  const LatticeDrawing d = lattice_layout(r.lattice, r.context, aoc);
  report::SvgDocument svg(d.width, d.height);
  svg.set_title(aoc ? "Pareto front: introducer concepts" : "Pareto front: concept lattice");
  svg.set_background("#ffffff");
  report::Style edge;
  edge.stroke = "#888888";
  edge.stroke_width = 1.2;
  for (const auto& line : d.edges) {
    std::vector<report::Point> pts;
    for (const auto& [x, y] : line) pts.push_back({x, y});
    svg.polyline(pts, edge);
  }
  for (const auto& node : d.nodes) {
    std::string tip = "concept c" + std::to_string(node.concept_id);
    svg.begin_group({}, tip);
    report::Style disc;
    disc.fill = "#ffffff";
    disc.stroke = "#000000";
    svg.circle(node.x, node.y, 7, disc);
    if (!node.terms.empty()) {
      report::Style half;
      half.fill = "#4a6fa5";
      svg.polyline(half_disc(node.x, node.y, 7, true), half);
    }
    if (!node.features.empty()) {
      report::Style half;
      half.fill = "#000000";
      svg.polyline(half_disc(node.x, node.y, 7, false), half);
    }
    if (!node.terms.empty() || !node.features.empty()) {
      report::Style ring;
      ring.stroke = "#000000";
      svg.circle(node.x, node.y, 7, ring);
    }
    for (std::size_t i = 0; i < node.terms.size(); ++i) {
      report::TextStyle ts;
      ts.anchor = report::Anchor::middle;
      ts.fill = term_colour(r.poset, node.terms[i]);
      const double y = node.y - 13.0 - 14.0 * double(node.terms.size() - 1 - i);
      svg.text(node.x, y, node.terms[i], ts);
    }
    for (std::size_t i = 0; i < node.feature_lines.size(); ++i) {
      report::TextStyle ts;
      ts.anchor = report::Anchor::middle;
      ts.fill = "#000000";
      svg.text(node.x, node.y + 22.0 + 14.0 * double(i), node.feature_lines[i], ts);
    }
    svg.end_group();
  }
  return svg.str();
}

}  // namespace featrel::pareto
