// SFC options (specs/sfc_boruta.md §3.3 table, §5): spellings, validation (§7), the compat settings of
// `--compat reference` (squamish's statistics), the Boruta options SFC runs with, and the JSON echo.
#include <cmath>
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/sfc.hpp"

namespace featrel::sfc {

namespace {

[[noreturn]] void bad(std::string_view name, std::string_view flag, std::string_view range, const std::string& got) {
  throw InputError("sfc: option " + std::string(name) + " (--" + std::string(flag) + ") must be " +
                   std::string(range) + ", got " + got);
}

[[noreturn]] void bad_word(std::string_view flag, std::string_view accepted, std::string_view got) {
  throw InputError("sfc: option --" + std::string(flag) + " must be " + std::string(accepted) + ", got '" +
                   std::string(got) + "'");
}

report::Json fraction_json(const forest::ColumnFraction& f) {
  return f.kind == forest::ColumnFraction::Kind::sqrt ? report::Json("sqrt") : report::Json(f.value);
}

void check_fraction(const forest::ColumnFraction& f, std::string_view name, std::string_view flag) {
  if (f.kind == forest::ColumnFraction::Kind::fraction && !(f.value > 0.0 && f.value <= 1.0))
    bad(name, flag, "sqrt, all or in (0, 1]", format_number(f.value));
}

}  // namespace

std::string to_string(NullMatrix v) { return v == NullMatrix::relevant ? "relevant" : "all"; }
std::string to_string(NullSeeds v) {
  switch (v) {
    case NullSeeds::fixed: return "fixed";
    case NullSeeds::shared: return "shared";
    case NullSeeds::fresh: return "fresh";
  }
  return "fixed";
}
std::string to_string(Perturbation v) { return v == Perturbation::permute ? "permute" : "remove"; }
std::string to_string(ScoreKind v) {
  switch (v) {
    case ScoreKind::train: return "train";
    case ScoreKind::oob: return "oob";
    case ScoreKind::holdout: return "holdout";
  }
  return "train";
}
std::string to_string(RelevantSet v) { return v == RelevantSet::union_set ? "union" : "boruta"; }
std::string to_string(FitKind kind) {
  switch (kind) {
    case FitKind::importance: return "importance";
    case FitKind::shadow_null: return "shadow_null";
    case FitKind::score_null: return "score_null";
    case FitKind::test: return "test";
  }
  return "importance";
}

NullMatrix parse_null_matrix(std::string_view w) {
  if (w == "relevant") return NullMatrix::relevant;
  if (w == "all") return NullMatrix::all;
  bad_word("null-matrix", "relevant or all", w);
}
NullSeeds parse_null_seeds(std::string_view w) {
  if (w == "fixed") return NullSeeds::fixed;
  if (w == "shared") return NullSeeds::shared;
  if (w == "fresh") return NullSeeds::fresh;
  bad_word("null-seeds", "fixed, shared or fresh", w);
}
Perturbation parse_perturbation(std::string_view w) {
  if (w == "permute") return Perturbation::permute;
  if (w == "remove") return Perturbation::remove;
  bad_word("perturbation", "permute or remove", w);
}
ScoreKind parse_score(std::string_view w) {
  if (w == "train") return ScoreKind::train;
  if (w == "oob") return ScoreKind::oob;
  if (w == "holdout") return ScoreKind::holdout;
  bad_word("score", "train, oob or holdout", w);
}
RelevantSet parse_relevant_set(std::string_view w) {
  if (w == "union") return RelevantSet::union_set;
  if (w == "boruta") return RelevantSet::boruta;
  bad_word("relevant-set", "union or boruta", w);
}
forest::Metric parse_metric(std::string_view w) {
  if (w == "default") return forest::Metric::automatic;
  if (w == "accuracy") return forest::Metric::accuracy;
  if (w == "r2") return forest::Metric::r2;
  if (w == "mae") return forest::Metric::mae;
  bad_word("metric", "default, accuracy, r2 or mae", w);
}

void validate(const Options& o) {
  if (o.n_resampling < 3) bad("n_resampling", "n-resampling", ">= 3", std::to_string(o.n_resampling));
  if (!(o.fpr > 0.0 && o.fpr < 0.5)) bad("fpr", "fpr", "in (0, 0.5)", format_number(o.fpr));
  if (o.trees < 1) bad("trees", "trees", ">= 1", std::to_string(o.trees));
  check_fraction(o.feature_fraction, "feature_fraction", "feature-fraction");
  if (!(o.boruta_perc > 0.0 && o.boruta_perc <= 100.0))
    bad("boruta_perc", "boruta-perc", "in (0, 100]", format_number(o.boruta_perc));
  if (!(o.boruta_alpha > 0.0 && o.boruta_alpha <= 1.0))
    bad("boruta_alpha", "boruta-alpha", "in (0, 1]", format_number(o.boruta_alpha));
  if (o.boruta_max_iter < 1) bad("boruta_max_iter", "boruta-max-iter", ">= 1", std::to_string(o.boruta_max_iter));
  if (o.boruta_trees && *o.boruta_trees < 1)
    bad("boruta_trees", "boruta-trees", ">= 1 or auto", std::to_string(*o.boruta_trees));
  check_fraction(o.boruta_feature_fraction, "boruta_feature_fraction", "boruta-feature-fraction");
  if (o.boruta_first_test_iter < 1)
    bad("boruta_first_test_iter", "boruta-first-test-iter", ">= 1", std::to_string(o.boruta_first_test_iter));
  if (o.sided != stats::Sides::lower && o.sided != stats::Sides::two)
    bad("sided", "sided", "lower or two", std::string(stats::to_string(o.sided)));
  if (!(o.holdout_fraction > 0.0 && o.holdout_fraction < 0.9))
    bad("holdout_fraction", "holdout-fraction", "in (0, 0.9)", format_number(o.holdout_fraction));
  if (o.test_repeats < 1) bad("test_repeats", "test-repeats", ">= 1", std::to_string(o.test_repeats));
  if (o.max_depth < 0) bad("max_depth", "max-depth", ">= 0 (0 = unlimited)", std::to_string(o.max_depth));
  if (!(o.row_fraction > 0.0 && o.row_fraction <= 1.0))
    bad("row_fraction", "row-fraction", "in (0, 1]", format_number(o.row_fraction));
  if (o.min_leaf < 1) bad("min_leaf", "min-leaf", ">= 1", std::to_string(o.min_leaf));
  if (o.max_bins < 2 || o.max_bins > 255) bad("max_bins", "max-bins", "in [2, 255]", std::to_string(o.max_bins));
  if (o.score == ScoreKind::oob && o.engine == forest::Engine::xgboost)
    throw InputError("sfc: --score oob needs the native engine (XGBoost keeps no out-of-bag rows); use --engine "
                     "native or --score holdout");
}

Options effective_options(const Options& options) {
  Options o = options;
  if (o.reference) {
    // squamish 0.5.0: the score null on all of X, a two-sided test, BorutaPy's 99 fits testing from iteration 1.
    o.null_matrix = NullMatrix::all;
    o.sided = stats::Sides::two;
    o.boruta_max_iter = 99;
    o.boruta_first_test_iter = 1;
  }
  return o;
}

boruta::Options boruta_options(const Options& o) {
  boruta::Options b;
  b.perc = o.boruta_perc;
  b.alpha = o.boruta_alpha;
  b.two_step = true;
  b.max_iter = o.boruta_max_iter;
  b.trees = o.boruta_trees;
  b.first_test_iter = o.boruta_first_test_iter;
  b.model_preset = boruta::ModelPreset::paper;
  b.max_depth = o.max_depth;
  b.feature_fraction = o.boruta_feature_fraction;
  b.feature_sampling = o.feature_sampling;
  b.row_fraction = o.row_fraction;
  b.min_leaf = o.min_leaf;
  b.max_bins = o.max_bins;
  b.engine = o.engine;
  return b;
}

report::Json options_json(const Options& o) {
  report::Json j = report::Json::object();
  j["n_resampling"] = o.n_resampling;
  j["fpr"] = o.fpr;
  j["trees"] = o.trees;
  j["feature_fraction"] = fraction_json(o.feature_fraction);
  j["feature_sampling"] = forest::to_string(o.feature_sampling);
  j["boruta_perc"] = o.boruta_perc;
  j["boruta_alpha"] = o.boruta_alpha;
  j["boruta_max_iter"] = o.boruta_max_iter;
  j["boruta_trees"] = o.boruta_trees ? report::Json(*o.boruta_trees) : report::Json("auto");
  j["boruta_feature_fraction"] = fraction_json(o.boruta_feature_fraction);
  j["boruta_first_test_iter"] = o.boruta_first_test_iter;
  j["null_matrix"] = to_string(o.null_matrix);
  j["null_seeds"] = to_string(o.null_seeds);
  j["perturbation"] = to_string(o.perturbation);
  j["sided"] = std::string(stats::to_string(o.sided));
  j["sd"] = std::string(stats::to_string(o.sd));
  j["score"] = to_string(o.score);
  j["holdout_fraction"] = o.holdout_fraction;
  j["metric"] = forest::to_string(o.metric);
  j["test_repeats"] = o.test_repeats;
  j["relevant_set"] = to_string(o.relevant_set);
  j["max_depth"] = o.max_depth;
  j["row_fraction"] = o.row_fraction;
  j["min_leaf"] = o.min_leaf;
  j["max_bins"] = o.max_bins;
  j["engine"] = forest::to_string(o.engine);
  return j;
}

}  // namespace featrel::sfc
