// The UBayFS chart (featrel/ubayfs_chart.hpp): counts and prior weights per feature, the optimum, the constraints.
#include <algorithm>
#include <cmath>

#include "featrel/format.hpp"
#include "featrel/svg_chart.hpp"
#include "featrel/ubayfs_chart.hpp"

namespace featrel::ubayfs {

std::string chart_svg(const Result& r, const Dataset& data) {
  using namespace report;
  const Problem& p = r.problem;
  const std::size_t n = p.n_features();
  std::size_t n_rows = 0;
  for (const Group& g : p.groups) n_rows += g.rows.size();
  const std::size_t shown_rows = std::min<std::size_t>(n_rows, 40);

  const double left = 70, right = 20, top = 50, bar_step = std::max(14.0, 700.0 / static_cast<double>(n));
  const double plot_w = bar_step * static_cast<double>(n), plot_h = 260;
  double longest = 40;  // rotated names below the bars, cut the same way as in every chart
  for (const auto& name : p.feature_names) longest = std::max(longest, estimate_text_width(chart_label(name), 10));
  const double label_h = longest + 16, row_h = 12;
  const double width = left + plot_w + right;
  const double cons_top = top + plot_h + label_h;
  const double height = cons_top + row_h * static_cast<double>(shown_rows) + 40;
  SvgDocument svg(width, height);
  svg.set_title("UBayFS ensemble counts and prior weights: " + data.source);
  svg.set_background("#FFFFFF");
  svg.text(left, 22, "UBayFS: " + data.source + " (target '" + data.target_name + "')",
           TextStyle{Anchor::start, 14, 0, "#222222", true});
  svg.text(left, 38, "ensemble counts + prior weights (α° = α + y); outlined: optimum 1",
           TextStyle{Anchor::start, 11, 0, "#555555"});

  double ymax = 0;
  for (std::size_t j = 0; j < n; ++j) ymax = std::max(ymax, p.counts[j] + p.prior[j]);
  LinearScale y(0, ymax > 0 ? ymax : 1, top + plot_h, top);
  y.nice();
  const std::vector<std::size_t> none;
  const auto& best = r.optima.empty() ? none : r.optima.front().features;
  for (std::size_t j = 0; j < n; ++j) {
    const double x = left + bar_step * static_cast<double>(j) + bar_step * 0.15, w = bar_step * 0.7;
    const double y0 = y(0), y1 = y(p.counts[j]), y2 = y(p.counts[j] + p.prior[j]);
    svg.rect(x, y1, w, y0 - y1, Style{colours::blue, "none", 1, false, 1, p.feature_names[j] + ": count " +
                                                                                format_number(p.counts[j])});
    svg.rect(x, y2, w, y1 - y2, Style{colours::orange, "none", 1, false, 1, p.feature_names[j] + ": prior weight"});
    if (std::binary_search(best.begin(), best.end(), j))
      svg.rect(x - 1.5, y2 - 1.5, w + 3, y0 - y2 + 3, Style{"none", colours::black, 2});
    if (!r.mh_inclusion.empty())
      svg.circle(x + w / 2, top + plot_h * (1 - r.mh_inclusion[j]), 3, Style{colours::vermillion, "none"});
    TextStyle name{Anchor::end, 10, -90, "#222222", false, true};
    name.tooltip = p.feature_names[j];
    svg.text(x + w / 2, top + plot_h + 8, chart_label(p.feature_names[j]), name);
  }
  draw_axis(svg, y, AxisSide::left, left, "count + prior weight");

  std::vector<LegendItem> legend{{"count", colours::blue}, {"prior weight", colours::orange}};
  if (!r.mh_inclusion.empty()) legend.push_back({"MH inclusion (0..1 of the height)", colours::vermillion,
                                                 LegendMarker::circle});
  const Size ls = legend_size(legend);
  draw_legend(svg, width - right - ls.width, 30, legend);

  // Constraint rows: a mark per involved feature (filled for a > 0, open for a < 0).
  svg.text(left, cons_top - 8, "constraint rows (solid: hard, dashed: soft)", TextStyle{Anchor::start, 11});
  std::size_t k = 0;
  for (const Group& g : p.groups)
    for (const Row& row : g.rows) {
      if (k >= shown_rows) break;
      const double yy = cons_top + row_h * static_cast<double>(k) + row_h / 2;
      std::vector<std::pair<std::size_t, double>> feats;
      for (const auto& [unit, a] : row.a) {
        if (g.level == Level::feature) feats.push_back({unit, a});
        else
          for (std::size_t j : g.blocks[unit]) feats.push_back({j, a});
      }
      std::size_t lo = n, hi = 0;
      for (const auto& [j, a] : feats) lo = std::min(lo, j), hi = std::max(hi, j);
      const auto cx = [&](std::size_t j) { return left + bar_step * (static_cast<double>(j) + 0.5); };
      if (lo <= hi)
        svg.line(cx(lo), yy, cx(hi), yy, Style{"none", colours::grey, 1, !row.hard(), 1, row.label});
      for (const auto& [j, a] : feats)
        svg.circle(cx(j), yy, 3, Style{a > 0 ? colours::bluish_green : "#FFFFFF", colours::bluish_green, 1});
      svg.text(left - 4, yy, row.label.substr(0, 12), TextStyle{Anchor::end, 8, 0, "#555555", false, true, row.label});
      ++k;
    }
  if (shown_rows < n_rows)
    svg.text(left, height - 12, std::to_string(n_rows - shown_rows) + " more rows not drawn", TextStyle{Anchor::start, 10});
  return svg.str();
}

}  // namespace featrel::ubayfs
