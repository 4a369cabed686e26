// The `--svg` chart of `featrel mrmr|fisher|laplacian` (selectors.hpp): one row per feature, the picked ones first
// in pick order, then the rest by their criterion; a bar per feature of its criterion (mrmr: relevance to the
// target, fisher: the Fisher ratio, laplacian: the Laplacian score), blue when picked. The same row layout,
// names and value axis (logarithmic when one value dwarfs the rest) as the Boruta and SFC charts.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "featrel/format.hpp"
#include "featrel/selectors.hpp"
#include "featrel/svg.hpp"
#include "featrel/svg_chart.hpp"

namespace featrel::selectors {

namespace {

constexpr double kPlotWidth = 520;
constexpr double kMarginRight = 24;
constexpr double kHeader = 70;
constexpr double kRow = 16;
constexpr double kAxisBand = 44;
constexpr double kLegendBand = 28;

std::string criterion_name(Method m) {
  switch (m) {
    case Method::mrmr: return "relevance (MI with the target)";
    case Method::fisher: return "Fisher score";
    case Method::laplacian: return "Laplacian score";
  }
  return "criterion";
}

// Picked columns in pick order, then the others by criterion (best first: larger, or smaller for laplacian),
// constant columns (no criterion) last, ties by column.
std::vector<std::size_t> row_order(const Result& r) {
  std::vector<std::size_t> out(r.order.begin(), r.order.end());
  std::vector<std::size_t> rest;
  for (std::size_t j = 0; j < r.features.size(); ++j)
    if (!r.features[j].rank) rest.push_back(j);
  const bool smaller_first = r.options.method == Method::laplacian;
  std::stable_sort(rest.begin(), rest.end(), [&](std::size_t a, std::size_t b) {
    const auto& ca = r.features[a].criterion;
    const auto& cb = r.features[b].criterion;
    if (ca.has_value() != cb.has_value()) return ca.has_value();
    if (!ca) return false;
    return smaller_first ? *ca < *cb : *ca > *cb;
  });
  out.insert(out.end(), rest.begin(), rest.end());
  return out;
}

}  // namespace

std::string chart_svg(const Result& r, const Dataset& data) {
  using report::AxisSide;
  using report::Style;
  const std::vector<std::size_t> rows = row_order(r);
  std::vector<double> values;
  double finite_max = 0;
  for (const auto& f : r.features)
    if (f.criterion && std::isfinite(*f.criterion)) values.push_back(*f.criterion), finite_max = std::max(finite_max, *f.criterion);
  const bool has_inf = std::any_of(r.features.begin(), r.features.end(),
                                   [](const FeatureRank& f) { return f.criterion && std::isinf(*f.criterion); });

  const double left = report::row_label_band(data.feature_names);
  const double top = kHeader + kLegendBand;
  const double plot_height = std::max<double>(1.0, static_cast<double>(rows.size())) * kRow;
  report::SvgDocument svg(left + kPlotWidth + kMarginRight, top + plot_height + kAxisBand);
  const std::string method = to_string(r.options.method);
  svg.set_title(method + " ranking: " + data.source);
  svg.set_background("#FFFFFF");
  report::chart_header(svg, left, method + ": " + data.source + " (target '" + data.target_name + "')",
                       std::to_string(r.order.size()) + " of " + std::to_string(data.n_features()) +
                           " features picked; bars: " + criterion_name(r.options.method) +
                           (r.options.method == Method::laplacian ? ", smaller is better" : ", larger is better"),
                       r.options.method == Method::mrmr
                           ? "picks (top, in pick order) trade relevance against redundancy with earlier picks"
                           : "picks at the top in pick order, then the rest by the criterion");
  const report::LogAxis x(values, left, left + kPlotWidth);
  const double right_edge = left + kPlotWidth;
  for (std::size_t row = 0; row < rows.size(); ++row) {
    const std::size_t j = rows[row];
    const auto& f = r.features[j];
    const double yc = top + (static_cast<double>(row) + 0.5) * kRow;
    report::row_label(svg, left - 6, yc, data.feature_names[j]);
    if (!f.criterion || std::isnan(*f.criterion)) continue;  // constant column: no bar
    Style bar;
    bar.fill = f.rank ? report::colours::strong : report::colours::irrelevant;
    bar.tooltip = data.feature_names[j] + ": " + criterion_name(r.options.method) + " " +
                  (std::isinf(*f.criterion) ? std::string("inf (no within-class spread)") : format_number(*f.criterion)) +
                  (f.rank ? ", pick " + std::to_string(*f.rank) : std::string(", not picked"));
    const double v = *f.criterion;
    const double x0 = x(std::min(0.0, v));
    const double x1 = std::isinf(v) ? right_edge : x(std::max(0.0, v));
    svg.rect(std::min(x0, x1), yc - kRow * 0.35, std::max(0.5, std::abs(x1 - x0)), kRow * 0.7, bar);
  }
  x.draw(svg, AxisSide::bottom, top + plot_height,
         criterion_name(r.options.method) + (has_inf && finite_max >= 0 ? " (inf drawn to the edge)" : ""));
  report::LegendStyle ls;
  ls.horizontal = true;
  report::draw_legend(svg, left, kHeader,
                      {{"picked", report::colours::strong}, {"not picked", report::colours::irrelevant}}, ls);
  return svg.str();
}

}  // namespace featrel::selectors
