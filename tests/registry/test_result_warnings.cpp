// The registry's result wrapper on wide data (docs/cli.md#pre-flight-checks): the chance floor's features above it
// in the `preflight` block, and a warning naming the selected features below it, in warnings() and in the
// document's diagnostics; nothing of the kind on a narrow table or when every selected feature is above the floor.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/method_registry.hpp"
#include "featrel/rng.hpp"
#include "common/wide_table.hpp"

namespace {

using featrel::Dataset;
using featrel::report::Json;

// Two classes; the first `planted` columns are the class code plus a little noise.
Dataset wide(std::size_t n, std::size_t d, std::size_t planted, std::uint64_t seed) {
  return featrel_test::wide_table(n, d, planted, 2, seed);
}

std::vector<std::string> floor_warnings(const std::vector<std::string>& all) {
  std::vector<std::string> out;
  for (const auto& w : all)
    if (w.find("below the chance floor") != std::string::npos) out.push_back(w);
  return out;
}

std::unique_ptr<featrel::MethodResult> fisher(const Dataset& d, int k) {
  Json settings = Json::object();
  settings["n_features_to_select"] = k;
  featrel::RunContext ctx;
  ctx.threads = 1;
  return featrel::method("fisher").run(d, settings, ctx);
}

TEST(ResultWarnings, SelectedFeaturesBelowTheChanceFloorAreNamed) {
  const Dataset d = wide(60, 300, 3, 5);
  const auto result = fisher(d, 10);
  const Json doc = result->to_json();
  const Json* floor = nullptr;
  for (const Json& p : doc["preflight"])
    if (p["kind"] == "chance_floor") floor = &p;
  ASSERT_NE(floor, nullptr);
  const auto above = (*floor)["above_features"].get<std::vector<std::string>>();
  ASSERT_EQ(above.size(), (*floor)["above"].get<std::size_t>());
  // The planted columns (η ≈ 1) are above; a noise column only by chance (the floor is its 95 % level).
  ASSERT_GE(above.size(), 3u);
  EXPECT_EQ(std::vector<std::string>(above.begin(), above.begin() + 3), (std::vector<std::string>{"x0", "x1", "x2"}));
  std::vector<std::string> below;
  for (std::size_t j : result->selection().selected_indices())
    if (std::find(above.begin(), above.end(), d.feature_names[j]) == above.end()) below.push_back(d.feature_names[j]);
  ASSERT_FALSE(below.empty());  // 10 selected, at most 5 above
  const auto warned = floor_warnings(result->warnings());
  ASSERT_EQ(warned.size(), 1u);
  const std::string& w = warned[0];
  EXPECT_EQ(w.rfind(std::to_string(below.size()) + " of the 10 selected features are below the chance floor of ", 0), 0u)
      << w;
  for (const auto& name : below) EXPECT_NE(w.find(name), std::string::npos) << name << " in " << w;
  EXPECT_EQ(w.find("x0"), std::string::npos) << w;
  EXPECT_NE(w.find("confirm it on more rows"), std::string::npos);
  // The document carries the same warning among its diagnostics.
  EXPECT_EQ(floor_warnings(doc["diagnostics"]["warnings"].get<std::vector<std::string>>()), warned);
}

TEST(ResultWarnings, NoFloorWarningWhenEverySelectedFeatureIsAboveOrTheTableIsNarrow) {
  // A result refers to its data: both stay alive while their results are read.
  const Dataset wide_data = wide(60, 300, 3, 5), narrow_data = wide(60, 50, 3, 5);
  const auto top = fisher(wide_data, 3);
  EXPECT_EQ(top->selection().selected_indices(), (std::vector<std::size_t>{0, 1, 2}));  // the planted columns
  EXPECT_TRUE(floor_warnings(top->warnings()).empty());
  const auto narrow = fisher(narrow_data, 10);
  EXPECT_TRUE(floor_warnings(narrow->warnings()).empty());
  const Json narrow_doc = narrow->to_json();  // kept: a range-for over a temporary's member would dangle
  for (const Json& p : narrow_doc["preflight"]) EXPECT_NE(p["kind"], "chance_floor");
}

// A column that copies another and one that holds one value per class: the pre-flight checks name both
// (docs/cli.md#pre-flight-checks), and every method's document lists their messages among its warnings, as
// warnings() does (docs/result-format.md#top-level).
TEST(ResultWarnings, PreflightMessagesAreAmongEveryMethodsDocumentWarnings) {
  featrel::rng::Rng r(4);
  Eigen::MatrixXd X(60, 5);
  std::vector<std::string> y;
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    const bool positive = i % 2 == 1;
    for (Eigen::Index j = 0; j < 3; ++j) X(i, j) = r.normal() + (j == 0 && positive ? 1.5 : 0.0);
    X(i, 3) = X(i, 0);              // duplicate_column
    X(i, 4) = positive ? 7.0 : 2.0;  // target_leak
    y.push_back(positive ? "yes" : "no");
  }
  featrel::CsvOptions csv;
  csv.positive = "yes";
  const Dataset d = featrel::make_dataset(X, {"x0", "x1", "x2", "copy", "leak"}, y, csv);
  featrel::RunContext ctx;
  ctx.seed = 2;
  ctx.threads = 1;
  for (const auto& spec : featrel::methods()) {
    Json settings = Json::object();
    if (spec.name == "ubayfs") settings["max_size"] = Json::array({"2"});
    const auto result = spec.run(d, settings, ctx);
    const Json doc = result->to_json();
    std::vector<std::string> kinds;
    for (const Json& p : doc["preflight"]) kinds.push_back(p["kind"].get<std::string>());
    EXPECT_EQ(kinds, (std::vector<std::string>{"target_leak", "duplicate_column"})) << spec.name;
    const auto warnings = doc["diagnostics"]["warnings"].get<std::vector<std::string>>();
    EXPECT_EQ(warnings, result->warnings()) << spec.name;
    for (const Json& p : doc["preflight"])
      EXPECT_NE(std::find(warnings.begin(), warnings.end(), p["message"].get<std::string>()), warnings.end())
          << spec.name << ": " << p["message"];
  }
}

}  // namespace
