// End-to-end runs of `featrel ubayfs`: the exact cases of docs/ubayfs.md#optimisation-cases through `--counts` fixtures
// (tests/data/ubayfs), constraints from flags and from the JSON file, the table, JSON, CSV and SVG outputs, a
// full run on the bundled breast cancer data, and bad input → exit 2 with a clear message.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_runner.hpp"

using featrel::test::read_file;
using featrel::test::run_cli;
using featrel::test::TempDir;
using Json = nlohmann::ordered_json;

namespace {

std::string fixture(const std::string& name) { return std::string(FEATREL_TEST_DATA_DIR) + "/ubayfs/" + name; }
std::string bcw() { return std::string(FEATREL_DATA_DIR) + "/breast_cancer_wisconsin_diagnostic.csv --target malignant"; }

std::vector<std::vector<std::size_t>> optima(const Json& j) {
  std::vector<std::vector<std::size_t>> out;
  for (const auto& o : j["optima"]) out.push_back(o["features"].get<std::vector<std::size_t>>());
  return out;
}

TEST(CliUbayfs, VignetteFromCountsAndConstraintFile) {
  TempDir dir;
  const auto r = run_cli("ubayfs " + bcw() + " --counts " + fixture("bcw_counts_pub.csv") + " --weights " +
                         fixture("bcw_weights_v.csv") + " --constraints " + fixture("bcw_vignette_constraints.json") +
                         " --json " + (dir / "v1.json") + " --csv " + (dir / "v1.csv") + " --svg " + (dir / "v1.svg"));
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(read_file(dir / "v1.json"));
  EXPECT_EQ(j["method"], "ubayfs");
  EXPECT_EQ(j["task"], "binary");  // DATA.csv given alongside the counts
  ASSERT_EQ(optima(j), (std::vector<std::vector<std::size_t>>{{1, 2, 6, 7, 13, 21, 22, 25, 26, 27}}));
  const Json& o = j["optima"][0];
  EXPECT_NEAR(o["log_total_utility"].get<double>(), -0.2350242601, 1e-9);
  EXPECT_NEAR(o["log_objective"].get<double>(), 0.5825237682, 1e-9);
  EXPECT_NEAR(o["avg_abs_correlation"].get<double>(), 0.614470, 1e-6);
  EXPECT_EQ(j["selected"], Json::parse("[1, 2, 6, 7, 13, 21, 22, 25, 26, 27]"));
  EXPECT_EQ(j["constraints"].size(), 1u + 6u + 1u + 1u);
  EXPECT_TRUE(j["constraints"][0]["hard"].get<bool>());
  EXPECT_TRUE(j["optimizer"]["proven_optimal"].get<bool>());
  EXPECT_NE(r.out.find("proven optimal"), std::string::npos);
  EXPECT_NE(read_file(dir / "v1.csv").find("index,name,selected,constant,count,prior_weight"), std::string::npos);
  const std::string svg = read_file(dir / "v1.svg");
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("must_link"), std::string::npos);
}

TEST(CliUbayfs, BlockCaseAllTenTiesFromFlags) {
  TempDir dir;
  const auto r = run_cli("ubayfs --counts " + fixture("bcw_counts_s1.csv") + " --blocks-file " +
                         fixture("bcw_blocks.csv") + " --block-weights mean=0.5,error=1,worst=2 --max-size 3@1 " +
                         "--block-max-size 1@1 --block-must-link mean,error@1 --json " + (dir / "b.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(read_file(dir / "b.json"));
  EXPECT_TRUE(j["task"].is_null());  // no data set: the header comes from the counts
  ASSERT_EQ(j["optima"].size(), 10u);
  for (const auto& o : j["optima"]) {
    EXPECT_NEAR(o["log_total_utility"].get<double>(), -1.2185716037, 1e-9);
    EXPECT_TRUE(o["avg_abs_correlation"].is_null());  // no data for correlations
  }
  EXPECT_EQ(j["mutual_jaccard"].size(), 10u);
  EXPECT_NE(r.out.find("optimum 10/10"), std::string::npos);
  EXPECT_NE(r.out.find("6/10"), std::string::npos);  // each of the five worst features is in 6 of the 10 ties
}

TEST(CliUbayfs, TopkT2AndCannotLinkT3) {
  TempDir dir;
  const std::string base = "ubayfs --counts " + fixture("bcw_counts_s1.csv") + " --weights " +
                           fixture("bcw_weights_t.csv") + " --max-size 10 --quiet --json ";
  const auto t2 = run_cli(base + (dir / "t2.json"));
  ASSERT_EQ(t2.code, 0) << t2.err;
  const Json j2 = Json::parse(read_file(dir / "t2.json"));
  EXPECT_EQ(j2["optimizer"]["used"], "topk");
  EXPECT_EQ(optima(j2), (std::vector<std::vector<std::size_t>>{{1, 6, 7, 13, 20, 21, 22, 23, 26, 27},
                                                               {1, 6, 7, 13, 21, 22, 23, 24, 26, 27}}));
  const auto t3 = run_cli(base + (dir / "t3.json") + " --cannot-link '6,7,area error@inf' --optimizer ga --seed 4");
  ASSERT_EQ(t3.code, 0) << t3.err;
  const Json j3 = Json::parse(read_file(dir / "t3.json"));
  ASSERT_EQ(j3["optima"].size(), 3u);
  for (const auto& o : j3["optima"]) EXPECT_NEAR(o["log_total_utility"].get<double>(), -0.6372484772, 1e-9);
  EXPECT_EQ(j3["optimizer"]["used"], "ga+polish");
}

TEST(CliUbayfs, DocumentationExampleAndLambdaCompat) {
  TempDir dir;
  const std::string base = "ubayfs --counts " + fixture("bcw_counts_auto.csv") + " --quiet ";
  std::string blocks;
  for (int k = 0; k < 10; ++k)
    blocks += " --block c" + std::to_string(k) + "=" + std::to_string(k) + "," + std::to_string(k + 10) + "," +
              std::to_string(k + 20);
  const auto d2 = run_cli(base + "--max-size 10" + blocks + " --block-max-size 2@10 --json " + (dir / "d2.json"));
  ASSERT_EQ(d2.code, 0) << d2.err;
  EXPECT_EQ(optima(Json::parse(read_file(dir / "d2.json"))),
            (std::vector<std::vector<std::size_t>>{{2, 3, 12, 13, 22, 23}}));
  const auto l1 = run_cli(base + "--max-size 10@inf --lambda 0.4 --optimizer exact --compat reference --json " +
                          (dir / "l1.json"));
  ASSERT_EQ(l1.code, 0) << l1.err;
  const Json j = Json::parse(read_file(dir / "l1.json"));
  EXPECT_EQ(j["optima"][0]["cardinality"], 30);
  EXPECT_NEAR(j["optima"][0]["total_utility"].get<double>(), 0.6, 1e-12);
  EXPECT_EQ(j["compat"], "reference");
}

TEST(CliUbayfs, FullRunOnBreastCancerFindsTheReferenceOptimum) {
  TempDir dir;
  const auto r = run_cli("ubayfs " + bcw() + " -k 10 --max-size 10 --seed 1 --threads 2 --quiet --json " +
                         (dir / "full.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(read_file(dir / "full.json"));
  EXPECT_EQ(j["ensemble"]["total_selections"].get<double>(), 1000.0);  // Σy = M·n
  EXPECT_EQ(optima(j), (std::vector<std::vector<std::size_t>>{{2, 6, 7, 13, 20, 21, 22, 23, 26, 27}}));
}

TEST(CliUbayfs, RepeatsAddStabilityAndF1) {
  TempDir dir;
  const auto r = run_cli("ubayfs " + bcw() + " --positive 0 --n-features-to-select 3 --max-size 3 --repeats 3 --seed 2 " +
                         "--json " + (dir / "rep.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(read_file(dir / "rep.json"));
  EXPECT_EQ(j["runs"].size(), 3u);
  EXPECT_GT(j["stability"]["mean_f1"].get<double>(), 0.9);
  EXPECT_TRUE(j["stability"]["nogueira"]["value"].is_number());
  EXPECT_NE(r.out.find("stability over 3 repeats"), std::string::npos);
}

TEST(CliUbayfs, BadInputExitsTwoWithAClearMessage) {
  const std::string counts = " --counts " + fixture("bcw_counts_s1.csv");
  struct Case {
    std::string args, needle;
  };
  const std::vector<Case> cases = {
      {"ubayfs" + counts, "needs --max-size"},
      {"ubayfs" + counts + " --max-size 10 --must-link 'mean radius,nonsense'", "unknown feature 'nonsense'"},
      {"ubayfs" + counts + " --max-size 10 --weights -1", "must be finite and > 0"},
      {"ubayfs" + counts + " --max-size 10 --n-models 0", "--n-models must be an integer in [1, "},
      {"ubayfs" + counts + " --max-size 10 --lambda 0", "--lambda"},
      {"ubayfs" + counts + " --max-size 10@-2", "rho"},
      {"ubayfs" + counts + " --max-size 1@inf --linear '0=-1,1=-1<=-2@inf'", "hard constraints are infeasible"},
      // At most 0 features: every feature as the soft optimum, none under a hard row; refused before any work.
      {"ubayfs" + counts + " --max-size 0", "--max-size must be a finite number >= 1, got '0'"},
      {"ubayfs" + counts + " --max-size 0@inf", "--max-size must be a finite number >= 1, got '0@inf'"},
      {"ubayfs --max-size 0.5", "--max-size must be a finite number >= 1, got '0.5'"},
      {"ubayfs" + counts + " --max-size 3 --block-max-size 1", "no blocks are defined"},
      {"ubayfs --max-size 3", "give either a data file (DATA.csv) or --counts FILE"},
      {"ubayfs" + counts + " --max-size 3 --optimizer nope", "--optimizer must be one of"},
  };
  for (const auto& c : cases) {
    const auto r = run_cli(c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.needle), std::string::npos) << c.args << "\n" << r.err;
    EXPECT_EQ(r.err.rfind("ubayfs", 0), 0u) << r.err;
  }
}

TEST(CliUbayfs, OptionTableRangesAndRenames) {
  const std::string counts = " --counts " + fixture("bcw_counts_s1.csv") + " --max-size 10";
  struct Case {
    std::string args, needle;
  };
  const std::vector<Case> cases = {
      {"ubayfs" + counts + " --optimizer ga --generations 5", "--generations"},
      {"ubayfs" + counts + " --optimizer ga --max-iter 50", "--max-iter"},  // renamed to --generations
      {"ubayfs" + counts + " --pop-size 100000", "--pop-size"},
      {"ubayfs" + counts + " --optimizer mh --mh-chains 10000 --mh-steps 10000", "--mh-steps"},
      {"ubayfs" + counts + " --max-ties 0", "--max-ties"},
      {"ubayfs" + counts + " --node-budget 1e13", "--node-budget"},
      {"ubayfs" + counts + " --repeats 2", "--repeats"},  // repeats rerun the ensemble: not with --counts
      {"ubayfs " + bcw() + " --max-size 3 -M 100000", "--ensemble-size"},
      {"ubayfs " + bcw() + " --max-size 3 -k 31", "--n-features-to-select"},
      {"ubayfs " + bcw() + " --max-size 3 --selector lasso", "--selector must be one of"},
  };
  for (const auto& c : cases) {
    const auto r = run_cli(c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.needle), std::string::npos) << c.args << "\n" << r.err;
  }
  // The GA with --generations; the echo holds the table's keys and the flags' words.
  TempDir dir;
  const auto r = run_cli("ubayfs" + counts + "@inf --cannot-link '6,7' --optimizer ga --generations 12 --seed 3 " +
                         "--quiet --json " + (dir / "g.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(read_file(dir / "g.json"));
  EXPECT_EQ(j["options"]["generations"], 12);
  EXPECT_EQ(j["optimizer"]["ga"]["best_per_generation"].size(), 12u);
  EXPECT_EQ(j["options"]["max_size"], Json::parse(R"(["10@inf"])"));
  EXPECT_EQ(j["options"]["cannot_link"], Json::parse(R"(["6,7"])"));
  EXPECT_EQ(j["constraints"][0]["label"], "max-size 10@inf");
}

}  // namespace
