// The Boruta and SFC importance charts (include/featrel/boruta_chart.hpp). Both draw one horizontal row per
// feature, sorted by importance, so that names stay readable at any feature count.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "featrel/boruta_chart.hpp"
#include "featrel/format.hpp"
#include "featrel/result_json.hpp"
#include "featrel/stats.hpp"
#include "featrel/svg.hpp"
#include "featrel/svg_chart.hpp"

namespace featrel {

namespace {

using report::AxisSide;
using report::LinearScale;
using report::Style;
using report::SvgDocument;
using report::TextStyle;

constexpr double kPlotWidth = 560;
constexpr double kMarginRight = 24;
constexpr double kHeader = 70;
constexpr double kRow = 16;           // one feature per row
constexpr double kAxisBand = 44;      // ticks and the axis label below a plot
constexpr double kLegendBand = 28;
constexpr double kStripHeight = 110;

std::string number(double v) { return format_number(std::round(v * 1e4) / 1e4); }

std::string decision_colour(boruta::Decision d) {
  switch (d) {
    case boruta::Decision::confirmed: return report::colours::strong;
    case boruta::Decision::tentative: return report::colours::tentative;
    case boruta::Decision::rejected: break;
  }
  return report::colours::irrelevant;
}

}  // namespace

std::string boruta::importance_chart_svg(const Result& r, const Dataset& data) {
  const std::size_t d = r.features.size();
  // Each feature's importances over its active iterations.
  std::vector<std::vector<double>> values(d);
  for (const auto& row : r.importance_history)
    for (std::size_t j = 0; j < d && j < row.size(); ++j)
      if (row[j] && std::isfinite(*row[j])) values[j].push_back(*row[j]);
  std::vector<double> medians(d, 0.0);
  for (std::size_t j = 0; j < d; ++j) medians[j] = values[j].empty() ? 0.0 : stats::median(values[j]);
  std::vector<std::size_t> order(d);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return medians[a] > medians[b]; });

  std::vector<double> all;
  for (const auto& v : values) all.insert(all.end(), v.begin(), v.end());
  all.insert(all.end(), r.threshold_history.begin(), r.threshold_history.end());
  all.insert(all.end(), r.shadow_max_history.begin(), r.shadow_max_history.end());

  const double left = report::row_label_band(data.feature_names);
  const double top = kHeader + kLegendBand;
  const double plot_height = std::max(1.0, static_cast<double>(d)) * kRow;
  const double width = left + kPlotWidth + kMarginRight;
  const double height = top + plot_height + kAxisBand;
  SvgDocument svg(width, height);
  svg.set_title("Boruta importances against the shadows: " + data.source);
  svg.set_background("#FFFFFF");
  report::chart_header(svg, left,
         "Boruta: " + data.source + " (target '" + data.target_name + "')",
         std::to_string(r.confirmed.size()) + " confirmed, " + std::to_string(r.tentative.size()) + " tentative, " +
             std::to_string(r.rejected.size()) + " rejected after " + std::to_string(r.n_iterations) + " forest fits",
         "boxes: importance over the iterations each feature took part in; band: the shadow threshold τ");
  // Logarithmic when one feature (an ID column, say) would squash the rest against zero.
  const report::LogAxis x(all, left, left + kPlotWidth);

  // The shadow band behind everything: the range of τ over the iterations, its median, the median shadow maximum.
  if (!r.threshold_history.empty()) {
    const auto [tmin, tmax] = std::minmax_element(r.threshold_history.begin(), r.threshold_history.end());
    Style band;
    band.fill = "#E8E8E8";
    band.tooltip = "threshold τ (shadow percentile " + number(r.options.perc) + ") over the iterations: " +
                   number(*tmin) + " … " + number(*tmax);
    svg.rect(x(*tmin), top, std::max(1.0, x(*tmax) - x(*tmin)), plot_height, band);
    Style med;
    med.stroke = "#555555";
    med.dashed = true;
    const double tm = stats::median(r.threshold_history);
    med.tooltip = "median threshold " + number(tm);
    svg.line(x(tm), top, x(tm), top + plot_height, med);
  }
  if (!r.shadow_max_history.empty() && r.options.perc < 100.0) {
    Style sm;
    sm.stroke = "#555555";
    sm.stroke_width = 1;
    sm.opacity = 0.6;
    const double m = stats::median(r.shadow_max_history);
    sm.tooltip = "median shadow maximum " + number(m);
    svg.line(x(m), top, x(m), top + plot_height, sm);
  }

  for (std::size_t row = 0; row < order.size(); ++row) {
    const std::size_t j = order[row];
    const double yc = top + (static_cast<double>(row) + 0.5) * kRow;
    const auto& f = r.features[j];
    report::row_label(svg, left - 6, yc, data.feature_names[j]);
    const std::string colour = decision_colour(f.decision);
    const std::string tip = data.feature_names[j] + ": " + to_string(f.decision) + ", " + std::to_string(f.hits) +
                            " hits, median importance " + number(medians[j]) + ", rank " + std::to_string(f.rank);
    if (values[j].empty()) {  // never active (constant): a mark at 0
      Style s;
      s.stroke = colour;
      s.tooltip = tip + " (never in a model)";
      svg.line(x(0), yc - 4, x(0), yc + 4, s);
      continue;
    }
    const double q1 = stats::percentile_linear(values[j], 25), q3 = stats::percentile_linear(values[j], 75);
    const auto [vmin, vmax] = std::minmax_element(values[j].begin(), values[j].end());
    svg.begin_group({}, tip);
    Style whisker;
    whisker.stroke = colour;
    svg.line(x(*vmin), yc, x(q1), yc, whisker);
    svg.line(x(q3), yc, x(*vmax), yc, whisker);
    Style box;
    box.fill = colour;
    box.opacity = 0.55;
    box.stroke = colour;
    svg.rect(x(q1), yc - kRow * 0.32, std::max(1.0, x(q3) - x(q1)), kRow * 0.64, box);
    Style median;
    median.stroke = "#111111";
    median.stroke_width = 1.5;
    svg.line(x(medians[j]), yc - kRow * 0.32, x(medians[j]), yc + kRow * 0.32, median);
    svg.end_group();
  }
  x.draw(svg, AxisSide::bottom, top + plot_height, "importance (total gain)");
  report::LegendStyle ls;
  ls.horizontal = true;
  draw_legend(svg, left, kHeader,
              {{"confirmed", report::colours::strong},
               {"tentative", report::colours::tentative},
               {"rejected", report::colours::irrelevant},
               {"threshold range", "#C8C8C8"},
               {"median threshold", "#555555", report::LegendMarker::dashed_line}},
              ls);
  return svg.str();
}

std::string sfc::importance_chart_svg(const Result& r, const Dataset& data) {
  const std::size_t d = r.features.size();
  std::vector<std::size_t> order(d);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return r.features[a].importance > r.features[b].importance; });
  std::vector<double> imp;
  for (const auto& f : r.features) imp.push_back(f.importance);
  imp.push_back(r.shadow_interval.upper);
  if (r.borderline) imp.push_back(r.borderline->value);

  std::vector<std::size_t> tested;
  for (std::size_t j : order)
    if (r.features[j].tested && r.features[j].test_score) tested.push_back(j);
  const bool strip = r.score_interval.has_value() && !tested.empty();

  const double left = report::row_label_band(data.feature_names);
  const double top = kHeader + kLegendBand;
  const double plot_height = std::max(1.0, static_cast<double>(d)) * kRow;
  const double strip_top = top + plot_height + kAxisBand + 30;
  const double width = left + kPlotWidth + kMarginRight;
  const double height = strip ? strip_top + kStripHeight + kAxisBand : top + plot_height + kAxisBand;
  SvgDocument svg(width, height);
  svg.set_title("SFC relevance classes: " + data.source);
  svg.set_background("#FFFFFF");
  report::chart_header(svg, left, "SFC: " + data.source + " (target '" + data.target_name + "')",
         std::to_string(r.strong.size()) + " strong, " + std::to_string(r.weak.size()) + " weak, " +
             std::to_string(r.irrelevant.size()) + " irrelevant",
         "bars: importance (feature fraction " + r.options.feature_fraction.to_string() +
             "); Γ: upper bound of the shadow importances");
  const report::LogAxis x(imp, left, left + kPlotWidth);
  for (std::size_t row = 0; row < order.size(); ++row) {
    const std::size_t j = order[row];
    const auto& f = r.features[j];
    const double yc = top + (static_cast<double>(row) + 0.5) * kRow;
    report::row_label(svg, left - 6, yc, data.feature_names[j]);
    Style bar;
    bar.fill = report::relevance_colour(f.cls);
    bar.tooltip = data.feature_names[j] + ": " + report::relevance_word(f.cls) + ", importance " +
                  number(f.importance) + ", Boruta " + boruta::to_string(f.boruta_decision) +
                  (f.in_minimal ? ", in the minimal set" : "") +
                  (f.borderline ? ", borderline (above the shadow null's uncorrected bound)" : "");
    const double x0 = x(std::min(0.0, f.importance)), x1 = x(std::max(0.0, f.importance));
    svg.rect(x0, yc - kRow * 0.35, std::max(0.5, x1 - x0), kRow * 0.7, bar);
  }
  // Γ, and the borderline bound when there is one: a vertical dashed line with its label above the plot.
  auto bound_line = [&](double value, const char* colour, const std::string& label, const std::string& tooltip) {
    Style g;
    g.stroke = colour;
    g.stroke_width = 1.5;
    g.dashed = true;
    g.tooltip = tooltip;
    const double gx = x(value);
    svg.line(gx, top, gx, top + plot_height, g);
    TextStyle t;
    t.font_size = 11;
    t.fill = colour;
    t.anchor = report::Anchor::middle;
    svg.text(gx, top - 3, label, t);
  };
  bound_line(r.shadow_interval.upper, report::colours::vermillion, "Γ",
             "Γ = " + number(r.shadow_interval.upper) + " (upper bound of " +
                 std::to_string(r.shadow_interval.n_samples) + " shadow importances)");
  if (r.borderline)
    bound_line(r.borderline->value, report::colours::tentative, "5 %",
               "uncorrected bound " + number(r.borderline->value) + " (rank " + std::to_string(r.borderline->rank) +
                   " of " + std::to_string(r.null_shadow_importances.size()) +
                   " shadow importances): irrelevant features past it are borderline");
  x.draw(svg, AxisSide::bottom, top + plot_height, "importance (total gain)");
  report::LegendStyle ls;
  ls.horizontal = true;
  std::vector<report::LegendItem> legend{{"strong", report::colours::strong},
                                         {"weak", report::colours::weak},
                                         {"irrelevant", report::colours::irrelevant},
                                         {"Γ", report::colours::vermillion, report::LegendMarker::dashed_line}};
  if (r.borderline)
    legend.push_back({"5 % bound (borderline)", report::colours::tentative, report::LegendMarker::dashed_line});
  draw_legend(svg, left, kHeader, legend, ls);

  if (strip) {
    const Interval& si = *r.score_interval;
    TextStyle t;
    t.font_size = 13;
    t.bold = true;
    svg.text(left, strip_top - 12,
             "strong test: score with the feature permuted (left of the null interval: strong)", t);
    std::vector<double> xs{si.lower, si.upper, si.mean, r.model_score};
    for (std::size_t j : tested) xs.push_back(*r.features[j].test_score);
    double slo = INFINITY, shi = -INFINITY;
    for (double v : xs)
      if (std::isfinite(v)) slo = std::min(slo, v), shi = std::max(shi, v);
    if (!(slo < shi)) slo -= 0.5, shi += 0.5;
    LinearScale sx(slo, shi, left, left + kPlotWidth);
    sx.nice();
    Style band;
    band.fill = "#E8E8E8";
    band.tooltip = "null score interval " + number(si.lower) + " … " + number(si.upper) + " (mean " +
                   number(si.mean) + ", " + std::to_string(si.n_samples) + " samples)";
    if (std::isfinite(si.lower) && std::isfinite(si.upper))
      svg.rect(sx(si.lower), strip_top, std::max(1.0, sx(si.upper) - sx(si.lower)), kStripHeight, band);
    Style mean;
    mean.stroke = "#555555";
    mean.dashed = true;
    mean.tooltip = "null mean " + number(si.mean);
    svg.line(sx(si.mean), strip_top, sx(si.mean), strip_top + kStripHeight, mean);
    Style model;
    model.stroke = report::colours::black;
    model.tooltip = "score of the importance model " + number(r.model_score);
    svg.line(sx(r.model_score), strip_top, sx(r.model_score), strip_top + kStripHeight, model);
    // Dots spread over the strip's height so that close scores stay apart; labelled with the feature name.
    for (std::size_t i = 0; i < tested.size(); ++i) {
      const auto& f = r.features[tested[i]];
      const double y = strip_top + 10 + (kStripHeight - 20) * (tested.size() == 1 ? 0.5 : static_cast<double>(i) /
                                                                   static_cast<double>(tested.size() - 1));
      Style dot;
      dot.fill = report::relevance_colour(f.cls);
      dot.stroke = "#222222";
      dot.tooltip = data.feature_names[tested[i]] + ": test score " + number(*f.test_score) +
                    (f.test_p_value ? ", p = " + format_number(*f.test_p_value) : std::string()) +
                    (f.test_p_adjusted ? ", adjusted p = " + format_number(*f.test_p_adjusted) : std::string()) +
                    " → " +
                    report::relevance_word(f.cls);
      const double cx = sx(*f.test_score);
      svg.circle(cx, y, 4, dot);
      TextStyle lt;
      lt.font_size = 10;
      lt.middle_baseline = true;
      const bool right_half = cx > left + kPlotWidth * 0.7;
      lt.anchor = right_half ? report::Anchor::end : report::Anchor::start;
      svg.text(cx + (right_half ? -7 : 7), y, report::chart_label(data.feature_names[tested[i]]), lt);
    }
    draw_axis(svg, sx, AxisSide::bottom, strip_top + kStripHeight, "model score");
  }
  return svg.str();
}

}  // namespace featrel
