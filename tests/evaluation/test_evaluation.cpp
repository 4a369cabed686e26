// Tests of scoring results against a truth and against each other.
#include <gtest/gtest.h>

#include "featrel/error.hpp"
#include "featrel/evaluation.hpp"

using namespace featrel;

namespace {
gen::Truth sim_truth() {
  // 3 strong, 2 weak, 3 irrelevant.
  gen::Truth t;
  t.kind = "relevance";
  t.task = "classification";
  t.names = {"x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7"};
  t.classes = {2, 2, 2, 1, 1, 0, 0, 0};
  for (int c : t.classes) {
    t.roles.push_back(c == 2 ? "strong" : c == 1 ? "weak" : "irrelevant");
    t.relevant.push_back(c > 0);
  }
  t.groups = {0, 0, 0, 1, 1, 0, 0, 0};
  t.repeat_of.assign(8, std::nullopt);
  return t;
}

report::ResultSelection result(std::vector<int> classes, std::vector<std::string> names = {}) {
  report::ResultSelection r;
  r.method = "test";
  r.source = "result.json";
  r.feature_names = names.empty() ? sim_truth().names : names;
  for (int c : classes) r.selected.push_back(c > 0);
  r.classes = classes;
  return r;
}
}  // namespace

TEST(Evaluate, OverallAndPerClassAgainstHandCounts) {
  // Predicted: x0,x1 strong (correct), x2 weak (a strong one called weak), x3 weak (correct), x4 missed,
  // x5 weak (false positive).
  const auto e = evaluation::evaluate_selection(result({2, 2, 1, 1, 0, 1, 0, 0}), sim_truth());
  // Overall: selected {0,1,2,3,5}, relevant {0..4}: TP 4, FP 1, FN 1.
  EXPECT_EQ(e.overall.tp, 4u);
  EXPECT_EQ(e.overall.fp, 1u);
  EXPECT_EQ(e.overall.fn, 1u);
  EXPECT_DOUBLE_EQ(*e.overall.precision, 0.8);
  EXPECT_DOUBLE_EQ(e.overall.recall, 0.8);
  EXPECT_DOUBLE_EQ(e.overall.f1, 0.8);
  // Strong: predicted {0,1}, true {0,1,2}: precision 1, recall 2/3.
  ASSERT_TRUE(e.strong.has_value());
  EXPECT_DOUBLE_EQ(*e.strong->precision, 1.0);
  EXPECT_DOUBLE_EQ(e.strong->recall, 2.0 / 3.0);
  // Weak: predicted {2,3,5}, true {3,4}: TP 1, FP 2, FN 1.
  EXPECT_DOUBLE_EQ(*e.weak->precision, 1.0 / 3.0);
  EXPECT_DOUBLE_EQ(e.weak->recall, 0.5);
  EXPECT_DOUBLE_EQ(e.recall_by_role.at("strong"), 1.0);
  EXPECT_DOUBLE_EQ(e.recall_by_role.at("weak"), 0.5);
  EXPECT_EQ(e.features[5].name, "x5");
  const auto j = evaluation::to_json(e);
  EXPECT_EQ(j["features"][5]["outcome"], "FP");
  EXPECT_EQ(j["features"][4]["outcome"], "FN");
  EXPECT_EQ(j["features"][7]["outcome"], "TN");
}

TEST(Evaluate, MatchesFeaturesByNameNotPosition) {
  auto t = sim_truth();
  // Same selection as x0..x4 relevant, but the result lists the columns in reverse order.
  std::vector<std::string> names(t.names.rbegin(), t.names.rend());
  const auto e = evaluation::evaluate_selection(result({0, 0, 0, 1, 1, 2, 2, 2}, names), t);
  EXPECT_DOUBLE_EQ(e.overall.f1, 1.0);
  EXPECT_DOUBLE_EQ(e.strong->f1, 1.0);
  EXPECT_DOUBLE_EQ(e.weak->f1, 1.0);
}

TEST(Evaluate, WithoutClassesOnlyRoleRecall) {
  auto r = result({1, 1, 1, 0, 0, 0, 0, 1});
  r.classes.reset();
  const auto e = evaluation::evaluate_selection(r, sim_truth());
  EXPECT_FALSE(e.strong.has_value());
  EXPECT_DOUBLE_EQ(e.recall_by_role.at("strong"), 1.0);
  EXPECT_DOUBLE_EQ(e.recall_by_role.at("weak"), 0.0);
  EXPECT_TRUE(evaluation::to_json(e)["strong"].is_null());
}

TEST(Evaluate, NothingSelectedGivesNullPrecision) {
  const auto e = evaluation::evaluate_selection(result({0, 0, 0, 0, 0, 0, 0, 0}), sim_truth());
  EXPECT_FALSE(e.overall.precision.has_value());
  EXPECT_DOUBLE_EQ(e.overall.recall, 0.0);
  EXPECT_TRUE(evaluation::to_json(e)["overall"]["precision"].is_null());
}

TEST(Evaluate, DifferentFeatureNamesAreAnInputError) {
  auto names = sim_truth().names;
  names[3] = "other";
  try {
    evaluation::evaluate_selection(result({0, 0, 0, 0, 0, 0, 0, 0}, names), sim_truth());
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'other'"), std::string::npos);
  }
}

TEST(StabilityOfResults, MatchesTheCrfeReferenceSets) {
  // docs/stability.md#reference-values: d = 10, sets {0,1,2}, {0,1,3}, {0,1,2}, {0,4,5}.
  std::vector<report::ResultSelection> runs;
  for (auto set : std::vector<std::vector<int>>{{0, 1, 2}, {0, 1, 3}, {0, 1, 2}, {0, 4, 5}}) {
    report::ResultSelection r;
    r.source = "run" + std::to_string(runs.size()) + ".json";
    for (int j = 0; j < 10; ++j) r.feature_names.push_back("f" + std::to_string(j));
    r.selected.assign(10, false);
    for (int j : set) r.selected[j] = true;
    runs.push_back(r);
  }
  const auto s = evaluation::stability_of_results(runs);
  EXPECT_NEAR(s.indices.jaccard, 1.0 / 6.0, 1e-12);
  EXPECT_NEAR(s.indices.iw, 10.0 / 42.0, 1e-12);
  EXPECT_NEAR(*s.indices.kuncheva, 46.0 / 126.0, 1e-12);
  EXPECT_NEAR(s.indices.nogueira.value, 46.0 / 126.0, 1e-12);
  EXPECT_DOUBLE_EQ(s.frequency[0], 1.0);
  EXPECT_DOUBLE_EQ(s.frequency[1], 0.75);
  EXPECT_DOUBLE_EQ(s.frequency[9], 0.0);
  const auto j = evaluation::to_json(s);
  EXPECT_EQ(j["stability"]["n_sets"], 4);
  EXPECT_EQ(j["set_sizes"][3], 3);

  runs[2].feature_names[9] = "renamed";
  EXPECT_THROW(evaluation::stability_of_results(runs), InputError);
  runs.resize(1);
  EXPECT_THROW(evaluation::stability_of_results(runs), InputError);
}
