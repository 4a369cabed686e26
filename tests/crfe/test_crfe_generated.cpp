// Statistical targets on generated data (docs/generate.md#clusters-generator and docs/crfe.md#statistical-targets and the CRFE issue), kept to about a second: the
// authors' recipe (10 informative of 35 columns, 4 classes) at seeds 0…29 with the default split of the same seed.
//
// The recipe's own preprocessing is the per-row z-score; like the authors' loaders (and the reference), these runs
// use `standardize none`. The spec's "measured" column of docs/crfe.md#statistical-targets matches that protocol (here, 50 seeds: top-10 share
// 0.81 vs RFE 0.18, β rule fires in 100 % with 10.7 features, recall 0.80; measured 0.85 / 0.19 / 100 % / 10.9 /
// 0.79). With the default column standardisation on top of the row z-score the integer-noise columns are blown up
// to unit variance and the targets are missed (top-10 share 0.76, RFE 0.45, the β rule fires in 78 %).
#include <gtest/gtest.h>

#include <algorithm>

#include "common/wide_table.hpp"
#include "crfe_test_data.hpp"

namespace {

using namespace featrel::crfe;

std::size_t informative_in(const std::vector<std::size_t>& cols, const featrel::gen::Truth& truth) {
  std::size_t hit = 0;
  for (std::size_t j : cols) hit += truth.roles[j] == "informative";
  return hit;
}

const SubsetEvaluation& subset(const Result& r, const std::string& label) {
  for (const auto& s : r.evaluation->subsets)
    if (s.label == label) return s;
  throw std::runtime_error("no subset " + label);
}

struct Totals {
  double crfe_top10 = 0, rfe_top10 = 0, fired = 0, size = 0, recall = 0;
  double coverage[4] = {0, 0, 0, 0};  // all, k=10, 5, 3 (CRFE)
  double rfe_coverage = 0;            // k=10
  double crfe_ineff = 0, rfe_ineff = 0, crfe_cert = 0, rfe_cert = 0;
  std::size_t min_size = 1000, max_size = 0;
};

const Totals& authors_runs() {
  static const Totals totals = [] {
    Totals t;
    const int N = 30;
    for (int s = 0; s < N; ++s) {
      const auto g = featrel::gen::generate_clusters(crfe_test::authors_recipe(), static_cast<std::uint64_t>(s));
      const featrel::Dataset data = crfe_test::from_generated(g);
      Options o;
      o.standardize = Standardize::none;
      o.eval_sizes = {10, 5, 3};
      const Result r = run(data, o, crfe_test::context(static_cast<std::uint64_t>(s)));
      const Result rf = featrel::rfe::run(data, o, crfe_test::context(static_cast<std::uint64_t>(s)));
      const std::vector<std::size_t> top10(r.ranking.begin(), r.ranking.begin() + 10);
      const std::vector<std::size_t> rtop10(rf.ranking.begin(), rf.ranking.begin() + 10);
      t.crfe_top10 += informative_in(top10, g.truth) / 10.0 / N;
      t.rfe_top10 += informative_in(rtop10, g.truth) / 10.0 / N;
      t.fired += r.runs[0].stop.fired / static_cast<double>(N);
      t.size += static_cast<double>(r.selected.size()) / N;
      t.min_size = std::min(t.min_size, r.selected.size());
      t.max_size = std::max(t.max_size, r.selected.size());
      t.recall += informative_in(r.selected, g.truth) / 10.0 / N;
      const char* labels[] = {"all", "k=10", "k=5", "k=3"};
      for (int q = 0; q < 4; ++q) t.coverage[q] += subset(r, labels[q]).metrics.coverage / N;
      t.rfe_coverage += subset(rf, "k=10").metrics.coverage / N;
      t.crfe_ineff += subset(r, "k=10").metrics.inefficiency / N;
      t.rfe_ineff += subset(rf, "k=10").metrics.inefficiency / N;
      t.crfe_cert += subset(r, "k=10").metrics.certainty / N;
      t.rfe_cert += subset(rf, "k=10").metrics.certainty / N;
    }
    return t;
  }();
  return totals;
}

TEST(CrfeGenerated, RecoveryOfInformativeFeatures) {
  const Totals& t = authors_runs();
  // The issue: at least 75 % of the informative features in CRFE's top 10; RFE far below (docs/crfe.md#statistical-targets).
  EXPECT_GE(t.crfe_top10, 0.75);
  EXPECT_LE(t.rfe_top10, 0.35);
  EXPECT_GE(t.crfe_top10 - t.rfe_top10, 0.4);
}

TEST(CrfeGenerated, BetaRuleOnTheRecipe) {
  const Totals& t = authors_runs();
  EXPECT_GE(t.fired, 0.9);
  EXPECT_GE(t.size, 8.0);
  EXPECT_LE(t.size, 16.0);
  EXPECT_GE(t.recall, 0.65);
}

TEST(CrfeGenerated, CoverageIsValid) {
  // Inductive conformal prediction with separate selection and calibration rows: coverage ≥ 1 − ε − tolerance.
  const Totals& t = authors_runs();
  for (double c : t.coverage) {
    EXPECT_GE(c, 0.88);
    EXPECT_LE(c, 0.94);
  }
  EXPECT_GE(t.rfe_coverage, 0.88);
  EXPECT_LE(t.rfe_coverage, 0.94);
}

TEST(CrfeGenerated, EfficiencyAgainstRfe) {
  const Totals& t = authors_runs();
  EXPECT_LE(t.crfe_ineff, t.rfe_ineff - 0.5);
  EXPECT_GE(t.crfe_cert, t.rfe_cert + 0.3);
}

TEST(CrfeGenerated, CoverageWithDefaultStandardisation) {
  // Validity does not depend on the preprocessing: the default options on other recipes and seeds.
  double coverage = 0;
  const int N = 12;
  for (int s = 0; s < N; ++s) {
    featrel::gen::ClustersOptions go;
    go.n_samples = 300;
    go.n_features = 12;
    go.n_informative = 4;
    go.n_redundant = 2;
    go.n_classes = 3;
    go.flip_y = 0.1;
    const auto g = featrel::gen::generate_clusters(go, static_cast<std::uint64_t>(100 + s));
    const Result r = run(crfe_test::from_generated(g), Options{}, crfe_test::context(static_cast<std::uint64_t>(s)));
    for (const auto& e : r.evaluation->subsets) coverage += e.metrics.coverage / (N * r.evaluation->subsets.size());
  }
  EXPECT_GE(coverage, 0.9 - 0.03);
}

TEST(CrfeGenerated, StabilityOfTopTenAgainstRfe) {
  // 20 splits of one data set in the paper's layout: Nogueira's Φ̂ of the top-10 sets, CRFE ≥ RFE + 0.2.
  const auto g = featrel::gen::generate_clusters(crfe_test::authors_recipe(), 12345);
  const featrel::Dataset data = crfe_test::from_generated(g);
  Options o;
  o.standardize = Standardize::none;
  o.reuse_calibration = true;
  o.repeats = 20;
  o.stability_sizes = {10};
  o.with_rfe = true;
  o.test_fraction = 0.0;
  const Result r = run(data, o, crfe_test::context(0, 2));
  const Result rf = featrel::rfe::run(data, o, crfe_test::context(0, 2));
  ASSERT_TRUE(r.stability && rf.stability);
  const double crfe_phi = r.stability->per_size[0].second.nogueira.value;
  const double rfe_phi = rf.stability->per_size[0].second.nogueira.value;
  EXPECT_GE(crfe_phi, rfe_phi + 0.2);
  // with_rfe pairs the same splits: RFE inside the CRFE run equals the separate RFE run.
  ASSERT_EQ(r.rfe_runs.size(), 20u);
  for (std::size_t q = 0; q < 20; ++q) EXPECT_EQ(r.rfe_runs[q].ranking, rf.runs[q].ranking);
  ASSERT_EQ(r.similarity.size(), 1u);
  EXPECT_LT(r.similarity[0].jaccard, 0.5);
}

}  // namespace

// On a table wider than its training rows the β rule, armed only from step ψ + 2, fires soon after and keeps more
// features than there are training rows: the run says so, with the remedy. A cut by -k is the user's and gets no
// such warning.
TEST(CrfeGenerated, WideTableSaysTheBetaCutPicksLittle) {
  const featrel::Dataset data = featrel_test::wide_table(100, 400, 2, 2, 3);
  featrel::RunContext ctx;
  ctx.seed = 1;
  const Result r = run(data, Options{}, ctx);
  const featrel::crfe::Run& split = r.runs.front();
  ASSERT_EQ(split.stop.reason, "beta_rule");
  const std::size_t n_train = split.rows.train.size();
  ASSERT_GT(split.stop.n_selected, n_train);
  const std::string said = "β rule: kept " + std::to_string(split.stop.n_selected) + " of 400 features, more than the " +
                           std::to_string(n_train) + " training rows the SVMs were fitted on; the rule can fire no " +
                           "earlier than step ψ + 2 = 162 (ψ = 160)";
  EXPECT_TRUE(std::any_of(r.warnings.begin(), r.warnings.end(),
                          [&](const std::string& w) { return w.rfind(said, 0) == 0; }))
      << said;
  Options cut;
  cut.n_features_to_select = 10;
  cut.stop = Stop::fixed;
  const Result k = run(data, cut, ctx);
  for (const std::string& w : k.warnings) EXPECT_EQ(w.find("β rule: kept"), std::string::npos) << w;
}
