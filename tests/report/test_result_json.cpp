#include <gtest/gtest.h>

#include <stdexcept>

#include "featrel/error.hpp"
#include "featrel/report.hpp"
#include "featrel/result_json.hpp"
#include "temp_file.hpp"

namespace featrel::report {
namespace {

std::vector<std::string> keys_of(const Json& object) {
  std::vector<std::string> keys;
  for (const auto& [k, v] : object.items()) keys.push_back(k);
  return keys;
}

ResultHeader binary_header() {
  ResultHeader h;
  h.method = "fri";
  h.task = "binary";
  h.classes = {"neg", "pos"};
  h.n_samples = 100;
  h.n_features = 3;
  h.feature_names = {"a", "b", "c"};
  h.seed = 18446744073709551615ull;  // the largest seed survives exactly
  h.options = Json::object();
  h.options["C"] = 1.0;
  return h;
}

TEST(ResultSkeleton, KeyOrderFollowsTheSpec) {
  const Json r = result_skeleton(binary_header());
  EXPECT_EQ(keys_of(r), (std::vector<std::string>{"method", "featrel_version", "task", "classes", "positive_class",
                                                  "n_samples", "n_features", "feature_names", "seed", "compat",
                                                  "options", "features", "selected", "selected_names",
                                                  "diagnostics"}));
  EXPECT_EQ(r["method"], "fri");
  EXPECT_EQ(r["featrel_version"], featrel_version());
  EXPECT_EQ(r["positive_class"], "pos");  // code 1 by default
  EXPECT_EQ(r["seed"].get<std::uint64_t>(), 18446744073709551615ull);
  EXPECT_EQ(r["compat"], "none");
  EXPECT_EQ(r["options"]["C"], 1.0);
  EXPECT_TRUE(r["features"].is_array() && r["features"].empty());
  EXPECT_TRUE(r["diagnostics"].is_object());
  EXPECT_EQ(json_text(r).find("\"seed\": 18446744073709551615"), json_text(r).find("\"seed\""));
}

TEST(ResultSkeleton, VersionComesFromTheBuild) {
#ifdef FEATREL_VERSION
  EXPECT_STREQ(featrel_version(), FEATREL_VERSION);
#endif
  EXPECT_STRNE(featrel_version(), "");
}

TEST(ResultSkeleton, PositiveClassOnlyForBinary) {
  ResultHeader h = binary_header();
  h.positive_class = "neg";
  EXPECT_EQ(result_skeleton(h)["positive_class"], "neg");
  h.task = "multiclass";
  h.classes = {"a", "b", "c"};
  EXPECT_FALSE(result_skeleton(h).contains("positive_class"));
  h.task = "regression";
  h.classes = {};
  h.options = nullptr;
  const Json r = result_skeleton(h);
  EXPECT_FALSE(r.contains("positive_class"));
  EXPECT_TRUE(r["classes"].is_array() && r["classes"].empty());
  EXPECT_TRUE(r["options"].is_object());
}

TEST(ResultSkeleton, PlaceholdersKeepOrderWhenFilledLate) {
  Json r = result_skeleton(binary_header());
  r["own_field"] = 1;
  r["diagnostics"] = diagnostics_block({}, {}, 4);
  r["features"].push_back(feature_entry(0, "a", true, false));
  finish_selection(r);
  const auto keys = keys_of(r);
  EXPECT_EQ(keys.back(), "own_field");
  EXPECT_EQ(keys[keys.size() - 2], "diagnostics");
}

TEST(FeatureEntry, FieldsAndRelevanceClass) {
  Json e = feature_entry(2, "x2", true, false);
  add_relevance_class(e, 1);
  EXPECT_EQ(e.dump(), R"({"index":2,"name":"x2","selected":true,"constant":false,"class":1,"relevance":"weak"})");
  EXPECT_STREQ(relevance_word(0), "irrelevant");
  EXPECT_STREQ(relevance_word(2), "strong");
  EXPECT_THROW(add_relevance_class(e, 3), std::invalid_argument);
}

TEST(FinishSelection, AscendingIndicesAndNames) {
  Json r = result_skeleton(binary_header());
  r["features"].push_back(feature_entry(0, "a", false, false));
  r["features"].push_back(feature_entry(1, "b", true, false));
  r["features"].push_back(feature_entry(2, "c", true, true));
  finish_selection(r);
  EXPECT_EQ(r["selected"].dump(), "[1,2]");
  EXPECT_EQ(r["selected_names"].dump(), R"(["b","c"])");
  EXPECT_EQ(keys_of(r)[12], "selected");

  Json bad = Json::object();
  bad["features"] = Json::array({Json{{"name", "a"}}});
  EXPECT_THROW(finish_selection(bad), std::logic_error);
}

TEST(DiagnosticsBlock, WarningsSecondsWithTotalAndThreads) {
  const Json d = diagnostics_block({"column 'z' is constant"}, {{"fit", 1.5}, {"bounds", 0.25}}, 8);
  EXPECT_EQ(d.dump(), R"({"warnings":["column 'z' is constant"],"seconds":{"fit":1.5,"bounds":0.25,"total":1.75},"threads":8})");
  const Json e = diagnostics_block({}, {{"fit", 1.0}, {"total", 3.0}}, 1);
  EXPECT_EQ(e["seconds"].dump(), R"({"fit":1.0,"total":3.0})");
}

TEST(StripTiming, RemovesSecondsAndThreadsAtAnyDepth) {
  Json r = result_skeleton(binary_header());
  r["diagnostics"] = diagnostics_block({"w"}, {{"fit", 1.0}}, 4);
  r["diagnostics"]["iterations"] = 12;
  r["runs"] = Json::array({Json{{"diagnostics", diagnostics_block({}, {{"fit", 0.5}}, 2)}}});
  const Json s = strip_timing(r);
  EXPECT_EQ(s["diagnostics"].dump(), R"({"warnings":["w"],"iterations":12})");
  EXPECT_EQ(s["runs"][0]["diagnostics"].dump(), R"({"warnings":[]})");
  EXPECT_TRUE(r["diagnostics"].contains("seconds"));  // the argument is a copy

  Json other = r;
  other["diagnostics"]["seconds"]["fit"] = 9.0;
  other["diagnostics"]["threads"] = 1;
  EXPECT_EQ(json_text(strip_timing(r)), json_text(strip_timing(other)));
}

// ---------------------------------------------------------------------------------------------------------------

std::string message_of(const std::string& path) {
  try {
    read_result_selection(path);
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no InputError for " << path;
  return {};
}

TEST(ReadResultSelection, ReadsAResultWrittenBySkeleton) {
  Json r = result_skeleton(binary_header());
  const int classes[] = {2, 0, 1};
  for (std::size_t j = 0; j < 3; ++j) {
    Json e = feature_entry(j, std::string(1, static_cast<char>('a' + j)), classes[j] > 0, false);
    add_relevance_class(e, classes[j]);
    r["features"].push_back(e);
  }
  finish_selection(r);
  test::TempFile file;
  write_json_file(file.path(), r);
  const ResultSelection s = read_result_selection(file.path());
  EXPECT_EQ(s.method, "fri");
  EXPECT_EQ(s.feature_names, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(s.selected, (std::vector<bool>{true, false, true}));
  ASSERT_TRUE(s.classes.has_value());
  EXPECT_EQ(*s.classes, (std::vector<int>{2, 0, 1}));
  EXPECT_EQ(s.source, file.path());
}

TEST(ReadResultSelection, ClassesOnlyWhenEveryEntryHasOne) {
  test::TempFile file;
  write_text_file(file.path(),
                  R"({"method":"boruta","features":[{"name":"a","selected":true,"class":2},)"
                  R"({"name":"b","selected":false,"class":null}]})");
  const ResultSelection s = read_result_selection(file.path());
  EXPECT_EQ(s.method, "boruta");
  EXPECT_FALSE(s.classes.has_value());
  EXPECT_EQ(s.selected, (std::vector<bool>{true, false}));
}

TEST(ReadResultSelection, BadFilesAreInputErrorsNamingFileAndField) {
  test::TempFile no_features, no_selected, no_name, bad_class, invalid, not_bool;
  write_text_file(no_features.path(), R"({"method":"fri"})");
  write_text_file(no_selected.path(), R"({"features":[{"name":"a","selected":true},{"name":"b"}]})");
  write_text_file(no_name.path(), R"({"features":[{"selected":true}]})");
  write_text_file(bad_class.path(), R"({"features":[{"name":"a","selected":true,"class":5}]})");
  write_text_file(not_bool.path(), R"({"features":[{"name":"a","selected":1}]})");
  write_text_file(invalid.path(), "{\"features\": [\n");

  std::string m = message_of(no_features.path());
  EXPECT_NE(m.find(no_features.path()), std::string::npos) << m;
  EXPECT_NE(m.find("'features'"), std::string::npos) << m;

  m = message_of(no_selected.path());
  EXPECT_NE(m.find(no_selected.path()), std::string::npos) << m;
  EXPECT_NE(m.find("features[1]"), std::string::npos) << m;
  EXPECT_NE(m.find("'selected'"), std::string::npos) << m;

  m = message_of(no_name.path());
  EXPECT_NE(m.find("features[0] has no 'name'"), std::string::npos) << m;

  m = message_of(bad_class.path());
  EXPECT_NE(m.find("'class'"), std::string::npos) << m;

  m = message_of(not_bool.path());
  EXPECT_NE(m.find("'selected' that is not true or false"), std::string::npos) << m;

  m = message_of(invalid.path());
  EXPECT_NE(m.find(invalid.path()), std::string::npos) << m;
  EXPECT_NE(m.find("not valid JSON"), std::string::npos) << m;

  m = message_of("/nonexistent-featrel-dir/result.json");
  EXPECT_NE(m.find("/nonexistent-featrel-dir/result.json"), std::string::npos) << m;
}

}  // namespace
}  // namespace featrel::report
