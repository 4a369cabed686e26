// The FRI relevance chart (fri_chart.hpp): one bar per feature and panel, coloured by class, spanning [lower, upper]
// through the panel's scale; threshold lines at their values; bars in the dendrogram's leaf order; constrained and
// per-class panels; names XML-escaped; well-formed output. Most cases use hand-made Results, so that the geometry
// is checked against known values without running FRI; one case draws a real fit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <regex>
#include <string>
#include <vector>

#include "featrel/fri_chart.hpp"
#include "featrel/svg.hpp"
#include "featrel/svg_chart.hpp"
#include "fri_test_data.hpp"

namespace {

using featrel::fri::ChartLayout;
using featrel::fri::ChartPanel;
using featrel::fri::FeatureResult;
using featrel::fri::Result;

// Tags balance and nest under one <svg> root; no bare '&', '<' or '>' in text or attribute values.
::testing::AssertionResult well_formed(const std::string& xml) {
  std::vector<std::string> stack;
  bool saw_root = false;
  std::size_t i = 0;
  while (i < xml.size()) {
    if (xml[i] == '&') {
      bool ok = false;
      for (const char* e : {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"}) ok = ok || xml.compare(i, std::strlen(e), e) == 0;
      if (!ok) return ::testing::AssertionFailure() << "bare & at " << i;
    }
    if (xml[i] == '>') return ::testing::AssertionFailure() << "bare > at " << i;
    if (xml[i] != '<') {
      ++i;
      continue;
    }
    const std::size_t end = xml.find('>', i);
    if (end == std::string::npos) return ::testing::AssertionFailure() << "unclosed tag at " << i;
    const std::string tag = xml.substr(i + 1, end - i - 1);
    i = end + 1;
    if (tag.find('<') != std::string::npos) return ::testing::AssertionFailure() << "'<' inside tag " << tag;
    if (std::count(tag.begin(), tag.end(), '"') % 2 != 0) return ::testing::AssertionFailure() << "quotes: " << tag;
    if (tag.front() == '?') continue;
    if (tag.front() == '/') {
      if (stack.empty() || stack.back() != tag.substr(1)) return ::testing::AssertionFailure() << "bad close " << tag;
      stack.pop_back();
      continue;
    }
    const std::string name = tag.substr(0, tag.find_first_of(" /"));
    if (stack.empty()) {
      if (saw_root || name != "svg") return ::testing::AssertionFailure() << "root " << name;
      saw_root = true;
    }
    if (tag.back() != '/') stack.push_back(name);
  }
  if (!stack.empty()) return ::testing::AssertionFailure() << "unclosed <" << stack.back() << ">";
  return saw_root ? ::testing::AssertionSuccess() : ::testing::AssertionFailure() << "no <svg>";
}

struct Bar {
  double x, y, width, height;
  std::string fill, extra, title;
};

// Rectangles with a tooltip: the bars (legend swatches, backgrounds and outlines have none).
std::vector<Bar> bars(const std::string& svg) {
  static const std::regex re(
      R"re(<rect x="([-0-9.]+)" y="([-0-9.]+)" width="([-0-9.]+)" height="([-0-9.]+)" fill="([^"]*)"([^>]*)><title>([^<]*)</title></rect>)re");
  std::vector<Bar> out;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), re); it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    out.push_back({std::stod(m[1]), std::stod(m[2]), std::stod(m[3]), std::stod(m[4]), m[5], m[6], m[7]});
  }
  return out;
}

struct Line {
  double x1, y1, x2, y2;
  std::string title;
};

std::vector<Line> titled_lines(const std::string& svg) {
  static const std::regex re(
      R"re(<line x1="([-0-9.]+)" y1="([-0-9.]+)" x2="([-0-9.]+)" y2="([-0-9.]+)"[^>]*><title>([^<]*)</title></line>)re");
  std::vector<Line> out;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), re); it != std::sregex_iterator(); ++it) {
    const auto& m = *it;
    out.push_back({std::stod(m[1]), std::stod(m[2]), std::stod(m[3]), std::stod(m[4]), m[5]});
  }
  return out;
}

std::size_t count(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

// A Dataset with the given names (values unused by the chart).
featrel::Dataset names_only(const std::vector<std::string>& names, featrel::Task task = featrel::Task::binary) {
  featrel::Dataset d;
  d.X = Eigen::MatrixXd::Zero(10, static_cast<Eigen::Index>(names.size()));
  d.feature_names = names;
  d.target_name = "y";
  d.task = task;
  d.constant.assign(names.size(), false);
  return d;
}

FeatureResult feature(double lower, double upper, int cls) {
  FeatureResult f;
  f.lower = lower;
  f.upper = upper;
  f.cls = cls;
  return f;
}

// One binary model: strong [0.3, 0.45], weak [0, 0.4], a zero interval, a tiny one, weak [0, 0.2].
Result five_features() {
  Result r;
  r.task = featrel::Task::binary;
  featrel::fri::ModelResult m;
  m.features = {feature(0.3, 0.45, 2), feature(0, 0.4, 1), feature(0, 0, 0), feature(0, 0.001, 0),
                feature(0, 0.2, 1)};
  m.hyper.C = 1;
  m.baseline.l1_norm = 3;
  m.probes.threshold_upper = 0.05;
  m.probes.threshold_lower = 0.02;
  r.features = m.features;
  r.models.push_back(m);
  return r;
}

const std::vector<std::string> kFive{"f0", "h1", "zero", "tiny", "h2"};

// Bars that lie inside a panel's plot area.
std::vector<Bar> bars_in(const std::vector<Bar>& all, const ChartPanel& p) {
  std::vector<Bar> out;
  for (const Bar& b : all)
    if (b.y >= p.top - 0.5 && b.y + b.height <= p.bottom + 0.5) out.push_back(b);
  return out;
}

// Every bar of the panel: one per feature, at its slot, coloured by class, from y(lower) up to y(upper) (or the
// minimum height).
void expect_bars_match(const std::vector<Bar>& panel_bars, const ChartPanel& p,
                       const std::vector<FeatureResult>& fs, const std::vector<std::string>& names) {
  ASSERT_EQ(panel_bars.size(), fs.size());
  double max_upper = 0;
  for (const auto& f : fs) max_upper = std::max(max_upper, f.upper);
  const double min_height = std::max(p.y(0) - p.y(0.001 * max_upper), 1.0);
  for (std::size_t pos = 0; pos < panel_bars.size(); ++pos) {
    const Bar& b = panel_bars[pos];
    const auto j = static_cast<std::size_t>(p.order[pos]);
    const FeatureResult& f = fs[j];
    EXPECT_EQ(b.title.rfind(featrel::report::xml_escape(names[j]) + ": [", 0), 0u) << b.title;
    EXPECT_EQ(b.fill, featrel::report::relevance_colour(f.cls)) << names[j];
    EXPECT_NEAR(b.x + 0.5 * b.width, p.x_centre(pos), 0.011) << names[j];
    EXPECT_NEAR(b.y + b.height, p.y(f.lower), 0.011) << names[j] << " bottom = lower";
    const double expected_height = std::max(p.y(f.lower) - p.y(f.upper), min_height);
    EXPECT_NEAR(b.height, expected_height, 0.011) << names[j] << " height";
    if (p.y(f.lower) - p.y(f.upper) >= min_height) {
      EXPECT_NEAR(b.y, p.y(f.upper), 0.011) << names[j] << " top = upper";
    }
  }
}

TEST(FriChart, OneBarPerFeatureSpanningItsInterval) {
  const Result r = five_features();
  const featrel::Dataset d = names_only(kFive);
  const ChartLayout layout = featrel::fri::relevance_chart_layout(r, d);
  ASSERT_EQ(layout.panels.size(), 1u);
  const ChartPanel& p = layout.panels[0];
  EXPECT_EQ(p.order, (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_GE(p.y_max, 0.45);
  EXPECT_LT(p.y_max, 0.9);  // a nice number just above the largest value
  EXPECT_NEAR(p.y(0), p.bottom, 1e-12);
  EXPECT_NEAR(p.y(p.y_max), p.top, 1e-12);

  const std::string svg = featrel::fri::relevance_chart_svg(r, d);
  EXPECT_TRUE(well_formed(svg));
  const auto all = bars(svg);
  expect_bars_match(all, p, r.models[0].features, kFive);
  // The zero interval still shows as a bar of one pixel resting on the baseline.
  EXPECT_NEAR(all[2].height, 1.0, 0.011);
  EXPECT_NEAR(all[2].y + all[2].height, p.bottom, 0.011);
  EXPECT_LE(layout.width, 1000);
}

TEST(FriChart, ThresholdLinesAtTheirValues) {
  const Result r = five_features();
  const featrel::Dataset d = names_only(kFive);
  const ChartPanel p = featrel::fri::relevance_chart_layout(r, d).panels.at(0);
  const auto lines = titled_lines(featrel::fri::relevance_chart_svg(r, d));
  int upper = 0, lower = 0;
  for (const Line& l : lines) {
    if (l.title.rfind("upper threshold", 0) == 0) {
      ++upper;
      EXPECT_NEAR(l.y1, p.y(0.05), 0.011);
      EXPECT_NEAR(l.y2, l.y1, 1e-9);
      EXPECT_NEAR(l.x1, p.left, 0.011);
      EXPECT_NEAR(l.x2, p.left + 5 * p.slot, 0.011);
    }
    if (l.title.rfind("lower threshold", 0) == 0) {
      ++lower;
      EXPECT_NEAR(l.y1, p.y(0.02), 0.011);
    }
  }
  EXPECT_EQ(upper, 1);
  EXPECT_EQ(lower, 1);
  // A lower threshold of 0 lies on the baseline and is not drawn.
  Result zero = five_features();
  zero.models[0].probes.threshold_lower = 0;
  const std::string svg = featrel::fri::relevance_chart_svg(zero, d);
  EXPECT_EQ(count(svg, "<title>lower threshold"), 0u);
  EXPECT_EQ(count(svg, "<title>upper threshold"), 1u);
}

TEST(FriChart, NamesAreEscapedAndTheDocumentWellFormed) {
  const std::vector<std::string> names{"a<b", "c&d", "\"quoted\"", "it's", "x>y"};
  const featrel::Dataset d = names_only(names);
  Result r = five_features();
  const std::string svg = featrel::fri::relevance_chart_svg(r, d);
  EXPECT_TRUE(well_formed(svg));
  for (const char* escaped : {"a&lt;b", "c&amp;d", "&quot;quoted&quot;", "it&apos;s", "x&gt;y"})
    EXPECT_GE(count(svg, escaped), 2u) << escaped;  // the bar's tooltip and the axis label at least
  EXPECT_EQ(svg.find("a<b"), std::string::npos);
  EXPECT_EQ(svg.find("c&d"), std::string::npos);
  expect_bars_match(bars(svg), featrel::fri::relevance_chart_layout(r, d).panels[0], r.models[0].features, names);
}

TEST(FriChart, HundredFeaturesGetReadableVerticalLabels) {
  std::vector<std::string> names;
  Result r;
  featrel::fri::ModelResult m;
  for (int j = 0; j < 100; ++j) {
    names.push_back("feature_number_" + std::to_string(j));
    m.features.push_back(feature(j < 5 ? 0.1 : 0.0, j < 20 ? 0.2 - 0.005 * j : 0.001, j < 5 ? 2 : j < 20 ? 1 : 0));
  }
  m.probes.threshold_upper = 0.01;
  r.features = m.features;
  r.models.push_back(m);
  const featrel::Dataset d = names_only(names);
  const ChartLayout layout = featrel::fri::relevance_chart_layout(r, d);
  const ChartPanel& p = layout.panels.at(0);
  EXPECT_GE(p.slot, 16.0);  // 11 px text rotated upright needs about 16 px per name
  EXPECT_GE(layout.width, p.left + 100 * p.slot);
  const std::string svg = featrel::fri::relevance_chart_svg(r, d);
  EXPECT_TRUE(well_formed(svg));
  expect_bars_match(bars(svg), p, m.features, names);
  EXPECT_EQ(count(svg, "transform=\"rotate(-90"), 101u);  // 100 names and the y axis' label
  for (const auto& n : names) EXPECT_NE(svg.find(">" + n + "</text>"), std::string::npos) << n;
  // Labels hang below the plot and stay on the canvas.
  EXPECT_GE(layout.height, p.labels_top + featrel::report::estimate_text_width("feature_number_99", 11));
}

TEST(FriChart, MulticlassDrawsOnePanelPerClass) {
  const std::vector<std::string> names{"a", "b", "c", "n"};
  Result r;
  r.task = featrel::Task::multiclass;
  for (int k = 0; k < 3; ++k) {
    featrel::fri::ModelResult m;
    m.label = std::string("class") + char('A' + k);
    for (int j = 0; j < 4; ++j) m.features.push_back(j == k ? feature(0.5, 0.6, 2) : feature(0, 0.1 * (j + 1), j == 3 ? 0 : 1));
    m.probes.threshold_upper = 0.05 * (k + 1);
    r.models.push_back(m);
  }
  r.features = r.models[0].features;
  const featrel::Dataset d = names_only(names, featrel::Task::multiclass);
  const ChartLayout layout = featrel::fri::relevance_chart_layout(r, d);
  ASSERT_EQ(layout.panels.size(), 3u);
  const std::string svg = featrel::fri::relevance_chart_svg(r, d);
  EXPECT_TRUE(well_formed(svg));
  const auto all = bars(svg);
  EXPECT_EQ(all.size(), 12u);
  const auto lines = titled_lines(svg);
  for (std::size_t k = 0; k < 3; ++k) {
    const ChartPanel& p = layout.panels[k];
    EXPECT_EQ(p.model, k);
    EXPECT_NE(p.title.find("'" + r.models[k].label + "' against the rest"), std::string::npos) << p.title;
    EXPECT_NE(svg.find(featrel::report::xml_escape(p.title)), std::string::npos);
    expect_bars_match(bars_in(all, p), p, r.models[k].features, names);
    bool threshold = false;
    for (const Line& l : lines)
      threshold = threshold || (l.title.rfind("upper threshold", 0) == 0 && std::abs(l.y1 - p.y(0.05 * (k + 1))) < 0.011);
    EXPECT_TRUE(threshold) << "panel " << k;
    if (k > 0) {
      EXPECT_GT(p.top, layout.panels[k - 1].labels_top);  // stacked, not overlapping
    }
  }
}

TEST(FriChart, ConstrainedIntervalsGetTheirOwnPanel) {
  Result r = five_features();
  featrel::fri::Constrained c;
  c.presets.push_back({1, 0.1, 0.1, 1});
  c.features = {feature(0.35, 0.4, 2), feature(0.1, 0.1, 1), feature(0, 0, 0), feature(0, 0, 0), feature(0.2, 0.3, 2)};
  c.features[1].preset = std::make_pair(0.1, 0.1);
  r.models[0].constrained = c;
  const featrel::Dataset d = names_only(kFive);
  const ChartLayout layout = featrel::fri::relevance_chart_layout(r, d);
  ASSERT_EQ(layout.panels.size(), 2u);
  EXPECT_FALSE(layout.panels[0].constrained);
  EXPECT_TRUE(layout.panels[1].constrained);
  EXPECT_NE(layout.panels[1].title.find("h1 = 0.1"), std::string::npos) << layout.panels[1].title;
  EXPECT_EQ(layout.panels[0].y_max, layout.panels[1].y_max);  // one axis for both, so they compare by eye
  const std::string svg = featrel::fri::relevance_chart_svg(r, d);
  EXPECT_TRUE(well_formed(svg));
  const auto all = bars(svg);
  ASSERT_EQ(all.size(), 10u);
  expect_bars_match(bars_in(all, layout.panels[0]), layout.panels[0], r.models[0].features, kFive);
  const auto constrained = bars_in(all, layout.panels[1]);
  expect_bars_match(constrained, layout.panels[1], c.features, kFive);
  // The pinned feature is outlined in black and says so.
  EXPECT_NE(constrained[1].extra.find("stroke=\"#000000\""), std::string::npos);
  EXPECT_NE(constrained[1].title.find("pinned"), std::string::npos);
  EXPECT_EQ(constrained[0].extra.find("stroke="), std::string::npos);
  EXPECT_NE(svg.find("unconstrained interval"), std::string::npos);  // legend
}

TEST(FriChart, GroupingDrawsTheDendrogramOverBarsInLeafOrder) {
  Result r = five_features();
  featrel::fri::Grouping g;
  g.cutoff = 0.55;
  g.candidates = {0, 1, 4};
  g.labels = {1, 2, 0, 0, 2};
  g.merges = {{1, 2, 0.1, 2}, {0, 3, 1.0, 3}};  // h1 + h2 first, then f0 joins
  g.leaf_order = {0, 1, 4};
  r.models[0].grouping = g;
  r.options.grouping = true;
  const featrel::Dataset d = names_only(kFive);
  const ChartLayout layout = featrel::fri::relevance_chart_layout(r, d);
  const ChartPanel& p = layout.panels.at(0);
  EXPECT_EQ(p.order, (std::vector<int>{0, 1, 4, 2, 3}));  // leaves first, then the features not clustered
  EXPECT_GT(p.dendrogram_bottom, p.dendrogram_top);
  EXPECT_LE(p.dendrogram_bottom, p.top);
  const std::string svg = featrel::fri::relevance_chart_svg(r, d);
  EXPECT_TRUE(well_formed(svg));
  expect_bars_match(bars(svg), p, r.models[0].features, kFive);
  EXPECT_EQ(count(svg, "<polyline"), 2u);  // one link per merge
  EXPECT_EQ(count(svg, "<title>group cutoff"), 1u);
  // The first merge joins the leaves at positions 1 and 2 and is drawn between their bars, above them.
  const std::regex link(R"re(<polyline points="([-0-9.]+),([-0-9.]+) ([-0-9.]+),([-0-9.]+) ([-0-9.]+),([-0-9.]+) )re");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(svg, m, link));
  EXPECT_NEAR(std::stod(m[1]), p.x_centre(1), 0.011);
  EXPECT_NEAR(std::stod(m[5]), p.x_centre(2), 0.011);
  EXPECT_NEAR(std::stod(m[2]), p.dendrogram_bottom, 0.011);
  EXPECT_GT(std::stod(m[2]), std::stod(m[4]));  // the link rises from the leaves
}

TEST(FriChart, DrawsARealFit) {
  const featrel::Dataset d = fri_test::ref61(fri_test::Ref61::classification);
  const Result r = featrel::fri::run(d, fri_test::fixed(1.0, 0.1, false), fri_test::context(0));
  const std::string svg = featrel::fri::relevance_chart_svg(r, d);
  EXPECT_TRUE(well_formed(svg));
  const ChartLayout layout = featrel::fri::relevance_chart_layout(r, d);
  ASSERT_EQ(layout.panels.size(), 1u);
  expect_bars_match(bars(svg), layout.panels[0], r.features, d.feature_names);
  bool threshold = false;
  for (const Line& l : titled_lines(svg))
    threshold = threshold || (l.title.rfind("upper threshold", 0) == 0 &&
                              std::abs(l.y1 - layout.panels[0].y(r.models[0].probes.threshold_upper)) < 0.011);
  EXPECT_TRUE(threshold);
}

}  // namespace
