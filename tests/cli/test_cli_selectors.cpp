// End-to-end runs of `featrel mrmr`, `featrel fisher` and `featrel laplacian`: the mRMR ranking of the full bcw
// data (docs/selectors.md#reference-values: pick order and mRMRe scores), Fisher and Laplacian on iris against the spec's
// scores, the shared result fields, the CSV, the table, and bad input (exit 2).
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

std::string data_file(const std::string& name) { return std::string(FEATREL_DATA_DIR) + "/" + name; }
std::string bcw() { return data_file("breast_cancer_wisconsin_diagnostic.csv") + " --target malignant"; }
std::string iris() { return data_file("iris.csv") + " --target species"; }

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

TEST(CliSelectors, MrmrRanksBcwAsMrmre) {
  TempDir dir;
  const auto r = run_cli("mrmr " + bcw() + " -k 10 --json " + (dir / "r.json") + " --csv " + (dir / "r.csv"));
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(read_file(dir / "r.json"));
  for (const char* key : {"method", "featrel_version", "task", "classes", "positive_class", "n_samples", "n_features",
                          "feature_names", "seed", "compat", "options", "features", "selected", "selected_names",
                          "diagnostics", "ranking", "ranking_names"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["method"], "mrmr");
  EXPECT_EQ(j["task"], "binary");
  EXPECT_EQ(j["options"]["n_features_to_select"], 10);
  const std::vector<int> order{22, 27, 13, 7, 23, 26, 6, 20, 21, 2};
  EXPECT_EQ(j["ranking"].get<std::vector<int>>(), order);
  EXPECT_EQ(j["selected"].get<std::vector<int>>(), (std::vector<int>{2, 6, 7, 13, 20, 21, 22, 23, 26, 27}));
  const std::vector<double> scores{1.170720, 0.237456, 0.231530, 0.278598, 0.250310,
                                   0.253908, 0.151060, 0.204275, 0.122875, 0.119885};
  for (std::size_t i = 0; i < order.size(); ++i) {
    const Json& f = j["features"][static_cast<std::size_t>(order[i])];
    EXPECT_EQ(f["rank"], static_cast<int>(i + 1));
    EXPECT_NEAR(f["score"].get<double>(), scores[i], 1e-6);
  }
  EXPECT_NEAR(j["features"][20]["criterion"].get<double>(), 1.08062341, 1e-8);  // MI(worst radius, y)
  EXPECT_TRUE(j["features"][0]["rank"].is_null());
  // The table lists the picks in order, the CSV one row per feature.
  EXPECT_NE(r.out.find("worst perimeter"), std::string::npos);
  EXPECT_LT(r.out.find("worst perimeter"), r.out.find("worst concave points"));
  const std::string csv = read_file(dir / "r.csv");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 31);
}

TEST(CliSelectors, FisherAndLaplacianOnIris) {
  TempDir dir;
  auto r = run_cli("fisher " + iris() + " --all --quiet --json " + (dir / "f.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(r.out.empty());
  Json j = Json::parse(read_file(dir / "f.json"));
  EXPECT_EQ(j["task"], "multiclass");
  EXPECT_EQ(j["ranking"].get<std::vector<int>>(), (std::vector<int>{2, 3, 0, 1}));
  const std::vector<double> fisher{1.59019336, 0.65546720, 15.73548243, 12.80009529};
  for (std::size_t c = 0; c < 4; ++c) EXPECT_NEAR(j["features"][c]["criterion"].get<double>(), fisher[c], 1e-7);

  r = run_cli("laplacian " + iris() + " --task multiclass -k 2 --json " + (dir / "l.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  j = Json::parse(read_file(dir / "l.json"));
  EXPECT_EQ(j["selected"].get<std::vector<int>>(), (std::vector<int>{2, 3}));
  EXPECT_NEAR(j["features"][1]["criterion"].get<double>(), 0.10181970, 1e-7);
  EXPECT_EQ(j["options"]["laplacian_t"], 1.0);
  EXPECT_NE(r.out.find("petal length"), std::string::npos);
}

TEST(CliSelectors, ChartRowsArePicksThenTheRestByCriterion) {
  TempDir dir;
  const auto r = run_cli("fisher " + iris() + " -k 2 --quiet --svg " + (dir / "f.svg"));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string svg = read_file(dir / "f.svg");
  // Row labels top to bottom: the picks (petal length, petal width), then sepal length (1.59) before sepal width
  // (0.66): larger Fisher scores first.
  std::vector<std::size_t> at;
  for (const char* name : {"petal length (cm)", "petal width (cm)", "sepal length (cm)", "sepal width (cm)"}) {
    at.push_back(svg.find(std::string(">") + name + "</text>"));
    ASSERT_NE(at.back(), std::string::npos) << name;
  }
  EXPECT_TRUE(std::is_sorted(at.begin(), at.end()));
  // Two blue (picked) bars, two grey; the axis is linear (15.7 is not 30 times the median 6.7).
  EXPECT_EQ(count_of(svg, "fill=\"#0072B2\""), 2u + 1u);  // + the legend swatch
  EXPECT_EQ(svg.find("log scale"), std::string::npos);
  EXPECT_NE(svg.find("2 of 4 features picked"), std::string::npos);
}

TEST(CliSelectors, SameJsonForAnyThreadCount) {
  TempDir dir;
  ASSERT_EQ(run_cli("mrmr " + bcw() + " --threads 1 --quiet --json " + (dir / "a.json")).code, 0);
  ASSERT_EQ(run_cli("mrmr " + bcw() + " --threads 3 --quiet --json " + (dir / "b.json")).code, 0);
  Json a = Json::parse(read_file(dir / "a.json")), b = Json::parse(read_file(dir / "b.json"));
  for (Json* d : {&a, &b}) {
    (*d)["diagnostics"].erase("seconds");
    (*d)["diagnostics"].erase("threads");
    d->erase("provenance");  // command line and time of the run
  }
  EXPECT_EQ(a.dump(), b.dump());
}

TEST(CliSelectors, BadInputExitsWithCode2) {
  auto r = run_cli("mrmr " + bcw() + " --n-features-to-select 0");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--n-features-to-select"), std::string::npos) << r.err;
  EXPECT_EQ(run_cli("mrmr " + bcw() + " -k 31").code, 2);
  EXPECT_EQ(run_cli("mrmr " + bcw() + " --mrmr-relevance kendall").code, 2);
  EXPECT_EQ(run_cli("laplacian " + bcw() + " --laplacian-t 0").code, 2);
  r = run_cli("fisher " + data_file("diabetes_progression_regression.csv") + " --task regression");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("fisher"), std::string::npos) << r.err;
  EXPECT_EQ(run_cli("mrmr " + data_file("no_such_file.csv")).code, 2);
  EXPECT_EQ(run_cli("mrmr " + bcw() + " --compat featrel").code, 2);
}

TEST(CliSelectors, OptionTablesOfTheThreeCommands) {
  // -k and --all exclude each other; the message names the flag.
  auto r = run_cli("fisher " + iris() + " -k 2 --all");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--all"), std::string::npos) << r.err;
  // Each command takes only its own settings: --compat and --mrmr-relevance are mrmr's, --laplacian-t laplacian's.
  EXPECT_EQ(run_cli("fisher " + iris() + " --compat reference").code, 2);
  EXPECT_EQ(run_cli("laplacian " + iris() + " --mrmr-relevance eta").code, 2);
  EXPECT_EQ(run_cli("mrmr " + iris() + " --laplacian-t 2").code, 2);
  r = run_cli("laplacian " + iris() + " --laplacian-t 2e9");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--laplacian-t"), std::string::npos) << r.err;
  // mrmr --compat reference: Somers' D for the multiclass target, echoed with the header's compat.
  TempDir dir;
  r = run_cli("mrmr " + iris() + " --task multiclass --compat reference --quiet --json " + (dir / "c.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(read_file(dir / "c.json"));
  EXPECT_EQ(j["compat"], "reference");
  EXPECT_EQ(j["options"]["mrmr_relevance"], "somers");
  EXPECT_EQ(j["options"]["n_features_to_select"], 4);  // auto: every feature when there are fewer than 10
  EXPECT_EQ(j["selection"]["score"], "mrmr_score");
  // --sort index lists the picks in column order.
  r = run_cli("fisher " + iris() + " --all --sort index");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_LT(r.out.find("sepal length"), r.out.find("petal length"));
}

}  // namespace
