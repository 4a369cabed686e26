// Boruta options (specs/sfc_boruta.md §5): spellings, validation with messages naming the flag and its range
// (§7), the forest preset, and the JSON echo.
#include <cmath>
#include <string>

#include "featrel/boruta.hpp"
#include "featrel/error.hpp"
#include "featrel/format.hpp"

namespace featrel::boruta {

namespace {

[[noreturn]] void bad(std::string_view name, std::string_view flag, std::string_view range, const std::string& got) {
  throw InputError("boruta: option " + std::string(name) + " (--" + std::string(flag) + ") must be " +
                   std::string(range) + ", got " + got);
}

}  // namespace

std::string to_string(ModelPreset preset) { return preset == ModelPreset::paper ? "paper" : "rf"; }

std::string to_string(Decision decision) {
  switch (decision) {
    case Decision::tentative: return "tentative";
    case Decision::confirmed: return "confirmed";
    case Decision::rejected: return "rejected";
  }
  return "tentative";
}

std::string to_string(StopReason reason) {
  switch (reason) {
    case StopReason::all_decided: return "all_decided";
    case StopReason::max_iter: return "max_iter";
    case StopReason::early_stopping: return "early_stopping";
  }
  return "max_iter";
}

ModelPreset parse_model_preset(std::string_view word) {
  if (word == "paper") return ModelPreset::paper;
  if (word == "rf") return ModelPreset::rf;
  throw InputError("boruta: option model_preset (--model-preset) must be paper or rf, got '" + std::string(word) +
                   "'");
}

void validate(const Options& o) {
  if (!(o.perc > 0.0 && o.perc <= 100.0)) bad("perc", "perc", "in (0, 100]", format_number(o.perc));
  if (!(o.alpha > 0.0 && o.alpha <= 1.0)) bad("alpha", "alpha", "in (0, 1]", format_number(o.alpha));
  if (o.max_iter < 1) bad("max_iter", "max-iter", ">= 1", std::to_string(o.max_iter));
  if (o.trees && *o.trees < 1) bad("trees", "trees", ">= 1 or auto", std::to_string(*o.trees));
  if (o.first_test_iter < 1) bad("first_test_iter", "first-test-iter", ">= 1", std::to_string(o.first_test_iter));
  if (o.n_iter_no_change < 1) bad("n_iter_no_change", "early-stopping", ">= 1", std::to_string(o.n_iter_no_change));
  if (o.max_depth < 0) bad("max_depth", "max-depth", ">= 0 (0 = unlimited)", std::to_string(o.max_depth));
  if (o.feature_fraction && o.feature_fraction->kind == forest::ColumnFraction::Kind::fraction &&
      !(o.feature_fraction->value > 0.0 && o.feature_fraction->value <= 1.0))
    bad("feature_fraction", "feature-fraction", "sqrt, all or in (0, 1]", format_number(o.feature_fraction->value));
  if (!(o.row_fraction > 0.0 && o.row_fraction <= 1.0))
    bad("row_fraction", "row-fraction", "in (0, 1]", format_number(o.row_fraction));
  if (o.min_leaf < 1) bad("min_leaf", "min-leaf", ">= 1", std::to_string(o.min_leaf));
  if (o.max_bins < 2 || o.max_bins > 255) bad("max_bins", "max-bins", "in [2, 255]", std::to_string(o.max_bins));
}

forest::Params forest_params(const Options& o, std::size_t trees) {
  forest::Params p;
  p.n_trees = trees;
  p.max_depth = o.max_depth;
  const bool rf = o.model_preset == ModelPreset::rf;
  p.feature_fraction = o.feature_fraction ? *o.feature_fraction
                                          : (rf ? forest::ColumnFraction::sqrt() : forest::ColumnFraction::fraction(0.1));
  p.feature_sampling = o.feature_sampling ? *o.feature_sampling
                                          : (rf ? forest::FeatureSampling::node : forest::FeatureSampling::tree);
  p.row_fraction = o.row_fraction;
  p.min_leaf_rows = o.min_leaf;
  p.lambda = 0.0;
  p.engine = o.engine;
  return p;
}

report::Json options_json(const Options& o) {
  const forest::Params p = forest_params(o, 1);
  report::Json j = report::Json::object();
  j["perc"] = o.perc;
  j["alpha"] = o.alpha;
  j["two_step"] = o.two_step;
  j["max_iter"] = o.max_iter;
  j["trees"] = o.trees ? report::Json(*o.trees) : report::Json("auto");
  j["first_test_iter"] = o.first_test_iter;
  j["early_stopping"] = o.early_stopping;
  j["n_iter_no_change"] = o.n_iter_no_change;
  j["model_preset"] = to_string(o.model_preset);
  j["max_depth"] = o.max_depth;
  j["feature_fraction"] = p.feature_fraction.kind == forest::ColumnFraction::Kind::sqrt
                              ? report::Json("sqrt")
                              : report::Json(p.feature_fraction.value);
  j["feature_sampling"] = forest::to_string(p.feature_sampling);
  j["row_fraction"] = o.row_fraction;
  j["min_leaf"] = o.min_leaf;
  j["max_bins"] = o.max_bins;
  j["engine"] = forest::to_string(o.engine);
  return j;
}

}  // namespace featrel::boruta
