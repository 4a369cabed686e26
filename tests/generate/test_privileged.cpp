// `generate --privileged` (docs/generate.md#privileged-lupi-data): the column layout, the privileged block
// against the plain generator at sigma = 0, the normal block's noise scale, labels from the privileged block only,
// the truth of both blocks, reproducibility and every option error.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string>

#include "featrel/error.hpp"
#include "featrel/generate.hpp"
#include "helpers.hpp"

namespace featrel::gen {
namespace {

using test::expect_input_error;

RelevanceOptions lupi(std::size_t N, std::size_t D, std::size_t S, std::size_t W) {
  RelevanceOptions o = test::opts(N, D, S, W);
  o.privileged = true;
  return o;
}

// Population SD of all entries.
double sd_all(const Eigen::MatrixXd& M) { return std::sqrt((M.array() - M.mean()).square().mean()); }

TEST(PrivilegedGenerator, LayoutIsNormalBlockThenPrivilegedBlockThenY) {
  const GeneratedData g = generate_relevance(lupi(30, 4, 1, 2), 5);
  ASSERT_EQ(g.X.rows(), 30);
  ASSERT_EQ(g.X.cols(), 8);
  const std::vector<std::string> names = {"x0", "x1", "x2", "x3", "p0", "p1", "p2", "p3"};
  EXPECT_EQ(g.names, names);
  EXPECT_EQ(g.truth.names, names);
  const std::string csv = g.to_csv();
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "x0,x1,x2,x3,p0,p1,p2,p3,y");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 31);
  const Truth& t = g.truth;
  for (const auto* v : {&t.roles, &t.block}) EXPECT_EQ(v->size(), 8U);
  EXPECT_EQ(t.relevant.size(), 8U);
  EXPECT_EQ(t.classes.size(), 8U);
  EXPECT_EQ(t.groups.size(), 8U);
  EXPECT_EQ(t.repeat_of.size(), 8U);
  for (std::size_t j = 0; j < 8; ++j) EXPECT_EQ(t.block[j], j < 4 ? "normal" : "privileged") << j;
  // A Dataset sees all 2D columns.
  EXPECT_EQ(g.to_dataset().n_features(), 8U);
}

// The draw order puts the normal block's noise after every plain draw, so the privileged block, the labels and
// the plain part of the truth are exactly the plain generator's output at sigma = 0 with the same seed.
TEST(PrivilegedGenerator, PrivilegedBlockIsThePlainGeneratorWithoutNoise) {
  for (const char* task : {"classification", "regression", "ordinal"}) {
    SCOPED_TRACE(task);
    RelevanceOptions o = lupi(60, 12, 2, 5);
    o.task = task;
    o.partition = {3, 2};
    o.n_repeated = 3;
    if (o.task == "classification") o.flip_y = 0.1;
    else o.target_noise = 0.2;
    if (o.task == "ordinal") o.n_levels = 4;
    const GeneratedData g = generate_relevance(o, 77);
    RelevanceOptions plain = o;
    plain.privileged = false;
    plain.noise = 0.0;
    const GeneratedData p = generate_relevance(plain, 77);
    EXPECT_TRUE(g.X.rightCols(12) == p.X);
    EXPECT_TRUE(g.y == p.y);
    EXPECT_FALSE(g.X.leftCols(12) == p.X);
    // Both blocks carry the plain truth, the privileged one with its groups and repeats moved into its own range.
    const Truth& t = g.truth;
    const int plain_groups = *std::max_element(p.truth.groups.begin(), p.truth.groups.end());
    ASSERT_GE(plain_groups, 2);
    for (std::size_t j = 0; j < 12; ++j) {
      for (std::size_t k : {j, j + 12}) {
        EXPECT_EQ(t.roles[k], p.truth.roles[j]) << k;
        EXPECT_EQ(t.relevant[k], p.truth.relevant[j]) << k;
        EXPECT_EQ(t.classes[k], p.truth.classes[j]) << k;
      }
      EXPECT_EQ(t.groups[j], p.truth.groups[j]) << j;
      EXPECT_EQ(t.groups[j + 12], p.truth.groups[j] == 0 ? 0 : p.truth.groups[j] + plain_groups) << j;
      EXPECT_EQ(t.repeat_of[j], p.truth.repeat_of[j]) << j;
      if (p.truth.repeat_of[j]) {
        EXPECT_EQ(t.repeat_of[j + 12], *p.truth.repeat_of[j] + 12) << j;
        // The privileged copy is exact.
        EXPECT_TRUE(g.X.col(static_cast<Eigen::Index>(j + 12)) ==
                    g.X.col(static_cast<Eigen::Index>(*t.repeat_of[j + 12])));
      } else {
        EXPECT_FALSE(t.repeat_of[j + 12].has_value()) << j;
      }
    }
    EXPECT_EQ(g.truth.params["noise"], 0.0);
    for (const char* key : {"task", "n_samples", "n_features", "n_strong", "n_weak", "partition", "n_repeated",
                            "target_noise", "flip_y", "n_levels"})
      EXPECT_EQ(g.truth.params[key], p.truth.params[key]) << key;
  }
}

TEST(PrivilegedGenerator, WeakPrivilegedColumnsDifferByAConstant) {
  const GeneratedData g = generate_relevance(lupi(200, 6, 1, 4), 3);  // x0 strong, x1..x4 one weak group
  const Eigen::MatrixXd P = g.X.rightCols(6);
  for (Eigen::Index j = 2; j <= 4; ++j) {
    const Eigen::ArrayXd diff = P.col(j).array() - P.col(1).array();
    EXPECT_LT(diff.maxCoeff() - diff.minCoeff(), 1e-12) << j;
  }
}

// The normal block minus the privileged block is the noise: mean 0 and SD c / sd(X*), sd over all N x D privileged
// entries. Six weak columns of ten (offsets U[1, 2)) push sd(X*) above 1.1, so c, c / sd and c * sd differ by
// more than 9% and the 2% bound below separates them. With n = 200,000 entries the relative standard error of an empirical
// SD is 1 / sqrt(2n) = 0.16%, so 2% is over 10 standard errors; per column (20,000 entries, 0.5%) 3% is 6.
TEST(PrivilegedGenerator, NormalBlockNoiseHasTheDocumentedScale) {
  for (const auto& [task, c] : std::vector<std::pair<std::string, double>>{
           {"classification", 0.65}, {"regression", 0.5}, {"ordinal", 0.2}}) {
    SCOPED_TRACE(task);
    RelevanceOptions o = lupi(20000, 10, 2, 6);
    o.task = task;
    const GeneratedData g = generate_relevance(o, 11);
    const Eigen::MatrixXd P = g.X.rightCols(10);
    const Eigen::MatrixXd E = g.X.leftCols(10) - P;
    const double sd_star = sd_all(P);
    ASSERT_GT(sd_star, 1.1);
    const double want = c / sd_star;
    EXPECT_EQ(g.truth.params["privileged_noise"].get<double>(), c);
    EXPECT_NEAR(g.truth.params["privileged_noise_sd"].get<double>(), want, 1e-12 * want);
    EXPECT_NEAR(sd_all(E), want, 0.02 * want);
    EXPECT_LT(std::abs(E.mean()), 5 * want / std::sqrt(200000.0));
    for (Eigen::Index j = 0; j < 10; ++j) EXPECT_NEAR(sd_all(E.col(j)), want, 0.03 * want) << j;
  }
  // An explicit c scales the same draws.
  RelevanceOptions a = lupi(500, 6, 2, 2), b = a;
  b.privileged_noise = 1.3;
  const GeneratedData ga = generate_relevance(a, 4), gb = generate_relevance(b, 4);
  const Eigen::MatrixXd ea = ga.X.leftCols(6) - ga.X.rightCols(6), eb = gb.X.leftCols(6) - gb.X.rightCols(6);
  EXPECT_LT((eb - ea * 2.0).cwiseAbs().maxCoeff(), 1e-9);
}

// Labels come from the clean latent score: with strong columns only, y is sign(sum of p) (classification) or
// 0.3 * sum of p (regression without target noise), and changing the normal block's noise changes no label.
TEST(PrivilegedGenerator, LabelsDependOnThePrivilegedBlockOnly) {
  RelevanceOptions o = lupi(500, 6, 3, 0);
  o.n_repeated = 1;
  const GeneratedData g = generate_relevance(o, 8);
  const Eigen::MatrixXd P = g.X.rightCols(6);
  for (Eigen::Index i = 0; i < 500; ++i) {
    const double s = P(i, 0) + P(i, 1) + P(i, 2);
    EXPECT_EQ(g.y(i), s > 0 ? 1.0 : -1.0) << i;
  }
  o.task = "regression";
  const GeneratedData r = generate_relevance(o, 8);
  const Eigen::MatrixXd Pr = r.X.rightCols(6);
  for (Eigen::Index i = 0; i < 500; ++i) EXPECT_NEAR(r.y(i), 0.3 * (Pr(i, 0) + Pr(i, 1) + Pr(i, 2)), 1e-12) << i;
  RelevanceOptions louder = o;
  louder.privileged_noise = 3.0;
  const GeneratedData l = generate_relevance(louder, 8);
  EXPECT_TRUE(l.y == r.y);
  EXPECT_TRUE(l.X.rightCols(6) == r.X.rightCols(6));
}

TEST(PrivilegedGenerator, SameSeedGivesTheSameBytes) {
  RelevanceOptions o = lupi(40, 7, 2, 2);
  o.n_repeated = 1;
  const std::string a = generate_relevance(o, 21).to_csv();
  EXPECT_EQ(a, generate_relevance(o, 21).to_csv());
  EXPECT_NE(a, generate_relevance(o, 22).to_csv());
  EXPECT_EQ(generate_relevance(o, 21).truth.to_json().dump(), generate_relevance(o, 21).truth.to_json().dump());
}

TEST(PrivilegedGenerator, GroupIdsDoNotSpanBlocks) {
  RelevanceOptions o = lupi(50, 12, 3, 5);
  o.partition = {3, 2};
  o.n_repeated = 2;
  const Truth t = generate_relevance(o, 9).truth;
  std::set<int> normal, privileged;
  for (std::size_t j = 0; j < 24; ++j)
    if (t.groups[j] != 0) (j < 12 ? normal : privileged).insert(t.groups[j]);
  EXPECT_FALSE(normal.empty());
  EXPECT_EQ(normal.size(), privileged.size());
  for (int g : normal) EXPECT_EQ(privileged.count(g), 0U) << g;
}

TEST(PrivilegedGenerator, PlainDataHaveNoBlockField) {
  const GeneratedData g = generate_relevance(RelevanceOptions{}, 1);
  EXPECT_TRUE(g.truth.block.empty());
  const nlohmann::json j = g.truth.to_json();
  EXPECT_FALSE(j.contains("block"));
  EXPECT_FALSE(j["params"].contains("privileged"));
  EXPECT_FALSE(j["params"].contains("privileged_noise"));
}

TEST(PrivilegedGenerator, EveryOptionError) {
  auto gen = [](const RelevanceOptions& o) { return [o] { generate_relevance(o, 1); }; };
  RelevanceOptions o;
  o.privileged_noise = 0.5;
  expect_input_error(gen(o), "--privileged-noise needs --privileged");
  o = lupi(50, 6, 2, 2);
  o.noise = 0.1;
  expect_input_error(gen(o), "--noise = 0.1 with --privileged");
  o.noise = 0.0;  // explicit 0 is the clean block, as presets set it
  EXPECT_NO_THROW(generate_relevance(o, 1));
  o = lupi(50, 6, 2, 2);
  o.nonlinear = true;
  expect_input_error(gen(o), "--nonlinear cannot be combined with --privileged");
  for (double bad : {0.0, -0.3, std::nan(""), std::numeric_limits<double>::infinity()}) {
    o = lupi(50, 6, 2, 2);
    o.privileged_noise = bad;
    expect_input_error(gen(o), "--privileged-noise = ");
  }
  // Classification's default feature noise does not apply to privileged data.
  EXPECT_EQ(generate_relevance(lupi(50, 6, 2, 2), 1).truth.params["noise"], 0.0);
}

TEST(PrivilegedGenerator, RequestPassesTheOptionsAndRefusesThemForClusters) {
  Request r;
  r.preset = "fri-sim1";  // the preset's sigma = 0 combines with --privileged
  r.privileged = true;
  r.privileged_noise = 0.4;
  r.n_samples = 50;
  const GeneratedData g = generate(r, 3);
  EXPECT_EQ(g.X.cols(), 60);
  EXPECT_EQ(g.truth.params["privileged_noise"], 0.4);
  EXPECT_EQ(g.truth.params["preset"], "fri-sim1");
  Request bare;
  bare.privileged_noise = 0.4;
  expect_input_error([&] { generate(bare, 3); }, "--privileged-noise needs --privileged");
  for (bool with_noise : {false, true}) {
    Request c;
    c.kind = "clusters";
    c.privileged = !with_noise;
    if (with_noise) c.privileged_noise = 0.4;
    try {
      generate(c, 3);
      ADD_FAILURE() << "clusters accepted a privileged option";
    } catch (const options::OptionError& e) {
      EXPECT_EQ(e.key(), with_noise ? "privileged_noise" : "privileged");
    }
  }
  // The memory guard counts both blocks.
  Request wide;
  wide.privileged = true;
  wide.n_samples = 10000000;
  wide.n_features = 30;
  expect_input_error([&] { generate(wide, 3); }, "--privileged doubles the columns");
}

}  // namespace
}  // namespace featrel::gen
