// Formal concept analysis against hand-computed lattices, the interpretation poset (built-in memberships, custom
// files and their errors), and the layered drawing (determinism, layers, coordinates).
#include <gtest/gtest.h>

#include "featrel/pareto_inputs.hpp"
#include "featrel/concept_lattice.hpp"
#include "featrel/error.hpp"

using namespace featrel::pareto;

namespace {

FormalContext make_context(const std::vector<std::string>& objects, const std::vector<std::string>& attributes,
                           const std::vector<std::string>& rows) {
  FormalContext c{objects, attributes, {}};
  for (const auto& r : rows) {
    Bits b(attributes.size());
    for (std::size_t a = 0; a < r.size(); ++a) b[a] = r[a] == '1';
    c.rows.push_back(b);
  }
  return c;
}

std::string bits(const Bits& b) {
  std::string s;
  for (std::size_t i = 0; i < b.size(); ++i) s += b.test(i) ? '1' : '0';
  return s;
}

}  // namespace

TEST(ConceptLattice, HandComputedDiamondWithChain) {
  // Objects 1..3, attributes a b c:  1 = {a, b}, 2 = {b, c}, 3 = {b}.
  // Concepts (intents in lectic order, a most significant): {b} ext 123; {b,c} ext 2; {a,b} ext 1; {a,b,c} ext ∅.
  const auto ctx = make_context({"o1", "o2", "o3"}, {"a", "b", "c"}, {"110", "011", "010"});
  const Lattice l = concept_lattice(ctx);
  ASSERT_EQ(l.concepts.size(), 4u);
  EXPECT_EQ(bits(l.concepts[0].intent), "010");
  EXPECT_EQ(bits(l.concepts[0].extent), "111");
  EXPECT_EQ(bits(l.concepts[1].intent), "011");
  EXPECT_EQ(bits(l.concepts[1].extent), "010");
  EXPECT_EQ(bits(l.concepts[2].intent), "110");
  EXPECT_EQ(bits(l.concepts[2].extent), "100");
  EXPECT_EQ(bits(l.concepts[3].intent), "111");
  EXPECT_EQ(bits(l.concepts[3].extent), "000");
  const std::vector<std::pair<std::size_t, std::size_t>> covers{{1, 0}, {2, 0}, {3, 1}, {3, 2}};
  EXPECT_EQ(l.covers, covers);
  // o3 has exactly the top intent: its object concept is the top; b is introduced there too.
  EXPECT_EQ(l.object_concept, (std::vector<std::size_t>{2, 1, 0}));
  EXPECT_EQ(l.attribute_concept, (std::vector<std::size_t>{2, 0, 1}));
}

TEST(ConceptLattice, ChainAndBooleanLattice) {
  // A chain: rows nested. 1 = {a}, 2 = {a, b}, 3 = {a, b, c} → 3 concepts, top to bottom.
  const Lattice chain = concept_lattice(make_context({"1", "2", "3"}, {"a", "b", "c"}, {"100", "110", "111"}));
  ASSERT_EQ(chain.concepts.size(), 3u);
  EXPECT_EQ((std::vector<int>{chain.concepts[0].layer, chain.concepts[1].layer, chain.concepts[2].layer}),
            (std::vector<int>{0, 1, 2}));
  // The contranominal scale of size 3 (object i lacks attribute i) gives the Boolean lattice of 8 concepts and
  // 12 covers.
  const Lattice boolean = concept_lattice(make_context({"1", "2", "3"}, {"a", "b", "c"}, {"011", "101", "110"}));
  EXPECT_EQ(boolean.concepts.size(), 8u);
  EXPECT_EQ(boolean.covers.size(), 12u);
  // NextClosure's lectic order: intents ∅, c, b, bc, a, ac, ab, abc.
  std::vector<std::string> intents;
  for (const auto& c : boolean.concepts) intents.push_back(bits(c.intent));
  EXPECT_EQ(intents, (std::vector<std::string>{"000", "001", "010", "011", "100", "101", "110", "111"}));
}

TEST(TermPoset, BuiltinMemberships) {
  const TermPoset p = TermPoset::builtin();
  ASSERT_EQ(p.size(), 17u);
  EXPECT_EQ(p.terms().front(), "Sensitivity");
  EXPECT_EQ(p.terms().back(), "Classification");
  auto up_names = [&](const std::string& t) {
    std::vector<std::string> out;
    const Bits u = p.up(*p.find(t));
    for (std::size_t i = 0; i < p.size(); ++i)
      if (u.test(i)) out.push_back(p.terms()[i]);
    return out;
  };
  EXPECT_EQ(up_names("Sensitivity"), (std::vector<std::string>{"Sensitivity", "Prediction", "Classification"}));
  EXPECT_EQ(up_names("FDR"), (std::vector<std::string>{"FDR", "Correctness", "Classification"}));
  EXPECT_EQ(up_names("MCC"), (std::vector<std::string>{"MCC", "Discrimination", "Classification"}));
  EXPECT_EQ(up_names("LR-"), (std::vector<std::string>{"LR-", "Discrimination", "Classification"}));
  EXPECT_EQ(p.terms()[*p.term_of_measure("for")], "FOR");
  EXPECT_EQ(p.terms()[*p.term_of_measure("fscore")], "FScore");
}

TEST(TermPoset, CustomFileAndErrors) {
  const TermPoset p = TermPoset::from_spec(
      featrel::pareto::parse_poset_json(R"({"terms": ["Recall", "Useful"], "parents": {"Recall": ["Useful"]},
                                            "measure_terms": {"sensitivity": "Recall"}})", "p.json"), "p.json");
  EXPECT_EQ(p.terms()[*p.term_of_measure("sensitivity")], "Recall");
  EXPECT_TRUE(p.up(0).test(1));
  auto message = [](const char* text) {
    try {
      TermPoset::from_spec(featrel::pareto::parse_poset_json(text, "p.json"), "p.json");
    } catch (const featrel::InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message(R"({"terms": ["A", "B"], "parents": {"A": ["B"], "B": ["A"]}, "measure_terms": {}})")
                .find("cycle A -> B -> A"),
            std::string::npos);
  EXPECT_NE(message(R"({"terms": ["A"], "parents": {"A": ["Z"]}, "measure_terms": {}})").find("undeclared parent 'Z'"),
            std::string::npos);
  EXPECT_NE(message(R"({"terms": ["A"], "parents": {}, "measure_terms": {"accuracy": "Q"}})")
                .find("measure 'accuracy' maps to an undeclared term"),
            std::string::npos);
  EXPECT_NE(message(R"({"terms": ["A"], "parents": {}})").find("missing field 'measure_terms'"), std::string::npos);
}

TEST(LatticeLayout, LayersSlotsAndVirtualNodes) {
  // x = {a}, long_feature_name = {a, b}: the chain {a} (both) > {a, b} (long_feature_name) > {a, b, c} (none).
  const auto ctx = make_context({"x", "long_feature_name"}, {"a", "b", "c"}, {"100", "110"});
  const Lattice l = concept_lattice(ctx);
  const LatticeDrawing d = lattice_layout(l, ctx, false);
  ASSERT_EQ(d.nodes.size(), l.concepts.size());
  for (const auto& n : d.nodes) EXPECT_DOUBLE_EQ(n.y, 60.0 + 120.0 * n.layer);
  // Slot width max(90, 7·17 + 20) = 139 for the node introducing "long_feature_name".
  EXPECT_GE(d.width, 139.0);
  // Same input, same drawing.
  const LatticeDrawing again = lattice_layout(l, ctx, false);
  for (std::size_t i = 0; i < d.nodes.size(); ++i) EXPECT_EQ(d.nodes[i].x, again.nodes[i].x);
  // AOC keeps only introducers: all three here (the bottom introduces c).
  const LatticeDrawing aoc = lattice_layout(l, ctx, true);
  EXPECT_EQ(aoc.nodes.size(), 3u);
  EXPECT_EQ(aoc.edges.size(), 2u);
  // Without c the bottom introduces nothing and disappears from the AOC view.
  const auto ctx2 = make_context({"x", "y"}, {"a", "b", "c"}, {"110", "101"});
  const Lattice l2 = concept_lattice(ctx2);
  ASSERT_EQ(l2.concepts.size(), 4u);
  EXPECT_EQ(lattice_layout(l2, ctx2, true).nodes.size(), 3u);
}
