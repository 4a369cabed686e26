// The result document (docs/result-format.md#writing-rules, docs/fri.md#inputs-and-outputs): key order, every field the spec lists, the options echo
// after compat, the per-feature CSV, and a document with no NaN or Inf.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "featrel/lp_svm.hpp"
#include "fri_test_data.hpp"

namespace {

using featrel::report::Json;

std::vector<std::string> keys(const Json& j) {
  std::vector<std::string> k;
  for (auto it = j.begin(); it != j.end(); ++it) k.push_back(it.key());
  return k;
}

TEST(FriJson, BinaryDocument) {
  const featrel::Dataset d = fri_test::ref61(fri_test::Ref61::classification);
  featrel::fri::Options o;
  o.c_grid = {0.1, 1, 10};
  o.presets = {{"h1", 0, 0}};
  o.grouping = true;
  const featrel::fri::Result r = featrel::fri::run(d, o, fri_test::context(4, 2));
  const Json j = r.to_json(d);
  EXPECT_EQ(keys(j), (std::vector<std::string>{"method", "featrel_version", "task", "classes", "positive_class",
                                                "n_samples", "n_features", "feature_names", "seed", "compat",
                                                "options", "features", "selected", "selected_names", "diagnostics",
                                                "hyper", "baseline", "model_class", "probes", "constrained",
                                                "grouping"}));
  EXPECT_EQ(j["method"], "fri");
  EXPECT_EQ(j["task"], "binary");
  EXPECT_EQ(j["classes"], Json::array({"-1", "1"}));
  EXPECT_EQ(j["positive_class"], "1");
  EXPECT_EQ(j["seed"], 4);
  EXPECT_EQ(j["compat"], "none");
  EXPECT_EQ(j["options"]["c_grid"], Json::array({0.1, 1.0, 10.0}));
  EXPECT_EQ(j["options"]["threshold"], "tail");
  EXPECT_EQ(j["options"]["standardize"], "train");
  EXPECT_EQ(j["options"]["presets"][0]["feature"], "h1");
  EXPECT_TRUE(j["options"]["C"].is_null());

  EXPECT_EQ(keys(j["features"][0]),
            (std::vector<std::string>{"index", "name", "selected", "constant", "class", "relevance", "lower", "upper",
                                      "signed_min", "signed_max", "baseline_weight", "needed_below_noise",
                                      "group"}));
  for (std::size_t q = 0; q < 5; ++q) {
    EXPECT_EQ(j["features"][q]["index"], q);
    EXPECT_EQ(j["features"][q]["selected"], r.features[q].cls > 0);
  }
  EXPECT_EQ(keys(j["diagnostics"]),
            (std::vector<std::string>{"warnings", "seconds", "threads", "lp_solves", "simplex_iterations",
                                      "warm_solves", "cold_solves", "retries", "lazy_rows_added", "lazy_columns_added",
                                      "lp_factorization", "phases"}));
  EXPECT_EQ(keys(j["diagnostics"]["seconds"]), (std::vector<std::string>{"search", "baseline", "bounds", "probes",
                                                                          "constrained", "grouping", "total"}));
  EXPECT_EQ(j["diagnostics"]["threads"], 2);
  EXPECT_EQ(j["diagnostics"]["lp_factorization"], featrel::lp_factorization());
  // LP counts of the cost model (docs/fri.md#performance): 3 C x 3 folds, 1 baseline, 2d bounds, 3P probes, and for
  // the presets one feasibility LP plus at most 2(d - 1) bounds (fewer when an unpinned optimum meets the pins).
  const Json& ph = j["diagnostics"]["phases"];
  EXPECT_EQ(ph["search"]["lp_solves"], 9);
  EXPECT_EQ(ph["baseline"]["lp_solves"], 1);
  EXPECT_EQ(ph["bounds"]["lp_solves"], 10);
  EXPECT_EQ(ph["probes"]["lp_solves"], 150);
  EXPECT_GE(ph["constrained"]["lp_solves"], 1);
  EXPECT_LE(ph["constrained"]["lp_solves"], 1 + 8);

  EXPECT_EQ(keys(j["hyper"]), (std::vector<std::string>{"C", "epsilon", "searched", "cv_folds", "score", "grid",
                                                         "chosen", "best", "reason", "constant_model", "flatness"}));
  EXPECT_EQ(j["hyper"]["grid"].size(), 3u);
  EXPECT_EQ(keys(j["hyper"]["grid"][0]), (std::vector<std::string>{"C", "epsilon", "score", "score_sd", "fold_scores",
                                                                   "degenerate", "tied"}));
  EXPECT_EQ(keys(j["hyper"]["flatness"]), (std::vector<std::string>{"flat", "sd", "c_within_sd"}));
  EXPECT_EQ(keys(j["baseline"]), (std::vector<std::string>{"l1_norm", "loss", "bias", "train_score", "n_nonzero"}));
  EXPECT_EQ(keys(j["model_class"]), (std::vector<std::string>{"mu", "rho", "rho_floor_active", "budget", "loss_se"}));
  const Json& p = j["probes"];
  for (const char* k : {"n", "refit", "upper", "lower", "t_quantile", "threshold_upper", "threshold_lower", "rule"})
    EXPECT_TRUE(p.contains(k)) << k;
  EXPECT_EQ(keys(p["upper"]), (std::vector<std::string>{"mean", "sd", "tail_index", "values"}));
  EXPECT_EQ(keys(p["lower"]), (std::vector<std::string>{"mean", "sd", "values"}));
  EXPECT_EQ(p["upper"]["values"].size(), 50u);
  EXPECT_FALSE(p.contains("dropped"));
  EXPECT_EQ(j["constrained"]["presets"][0]["feature"], "h1");
  EXPECT_EQ(j["constrained"]["features"][1]["preset"], Json::array({0.0, 0.0}));
  for (const char* k : {"cutoff", "labels", "linkage", "leaf_order"}) EXPECT_TRUE(j["grouping"].contains(k)) << k;

  // Round trip: valid JSON without NaN, and the per-feature CSV (scalar fields only).
  const std::string text = featrel::report::json_text(j);
  EXPECT_EQ(text.find("NaN"), std::string::npos);
  EXPECT_EQ(featrel::report::parse_json_text(text, "fri"), j);
  const std::string csv = featrel::report::features_csv(j);
  EXPECT_EQ(csv.substr(0, csv.find('\n')),
            "index,name,selected,constant,class,relevance,lower,upper,signed_min,signed_max,baseline_weight,"
            "needed_below_noise,group");
}

TEST(FriJson, ReferenceAndOtherTasks) {
  featrel::fri::Options o;
  o.reference = true;
  o.C = 1;
  const featrel::Dataset d = fri_test::ref61(fri_test::Ref61::ordinal);
  const featrel::fri::Result r = featrel::fri::run(d, o, fri_test::context());
  const Json j = r.to_json(d);
  EXPECT_EQ(j["task"], "ordinal");
  EXPECT_FALSE(j.contains("positive_class"));
  EXPECT_EQ(j["compat"], "reference");
  EXPECT_EQ(j["options"]["n_probes"], 20);
  EXPECT_EQ(j["options"]["p"], 0.9999);
  EXPECT_EQ(j["options"]["loss_floor"], 0.0);
  EXPECT_EQ(j["options"]["threshold"], "normal");
  EXPECT_EQ(j["baseline"]["thresholds"].size(), 2u);
  EXPECT_FALSE(j["baseline"].contains("bias"));
  EXPECT_TRUE(j["probes"].contains("dropped"));
  EXPECT_EQ(j["probes"]["upper"]["values"].size() + j["probes"]["lower"]["values"].size() +
                j["probes"]["dropped"].get<std::size_t>(),
            40u);
  EXPECT_FALSE(j["hyper"]["searched"].get<bool>());
  EXPECT_TRUE(j["hyper"]["cv_folds"].is_null());

  const featrel::Dataset reg = fri_test::ref61(fri_test::Ref61::regression);
  featrel::fri::Options ro;
  ro.C = 10;
  ro.epsilon = 0.01;
  const Json jr = featrel::fri::run(reg, ro, fri_test::context()).to_json(reg);
  EXPECT_EQ(jr["task"], "regression");
  EXPECT_EQ(jr["classes"], Json::array());
  EXPECT_EQ(jr["hyper"]["epsilon"], 0.01);
}

TEST(FriJson, ProgressAndCancel) {
  const featrel::Dataset d = fri_test::ref61(fri_test::Ref61::classification);
  featrel::RunContext ctx = fri_test::context();
  std::vector<std::string> stages;
  ctx.progress = [&](std::string_view stage, std::size_t, std::size_t) {
    if (stages.empty() || stages.back() != stage) stages.emplace_back(stage);
  };
  featrel::fri::Options o;
  o.C = 1;
  featrel::fri::run(d, o, ctx);
  // Probes first: screening needs their threshold before the bounds (docs/fri.md#screening).
  EXPECT_EQ(stages, (std::vector<std::string>{"fri: probes", "fri: bounds"}));
  std::atomic<bool> stop{true};
  ctx.cancel = &stop;
  EXPECT_THROW(featrel::fri::run(d, o, ctx), featrel::Cancelled);
}

TEST(FriJson, TheRunSeedDecidesFoldsAndProbes) {
  const featrel::Dataset d = fri_test::ref61(fri_test::Ref61::classification);
  featrel::fri::Options o;
  o.c_grid = {0.1, 1, 10};
  const auto json = [&](const featrel::fri::Result& r) {
    return featrel::report::json_text(featrel::report::strip_timing(r.to_json(d)));
  };
  const featrel::fri::Result a = featrel::fri::run(d, o, fri_test::context(3));
  // The same seed: the same document, byte for byte.
  EXPECT_EQ(json(a), json(featrel::fri::run(d, o, fri_test::context(3))));
  // Another seed: other probe columns and row permutations, so other probe values.
  const featrel::fri::Result b = featrel::fri::run(d, o, fri_test::context(4));
  ASSERT_EQ(a.models[0].probes.upper_values.size(), 50u);
  ASSERT_EQ(b.models[0].probes.upper_values.size(), 50u);
  EXPECT_NE(a.models[0].probes.upper_values, b.models[0].probes.upper_values);
  EXPECT_NE(a.models[0].probes.lower_values, b.models[0].probes.lower_values);
  EXPECT_NE(a.models[0].probes.sources, b.models[0].probes.sources);
}

}  // namespace
