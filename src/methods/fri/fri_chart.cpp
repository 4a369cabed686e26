// The FRI relevance bar chart (include/featrel/fri_chart.hpp): layout first (pure arithmetic, tested), then the
// drawing with the shared SVG helpers, so that the chart and its tests agree on every pixel.
#include "featrel/fri_chart.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "featrel/format.hpp"
#include "featrel/result_json.hpp"
#include "featrel/svg.hpp"
#include "featrel/svg_chart.hpp"

namespace featrel::fri {

namespace {

using report::LinearScale;
using report::Style;
using report::SvgDocument;
using report::TextStyle;

// Canvas geometry (pixels). Slots are at least 16 px wide: vertical 11 px names then need 16 px each, which is
// what keeps 100 feature names readable; small charts get wider bars up to 48 px.
constexpr double kMarginLeft = 78;   // y tick labels and the rotated axis label
constexpr double kMarginRight = 24;
constexpr double kHeaderHeight = 64;  // chart title and legend
constexpr double kPanelTitle = 24;
constexpr double kDendrogram = 96;    // the dendrogram's band
constexpr double kGroupNumbers = 18;  // group labels between the dendrogram and the bars
constexpr double kPlotHeight = 240;
constexpr double kPanelGap = 26;
constexpr double kMinSlot = 16;
constexpr double kMaxSlot = 48;
constexpr double kTargetPlotWidth = 640;
constexpr double kNameFont = 11;

const char* kLowerThresholdColour = report::colours::bluish_green;
const char* kGhostColour = "#777777";


// The feature results behind a panel: a model's, or its constrained ones.
const std::vector<FeatureResult>& panel_features(const Result& r, const ChartPanel& p) {
  if (r.models.empty()) return r.features;
  const ModelResult& m = r.models[p.model];
  return p.constrained && m.constrained ? m.constrained->features : m.features;
}

bool draws_dendrogram(const ModelResult& m) { return m.grouping && !m.grouping->merges.empty(); }

// Grouping's leaf order first, then every feature it did not cluster, in column order.
std::vector<int> bar_order(const ModelResult* m, std::size_t d) {
  std::vector<int> order;
  std::vector<char> placed(d, 0);
  if (m && m->grouping) {
    for (int j : m->grouping->leaf_order) {
      if (j < 0 || static_cast<std::size_t>(j) >= d || placed[static_cast<std::size_t>(j)]) continue;
      order.push_back(j);
      placed[static_cast<std::size_t>(j)] = 1;
    }
  }
  for (std::size_t j = 0; j < d; ++j)
    if (!placed[j]) order.push_back(static_cast<int>(j));
  // The privileged block (docs/fri.md#privileged-information-lupi) after the normal one: it has its own thresholds.
  if (m)
    std::stable_partition(order.begin(), order.end(), [m](int j) {
      return static_cast<std::size_t>(j) >= m->features.size() || !m->features[static_cast<std::size_t>(j)].privileged;
    });
  return order;
}

std::size_t privileged_start(const ModelResult* m, const std::vector<int>& order) {
  if (!m) return order.size();
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto j = static_cast<std::size_t>(order[i]);
    if (j < m->features.size() && m->features[j].privileged) return i;
  }
  return order.size();
}

// The largest value a model's panels draw, so that its plain and constrained panels share one y axis.
double largest_value(const Result& r, std::size_t model) {
  double m = 0;
  auto take = [&m](const std::vector<FeatureResult>& fs) {
    for (const FeatureResult& f : fs) {
      if (std::isfinite(f.upper)) m = std::max(m, f.upper);
      if (f.preset && std::isfinite(f.preset->second)) m = std::max(m, f.preset->second);
    }
  };
  if (r.models.empty()) {
    take(r.features);
    return m;
  }
  const ModelResult& mr = r.models[model];
  take(mr.features);
  if (mr.constrained) take(mr.constrained->features);
  for (double t : {mr.probes.threshold_upper, mr.probes.threshold_lower})
    if (std::isfinite(t)) m = std::max(m, t);
  if (mr.privileged_probes)
    for (double t : {mr.privileged_probes->threshold_upper, mr.privileged_probes->threshold_lower})
      if (std::isfinite(t)) m = std::max(m, t);
  return m;
}

std::string number(double v) { return format_number(std::round(v * 1e6) / 1e6); }

// Four significant digits, for titles ("C = 0.03162, ‖w*‖₁ = 3.839").
std::string short_number(double v) {
  return std::isfinite(v) ? format_significant(v, 4) : "-";
}

std::string interval_text(const FeatureResult& f) {
  // Appended piecewise: GCC 12 warns (-Wrestrict, a known false positive) on "[" + std::string temporaries.
  std::string s = "[";
  s += number(f.lower);
  s += ", ";
  s += number(f.upper);
  s += "]";
  return s;
}

std::string presets_text(const Constrained& c, const Dataset& data) {
  std::string s;
  for (const AppliedPreset& a : c.presets) {
    if (!s.empty()) s += ", ";
    s += data.feature_names[static_cast<std::size_t>(a.feature)];
    s += a.lo == a.hi ? " = " + number(a.lo) : " in [" + number(a.lo) + ", " + number(a.hi) + "]";
  }
  return s;
}

std::string panel_title(const Result& r, const Dataset& data, std::size_t model, bool constrained) {
  std::string t;
  if (r.multiclass() && model < r.models.size())
    t = "class '" + r.models[model].label + "' against the rest";
  else
    t = "relevance intervals";
  if (constrained && model < r.models.size() && r.models[model].constrained)
    t += " — constrained: " + presets_text(*r.models[model].constrained, data);
  if (!constrained && model < r.models.size()) {
    const Hyper& h = r.models[model].hyper;
    t += "  (C = " + short_number(h.C);
    if (r.task == Task::regression) t += ", ε = " + short_number(h.epsilon);
    t += ", ‖w*‖₁ = " + short_number(r.models[model].baseline.l1_norm) + ")";
  }
  return t;
}

bool any_lower_threshold(const Result& r) {
  for (const ModelResult& m : r.models)
    if (m.probes.threshold_lower > 0) return true;
  return false;
}

bool any_presets(const Result& r) {
  for (const ModelResult& m : r.models)
    if (m.constrained) return true;
  return false;
}

bool any_dendrogram(const Result& r) {
  for (const ModelResult& m : r.models)
    if (draws_dendrogram(m)) return true;
  return false;
}

std::vector<report::LegendItem> legend_items(const Result& r) {
  using report::LegendItem;
  using report::LegendMarker;
  std::vector<LegendItem> items{{"strong", report::relevance_colour(2)},
                                {"weak", report::relevance_colour(1)},
                                {"irrelevant", report::relevance_colour(0)},
                                {"upper threshold", report::colours::black, LegendMarker::dashed_line}};
  if (any_lower_threshold(r)) items.push_back({"lower threshold", kLowerThresholdColour, LegendMarker::dashed_line});
  if (any_presets(r)) {
    items.push_back({"pinned by a preset", report::colours::black, LegendMarker::line});
    items.push_back({"unconstrained interval", kGhostColour, LegendMarker::dashed_line});
  }
  if (any_dendrogram(r)) items.push_back({"group cutoff", kGhostColour, LegendMarker::dashed_line});
  const bool screened = std::any_of(r.features.begin(), r.features.end(), [](const FeatureResult& f) { return f.screened; });
  if (screened) items.push_back({"screened: upper end at most", report::relevance_colour(0), LegendMarker::dashed_line});
  return items;
}

const report::LegendStyle kLegendStyle{.horizontal = true};

std::string chart_title(const Result& r, const Dataset& data) {
  std::string t = "FRI feature relevance intervals";
  if (!data.target_name.empty()) t += " for '" + data.target_name + "'";
  t += " (" + featrel::to_string(r.task) + ", " + std::to_string(data.n_samples()) + " samples, " +
       std::to_string(data.n_features()) + " features)";
  return t;
}

}  // namespace

double ChartPanel::y(double value) const {
  if (!(y_max > 0)) return bottom;
  return bottom - value / y_max * (bottom - top);
}

double ChartPanel::x_centre(std::size_t position) const {
  return left + (static_cast<double>(position) + 0.5) * slot;
}

ChartLayout relevance_chart_layout(const Result& result, const Dataset& data) {
  const std::size_t d = data.n_features();
  ChartLayout layout;
  const double slot = std::clamp(kTargetPlotWidth / static_cast<double>(std::max<std::size_t>(d, 1)), kMinSlot, kMaxSlot);

  // Names lie horizontally when every one fits its slot, otherwise they are rotated to read bottom to top.
  double longest = 0;
  for (const std::string& n : data.feature_names)
    longest = std::max(longest, report::estimate_text_width(report::chart_label(n), kNameFont));
  const bool rotated = longest > slot - 4;
  const double labels_band = rotated ? longest + 14 : kNameFont + 12;

  const std::size_t models = std::max<std::size_t>(result.models.size(), 1);
  double y = kHeaderHeight;
  for (std::size_t m = 0; m < models; ++m) {
    const ModelResult* mr = result.models.empty() ? nullptr : &result.models[m];
    const std::vector<int> order = bar_order(mr, d);
    LinearScale scale(0, largest_value(result, m), 0, 1);
    scale.nice();
    for (bool constrained : {false, true}) {
      if (constrained && !(mr && mr->constrained)) continue;
      ChartPanel p;
      p.title = panel_title(result, data, m, constrained);
      p.model = m;
      p.constrained = constrained;
      p.order = order;
      p.privileged_from = privileged_start(mr, order);
      p.left = kMarginLeft;
      p.slot = slot;
      p.bar_width = std::round(0.7 * slot * 100) / 100;
      p.title_y = y + 16;
      double cursor = y + kPanelTitle;
      p.dendrogram_top = p.dendrogram_bottom = cursor;
      if (!constrained && mr && draws_dendrogram(*mr)) {
        p.dendrogram_top = cursor;
        p.dendrogram_bottom = cursor + kDendrogram;
        cursor = p.dendrogram_bottom + kGroupNumbers;
      } else {
        cursor += 8;
        p.dendrogram_top = p.dendrogram_bottom = cursor;
      }
      p.top = cursor;
      p.bottom = cursor + kPlotHeight;
      p.y_max = scale.domain_hi();
      p.labels_top = p.bottom + 4;
      layout.panels.push_back(std::move(p));
      y = layout.panels.back().labels_top + labels_band + kPanelGap;
    }
  }
  double width = kMarginLeft + slot * static_cast<double>(d) + kMarginRight;
  width = std::max(width, 2 * kMarginRight + report::legend_size(legend_items(result), kLegendStyle).width);
  width = std::max(width, 2 * kMarginRight + report::estimate_text_width(chart_title(result, data), 15));
  for (const ChartPanel& p : layout.panels)
    width = std::max(width, kMarginLeft + kMarginRight + report::estimate_text_width(p.title, 12));
  layout.width = std::ceil(width);
  layout.height = std::ceil(y);
  return layout;
}

namespace {

// The dendrogram of a model's grouping over its panel's bars: leaves at the bars of the clustered features,
// links coloured by flat cluster (grey above the cutoff), and the cutoff as a dashed line.
void draw_dendrogram(SvgDocument& svg, const ChartPanel& p, const Grouping& g, const Dataset& data) {
  const std::size_t m = g.candidates.size();
  std::map<int, std::size_t> position;
  for (std::size_t i = 0; i < p.order.size(); ++i) position[p.order[i]] = i;
  double hmax = 0;
  for (const Merge& mg : g.merges)
    if (std::isfinite(mg.height)) hmax = std::max(hmax, mg.height);
  const LinearScale hy(0, hmax > 0 ? hmax : 1.0, p.dendrogram_bottom, p.dendrogram_top + 6);

  const std::size_t nodes = m + g.merges.size();
  std::vector<double> x(nodes, p.left), h(nodes, 0.0);
  std::vector<int> label(nodes, 0);
  for (std::size_t i = 0; i < m; ++i) {
    const int f = g.candidates[i];
    x[i] = position.count(f) ? p.x_centre(position[f]) : p.left;
    label[i] = static_cast<std::size_t>(f) < g.labels.size() ? g.labels[static_cast<std::size_t>(f)] : 0;
  }
  for (std::size_t t = 0; t < g.merges.size(); ++t) {
    const Merge& mg = g.merges[t];
    const auto a = static_cast<std::size_t>(mg.a), b = static_cast<std::size_t>(mg.b);
    const std::size_t id = m + t;
    if (a >= id || b >= id) continue;  // malformed linkage: leave the merge out rather than draw nonsense
    x[id] = 0.5 * (x[a] + x[b]);
    h[id] = std::isfinite(mg.height) ? mg.height : 0.0;
    label[id] = label[a] == label[b] ? label[a] : 0;
    // Group colours skip the palette's blue and orange, which mean strong and weak in the bars below.
    const std::string colour = label[id] > 0 ? report::categorical_colour(static_cast<std::size_t>(label[id] + 1))
                                             : std::string("#555555");
    svg.polyline({{x[a], hy(h[a])}, {x[a], hy(h[id])}, {x[b], hy(h[id])}, {x[b], hy(h[b])}},
                 Style{.stroke = colour, .stroke_width = 1.5,
                       .tooltip = "merge at distance " + number(h[id]) + " (" + std::to_string(mg.size) +
                                  " features)"});
  }
  const double cut = g.cutoff * hmax;
  svg.line(p.left, hy(cut), p.left + p.slot * static_cast<double>(p.order.size()), hy(cut),
           Style{.stroke = kGhostColour, .dashed = true,
                 .tooltip = "group cutoff: distance " + number(cut) + " (" + number(g.cutoff) + " of the largest)"});
  // Group numbers under the leaves.
  const TextStyle group_text{.anchor = report::Anchor::middle, .font_size = 9, .fill = "#444444"};
  for (std::size_t i = 0; i < m; ++i) {
    const int f = g.candidates[i];
    if (label[i] <= 0 || !position.count(f)) continue;
    TextStyle s = group_text;
    s.tooltip = data.feature_names[static_cast<std::size_t>(f)] + ": group " + std::to_string(label[i]);
    svg.text(x[i], p.dendrogram_bottom + 12, std::to_string(label[i]), s);
  }
}

void draw_panel(SvgDocument& svg, const ChartPanel& p, const Result& r, const Dataset& data) {
  const std::vector<FeatureResult>& fs = panel_features(r, p);
  const ModelResult* mr = r.models.empty() ? nullptr : &r.models[p.model];
  const double right = p.left + p.slot * static_cast<double>(p.order.size());
  const LinearScale ys(0, p.y_max, p.bottom, p.top);

  svg.text(p.left - 4, p.title_y, p.title, TextStyle{.font_size = 12, .bold = true});
  report::draw_axis(svg, ys, report::AxisSide::left, p.left - 4, "relevance (share of ‖w*‖₁)",
                    report::AxisStyle{.grid_length = right - p.left + 4});
  svg.line(p.left - 4, p.bottom, right, p.bottom, Style{.stroke = "#333333"});

  // Largest upper bound of the panel, for the minimum bar height of docs/fri.md#inputs-and-outputs.
  double max_upper = 0;
  for (const FeatureResult& f : fs)
    if (std::isfinite(f.upper)) max_upper = std::max(max_upper, f.upper);
  const double min_height = std::max(p.y(0) - p.y(0.001 * max_upper), 1.0);

  for (std::size_t i = 0; i < p.order.size(); ++i) {
    const auto j = static_cast<std::size_t>(p.order[i]);
    if (j >= fs.size()) continue;
    const FeatureResult& f = fs[j];
    const double x = p.x_centre(i) - 0.5 * p.bar_width;
    if (p.constrained && mr && j < mr->features.size()) {
      // The unconstrained interval as a dashed outline behind the constrained bar, where the presets moved it and
      // it is tall enough for an outline to read as one.
      const FeatureResult& u = mr->features[j];
      const double height = p.y(u.lower) - p.y(u.upper);
      const bool moved = std::abs(u.lower - f.lower) > 1e-6 || std::abs(u.upper - f.upper) > 1e-6;
      if (moved && height >= 3)
        svg.rect(x - 1.5, p.y(u.upper), p.bar_width + 3, height, Style{.stroke = kGhostColour, .dashed = true});
    }
    const double lower = std::isfinite(f.lower) ? f.lower : 0.0;
    const double upper = std::isfinite(f.upper) ? f.upper : lower;
    const double height = std::max(p.y(lower) - p.y(upper), min_height);
    std::string tip = data.feature_names[j] + ": " + interval_text(f) + " " + report::relevance_word(f.cls);
    if (f.constant) tip += " (constant column)";
    if (f.privileged) tip += " (privileged)";
    if (f.group > 0) tip += ", group " + std::to_string(f.group);
    Style bar{.fill = report::relevance_colour(f.cls)};
    if (f.screened) {
      // docs/fri.md#screening: only a bound on the upper end is known, so the bar is an outline, not a fill.
      tip += " (screened: the upper end is a certified bound)";
      bar.fill = "none";
      bar.stroke = report::relevance_colour(f.cls);
      bar.dashed = true;
    }
    if (f.preset) {
      tip += " (pinned by a preset)";
      bar.stroke = report::colours::black;
      bar.stroke_width = 2;
    }
    bar.tooltip = tip;
    svg.rect(x, p.y(lower) - height, p.bar_width, height, bar);
  }

  if (mr) {
    // Each block's thresholds over its own bars; the privileged block is marked off by a rule and its name.
    const double split = p.left + p.slot * static_cast<double>(p.privileged_from);
    auto thresholds = [&](const Probes& pr, double x0, double x1, const std::string& block) {
      svg.line(x0, p.y(pr.threshold_upper), x1, p.y(pr.threshold_upper),
               Style{.stroke = report::colours::black, .stroke_width = 1.2, .dashed = true,
                     .tooltip = block + "upper threshold " + number(pr.threshold_upper)});
      if (pr.threshold_lower > 0)
        svg.line(x0, p.y(pr.threshold_lower), x1, p.y(pr.threshold_lower),
                 Style{.stroke = kLowerThresholdColour, .stroke_width = 1.2, .dashed = true,
                       .tooltip = block + "lower threshold " + number(pr.threshold_lower)});
    };
    thresholds(mr->probes, p.left, split, "");
    if (mr->privileged_probes && p.privileged_from < p.order.size()) {
      thresholds(*mr->privileged_probes, split, right, "privileged block: ");
      svg.line(split, p.top, split, p.bottom, Style{.stroke = "#333333", .stroke_width = 1});
      svg.text(split + 4, p.top + 12, "privileged (training only)",
               TextStyle{.font_size = 11, .fill = "#333333",
                         .tooltip = "columns known for the training rows only; their own noise thresholds"});
    }
  }

  // Feature names: horizontal when they fit the slot, otherwise reading bottom to top.
  double longest = 0;
  for (const std::string& n : data.feature_names)
    longest = std::max(longest, report::estimate_text_width(report::chart_label(n), kNameFont));
  const bool rotated = longest > p.slot - 4;
  for (std::size_t i = 0; i < p.order.size(); ++i) {
    const auto j = static_cast<std::size_t>(p.order[i]);
    TextStyle s{.font_size = kNameFont, .tooltip = data.feature_names[j]};
    if (rotated) {
      s.anchor = report::Anchor::end;
      s.rotate = -90;
      s.middle_baseline = true;
      svg.text(p.x_centre(i), p.labels_top + 4, report::chart_label(data.feature_names[j]), s);
    } else {
      s.anchor = report::Anchor::middle;
      svg.text(p.x_centre(i), p.labels_top + kNameFont + 4, report::chart_label(data.feature_names[j]), s);
    }
  }

  if (!p.constrained && mr && draws_dendrogram(*mr)) draw_dendrogram(svg, p, *mr->grouping, data);
}

}  // namespace

std::string relevance_chart_svg(const Result& result, const Dataset& data) {
  const ChartLayout layout = relevance_chart_layout(result, data);
  SvgDocument svg(layout.width, layout.height);
  const std::string title = chart_title(result, data);
  svg.set_title(title);
  svg.set_background("#FFFFFF");
  svg.text(kMarginRight, 24, title, TextStyle{.font_size = 15, .bold = true});
  report::draw_legend(svg, kMarginRight, 34, legend_items(result), kLegendStyle);
  for (const ChartPanel& p : layout.panels) draw_panel(svg, p, result, data);
  return svg.str();
}

}  // namespace featrel::fri
