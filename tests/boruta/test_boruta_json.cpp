// Boruta's result document (docs/result-format.md#writing-rules, docs/boruta.md#inputs-and-outputs) and its determinism: key order, the options
// echo, per-feature fields, histories with nulls, and identical JSON (without timing) for 1, 2 and 4 threads on
// both engines.
#include <gtest/gtest.h>

#include <algorithm>

#include "boruta_test_data.hpp"
#include "featrel/boruta.hpp"
#include "featrel/result_json.hpp"
#include "featrel/sfc.hpp"

namespace {

using namespace featrel::boruta;
using featrel::report::Json;
using boruta_test::context;

std::vector<std::string> keys(const Json& j) {
  std::vector<std::string> k;
  for (auto it = j.begin(); it != j.end(); ++it) k.push_back(it.key());
  return k;
}

TEST(BorutaJson, Document) {
  const featrel::Dataset d = boruta_test::make_classification_500x30();
  Options o;
  o.model_preset = ModelPreset::rf;
  const Result r = run(d, o, context(7, 2));
  const Json j = r.to_json(d);
  EXPECT_EQ(keys(j), (std::vector<std::string>{"method", "featrel_version", "task", "classes", "positive_class",
                                                "n_samples", "n_features", "feature_names", "seed", "compat",
                                                "options", "features", "selected", "selected_names", "diagnostics",
                                                "confirmed", "tentative", "rejected", "n_iterations", "stop_reason",
                                                "importance_history", "threshold_history", "shadow_max_history",
                                                "trees_history", "chance_check", "engine"}));
  EXPECT_EQ(j["method"], "boruta");
  EXPECT_EQ(j["task"], "binary");
  EXPECT_EQ(j["compat"], "none");
  EXPECT_EQ(j["seed"], 7);
  EXPECT_EQ(keys(j["options"]),
            (std::vector<std::string>{"perc", "alpha", "two_step", "max_iter", "trees", "first_test_iter",
                                      "early_stopping", "model_preset", "max_depth", "row_fraction", "min_leaf",
                                      "max_bins", "engine", "feature_fraction", "feature_sampling"}));
  EXPECT_TRUE(j["options"]["trees"].is_null());           // auto
  EXPECT_TRUE(j["options"]["early_stopping"].is_null());  // off
  EXPECT_EQ(j["options"]["feature_fraction"], "sqrt");  // the rf preset, resolved
  EXPECT_EQ(j["options"]["feature_sampling"], "node");
  EXPECT_EQ(keys(j["features"][0]),
            (std::vector<std::string>{"index", "name", "selected", "constant", "decision", "rough_fix_kept", "rank",
                                      "hits", "decided_at", "p_accept", "p_reject", "median_importance",
                                      "shadow_share"}));
  EXPECT_EQ(keys(j["diagnostics"]),
            (std::vector<std::string>{"warnings", "seconds", "threads", "n_fits", "trees", "scripted"}));
  EXPECT_EQ(j["selected"], Json(r.confirmed));
  EXPECT_EQ(j["n_iterations"].get<int>(), r.n_iterations);
  EXPECT_EQ(j["importance_history"].size(), static_cast<std::size_t>(r.n_iterations));
  EXPECT_EQ(j["trees_history"][0], auto_trees(30, 5));
  // A rejected feature's history holds its importance up to the iteration that rejected it (decided_at, 1-based)
  // and nulls after it (it left the model); null only "once rejected" (docs/boruta.md#inputs-and-outputs).
  const auto expect_history = [](const Result& res, const Json& doc) {
    ASSERT_EQ(doc["importance_history"].size(), static_cast<std::size_t>(res.n_iterations));
    for (std::size_t f = 0; f < res.features.size(); ++f) {
      const bool rejected = std::find(res.rejected.begin(), res.rejected.end(), f) != res.rejected.end();
      const int at = rejected ? *res.features[f].decided_at : res.n_iterations;
      for (int k = 0; k < res.n_iterations; ++k)
        EXPECT_EQ(doc["importance_history"][static_cast<std::size_t>(k)][f].is_null(), k >= at)
            << "feature " << f << " iteration " << k + 1;
    }
  };
  expect_history(r, j);
  // Here every decision falls in the last iteration (8), so the nulls are checked on a scripted run: x0 always
  // beats the shadows, x1 never, x2 every other iteration (tentative to the end), so x1 is rejected at 8 of 12.
  Options so;
  so.max_iter = 12;
  const featrel::Dataset noise = boruta_test::noise_data(100, 3);
  const Result scripted = run(noise, so, context(7), [](const FitQuery& q) {
    std::vector<double> imp;
    for (std::size_t c : q.active) imp.push_back(c == 0 ? 10.0 : c == 1 ? 0.0 : (q.iteration % 2 ? 10.0 : 0.0));
    imp.resize(q.active.size() + q.shadow_sources.size(), 1.0);
    return imp;
  });
  ASSERT_EQ(scripted.n_iterations, 12);
  ASSERT_EQ(scripted.rejected, (std::vector<std::size_t>{1}));
  ASSERT_EQ(scripted.features[1].decided_at, 8);
  ASSERT_EQ(scripted.tentative, (std::vector<std::size_t>{2}));
  expect_history(scripted, scripted.to_json(noise));
  EXPECT_EQ(j["engine"], "native");
}

// The options echo holds the table's keys and reads back through the table into the same options (null: auto
// trees, early stopping off).
TEST(BorutaJson, OptionsEchoReadsBack) {
  Options o;
  o.model_preset = ModelPreset::rf;
  o.trees = 50;
  o.early_stopping = 7;
  o.forest.max_bins = 64;
  o.forest.engine = featrel::forest::Engine::xgboost;
  const Json echo = options_json(o);
  EXPECT_EQ(echo["early_stopping"], 7);
  EXPECT_EQ(echo["feature_fraction"], "sqrt");
  Options back;
  option_table().set_json(back, echo);
  EXPECT_EQ(options_json(back), echo);
  EXPECT_EQ(back.trees, std::optional<std::size_t>(50));
  EXPECT_EQ(back.early_stopping, std::optional<int>(7));
  EXPECT_EQ(back.forest.max_bins, 64);
  EXPECT_EQ(back.forest.engine, featrel::forest::Engine::xgboost);
  Options unset = back;
  option_table().set_json(unset, options_json(Options{}));
  EXPECT_FALSE(unset.trees.has_value());
  EXPECT_FALSE(unset.early_stopping.has_value());
  // The CLI words of the unset states.
  option_table().set(back, "early_stopping", "off");
  option_table().set(back, "trees", "auto");
  option_table().set(back, "feature_fraction", "preset");
  EXPECT_FALSE(back.early_stopping.has_value());
  EXPECT_FALSE(back.trees.has_value());
  EXPECT_FALSE(back.feature_fraction.has_value());
  EXPECT_THROW(option_table().set(back, "trees", "-5"), featrel::options::OptionError);

  featrel::sfc::Options s;
  s.boruta_trees = 30;
  s.feature_fraction = featrel::forest::ColumnFraction::sqrt();
  s.forest.min_leaf = 5;
  s.reference = true;
  const Json sfc_echo = featrel::sfc::options_json(s);
  EXPECT_EQ(sfc_echo["compat"], "reference");
  featrel::sfc::Options sfc_back;
  featrel::sfc::option_table().set_json(sfc_back, sfc_echo);
  EXPECT_EQ(featrel::sfc::options_json(sfc_back), sfc_echo);
  EXPECT_THROW(featrel::sfc::option_table().set(sfc_back, "trees", "-5"), featrel::options::OptionError);
}

TEST(BorutaJson, IdenticalForAnyThreadCount) {
  const featrel::Dataset d = boruta_test::breast_cancer();
  for (featrel::forest::Engine engine : {featrel::forest::Engine::native, featrel::forest::Engine::xgboost}) {
    Options o;
    o.forest.engine = engine;
    o.max_iter = engine == featrel::forest::Engine::native ? 12 : 6;
    std::string first;
    for (unsigned threads : {1u, 2u, 4u}) {
      const Json j = featrel::report::strip_timing(run(d, o, context(5, threads)).to_json(d));
      const std::string text = j.dump();
      if (first.empty()) {
        first = text;
      } else {
        EXPECT_EQ(text, first) << featrel::forest::to_string(engine) << " threads " << threads;
      }
    }
  }
}

}  // namespace
