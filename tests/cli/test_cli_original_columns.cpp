// Results per original column when a categorical text column is encoded as indicator columns: the document's
// `original_columns` block and the text's closing section say whether the column matters and through which level
// (issue: results reported per original column as well as per level).
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

// 60 rows: y is 1 exactly for site C; 'dose' is a weak copy of y plus a rank; 'noise' is unrelated (fixed pattern).
std::string write_site_data(const TempDir& dir) {
  const std::string path = dir / "sites.csv";
  std::ofstream out(path);
  out << "dose,site,noise,y\n";
  const char* sites[] = {"A", "B", "C"};
  for (int i = 0; i < 60; ++i) {
    const int s = (i * 7) % 3;
    const int y = s == 2 ? 1 : 0;
    out << (0.3 * y + 0.01 * (i % 10)) << "," << sites[s] << "," << ((i * 37) % 11) / 10.0 << "," << y << "\n";
  }
  return path;
}

}  // namespace

TEST(CliOriginalColumns, SelectedLevelIsReportedPerOriginalColumn) {
  TempDir dir;
  const std::string data = write_site_data(dir);
  const auto r = run_cli("fisher " + data + " --target y -k 1 --json " + (dir / "f.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(read_file(dir / "f.json"));
  // site -> site=A, site=B, site=C; the one pick is site=C (it equals y).
  ASSERT_EQ(j["feature_names"].size(), 5u);
  ASSERT_EQ(j["selected_names"], Json::array({"site=C"}));
  ASSERT_TRUE(j.contains("original_columns"));
  const Json& cols = j["original_columns"];
  ASSERT_EQ(cols.size(), 1u);  // numeric columns are their own source and not listed
  EXPECT_EQ(cols[0]["column"], "site");
  EXPECT_TRUE(cols[0]["selected"].get<bool>());
  ASSERT_EQ(cols[0]["levels"].size(), 3u);
  for (const Json& l : cols[0]["levels"]) {
    EXPECT_EQ(l["name"], "site=" + l["level"].get<std::string>());
    EXPECT_EQ(l["selected"].get<bool>(), l["level"] == "C");
    EXPECT_EQ(j["features"][l["feature"].get<std::size_t>()]["name"], l["name"]);
  }
  // The column's score is its best level's.
  double best = -1;
  for (const Json& l : cols[0]["levels"]) best = std::max(best, l["score"].is_null() ? -1.0 : l["score"].get<double>());
  EXPECT_DOUBLE_EQ(cols[0]["score"].get<double>(), best);
  EXPECT_NE(r.out.find("site: selected (through level C)"), std::string::npos) << r.out;
}

TEST(CliOriginalColumns, AbsentWithoutCategoricalColumnsAndNotSelectedSaysSo) {
  TempDir dir;
  const std::string data = write_site_data(dir);
  auto r = run_cli("fisher " + data + " --target y --drop site -k 1 --json " + (dir / "f.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_FALSE(Json::parse(read_file(dir / "f.json")).contains("original_columns"));
  EXPECT_EQ(r.out.find("per original column"), std::string::npos);
  // Laplacian ignores the target: with one pick, 'site' may lose; whatever it picks, the section names site.
  r = run_cli("laplacian " + data + " --target y -k 1 --quiet --json " + (dir / "l.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(read_file(dir / "l.json"));
  ASSERT_TRUE(j.contains("original_columns"));
  bool any = false;
  for (const Json& l : j["original_columns"][0]["levels"]) any |= l["selected"].get<bool>();
  EXPECT_EQ(j["original_columns"][0]["selected"].get<bool>(), any);
}
