// Feature grouping (docs/fri.md#feature-grouping): features that substitute each other react alike when one of them is pinned.
//
// For each candidate i two constrained runs pin |w_i| to its own lower and to its upper value; the change of every
// other feature's interval (unconstrained − constrained, lower and upper, row i set to 0) is i's profile, length
// 4d. Profiles are compared only on the coordinates where both moved (|Δ| > 1e-6), hierarchical clustering joins
// them, and flat clusters keep the merges up to group_cutoff·(largest merge height). featrel clusters only
// relevant features: an irrelevant feature's all-zero profile is at distance 0 from everything and would chain
// unrelated clusters (docs/fri.md#departures-from-the-reference item 8); the pinned runs compute no probes.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "featrel/error.hpp"
#include "methods/fri/fri_internal.hpp"

namespace featrel::fri::detail {

std::vector<Merge> linkage(const Eigen::MatrixXd& distances, Linkage method) {
  const int m = static_cast<int>(distances.rows());
  std::vector<Merge> merges;
  if (m < 2) return merges;
  Eigen::MatrixXd D = distances;
  // Slot s holds the cluster whose smallest original point is s; ties go to the first pair in slot order, so
  // the result is deterministic.
  std::vector<int> id(static_cast<std::size_t>(m)), size(static_cast<std::size_t>(m), 1);
  std::vector<char> alive(static_cast<std::size_t>(m), 1);
  std::iota(id.begin(), id.end(), 0);
  for (int t = 0; t < m - 1; ++t) {
    int p = -1, q = -1;
    double best = std::numeric_limits<double>::infinity();
    for (int a = 0; a < m; ++a) {
      if (!alive[static_cast<std::size_t>(a)]) continue;
      for (int b = a + 1; b < m; ++b) {
        if (!alive[static_cast<std::size_t>(b)]) continue;
        if (D(a, b) < best) {
          best = D(a, b);
          p = a;
          q = b;
        }
      }
    }
    const std::size_t sp = static_cast<std::size_t>(p), sq = static_cast<std::size_t>(q);
    Merge mg;
    mg.a = std::min(id[sp], id[sq]);
    mg.b = std::max(id[sp], id[sq]);
    mg.height = best;
    mg.size = size[sp] + size[sq];
    merges.push_back(mg);
    for (int r = 0; r < m; ++r) {
      if (!alive[static_cast<std::size_t>(r)] || r == p || r == q) continue;
      double v = 0.0;
      switch (method) {
        case Linkage::single: v = std::min(D(p, r), D(q, r)); break;
        case Linkage::complete: v = std::max(D(p, r), D(q, r)); break;
        case Linkage::average:
          v = (size[sp] * D(p, r) + size[sq] * D(q, r)) / static_cast<double>(size[sp] + size[sq]);
          break;
      }
      D(p, r) = D(r, p) = v;
    }
    alive[sq] = 0;
    id[sp] = m + t;
    size[sp] += size[sq];
  }
  return merges;
}

std::vector<int> flat_clusters(const std::vector<Merge>& merges, int m, double cutoff) {
  std::vector<int> parent(static_cast<std::size_t>(std::max(0, 2 * m - 1)));
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](int x) {
    while (parent[static_cast<std::size_t>(x)] != x) x = parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
    return x;
  };
  double top = 0.0;
  for (const Merge& mg : merges) top = std::max(top, mg.height);
  const double limit = cutoff * top;
  for (std::size_t t = 0; t < merges.size(); ++t) {
    if (merges[t].height > limit) continue;
    const int node = m + static_cast<int>(t);
    parent[static_cast<std::size_t>(find(merges[t].a))] = node;
    parent[static_cast<std::size_t>(find(merges[t].b))] = node;
  }
  std::vector<int> label(static_cast<std::size_t>(m), -1);
  std::vector<int> root_label(parent.size(), -1);
  int next = 0;
  for (int i = 0; i < m; ++i) {
    const int r = find(i);
    if (root_label[static_cast<std::size_t>(r)] < 0) root_label[static_cast<std::size_t>(r)] = next++;
    label[static_cast<std::size_t>(i)] = root_label[static_cast<std::size_t>(r)];
  }
  return label;
}

std::vector<int> leaf_order(const std::vector<Merge>& merges, int m) {
  std::vector<int> out;
  if (m <= 0) return out;
  if (merges.empty()) {
    for (int i = 0; i < m; ++i) out.push_back(i);
    return out;
  }
  std::vector<int> stack{m + static_cast<int>(merges.size()) - 1};
  while (!stack.empty()) {
    const int node = stack.back();
    stack.pop_back();
    if (node < m) {
      out.push_back(node);
      continue;
    }
    const Merge& mg = merges[static_cast<std::size_t>(node - m)];
    stack.push_back(mg.b);
    stack.push_back(mg.a);
  }
  return out;
}

Grouping run_grouping(const Problem& pb, const Options& o, const Fit& fit, const std::vector<FeatureResult>& features,
                      const RunContext& ctx, PhaseAccumulator& phase, std::vector<std::string>& warnings) {
  Grouping g;
  g.cutoff = o.group_cutoff;
  g.linkage = o.group_linkage;
  const int d = pb.d();
  g.labels.assign(static_cast<std::size_t>(d), 0);
  for (int j : pb.active)
    if (o.reference || features[static_cast<std::size_t>(j)].cls >= 1) g.candidates.push_back(j);
  const int m = static_cast<int>(g.candidates.size());
  if (m < 2) {
    if (m == 1) {
      g.labels[static_cast<std::size_t>(g.candidates[0])] = 1;
      g.leaf_order = g.candidates;
    }
    warnings.push_back(pb.prefix() + "grouping: " + std::to_string(m) +
                       " candidate feature" + (m == 1 ? "" : "s") + " (relevant features are clustered); nothing to group");
    return g;
  }

  Eigen::MatrixXd profile = Eigen::MatrixXd::Zero(m, 4 * d);
  if (!fit.baseline.constant_model) {
    std::vector<std::vector<Pin>> pinsets;
    for (int c : g.candidates) {
      const FeatureResult& f = features[static_cast<std::size_t>(c)];
      const int sign = pin_sign(f, fit.N, fit.baseline.weights[static_cast<std::size_t>(c)], o);
      pinsets.push_back({Pin{c, f.lower * fit.N, f.lower * fit.N, sign}});
      pinsets.push_back({Pin{c, f.upper * fit.N, f.upper * fit.N, sign}});
    }
    std::vector<BoundJob> jobs;
    for (int r = 0; r < 2 * m; ++r)
      for (int j : pb.active)
        if (j != g.candidates[static_cast<std::size_t>(r / 2)]) jobs.push_back(BoundJob{r, j});
    const std::vector<SignedRange> ranges = solve_bounds(pb, o, fit, pinsets, jobs, ctx, "fri: grouping", phase);
    const double tol = zero_tolerance(o);
    for (std::size_t q = 0; q < jobs.size(); ++q) {
      const int r = jobs[q].pinset, j = jobs[q].feature;
      const FeatureResult f = interval_of(ranges[q], fit.N, 0.0, tol);
      const FeatureResult& u = features[static_cast<std::size_t>(j)];
      const int base = (r % 2) * 2 * d;
      profile(r / 2, base + j) = u.lower - f.lower;
      profile(r / 2, base + d + j) = u.upper - f.upper;
    }
  }
  // Distance over the coordinates that moved in both profiles (the reference: exactly non-zero).
  const double moved = o.reference ? 0.0 : 1e-6;
  Eigen::MatrixXd D = Eigen::MatrixXd::Zero(m, m);
  for (int a = 0; a < m; ++a)
    for (int b = a + 1; b < m; ++b) {
      double s = 0.0;
      for (int k = 0; k < 4 * d; ++k) {
        const double va = profile(a, k), vb = profile(b, k);
        if (std::abs(va) > moved && std::abs(vb) > moved) s += (va - vb) * (va - vb);
      }
      D(a, b) = D(b, a) = std::sqrt(s);
    }
  g.merges = linkage(D, o.group_linkage);
  const std::vector<int> flat = flat_clusters(g.merges, m, o.group_cutoff);
  for (int i = 0; i < m; ++i)
    g.labels[static_cast<std::size_t>(g.candidates[static_cast<std::size_t>(i)])] = flat[static_cast<std::size_t>(i)] + 1;
  for (int leaf : leaf_order(g.merges, m)) g.leaf_order.push_back(g.candidates[static_cast<std::size_t>(leaf)]);
  return g;
}

}  // namespace featrel::fri::detail
