// UBayFS admissibility and objective against hand-computed values (docs/ubayfs.md#admissibility, docs/ubayfs.md#objective-and-ties), enumeration against branch
// and bound on random problems, the input files, bad input (docs/ubayfs.md#errors-and-edge-cases) and thread-count independence.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "featrel/ubayfs_inputs.hpp"
#include "featrel/error.hpp"
#include "featrel/result_json.hpp"
#include "featrel/rng.hpp"
#include "ubayfs_cases.hpp"

namespace featrel::ubayfs {
namespace {

using namespace cases;

CountsInput small_counts(std::vector<double> y) {
  std::vector<std::string> names;
  for (std::size_t j = 0; j < y.size(); ++j) names.push_back("f" + std::to_string(j));
  return {names, std::move(y), 10, "<test>"};
}

Problem problem_of(const CountsInput& in, const Options& o) {
  RunContext ctx;
  ctx.threads = 1;
  return optimise(in, o, ctx).problem;
}

TEST(UbayfsObjective, ReferenceAdmissibilityOfOneViolatedUnit) {
  // One unit over a max-size row costs 2/(1 + e^ρ): 0.5379 at ρ = 1, 0.9500 at 0.1, 9.08e-5 at 10.
  const double expected[3][2] = {{1.0, 0.5378828427}, {0.1, 0.9500416250}, {10.0, 9.0795737e-5}};
  for (const auto& [rho, rounded] : expected) {
    const double phi = 2 / (1 + std::exp(rho));
    EXPECT_NEAR(phi, rounded, 1e-10);
    Options o;
    o.constraints = {max_size(1, rho)};
    const Problem p = problem_of(small_counts({4, 3, 2}), o);
    const SetEvaluation e = evaluate_set(p, {0, 1});
    EXPECT_NEAR(e.admissibility, phi, 1e-14);
    EXPECT_EQ(e.violated_rows, (std::vector<std::size_t>{0}));
    // F = ln(θ̂ᵀδ + λ·adm) with θ̂ = (α + y)/Σ(α + y) = (5, 4, 3)/12.
    EXPECT_NEAR(e.log_objective, std::log(9.0 / 12 + phi), 1e-12);
    EXPECT_NEAR(e.total_utility, 9.0 / 12 - (1 - phi), 1e-12);
    EXPECT_NEAR(e.posterior_feature_utility, 0.75, 1e-15);
  }
}

TEST(UbayfsObjective, ReferenceAdmissibilityOfSeveralViolatedUnits) {
  // v units over a max-size row cost φ = 2/(1 + e^{ρv}): at ρ = 1, 0.2384058440 for v = 2 and 0.0948517464 for
  // v = 3; at ρ = 0.1, 0.9003320054 and 0.8511149664. A set within the row (v ≤ 0) has φ = 1.
  struct Case {
    double rho;
    std::vector<std::size_t> set;
    double v, rounded;
  };
  const Case cases[] = {{1.0, {0}, 0, 1.0},          {1.0, {0, 1, 2}, 2, 0.2384058440},
                        {1.0, {0, 1, 2, 3}, 3, 0.0948517464}, {0.1, {0, 1, 2}, 2, 0.9003320054},
                        {0.1, {0, 1, 2, 3}, 3, 0.8511149664}};
  for (const Case& c : cases) {
    const double phi = 2 / (1 + std::exp(c.rho * c.v));
    EXPECT_NEAR(phi, c.rounded, 1e-10);
    Options o;
    o.constraints = {max_size(1, c.rho)};
    const Problem p = problem_of(small_counts({4, 3, 2, 1}), o);
    const SetEvaluation e = evaluate_set(p, c.set);
    EXPECT_NEAR(e.admissibility, phi, 1e-14) << "rho " << c.rho << " v " << c.v;
    EXPECT_NEAR(e.log_admissibility, std::log(phi), 1e-12) << "rho " << c.rho << " v " << c.v;
    EXPECT_EQ(e.violated_rows, c.v > 0 ? std::vector<std::size_t>{0} : std::vector<std::size_t>{});
    // θ̂ = (α + y)/Σ(α + y) = (5, 4, 3, 2)/14; F = ln(θ̂ᵀδ + adm).
    double theta = 0;
    for (std::size_t j : c.set) theta += (5.0 - double(j)) / 14;
    EXPECT_NEAR(e.log_objective, std::log(theta + phi), 1e-12);
    EXPECT_NEAR(e.total_utility, theta - (1 - phi), 1e-12);
  }
}

TEST(UbayfsObjective, PaperAdmissibilityScalesRhoAndShiftsByEpsilon) {
  Options o;
  o.constraints = {max_size(1, 0.1), link(RowKind::cannot_link, {"f0", "f2"}, kHard)};
  o.admissibility = AdmissibilityMode::paper;
  o.lambda = 2.0;
  const Problem p = problem_of(small_counts({4, 3, 2}), o);
  // ρ̃ = 0.1·12 = 1.2; every soft row counts: σ(1.2·(1 + 0.5 − u)).
  auto sigma = [](double x) { return 1 / (1 + std::exp(-x)); };
  const SetEvaluation one = evaluate_set(p, {0});
  EXPECT_NEAR(one.admissibility, sigma(1.2 * 0.5), 1e-12);
  const SetEvaluation two = evaluate_set(p, {0, 1});
  EXPECT_NEAR(two.admissibility, sigma(1.2 * -0.5), 1e-12);
  EXPECT_NEAR(two.log_objective, std::log(0.75 + 2.0 * sigma(-0.6)), 1e-12);
  // A hard row is an indicator in both modes; featrel scoring makes a violating set −∞.
  const SetEvaluation bad = evaluate_set(p, {0, 2});
  EXPECT_EQ(bad.admissibility, 0.0);
  EXPECT_EQ(bad.log_objective, -std::numeric_limits<double>::infinity());
  EXPECT_EQ(bad.violated_rows.size(), 2u);
}

TEST(UbayfsObjective, BlockRowsSeeBlockStates) {
  Options o;
  o.blocks = {{"a", {"f0", "f1"}}, {"b", {"f2", "f3"}}};
  o.constraints = {max_size(4, kHard), max_size(1, 1.0, Level::block)};
  const Problem p = problem_of(small_counts({1, 1, 1, 1}), o);
  EXPECT_DOUBLE_EQ(evaluate_set(p, {0, 1}).admissibility, 1.0);  // one block on
  EXPECT_NEAR(evaluate_set(p, {0, 2}).admissibility, 2 / (1 + std::exp(1.0)), 1e-12);
  EXPECT_NEAR(evaluate_set(p, {0, 1, 2, 3}).admissibility, 2 / (1 + std::exp(1.0)), 1e-12);
}

// Branch and bound and Gray-code enumeration agree (sets and ties) on random constrained problems.
TEST(UbayfsObjective, ExactAgreesWithEnumerationOnRandomProblems) {
  for (std::uint64_t seed = 0; seed < 12; ++seed) {
    rng::Rng r(rng::derive(seed, "problem"));
    const std::size_t n = 10 + r.bounded(5);
    std::vector<double> y(n);
    for (double& v : y) v = static_cast<double>(r.bounded(4)) * 3;  // many equal counts → ties
    Options o;
    o.constraints = {max_size(static_cast<double>(2 + r.bounded(4)), seed % 3 == 0 ? kHard : 0.5 + r.uniform())};
    o.constraints.push_back(link(RowKind::must_link, {"f0", "f1", "f" + std::to_string(2 + r.bounded(n - 2))},
                                 seed % 2 ? kHard : 0.3));
    o.constraints.push_back(link(RowKind::cannot_link, {"f3", "f4", "f5"}, 1.0 + r.uniform()));
    o.blocks = {{"x", {"f6", "f7"}}, {"z", {"f8", "f9", "f0"}}};
    o.constraints.push_back(max_size(1, 2.0, Level::block));
    o.lambda = 0.5 + r.uniform();
    o.max_ties = 5000;
    RunContext ctx;
    ctx.threads = 2;
    o.optimizer = OptimizerKind::exact;
    const Result a = optimise(small_counts(y), o, ctx);
    o.optimizer = OptimizerKind::enumerate;
    const Result b = optimise(small_counts(y), o, ctx);
    ASSERT_EQ(a.optima.size(), b.optima.size()) << "seed " << seed;
    for (std::size_t i = 0; i < a.optima.size(); ++i) EXPECT_EQ(a.optima[i].features, b.optima[i].features);
    EXPECT_TRUE(a.optimizer.proven_optimal);
  }
}

TEST(UbayfsObjective, ResultIsIdenticalForAnyThreadCount) {
  for (auto kind : {OptimizerKind::ga, OptimizerKind::mh, OptimizerKind::enumerate}) {
    Options o = block_case();
    o.optimizer = kind;
    o.mh_chains = 20;
    o.mh_steps = 30;
    o.enumerate_max_n = 30;
    CountsInput in = counts(y_s1);
    if (kind == OptimizerKind::enumerate) {  // 2^18 sets: keep the first 18 features
      in.feature_names.resize(18);
      in.counts.resize(18);
      o.blocks = {{"mean", {"0..9"}}, {"error", {"10..17"}}};
      o.block_weights = {{"mean", 0.5}, {"error", 1.0}};
    }
    std::string json[2];
    for (int t = 0; t < 2; ++t) {
      RunContext ctx;
      ctx.seed = 7;
      ctx.threads = t == 0 ? 1 : 4;
      json[t] = report::json_text(report::strip_timing(optimise(in, o, ctx).to_json()));
    }
    EXPECT_EQ(json[0], json[1]) << to_string(kind);
  }
}

TEST(UbayfsObjective, MhReportsInclusionFrequencies) {
  Options o = max_size_case();
  o.optimizer = OptimizerKind::mh;
  o.mh_chains = 30;
  o.mh_steps = 40;
  RunContext ctx;
  ctx.seed = 3;
  const Result r = optimise(counts(y_s1), o, ctx);
  ASSERT_EQ(r.mh_inclusion.size(), 30u);
  ASSERT_TRUE(r.optimizer.mh.has_value());
  EXPECT_EQ(r.optimizer.mh->proposal_sample, 1200u);
  EXPECT_GT(r.optimizer.mh->acceptance_rate, 0.0);
  // Features every ensemble model chose dominate the posterior; never-chosen ones are rare.
  EXPECT_GT(r.mh_inclusion[22], 0.9);
  EXPECT_LT(r.mh_inclusion[0], 0.3);
  ASSERT_FALSE(r.optima.empty());
  EXPECT_TRUE(r.optima[0].mh_frequency.has_value());
  const auto j = r.to_json();
  EXPECT_TRUE(j["features"][22]["mh_inclusion_frequency"].is_number());
}

TEST(UbayfsObjective, CountsAndConstraintFilesParse) {
  const CountsInput in = parse_counts_csv("# n_models: 100\nfeature,count\n\"a, b\",3\nc,0\n", "c.csv");
  EXPECT_EQ(in.feature_names, (std::vector<std::string>{"a, b", "c"}));
  EXPECT_EQ(in.counts, (std::vector<double>{3, 0}));
  EXPECT_EQ(in.n_models, 100u);
  EXPECT_THROW(parse_counts_csv("feature,count\na,3\n", "c.csv"), InputError);           // no M
  EXPECT_THROW(parse_counts_csv("feature,count\na,-1\n", "c.csv", 5), InputError);       // negative
  EXPECT_THROW(parse_counts_csv("# n_models: 1e60\nfeature,count\na,3\n", "c.csv"), InputError);  // beyond 1e9
  EXPECT_THROW(parse_counts_csv("name,value\na,1\n", "c.csv", 5), InputError);           // header

  const ConstraintsFile f = parse_constraints_json(R"({
    "blocks": {"mean": ["mean radius", 1], "worst": ["20..29"]},
    "constraints": [
      {"type": "max_size", "size": 10, "rho": "inf"},
      {"type": "must_link", "features": ["mean radius", "radius error"], "rho": 0.1},
      {"type": "cannot_link", "level": "block", "blocks": ["mean", "worst"]},
      {"type": "linear", "coefficients": {"mean texture": 1, "worst texture": -1}, "b": 0}
    ],
    "groups": [{"name": "g", "blocks": [[0, 1], [2]], "A": [[1, 1]], "b": [1], "rho": [2]}]
  })", "k.json");
  ASSERT_EQ(f.constraints.size(), 4u);
  EXPECT_EQ(f.constraints[0].rho, kHard);
  std::vector<std::string> warnings;
  const auto blocks = resolve_blocks(f.blocks, bcw().feature_names);
  EXPECT_EQ(blocks[0].members, (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(blocks[1].members.size(), 10u);
  const auto groups = resolve_constraints(f.constraints, f.groups, blocks, bcw().feature_names, std::nullopt, nullptr,
                                          warnings);
  ASSERT_EQ(groups.size(), 3u);
  EXPECT_EQ(groups[0].rows.size(), 1u + 2u + 1u);  // max-size, 2 ordered must-link rows, the linear row
  EXPECT_EQ(groups[1].rows[0].a, (std::vector<std::pair<std::size_t, double>>{{0, 1.0}, {1, 1.0}}));
  EXPECT_EQ(groups[2].rows[0].rho, 2.0);

  const ConstraintSpec ml = parse_constraint_flag(RowKind::must_link, Level::feature, "a,b,c@0.5", "--must-link");
  EXPECT_EQ(ml.members, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(ml.rho, 0.5);
  const ConstraintSpec lin = parse_constraint_flag(RowKind::linear, Level::feature, "x=1,y=-2<=3@inf", "--linear");
  EXPECT_EQ(lin.coefficients.size(), 2u);
  EXPECT_EQ(lin.b, 3.0);
  EXPECT_EQ(lin.rho, kHard);
}

TEST(UbayfsObjective, DecorrelationRowsFollowSpearman) {
  // bcw's radius, perimeter and area columns are almost perfectly rank-correlated: level 0.99 links them.
  Options o = max_size_case();
  o.decorrelate = 0.99;
  RunContext ctx;
  const Result r = optimise(counts(y_s1), o, ctx, &bcw());
  std::vector<const Row*> rows;
  for (const Group& g : r.problem.groups)
    for (const Row& row : g.rows)
      if (row.kind == RowKind::decorrelation) rows.push_back(&row);
  ASSERT_FALSE(rows.empty());
  for (const Row* row : rows) {
    ASSERT_EQ(row->a.size(), 2u);
    EXPECT_EQ(row->b, 1.0);
    const double c = row->rho / (1 + row->rho);  // ρ = c/(1 − c)
    EXPECT_GT(c, 0.99);
  }
  const bool radius_area = std::any_of(rows.begin(), rows.end(), [](const Row* row) {
    return row->a[0].first == 0 && row->a[1].first == 3;
  });
  EXPECT_TRUE(radius_area);
  // Every optimum respects the strongly weighted decorrelation rows.
  EXPECT_TRUE(r.optima[0].violated_rows.empty());
  Options no_data = o;
  EXPECT_THROW(optimise(counts(y_s1), no_data, ctx), InputError);
}

// Five columns f0…f4 of 40 rows, f3 and f4 constant; the target alternates.
Dataset two_constant_columns() {
  rng::Rng r(3);
  Eigen::MatrixXd X(40, 5);
  std::vector<std::string> y;
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    for (Eigen::Index j = 0; j < 3; ++j) X(i, j) = r.normal();
    X(i, 3) = 1.0;
    X(i, 4) = -2.0;
    y.push_back(i % 2 ? "a" : "b");
  }
  return make_dataset(X, {"f0", "f1", "f2", "f3", "f4"}, y, CsvOptions{});
}

TEST(UbayfsObjective, ConstantColumnsAreOutOfTheModel) {
  // Counts (10, 8, 0) on f0…f2 and none on the constant f3, f4; at most 3 features. The model is that of the data
  // without f3 and f4: θ̂ = (11, 9, 1)/21 and the optimum {f0, f1, f2}, where a prior weight on f3 and f4 would
  // have tied them with f2.
  const Dataset data = two_constant_columns();
  ASSERT_EQ(data.constant, (std::vector<bool>{false, false, false, true, true}));
  Options o;
  o.constraints = {max_size(3, 1.0)};
  RunContext ctx;
  const Result r = optimise(small_counts({10, 8, 0, 0, 0}), o, ctx, &data);
  ASSERT_EQ(r.optima.size(), 1u);
  EXPECT_EQ(r.optima[0].features, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(r.posterior_mean, (std::vector<double>{11.0 / 21, 9.0 / 21, 1.0 / 21, 0, 0}));
  const Result dropped = optimise(small_counts({10, 8, 0}), o, ctx);
  EXPECT_EQ(r.optima[0].log_objective, dropped.optima[0].log_objective);
  const report::Json j = r.to_json();
  EXPECT_EQ(j["features"][3]["constant"], true);
  EXPECT_EQ(j["features"][3]["selected"], false);
  EXPECT_EQ(j["selected"], report::Json::array({0, 1, 2}));
  // A hard must-link with a constant column, which is never selected, keeps its partner out too.
  o.constraints.push_back(link(RowKind::must_link, {"f2", "f3"}, kHard));
  EXPECT_EQ(optimise(small_counts({10, 8, 0, 0, 0}), o, ctx, &data).optima[0].features,
            (std::vector<std::size_t>{0, 1}));
  // A count that another tool gave a constant column is left out with the column, and said so.
  const Result counted = optimise(small_counts({10, 8, 0, 5, 0}), o, ctx, &data);
  EXPECT_EQ(counted.posterior_mean[3], 0.0);
  EXPECT_TRUE(std::any_of(counted.warnings.begin(), counted.warnings.end(), [](const std::string& w) {
    return w.find("constant in the data a count ('f3')") != std::string::npos;
  }));
}

TEST(UbayfsObjective, BadInputRaisesClearErrors) {
  RunContext ctx;
  auto fails = [&](Options o, CountsInput in, const std::string& needle) {
    try {
      optimise(in, o, ctx);
      ADD_FAILURE() << "no error for " << needle;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  const CountsInput in = counts(y_s1);
  fails(Options{}, in, "needs --max-size");
  Options o = max_size_case();
  CountsInput m0 = in;
  m0.n_models = 0;
  fails(o, m0, "M must be >= 1");
  Options neg = max_size_case();
  neg.weights = std::vector<double>{1.0, -2.0};
  fails(neg, in, "--weights has 2 values");
  neg.weights = std::vector<double>{-1.0};
  fails(neg, in, "must be finite and > 0");
  Options unknown = max_size_case();
  unknown.constraints.push_back(link(RowKind::must_link, {"mean radius", "no such feature"}, 1.0));
  fails(unknown, in, "unknown feature 'no such feature'");
  Options lonely = max_size_case();
  lonely.constraints.push_back(link(RowKind::cannot_link, {"0", "0"}, 1.0));
  fails(lonely, in, "at least 2 different features");
  Options rho = max_size_case(-1.0);
  fails(rho, in, "rho must be >= 0");
  Options lam = max_size_case();
  lam.lambda = 0;
  fails(lam, in, "option 'lambda'");
  Options noblock = max_size_case();
  noblock.constraints.push_back(max_size(1, 1.0, Level::block));
  fails(noblock, in, "no blocks are defined");
  Options bw = max_size_case();
  bw.blocks = {{"mean", {"0..9"}}};
  bw.block_weights = {{"mean", 1.0}};
  fails(bw, in, "is in no weighted block");
  Options grp = max_size_case();
  grp.groups = {{"g", {{"0"}, {"1"}}, {{1.0, 1.0, 1.0}}, {1.0}, {1.0}}};
  fails(grp, in, "row 1 of group 'g' has 3 coefficients");
  Options ga = max_size_case();
  ga.optimizer = OptimizerKind::ga;
  ga.pop_size = 5;
  fails(ga, in, "option 'pop_size'");
  Options en = max_size_case();
  en.optimizer = OptimizerKind::enumerate;
  en.constraints.push_back(link(RowKind::cannot_link, {"0", "1"}, 1.0));
  CountsInput big = small_counts(std::vector<double>(31, 1.0));
  fails(en, big, "N <= 30");
  CountsInput over = in;
  over.counts[0] = 101;
  fails(o, over, "exceeds the number of elementary models");
  // At most 0 features (a constraints file's max_size 0): refused at feature level; a block-level 0 is allowed.
  Options none;
  none.constraints = {max_size(0, kHard)};
  fails(none, in, "max-size must be a number >= 1");
  Options no_block = max_size_case();
  no_block.blocks = {{"mean", {"0..9"}}};
  no_block.constraints.push_back(max_size(0, kHard, Level::block));
  EXPECT_NO_THROW(optimise(in, no_block, RunContext{}));
  // Contradictory hard rows: features 0 and 1 required (−δ0 − δ1 ≤ −2) but at most 1 feature.
  Options inf;
  inf.constraints = {max_size(1, kHard)};
  ConstraintSpec need;
  need.kind = RowKind::linear;
  need.coefficients = {{"0", -1.0}, {"1", -1.0}};
  need.b = -2;
  need.rho = kHard;
  inf.constraints.push_back(need);
  fails(inf, in, "hard constraints are infeasible");
}

}  // namespace
}  // namespace featrel::ubayfs
