// The truth JSON of both generators (docs/generate.md#truth-file): fields, round trip and malformed files.
#include <gtest/gtest.h>

#include <string>

#include "featrel/error.hpp"
#include "featrel/generate.hpp"
#include "helpers.hpp"

namespace featrel::gen {
namespace {

void expect_same(const Truth& a, const Truth& b) {
  EXPECT_EQ(a.kind, b.kind);
  EXPECT_EQ(a.task, b.task);
  EXPECT_EQ(a.seed, b.seed);
  EXPECT_EQ(a.params, b.params);
  EXPECT_EQ(a.names, b.names);
  EXPECT_EQ(a.roles, b.roles);
  EXPECT_EQ(a.relevant, b.relevant);
  EXPECT_EQ(a.classes, b.classes);
  EXPECT_EQ(a.groups, b.groups);
  EXPECT_EQ(a.repeat_of, b.repeat_of);
  EXPECT_EQ(a.block, b.block);
}

TEST(Truth, RelevanceJsonHasEveryFieldAndRoundTrips) {
  RelevanceOptions o;
  o.n_features = 8;
  o.n_repeated = 2;
  o.task = "ordinal";
  o.n_levels = 4;
  const std::uint64_t seed = 18446744073709551615ULL;  // the whole uint64 range survives JSON
  const Truth t = generate_relevance(o, seed).truth;
  const nlohmann::json j = t.to_json();
  for (const char* key : {"kind", "task", "seed", "params", "names", "roles", "relevant", "classes", "groups",
                          "repeat_of"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["kind"], "relevance");
  EXPECT_EQ(j["task"], "ordinal");
  EXPECT_EQ(j["seed"].get<std::uint64_t>(), seed);
  for (const char* key : {"task", "nonlinear", "n_samples", "n_features", "n_strong", "n_weak", "partition",
                          "n_repeated", "noise", "target_noise", "flip_y", "n_levels", "preset"})
    EXPECT_TRUE(j["params"].contains(key)) << key;
  EXPECT_EQ(j["params"]["n_levels"], 4);
  EXPECT_TRUE(j["params"]["preset"].is_null());
  EXPECT_TRUE(j["repeat_of"][0].is_null());
  EXPECT_TRUE(j["repeat_of"][4].is_number_unsigned());
  // Through text and back.
  expect_same(Truth::from_json(nlohmann::json::parse(j.dump())), t);
}

TEST(Truth, ClustersJsonHasNoClassesAndRoundTrips) {
  ClustersOptions o;
  o.n_repeated = 2;
  o.append_int_noise = 2;
  const Truth t = generate_clusters(o, 7).truth;
  const nlohmann::json j = t.to_json();
  EXPECT_FALSE(j.contains("classes"));
  EXPECT_EQ(j["kind"], "clusters");
  for (const char* key : {"n_samples", "n_features", "n_informative", "n_redundant", "n_repeated", "n_classes",
                          "n_clusters_per_class", "weights", "flip_y", "class_sep", "hypercube", "shift", "scale",
                          "shuffle", "append_int_noise", "row_zscore"})
    EXPECT_TRUE(j["params"].contains(key)) << key;
  EXPECT_EQ(j["names"].size(), 22U);
  expect_same(Truth::from_json(nlohmann::json::parse(j.dump())), t);
}

TEST(Truth, PrivilegedJsonHasBlockAndRoundTrips) {
  RelevanceOptions o;
  o.n_features = 5;
  o.n_repeated = 1;
  o.privileged = true;
  const Truth t = generate_relevance(o, 3).truth;
  const nlohmann::json j = t.to_json();
  ASSERT_TRUE(j.contains("block"));
  EXPECT_EQ(j["block"].size(), 10U);
  EXPECT_EQ(j["block"][4], "normal");
  EXPECT_EQ(j["block"][5], "privileged");
  EXPECT_EQ(j["names"][5], "p0");
  EXPECT_EQ(j["params"]["privileged"], true);
  expect_same(Truth::from_json(nlohmann::json::parse(j.dump())), t);
  // A file without the field (plain data, or written before it existed) reads with no blocks.
  nlohmann::json old = generate_relevance(RelevanceOptions{}, 3).truth.to_json();
  ASSERT_FALSE(old.contains("block"));
  EXPECT_TRUE(Truth::from_json(old).block.empty());
  auto expect_error = [&](auto edit, const std::string& needle) {
    nlohmann::json bad = j;
    edit(bad);
    test::expect_input_error([&] { Truth::from_json(bad); }, needle);
  };
  expect_error([](nlohmann::json& b) { b["block"].erase(0); }, "'block' has 9 entries");
  expect_error([](nlohmann::json& b) { b["block"][0] = "test"; }, "'block' entry is 'test'");
  expect_error([](nlohmann::json& b) { b["block"] = "normal"; }, "malformed");
}

TEST(Truth, MalformedFilesAreInputErrors) {
  RelevanceOptions o;
  o.n_features = 4;
  const nlohmann::json good = generate_relevance(o, 1).truth.to_json();
  auto broken = [&](auto edit) {
    nlohmann::json j = good;
    edit(j);
    return j;
  };
  auto expect_error = [](const nlohmann::json& j, const std::string& needle) {
    try {
      Truth::from_json(j);
      ADD_FAILURE() << "no InputError for " << needle;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  expect_error(nlohmann::json::array(), "JSON object");
  expect_error(broken([](nlohmann::json& j) { j.erase("roles"); }), "'roles'");
  expect_error(broken([](nlohmann::json& j) { j.erase("classes"); }), "'classes'");
  expect_error(broken([](nlohmann::json& j) { j["kind"] = "blobs"; }), "'kind'");
  expect_error(broken([](nlohmann::json& j) { j["groups"].push_back(0); }), "'groups' has 5 entries");
  expect_error(broken([](nlohmann::json& j) { j["classes"][0] = 3; }), "'classes' entry is 3");
  expect_error(broken([](nlohmann::json& j) { j["repeat_of"][1] = 9; }), "'repeat_of' entry is 9");
  expect_error(broken([](nlohmann::json& j) { j["relevant"][0] = "yes"; }), "malformed");
  EXPECT_NO_THROW(Truth::from_json(good));
}

TEST(Kind, WordsRoundTrip) {
  EXPECT_EQ(parse_kind("relevance"), Kind::relevance);
  EXPECT_EQ(parse_kind("clusters"), Kind::clusters);
  EXPECT_EQ(to_string(Kind::relevance), "relevance");
  EXPECT_EQ(to_string(Kind::clusters), "clusters");
  EXPECT_THROW(parse_kind("blobs"), InputError);
}

}  // namespace
}  // namespace featrel::gen
