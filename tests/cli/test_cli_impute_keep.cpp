// --impute keep: boruta and sfc take missing feature values as they are (the forests send them down their own
// branch); every other method refuses them and names the ones that take them.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_runner.hpp"

using featrel::test::read_file;
using featrel::test::run_cli;
using featrel::test::TempDir;
using Json = nlohmann::ordered_json;

namespace {

// 768 rows, empty cells where a value is missing (652 of them, in 5 of the 8 columns).
const std::string kPima =
    std::string(FEATREL_DATA_DIR) + "/pima_indians_diabetes2_with_missing.csv --target diabetes";

class ImputeKeep : public ::testing::TestWithParam<std::string> {};

TEST_P(ImputeKeep, ForestMethodsRunOnTheValuesAsTheyAre) {
  TempDir dir;
  const auto r = run_cli(GetParam() + " " + kPima + " --impute keep --seed 2 --json " + (dir / "r.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("kept 652 missing values in 5 columns"), std::string::npos) << r.err;
  const Json doc = Json::parse(read_file(dir / "r.json"));
  const auto selected = doc["selected_names"].get<std::vector<std::string>>();
  // Glucose (5 missing values) carries most of the signal: found whatever the missing values do.
  EXPECT_NE(std::find(selected.begin(), selected.end(), "glucose"), selected.end()) << doc["selected_names"];
  EXPECT_EQ(doc["provenance"]["data_options"]["impute"], "keep");
}

INSTANTIATE_TEST_SUITE_P(Methods, ImputeKeep, ::testing::Values("boruta", "sfc"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

class ImputeKeepRefused : public ::testing::TestWithParam<std::string> {};

TEST_P(ImputeKeepRefused, OtherMethodsNameTheOnesThatTakeMissingValues) {
  const auto r = run_cli(GetParam() + " " + kPima + " --impute keep");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("has 652 missing values kept as NaN (--impute keep) in 5 columns"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("use --impute mean or --impute median, or a method that takes missing values (featrel "
                       "boruta, sfc)"),
            std::string::npos)
      << r.err;
}

INSTANTIATE_TEST_SUITE_P(Methods, ImputeKeepRefused,
                         ::testing::Values("fri", "crfe", "rfe", "pareto", "ubayfs --max-size 3", "mrmr", "fisher",
                                           "laplacian"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return info.param.substr(0, info.param.find(' '));
                         });

}  // namespace
