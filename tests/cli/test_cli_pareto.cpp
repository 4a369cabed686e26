// End-to-end runs of `featrel pareto`: the paper's running example through --impacts (printed and JSON front,
// M(f), context, DOT golden file, SVG, --impacts-out round trip), a small training run on the breast cancer data
// (thread-count independence of the JSON), and bad input exiting 2 with a clear message.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_runner.hpp"

using featrel::test::read_file;
using featrel::test::run_cli;
using featrel::test::TempDir;
using Json = nlohmann::ordered_json;

namespace {

std::string fixture(const std::string& name) { return std::string(FEATREL_TEST_DATA_DIR) + "/pareto/" + name; }
std::string data_file(const std::string& name) { return std::string(FEATREL_DATA_DIR) + "/" + name; }

}  // namespace

TEST(CliPareto, RunningExampleThroughImpacts) {
  TempDir dir;
  const auto r = run_cli("pareto --impacts " + fixture("running_example.csv") + " --json " + (dir / "r.json") +
                         " --dot " + (dir / "r.dot") + " --svg " + (dir / "r.svg") + " --impacts-out " +
                         (dir / "back.csv") + " --csv " + (dir / "features.csv"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Pareto front: 4 of 5 features (depth 1); layers: L1 = f1 f2 f4 f5 | L2 = f3\n"
                       "  f1  Sensitivity, Specificity  |M| = 10  predictive of both classes\n"
                       "  f2  Sensitivity, Specificity  |M| = 4   predictive of both classes\n"
                       "  f4  Accuracy                  |M| = 2   discriminant\n"
                       "  f5  Sensitivity, Specificity  |M| = 2   predictive of both classes\n"
                       "Lattice: 4 concepts, 4 covers\n"),
            std::string::npos)
      << r.out;

  const Json j = Json::parse(read_file(dir / "r.json"));
  EXPECT_EQ(j["method"], "pareto");
  EXPECT_EQ(j["front"], Json({"f1", "f2", "f4", "f5"}));
  EXPECT_EQ(j["selected_names"], Json({"f1", "f2", "f4", "f5"}));
  EXPECT_EQ(j["layers"], Json::parse(R"([["f1","f2","f4","f5"],["f3"]])"));
  EXPECT_EQ(j["features"][0]["minimal_criteria_sets"],
            Json::parse(R"([["c1","c2"],["c1","c3"],["c1","c5"],["c1","c6"],["c2","c5"],["c2","c6"],["c3","c5"],)"
                        R"(["c3","c6"],["c4","c5"],["c4","c6"]])"));
  EXPECT_EQ(j["features"][1]["minimal_criteria_sets"], Json::parse(R"([["c2"],["c3"],["c4","c5"],["c4","c6"]])"));
  EXPECT_EQ(j["features"][3]["minimal_criteria_sets"], Json::parse(R"([["c1"],["c4"]])"));
  EXPECT_EQ(j["features"][4]["minimal_criteria_sets"], Json::parse(R"([["c5"],["c6"]])"));
  EXPECT_EQ(j["features"][2]["dominated_by"], Json({"f1", "f2"}));
  EXPECT_EQ(j["features"][0]["terms"], Json({"Sensitivity", "Specificity", "Prediction", "Classification"}));
  EXPECT_EQ(j["context"]["incidence"], Json::parse("[[1,1,0,1,0,1],[1,1,0,1,0,1],[0,0,1,0,1,1],[1,1,0,1,0,1]]"));
  EXPECT_EQ(j["covers"], Json::parse("[[1,0],[2,0],[3,1],[3,2]]"));
  EXPECT_EQ(j["criteria"][1]["measure"], "sensitivity");
  EXPECT_EQ(j["criteria"][1]["term"], "Sensitivity");
  EXPECT_TRUE(j["n_samples"].is_null());

  EXPECT_EQ(read_file(dir / "r.dot"), read_file(fixture("running_example.dot")));
  const std::string svg = read_file(dir / "r.svg");
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find(">Sensitivity</text>"), std::string::npos);
  EXPECT_NE(svg.find("fill=\"#1f4fb4\""), std::string::npos);  // prediction terms in blue
  EXPECT_NE(svg.find("fill=\"#c0392b\""), std::string::npos);  // discrimination terms in red

  // --impacts-out writes the same table back; analysing it again gives the same front.
  const auto again = run_cli("pareto --impacts " + (dir / "back.csv") + " --quiet --json " + (dir / "again.json"));
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_EQ(Json::parse(read_file(dir / "again.json"))["oriented_impact"], j["oriented_impact"]);
  EXPECT_NE(read_file(dir / "features.csv").find("index,name,selected,constant,layer,important"), std::string::npos);
}

TEST(CliPareto, DepthTwoAndAocView) {
  TempDir dir;
  const auto r = run_cli("pareto --impacts " + fixture("running_example.csv") + " --depth 2 --lattice-view aoc --svg " +
                         (dir / "aoc.svg") + " --json " + (dir / "r.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(read_file(dir / "r.json"));
  EXPECT_EQ(j["important"], Json({"f1", "f2", "f3", "f4", "f5"}));
  EXPECT_EQ(j["features"][2]["minimal_criteria_sets"].size(), 7u);
  EXPECT_NE(read_file(dir / "aoc.svg").find("<svg"), std::string::npos);
}

TEST(CliPareto, BadImpactsExitTwoWithMessage) {
  TempDir dir;
  const std::string bad = dir / "bad.csv";
  featrel::test::CliRun r;
  {
    std::ofstream(bad) << "criterion,a,b\nrf:accuracy,0.1,x\n";
    r = run_cli("pareto --impacts " + bad);
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("pareto: "), std::string::npos);
    EXPECT_NE(r.err.find("column 'b': 'x' is not a finite number"), std::string::npos) << r.err;
  }
  {
    std::ofstream(bad) << "criterion,a,b\nrf:speed,0.1,0.2\n";
    r = run_cli("pareto --impacts " + bad);
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("unknown measure 'speed'"), std::string::npos) << r.err;
  }
  {
    std::ofstream(bad) << "criterion\nrf:accuracy\n";
    r = run_cli("pareto --impacts " + bad);
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("at least 1 feature column"), std::string::npos) << r.err;
  }
  r = run_cli("pareto --impacts " + fixture("running_example.csv") + " --depth 0");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--depth must be an integer in [1, 1000], got 0"), std::string::npos) << r.err;
  r = run_cli("pareto");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("either a data file"), std::string::npos) << r.err;
  r = run_cli("pareto " + data_file("iris.csv") + " --classifiers nb");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("has 3 classes; pareto needs a binary target"), std::string::npos) << r.err;
  r = run_cli("pareto " + data_file("breast_cancer_wisconsin_diagnostic.csv") + " --target malignant --classifiers knn");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("unknown classifier 'knn'"), std::string::npos) << r.err;
  r = run_cli("pareto " + data_file("pima_indians_diabetes2_with_missing.csv") + " --target diabetes");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("missing"), std::string::npos) << r.err;
}

TEST(CliPareto, TrainingRunIsThreadIndependent) {
  TempDir dir;
  const std::string base = "pareto " + data_file("breast_cancer_wisconsin_diagnostic.csv") +
                           " --target malignant --classifiers nb,logreg --permutations 10 --seed 3 --quiet";
  const auto one = run_cli(base + " --threads 1 --json " + (dir / "t1.json"));
  const auto two = run_cli(base + " --threads 2 --json " + (dir / "t2.json"));
  ASSERT_EQ(one.code, 0) << one.err;
  ASSERT_EQ(two.code, 0) << two.err;
  Json a = Json::parse(read_file(dir / "t1.json")), b = Json::parse(read_file(dir / "t2.json"));
  a["diagnostics"].erase("seconds");
  a["diagnostics"].erase("threads");
  b["diagnostics"].erase("seconds");
  b["diagnostics"].erase("threads");
  a.erase("provenance");  // command line, threads and time of the run
  b.erase("provenance");
  EXPECT_EQ(a.dump(), b.dump());
  EXPECT_EQ(a["positive_class"], "1");
  EXPECT_EQ(a["classifiers"][0]["n_test"], 143);
  EXPECT_EQ(a["classifiers"][0]["n_train"], 426);
  EXPECT_GE(a["front"].size(), 1u);
}
