// The forest check of the generator (docs/generate.md#relevance-generator, docs/architecture.md#shared-components last note): on non-linear (XOR-like)
// data a 20-tree random forest reaches > 0.95 training accuracy. It lives here because this suite links the
// generator; the forest's own tests are tests/models/test_forest_*.cpp.
#include <gtest/gtest.h>

#include "featrel/forest.hpp"
#include "featrel/generate.hpp"

namespace {

using namespace featrel::forest;

Design all_columns(const BinnedData& b) {
  Design d(b);
  for (std::size_t j = 0; j < b.n_cols(); ++j) d.add(j);
  return d;
}

TEST(ForestNative, NonlinearGeneratorIsLearnable) {
  featrel::gen::RelevanceOptions o;
  o.nonlinear = true;
  o.n_samples = 500;
  o.n_features = 8;
  o.n_strong = 2;
  o.n_weak = 2;
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const featrel::gen::GeneratedData g = featrel::gen::generate_relevance(o, seed);
    std::vector<int> y(g.y.size());
    for (Eigen::Index i = 0; i < g.y.size(); ++i) y[static_cast<std::size_t>(i)] = g.y(i) > 0 ? 1 : 0;
    const Target t = Target::classification(y, 2);
    const BinnedData b = bin(g.X);
    Params p;  // pareto's rf: full trees, √m columns per node, 0.632 of the rows
    p.n_trees = 20;
    p.max_depth = 0;
    p.min_leaf_rows = 1;
    p.feature_fraction = ColumnFraction::sqrt();
    p.feature_sampling = FeatureSampling::node;
    FitRequest rq;
    rq.margins = true;
    EXPECT_GT(score(fit(all_columns(b), t, p, seed, rq).margins, t), 0.95) << "seed " << seed;
  }
}

}  // namespace
