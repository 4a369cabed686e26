// --keep and --keep-selected: a slow method runs on the columns a fast one selected (the wide-data workflow of
// docs/wide-data.md), with a warning that says whether the selection was made on the same rows.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_runner.hpp"

using featrel::test::read_file;
using featrel::test::run_cli;
using featrel::test::TempDir;
using Json = nlohmann::ordered_json;

namespace {

// 120 rows x 40 columns, 2 strong and 2 weak features (the generator's fixed layout: x0, x1 strong; x2, x3 weak).
std::string generated(const TempDir& dir, const std::string& name, int seed) {
  const std::string path = dir / name;
  const auto r = run_cli("generate --task classification --n-samples 120 --n-features 40 --n-strong 2 --n-weak 2 "
                         "--seed " + std::to_string(seed) + " --out " + path);
  EXPECT_EQ(r.code, 0) << r.err;
  return path;
}

Json read_json(const std::string& path) { return Json::parse(read_file(path)); }

std::vector<std::string> names_of(const Json& doc, const char* key) { return doc[key].get<std::vector<std::string>>(); }

}  // namespace

TEST(CliKeep, SelectedFeaturesOfAResultAreTheOnlyOnesRead) {
  TempDir dir;
  const std::string data = generated(dir, "d.csv", 3);
  ASSERT_EQ(run_cli("mrmr " + data + " --target y -k 6 --quiet --json " + (dir / "m.json")).code, 0);
  const Json m = read_json(dir / "m.json");
  const std::vector<std::string> picked = names_of(m, "selected_names");
  ASSERT_EQ(picked.size(), 6u);

  const auto r = run_cli("fisher " + data + " --target y --keep-selected " + (dir / "m.json") + " -k 2 --json " +
                         (dir / "f.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  const Json f = read_json(dir / "f.json");
  EXPECT_EQ(f["n_features"], 6);
  std::vector<std::string> names = names_of(f, "feature_names");
  std::vector<std::string> expected = picked;
  std::sort(names.begin(), names.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(names, expected);  // the same columns, in the file's order
  // The same rows: the warning names the selection and the bias, and says what to do.
  EXPECT_NE(r.err.find("only the 6 features that mrmr selected in " + (dir / "m.json") +
                       " on these same rows are read (--keep-selected)"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("(selection bias)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("select on other rows"), std::string::npos) << r.err;
  // The provenance names the file as given (the names it led to are the document's features).
  EXPECT_EQ(f["provenance"]["data_options"]["keep_selected"], dir / "m.json");
  EXPECT_TRUE(f["provenance"]["data_options"]["keep"].empty());
}

TEST(CliKeep, ASelectionMadeOnOtherDataHasNoBiasCaveat) {
  TempDir dir;
  const std::string discovery = generated(dir, "discovery.csv", 3);
  const std::string validation = generated(dir, "validation.csv", 4);  // same columns, other rows
  ASSERT_EQ(run_cli("mrmr " + discovery + " --target y -k 3 --quiet --json " + (dir / "m.json")).code, 0);
  const auto r = run_cli("fisher " + validation + " --target y --keep-selected " + (dir / "m.json") + " -k 1");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("only the 3 features that mrmr selected in " + (dir / "m.json") + " (on other data, " +
                       discovery + ") are read (--keep-selected): the answer is about them alone"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("selection bias"), std::string::npos) << r.err;
}

TEST(CliKeep, KeepByHandAndErrors) {
  TempDir dir;
  const std::string data = generated(dir, "d.csv", 3);
  auto r = run_cli("fisher " + data + " --target y --keep x5,x1 -k 1 --json " + (dir / "f.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(names_of(read_json(dir / "f.json"), "feature_names"), (std::vector<std::string>{"x1", "x5"}));
  EXPECT_EQ(r.err.find("--keep-selected"), std::string::npos) << r.err;  // no pre-selection warning

  r = run_cli("fisher " + data + " --target y --keep x1,x99 -k 1");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--keep column 'x99' is not in"), std::string::npos) << r.err;

  // A result that selected nothing leaves nothing to keep.
  {
    Json empty = read_json([&] {
      EXPECT_EQ(run_cli("mrmr " + data + " --target y -k 2 --quiet --json " + (dir / "m.json")).code, 0);
      return dir / "m.json";
    }());
    for (auto& feature : empty["features"]) feature["selected"] = false;
    std::ofstream(dir / "none.json") << empty.dump();
  }
  r = run_cli("fisher " + data + " --target y --keep-selected " + (dir / "none.json"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("the mrmr result selected no feature"), std::string::npos) << r.err;

  // A file that is not a result document.
  std::ofstream(dir / "other.json") << "{\"a\": 1}";
  r = run_cli("fisher " + data + " --target y --keep-selected " + (dir / "other.json"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("other.json"), std::string::npos) << r.err;

  // Names the data does not have (a result of other data).
  Json foreign = read_json(dir / "m.json");
  foreign["features"][0]["name"] = "gene_7";
  foreign["features"][0]["selected"] = true;
  std::ofstream(dir / "foreign.json") << foreign.dump();
  r = run_cli("fisher " + data + " --target y --keep-selected " + (dir / "foreign.json"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--keep-selected " + (dir / "foreign.json") + ": column 'gene_7' is not in"), std::string::npos)
      << r.err;
}
