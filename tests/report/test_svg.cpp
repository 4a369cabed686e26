#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <vector>

#include "featrel/report.hpp"
#include "featrel/svg.hpp"
#include "featrel/svg_chart.hpp"
#include "temp_file.hpp"

namespace featrel::report {
namespace {

// A small well-formedness check: tags balance and nest, the root is <svg>, no raw '<' or '&' sits in text or
// attribute values (only the five XML entities), and quotes in attributes are balanced.
::testing::AssertionResult well_formed(const std::string& xml) {
  std::vector<std::string> stack;
  std::size_t i = 0;
  bool saw_root = false;
  while (i < xml.size()) {
    if (xml[i] == '&') {
      static const char* entities[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"};
      bool ok = false;
      for (const char* e : entities) ok = ok || xml.compare(i, std::strlen(e), e) == 0;
      if (!ok) return ::testing::AssertionFailure() << "bare & at " << i;
      ++i;
      continue;
    }
    if (xml[i] == '>') return ::testing::AssertionFailure() << "bare > at " << i;
    if (xml[i] != '<') {
      ++i;
      continue;
    }
    const std::size_t end = xml.find('>', i);
    if (end == std::string::npos) return ::testing::AssertionFailure() << "unclosed tag at " << i;
    std::string tag = xml.substr(i + 1, end - i - 1);
    i = end + 1;
    if (tag.find('<') != std::string::npos) return ::testing::AssertionFailure() << "'<' inside tag " << tag;
    if (std::count(tag.begin(), tag.end(), '"') % 2 != 0) return ::testing::AssertionFailure() << "quotes: " << tag;
    if (tag.front() == '?') continue;  // XML declaration
    if (tag.front() == '/') {
      const std::string name = tag.substr(1);
      if (stack.empty() || stack.back() != name) {
        return ::testing::AssertionFailure() << "</" << name << "> does not close "
                                             << (stack.empty() ? "anything" : stack.back());
      }
      stack.pop_back();
      continue;
    }
    const std::string name = tag.substr(0, tag.find_first_of(" /"));
    if (stack.empty()) {
      if (saw_root) return ::testing::AssertionFailure() << "second root element " << name;
      if (name != "svg") return ::testing::AssertionFailure() << "root is " << name;
      saw_root = true;
    }
    if (tag.back() != '/') stack.push_back(name);
  }
  if (!stack.empty()) return ::testing::AssertionFailure() << "unclosed <" << stack.back() << ">";
  if (!saw_root) return ::testing::AssertionFailure() << "no root";
  return ::testing::AssertionSuccess();
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

TEST(XmlEscape, EscapesMarkupAndDropsForbiddenControls) {
  EXPECT_EQ(xml_escape("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
  EXPECT_EQ(xml_escape(std::string("x\x01y\tz\n", 6)), "xy\tz\n");
  EXPECT_EQ(xml_escape("\xCE\xB2"), "\xCE\xB2");  // UTF-8 passes through
}

TEST(SvgNumber, AtMostTwoDecimalsNoTrailingZeros) {
  EXPECT_EQ(svg_number(12.5), "12.5");
  EXPECT_EQ(svg_number(3.0), "3");
  EXPECT_EQ(svg_number(100), "100");
  EXPECT_EQ(svg_number(2.456), "2.46");
  EXPECT_EQ(svg_number(-0.25), "-0.25");
  EXPECT_EQ(svg_number(-0.001), "0");
  EXPECT_EQ(svg_number(-0.0), "0");
  EXPECT_THROW(svg_number(std::numeric_limits<double>::quiet_NaN()), std::invalid_argument);
}

TEST(SvgDocument, ExactOutputOfPrimitives) {
  SvgDocument svg(200, 100);
  svg.set_title("A & B");
  svg.set_background("#FFFFFF");
  svg.rect(1, 2, 30.5, 40, Style{.fill = "#0072B2"});
  svg.line(0, 0, 10, 10, Style{.stroke = "#333", .stroke_width = 2, .dashed = true});
  svg.begin_group(translate(5, 6), "group <tip>");
  svg.polyline({{0, 0}, {1.25, 2}, {3, 4.333}}, Style{.stroke = "red", .opacity = 0.5});
  svg.circle(5, 5, 2, Style{.fill = "black", .tooltip = "x0: 0.25"});
  svg.end_group();
  svg.text(10, 20, "x<1>", TextStyle{.anchor = Anchor::middle, .font_size = 10, .rotate = -90, .bold = true});
  EXPECT_EQ(svg.str(),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"100\" viewBox=\"0 0 200 100\" "
            "font-family=\"Helvetica, Arial, sans-serif\">\n"
            "  <title>A &amp; B</title>\n"
            "  <rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>\n"
            "  <rect x=\"1\" y=\"2\" width=\"30.5\" height=\"40\" fill=\"#0072B2\"/>\n"
            "  <line x1=\"0\" y1=\"0\" x2=\"10\" y2=\"10\" fill=\"none\" stroke=\"#333\" stroke-width=\"2\" "
            "stroke-dasharray=\"4 3\"/>\n"
            "  <g transform=\"translate(5,6)\">\n"
            "    <title>group &lt;tip&gt;</title>\n"
            "    <polyline points=\"0,0 1.25,2 3,4.33\" fill=\"none\" stroke=\"red\" opacity=\"0.5\"/>\n"
            "    <circle cx=\"5\" cy=\"5\" r=\"2\" fill=\"black\"><title>x0: 0.25</title></circle>\n"
            "  </g>\n"
            "  <text x=\"10\" y=\"20\" font-size=\"10\" text-anchor=\"middle\" font-weight=\"bold\" "
            "fill=\"#222222\" transform=\"rotate(-90 10 20)\">x&lt;1&gt;</text>\n"
            "</svg>\n");
  EXPECT_TRUE(well_formed(svg.str()));
}

TEST(SvgDocument, HostileNamesStayWellFormed) {
  SvgDocument svg(50, 50);
  const std::string name = "a\"b<c>&d'</svg>";
  svg.text(1, 1, name, TextStyle{.tooltip = name});
  svg.circle(1, 1, 1, Style{.fill = name, .tooltip = name});
  svg.begin_group(name, name);
  svg.end_group();
  EXPECT_TRUE(well_formed(svg.str()));
}

TEST(SvgDocument, GroupsMustBalance) {
  SvgDocument svg(10, 10);
  EXPECT_THROW(svg.end_group(), std::logic_error);
  svg.begin_group();
  EXPECT_THROW(svg.str(), std::logic_error);
  svg.end_group();
  EXPECT_TRUE(well_formed(svg.str()));
}

TEST(SvgDocument, SaveWritesTheDocument) {
  test::TempFile file(".svg");
  SvgDocument svg(10, 10);
  svg.circle(5, 5, 1, Style{.fill = "red"});
  svg.save(file.path());
  EXPECT_EQ(read_text_file(file.path()), svg.str());
}

TEST(WellFormedCheck, CatchesBrokenMarkup) {
  EXPECT_FALSE(well_formed("<svg><g></svg>"));
  EXPECT_FALSE(well_formed("<svg>a & b</svg>"));
  EXPECT_FALSE(well_formed("<svg><text>a<b</text></svg>"));
  EXPECT_TRUE(well_formed("<svg><g/><g>t</g></svg>"));
}

// ---------------------------------------------------------------------------------------------------------------

TEST(LinearScale, MapsDomainOntoRange) {
  LinearScale x(0, 10, 0, 100);
  EXPECT_DOUBLE_EQ(x(5), 50);
  EXPECT_DOUBLE_EQ(x(-1), -10);
  LinearScale y(0, 1, 200, 0);  // a y axis: larger values higher up
  EXPECT_DOUBLE_EQ(y(0.25), 150);
  EXPECT_DOUBLE_EQ(y(1), 0);
  LinearScale flat(3, 3, 0, 100);
  EXPECT_DOUBLE_EQ(flat(3), 50);
  EXPECT_THROW(LinearScale(0, std::numeric_limits<double>::infinity(), 0, 1), std::invalid_argument);
}

TEST(LinearScale, NiceStepIsOneTwoOrFiveTimesAPowerOfTen) {
  EXPECT_DOUBLE_EQ(nice_step(0, 0.93), 0.2);
  EXPECT_DOUBLE_EQ(nice_step(0, 100), 20);
  EXPECT_DOUBLE_EQ(nice_step(0, 7), 1);
  EXPECT_DOUBLE_EQ(nice_step(-3, 47), 10);
  EXPECT_DOUBLE_EQ(nice_step(0, 12345), 2000);
  EXPECT_DOUBLE_EQ(nice_step(0, 0.0037), 0.001);
  EXPECT_DOUBLE_EQ(nice_step(0, 1, 10), 0.1);
  EXPECT_EQ(nice_step(2, 2), 0.0);
}

TEST(LinearScale, TicksInsideTheDomainAreExactDecimals) {
  LinearScale s(0, 0.93, 0, 100);
  EXPECT_EQ(s.ticks(), (std::vector<double>{0, 0.2, 0.4, 0.6, 0.8}));
  EXPECT_EQ(LinearScale(-3, 47, 0, 1).ticks(), (std::vector<double>{0, 10, 20, 30, 40}));
  EXPECT_EQ(LinearScale(0, 0.0037, 0, 1).ticks(), (std::vector<double>{0, 0.001, 0.002, 0.003}));
  EXPECT_EQ(LinearScale(0.93, 0, 0, 1).ticks(), (std::vector<double>{0, 0.2, 0.4, 0.6, 0.8}));  // reversed
  EXPECT_EQ(LinearScale(3, 3, 0, 1).ticks(), (std::vector<double>{3}));
}

TEST(LinearScale, NiceWidensToTickMultiples) {
  LinearScale s(0, 0.93, 0, 100);
  s.nice();
  EXPECT_EQ(s.domain_lo(), 0.0);
  EXPECT_EQ(s.domain_hi(), 1.0);
  EXPECT_EQ(s.ticks(), (std::vector<double>{0, 0.2, 0.4, 0.6, 0.8, 1.0}));
  std::vector<std::string> labels;
  for (double t : s.ticks()) labels.push_back(s.tick_label(t));
  EXPECT_EQ(labels, (std::vector<std::string>{"0.0", "0.2", "0.4", "0.6", "0.8", "1.0"}));

  LinearScale w(-0.37, 2.1, 0, 1);
  w.nice();
  EXPECT_DOUBLE_EQ(w.domain_lo(), -0.5);
  EXPECT_DOUBLE_EQ(w.domain_hi(), 2.5);

  LinearScale r(0.93, 0, 0, 1);  // orientation is kept
  r.nice();
  EXPECT_EQ(r.domain_lo(), 1.0);
  EXPECT_EQ(r.domain_hi(), 0.0);

  LinearScale zero(0, 0, 0, 1);
  zero.nice();
  EXPECT_EQ(zero.domain_lo(), 0.0);
  EXPECT_EQ(zero.domain_hi(), 1.0);
}

TEST(LinearScale, TickLabelsUseTheStepsDecimals) {
  LinearScale s(0, 100, 0, 1);
  EXPECT_EQ(s.tick_label(40), "40");
  LinearScale t(0, 0.0037, 0, 1);
  EXPECT_EQ(t.tick_label(0.002), "0.002");
}

TEST(DrawAxis, BottomAxisHasTicksLabelsAndTitle) {
  SvgDocument svg(300, 200);
  LinearScale x(0, 1, 50, 250);
  draw_axis(svg, x, AxisSide::bottom, 170, "weight");
  const std::string out = svg.str();
  EXPECT_TRUE(well_formed(out));
  EXPECT_EQ(count(out, "<line"), 1u + 6u);  // axis + one tick per value 0, 0.2, …, 1
  EXPECT_NE(out.find(">0.6</text>"), std::string::npos);
  EXPECT_NE(out.find(">weight</text>"), std::string::npos);
  EXPECT_NE(out.find("<line x1=\"50\" y1=\"170\" x2=\"250\" y2=\"170\""), std::string::npos);
  EXPECT_NE(out.find("<line x1=\"130\" y1=\"170\" x2=\"130\" y2=\"175\""), std::string::npos);  // tick at 0.4
}

TEST(DrawAxis, LeftAxisWithGridRotatesItsTitle) {
  SvgDocument svg(300, 200);
  LinearScale y(0, 10, 170, 20);
  draw_axis(svg, y, AxisSide::left, 50, "count", AxisStyle{.grid_length = 200});
  const std::string out = svg.str();
  EXPECT_TRUE(well_formed(out));
  EXPECT_EQ(count(out, "<line"), 6u + 1u + 6u);  // grid + axis + ticks at 0, 2, …, 10
  EXPECT_NE(out.find("<line x1=\"50\" y1=\"170\" x2=\"250\" y2=\"170\" fill=\"none\" stroke=\"#DDDDDD\"/>"),
            std::string::npos);
  EXPECT_NE(out.find("text-anchor=\"end\""), std::string::npos);
  EXPECT_NE(out.find("rotate(-90 "), std::string::npos);
  EXPECT_NE(out.find(">count</text>"), std::string::npos);
}

TEST(LogAxis, StaysLinearWhenNoValueSquashesTheRest) {
  const LogAxis x({0.0, 2.0, 3.0, 4.0, 9.0}, 0, 100);
  EXPECT_FALSE(x.is_log());
  EXPECT_DOUBLE_EQ(x(0.0), 0.0);
  EXPECT_DOUBLE_EQ(x(10.0), 100.0);  // niced to [0, 10]
  EXPECT_DOUBLE_EQ(x(5.0), 50.0);
  EXPECT_FALSE(LogAxis({-1.0, 1.0, 1000.0}, 0, 100).is_log());  // negative values: never logarithmic
}

TEST(LogAxis, GoesLogarithmicForAnOutlierAndPlacesDecadesEvenly) {
  // Median 2, largest 900 > 30 × 2: decades 10^-1 (floor from the smallest positive 0.5) … 10^3.
  const LogAxis x({0.0, 0.5, 1.0, 2.0, 3.0, 900.0}, 0, 400);
  ASSERT_TRUE(x.is_log());
  EXPECT_DOUBLE_EQ(x.floor(), 0.1);
  EXPECT_DOUBLE_EQ(x(0.1), 0.0);
  EXPECT_DOUBLE_EQ(x(1.0), 100.0);
  EXPECT_DOUBLE_EQ(x(1000.0), 400.0);
  EXPECT_DOUBLE_EQ(x(0.0), 0.0);  // zero sits on the floor
  // At most four decades below the largest value (5000 → 0.5, then down to its decade), however small the
  // smallest positive one is.
  EXPECT_DOUBLE_EQ(LogAxis({1e-9, 1.0, 2.0, 5000.0}, 0, 100).floor(), 0.1);
  SvgDocument svg(500, 100);
  x.draw(svg, AxisSide::bottom, 50, "importance");
  const std::string out = svg.str();
  EXPECT_TRUE(well_formed(out));
  EXPECT_EQ(count(out, "<line"), 1u + 5u);  // axis + ticks at 0.1, 1, 10, 100, 1000
  EXPECT_NE(out.find(">0.1</text>"), std::string::npos);
  EXPECT_NE(out.find(">1000</text>"), std::string::npos);
  EXPECT_NE(out.find(">importance, log scale</text>"), std::string::npos);
}

TEST(Colours, OkabeItoPaletteAndRelevanceClasses) {
  EXPECT_EQ(categorical_palette().size(), 8u);
  EXPECT_EQ(categorical_colour(0), "#0072B2");
  EXPECT_EQ(categorical_colour(1), "#E69F00");
  EXPECT_EQ(categorical_colour(8), categorical_colour(0));
  EXPECT_EQ(relevance_colour(2), "#0072B2");
  EXPECT_EQ(relevance_colour(1), "#E69F00");
  EXPECT_EQ(relevance_colour(0), "#999999");
  EXPECT_EQ(relevance_colour("strong"), relevance_colour(2));
  EXPECT_EQ(relevance_colour("weak"), relevance_colour(1));
  EXPECT_EQ(relevance_colour("irrelevant"), relevance_colour(0));
  EXPECT_EQ(relevance_colour("tentative"), "#CC79A7");
}

TEST(Legend, SizeAndMarkers) {
  const std::vector<LegendItem> items = {{"strong", colours::strong},
                                         {"weak", colours::weak, LegendMarker::dashed_line},
                                         {"probe", colours::black, LegendMarker::circle}};
  const Size size = legend_size(items);
  EXPECT_DOUBLE_EQ(size.width, 14 + 6 + 0.6 * 11 * 6);  // widest label "strong"
  EXPECT_DOUBLE_EQ(size.height, 3 * 16);
  SvgDocument svg(200, 100);
  const Size drawn = draw_legend(svg, 10, 10, items);
  EXPECT_DOUBLE_EQ(drawn.width, size.width);
  const std::string out = svg.str();
  EXPECT_TRUE(well_formed(out));
  EXPECT_NE(out.find("<rect x=\"10\" y=\"13\" width=\"14\" height=\"10\" fill=\"#0072B2\"/>"), std::string::npos);
  EXPECT_NE(out.find("stroke=\"#E69F00\" stroke-width=\"2\" stroke-dasharray=\"4 3\""), std::string::npos);
  EXPECT_NE(out.find("<circle cx=\"17\" cy=\"50\" r=\"4\" fill=\"#000000\"/>"), std::string::npos);
  EXPECT_EQ(count(out, "<text"), 3u);

  const Size row = legend_size(items, LegendStyle{.horizontal = true});
  EXPECT_DOUBLE_EQ(row.height, 16);
  EXPECT_DOUBLE_EQ(row.width, 3 * 20 + 0.6 * 11 * (6 + 4 + 5) + 2 * 16);
}

}  // namespace
}  // namespace featrel::report
