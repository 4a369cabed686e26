// The full-data run with its resampled repeats (include/featrel/resampling.hpp): running the repeats through the
// executor, and the result's text section and frequency chart.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/resampling.hpp"
#include "featrel/svg.hpp"
#include "featrel/svg_chart.hpp"
#include "featrel/thread_pool.hpp"
#include "resampling/task_outcome.hpp"

namespace featrel::resampling {

namespace {

constexpr double kPlotWidth = 420;
constexpr double kMargin = 24;
constexpr double kHeader = 62;
constexpr double kLegendBand = 26;
constexpr double kRow = 16;
constexpr double kAxisBand = 44;
constexpr double kNameFont = 11;

std::string percent(double share) { return format_fixed(share * 100.0, 0) + "%"; }

// Features by decreasing frequency, ties in column order.
std::vector<std::size_t> by_frequency(const Summary& s) {
  std::vector<std::size_t> order(s.selection_frequency.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return s.selection_frequency[a] > s.selection_frequency[b];
  });
  return order;
}

std::string base_name(const std::string& path) {
  const auto slash = path.find_last_of("/\\");
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string how_drawn(const Summary& s) {
  std::string text = std::to_string(s.n_repeats) + " " + to_string(s.options.scheme) + "s";
  if (s.options.scheme == Scheme::subsample) text += " of " + percent(s.options.fraction) + " of the rows";
  if (s.rows > 0) text += " (" + std::to_string(s.rows) + " rows each" + (s.options.stratified ? ", stratified" : "") + ")";
  return text;
}

// A warning with its numbers blanked out: repeats raise the full run's warnings with other numbers (a correlation
// of 0.9914 instead of 0.9925), which is not news.
std::string shape_of(const std::string& warning) {
  std::string out;
  for (std::size_t i = 0; i < warning.size(); ++i) {
    const char c = warning[i];
    if ((c >= '0' && c <= '9') || (c == '.' && i + 1 < warning.size() && warning[i + 1] >= '0' && warning[i + 1] <= '9')) {
      if (out.empty() || out.back() != '#') out += '#';
    } else {
      out += c;
    }
  }
  return out;
}

std::string stability_text(const Summary& s) {
  const auto& n = s.stability.nogueira;
  if (std::isnan(n.value)) return "Nogueira stability undefined";
  return "Nogueira stability " + format_fixed(n.value, 2) + " (" + percent(1 - n.alpha) + " CI " +
         format_fixed(n.ci_lower, 2) + " to " + format_fixed(n.ci_upper, 2) + ")";
}

}  // namespace

std::string frequency_chart_svg(const Summary& s, const std::vector<std::string>& names, const std::string& title) {
  using report::LinearScale;
  const std::size_t d = s.selection_frequency.size();
  const bool classes = !s.class_frequency.empty();
  double longest = 40;
  for (std::size_t j = 0; j < d && j < names.size(); ++j)
    longest = std::max(longest, report::estimate_text_width(report::chart_label(names[j]), kNameFont));
  const double left = longest + 16;
  const std::string subtitle = how_drawn(s) + "; " + stability_text(s);
  const double width = std::max({left + kPlotWidth + kMargin, report::estimate_text_width(title, 15) + 2 * kMargin,
                                 report::estimate_text_width(subtitle, 11) + 2 * kMargin});
  const double top = kHeader + kLegendBand;
  const double plot_height = std::max(1.0, static_cast<double>(d)) * kRow;
  report::SvgDocument svg(width, top + plot_height + kAxisBand);
  svg.set_title(title);
  svg.set_background("#FFFFFF");
  report::TextStyle t;
  t.font_size = 15;
  t.bold = true;
  svg.text(kMargin, 24, title, t);
  report::TextStyle sub;
  sub.font_size = 11;
  sub.fill = "#555555";
  svg.text(kMargin, 42, subtitle, sub);

  std::vector<report::LegendItem> legend;
  if (classes) {
    legend = {{"strong in a repeat", report::colours::strong}, {"weak in a repeat", report::colours::weak}};
  } else {
    legend = {{s.threshold > 0 ? "at or above the threshold" : "in at least half the repeats", report::colours::strong},
              {s.threshold > 0 ? "below the threshold" : "in fewer than half", report::colours::irrelevant}};
  }
  if (s.threshold > 0) legend.push_back({"threshold " + format_number(s.threshold), "#333333", report::LegendMarker::dashed_line});
  report::LegendStyle ls;
  ls.horizontal = true;
  report::draw_legend(svg, left, kHeader, legend, ls);

  LinearScale x(0.0, 1.0, left, left + kPlotWidth);
  report::AxisStyle axis;
  axis.grid_length = plot_height;
  draw_axis(svg, x, report::AxisSide::bottom, top + plot_height, "selection frequency (share of repeats)", axis);
  const std::vector<std::size_t> order = by_frequency(s);
  for (std::size_t r = 0; r < order.size(); ++r) {
    const std::size_t j = order[r];
    const std::string name = j < names.size() ? names[j] : std::to_string(j);
    const double y = top + static_cast<double>(r) * kRow;
    report::TextStyle label;
    label.anchor = report::Anchor::end;
    label.font_size = kNameFont;
    label.middle_baseline = true;
    label.tooltip = name;
    svg.text(left - 6, y + kRow / 2, report::chart_label(name), label);
    const double f = s.selection_frequency[j];
    const std::string tip = name + ": selected in " + percent(f) + " of the repeats";
    if (classes) {
      const auto& c = s.class_frequency[j];
      report::Style strong{report::colours::strong};
      strong.tooltip = tip + ", strong in " + percent(c.strong);
      report::Style weak{report::colours::weak};
      weak.tooltip = tip + ", weak in " + percent(c.weak);
      if (c.strong > 0) svg.rect(x(0), y + 3, x(c.strong) - x(0), kRow - 6, strong);
      if (c.weak > 0) svg.rect(x(c.strong), y + 3, x(c.strong + c.weak) - x(c.strong), kRow - 6, weak);
    } else if (f > 0) {
      const bool chosen = f >= (s.threshold > 0 ? s.threshold : 0.5);
      report::Style bar{chosen ? report::colours::strong : report::colours::irrelevant};
      bar.tooltip = tip;
      svg.rect(x(0), y + 3, x(f) - x(0), kRow - 6, bar);
    }
  }
  if (s.threshold > 0) {
    report::Style line;
    line.stroke = "#333333";
    line.dashed = true;
    svg.line(x(s.threshold), top, x(s.threshold), top + plot_height, line);
  }
  return svg.str();
}

RepeatedResult::RepeatedResult(std::unique_ptr<MethodResult> full, const Dataset& data, std::string method,
                               Summary summary, std::vector<std::string> repeat_warnings)
    : full_(std::move(full)),
      data_(&data),
      method_(std::move(method)),
      summary_(std::move(summary)),
      repeat_warnings_(std::move(repeat_warnings)) {}

report::Json RepeatedResult::to_json() const {
  report::Json doc = full_->to_json();
  merge_into(doc, summary_);
  if (doc.contains("diagnostics") && doc["diagnostics"].is_object() && doc["diagnostics"]["warnings"].is_array())
    for (const auto& w : repeat_warnings_) doc["diagnostics"]["warnings"].push_back(w);
  return doc;
}

std::string RepeatedResult::chart_svg() const { return full_->chart_svg(); }

std::string RepeatedResult::frequency_chart() const {
  return frequency_chart_svg(summary_, data_->feature_names,
                             method_ + ": selection frequency over " + std::to_string(summary_.n_repeats) + " " +
                                 to_string(summary_.options.scheme) + "s, " + base_name(data_->source) +
                                 (data_->target_name.empty() ? "" : " (target '" + data_->target_name + "')"));
}

std::string RepeatedResult::text(std::string_view sort, std::size_t max_rows) const {
  const Summary& s = summary_;
  std::string out = full_->text(sort, max_rows);
  if (!out.empty() && out.back() != '\n') out += '\n';
  out += "\nResampled repeats: " + how_drawn(s) + "; " + stability_text(s) + "; a repeat selects " +
         format_fixed(s.mean_size, 1) + " features on average.\n";
  if (s.threshold > 0)
    out += "Stability selection: " + std::to_string(s.stable_selected.size()) + " features selected in at least " +
           percent(s.threshold) + " of the repeats (the result's `selected`).\n";
  const bool classes = !s.class_frequency.empty();
  std::vector<std::string> headers{"feature", "selected (all rows)", "selection_frequency"};
  if (classes) headers.insert(headers.end(), {"strong", "weak", "irrelevant"});
  if (s.threshold > 0) headers.push_back("stable");
  report::TextTable table(headers);
  table.fold(max_rows, "features", "selected on all rows or in a repeat");
  const Selection full = full_->selection();
  std::vector<std::size_t> order = by_frequency(s);
  if (sort == "index") std::sort(order.begin(), order.end());
  for (std::size_t j : order) {
    const bool selected = j < full.features.size() && full.features[j].selected;
    std::vector<std::string> row{data_->feature_names[j], selected ? "yes" : "no",
                                 format_fixed(s.selection_frequency[j], 2)};
    if (classes) {
      row.push_back(format_fixed(s.class_frequency[j].strong, 2));
      row.push_back(format_fixed(s.class_frequency[j].weak, 2));
      row.push_back(format_fixed(s.class_frequency[j].irrelevant, 2));
    }
    if (s.threshold > 0) row.push_back(s.selection_frequency[j] >= s.threshold ? "yes" : "no");
    table.add_row(std::move(row), selected || s.selection_frequency[j] > 0.0);
  }
  return out + table.render();
}

std::vector<std::string> RepeatedResult::warnings() const {
  std::vector<std::string> all = full_->warnings();
  for (const auto& w : summary_.warnings) all.push_back(w);
  for (const auto& w : repeat_warnings_) all.push_back(w);
  return all;
}

Selection RepeatedResult::selection() const {
  Selection sel = full_->selection();
  if (summary_.threshold > 0)
    for (std::size_t j = 0; j < sel.features.size() && j < summary_.selection_frequency.size(); ++j)
      sel.features[j].selected = summary_.selection_frequency[j] >= summary_.threshold;
  return sel;
}

std::vector<std::pair<std::string, std::string>> RepeatedResult::extra_files() const {
  auto files = full_->extra_files();
  if (!summary_.options.frequency_svg.empty()) files.emplace_back(summary_.options.frequency_svg, frequency_chart());
  return files;
}

std::unique_ptr<MethodResult> run_with_repeats(const MethodSpec& spec, const Dataset& data, const Settings& settings,
                                               const Options& o, const RunContext& ctx) {
  validate(o);
  if (o.repeats < 2) return spec.run(data, settings, ctx);
  if (spec.own_repeats)
    throw options::OptionError("repeats", spec.name + " has its own option 'repeats'; the shared resampled repeats "
                                          "do not apply to it");
  if (data.n_samples() == 0)
    throw options::OptionError("repeats", "option 'repeats' resamples the rows of a data file; " + spec.name +
                                              " got none");
  const std::vector<Task> tasks = plan(data, o, ctx.seed);  // a refusal comes before any fit
  auto full = spec.run(data, settings, ctx);
  std::vector<detail::TaskOutcome> outcomes(tasks.size());
  parallel_for(tasks.size(), [&](std::size_t i) {
    outcomes[i] = detail::run_one(spec, data, settings, tasks[i], ctx);
  }, ctx, "repeats");
  // Warnings of the repeats that the full-data run did not raise, summarised in one line (in task order, so the
  // line does not depend on the executor).
  const std::vector<std::string> full_warnings = full->warnings();
  std::set<std::string> known;
  for (const auto& w : full_warnings) known.insert(shape_of(w));
  std::size_t warned = 0;
  std::string first;
  std::vector<Selection> runs;
  for (auto& out : outcomes) {
    bool novel = false;
    for (const auto& w : out.warnings)
      if (!known.count(shape_of(w))) {
        if (first.empty()) first = w;
        novel = true;
      }
    warned += novel ? 1 : 0;
    runs.push_back(std::move(out.selection));
  }
  std::vector<std::string> repeat_warnings;
  if (warned > 0)
    repeat_warnings.push_back(std::to_string(warned) + " of " + std::to_string(tasks.size()) +
                              " repeats raised warnings the full-data run did not, e.g.: " + first);
  Summary summary = summarise(runs, data.n_features(), o);
  summary.rows = tasks.front().rows.size();
  return std::make_unique<RepeatedResult>(std::move(full), data, spec.name, std::move(summary),
                                          std::move(repeat_warnings));
}

}  // namespace featrel::resampling
