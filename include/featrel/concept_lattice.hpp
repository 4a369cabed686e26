// The interpretation poset, formal contexts and concept lattices of featrel pareto (docs/pareto.md#interpretation-poset-and-context to #text-dot-and-svg-output).
//
// A TermPoset says what a performance measure means (Sensitivity ≤ Prediction ≤ Classification, …); a
// FormalContext relates objects (important features) to attributes (terms); concept_lattice enumerates all
// formal concepts with Ganter's NextClosure in lectic order, computes the cover relation and the introducer
// concepts, and lattice_layout places the concepts on layers for drawing (the SVG writer draws from these
// coordinates, so a picture is a pure function of the lattice). Generic FCA: nothing here knows about impacts.
#pragma once

#include <boost/dynamic_bitset.hpp>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "featrel/report.hpp"

namespace featrel::pareto {

using Bits = boost::dynamic_bitset<>;

// A custom poset as its file states it, names unresolved (read by parse_poset_json, featrel/pareto_inputs.hpp).
struct PosetSpec {
  std::vector<std::string> terms;
  std::vector<std::pair<std::string, std::vector<std::string>>> parents;  // term → its parent terms, file order
  std::vector<std::pair<std::string, std::string>> measure_terms;         // measure key → term, file order
};

// A partial order of interpretation terms given by parent links (a term's parents are more general terms).
class TermPoset {
 public:
  // The default poset: the 13 measure terms of Table I with their parents Prediction, Correctness and
  // Discrimination, all three under Classification; declared order as in docs/pareto.md#interpretation-poset-and-context; measure keys mapped to terms.
  static TermPoset builtin();
  // The poset a file describes. InputError (starting with "pareto: " and naming `source`) for an undeclared term, a
  // duplicate term or a cycle.
  static TermPoset from_spec(const PosetSpec& spec, const std::string& source);

  // Appends a term with the given parents (which must exist); InputError if the name is already declared.
  void add_term(const std::string& name, const std::vector<std::string>& parents = {});

  std::size_t size() const { return terms_.size(); }
  const std::vector<std::string>& terms() const { return terms_; }
  const std::vector<std::vector<std::size_t>>& parents() const { return parents_; }
  const std::map<std::string, std::string>& measure_terms() const { return measure_terms_; }
  std::optional<std::size_t> find(const std::string& term) const;
  // The term a measure key maps to, if any.
  std::optional<std::size_t> term_of_measure(const std::string& key) const;
  // up(t): t and all its ancestors, as a mask over the terms.
  Bits up(std::size_t t) const;
  // Whether `ancestor` ∈ up(t).
  bool is_below_or_equal(std::size_t t, std::size_t ancestor) const { return up(t).test(ancestor); }
  // The minimal elements of a set of terms (the most specific ones), in declared order.
  std::vector<std::size_t> minimal(const Bits& set) const;

  report::Json to_json() const;

 private:
  void check_acyclic(const std::string& source) const;

  std::vector<std::string> terms_;
  std::vector<std::vector<std::size_t>> parents_;
  std::map<std::string, std::string> measure_terms_;
};

struct FormalContext {
  std::vector<std::string> objects;
  std::vector<std::string> attributes;
  std::vector<Bits> rows;  // one per object, over the attributes
};

struct Concept {
  Bits extent;  // over the objects
  Bits intent;  // over the attributes
  std::vector<std::size_t> introduced_objects;     // objects whose object concept this is
  std::vector<std::size_t> introduced_attributes;  // attributes whose attribute concept this is
  int layer = 0;                                    // longest cover path from the top concept
  double x = 0, y = 0;                              // drawing coordinates (lattice_layout)
};

struct Lattice {
  std::vector<Concept> concepts;                              // NextClosure order; 0 = top
  std::vector<std::pair<std::size_t, std::size_t>> covers;    // (lower, upper), sorted
  std::vector<std::size_t> object_concept;                     // per object
  std::vector<std::size_t> attribute_concept;                  // per attribute
};

// All concepts (NextClosure on intents, attribute 0 most significant), covers (naive, by extents), introducers
// and layers. Coordinates are left at 0; see lattice_layout.
Lattice concept_lattice(const FormalContext& context);

// The drawing of a lattice or of part of it: nodes with their labels, layers and coordinates, and the edges
// as polylines through virtual nodes.
struct LatticeDrawing {
  struct Node {
    std::size_t concept_id = 0;
    std::vector<std::string> terms;     // introduced attributes (drawn above)
    std::vector<std::string> features;  // introduced objects
    std::vector<std::string> feature_lines;  // the features joined by ", " and wrapped (drawn below)
    int layer = 0;
    double x = 0, y = 0;
  };
  std::vector<Node> nodes;
  std::vector<std::vector<std::pair<double, double>>> edges;  // polylines, lower end first
  double width = 0, height = 0;
};

// Layered layout of docs/pareto.md#text-dot-and-svg-output: layers by longest path from the top, virtual nodes on long edges, 12 barycentre
// sweeps keeping the ordering with the fewest crossings, slots of width max(90, 7·longest label + 20) px
// (virtual 20 px), layers centred, y = 60 + 120·layer; coordinates rounded to one decimal. `aoc` keeps only
// concepts that introduce an object or an attribute, ordered by the transitive reduction of extent inclusion.
LatticeDrawing lattice_layout(const Lattice& lattice, const FormalContext& context, bool aoc);

}  // namespace featrel::pareto
