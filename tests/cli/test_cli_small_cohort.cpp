// Small cohorts (docs/boruta.md#errors-and-edge-cases): every method runs with its defaults on 40 rows of a real
// data set, adapting what cannot work (the forest's rows per leaf) with a warning that says so; 20 rows still run;
// 19 rows, or a class with a single row, are a clear error (exit 2). The subsets are drawn here from the bundled
// data.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace {

using featrel::test::read_file;
using featrel::test::run_cli;
using featrel::test::TempDir;
using Json = nlohmann::json;

struct Table {
  std::string header;
  std::vector<std::string> rows;
  std::vector<std::string> keys;  // the target cell of each row
};

Table read_table(const std::string& path, const std::string& target) {
  std::ifstream in(path);
  Table t;
  std::getline(in, t.header);
  std::vector<std::string> names;
  {
    std::stringstream h(t.header);
    std::string c;
    while (std::getline(h, c, ',')) names.push_back(c);
  }
  const std::size_t ti = static_cast<std::size_t>(std::find(names.begin(), names.end(), target) - names.begin());
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::stringstream s(line);
    std::string c;
    for (std::size_t i = 0; i <= ti && std::getline(s, c, ','); ++i) {}
    t.rows.push_back(line);
    t.keys.push_back(c);
  }
  return t;
}

// A subset of n rows, stratified by the target's classes (each class keeps its share, at least `min_per_class`),
// or a plain random subset for a regression target. Seeded, so the test data are fixed.
std::string subset(const std::string& data, const std::string& target, std::size_t n, bool stratified,
                   const std::string& out, std::size_t min_per_class = 2) {
  const Table t = read_table(std::string(FEATREL_DATA_DIR) + "/" + data, target);
  std::mt19937_64 rng(20240611);
  std::vector<std::string> pick;
  if (stratified) {
    std::map<std::string, std::vector<std::size_t>> by;
    for (std::size_t i = 0; i < t.rows.size(); ++i) by[t.keys[i]].push_back(i);
    for (auto& [k, idx] : by) {
      std::shuffle(idx.begin(), idx.end(), rng);
      const std::size_t m = std::max(min_per_class, (n * idx.size() + t.rows.size() / 2) / t.rows.size());
      for (std::size_t i = 0; i < m && i < idx.size(); ++i) pick.push_back(t.rows[idx[i]]);
    }
    pick.resize(std::min(pick.size(), n));
  } else {
    std::vector<std::size_t> idx(t.rows.size());
    for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
    std::shuffle(idx.begin(), idx.end(), rng);
    for (std::size_t i = 0; i < n; ++i) pick.push_back(t.rows[idx[i]]);
  }
  std::ofstream o(out);
  o << t.header << "\n";
  for (const auto& r : pick) o << r << "\n";
  return out;
}

std::size_t data_rows(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::size_t n = 0;
  while (std::getline(in, line))
    if (!line.empty()) ++n;
  return n - 1;
}

// Methods whose defaults need more rows than a small cohort has, and so adapt them with a warning. Boruta's auto
// preset fits scikit-learn's forest (1 row per leaf) when a table has more columns than rows: nothing to adapt.
// SFC's fits on all columns keep Boruta's 20, which does not fit twice into a tree's 25 of 40 rows (n < 64 adapts);
// its fits on V use 5 rows per leaf while a tree samples at least 20 rows (n >= 32).
bool adapts(const std::string& method, std::size_t n, std::size_t d) {
  return (method == "sfc" && n < 64) || (method == "boruta" && d <= n);
}

std::string extra_args(const std::string& method) {
  return method == "ubayfs" ? " --max-size 5" : "";  // ubayfs has no default size limit to adapt
}

void expect_runs(const std::string& method, const std::string& csv, const std::string& target_args,
                 std::size_t n) {
  TempDir dir;
  const std::string json = dir / "r.json";
  const auto r = run_cli(method + " " + csv + " " + target_args + extra_args(method) + " --seed 3 --json " + json);
  ASSERT_EQ(r.code, 0) << method << " on " << n << " rows: " << r.err;
  const Json doc = Json::parse(read_file(json));
  EXPECT_EQ(doc["method"], method);
  EXPECT_EQ(doc["n_samples"].get<std::size_t>(), n);
  EXPECT_TRUE(doc["features"].is_array());
  EXPECT_TRUE(doc["selected"].is_array());
  const std::size_t d = doc["n_features"].get<std::size_t>();
  if (method == "boruta") {
    EXPECT_EQ(doc["options"]["model_preset"], d > n ? "rf" : "paper") << n << " x " << d;  // auto, resolved
    if (d > n) {
      EXPECT_EQ(doc["options"]["min_leaf"].get<int>(), 1);
    }
  }
  if (method == "sfc" && n >= 32) {
    EXPECT_EQ(doc["test_min_leaf"].get<int>(), 5);
  }
  if (adapts(method, n, d)) {
    EXPECT_NE(r.err.find("small_cohort: --min-leaf auto uses"), std::string::npos) << method << ": " << r.err;
    EXPECT_LT(doc["options"]["min_leaf"].get<int>(), 20) << method;  // the echo shows the value used
    bool in_json = false;
    for (const auto& w : doc["diagnostics"]["warnings"]) in_json |= w.get<std::string>().find("small_cohort") == 0;
    EXPECT_TRUE(in_json) << method;
  } else {
    EXPECT_EQ(r.err.find("small_cohort"), std::string::npos) << method;
  }
}

const std::vector<std::string> kAll{"fri",    "crfe",   "rfe",  "boruta", "sfc",
                                    "ubayfs", "pareto", "mrmr", "fisher", "laplacian"};
const std::vector<std::string> kRegression{"fri", "boruta", "sfc", "mrmr", "laplacian"};

class SmallCohort : public ::testing::TestWithParam<std::string> {};

TEST_P(SmallCohort, FortyRowsOfBreastCancer) {
  TempDir dir;
  const std::string csv = subset("breast_cancer_wisconsin_diagnostic.csv", "malignant", 40, true, dir / "bc40.csv");
  ASSERT_EQ(data_rows(csv), 40u);
  expect_runs(GetParam(), csv, "--target malignant", 40);
}

TEST_P(SmallCohort, TwentyRowsRun) {
  TempDir dir;
  const std::string csv = subset("breast_cancer_wisconsin_diagnostic.csv", "malignant", 20, true, dir / "bc20.csv");
  ASSERT_EQ(data_rows(csv), 20u);
  expect_runs(GetParam(), csv, "--target malignant", 20);
}

TEST_P(SmallCohort, NineteenRowsAreAClearError) {
  TempDir dir;
  const std::string csv = subset("breast_cancer_wisconsin_diagnostic.csv", "malignant", 19, true, dir / "bc19.csv");
  ASSERT_EQ(data_rows(csv), 19u);
  const auto r = run_cli(GetParam() + " " + csv + " --target malignant" + extra_args(GetParam()));
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("has 19 rows; featrel needs at least 20 rows"), std::string::npos) << r.err;
}

TEST_P(SmallCohort, SingleRowClassIsAClearError) {
  // Wine with one row of cultivar 2: nothing can be learned or validated about that class.
  TempDir dir;
  const Table t = read_table(std::string(FEATREL_DATA_DIR) + "/wine.csv", "cultivar");
  const std::string csv = dir / "wine_single.csv";
  std::ofstream o(csv);
  o << t.header << "\n";
  bool one = false;
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    if (t.keys[i] == "2") {
      if (one) continue;
      one = true;
    }
    o << t.rows[i] << "\n";
  }
  o.close();
  const auto r = run_cli(GetParam() + " " + csv + " --target cultivar --task multiclass" + extra_args(GetParam()));
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("class '2' of target 'cultivar' has a single row"), std::string::npos) << r.err;
}

INSTANTIATE_TEST_SUITE_P(Methods, SmallCohort, ::testing::ValuesIn(kAll),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

class SmallCohortRegression : public ::testing::TestWithParam<std::string> {};

TEST_P(SmallCohortRegression, FortyRowsOfDiabetesProgression) {
  TempDir dir;
  const std::string csv =
      subset("diabetes_progression_regression.csv", "progression", 40, false, dir / "dp40.csv");
  expect_runs(GetParam(), csv, "--target progression --task regression", 40);
}

INSTANTIATE_TEST_SUITE_P(Methods, SmallCohortRegression, ::testing::ValuesIn(kRegression),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

// A measured quantity given to a method that only classifies: the error names the quantity and the commands
// that take it, not one of the single-row "classes" the values would make (214 distinct values in 442 rows).
class QuantityForAClassifier : public ::testing::TestWithParam<std::string> {};

TEST_P(QuantityForAClassifier, NamesTheQuantityAndTheRegressionCommands) {
  const auto r = run_cli(GetParam() + " " + std::string(FEATREL_DATA_DIR) +
                         "/diabetes_progression_regression.csv --target progression");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("target 'progression' has 214 distinct numeric values in 442 rows"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("only classifies"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(featrel fri, boruta, sfc"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("single row"), std::string::npos) << r.err;
}

INSTANTIATE_TEST_SUITE_P(Methods, QuantityForAClassifier, ::testing::Values("crfe", "rfe", "pareto", "fisher"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

// An explicit --min-leaf that cannot work on 40 rows is still an error naming the option.
TEST(SmallCohortExplicit, ExplicitMinLeafIsRefused) {
  TempDir dir;
  const std::string csv = subset("breast_cancer_wisconsin_diagnostic.csv", "malignant", 40, true, dir / "bc40.csv");
  for (const std::string m : {"boruta", "sfc"}) {
    const auto r = run_cli(m + " " + csv + " --target malignant --min-leaf 20");
    EXPECT_EQ(r.code, 2) << m;
    EXPECT_NE(r.err.find("--min-leaf 20; got n=40; lower --min-leaf"), std::string::npos) << r.err;
  }
}

}  // namespace
