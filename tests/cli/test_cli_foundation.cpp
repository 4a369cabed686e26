// End-to-end runs of the featrel binary: generate, evaluate, stability, help and exit codes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "cli_runner.hpp"

using featrel::test::read_file;
using featrel::test::run_cli;
using featrel::test::TempDir;

TEST(Cli, HelpExitsZeroAndListsCommands) {
  const auto r = run_cli("--help");
  EXPECT_EQ(r.code, 0);
  for (const char* cmd : {"generate", "evaluate", "stability"}) EXPECT_NE(r.out.find(cmd), std::string::npos) << cmd;
  const auto g = run_cli("generate --help");
  EXPECT_EQ(g.code, 0);
  EXPECT_NE(g.out.find("--n-strong"), std::string::npos);
  EXPECT_NE(g.out.find("fri-sim1"), std::string::npos);
}

TEST(Cli, ParseErrorsExitTwoWithTheCommandName) {
  const auto r = run_cli("generate --out x.csv --no-such-flag");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err.rfind("generate: ", 0), 0u) << r.err;
  EXPECT_EQ(run_cli("no-such-command").code, 2);
}

TEST(Cli, GenerateIsByteIdenticalForTheSameSeed) {
  TempDir dir;
  ASSERT_EQ(run_cli("generate --preset fri-sim2 --seed 7 --quiet --out " + (dir / "a.csv") + " --truth " +
                    (dir / "a.json")).code, 0);
  ASSERT_EQ(run_cli("generate --preset fri-sim2 --seed 7 --quiet --out " + (dir / "b.csv") + " --truth " +
                    (dir / "b.json")).code, 0);
  ASSERT_EQ(run_cli("generate --preset fri-sim2 --seed 8 --quiet --out " + (dir / "c.csv")).code, 0);
  const std::string a = read_file(dir / "a.csv");
  EXPECT_EQ(a, read_file(dir / "b.csv"));
  EXPECT_EQ(read_file(dir / "a.json"), read_file(dir / "b.json"));
  EXPECT_NE(a, read_file(dir / "c.csv"));
  // 500 rows + header, 30 features + y; Sim2 is 12 strong, 8 weak, 10 irrelevant.
  EXPECT_EQ(std::count(a.begin(), a.end(), '\n'), 501);
  EXPECT_EQ(a.substr(0, a.find('\n')).find("x29,y"), a.substr(0, a.find('\n')).size() - 5);
  const auto truth = nlohmann::json::parse(read_file(dir / "a.json"));
  int strong = 0, weak = 0;
  for (int c : truth["classes"]) (c == 2 ? strong : c == 1 ? weak : c) += 1;
  EXPECT_EQ(strong, 12);
  EXPECT_EQ(weak, 8);
}

TEST(Cli, GeneratePrivilegedWritesBothBlocksAndTheirTruth) {
  const auto help = run_cli("generate --help");
  for (const char* flag : {"--privileged", "--privileged-noise"}) EXPECT_NE(help.out.find(flag), std::string::npos) << flag;
  TempDir dir;
  const std::string args = "generate --privileged --task regression --n-samples 80 --n-features 5 --n-strong 2 "
                           "--n-weak 2 --privileged-noise 0.3 --seed 3 --quiet";
  ASSERT_EQ(run_cli(args + " --out " + (dir / "a.csv") + " --truth " + (dir / "a.json")).code, 0);
  ASSERT_EQ(run_cli(args + " --out " + (dir / "b.csv")).code, 0);
  const std::string a = read_file(dir / "a.csv");
  EXPECT_EQ(a, read_file(dir / "b.csv"));
  EXPECT_EQ(a.substr(0, a.find('\n')), "x0,x1,x2,x3,x4,p0,p1,p2,p3,p4,y");
  EXPECT_EQ(std::count(a.begin(), a.end(), '\n'), 81);
  const auto truth = nlohmann::json::parse(read_file(dir / "a.json"));
  ASSERT_EQ(truth["block"].size(), 10U);
  EXPECT_EQ(truth["block"][0], "normal");
  EXPECT_EQ(truth["block"][9], "privileged");
  EXPECT_EQ(truth["classes"][0], 2);
  EXPECT_EQ(truth["classes"][5], 2);
  EXPECT_EQ(truth["params"]["privileged_noise"], 0.3);

  for (const auto& [flags, needle] : std::vector<std::pair<std::string, std::string>>{
           {"--privileged-noise 0.3", "--privileged-noise needs --privileged"},
           {"--privileged --noise 0.2", "--noise = 0.2 with --privileged"},
           {"--kind clusters --privileged", "--privileged does not apply to the clusters generator"}}) {
    const auto r = run_cli("generate " + flags + " --out " + (dir / "x.csv"));
    EXPECT_EQ(r.code, 2) << flags;
    EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
  }
}

TEST(Cli, GenerateValidationIsAnInputError) {
  TempDir dir;
  const auto r = run_cli("generate --n-features 5 --n-strong 4 --n-weak 3 --out " + (dir / "x.csv"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--n-features"), std::string::npos) << r.err;
  const auto k = run_cli("generate --kind clusters --n-strong 3 --out " + (dir / "x.csv"));
  EXPECT_EQ(k.code, 2);
  EXPECT_NE(k.err.find("--n-strong does not apply to the clusters generator"), std::string::npos) << k.err;
}

TEST(Cli, ClustersTruthNamesTheRoles) {
  TempDir dir;
  ASSERT_EQ(run_cli("generate --kind clusters --n-samples 350 --n-features 10 --n-informative 10 --n-redundant 0 "
                    "--n-classes 4 --n-clusters-per-class 1 --class-sep 1.5 --flip-y 0.05 --scale random "
                    "--append-int-noise 25 --row-zscore --seed 3 --quiet --out " +
                    (dir / "a.csv") + " --truth " + (dir / "a.json")).code, 0);
  const auto truth = nlohmann::json::parse(read_file(dir / "a.json"));
  ASSERT_EQ(truth["roles"].size(), 35u);
  int informative = 0, int_noise = 0;
  for (const auto& r : truth["roles"]) {
    informative += r == "informative";
    int_noise += r == "int_noise";
  }
  EXPECT_EQ(informative, 10);
  EXPECT_EQ(int_noise, 25);
}

TEST(Cli, EvaluateScoresTheDemoSelection) {
  TempDir dir;
  ASSERT_EQ(run_cli("generate --preset fri-sim1 --quiet --out " + (dir / "d.csv") + " --truth " + (dir / "t.json")).code, 0);
  const auto e = run_cli("evaluate " + std::string(FEATREL_DATA_DIR) + "/demo/example_selection.json --truth " +
                         (dir / "t.json") + " --json " + (dir / "e.json"));
  ASSERT_EQ(e.code, 0) << e.err;
  const auto j = nlohmann::json::parse(read_file(dir / "e.json"));
  // The example selects x0-x6 and x12; Sim1's relevant features are x0-x7 (strong x0-x3, weak x4-x7).
  EXPECT_DOUBLE_EQ(j["overall"]["precision"].get<double>(), 7.0 / 8.0);
  EXPECT_DOUBLE_EQ(j["overall"]["recall"].get<double>(), 7.0 / 8.0);
  EXPECT_DOUBLE_EQ(j["strong"]["f1"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(j["weak"]["precision"].get<double>(), 0.75);
  EXPECT_NE(e.out.find("all relevant"), std::string::npos);
}

TEST(Cli, EvaluateBadFilesExitTwo) {
  TempDir dir;
  const auto missing = run_cli("evaluate " + (dir / "none.json") + " --truth " + (dir / "none.json"));
  EXPECT_EQ(missing.code, 2);
  EXPECT_EQ(missing.err.rfind("evaluate: ", 0), 0u);
  EXPECT_NE(missing.err.find("none.json"), std::string::npos);
  std::ofstream(dir / "bad.json") << "{\"features\": [{\"name\": \"x0\"}]}";
  ASSERT_EQ(run_cli("generate --preset fri-sim1 --quiet --out " + (dir / "d.csv") + " --truth " + (dir / "t.json")).code, 0);
  const auto bad = run_cli("evaluate " + (dir / "bad.json") + " --truth " + (dir / "t.json"));
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("selected"), std::string::npos) << bad.err;
}

// Writes one result file per set over d features f0…f{d−1} into `dir` (prefix `name`); returns " path path …".
std::string result_files(const TempDir& dir, const std::string& name, const std::vector<std::vector<int>>& sets,
                         int d) {
  std::string files;
  for (std::size_t r = 0; r < sets.size(); ++r) {
    nlohmann::json doc;
    doc["method"] = "test";
    for (int j = 0; j < d; ++j) {
      bool sel = std::find(sets[r].begin(), sets[r].end(), j) != sets[r].end();
      doc["features"].push_back({{"index", j}, {"name", "f" + std::to_string(j)}, {"selected", sel}});
    }
    const std::string path = dir / (name + std::to_string(r) + ".json");
    std::ofstream(path) << doc.dump();
    files += " " + path;
  }
  return files;
}

TEST(Cli, StabilityOfThreeResults) {
  TempDir dir;
  // Three results over d = 10 with the docs/stability.md#reference-values sets {0,1,2}, {0,1,3}, {0,1,2}.
  const std::string files = result_files(dir, "r", {{0, 1, 2}, {0, 1, 3}, {0, 1, 2}}, 10);
  const auto s = run_cli("stability" + files + " --json " + (dir / "s.json"));
  ASSERT_EQ(s.code, 0) << s.err;
  const auto j = nlohmann::json::parse(read_file(dir / "s.json"));
  // Union {0,1,2,3}, intersection {0,1}: Jaccard 1/2. Equal sizes: Kuncheva mean = Nogueira.
  EXPECT_DOUBLE_EQ(j["stability"]["jaccard"].get<double>(), 0.5);
  EXPECT_NEAR(j["stability"]["kuncheva"].get<double>(), j["stability"]["nogueira"]["value"].get<double>(), 1e-12);
  EXPECT_NE(s.out.find("Nogueira"), std::string::npos);
  EXPECT_EQ(run_cli("stability " + (dir / "r0.json")).code, 2);
}

TEST(Cli, StabilitySaysWhyKunchevaIsUndefined) {
  TempDir dir;
  const struct {
    std::vector<std::vector<int>> sets;
    std::string reason;
  } cases[] = {{{{0, 1}, {0, 1, 2}}, "- (set sizes differ)"},
               {{{}, {}}, "- (every set is empty)"},
               {{{0, 1, 2}, {2, 1, 0}}, "- (every set holds all 3 features)"}};
  int k = 0;
  for (const auto& c : cases) {
    const auto s = run_cli("stability" + result_files(dir, "c" + std::to_string(k++) + "_", c.sets, 3));
    ASSERT_EQ(s.code, 0) << s.err;
    EXPECT_NE(s.out.find("Kuncheva (mean pairwise)  " + c.reason), std::string::npos) << s.out;
  }
}
