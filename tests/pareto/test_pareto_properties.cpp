// Properties on random tables (docs/pareto.md#exact-cases E5): the hitting-set M(f) equals brute force with and without
// ties, front rivals suffice, the fixpoint rows equal the union rule on every criteria subset, every reported X
// is minimal; Berge's transversals equal brute force; layers equal non-dominated sorting.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "featrel/rng.hpp"
#include "pareto_test_util.hpp"

using namespace featrel::pareto;

namespace {

Eigen::MatrixXd random_table(featrel::rng::Rng& g, std::size_t m, std::size_t n, bool integer) {
  Eigen::MatrixXd v = Eigen::MatrixXd::Zero(Eigen::Index(m), Eigen::Index(n));
  for (Eigen::Index c = 0; c < v.rows(); ++c)
    for (Eigen::Index j = 0; j < v.cols(); ++j)
      v(c, j) = integer ? double(g.bounded(4)) : g.uniform(-1, 1);
  return v;
}

CritSet from_mask(std::uint32_t mask) {
  CritSet s;
  for (std::size_t c = 0; c < 32; ++c)
    if (mask & (1u << c)) s.set(c);
  return s;
}

// The non-empty subsets of m criteria that pass `keep`, reduced to the inclusion-minimal ones, sorted.
template <typename Keep>
std::vector<CritSet> minimal_passing_sets(std::size_t m, Keep keep) {
  std::vector<CritSet> pass;
  for (std::uint32_t x = 1; x < (1u << m); ++x)
    if (keep(from_mask(x))) pass.push_back(from_mask(x));
  std::vector<CritSet> out;
  for (const CritSet& x : pass) {
    bool minimal = true;
    for (const CritSet& y : pass)
      if (y != x && (y & ~x).none()) minimal = false;
    if (minimal) out.push_back(x);
  }
  std::sort(out.begin(), out.end(), set_order_less);
  return out;
}

// Reference M(f) straight from the definition: all X with f on the front, no proper subset too.
std::vector<CritSet> definition_sets(const DominanceTable& t, std::size_t f) {
  return minimal_passing_sets(t.n_criteria(), [&](const CritSet& x) { return t.on_front(f, x); });
}

}  // namespace

TEST(ParetoProperties, HittingSetEqualsBruteForceOn500RandomTables) {
  featrel::rng::Rng g(20240521);
  std::size_t checked_features = 0, tables_with_ties = 0;
  for (int table = 0; table < 500; ++table) {
    const std::size_t n = 2 + g.bounded(6), m = 1 + g.bounded(6);
    const bool integer = table % 2 == 1;
    const DominanceTable t(random_table(g, m, n, integer));
    if (t.tie_count() > 0) ++tables_with_ties;
    const CritSet all = t.all_criteria();
    const auto front = t.front(all);
    std::vector<std::size_t> everyone(n);
    std::iota(everyone.begin(), everyone.end(), std::size_t{0});
    const auto brute = enumerate_minimal_sets(t, 1, 100000);
    for (std::size_t f : front) {
      const MinimalSets ms = minimal_criteria_sets(t, f, front, 100000);
      ASSERT_FALSE(ms.truncated);
      ASSERT_EQ(ms.sets, brute[f].sets) << "table " << table << " feature " << f;
      ASSERT_EQ(ms.sets, definition_sets(t, f)) << "table " << table << " feature " << f;
      // Rivals among all features give the same answer as front rivals only.
      ASSERT_EQ(minimal_criteria_sets(t, f, everyone, 100000).sets, ms.sets);
      for (const CritSet& x : ms.sets) {
        ASSERT_TRUE(x.any());
        ASSERT_TRUE(t.on_front(f, x));
      }
      // Fixpoint rule = union rule on every criteria subset S (any S can be some term's C_t).
      for (std::uint32_t s = 1; s < (1u << m); ++s) {
        const CritSet cs = from_mask(s);
        bool union_rule = false;
        for (const CritSet& x : ms.sets) union_rule = union_rule || (x & ~cs).none();
        const CritSet u = largest_keeping_set(t, f, front, cs);
        ASSERT_EQ(u.any(), union_rule) << "table " << table << " feature " << f << " subset " << s;
        if (u.any()) {
          ASSERT_TRUE(t.on_front(f, u));
        }
      }
      ++checked_features;
    }
  }
  EXPECT_GT(checked_features, 700u);
  EXPECT_GT(tables_with_ties, 200u);
}

TEST(ParetoProperties, LayersAreNonDominatedSorting) {
  featrel::rng::Rng g(7);
  for (int table = 0; table < 200; ++table) {
    const std::size_t n = 1 + g.bounded(9), m = 1 + g.bounded(4);
    const DominanceTable t(random_table(g, m, n, table % 2 == 0));
    // Every criterion, and a random non-empty subset (the layers order by the subset's values only).
    CritSet some;
    for (std::size_t c = 0; c < m; ++c)
      if (g.bounded(2) == 1) some.set(c);
    if (some.none()) some.set(g.bounded(m));
    for (const CritSet& x : {t.all_criteria(), some}) {
      const auto layer = t.layers(x);
      // Peel fronts: L1 = Pareto(F), L2 = Pareto(F \ L1), ...
      std::vector<bool> left(n, true);
      for (int level = 1; std::count(left.begin(), left.end(), true) > 0; ++level) {
        std::vector<std::size_t> peel;
        for (std::size_t f = 0; f < n; ++f) {
          if (!left[f]) continue;
          bool dominated = false;
          for (std::size_t g2 = 0; g2 < n; ++g2)
            if (left[g2] && g2 != f && t.dominates(g2, f, x)) dominated = true;
          if (!dominated) peel.push_back(f);
        }
        for (std::size_t f : peel) {
          ASSERT_EQ(layer[f], level);
          left[f] = false;
        }
      }
    }
    // Strict dominance is irreflexive and asymmetric: equal rows never dominate each other.
    for (std::size_t a = 0; a < n; ++a)
      for (std::size_t b = 0; b < n; ++b)
        if (t.dominates(a, b, t.all_criteria())) {
          ASSERT_FALSE(t.dominates(b, a, t.all_criteria()));
        }
  }
}

// Twin groups (features equal on every criterion) stand in for their members in the pairwise work: on tables where
// most features are twins (a wide run where models ignore most features) the groups, the tie count, the front and
// every feature's dominators equal the answers computed over every pair.
TEST(ParetoProperties, TwinGroupsGiveEveryPairsAnswers) {
  featrel::rng::Rng g(31);
  for (int table = 0; table < 100; ++table) {
    const std::size_t n = 2 + g.bounded(40), m = 1 + g.bounded(5);
    Eigen::MatrixXd v = random_table(g, m, n, true);
    for (Eigen::Index j = 0; j < v.cols(); ++j)
      if (g.bounded(3) > 0) v.col(j) = v.col(Eigen::Index(g.bounded(std::uint64_t(j) + 1)));  // an earlier one's twin
    const DominanceTable t(v);
    std::size_t ties = 0;
    for (std::size_t a = 0; a < n; ++a)
      for (std::size_t b = a + 1; b < n; ++b)
        for (std::size_t c = 0; c < m; ++c)
          ties += v(Eigen::Index(c), Eigen::Index(a)) == v(Eigen::Index(c), Eigen::Index(b));
    ASSERT_EQ(t.tie_count(), ties) << "table " << table;
    std::size_t members = 0;
    for (std::size_t k = 0; k < t.n_groups(); ++k) {
      const auto& grp = t.group(k);
      members += grp.size();
      ASSERT_TRUE(std::is_sorted(grp.begin(), grp.end()));
      if (k > 0) ASSERT_LT(t.group(k - 1).front(), grp.front());
      for (std::size_t f : grp) {
        ASSERT_EQ(t.group_of(f), k);
        ASSERT_TRUE(v.col(Eigen::Index(f)) == v.col(Eigen::Index(grp.front())));
      }
    }
    ASSERT_EQ(members, n);
    for (std::size_t a = 0; a < t.n_groups(); ++a)
      for (std::size_t b = a + 1; b < t.n_groups(); ++b)
        ASSERT_FALSE(v.col(Eigen::Index(t.group(a).front())) == v.col(Eigen::Index(t.group(b).front())));
    const CritSet all = t.all_criteria();
    const auto layer = t.layers(all);
    for (std::size_t f = 0; f < n; ++f) {
      bool dominated = false;
      for (std::size_t h = 0; h < n; ++h) dominated = dominated || (h != f && t.dominates(h, f, all));
      ASSERT_EQ(t.on_front(f, all), !dominated);
      ASSERT_EQ(layer[f] == 1, !dominated);
    }
    // The analysis' dominator lists and counts.
    ImpactTable it;
    for (std::size_t c = 0; c < m; ++c) {
      it.classifiers.push_back("M");
      it.measures.push_back("accuracy");
      it.criteria.push_back("M:accuracy");
    }
    for (std::size_t f = 0; f < n; ++f) it.features.push_back("f" + std::to_string(f));
    it.values = v;
    AnalysisOptions ao;
    ao.max_minimal_sets = 10;
    const Result r = analyse(it, ao);
    for (std::size_t f = 0; f < n; ++f) {
      std::vector<std::size_t> dom;
      for (std::size_t h = 0; h < n; ++h)
        if (h != f && t.dominates(h, f, all)) dom.push_back(h);
      ASSERT_EQ(r.features[f].n_dominated_by, dom.size());
      if (dom.size() <= kMaxListedDominators) {
        ASSERT_EQ(r.features[f].dominated_by, dom) << "table " << table << " feature " << f;
      }
      ASSERT_EQ(r.features[f].layer, layer[f]);
    }
  }
}

TEST(ParetoProperties, BergeTransversalsEqualBruteForce) {
  featrel::rng::Rng g(99);
  for (int h = 0; h < 300; ++h) {
    const std::size_t m = 1 + g.bounded(8), n_edges = 1 + g.bounded(6);
    std::vector<CritSet> edges;
    for (std::size_t e = 0; e < n_edges; ++e) {
      const std::uint32_t mask = 1 + std::uint32_t(g.bounded((1u << m) - 1));
      edges.push_back(from_mask(mask));
    }
    const auto minimal = minimal_passing_sets(m, [&](const CritSet& x) {
      for (const CritSet& e : edges)
        if ((e & x).none()) return false;
      return true;
    });
    const MinimalSets got = minimal_transversals(edges, 100000);
    ASSERT_FALSE(got.truncated);
    ASSERT_EQ(got.sets, minimal) << "hypergraph " << h;
  }
}

TEST(ParetoProperties, TruncationKeepsOnlyGenuineMinimalSets) {
  // 8 disjoint pairs: 2^8 = 256 minimal transversals; a cap of 10 must return true ones only.
  std::vector<CritSet> edges;
  for (std::size_t i = 0; i < 8; ++i) edges.push_back(CritSet{}.set(2 * i).set(2 * i + 1));
  const MinimalSets full = minimal_transversals(edges, 100000);
  EXPECT_EQ(full.sets.size(), 256u);
  const MinimalSets cut = minimal_transversals(edges, 10);
  EXPECT_TRUE(cut.truncated);
  EXPECT_LE(cut.sets.size(), 10u);
  for (const CritSet& x : cut.sets) EXPECT_NE(std::find(full.sets.begin(), full.sets.end(), x), full.sets.end());
}

TEST(ParetoProperties, SingleFeatureAndAllTied) {
  Eigen::MatrixXd one(3, 1);
  one << 0.1, -0.2, 0.3;
  ImpactTable t;
  t.criteria = {"rf:accuracy", "rf:sensitivity", "rf:specificity"};
  t.classifiers = {"rf", "rf", "rf"};
  t.measures = {"accuracy", "sensitivity", "specificity"};
  t.features = {"x"};
  t.values = one;
  const Result r = analyse(t, {});
  EXPECT_EQ(r.front, (std::vector<std::size_t>{0}));
  EXPECT_EQ(r.features[0].minimal_sets.size(), 3u);
  EXPECT_FALSE(r.warnings.empty());

  t.features = {"x", "y", "z"};
  t.values = Eigen::MatrixXd::Zero(3, 3);
  const Result tied = analyse(t, {});
  EXPECT_EQ(tied.front.size(), 3u);
  for (const auto& f : tied.features) {
    EXPECT_EQ(f.minimal_sets.size(), 3u);
    EXPECT_EQ(f.terms.size(), 6u);  // every term of the three criteria: the 3 measures, their 2 parents, Classification
  }
}
