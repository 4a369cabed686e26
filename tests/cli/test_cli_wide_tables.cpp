// Wide data at the terminal (--rows, report::TextTable::fold): a table with more feature rows than --rows shows every
// feature the method keeps and the first others up to the limit, and says how many it left out; --rows 0 prints
// every row; the JSON always holds every feature.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "cli_runner.hpp"

namespace {

using featrel::test::read_file;
using featrel::test::run_cli;
using featrel::test::TempDir;
using Json = nlohmann::json;

// 80 rows x 150 columns, 3 strong and 2 weak: wider than the default --rows 100.
struct Wide {
  TempDir dir;
  std::string csv = dir / "wide.csv";
  Wide() {
    const auto g = run_cli("generate --out " + csv + " --n-samples 80 --n-features 150 --n-strong 3 --n-weak 2 "
                           "--seed 7 --quiet");
    EXPECT_EQ(g.code, 0) << g.err;
  }
};

// The first cell of each table row between the dashed rule and the first line that is not a row of `names`.
std::set<std::string> table_features(const std::string& out, const std::set<std::string>& names) {
  std::set<std::string> seen;
  std::istringstream in(out);
  std::string line;
  bool in_table = false;
  while (std::getline(in, line)) {
    if (!in_table) {
      in_table = line.rfind("----", 0) == 0;
      continue;
    }
    std::istringstream cells(line);
    std::string first, second;
    cells >> first;
    if (names.count(first) == 0) {
      cells >> second;  // rfe's table starts with the rank
      if (names.count(second) == 0) break;
      first = second;
    }
    seen.insert(first);
  }
  return seen;
}

std::set<std::string> all_names() {
  std::set<std::string> n;
  for (int j = 0; j < 150; ++j) n.insert("x" + std::to_string(j));
  return n;
}

std::size_t count_of(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (auto p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

TEST(CliWideTables, BorutaFoldsAtTheDefaultAndKeepsEveryUndecidedOrConfirmedFeature) {
  const Wide w;
  TempDir out;
  const auto r = run_cli("boruta " + w.csv + " --target y --seed 3 --json " + (out / "b.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(read_file(out / "b.json"));
  std::set<std::string> kept;
  std::size_t rejected = 0;
  for (std::size_t c = 0; c < j["features"].size(); ++c) {
    if (j["features"][c]["decision"] != "rejected")
      kept.insert(j["feature_names"][c].get<std::string>());
    else
      ++rejected;
  }
  ASSERT_FALSE(kept.empty());
  const std::set<std::string> shown = table_features(r.out, all_names());
  EXPECT_EQ(shown.size(), std::max<std::size_t>(100, kept.size()));
  for (const auto& k : kept) EXPECT_EQ(shown.count(k), 1u) << k;
  const std::string line = "... " + std::to_string(150 - shown.size()) +
                           " more features, none of them confirmed or tentative (--rows 0 prints them";
  EXPECT_NE(r.out.find(line), std::string::npos) << r.out;
  // The summary under the table still counts every feature.
  EXPECT_NE(r.out.find(", " + std::to_string(rejected) + " rejected after"), std::string::npos) << r.out;

  const auto all = run_cli("boruta " + w.csv + " --target y --seed 3 --rows 0");
  ASSERT_EQ(all.code, 0) << all.err;
  EXPECT_EQ(table_features(all.out, all_names()).size(), 150u);
  EXPECT_EQ(all.out.find("more features"), std::string::npos);

  const auto narrow = run_cli("boruta " + w.csv + " --target y --seed 3 --rows 160");
  EXPECT_EQ(table_features(narrow.out, all_names()).size(), 150u);
}

// FRI and SFC keep what their classes and decisions say matters, read from the same run's JSON.
TEST(CliWideTables, FriAndSfcKeepEveryFeatureTheirResultCallsRelevant) {
  const Wide w;
  TempDir out;
  struct Case {
    std::string method, flags, kept_word;
    bool (*kept)(const Json&);
  };
  const Case cases[] = {
      {"fri", "--screen", "relevant or needed",
       [](const Json& f) { return f["relevance"] != "irrelevant" || f["needed_below_noise"].get<bool>(); }},
      {"sfc", "", "relevant, in the minimal set, borderline or kept by Boruta",
       [](const Json& f) {
         return f["relevance"] != "irrelevant" || f["in_minimal"].get<bool>() || f["borderline"].get<bool>() ||
                f["boruta_decision"] != "rejected";
       }},
  };
  for (const Case& c : cases) {
    const std::string json = out / (c.method + ".json");
    // Fewer rows than kept features: every kept one is still shown, and nothing else.
    const auto r = run_cli(c.method + " " + w.csv + " --target y --rows 2 " + c.flags + " --json " + json);
    ASSERT_EQ(r.code, 0) << c.method << ": " << r.err;
    const Json j = Json::parse(read_file(json));
    std::set<std::string> kept;
    for (const Json& f : j["features"])
      if (c.kept(f)) kept.insert(f["name"].get<std::string>());
    ASSERT_GT(kept.size(), 2u) << c.method;
    EXPECT_EQ(table_features(r.out, all_names()), kept) << c.method;
    EXPECT_NE(r.out.find("... " + std::to_string(150 - kept.size()) + " more features, none of them " + c.kept_word),
              std::string::npos)
        << r.out;
  }
}

TEST(CliWideTables, RankingOnlyRfeFoldsByRankWithoutClaimingASelection) {
  const Wide w;
  const auto r = run_cli("rfe " + w.csv + " --target y --rows 20");
  ASSERT_EQ(r.code, 0) << r.err;
  ASSERT_NE(r.out.find("stop: none (ranking only)"), std::string::npos) << r.out;
  EXPECT_EQ(table_features(r.out, all_names()).size(), 20u);
  EXPECT_NE(r.out.find("... 130 more features (--rows 0 prints them"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("none of them"), std::string::npos);
  // The shown rows are ranks 1..20.
  EXPECT_NE(r.out.find("\n  20  x"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\n  21  x"), std::string::npos) << r.out;
  // Every feature "selected" picks nothing out, so no selected feature is said to lie below the chance floor; the
  // wide-data warning itself stays. With a cut (-k 20) the warning names the cut's features below the floor.
  EXPECT_NE(r.err.find("wide data: 150 columns on 80 rows"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("below the chance floor of"), std::string::npos) << r.err;
  const auto cut = run_cli("rfe " + w.csv + " --target y -k 20");
  ASSERT_EQ(cut.code, 0) << cut.err;
  EXPECT_NE(cut.err.find("of the 20 selected features are below the chance floor of"), std::string::npos) << cut.err;
}

TEST(CliWideTables, ParetoListsLayersOnlyUpToTheLimit) {
  const Wide w;
  const auto r = run_cli("pareto " + w.csv + " --target y --classifiers nb --permutations 5 --rows 10");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto layers = r.out.find("layers: L1 = ");
  ASSERT_NE(layers, std::string::npos) << r.out;
  const std::string line = r.out.substr(layers, r.out.find('\n', layers) - layers);
  EXPECT_LE(count_of(line, " x"), 10u + count_of(line.substr(0, line.find(" | L2")), " x")) << line;
  EXPECT_NE(line.find(" ..."), std::string::npos) << line;
  EXPECT_NE(r.out.find("more features, none of them important (--rows 0 prints them"), std::string::npos) << r.out;
  const auto all = run_cli("pareto " + w.csv + " --target y --classifiers nb --permutations 5 --rows 0");
  ASSERT_EQ(all.code, 0) << all.err;
  const auto at = all.out.find("layers: L1 = ");
  EXPECT_EQ(count_of(all.out.substr(at, all.out.find('\n', at) - at), " x"), 150u);
}

TEST(CliWideTables, RowsMustBeANonNegativeNumber) {
  const Wide w;
  const auto r = run_cli("boruta " + w.csv + " --target y --rows -1");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--rows"), std::string::npos) << r.err;
}

}  // namespace
