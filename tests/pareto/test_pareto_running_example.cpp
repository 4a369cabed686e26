// The paper's running example end to end (docs/pareto.md#exact-cases E2–E4): front, layers, B sets, every M(f), the
// formal context with the corrected f1 row (docs/pareto.md#departures-from-the-references item 5), the concepts in NextClosure order, covers, introducers,
// layers, the DOT golden file and the text summary; depth 2 (E3) and ties (E4).
#include <gtest/gtest.h>

#include <fstream>
#include <numeric>
#include <sstream>

#include "pareto_test_util.hpp"

using namespace featrel::pareto;
using namespace featrel::pareto::test;

namespace {

using Sets = std::vector<CritSet>;
using Names = std::vector<std::string>;

std::size_t index_of(const Result& r, const std::string& name) {
  for (std::size_t j = 0; j < r.feature_names.size(); ++j)
    if (r.feature_names[j] == name) return j;
  throw std::runtime_error("no feature " + name);
}

Names extent_names(const Result& r, const Concept& c) {
  Names out;
  for (std::size_t o = 0; o < c.extent.size(); ++o)
    if (c.extent.test(o)) out.push_back(r.context.objects[o]);
  return out;
}

Names intent_names(const Result& r, const Concept& c) {
  Names out;
  for (std::size_t a = 0; a < c.intent.size(); ++a)
    if (c.intent.test(a)) out.push_back(r.context.attributes[a]);
  return out;
}

}  // namespace

TEST(ParetoRunningExample, FrontLayersAndDominators) {
  const Result r = analyse(running_example(), {});
  EXPECT_EQ(names(r.front, r.feature_names), (Names{"f1", "f2", "f4", "f5"}));
  ASSERT_EQ(r.layers.size(), 2u);
  EXPECT_EQ(names(r.layers[1], r.feature_names), (Names{"f3"}));
  EXPECT_EQ(names(r.features[index_of(r, "f3")].dominated_by, r.feature_names), (Names{"f1", "f2"}));
  EXPECT_EQ(r.tie_count, 0u);  // the paper: no ties
}

TEST(ParetoRunningExample, LongDominatorListsKeepTheLowestLayers) {
  // A chain of 150 features (feature j scores j on both criteria, lower is better): feature j is dominated by the
  // j features before it and lies in layer j + 1. Up to 100 dominators are listed in full; feature 149 lists the
  // 100 of the lowest layers (f0…f99) and counts all 149.
  std::string csv = "criterion";
  for (int j = 0; j < 150; ++j) csv += ",f" + std::to_string(j);
  for (const char* crit : {"RF:accuracy", "RF:sensitivity"}) {
    csv += std::string("\n") + crit;
    for (int j = 0; j < 150; ++j) csv += "," + std::to_string(j);  // impact j: a larger rise under permutation, less important
  }
  const Result r = analyse(parse_impact_table(csv + "\n", "chain"), {});
  ASSERT_EQ(r.features.size(), 150u);
  EXPECT_EQ(r.features[149].layer, 150);
  EXPECT_EQ(r.features[100].n_dominated_by, 100u);
  EXPECT_EQ(r.features[100].dominated_by.size(), 100u);
  EXPECT_EQ(r.features[149].n_dominated_by, 149u);
  std::vector<std::size_t> first(100);
  std::iota(first.begin(), first.end(), std::size_t{0});
  EXPECT_EQ(r.features[149].dominated_by, first);
  EXPECT_TRUE(r.features[0].dominated_by.empty());
}

TEST(ParetoRunningExample, BetterSetsMatchThePaper) {
  const DominanceTable t(running_example().values);
  // 0-based features: f1 = 0, f2 = 1, f4 = 3, f5 = 4.
  EXPECT_EQ(t.better(0, 1), crit({1, 5, 6}));
  EXPECT_EQ(t.better(0, 3), crit({2, 3, 5, 6}));
  EXPECT_EQ(t.better(0, 4), crit({1, 2, 3, 4}));
  EXPECT_EQ(t.better(1, 0), crit({2, 3, 4}));
  EXPECT_EQ(t.better(3, 0), crit({1, 4}));
  EXPECT_EQ(t.better(3, 1), crit({1, 4}));
  EXPECT_EQ(t.better(4, 0), crit({5, 6}));
  EXPECT_EQ(t.better(4, 1), crit({5, 6}));
}

TEST(ParetoRunningExample, MinimalCriteriaSetsEqualThePaper) {
  const Result r = analyse(running_example(), {});
  const Sets m1{crit({1, 2}), crit({1, 3}), crit({1, 5}), crit({1, 6}), crit({2, 5}),
                crit({2, 6}), crit({3, 5}), crit({3, 6}), crit({4, 5}), crit({4, 6})};
  EXPECT_EQ(r.features[0].minimal_sets, m1);
  EXPECT_EQ(r.features[1].minimal_sets, (Sets{crit({2}), crit({3}), crit({4, 5}), crit({4, 6})}));
  EXPECT_EQ(r.features[3].minimal_sets, (Sets{crit({1}), crit({4})}));
  EXPECT_EQ(r.features[4].minimal_sets, (Sets{crit({5}), crit({6})}));
  EXPECT_TRUE(r.features[2].minimal_sets.empty());  // f3 is not important
  // Brute force agrees.
  const DominanceTable t(running_example().values);
  const auto brute = enumerate_minimal_sets(t, 1, 1000);
  for (std::size_t f : {0, 1, 3, 4}) EXPECT_EQ(brute[f].sets, r.features[f].minimal_sets) << "f" << f + 1;
}

TEST(ParetoRunningExample, ContextWithCorrectedRowOfF1) {
  const Result r = analyse(running_example(), {});
  EXPECT_EQ(r.context.attributes,
            (Names{"Sensitivity", "Specificity", "Accuracy", "Prediction", "Discrimination", "Classification"}));
  EXPECT_EQ(r.context.objects, (Names{"f1", "f2", "f4", "f5"}));
  const Names predictive{"Sensitivity", "Specificity", "Prediction", "Classification"};
  // docs/pareto.md#departures-from-the-references item 5: {c2,c5} gives Sensitivity and {c3,c6} Specificity, so f1's row is not the printed {Classification}.
  EXPECT_EQ(term_names(r, r.features[0].terms), predictive);
  EXPECT_EQ(term_names(r, r.features[1].terms), predictive);
  EXPECT_EQ(term_names(r, r.features[4].terms), predictive);
  EXPECT_EQ(term_names(r, r.features[3].terms), (Names{"Accuracy", "Discrimination", "Classification"}));
  EXPECT_EQ(term_names(r, r.features[0].most_specific_terms), (Names{"Sensitivity", "Specificity"}));
  EXPECT_EQ(term_names(r, r.features[3].most_specific_terms), (Names{"Accuracy"}));
  EXPECT_EQ(r.features[0].reading, "predictive of both classes");
  EXPECT_EQ(r.features[3].reading, "discriminant");
}

TEST(ParetoRunningExample, LatticeInNextClosureOrder) {
  const Result r = analyse(running_example(), {});
  const auto& cs = r.lattice.concepts;
  ASSERT_EQ(cs.size(), 4u);
  EXPECT_EQ(extent_names(r, cs[0]), (Names{"f1", "f2", "f4", "f5"}));
  EXPECT_EQ(intent_names(r, cs[0]), (Names{"Classification"}));
  EXPECT_EQ(extent_names(r, cs[1]), (Names{"f4"}));
  EXPECT_EQ(intent_names(r, cs[1]), (Names{"Accuracy", "Discrimination", "Classification"}));
  EXPECT_EQ(extent_names(r, cs[2]), (Names{"f1", "f2", "f5"}));
  EXPECT_EQ(intent_names(r, cs[2]), (Names{"Sensitivity", "Specificity", "Prediction", "Classification"}));
  EXPECT_TRUE(extent_names(r, cs[3]).empty());
  EXPECT_EQ(intent_names(r, cs[3]).size(), 6u);
  const std::vector<std::pair<std::size_t, std::size_t>> covers{{1, 0}, {2, 0}, {3, 1}, {3, 2}};
  EXPECT_EQ(r.lattice.covers, covers);
  EXPECT_EQ(cs[0].introduced_objects.size(), 0u);
  EXPECT_EQ(names(cs[0].introduced_attributes, r.context.attributes), (Names{"Classification"}));
  EXPECT_EQ(names(cs[1].introduced_objects, r.context.objects), (Names{"f4"}));
  EXPECT_EQ(names(cs[1].introduced_attributes, r.context.attributes), (Names{"Accuracy", "Discrimination"}));
  EXPECT_EQ(names(cs[2].introduced_objects, r.context.objects), (Names{"f1", "f2", "f5"}));
  EXPECT_EQ(names(cs[2].introduced_attributes, r.context.attributes),
            (Names{"Sensitivity", "Specificity", "Prediction"}));
  EXPECT_TRUE(cs[3].introduced_objects.empty() && cs[3].introduced_attributes.empty());
  EXPECT_EQ((std::vector<int>{cs[0].layer, cs[1].layer, cs[2].layer, cs[3].layer}), (std::vector<int>{0, 1, 1, 2}));
  EXPECT_EQ(r.features[3].object_concept, std::optional<std::size_t>(1));
  EXPECT_EQ(r.features[0].object_concept, std::optional<std::size_t>(2));
  EXPECT_FALSE(r.features[2].object_concept.has_value());
}

TEST(ParetoRunningExample, DotMatchesGoldenFile) {
  const Result r = analyse(running_example(), {});
  std::ifstream in(fixture("running_example.dot"));
  std::stringstream golden;
  golden << in.rdbuf();
  EXPECT_EQ(lattice_dot(r), golden.str());
}

TEST(ParetoRunningExample, SvgMatchesGoldenFile) {
  const Result r = analyse(running_example(), {});
  std::ifstream in(fixture("running_example.svg"));
  std::stringstream golden;
  golden << in.rdbuf();
  const std::string svg = lattice_svg(r);
  EXPECT_EQ(svg, golden.str());
  // Layered layout of docs/pareto.md#text-dot-and-svg-output: y = 60 + 120·layer; the terms take the paper's colours.
  EXPECT_NE(svg.find("cy=\"60\""), std::string::npos);
  EXPECT_NE(svg.find("cy=\"300\""), std::string::npos);
  EXPECT_NE(svg.find("fill=\"#c0392b\">Accuracy</text>"), std::string::npos);
  EXPECT_NE(svg.find("fill=\"#1f4fb4\">Sensitivity</text>"), std::string::npos);
  EXPECT_NE(svg.find(">f1, f2, f5</text>"), std::string::npos);
}

TEST(ParetoRunningExample, SummaryText) {
  const Result r = analyse(running_example(), {});
  const std::string s = summary_text(r);
  const std::string expected =
      "Pareto front: 4 of 5 features (depth 1); layers: L1 = f1 f2 f4 f5 | L2 = f3\n"
      "  f1  Sensitivity, Specificity  |M| = 10  predictive of both classes\n"
      "  f2  Sensitivity, Specificity  |M| = 4   predictive of both classes\n"
      "  f4  Accuracy                  |M| = 2   discriminant\n"
      "  f5  Sensitivity, Specificity  |M| = 2   predictive of both classes\n"
      "Lattice: 4 concepts, 4 covers\n";
  EXPECT_NE(s.find(expected), std::string::npos) << s;
}

TEST(ParetoRunningExample, DepthTwo) {
  AnalysisOptions o;
  o.depth = 2;
  const Result r = analyse(running_example(), o);
  EXPECT_EQ(names(r.important(), r.feature_names), (Names{"f1", "f2", "f3", "f4", "f5"}));
  EXPECT_EQ(r.features[0].minimal_sets, (Sets{crit({1}), crit({2}), crit({3}), crit({5}), crit({6})}));
  EXPECT_EQ(r.features[1].minimal_sets, (Sets{crit({2}), crit({3}), crit({4}), crit({1, 5}), crit({1, 6})}));
  EXPECT_EQ(r.features[2].minimal_sets, (Sets{crit({1, 3}), crit({2, 5}), crit({2, 6}), crit({3, 5}), crit({3, 6}),
                                              crit({4, 5}), crit({4, 6})}));
  EXPECT_EQ(r.features[3].minimal_sets, (Sets{crit({1}), crit({4}), crit({2, 6}), crit({3, 6})}));
  EXPECT_EQ(r.features[4].minimal_sets, (Sets{crit({5}), crit({6}), crit({1, 2}), crit({1, 3})}));
  const Names all6{"Sensitivity", "Specificity", "Accuracy", "Prediction", "Discrimination", "Classification"};
  const Names pred{"Sensitivity", "Specificity", "Prediction", "Classification"};
  EXPECT_EQ(term_names(r, r.features[0].terms), all6);
  EXPECT_EQ(term_names(r, r.features[1].terms), all6);
  EXPECT_EQ(term_names(r, r.features[2].terms), pred);
  EXPECT_EQ(term_names(r, r.features[4].terms), pred);
  EXPECT_EQ(term_names(r, r.features[3].terms),
            (Names{"Specificity", "Accuracy", "Prediction", "Discrimination", "Classification"}));
  const auto& cs = r.lattice.concepts;
  ASSERT_EQ(cs.size(), 4u);
  EXPECT_EQ(extent_names(r, cs[0]), (Names{"f1", "f2", "f3", "f4", "f5"}));
  EXPECT_EQ(intent_names(r, cs[0]), (Names{"Specificity", "Prediction", "Classification"}));
  EXPECT_EQ(extent_names(r, cs[1]), (Names{"f1", "f2", "f4"}));
  EXPECT_EQ(intent_names(r, cs[1]), (Names{"Specificity", "Accuracy", "Prediction", "Discrimination", "Classification"}));
  EXPECT_EQ(extent_names(r, cs[2]), (Names{"f1", "f2", "f3", "f5"}));
  EXPECT_EQ(intent_names(r, cs[2]), (Names{"Sensitivity", "Specificity", "Prediction", "Classification"}));
  EXPECT_EQ(extent_names(r, cs[3]), (Names{"f1", "f2"}));
  EXPECT_EQ(intent_names(r, cs[3]), all6);
  const std::vector<std::pair<std::size_t, std::size_t>> covers{{1, 0}, {2, 0}, {3, 1}, {3, 2}};
  EXPECT_EQ(r.lattice.covers, covers);
}

TEST(ParetoTies, StrictDominanceKeepsTwinsAndHandlesNonMonotoneFamilies) {
  const Result r = analyse(read_impact_table(fixture("ties_example.csv")), {});
  EXPECT_EQ(names(r.front, r.feature_names), (Names{"a", "b", "d"}));
  EXPECT_EQ(names(r.features[3].dominated_by, r.feature_names), (Names{"a", "b", "d"}));
  EXPECT_EQ(r.features[0].minimal_sets, (Sets{crit({1}), crit({3})}));
  EXPECT_EQ(r.features[1].minimal_sets, (Sets{crit({1}), crit({2})}));
  EXPECT_EQ(r.features[2].minimal_sets, (Sets{crit({1}), crit({2})}));
  const DominanceTable t(read_impact_table(fixture("ties_example.csv")).values);
  EXPECT_TRUE(t.on_front(0, crit({1})));
  EXPECT_FALSE(t.on_front(0, crit({1, 2})));
  EXPECT_TRUE(t.on_front(3, crit({1})));
  EXPECT_EQ(term_names(r, r.features[0].terms),
            (Names{"Specificity", "Accuracy", "Prediction", "Discrimination", "Classification"}));
  const Names bd{"Sensitivity", "Accuracy", "Prediction", "Discrimination", "Classification"};
  EXPECT_EQ(term_names(r, r.features[1].terms), bd);
  EXPECT_EQ(term_names(r, r.features[2].terms), bd);
  EXPECT_EQ(r.features[0].reading, "predictive of the negative class; discriminant");
}

TEST(ParetoTies, ToleranceGridMergesNearValues) {
  ImpactTable t = running_example();
  AnalysisOptions o;
  o.tie_tolerance = 0.05;  // every value rounds to 0 except -0.18 (→ -4) and 0.04 (→ 1)
  const Result r = analyse(t, o);
  // On the grid f2 is strictly best on c3 and equal elsewhere except f3's c1: only f2 survives.
  EXPECT_EQ(names(r.front, r.feature_names), (Names{"f2"}));
}
