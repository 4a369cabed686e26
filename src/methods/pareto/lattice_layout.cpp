// Layered drawing of a concept lattice (docs/pareto.md#text-dot-and-svg-output): longest-path layers, virtual nodes on long
// edges, barycentre sweeps that keep the ordering with the fewest crossings, and slot-based coordinates.
#include <algorithm>
#include <cmath>

#include "featrel/concept_lattice.hpp"

namespace featrel::pareto {
namespace {

constexpr int sweeps = 12;
constexpr double virtual_width = 20;
constexpr std::size_t feature_line_chars = 30;

double one_decimal(double v) { return std::round(v * 10.0) / 10.0; }

// Feature names joined by ", " and wrapped into lines of at most feature_line_chars characters (a longer name
// keeps a line of its own), so that a concept introducing many features stays compact.
std::vector<std::string> wrap_features(const std::vector<std::string>& names) {
  std::vector<std::string> lines;
  std::string line;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string piece = names[i] + (i + 1 < names.size() ? "," : "");
    if (!line.empty() && report::display_width(line) + 1 + report::display_width(piece) > feature_line_chars) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + piece;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

struct Graph {
  std::vector<int> layer;                        // per node (real first, then virtual)
  std::vector<bool> is_virtual;
  std::vector<double> width;
  std::vector<std::pair<std::size_t, std::size_t>> links;  // (lower, upper) between adjacent layers
};

std::size_t crossings(const std::vector<std::vector<std::size_t>>& order, const Graph& g) {
  std::vector<std::size_t> pos(g.layer.size());
  for (const auto& layer : order)
    for (std::size_t i = 0; i < layer.size(); ++i) pos[layer[i]] = i;
  std::size_t count = 0;
  for (std::size_t a = 0; a < g.links.size(); ++a)
    for (std::size_t b = a + 1; b < g.links.size(); ++b) {
      const auto [l1, u1] = g.links[a];
      const auto [l2, u2] = g.links[b];
      if (g.layer[l1] != g.layer[l2]) continue;
      const bool lower_before = pos[l1] < pos[l2], upper_before = pos[u1] < pos[u2];
      if (pos[l1] != pos[l2] && pos[u1] != pos[u2] && lower_before != upper_before) ++count;
    }
  return count;
}

}  // namespace

LatticeDrawing lattice_layout(const Lattice& lattice, const FormalContext& context, bool aoc) {
  // Which concepts are drawn and which pairs are linked.
  std::vector<std::size_t> ids;
  for (std::size_t k = 0; k < lattice.concepts.size(); ++k) {
    const Concept& c = lattice.concepts[k];
    if (!aoc || !c.introduced_objects.empty() || !c.introduced_attributes.empty()) ids.push_back(k);
  }
  const std::size_t n_real = ids.size();
  std::vector<std::pair<std::size_t, std::size_t>> edges;  // (lower, upper) as positions in ids
  if (!aoc) {
    std::vector<std::size_t> where(lattice.concepts.size());
    for (std::size_t i = 0; i < n_real; ++i) where[ids[i]] = i;
    for (const auto& [lo, up] : lattice.covers) edges.emplace_back(where[lo], where[up]);
  } else {
    // Transitive reduction of extent inclusion among the drawn concepts.
    auto below = [&](std::size_t a, std::size_t b) {
      return lattice.concepts[ids[a]].extent.is_proper_subset_of(lattice.concepts[ids[b]].extent);
    };
    for (std::size_t a = 0; a < n_real; ++a)
      for (std::size_t b = 0; b < n_real; ++b) {
        if (!below(a, b)) continue;
        bool between = false;
        for (std::size_t k = 0; k < n_real && !between; ++k) between = below(a, k) && below(k, b);
        if (!between) edges.emplace_back(a, b);
      }
  }

  LatticeDrawing out;
  out.nodes.resize(n_real);
  Graph g;
  g.layer.assign(n_real, 0);
  g.is_virtual.assign(n_real, false);
  g.width.assign(n_real, 0);
  // Layers: longest path from the top (drawn nodes by decreasing extent size).
  std::vector<std::size_t> order(n_real);
  for (std::size_t i = 0; i < n_real; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return lattice.concepts[ids[a]].extent.count() > lattice.concepts[ids[b]].extent.count();
  });
  for (std::size_t u : order)
    for (const auto& [lo, up] : edges)
      if (up == u) g.layer[lo] = std::max(g.layer[lo], g.layer[u] + 1);

  for (std::size_t i = 0; i < n_real; ++i) {
    const Concept& c = lattice.concepts[ids[i]];
    auto& node = out.nodes[i];
    node.concept_id = ids[i];
    node.layer = g.layer[i];
    for (std::size_t t : c.introduced_attributes) node.terms.push_back(context.attributes[t]);
    for (std::size_t o : c.introduced_objects) node.features.push_back(context.objects[o]);
    std::size_t longest = 0;
    for (const auto& t : node.terms) longest = std::max(longest, report::display_width(t));
    node.feature_lines = wrap_features(node.features);
    for (const auto& l : node.feature_lines) longest = std::max(longest, report::display_width(l));
    g.width[i] = std::max(90.0, 7.0 * double(longest) + 20.0);
  }

  // Virtual nodes on edges spanning more than one layer; each edge becomes a chain of adjacent-layer links.
  std::vector<std::vector<std::size_t>> chains;  // per edge: lower, virtual..., upper
  for (const auto& [lo, up] : edges) {
    std::vector<std::size_t> chain{lo};
    for (int l = g.layer[lo] - 1; l > g.layer[up]; --l) {
      g.layer.push_back(l);
      g.is_virtual.push_back(true);
      g.width.push_back(virtual_width);
      chain.push_back(g.layer.size() - 1);
    }
    chain.push_back(up);
    for (std::size_t i = 0; i + 1 < chain.size(); ++i) g.links.emplace_back(chain[i], chain[i + 1]);
    chains.push_back(chain);
  }
  const int n_layers = n_real == 0 ? 0 : *std::max_element(g.layer.begin(), g.layer.end()) + 1;
  std::vector<std::vector<std::size_t>> rows(static_cast<std::size_t>(n_layers));
  for (std::size_t v = 0; v < g.layer.size(); ++v) rows[static_cast<std::size_t>(g.layer[v])].push_back(v);

  // Barycentre sweeps: down sorts a layer by the mean position of its upper neighbours, up by its lower ones.
  std::vector<std::vector<std::size_t>> upper(g.layer.size()), lower(g.layer.size());
  for (const auto& [lo, up] : g.links) {
    upper[lo].push_back(up);
    lower[up].push_back(lo);
  }
  auto best = rows;
  std::size_t best_crossings = crossings(rows, g);
  for (int s = 0; s < sweeps && best_crossings > 0; ++s) {
    const bool down = s % 2 == 0;
    std::vector<double> pos(g.layer.size());
    for (const auto& row : rows)
      for (std::size_t i = 0; i < row.size(); ++i) pos[row[i]] = double(i);
    auto sweep_layer = [&](std::size_t l) {
      std::vector<double> key(g.layer.size());
      for (std::size_t v : rows[l]) {
        const auto& nb = down ? upper[v] : lower[v];
        if (nb.empty()) {
          key[v] = pos[v];
          continue;
        }
        double sum = 0;
        for (std::size_t u : nb) sum += pos[u];
        key[v] = sum / double(nb.size());
      }
      std::stable_sort(rows[l].begin(), rows[l].end(), [&](std::size_t a, std::size_t b) { return key[a] < key[b]; });
      for (std::size_t i = 0; i < rows[l].size(); ++i) pos[rows[l][i]] = double(i);
    };
    if (down)
      for (std::size_t l = 1; l < rows.size(); ++l) sweep_layer(l);
    else
      for (std::size_t l = rows.size() - 1; l-- > 0;) sweep_layer(l);
    const std::size_t c = crossings(rows, g);
    if (c < best_crossings) {
      best_crossings = c;
      best = rows;
    }
  }

  // Coordinates: slots left to right, each layer centred on the widest one.
  std::vector<double> layer_width(best.size(), 0);
  for (std::size_t l = 0; l < best.size(); ++l)
    for (std::size_t v : best[l]) layer_width[l] += g.width[v];
  const double margin = 20;
  const double inner = layer_width.empty() ? 90 : *std::max_element(layer_width.begin(), layer_width.end());
  out.width = one_decimal(inner + 2 * margin);
  std::vector<double> x(g.layer.size()), y(g.layer.size());
  std::size_t bottom_lines = 0;
  for (std::size_t l = 0; l < best.size(); ++l) {
    double cursor = margin + (inner - layer_width[l]) / 2;
    for (std::size_t v : best[l]) {
      x[v] = one_decimal(cursor + g.width[v] / 2);
      y[v] = one_decimal(60.0 + 120.0 * double(l));
      cursor += g.width[v];
      if (v < n_real && l + 1 == best.size())
        bottom_lines = std::max(bottom_lines, out.nodes[v].feature_lines.size());
    }
  }
  out.height = one_decimal(60.0 + 120.0 * double(std::max(n_layers - 1, 0)) + 30.0 + 14.0 * double(bottom_lines));
  for (std::size_t i = 0; i < n_real; ++i) {
    out.nodes[i].x = x[i];
    out.nodes[i].y = y[i];
  }
  for (const auto& chain : chains) {
    std::vector<std::pair<double, double>> line;
    for (std::size_t v : chain) line.emplace_back(x[v], y[v]);
    out.edges.push_back(line);
  }
  return out;
}

}  // namespace featrel::pareto
