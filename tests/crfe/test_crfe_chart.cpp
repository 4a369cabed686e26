// The CRFE/RFE chart (featrel/crfe_chart.hpp): which panels a result gets, that the SVG is well-formed XML, and
// that what it draws is the result: the path's points are an affine image of (remaining features, mean score) of
// every step, the stop line sits at the selected size on the same axis, the sweep's points are the evaluation's
// metrics by size, and the frequency bars follow the consensus ranking with heights proportional to the
// selection frequencies.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>

#include "crfe_test_data.hpp"
#include "featrel/crfe_chart.hpp"
#include "featrel/format.hpp"
#include "featrel/svg_chart.hpp"

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

// One element of the document: its name, attributes (entities decoded) and the text of its <title> child.
struct Element {
  std::string name;
  std::map<std::string, std::string> attrs;
  std::string title;
  std::string text;  // its own character data (decoded)
};

// Decodes the five predefined entities and numeric references; false for a bare '&' or an unknown entity.
bool decode(const std::string& raw, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] != '&') {
      out += raw[i];
      continue;
    }
    const std::size_t end = raw.find(';', i);
    if (end == std::string::npos) return false;
    const std::string name = raw.substr(i + 1, end - i - 1);
    static const std::map<std::string, std::string> named{
        {"amp", "&"}, {"lt", "<"}, {"gt", ">"}, {"quot", "\""}, {"apos", "'"}};
    if (named.count(name)) {
      out += named.at(name);
    } else if (name.size() > 1 && name[0] == '#') {
      const bool hex = name[1] == 'x';
      const std::string digits = name.substr(hex ? 2 : 1);
      if (digits.empty()) return false;
      for (char c : digits)
        if (!(hex ? std::isxdigit(static_cast<unsigned char>(c)) : std::isdigit(static_cast<unsigned char>(c))))
          return false;
      out += '?';
    } else {
      return false;
    }
    i = end;
  }
  return true;
}

// Parses the document as XML (an optional declaration, comments, then exactly one root element; every tag closed
// in order; attribute values quoted, unique and free of '<'; character data free of '<' and bare '&'; nothing but
// whitespace outside the root). Returns the elements in document order, or sets `error`.
std::vector<Element> parse_xml(const std::string& s, std::string& error) {
  std::vector<Element> out;
  std::vector<std::size_t> open;
  std::size_t pos = 0;
  bool root_done = false;
  const auto fail = [&](const std::string& what) {
    if (error.empty()) error = what + " at byte " + std::to_string(pos);
    return std::vector<Element>{};
  };
  const auto is_name = [](char c, bool first) {
    const auto u = static_cast<unsigned char>(c);
    return std::isalpha(u) || c == '_' || c == ':' || (!first && (std::isdigit(u) || c == '-' || c == '.'));
  };
  if (s.rfind("<?xml", 0) == 0) {
    pos = s.find("?>");
    if (pos == std::string::npos) return fail("unterminated declaration");
    pos += 2;
  }
  while (pos < s.size()) {
    if (s[pos] != '<') {
      const std::size_t end = std::min(s.find('<', pos), s.size());
      std::string text;
      if (!decode(s.substr(pos, end - pos), text)) return fail("bad entity");
      if (s.find('>', pos) < end) return fail("'>' in character data");
      if (open.empty()) {
        for (char c : text)
          if (!std::isspace(static_cast<unsigned char>(c))) return fail("text outside the root");
      } else {
        out[open.back()].text += text;
      }
      pos = end;
      continue;
    }
    if (s.compare(pos, 4, "<!--") == 0) {
      const std::size_t end = s.find("-->", pos);
      if (end == std::string::npos) return fail("unterminated comment");
      pos = end + 3;
      continue;
    }
    if (s.compare(pos, 2, "</") == 0) {
      const std::size_t end = s.find('>', pos);
      if (end == std::string::npos) return fail("unterminated end tag");
      const std::string name = s.substr(pos + 2, end - pos - 2);
      if (open.empty() || out[open.back()].name != name) return fail("end tag </" + name + "> does not close the open element");
      const std::size_t closed = open.back();
      open.pop_back();
      if (out[closed].name == "title" && !open.empty()) out[open.back()].title = out[closed].text;
      if (open.empty()) root_done = true;
      pos = end + 1;
      continue;
    }
    // A start tag.
    ++pos;
    if (pos >= s.size() || !is_name(s[pos], true)) return fail("bad element name");
    Element e;
    while (pos < s.size() && is_name(s[pos], false)) e.name += s[pos++];
    if (root_done || (open.empty() && !out.empty())) return fail("second root element <" + e.name + ">");
    bool self_closing = false;
    for (;;) {
      const std::size_t before = pos;
      while (pos < s.size() && std::isspace(static_cast<unsigned char>(s[pos]))) ++pos;
      if (pos >= s.size()) return fail("unterminated start tag");
      if (s.compare(pos, 2, "/>") == 0) {
        self_closing = true;
        pos += 2;
        break;
      }
      if (s[pos] == '>') {
        ++pos;
        break;
      }
      if (pos == before) return fail("attributes must be separated by whitespace");
      std::string name;
      if (!is_name(s[pos], true)) return fail("bad attribute name");
      while (pos < s.size() && is_name(s[pos], false)) name += s[pos++];
      if (s.compare(pos, 2, "=\"") != 0) return fail("attribute " + name + " is not =\"…\"");
      const std::size_t end = s.find('"', pos + 2);
      if (end == std::string::npos) return fail("unterminated attribute value");
      const std::string raw = s.substr(pos + 2, end - pos - 2);
      std::string value;
      if (raw.find('<') != std::string::npos || !decode(raw, value)) return fail("bad attribute value of " + name);
      if (!e.attrs.emplace(name, value).second) return fail("duplicate attribute " + name);
      pos = end + 1;
    }
    out.push_back(e);
    if (!self_closing) open.push_back(out.size() - 1);
    else if (open.empty()) root_done = true;
  }
  if (!open.empty()) return fail("<" + out[open.back()].name + "> is never closed");
  if (out.empty()) return fail("no root element");
  return out;
}

std::vector<Element> expect_well_formed(const std::string& svg) {
  std::string error;
  const std::vector<Element> elements = parse_xml(svg, error);
  EXPECT_EQ(error, "");
  if (elements.empty()) {
    ADD_FAILURE() << "not well-formed: " << error;
    return elements;
  }
  EXPECT_EQ(elements[0].name, "svg");
  EXPECT_EQ(elements[0].attrs.count("viewBox"), 1u);
  return elements;
}

// The elements with this name and <title>.
std::vector<const Element*> find(const std::vector<Element>& all, const std::string& name, const std::string& title) {
  std::vector<const Element*> out;
  for (const Element& e : all)
    if (e.name == name && e.title == title) out.push_back(&e);
  return out;
}

double number(const Element& e, const std::string& attr) {
  EXPECT_EQ(e.attrs.count(attr), 1u) << e.name << " has no " << attr;
  return e.attrs.count(attr) ? std::strtod(e.attrs.at(attr).c_str(), nullptr) : 0.0;
}

struct Points {
  std::vector<double> x, y;
};

// The points="x,y x,y …" of a polyline.
Points points(const Element& polyline) {
  Points p;
  std::string list = polyline.attrs.count("points") ? polyline.attrs.at("points") : "";
  std::replace(list.begin(), list.end(), ',', ' ');
  std::istringstream in(list);
  double x, y;
  while (in >> x >> y) p.x.push_back(x), p.y.push_back(y);
  return p;
}

// Coordinates are written with two decimals (report::svg_number), so each is off by at most 0.005 px. A point
// predicted by linear interpolation between two drawn points carries at most 0.005 from them, and is compared
// with a drawn point rounded itself: 0.01 in all, plus a little for the double arithmetic.
constexpr double kPixelTolerance = 0.0101;

// The map value → pixel that a drawing used, recovered from two of its points (the smallest and the largest
// value), for checking the other points and other marks against it.
struct AffineMap {
  double v0 = 0, p0 = 0, v1 = 1, p1 = 0;
  double operator()(double v) const { return p0 + (p1 - p0) * (v - v0) / (v1 - v0); }
  double slope() const { return (p1 - p0) / (v1 - v0); }
};

// Checks that pixels[i] is an affine image of values[i] (the same map for every i, its slope of the given sign),
// and returns the map.
AffineMap expect_affine(const std::vector<double>& values, const std::vector<double>& pixels, int sign,
                        const std::string& what) {
  AffineMap m;
  EXPECT_EQ(values.size(), pixels.size()) << what;
  if (values.size() != pixels.size() || values.size() < 2) {
    ADD_FAILURE() << what << ": too few points to check";
    return m;
  }
  const std::size_t lo = static_cast<std::size_t>(std::min_element(values.begin(), values.end()) - values.begin());
  const std::size_t hi = static_cast<std::size_t>(std::max_element(values.begin(), values.end()) - values.begin());
  m = {values[lo], pixels[lo], values[hi], pixels[hi]};
  EXPECT_GT(m.v1, m.v0) << what << ": the data do not vary";
  EXPECT_GT(sign * m.slope(), 0.0) << what << ": the axis runs the wrong way";
  for (std::size_t i = 0; i < values.size(); ++i)
    EXPECT_NEAR(pixels[i], m(values[i]), kPixelTolerance) << what << " point " << i << " (value " << values[i] << ")";
  return m;
}

// The drawn path of one run (the polyline with this title) against the run's steps; the x map (remaining features
// → pixel, all features on the left) and the y map (mean score → pixel, larger up) are returned.
std::pair<AffineMap, AffineMap> expect_path(const std::vector<Element>& all, const std::string& title,
                                            const Run& run) {
  const auto lines = find(all, "polyline", title);
  EXPECT_EQ(lines.size(), 1u) << title;
  if (lines.size() != 1) return {};
  const Points p = points(*lines[0]);
  std::vector<double> n, score;
  for (const Step& s : run.steps) n.push_back(static_cast<double>(s.n_features)), score.push_back(s.score_mean);
  EXPECT_EQ(p.x.size(), run.steps.size()) << title;
  return {expect_affine(n, p.x, -1, title + " x"), expect_affine(score, p.y, -1, title + " y")};
}

// The dashed stop line titled "stop: k selected" of the path panel: vertical, at x(k).
void expect_stop_line(const std::vector<Element>& all, std::size_t k, const AffineMap& x) {
  const auto lines = find(all, "line", "stop: " + std::to_string(k) + " selected");
  ASSERT_GE(lines.size(), 1u);
  const Element& l = *lines[0];  // the path panel's comes first
  EXPECT_EQ(number(l, "x1"), number(l, "x2"));
  EXPECT_NEAR(number(l, "x1"), x(static_cast<double>(k)), kPixelTolerance);
}

TEST(CrfeChart, PathWithStop) {
  const featrel::Dataset data = wine();
  Options o;
  o.n_features_to_select = 5;
  const Result r = run(data, o, crfe_test::context(0, 2));
  EXPECT_EQ(crfe_chart_panels(r), (std::vector<std::string>{"path", "ranking"}));
  const std::string svg = elimination_chart_svg(r, data);
  const auto all = expect_well_formed(svg);
  ASSERT_FALSE(all.empty());
  EXPECT_NE(svg.find("mean β"), std::string::npos);
  EXPECT_NE(svg.find("stop: k = 5"), std::string::npos);
  EXPECT_NE(svg.find("remaining features"), std::string::npos);
  EXPECT_EQ(count(svg, "<polyline"), 1u);
  // The path: one point per step, (|F_t|, mean β) through one affine map per axis.
  ASSERT_EQ(r.runs.size(), 1u);
  ASSERT_EQ(r.runs[0].steps.size(), 12u);  // |F_t| = 13 down to 2 (the last removal leaves 1)
  const auto [x, y] = expect_path(all, "mean β", r.runs[0]);
  expect_stop_line(all, 5, x);
  // A dot on every point of the single run's path.
  const auto main_path = find(all, "polyline", "mean β");
  ASSERT_EQ(main_path.size(), 1u);
  const Points p = points(*main_path[0]);
  std::vector<std::pair<double, double>> dots, expected;
  for (const Element& e : all)
    if (e.name == "circle" && e.attrs.at("fill") == featrel::report::colours::blue)
      dots.emplace_back(number(e, "cx"), number(e, "cy"));
  for (std::size_t i = 0; i < p.x.size(); ++i) expected.emplace_back(p.x[i], p.y[i]);
  EXPECT_EQ(dots, expected);
}

TEST(CrfeChart, RankingPanelNamesEveryFeatureInRankOrder) {
  const featrel::Dataset data = wine();
  Options o;
  o.n_features_to_select = 5;
  const Result r = run(data, o, crfe_test::context(0, 2));
  const std::string svg = elimination_chart_svg(r, data);
  const auto all = expect_well_formed(svg);
  ASSERT_FALSE(all.empty());
  // The names under the ranking bars, left to right, are the ranking (best first).
  std::vector<std::pair<double, std::string>> names;
  for (const Element& e : all)
    if (e.name == "text" && e.attrs.count("transform") && e.attrs.at("transform").find("rotate(60") == 0)
      names.emplace_back(number(e, "x"), e.text);
  std::sort(names.begin(), names.end());
  ASSERT_EQ(names.size(), r.ranking.size());
  for (std::size_t pos = 0; pos < r.ranking.size(); ++pos)
    EXPECT_EQ(names[pos].second, data.feature_names[r.ranking[pos]]) << pos;
  // One bar per feature, the selected five in blue.
  std::size_t blue = 0, bars = 0;
  for (const Element& e : all)
    if (e.name == "rect" && e.attrs.count("fill") && e.title.find(": rank ") != std::string::npos) {
      ++bars;
      blue += e.attrs.at("fill") == featrel::report::colours::blue;
    }
  EXPECT_EQ(bars, data.n_features());
  EXPECT_EQ(blue, 5u);
}

TEST(CrfeChart, RfeSaysImportance) {
  const featrel::Dataset data = wine();
  Options o;
  o.n_features_to_select = 3;
  const Result r = featrel::rfe::run(data, o, crfe_test::context(0, 2));
  const std::string svg = elimination_chart_svg(r, data);
  const auto all = expect_well_formed(svg);
  ASSERT_FALSE(all.empty());
  EXPECT_NE(svg.find("mean squared weight"), std::string::npos);
  EXPECT_NE(svg.find("stop: k = 3"), std::string::npos);
  ASSERT_EQ(r.runs.size(), 1u);
  const auto [x, y] = expect_path(all, "mean squared weight", r.runs[0]);
  expect_stop_line(all, 3, x);
}

TEST(CrfeChart, SweepAddsMetricPanels) {
  const featrel::Dataset data = wine();
  Options o;
  o.sweep = true;
  const Result r = run(data, o, crfe_test::context(0, 2));
  EXPECT_EQ(crfe_chart_panels(r), (std::vector<std::string>{"path", "sweep", "inefficiency", "ranking"}));
  const std::string svg = elimination_chart_svg(r, data);
  const auto all = expect_well_formed(svg);
  ASSERT_FALSE(all.empty());
  EXPECT_NE(svg.find("coverage"), std::string::npos);
  EXPECT_NE(svg.find("certainty"), std::string::npos);
  EXPECT_NE(svg.find("inefficiency"), std::string::npos);
  EXPECT_NE(svg.find("target coverage 1 − ε = 0.9"), std::string::npos);
  const auto [px, py] = expect_path(all, "mean β", r.runs[0]);
  expect_stop_line(all, r.runs[0].stop.n_selected, px);

  // The evaluated sizes in ascending order, each with its first subset's metrics (13 sizes: every k of the path).
  ASSERT_TRUE(r.evaluation.has_value());
  std::map<double, const SubsetEvaluation*> by_size;
  for (const SubsetEvaluation& e : r.evaluation->subsets)
    if (!by_size.count(e.n_features)) by_size[e.n_features] = &e;
  ASSERT_EQ(by_size.size(), 13u);
  std::vector<double> ks, cov, cert, ineff;
  for (const auto& [k, e] : by_size) {
    ks.push_back(k);
    cov.push_back(e->metrics.coverage);
    cert.push_back(e->metrics.certainty);
    ineff.push_back(e->metrics.inefficiency);
  }
  const auto c = find(all, "polyline", "coverage"), ce = find(all, "polyline", "certainty"),
             in = find(all, "polyline", "inefficiency");
  ASSERT_EQ(c.size(), 1u);
  ASSERT_EQ(ce.size(), 1u);
  ASSERT_EQ(in.size(), 1u);
  const Points pc = points(*c[0]), pce = points(*ce[0]), pin = points(*in[0]);
  // One k axis for the three series (largest k on the left), one share axis for coverage and certainty.
  expect_affine(ks, pc.x, -1, "coverage x");
  EXPECT_EQ(pce.x, pc.x);
  EXPECT_EQ(pin.x, pc.x);
  std::vector<double> shares = cov, share_px = pc.y;
  shares.insert(shares.end(), cert.begin(), cert.end());
  share_px.insert(share_px.end(), pce.y.begin(), pce.y.end());
  const AffineMap share = expect_affine(shares, share_px, -1, "coverage and certainty");
  expect_affine(ineff, pin.y, -1, "inefficiency");
  // The dashed target at 1 − ε on the share axis.
  const auto target = find(all, "line", "target coverage 1 − ε = 0.9");
  ASSERT_EQ(target.size(), 1u);
  EXPECT_EQ(number(*target[0], "y1"), number(*target[0], "y2"));
  EXPECT_NEAR(number(*target[0], "y1"), share(0.9), kPixelTolerance);
}

TEST(CrfeChart, RepeatsAddFrequencyBars) {
  const featrel::Dataset data = wine();
  Options o;
  o.repeats = 3;
  o.n_features_to_select = 4;
  const Result r = run(data, o, crfe_test::context(0, 2));
  EXPECT_EQ(crfe_chart_panels(r), (std::vector<std::string>{"path", "frequency"}));
  const std::string svg = elimination_chart_svg(r, data);
  const auto all = expect_well_formed(svg);
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(count(svg, "% of the runs"), data.n_features());  // one bar tooltip per feature
  EXPECT_NE(svg.find("proline"), std::string::npos);
  // One path line per split, all on the same axes.
  ASSERT_EQ(r.runs.size(), 3u);
  const auto [x_first, y_first] = expect_path(all, "run 1", r.runs[0]);
  for (std::size_t i = 1; i < 3; ++i) {
    const auto [x, y] = expect_path(all, "run " + std::to_string(i + 1), r.runs[i]);
    for (double v : {2.0, 13.0}) EXPECT_NEAR(x(v), x_first(v), 2 * kPixelTolerance);
    EXPECT_NEAR(y.slope(), y_first.slope(), 1e-3 * std::abs(y_first.slope()));
  }
  // The bars: consensus-rank order, the frequency in the tooltip, heights proportional to it (at least 1 px), one
  // baseline, blue for the selected features.
  std::vector<const Element*> bars;
  for (const Element& e : all)
    if (e.name == "rect" && e.title.find("% of the runs") != std::string::npos) bars.push_back(&e);
  ASSERT_EQ(bars.size(), r.ranking.size());
  double height_per_unit = 0;
  for (std::size_t pos = 0; pos < bars.size(); ++pos) {
    const auto& f = r.features[r.ranking[pos]];
    ASSERT_TRUE(f.selection_frequency.has_value());
    if (*f.selection_frequency == 1.0) height_per_unit = number(*bars[pos], "height");
  }
  ASSERT_GT(height_per_unit, 0.0) << "no feature selected in every run";
  const double baseline = number(*bars[0], "y") + number(*bars[0], "height");
  for (std::size_t pos = 0; pos < bars.size(); ++pos) {
    const std::size_t j = r.ranking[pos];
    const auto& f = r.features[j];
    const double freq = *f.selection_frequency;
    EXPECT_EQ(bars[pos]->title, data.feature_names[j] + ": selected in " + featrel::format_fixed(freq * 100.0, 0) +
                                    "% of the runs");
    EXPECT_NEAR(number(*bars[pos], "height"), std::max(1.0, freq * height_per_unit), kPixelTolerance) << pos;
    EXPECT_NEAR(number(*bars[pos], "y") + number(*bars[pos], "height"), baseline, kPixelTolerance) << pos;
    EXPECT_EQ(bars[pos]->attrs.at("fill"),
              f.selected ? featrel::report::colours::blue : featrel::report::colours::grey) << pos;
  }
}

// The checker itself: it rejects what is not well formed.
TEST(CrfeChart, TheXmlCheckerRejectsBrokenDocuments) {
  std::string error;
  EXPECT_FALSE(parse_xml("<svg><g></svg></g>", error).size());
  EXPECT_NE(error, "");
  for (const char* bad : {"<svg>", "<svg></svg><svg></svg>", "<svg a=\"1\" a=\"2\"/>", "<svg a=1/>",
                          "<svg>x & y</svg>", "<svg><text>a < b</text></svg>", "<svg a=\"<\"/>", "x<svg/>"}) {
    error.clear();
    EXPECT_TRUE(parse_xml(bad, error).empty()) << bad;
    EXPECT_NE(error, "") << bad;
  }
  error.clear();
  const auto ok = parse_xml("<?xml version=\"1.0\"?>\n<svg w=\"1\"><title>a &amp; b</title><g/></svg>\n", error);
  EXPECT_EQ(error, "");
  ASSERT_EQ(ok.size(), 3u);
  EXPECT_EQ(ok[0].title, "a & b");
}

}  // namespace
