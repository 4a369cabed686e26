// The CRFE/RFE chart (include/featrel/crfe_chart.hpp): the elimination path with its stop, the sweep of the
// conformal metrics against the subset size, and the selection frequencies of repeated runs.
#include "featrel/crfe_chart.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "featrel/format.hpp"
#include "featrel/svg.hpp"
#include "featrel/svg_chart.hpp"

namespace featrel::crfe {

namespace {

using report::AxisSide;
using report::LinearScale;
using report::Style;
using report::SvgDocument;
using report::TextStyle;

constexpr double kMarginLeft = 78;
constexpr double kMarginRight = 24;
constexpr double kHeader = 48;
constexpr double kPanelTitle = 26;
constexpr double kPlotHeight = 220;
constexpr double kAxisBand = 46;  // x ticks and axis label below a line plot
constexpr double kNameBand = 150;  // rotated feature names below the frequency bars
constexpr double kPanelGap = 20;
constexpr double kMinSlot = 16;
constexpr double kPlotWidth = 640;

// The subsets of the evaluation by size (one per size, ascending), when it holds a sweep.
std::vector<const SubsetEvaluation*> sweep_points(const Result& r) {
  std::vector<const SubsetEvaluation*> out;
  if (!r.evaluation) return out;
  bool sweep = false;
  for (const auto& s : r.evaluation->subsets) sweep = sweep || s.label.rfind("k=", 0) == 0;
  if (!sweep) return out;
  std::map<double, const SubsetEvaluation*> by_size;
  for (const auto& s : r.evaluation->subsets)
    if (std::isfinite(s.n_features) && !by_size.count(s.n_features)) by_size[s.n_features] = &s;
  for (const auto& [k, s] : by_size) out.push_back(s);
  return out;
}


std::size_t stop_size(const Result& r) {
  return r.runs.size() == 1 ? r.runs.front().stop.n_selected : r.selected.size();
}

void panel_title(SvgDocument& svg, double y, const std::string& text) {
  TextStyle t;
  t.font_size = 13;
  t.bold = true;
  svg.text(kMarginLeft, y, text, t);
}

// Domain of a set of values, finite ones only; [0, 1] when there are none.
std::pair<double, double> extent(const std::vector<double>& v) {
  double lo = INFINITY, hi = -INFINITY;
  for (double x : v)
    if (std::isfinite(x)) lo = std::min(lo, x), hi = std::max(hi, x);
  if (!std::isfinite(lo)) return {0.0, 1.0};
  return {lo, hi};
}

void line_series(SvgDocument& svg, const LinearScale& x, const LinearScale& y, const std::vector<double>& xs,
                 const std::vector<double>& ys, const std::string& colour, double width, const std::string& tip,
                 bool dots) {
  std::vector<report::Point> pts;
  for (std::size_t i = 0; i < xs.size(); ++i)
    if (std::isfinite(xs[i]) && std::isfinite(ys[i])) pts.push_back({x(xs[i]), y(ys[i])});
  if (pts.empty()) return;
  Style s;
  s.stroke = colour;
  s.stroke_width = width;
  s.tooltip = tip;
  if (pts.size() > 1) svg.polyline(pts, s);
  if (dots || pts.size() == 1) {
    Style d;
    d.fill = colour;
    for (const auto& p : pts) svg.circle(p.x, p.y, 2.5, d);
  }
}

}  // namespace

std::vector<std::string> crfe_chart_panels(const Result& r) {
  std::vector<std::string> out{"path"};
  if (!sweep_points(r).empty()) {
    out.push_back("sweep");
    out.push_back("inefficiency");
  }
  out.push_back(r.runs.size() > 1 ? "frequency" : "ranking");
  return out;
}

std::string elimination_chart_svg(const Result& r, const Dataset& data) {
  const auto panels = crfe_chart_panels(r);
  const std::size_t p = data.n_features();
  const double slot = std::max(kMinSlot, p > 0 ? kPlotWidth / static_cast<double>(p) : kMinSlot);
  const auto named = [](const std::string& key) { return key == "frequency" || key == "ranking"; };
  const double plot_width = std::max(kPlotWidth, slot * static_cast<double>(p));
  double height = kHeader;
  for (const auto& key : panels)
    height += kPanelTitle + kPlotHeight + (named(key) ? kNameBand : kAxisBand) + kPanelGap;
  const double width = kMarginLeft + plot_width + kMarginRight;

  const bool is_crfe = r.method == Method::crfe;
  const std::string method = is_crfe ? "CRFE" : "RFE";
  const std::string score = is_crfe ? "mean β" : "mean squared weight";
  SvgDocument svg(width, height);
  svg.set_title(method + " elimination path: " + data.source);
  svg.set_background("#FFFFFF");
  {
    TextStyle t;
    t.font_size = 15;
    t.bold = true;
    svg.text(kMarginLeft, 24, method + ": " + data.source + " (target '" + data.target_name + "')", t);
    TextStyle s;
    s.font_size = 11;
    s.fill = "#555555";
    svg.text(kMarginLeft, 40,
             std::to_string(data.n_samples()) + " samples, " + std::to_string(p) + " features" +
                 (r.runs.size() > 1 ? ", " + std::to_string(r.runs.size()) + " runs" : std::string()),
             s);
  }
  double top = kHeader;
  report::AxisStyle axis;
  axis.grid_length = plot_width;
  const std::size_t k_stop = stop_size(r);

  // 1. The path.
  {
    panel_title(svg, top + 18, score + " of the remaining features; stop at " + std::to_string(k_stop) +
                                   (k_stop == 1 ? " feature" : " features"));
    const double y0 = top + kPanelTitle, y1 = y0 + kPlotHeight;
    std::vector<double> all_x, all_y;
    for (const auto& run : r.runs)
      for (const auto& s : run.steps) all_x.push_back(static_cast<double>(s.n_features)), all_y.push_back(s.score_mean);
    auto [xlo, xhi] = extent(all_x);
    xlo = std::min(xlo, static_cast<double>(std::max<std::size_t>(k_stop, 1)));
    xhi = std::max(xhi, static_cast<double>(p));
    auto [ylo, yhi] = extent(all_y);
    LinearScale x(xhi, xlo, kMarginLeft, kMarginLeft + plot_width);  // all features on the left
    LinearScale y(ylo, yhi, y1, y0);
    y.nice();
    report::AxisStyle ya = axis;
    draw_axis(svg, y, AxisSide::left, kMarginLeft, score, ya);
    report::AxisStyle xa;
    draw_axis(svg, x, AxisSide::bottom, y1, "remaining features", xa);
    for (std::size_t i = 0; i < r.runs.size(); ++i) {
      const auto& run = r.runs[i];
      std::vector<double> xs, ys;
      for (const auto& s : run.steps) xs.push_back(static_cast<double>(s.n_features)), ys.push_back(s.score_mean);
      const bool main = r.runs.size() == 1;
      line_series(svg, x, y, xs, ys, main ? report::colours::blue : report::colours::sky_blue, main ? 2.0 : 1.0,
                  main ? score : "run " + std::to_string(i + 1), main);
    }
    if (k_stop >= 1) {
      Style s;
      s.stroke = report::colours::vermillion;
      s.stroke_width = 1.5;
      s.dashed = true;
      s.tooltip = "stop: " + std::to_string(k_stop) + " selected";
      const double xs = x(static_cast<double>(k_stop));
      svg.line(xs, y0, xs, y1, s);
      TextStyle t;
      t.font_size = 11;
      t.fill = report::colours::vermillion;
      t.anchor = xs > kMarginLeft + plot_width / 2 ? report::Anchor::end : report::Anchor::start;
      svg.text(xs + (t.anchor == report::Anchor::end ? -4 : 4), y0 + 12, "stop: k = " + std::to_string(k_stop), t);
    }
    top = y1 + kAxisBand + kPanelGap;
  }

  // 2–3. The sweep.
  const auto points = sweep_points(r);
  if (!points.empty()) {
    std::vector<double> ks, cov, cert, ineff;
    for (const auto* s : points) {
      ks.push_back(s->n_features);
      cov.push_back(s->metrics.coverage);
      cert.push_back(s->metrics.certainty);
      ineff.push_back(s->metrics.inefficiency);
    }
    auto [klo, khi] = extent(ks);
    const double eps = r.evaluation->significance;
    {
      panel_title(svg, top + 18, "coverage and certainty against k (test rows, ε = " + format_number(eps) + ")");
      const double y0 = top + kPanelTitle, y1 = y0 + kPlotHeight;
      LinearScale x(khi, klo, kMarginLeft, kMarginLeft + plot_width);
      LinearScale y(0.0, 1.0, y1, y0);
      draw_axis(svg, y, AxisSide::left, kMarginLeft, "share of test rows", axis);
      draw_axis(svg, x, AxisSide::bottom, y1, "features k", {});
      Style target;
      target.stroke = report::colours::grey;
      target.dashed = true;
      target.tooltip = "target coverage 1 − ε = " + format_number(1.0 - eps);
      svg.line(kMarginLeft, y(1.0 - eps), kMarginLeft + plot_width, y(1.0 - eps), target);
      line_series(svg, x, y, ks, cov, report::colours::blue, 2.0, "coverage", true);
      line_series(svg, x, y, ks, cert, report::colours::bluish_green, 2.0, "certainty", true);
      Style stop;
      stop.stroke = report::colours::vermillion;
      stop.dashed = true;
      stop.tooltip = "stop: " + std::to_string(k_stop) + " selected";
      if (static_cast<double>(k_stop) >= klo && static_cast<double>(k_stop) <= khi)
        svg.line(x(static_cast<double>(k_stop)), y0, x(static_cast<double>(k_stop)), y1, stop);
      const std::vector<report::LegendItem> legend{
          {"coverage", report::colours::blue, report::LegendMarker::line},
          {"certainty", report::colours::bluish_green, report::LegendMarker::line},
          {"1 − ε", report::colours::grey, report::LegendMarker::dashed_line}};
      report::LegendStyle ls;
      ls.horizontal = true;
      const auto size = report::legend_size(legend, ls);
      report::draw_legend(svg, kMarginLeft + plot_width - size.width, top + 6, legend, ls);
      top = y1 + kAxisBand + kPanelGap;
    }
    {
      panel_title(svg, top + 18, "inefficiency (mean prediction-set size) against k");
      const double y0 = top + kPanelTitle, y1 = y0 + kPlotHeight;
      LinearScale x(khi, klo, kMarginLeft, kMarginLeft + plot_width);
      auto [ilo, ihi] = extent(ineff);
      LinearScale y(std::min(ilo, 1.0), std::max(ihi, 1.0), y1, y0);
      y.nice();
      draw_axis(svg, y, AxisSide::left, kMarginLeft, "labels per set", axis);
      draw_axis(svg, x, AxisSide::bottom, y1, "features k", {});
      line_series(svg, x, y, ks, ineff, report::colours::orange, 2.0, "inefficiency", true);
      Style stop;
      stop.stroke = report::colours::vermillion;
      stop.dashed = true;
      stop.tooltip = "stop: " + std::to_string(k_stop) + " selected";
      if (static_cast<double>(k_stop) >= klo && static_cast<double>(k_stop) <= khi)
        svg.line(x(static_cast<double>(k_stop)), y0, x(static_cast<double>(k_stop)), y1, stop);
      top = y1 + kAxisBand + kPanelGap;
    }
  }

  // 4. Selection frequencies.
  if (r.runs.size() > 1) {
    panel_title(svg, top + 18,
                "selection frequency over " + std::to_string(r.runs.size()) + " runs (consensus rank order)");
    const double y0 = top + kPanelTitle, y1 = y0 + kPlotHeight;
    LinearScale y(0.0, 1.0, y1, y0);
    draw_axis(svg, y, AxisSide::left, kMarginLeft, "selection frequency", axis);
    Style half;
    half.stroke = report::colours::grey;
    half.dashed = true;
    half.tooltip = "majority: more than half of the runs";
    svg.line(kMarginLeft, y(0.5), kMarginLeft + plot_width, y(0.5), half);
    const double w = plot_width / static_cast<double>(std::max<std::size_t>(r.ranking.size(), 1));
    for (std::size_t pos = 0; pos < r.ranking.size(); ++pos) {
      const std::size_t j = r.ranking[pos];
      const auto& f = r.features[j];
      const double freq = f.selection_frequency.value_or(0.0);
      Style bar;
      bar.fill = f.selected ? report::colours::blue : report::colours::grey;
      bar.tooltip = data.feature_names[j] + ": selected in " + format_fixed(freq * 100.0, 0) + "% of the runs";
      const double h = std::max(1.0, y1 - y(freq));
      svg.rect(kMarginLeft + pos * w + w * 0.15, y1 - h, w * 0.7, h, bar);
      TextStyle name;
      name.font_size = 11;
      name.rotate = 60;
      svg.text(kMarginLeft + pos * w + w * 0.5, y1 + 12, report::chart_label(data.feature_names[j]), name);
    }
    Style base;
    base.stroke = "#333333";
    svg.line(kMarginLeft, y1, kMarginLeft + plot_width, y1, base);
  } else {
    // 4'. One run: every feature by name in rank order, its score when it was removed (survivors: the last one).
    panel_title(svg, top + 18, "ranking, best first: " + score + " when each feature was removed (blue: selected)");
    const double y0 = top + kPanelTitle, y1 = y0 + kPlotHeight;
    std::vector<double> values;
    for (std::size_t j : r.ranking)
      if (r.features[j].score_at_removal) values.push_back(*r.features[j].score_at_removal);
    auto [vlo, vhi] = extent(values);
    LinearScale y(std::min(0.0, vlo), std::max(0.0, vhi), y1, y0);
    y.nice();
    draw_axis(svg, y, AxisSide::left, kMarginLeft, score + " at removal", axis);
    const double w = plot_width / static_cast<double>(std::max<std::size_t>(r.ranking.size(), 1));
    for (std::size_t pos = 0; pos < r.ranking.size(); ++pos) {
      const std::size_t j = r.ranking[pos];
      const auto& f = r.features[j];
      const double cx = kMarginLeft + pos * w + w * 0.5;
      if (f.score_at_removal) {
        Style bar;
        bar.fill = f.selected ? report::colours::blue : report::colours::grey;
        bar.tooltip = data.feature_names[j] + ": rank " + std::to_string(f.rank) +
                      (f.elimination_step ? ", removed at step " + std::to_string(*f.elimination_step)
                                          : std::string(", kept to the end")) +
                      ", " + score + " " + format_number(*f.score_at_removal);
        const double a = y(0.0), b = y(*f.score_at_removal);
        svg.rect(cx - w * 0.35, std::min(a, b), w * 0.7, std::max(1.0, std::abs(a - b)), bar);
      }
      TextStyle name;
      name.font_size = 11;
      name.rotate = 60;
      name.tooltip = data.feature_names[j];
      svg.text(cx, y1 + 12, report::chart_label(data.feature_names[j]), name);
    }
    Style base;
    base.stroke = "#333333";
    svg.line(kMarginLeft, y(0.0), kMarginLeft + plot_width, y(0.0), base);
  }
  return svg.str();
}

}  // namespace featrel::crfe
