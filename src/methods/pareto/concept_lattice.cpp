// Formal concepts by NextClosure, the cover relation, introducer concepts and concept layers
// (docs/pareto.md#concepts-and-covers).
#include <algorithm>
#include <stdexcept>

#include "featrel/concept_lattice.hpp"

namespace featrel::pareto {
namespace {

struct Derivation {
  const FormalContext& context;
  std::size_t n_attr;

  // B' : the objects having every attribute of B.
  Bits extent_of(const Bits& intent) const {
    Bits out(context.objects.size());
    for (std::size_t o = 0; o < context.rows.size(); ++o)
      if (intent.is_subset_of(context.rows[o])) out.set(o);
    return out;
  }
  // A' : the attributes shared by every object of A (all attributes when A is empty).
  Bits intent_of(const Bits& extent) const {
    Bits out(n_attr);
    out.set();
    for (std::size_t o = 0; o < context.rows.size(); ++o)
      if (extent.test(o)) out &= context.rows[o];
    return out;
  }
  Bits closure(const Bits& intent) const { return intent_of(extent_of(intent)); }
};

}  // namespace

Lattice concept_lattice(const FormalContext& context) {
  const std::size_t n_attr = context.attributes.size(), n_obj = context.objects.size();
  if (context.rows.size() != n_obj) throw std::invalid_argument("concept_lattice: one row per object expected");
  for (const Bits& r : context.rows)
    if (r.size() != n_attr) throw std::invalid_argument("concept_lattice: row size differs from attribute count");
  const Derivation d{context, n_attr};

  Lattice lat;
  // NextClosure (Ganter): intents in lectic order with attribute 0 the most significant.
  Bits a = d.closure(Bits(n_attr));
  for (;;) {
    Concept c;
    c.intent = a;
    c.extent = d.extent_of(a);
    lat.concepts.push_back(std::move(c));
    if (a.count() == n_attr) break;
    bool advanced = false;
    for (std::size_t i = n_attr; i-- > 0;) {
      if (a.test(i)) continue;
      Bits prefix(n_attr);  // attributes 0..i-1 of a
      for (std::size_t j = 0; j < i; ++j) prefix[j] = a[j];
      Bits b = prefix;
      b.set(i);
      const Bits closed = d.closure(b);
      bool canonical = true;
      for (std::size_t j = 0; j < i && canonical; ++j) canonical = closed[j] == a[j];
      if (canonical) {
        a = closed;
        advanced = true;
        break;
      }
    }
    if (!advanced) break;
  }

  const std::size_t n = lat.concepts.size();
  auto proper_subset = [&](std::size_t x, std::size_t y) {
    return lat.concepts[x].extent.is_proper_subset_of(lat.concepts[y].extent);
  };
  for (std::size_t lo = 0; lo < n; ++lo)
    for (std::size_t up = 0; up < n; ++up) {
      if (!proper_subset(lo, up)) continue;
      bool between = false;
      for (std::size_t k = 0; k < n && !between; ++k) between = proper_subset(lo, k) && proper_subset(k, up);
      if (!between) lat.covers.emplace_back(lo, up);
    }

  // Layers: longest cover path from the top, processing concepts by decreasing extent size.
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return lat.concepts[x].extent.count() > lat.concepts[y].extent.count();
  });
  for (std::size_t u : order)
    for (const auto& [lo, up] : lat.covers)
      if (up == u) lat.concepts[lo].layer = std::max(lat.concepts[lo].layer, lat.concepts[u].layer + 1);

  lat.object_concept.assign(n_obj, 0);
  for (std::size_t o = 0; o < n_obj; ++o)
    for (std::size_t k = 0; k < n; ++k)
      if (lat.concepts[k].intent == context.rows[o]) {
        lat.object_concept[o] = k;
        lat.concepts[k].introduced_objects.push_back(o);
        break;
      }
  lat.attribute_concept.assign(n_attr, 0);
  for (std::size_t t = 0; t < n_attr; ++t) {
    Bits single(n_attr);
    single.set(t);
    const Bits ext = d.extent_of(single);
    for (std::size_t k = 0; k < n; ++k)
      if (lat.concepts[k].extent == ext) {
        lat.attribute_concept[t] = k;
        lat.concepts[k].introduced_attributes.push_back(t);
        break;
      }
  }
  return lat;
}

}  // namespace featrel::pareto
