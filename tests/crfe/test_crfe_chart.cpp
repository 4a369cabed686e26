// The CRFE/RFE chart (featrel/crfe_chart.hpp): which panels a result gets, and that the SVG is well formed and
// carries the path, the stop, the sweep's metrics and the selection frequencies.
#include <gtest/gtest.h>

#include "crfe_test_data.hpp"
#include "featrel/crfe_chart.hpp"

namespace {

using namespace featrel::crfe;

featrel::Dataset wine() {
  featrel::CsvOptions co;
  co.target = "cultivar";
  co.task = featrel::TaskRequest::classification;
  return featrel::read_csv(std::string(FEATREL_DATA_DIR) + "/wine.csv", co);
}

std::size_t count(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

void expect_well_formed(const std::string& svg) {
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
}

TEST(CrfeChart, PathWithStop) {
  const featrel::Dataset data = wine();
  Options o;
  o.n_features_to_select = 5;
  const Result r = run(data, o, crfe_test::context(0, 2));
  EXPECT_EQ(crfe_chart_panels(r), std::vector<std::string>{"path"});
  const std::string svg = elimination_chart_svg(r, data);
  expect_well_formed(svg);
  EXPECT_NE(svg.find("mean β"), std::string::npos);
  EXPECT_NE(svg.find("stop: k = 5"), std::string::npos);
  EXPECT_NE(svg.find("remaining features"), std::string::npos);
  EXPECT_GE(count(svg, "<polyline"), 1u);
}

TEST(CrfeChart, RfeSaysImportance) {
  const featrel::Dataset data = wine();
  Options o;
  o.n_features_to_select = 3;
  const Result r = featrel::rfe::run(data, o, crfe_test::context(0, 2));
  const std::string svg = elimination_chart_svg(r, data);
  expect_well_formed(svg);
  EXPECT_NE(svg.find("mean squared weight"), std::string::npos);
  EXPECT_NE(svg.find("stop: k = 3"), std::string::npos);
}

TEST(CrfeChart, SweepAddsMetricPanels) {
  const featrel::Dataset data = wine();
  Options o;
  o.sweep = true;
  const Result r = run(data, o, crfe_test::context(0, 2));
  EXPECT_EQ(crfe_chart_panels(r), (std::vector<std::string>{"path", "sweep", "inefficiency"}));
  const std::string svg = elimination_chart_svg(r, data);
  expect_well_formed(svg);
  EXPECT_NE(svg.find("coverage"), std::string::npos);
  EXPECT_NE(svg.find("certainty"), std::string::npos);
  EXPECT_NE(svg.find("inefficiency"), std::string::npos);
  EXPECT_NE(svg.find("target coverage 1 − ε = 0.9"), std::string::npos);
}

TEST(CrfeChart, RepeatsAddFrequencyBars) {
  const featrel::Dataset data = wine();
  Options o;
  o.repeats = 3;
  o.n_features_to_select = 4;
  const Result r = run(data, o, crfe_test::context(0, 2));
  EXPECT_EQ(crfe_chart_panels(r), (std::vector<std::string>{"path", "frequency"}));
  const std::string svg = elimination_chart_svg(r, data);
  expect_well_formed(svg);
  EXPECT_EQ(count(svg, "% of the runs"), data.n_features());  // one bar tooltip per feature
  EXPECT_NE(svg.find("proline"), std::string::npos);
  EXPECT_NE(svg.find("run 3"), std::string::npos);  // one path line per split
}

}  // namespace
