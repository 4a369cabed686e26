// `generate --kind relevance` (docs/generate.md#relevance-generator): shapes, every validation error, the truth against the
// construction, the data's structure (weak groups, repeats, labels, levels, flips, noise) and reproducibility.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <string>

#include "featrel/error.hpp"
#include "featrel/generate.hpp"
#include "helpers.hpp"

namespace featrel::gen {
namespace {

using test::columns;
using test::expect_input_error;
using test::ols_accuracy;
using test::ols_r2;
using test::opts;
using test::relevant_columns;
using test::standardised;

void expect_shape(const GeneratedData& g, std::size_t N, std::size_t D) {
  ASSERT_EQ(g.X.rows(), static_cast<Eigen::Index>(N));
  ASSERT_EQ(g.X.cols(), static_cast<Eigen::Index>(D));
  ASSERT_EQ(g.y.size(), static_cast<Eigen::Index>(N));
  ASSERT_EQ(g.names.size(), D);
  EXPECT_EQ(g.names.front(), "x0");
  EXPECT_EQ(g.names.back(), "x" + std::to_string(D - 1));
  EXPECT_TRUE(g.X.allFinite());
  EXPECT_TRUE(g.y.allFinite());
  const Truth& t = g.truth;
  EXPECT_EQ(t.names, g.names);
  EXPECT_EQ(t.roles.size(), D);
  EXPECT_EQ(t.relevant.size(), D);
  EXPECT_EQ(t.classes.size(), D);
  EXPECT_EQ(t.groups.size(), D);
  EXPECT_EQ(t.repeat_of.size(), D);
}

TEST(RelevanceGenerator, ShapesAcrossSizesAndTasks) {
  expect_shape(generate_relevance(opts(2, 5, 1, 2), 1), 2, 5);
  expect_shape(generate_relevance(opts(100, 1000, 10, 10), 2), 100, 1000);
  expect_shape(generate_relevance(opts(10000, 20, 2, 2), 3), 10000, 20);
  for (const char* task : {"regression", "ordinal"}) {
    RelevanceOptions o = opts(2, 3, 1, 0);
    o.task = task;
    if (o.task == "ordinal") o.n_levels = 2;
    expect_shape(generate_relevance(o, 4), 2, 3);
    o = opts(100, 1000, 3, 4);
    o.task = task;
    expect_shape(generate_relevance(o, 5), 100, 1000);
  }
  RelevanceOptions nl = opts(2, 4, 2, 0);
  nl.nonlinear = true;
  expect_shape(generate_relevance(nl, 6), 2, 4);
  nl = opts(10000, 12, 2, 4);
  nl.nonlinear = true;
  expect_shape(generate_relevance(nl, 7), 10000, 12);
}

TEST(RelevanceGenerator, EveryValidationError) {
  auto gen = [](RelevanceOptions o) { return [o] { generate_relevance(o, 0); }; };
  RelevanceOptions o;

  o = {};
  o.task = "binary";
  expect_input_error(gen(o), "--task");
  o = {};
  o.n_samples = 1;
  expect_input_error(gen(o), "--n-samples");
  o = opts(10, 0, 0, 0);
  expect_input_error(gen(o), "--n-features");
  o = opts(10, 5, 0, 0);
  expect_input_error(gen(o), "--n-strong + --n-weak = 0");
  o = opts(10, 30, 20, 10);
  o.n_repeated = 5;
  expect_input_error(gen(o), "--n-strong + --n-weak + --n-repeated = 35 exceeds --n-features = 30");
  o = opts(10, 5, 0, 1);
  expect_input_error(gen(o), "--n-weak = 1 with --n-strong = 0");
  o = opts(10, 10, 1, 5);
  o.partition = {2, 2};
  expect_input_error(gen(o), "--partition sums to 4 but --n-weak = 5");
  o = opts(10, 10, 1, 5);
  o.partition = {3, 1, 1};
  expect_input_error(gen(o), "--partition has a group of 1");
  o = opts(10, 10, 1, 1);  // the default partition [1] is a group of one
  expect_input_error(gen(o), "--partition has a group of 1");
  o = opts(10, 10, 1, 0);
  o.partition = {2};
  expect_input_error(gen(o), "--partition sums to 2 but --n-weak = 0");
  o = opts(10, 10, 2, 2);
  o.task = "regression";
  o.nonlinear = true;
  expect_input_error(gen(o), "--nonlinear needs --task classification");
  o = opts(10, 10, 0, 3);
  o.nonlinear = true;
  expect_input_error(gen(o), "--n-weak >= 4");
  o = opts(10, 10, 0, 4);
  o.nonlinear = true;
  o.partition = {4};
  expect_input_error(gen(o), "--nonlinear needs at least 2 latent variables");
  o = opts(10, 10, 1, 0);
  o.nonlinear = true;
  expect_input_error(gen(o), "--nonlinear needs at least 2 latent variables");
  o = {};
  o.noise = -0.1;
  expect_input_error(gen(o), "--noise");
  o = {};
  o.noise = std::nan("");
  expect_input_error(gen(o), "--noise");
  o = {};
  o.task = "regression";
  o.target_noise = -1;
  expect_input_error(gen(o), "--target-noise");
  o = {};
  o.target_noise = 0.5;  // classification has no target noise
  expect_input_error(gen(o), "--target-noise applies to --task regression or ordinal only");
  o = {};
  o.flip_y = 1.0;
  expect_input_error(gen(o), "--flip-y");
  o = {};
  o.flip_y = -0.1;
  expect_input_error(gen(o), "--flip-y");
  o = {};
  o.task = "regression";
  o.flip_y = 0.1;
  expect_input_error(gen(o), "--flip-y applies to --task classification only");
  o = {};
  o.task = "ordinal";
  o.n_levels = 1;
  expect_input_error(gen(o), "--n-levels = 1");
  o = opts(3, 5, 1, 0);
  o.task = "ordinal";
  o.n_levels = 4;
  expect_input_error(gen(o), "--n-levels = 4 exceeds --n-samples = 3");
  o = {};
  o.n_levels = 5;
  expect_input_error(gen(o), "--n-levels applies to --task ordinal only");
  expect_input_error([] { relevance_preset("fri-sim6"); }, "--preset");

  // The boundaries of the rules are accepted.
  EXPECT_NO_THROW(generate_relevance(opts(2, 2, 0, 2), 0));  // S = 0 with W = 2
  o = opts(10, 4, 0, 4);
  o.nonlinear = true;  // partition [2, 2]
  EXPECT_NO_THROW(generate_relevance(o, 0));
  EXPECT_EQ(generate_relevance(o, 0).truth.params["partition"], nlohmann::json({2, 2}));
  o = opts(10, 3, 1, 2);
  o.nonlinear = true;  // k = 1 strong + 1 group
  EXPECT_NO_THROW(generate_relevance(o, 0));
  o = opts(10, 10, 0, 0);
  o.n_strong = 2;
  o.n_repeated = 8;  // S + W + R = D
  EXPECT_NO_THROW(generate_relevance(o, 0));
}

// Recomputes classes and groups from the construction rules and the drawn repeat sources.
void expect_truth_matches_construction(const GeneratedData& g, const RelevanceOptions& o,
                                       const std::vector<std::size_t>& partition) {
  const Truth& t = g.truth;
  const std::size_t S = o.n_strong, W = o.n_weak, R = o.n_repeated, D = o.n_features;
  std::vector<int> cls(D, 0), grp(D, 0);
  std::size_t col = 0;
  for (; col < S; ++col) cls[col] = 2;
  for (std::size_t gi = 0; gi < partition.size(); ++gi)
    for (std::size_t l = 0; l < partition[gi]; ++l, ++col) {
      cls[col] = 1;
      grp[col] = static_cast<int>(gi + 1);
    }
  ASSERT_EQ(col, S + W);
  int next = static_cast<int>(partition.size()) + 1;
  for (; col < S + W + R; ++col) {
    ASSERT_TRUE(t.repeat_of[col].has_value()) << "column " << col;
    const std::size_t src = *t.repeat_of[col];
    ASSERT_LT(src, col);  // drawn from the columns already filled
    // sigma = 0 in these tests: a repeat is an exact copy.
    EXPECT_EQ(g.X.col(static_cast<Eigen::Index>(col)), g.X.col(static_cast<Eigen::Index>(src)));
    if (cls[src] == 2) {
      cls[src] = 1;
      grp[src] = next++;
    }
    cls[col] = 1;
    grp[col] = grp[src];
  }
  for (std::size_t j = 0; j < S + W; ++j) EXPECT_FALSE(t.repeat_of[j].has_value());
  for (std::size_t j = S + W + R; j < D; ++j) EXPECT_FALSE(t.repeat_of[j].has_value());
  EXPECT_EQ(t.classes, cls);
  EXPECT_EQ(t.groups, grp);
  for (std::size_t j = 0; j < D; ++j) {
    EXPECT_EQ(t.roles[j], cls[j] == 2 ? "strong" : cls[j] == 1 ? "weak" : "irrelevant");
    EXPECT_EQ(t.relevant[j], cls[j] > 0);
  }
}

TEST(RelevanceGenerator, TruthMatchesConstruction) {
  for (std::uint64_t seed = 0; seed < 8; ++seed) {
    RelevanceOptions o = opts(50, 20, 3, 5);
    o.partition = {2, 3};
    o.n_repeated = 6;
    o.noise = 0.0;
    const GeneratedData g = generate_relevance(o, seed);
    expect_truth_matches_construction(g, o, o.partition);
    EXPECT_EQ(g.truth.kind, "relevance");
    EXPECT_EQ(g.truth.task, "classification");
    EXPECT_EQ(g.truth.seed, seed);
  }
  // Regression and ordinal truths follow the same rules.
  RelevanceOptions o = opts(30, 12, 2, 4);
  o.n_repeated = 3;
  o.task = "ordinal";
  expect_truth_matches_construction(generate_relevance(o, 9), o, {4});
}

TEST(RelevanceGenerator, RepeatOfAStrongColumnMakesBothWeakInANewGroup) {
  // The only filled column is the strong one, so the repeat must copy it.
  RelevanceOptions o = opts(40, 3, 1, 0);
  o.n_repeated = 1;
  o.noise = 0.0;
  const GeneratedData g = generate_relevance(o, 3);
  EXPECT_EQ(g.truth.classes, (std::vector<int>{1, 1, 0}));
  EXPECT_EQ(g.truth.groups, (std::vector<int>{1, 1, 0}));
  EXPECT_EQ(g.truth.roles, (std::vector<std::string>{"weak", "weak", "irrelevant"}));
  EXPECT_EQ(g.truth.relevant, (std::vector<bool>{true, true, false}));
  ASSERT_TRUE(g.truth.repeat_of[1].has_value());
  EXPECT_EQ(*g.truth.repeat_of[1], 0U);
  EXPECT_EQ(g.X.col(0), g.X.col(1));

  // Next to an existing weak group the new group takes the next id; with noise the copy is close, not equal.
  o = opts(400, 5, 1, 2);
  o.n_repeated = 1;
  o.noise = 0.1;
  bool saw_strong_copy = false;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const GeneratedData h = generate_relevance(o, seed);
    if (*h.truth.repeat_of[3] != 0) continue;
    saw_strong_copy = true;
    EXPECT_EQ(h.truth.classes, (std::vector<int>{1, 1, 1, 1, 0}));
    EXPECT_EQ(h.truth.groups, (std::vector<int>{2, 1, 1, 2, 0}));
    const Eigen::VectorXd diff = h.X.col(3) - h.X.col(0);
    const double sd = std::sqrt((diff.array() - diff.mean()).square().mean());
    EXPECT_NEAR(sd, 0.1 * std::sqrt(2.0), 0.02);  // independent noise on source and copy
  }
  EXPECT_TRUE(saw_strong_copy);
}

TEST(RelevanceGenerator, SigmaZeroMakesStandardisedWeakGroupsIdentical) {
  for (const char* task : {"classification", "regression", "ordinal"}) {
    RelevanceOptions o = opts(60, 15, 2, 7);
    o.task = task;
    o.partition = {3, 4};
    o.n_repeated = 3;
    o.noise = 0.0;
    const GeneratedData g = generate_relevance(o, 11);
    std::map<int, std::vector<std::size_t>> members;
    for (std::size_t j = 0; j < g.truth.groups.size(); ++j)
      if (g.truth.groups[j] > 0) members[g.truth.groups[j]].push_back(j);
    ASSERT_GE(members.size(), 2U);
    for (const auto& [id, cols] : members) {
      ASSERT_GE(cols.size(), 2U) << "group " << id;
      const Eigen::VectorXd first = standardised(g.X.col(static_cast<Eigen::Index>(cols[0])));
      for (std::size_t c : cols)
        EXPECT_LT((standardised(g.X.col(static_cast<Eigen::Index>(c))) - first).cwiseAbs().maxCoeff(), 1e-9)
            << task << " group " << id << " column " << c;
    }
    // Members of different groups, and strong columns, are not copies of each other.
    EXPECT_GT((standardised(g.X.col(2)) - standardised(g.X.col(5))).cwiseAbs().maxCoeff(), 0.1);
  }
}

TEST(RelevanceGenerator, LinearClassesAreSeparableOnTheRelevantColumns) {
  // y = sign(sum of the latent variables) is a linear function of the relevant columns at sigma = 0. OLS of the
  // ±1 labels is a consistent estimate of that direction (Gaussian design), so it is nearly perfect in-sample.
  for (std::uint64_t seed = 0; seed < 3; ++seed) {
    RelevanceOptions o = opts(4000, 10, 2, 2);
    o.noise = 0.0;
    const GeneratedData g = generate_relevance(o, seed);
    EXPECT_GE(ols_accuracy(columns(g.X, relevant_columns(g.truth)), g.y), 0.99) << "seed " << seed;
    // The irrelevant columns carry nothing.
    EXPECT_LT(ols_accuracy(columns(g.X, {4, 5, 6, 7, 8, 9}), g.y), 0.6) << "seed " << seed;
  }
}

TEST(RelevanceGenerator, RegressionIsExplainedByTheRelevantColumns) {
  // Defaults for regression: sigma = 0 and tau = 0, so y = 0.3 * (sum of latents) exactly.
  RelevanceOptions o = opts(500, 6, 2, 0);
  o.task = "regression";
  GeneratedData g = generate_relevance(o, 1);
  EXPECT_GT(ols_r2(columns(g.X, relevant_columns(g.truth)), g.y), 1 - 1e-10);
  // With feature and target noise it stays above the spec's 0.9 (docs/generate.md#relevance-generator; OLS stands in for the SVR).
  for (std::uint64_t seed = 0; seed < 3; ++seed) {
    o.noise = 0.1;
    o.target_noise = 0.1;
    g = generate_relevance(o, seed);
    EXPECT_GT(ols_r2(columns(g.X, relevant_columns(g.truth)), g.y), 0.9) << "seed " << seed;
    EXPECT_GT(ols_r2(g.X, g.y), 0.9) << "seed " << seed;
  }
}

TEST(RelevanceGenerator, NonlinearDataDefeatALinearClassifier) {
  // The sets of docs/boruta.md#paper-targets (NL1: 10 strong; NL2: 4 strong, 10 weak; n = 1000, sigma = 0.1) and a
  // two-latent case (no strong columns, groups [2, 4]).
  //
  // The generator checks (docs/generate.md#generator-checks) ask for a linear training accuracy < 0.65, but its own construction (4 clusters on random
  // vertices of {±0.5}^k, spread by N(0, I)·A_c) does not give that: the two class means differ, and over 40 seeds
  // per set the OLS classifier reached 0.66–0.72 on average (0.51–0.87 per seed; more for larger D). The
  // construction is what the spec fixes (and what the docs/boruta.md#paper-targets targets were measured on), so this test checks what it
  // does guarantee: far below the linear data of the same shape, which the same classifier nearly separates.
  // The other half of the generator check of docs/generate.md#generator-checks (a 20-tree random forest reaches > 0.95 training accuracy) belongs to
  // the forest's tests once src/models/forest exists.
  struct Case {
    std::size_t D, S, W;
  };
  for (const Case c : {Case{20, 10, 0}, Case{20, 4, 10}, Case{10, 0, 6}}) {
    double sum = 0, linear_sum = 0;
    const int seeds = 8;
    for (std::uint64_t seed = 0; seed < seeds; ++seed) {
      RelevanceOptions o = opts(1000, c.D, c.S, c.W);
      o.nonlinear = true;
      const double acc = ols_accuracy(generate_relevance(o, seed).X, generate_relevance(o, seed).y);
      o.nonlinear = false;
      const GeneratedData lin = generate_relevance(o, seed);
      const double linear_acc = ols_accuracy(lin.X, lin.y);
      EXPECT_LT(acc, 0.9) << "D " << c.D << " S " << c.S << " W " << c.W << " seed " << seed;
      EXPECT_GT(linear_acc, 0.95) << "D " << c.D << " S " << c.S << " W " << c.W << " seed " << seed;
      sum += acc;
      linear_sum += linear_acc;
    }
    EXPECT_LT(sum / seeds, 0.75) << "D " << c.D << " S " << c.S << " W " << c.W;
    EXPECT_GT((linear_sum - sum) / seeds, 0.2) << "D " << c.D << " S " << c.S << " W " << c.W;
  }
}

TEST(RelevanceGenerator, LabelBalance) {
  // Linear: P(sum of latents > 0) = 1/2.
  RelevanceOptions o = opts(2000, 8, 2, 2);
  const GeneratedData g = generate_relevance(o, 5);
  const double pos = static_cast<double>((g.y.array() > 0).count()) / 2000.0;
  EXPECT_GT(pos, 0.45);
  EXPECT_LT(pos, 0.55);
  EXPECT_EQ((g.y.array().abs() == 1.0).count(), 2000);
  // Non-linear: clusters of ⌊N/4⌋ (+1 for the first N mod 4), labels -1, +1, -1, +1.
  o.nonlinear = true;
  o.n_samples = 1002;
  const GeneratedData h = generate_relevance(o, 5);
  EXPECT_EQ((h.y.array() > 0).count(), 251 + 250);
  EXPECT_EQ((h.y.array() < 0).count(), 251 + 250);
}

TEST(RelevanceGenerator, FlipsNegateExactlyFloorFN) {
  // Linear data keep their row order, and the flip rows are drawn after everything that defines X and the clean
  // labels, so the same seed at f = 0 gives the same labels but for the flipped rows.
  struct Case {
    std::size_t N;
    double f;
    Eigen::Index expected;
  };
  for (const Case c : {Case{200, 0.1, 20}, Case{100, 0.29, 29}, Case{7, 0.5, 3}, Case{2, 0.4, 0}}) {
    RelevanceOptions o = opts(c.N, 6, 2, 2);
    const GeneratedData clean = generate_relevance(o, 21);
    o.flip_y = c.f;
    const GeneratedData flipped = generate_relevance(o, 21);
    EXPECT_EQ((clean.y.array() != flipped.y.array()).count(), c.expected) << "N " << c.N << " f " << c.f;
    EXPECT_EQ(((clean.y + flipped.y).array() == 0).count(), c.expected);  // changed rows are negated
  }
  // Non-linear rows are shuffled after the noise, so the row order differs; at sigma = 0 the rows are the same
  // points, so match them by their first value and count the changed labels.
  RelevanceOptions o = opts(400, 6, 2, 2);
  o.nonlinear = true;
  o.noise = 0.0;
  const GeneratedData clean = generate_relevance(o, 8);
  o.flip_y = 0.15;
  const GeneratedData flipped = generate_relevance(o, 8);
  std::map<double, double> label_of;
  for (Eigen::Index i = 0; i < clean.X.rows(); ++i) label_of[clean.X(i, 0)] = clean.y(i);
  ASSERT_EQ(label_of.size(), 400U);
  Eigen::Index changed = 0;
  for (Eigen::Index i = 0; i < flipped.X.rows(); ++i) {
    ASSERT_EQ(label_of.count(flipped.X(i, 0)), 1U);
    changed += label_of[flipped.X(i, 0)] != flipped.y(i) ? 1 : 0;
  }
  EXPECT_EQ(changed, 60);
}

TEST(RelevanceGenerator, OrdinalLevelsAreRankBlocks) {
  RelevanceOptions o = opts(103, 8, 2, 2);
  o.task = "ordinal";
  o.n_levels = 4;
  o.target_noise = 0.2;
  const GeneratedData ord = generate_relevance(o, 4);
  // ⌊103/4⌋ = 25 rows per level, the remainder 3 in the last level.
  std::vector<int> counts(4, 0);
  for (Eigen::Index i = 0; i < ord.y.size(); ++i) {
    const double v = ord.y(i);
    ASSERT_EQ(v, std::floor(v));
    ASSERT_GE(v, 0);
    ASSERT_LE(v, 3);
    ++counts[static_cast<std::size_t>(v)];
  }
  EXPECT_EQ(counts, (std::vector<int>{25, 25, 25, 28}));
  // Ordinal data are the same seed's regression data with the target replaced by rank blocks.
  o.task = "regression";
  o.n_levels = 3;
  const GeneratedData reg = generate_relevance(o, 4);
  EXPECT_EQ(reg.X, ord.X);
  for (Eigen::Index a = 0; a < reg.y.size(); ++a)
    for (Eigen::Index b = 0; b < reg.y.size(); ++b)
      if (reg.y(a) < reg.y(b)) {
        ASSERT_LE(ord.y(a), ord.y(b));
      }
  // The smallest case: two rows, two levels.
  RelevanceOptions two = opts(2, 3, 1, 0);
  two.task = "ordinal";
  two.n_levels = 2;
  const GeneratedData t = generate_relevance(two, 0);
  EXPECT_EQ(t.y.minCoeff(), 0);
  EXPECT_EQ(t.y.maxCoeff(), 1);
}

TEST(RelevanceGenerator, NoiseIsPerEntryWithSdSigma) {
  // Noise draws are made whatever sigma is, so data at different sigma differ by sigma times the same draws.
  RelevanceOptions o = opts(2000, 10, 3, 3);
  o.noise = 0.0;
  const GeneratedData x0 = generate_relevance(o, 13);
  o.noise = 0.1;
  const GeneratedData x1 = generate_relevance(o, 13);
  o.noise = 0.2;
  const GeneratedData x2 = generate_relevance(o, 13);
  EXPECT_EQ(x0.y, x1.y);
  const Eigen::MatrixXd e1 = x1.X - x0.X, e2 = x2.X - x0.X;
  EXPECT_LT((e2 - 2 * e1).cwiseAbs().maxCoeff(), 1e-12);
  const double sd = std::sqrt(e1.array().square().mean());
  EXPECT_NEAR(sd, 0.1, 0.003);
  // Default sigma: 0.1 for classification, 0 for regression.
  EXPECT_EQ(generate_relevance(opts(20, 4, 1, 2), 0).truth.params["noise"], 0.1);
  RelevanceOptions r = opts(20, 4, 1, 2);
  r.task = "regression";
  EXPECT_EQ(generate_relevance(r, 0).truth.params["noise"], 0.0);
}

TEST(RelevanceGenerator, PresetsProduceTableICounts) {
  struct Row {
    const char* name;
    int strong, weak, irrelevant;
  };
  for (const Row row : {Row{"fri-sim1", 4, 4, 22}, Row{"fri-sim2", 12, 8, 10}, Row{"fri-sim3", 4, 0, 26},
                        Row{"fri-sim4", 18, 0, 12}, Row{"fri-sim5", 0, 20, 10}}) {
    const RelevanceOptions o = relevance_preset(row.name);
    EXPECT_EQ(o.task, "classification");
    EXPECT_EQ(o.n_samples, 500U);
    EXPECT_EQ(o.n_features, 30U);
    ASSERT_TRUE(o.noise.has_value());
    EXPECT_EQ(*o.noise, 0.0);
    EXPECT_EQ(o.flip_y, 0.0);
    const GeneratedData g = generate_relevance(o, 0);
    expect_shape(g, 500, 30);
    const auto& c = g.truth.classes;
    EXPECT_EQ(std::count(c.begin(), c.end(), 2), row.strong) << row.name;
    EXPECT_EQ(std::count(c.begin(), c.end(), 1), row.weak) << row.name;
    EXPECT_EQ(std::count(c.begin(), c.end(), 0), row.irrelevant) << row.name;
    EXPECT_EQ(g.truth.params["preset"], row.name);
    EXPECT_EQ(g.truth.params["noise"], 0.0);
  }
}

TEST(RelevanceGenerator, SameSeedSameBytesDifferentSeedDifferentBytes) {
  std::vector<RelevanceOptions> cases(4, opts(30, 7, 2, 2));
  cases[1].task = "regression";
  cases[1].target_noise = 0.3;
  cases[2].task = "ordinal";
  cases[3].nonlinear = true;
  cases[3].flip_y = 0.1;
  cases[3].n_repeated = 2;
  for (const RelevanceOptions& o : cases) {
    const std::string a = generate_relevance(o, 77).to_csv();
    EXPECT_EQ(a, generate_relevance(o, 77).to_csv()) << o.task;
    EXPECT_NE(a, generate_relevance(o, 78).to_csv()) << o.task;
    EXPECT_EQ(generate_relevance(o, 77).truth.to_json().dump(), generate_relevance(o, 77).truth.to_json().dump());
  }
}

TEST(RelevanceGenerator, CsvLayout) {
  RelevanceOptions o = opts(3, 2, 1, 0);
  const GeneratedData g = generate_relevance(o, 1);
  const std::string csv = g.to_csv();
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "x0,x1,y");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 4);
  // Each line ends with the label as -1 or 1.
  std::size_t pos = csv.find('\n') + 1;
  for (Eigen::Index i = 0; i < 3; ++i) {
    const std::size_t end = csv.find('\n', pos);
    const std::string line = csv.substr(pos, end - pos);
    const std::string label = line.substr(line.rfind(',') + 1);
    EXPECT_EQ(label, g.y(i) > 0 ? "1" : "-1");
    pos = end + 1;
  }
  RelevanceOptions ord = opts(4, 2, 1, 0);
  ord.task = "ordinal";
  ord.n_levels = 2;
  const std::string oc = generate_relevance(ord, 1).to_csv();
  EXPECT_EQ(oc.find('.', oc.rfind(',')), std::string::npos);  // the last label is an integer
}

}  // namespace
}  // namespace featrel::gen
