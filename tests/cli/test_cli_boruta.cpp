// End-to-end runs of `featrel boruta` and `featrel sfc` on data the binary generates itself (linear relevance
// data with known truth): Boruta confirms every relevant column and no noise, SFC classes match the truth, the
// JSON holds the spec's fields, the JSON does not depend on --threads, the table and SVG name the features, and
// bad input exits with code 2 and a message naming the flag.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "cli_runner.hpp"
#include "featrel/boruta.hpp"
#include "featrel/boruta_chart.hpp"

using featrel::test::read_file;
using featrel::test::run_cli;
using featrel::test::TempDir;
using Json = nlohmann::ordered_json;

namespace {

// 300 rows, 2 strong, 3 weak (one redundant group), 5 noise columns, noise-free features.
struct Generated {
  TempDir dir;
  std::string csv = dir / "data.csv";
  std::vector<int> truth;
  explicit Generated(int seed, int n = 300) {
    const auto g = run_cli("generate --out " + csv + " --truth " + (dir / "truth.json") + " --n-samples " +
                           std::to_string(n) + " --n-features 10 --n-strong 2 --n-weak 3 --noise 0 --seed " +
                           std::to_string(seed) + " --quiet");
    EXPECT_EQ(g.code, 0) << g.err;
    const Json t = Json::parse(read_file(dir / "truth.json"));
    for (const auto& c : t["classes"]) truth.push_back(c.get<int>());
  }
  std::string args() const { return csv + " --target y"; }
};

Json without_timing(Json r) {
  r["diagnostics"].erase("seconds");
  r.erase("provenance");  // command line and time of the run
  if (r.contains("boruta")) r["boruta"]["diagnostics"].erase("seconds");
  return r;
}

TEST(CliBoruta, ConfirmsTheRelevantColumnsAndWritesTheSpecFields) {
  const Generated g(4);
  TempDir out;
  const auto r = run_cli("boruta " + g.args() + " --json " + (out / "r.json") + " --csv " + (out / "r.csv") +
                         " --svg " + (out / "r.svg") + " --seed 1");
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(read_file(out / "r.json"));
  EXPECT_EQ(j["method"], "boruta");
  EXPECT_EQ(j["engine"], "native");
  ASSERT_EQ(j["features"].size(), 10u);
  for (std::size_t c = 0; c < 10; ++c) {
    const Json& f = j["features"][c];
    for (const char* key : {"decision", "rough_fix_kept", "rank", "hits", "decided_at", "p_accept", "p_reject",
                            "median_importance", "shadow_share"})
      EXPECT_TRUE(f.contains(key)) << key;
    if (g.truth[c] > 0) {
      EXPECT_EQ(f["decision"], "confirmed") << "column " << c;
      EXPECT_EQ(f["rank"], 1);
    } else {
      EXPECT_NE(f["decision"], "confirmed") << "noise column " << c;
    }
  }
  const int fits = j["n_iterations"].get<int>();
  EXPECT_EQ(j["importance_history"].size(), static_cast<std::size_t>(fits));
  EXPECT_EQ(j["threshold_history"].size(), static_cast<std::size_t>(fits));
  EXPECT_EQ(j["selected"], j["confirmed"]);
  // The table lists every feature with its decision; the summary counts them.
  EXPECT_NE(r.out.find("confirmed"), std::string::npos);
  EXPECT_NE(r.out.find(std::to_string(j["confirmed"].size()) + " confirmed"), std::string::npos) << r.out;
  const std::string svg = read_file(out / "r.svg");
  // The chart is the library's for the same data, options and seed, byte for byte (and so is the run it draws).
  featrel::CsvOptions co;
  co.target = "y";
  const featrel::Dataset data = featrel::read_csv(g.csv, co);
  featrel::RunContext ctx;
  ctx.seed = 1;
  ctx.threads = 2;
  const featrel::boruta::Result lib = featrel::boruta::run(data, featrel::boruta::Options{}, ctx);
  EXPECT_EQ(j["confirmed"], Json(lib.confirmed));
  EXPECT_EQ(j["importance_history"], Json::parse(lib.to_json(data)["importance_history"].dump()));
  EXPECT_EQ(svg, featrel::boruta::importance_chart_svg(lib, data));
  for (int c = 0; c < 10; ++c) EXPECT_NE(svg.find(">x" + std::to_string(c) + "<"), std::string::npos) << c;
  EXPECT_NE(svg.find("threshold"), std::string::npos);
  EXPECT_NE(read_file(out / "r.csv").find("decision"), std::string::npos);
}

TEST(CliBoruta, JsonDoesNotDependOnThreads) {
  const Generated g(5);
  TempDir out;
  ASSERT_EQ(run_cli("boruta " + g.args() + " --threads 1 --quiet --json " + (out / "a.json")).code, 0);
  ASSERT_EQ(run_cli("boruta " + g.args() + " --threads 2 --quiet --json " + (out / "b.json")).code, 0);
  Json a = without_timing(Json::parse(read_file(out / "a.json")));
  Json b = without_timing(Json::parse(read_file(out / "b.json")));
  a["diagnostics"].erase("threads");
  b["diagnostics"].erase("threads");
  EXPECT_EQ(a, b);
}

TEST(CliSfc, ClassesMatchTheTruthAndTheJsonHoldsTheIntervals) {
  const Generated g(6, 400);
  TempDir out;
  const auto r = run_cli("sfc " + g.args() + " --n-resampling 20 --json " + (out / "r.json") + " --svg " +
                         (out / "r.svg") + " --seed 3 --threads 2");
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(read_file(out / "r.json"));
  EXPECT_EQ(j["method"], "sfc");
  ASSERT_EQ(j["features"].size(), 10u);
  int relevant_found = 0, noise_called = 0;
  for (std::size_t c = 0; c < 10; ++c) {
    const Json& f = j["features"][c];
    // The shared `class` (0/1/2) and `relevance` word of docs/result-format.md#writing-rules carry docs/boruta.md#inputs-and-outputs's relevance.
    for (const char* key : {"class", "relevance", "boruta_decision", "in_all_relevant", "in_minimal",
                            "importance", "tested", "test_score", "test_statistic", "test_p_value"})
      EXPECT_TRUE(f.contains(key)) << key;
    const int cls = f["class"].get<int>();
    EXPECT_EQ(f["relevance"], cls == 2 ? "strong" : cls == 1 ? "weak" : "irrelevant");
    if (g.truth[c] > 0) relevant_found += cls > 0;
    if (g.truth[c] == 0) noise_called += cls > 0;
    if (g.truth[c] == 2) {
      EXPECT_EQ(cls, 2) << "strong column " << c;
    }
  }
  EXPECT_EQ(relevant_found, 5);
  EXPECT_EQ(noise_called, 0);
  for (const char* key : {"mean", "sd", "lower", "upper", "t_quantile", "n_samples"})
    EXPECT_TRUE(j["shadow_interval"].contains(key)) << key;
  EXPECT_EQ(j["shadow_interval"]["n_samples"], 20);
  EXPECT_EQ(j["null_shadow_importances"].size(), 20u);
  EXPECT_EQ(j["boruta"]["method"], "boruta");
  // The strong test's interval is printed with its sample count.
  EXPECT_NE(r.out.find("score interval of the null"), std::string::npos) << r.out;
  const std::string svg = read_file(out / "r.svg");
  EXPECT_NE(svg.find("Γ"), std::string::npos);
  EXPECT_NE(svg.find("strong test"), std::string::npos);
}

TEST(CliBorutaErrors, BadInputExitsTwoNamingTheProblem) {
  const Generated g(7);
  struct Case {
    std::string args, needle;
  };
  const Case cases[] = {
      {"boruta " + g.args() + " --perc 0", "--perc"},
      {"boruta " + g.args() + " --alpha 1.5", "--alpha"},
      {"boruta " + g.args() + " --trees many", "--trees"},
      {"boruta " + g.args() + " --max-iter 0", "--max-iter"},
      {"boruta " + g.args() + " --max-iter 10001", "--max-iter"},
      {"boruta " + g.args() + " --early-stopping 0", "--early-stopping"},
      {"boruta " + g.args() + " --max-bins 256", "--max-bins"},
      {"boruta " + g.args() + " --feature-fraction 1.5", "--feature-fraction"},
      {"boruta " + g.args() + " --model-preset forest", "--model-preset"},
      {"boruta " + g.args() + " --engine gpu", "--engine"},
      {"boruta " + g.args() + " --task ordinal", "--task multiclass"},
      {"sfc " + g.args() + " --n-resampling 2", "--n-resampling"},
      {"sfc " + g.args() + " --trees -5", "--trees"},
      {"sfc " + g.args() + " --trees 18446744073709551611", "--trees"},
      {"sfc " + g.args() + " --boruta-trees 0", "--boruta-trees"},
      {"sfc " + g.args() + " --test-repeats 1001", "--test-repeats"},
      {"sfc " + g.args() + " --boruta-feature-fraction 0", "--boruta-feature-fraction"},
      {"sfc " + g.args() + " --fpr 0.7", "fpr"},
      {"sfc " + g.args() + " --sided upper", "--sided"},
      {"sfc " + g.args() + " --null-matrix some", "--null-matrix"},
      {"sfc " + g.args() + " --score oob --engine xgboost", "oob"},
      {"sfc " + g.args() + " --compat squamish", "--compat"},
  };
  for (const Case& c : cases) {
    const auto r = run_cli(c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.needle), std::string::npos) << c.args << "\n" << r.err;
  }
  // Too few rows for a tree with an explicit leaf size: the message says which flag to lower. (With the default,
  // auto, the leaf size adapts: tests/cli/test_cli_small_cohort.cpp.)
  const Generated small(8, 50);
  const auto r = run_cli("boruta " + small.args() + " --min-leaf 20");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("lower --min-leaf"), std::string::npos) << r.err;
  const auto adapted = run_cli("boruta " + small.args());
  EXPECT_EQ(adapted.code, 0) << adapted.err;
  EXPECT_NE(adapted.err.find("small_cohort: --min-leaf auto uses 7 rows per leaf"), std::string::npos) << adapted.err;
}

// Nothing confirmed on data with signal (4 fits: too few to decide): a warning naming the remedies, and the
// out-of-bag chance check in the JSON. On pure noise the check runs and stays quiet.
TEST(CliBoruta, NothingSelectedAlthoughTheModelBeatsChance) {
  TempDir out;
  const std::string bc = std::string(FEATREL_DATA_DIR) + "/breast_cancer_wisconsin_diagnostic.csv";
  auto r = run_cli("boruta " + bc + " --target malignant --max-iter 4 --json " + (out / "r.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("nothing_selected: Boruta confirmed no feature, yet a forest on all features beats chance"),
            std::string::npos) << r.err;
  EXPECT_NE(r.err.find("raise --max-iter (4 now"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("loosen --alpha"), std::string::npos) << r.err;
  Json j = Json::parse(read_file(out / "r.json"));
  EXPECT_TRUE(j["confirmed"].empty());
  EXPECT_TRUE(j["chance_check"]["beats_chance"].get<bool>());
  EXPECT_GT(j["chance_check"]["score"].get<double>(), 0.9);
  EXPECT_NEAR(j["chance_check"]["chance"].get<double>(), 357.0 / 569.0, 0.02);  // benign share, out-of-bag rows
  // Pure noise: 200 rows, 5 normal columns, labels independent of them.
  const std::string noise = out / "noise.csv";
  {
    std::ofstream f(noise);
    std::mt19937_64 g(5);
    std::normal_distribution<double> z;
    f << "a,b,c,d,e,y\n";
    for (int i = 0; i < 200; ++i) {
      for (int k = 0; k < 5; ++k) f << z(g) << ",";
      f << (g() % 2) << "\n";
    }
  }
  r = run_cli("boruta " + noise + " --target y --json " + (out / "n.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  j = Json::parse(read_file(out / "n.json"));
  ASSERT_TRUE(j["confirmed"].empty()) << r.err;
  EXPECT_FALSE(j["chance_check"]["beats_chance"].get<bool>());
  EXPECT_EQ(r.err.find("nothing_selected"), std::string::npos) << r.err;
  // A run that confirms something carries no check.
  r = run_cli("boruta " + bc + " --target malignant --max-iter 10 --json " + (out / "c.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(Json::parse(read_file(out / "c.json"))["chance_check"].is_null());
}

}  // namespace
