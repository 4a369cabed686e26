// Multiclass FRI (the FRI issue): one model class per class against the rest, per-class results, and the combined
// class = the strongest over the classes. Data: feature a separates class 0, b class 1, c class 2, noise elsewhere.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "featrel/rng.hpp"
#include "fri_test_data.hpp"

namespace {

using featrel::fri::Result;

featrel::Dataset three_classes(std::uint64_t seed, int n_per_class = 40) {
  featrel::rng::Rng g(seed);
  const int n = 3 * n_per_class, d = 6;
  Eigen::MatrixXd X(n, d);
  std::vector<std::string> y;
  const char* labels[] = {"setosa", "versicolor", "virginica"};
  for (int i = 0; i < n; ++i) {
    const int k = i % 3;
    // Column k is high exactly for class k: it alone separates class k from the rest.
    for (int j = 0; j < 3; ++j) X(i, j) = (j == k ? 3.0 : 0.0) + 0.5 * g.normal();
    for (int j = 3; j < d; ++j) X(i, j) = g.normal();
    y.push_back(labels[k]);
  }
  return fri_test::dataset(X, {"a", "b", "c", "n1", "n2", "n3"}, y, featrel::TaskRequest::multiclass);
}

TEST(FriMulticlass, OneVsRest) {
  const featrel::Dataset d = three_classes(11);
  ASSERT_EQ(d.task, featrel::Task::multiclass);
  const Result r = featrel::fri::run(d, featrel::fri::Options{}, fri_test::context(2));
  ASSERT_TRUE(r.multiclass());
  ASSERT_EQ(r.models.size(), 3u);
  for (std::size_t k = 0; k < 3; ++k) {
    const auto& c = r.models[k];
    EXPECT_EQ(c.label, d.classes[k]);
    EXPECT_TRUE(c.hyper.searched);
    EXPECT_GT(c.baseline.l1_norm, 0.0);
    // Each one-against-the-rest problem calibrates its own loss budget (docs/fri.md#what-the-model-class-means).
    EXPECT_EQ(c.model_class.budget, featrel::fri::Budget::calibrated);
    const double L = c.baseline.loss;
    EXPECT_DOUBLE_EQ(c.model_class.rho, std::max({1.001 * L, L + c.model_class.loss_se, 0.01})) << k;
    // Class k's own column is strongly relevant for "k against the rest"; noise columns are irrelevant.
    EXPECT_EQ(c.features[k].cls, 2) << "class " << k << ": " << fri_test::classes_string(c.features);
    for (std::size_t j = 3; j < 6; ++j) EXPECT_EQ(c.features[j].cls, 0) << "class " << k << " feature " << j;
  }
  // Combined: the strongest class over the problems, the largest lower and upper.
  for (std::size_t j = 0; j < 6; ++j) {
    int strongest = 0;
    double lo = 0, up = 0;
    for (const auto& c : r.models) {
      strongest = std::max(strongest, c.features[j].cls);
      lo = std::max(lo, c.features[j].lower);
      up = std::max(up, c.features[j].upper);
    }
    EXPECT_EQ(r.features[j].cls, strongest) << j;
    EXPECT_EQ(r.features[j].lower, lo) << j;
    EXPECT_EQ(r.features[j].upper, up) << j;
  }
  EXPECT_EQ(fri_test::classes_string(r.features), "222000");
  EXPECT_EQ(r.selected(), (std::vector<std::size_t>{0, 1, 2}));

  // JSON: per_class entries per feature, one_vs_rest blocks per class.
  const featrel::report::Json j = r.to_json(d);
  EXPECT_EQ(j["task"], "multiclass");
  EXPECT_EQ(j["features"][0]["class"], 2);
  ASSERT_EQ(j["features"][0]["per_class"].size(), 3u);
  EXPECT_EQ(j["features"][0]["per_class"][1]["label"], "versicolor");
  EXPECT_EQ(j["features"][1]["per_class"][1]["class"], 2);
  ASSERT_EQ(j["one_vs_rest"].size(), 3u);
  EXPECT_EQ(j["one_vs_rest"][2]["label"], "virginica");
  EXPECT_TRUE(j["one_vs_rest"][0].contains("probes"));
  EXPECT_EQ(j["selected_names"], featrel::report::Json::array({"a", "b", "c"}));
}

TEST(FriMulticlass, TheRunSeedReachesEveryClass) {
  const featrel::Dataset d = three_classes(5, 30);
  featrel::fri::Options o;
  o.C = 1;
  const Result a = featrel::fri::run(d, o, fri_test::context(1));
  EXPECT_EQ(featrel::report::json_text(featrel::report::strip_timing(a.to_json(d))),
            featrel::report::json_text(featrel::report::strip_timing(featrel::fri::run(d, o, fri_test::context(1)).to_json(d))));
  // Another run seed: other probes in every one-vs-rest problem.
  const Result b = featrel::fri::run(d, o, fri_test::context(2));
  ASSERT_EQ(a.models.size(), 3u);
  ASSERT_EQ(b.models.size(), 3u);
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_NE(a.models[k].probes.upper_values, b.models[k].probes.upper_values) << "class " << k;
    EXPECT_NE(a.models[k].probes.sources, b.models[k].probes.sources) << "class " << k;
  }
}

TEST(FriMulticlass, ThreadsAndPresetsPerClass) {
  const featrel::Dataset d = three_classes(5, 30);
  featrel::fri::Options o;
  o.C = 1;
  const Result u = featrel::fri::run(d, o, fri_test::context(1, 1));
  const Result v = featrel::fri::run(d, o, fri_test::context(1, 3));
  EXPECT_EQ(featrel::report::json_text(featrel::report::strip_timing(u.to_json(d))),
            featrel::report::json_text(featrel::report::strip_timing(v.to_json(d))));
  // Presets apply to every class's model class (each checked against that class's intervals); a range that
  // contains every interval of n1 is valid everywhere and is reported exactly.
  o.presets = {{"n1", 0, 1}};
  const Result p = featrel::fri::run(d, o, fri_test::context(1, 1));
  for (const auto& c : p.models) {
    ASSERT_TRUE(c.constrained.has_value());
    EXPECT_EQ(c.constrained->features[3].lower, 0.0);
    EXPECT_EQ(c.constrained->features[3].upper, 1.0);
    ASSERT_TRUE(c.constrained->features[3].preset.has_value());
    EXPECT_EQ(c.constrained->features[0].cls, c.features[0].cls);
  }
  // A preset outside one class's interval names that class.
  o.presets = {{"a", 0, 0}};
  try {
    featrel::fri::run(d, o, fri_test::context(1, 1));
    ADD_FAILURE() << "expected PresetError";
  } catch (const featrel::fri::PresetError& e) {
    EXPECT_NE(std::string(e.what()).find("class 'setosa' vs rest"), std::string::npos) << e.what();
  }
}

}  // namespace
