// SFC options (docs/boruta.md#sfc-steps table, docs/boruta.md#parameters): the word lists, the option table,
// validation (docs/boruta.md#errors-and-edge-cases), the compat settings of `compat reference` (squamish's
// statistics), the Boruta options SFC runs with, and the JSON echo.
#include <cmath>
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/sfc.hpp"
#include "methods/boruta/boruta_internal.hpp"

namespace featrel::sfc {

namespace {

const options::Choices<NullMatrix>& null_matrix_words() {
  static const options::Choices<NullMatrix> words{{"relevant", NullMatrix::relevant}, {"all", NullMatrix::all}};
  return words;
}
const options::Choices<NullSeeds>& null_seeds_words() {
  static const options::Choices<NullSeeds> words{
      {"fixed", NullSeeds::fixed}, {"shared", NullSeeds::shared}, {"fresh", NullSeeds::fresh}};
  return words;
}
const options::Choices<Perturbation>& perturbation_words() {
  static const options::Choices<Perturbation> words{{"permute", Perturbation::permute},
                                                    {"remove", Perturbation::remove}};
  return words;
}
const options::Choices<ScoreKind>& score_words() {
  static const options::Choices<ScoreKind> words{
      {"train", ScoreKind::train}, {"oob", ScoreKind::oob}, {"holdout", ScoreKind::holdout}};
  return words;
}
const options::Choices<RelevantSet>& relevant_set_words() {
  static const options::Choices<RelevantSet> words{{"auto", RelevantSet::automatic},
                                                   {"union", RelevantSet::union_set},
                                                   {"unrejected", RelevantSet::unrejected},
                                                   {"boruta", RelevantSet::boruta}};
  return words;
}
const options::Choices<ShadowScale>& shadow_scale_words() {
  static const options::Choices<ShadowScale> words{{"raw", ShadowScale::raw}, {"cube-root", ShadowScale::cube_root}};
  return words;
}
const options::Choices<ImportanceModel>& importance_model_words() {
  static const options::Choices<ImportanceModel> words{{"forest", ImportanceModel::forest},
                                                       {"boosted", ImportanceModel::boosted},
                                                       {"auto", ImportanceModel::automatic}};
  return words;
}
const options::Choices<forest::Metric>& metric_words() {
  static const options::Choices<forest::Metric> words{{"default", forest::Metric::automatic},
                                                      {"accuracy", forest::Metric::accuracy},
                                                      {"r2", forest::Metric::r2},
                                                      {"mae", forest::Metric::mae}};
  return words;
}
const options::Choices<FitKind>& fit_kind_words() {
  static const options::Choices<FitKind> words{{"importance", FitKind::importance},
                                               {"shadow_null", FitKind::shadow_null},
                                               {"score_null", FitKind::score_null},
                                               {"test", FitKind::test},
                                               {"baseline", FitKind::baseline},
                                               {"partner_test", FitKind::partner_test},
                                               {"partner_baseline", FitKind::partner_baseline}};
  return words;
}
// A strong feature lowers the score: only the lower and the two-sided test make sense.
const options::Choices<stats::Sides>& sided_words() {
  static const options::Choices<stats::Sides> words{{"lower", stats::Sides::lower}, {"two", stats::Sides::two}};
  return words;
}
const options::Choices<stats::Correction>& correction_words() {
  static const options::Choices<stats::Correction> words{{"holm", stats::Correction::holm},
                                                         {"bonferroni", stats::Correction::bonferroni}};
  return words;
}
const options::Choices<stats::SdKind>& sd_words() {
  static const options::Choices<stats::SdKind> words{{"population", stats::SdKind::population},
                                                     {"sample", stats::SdKind::sample}};
  return words;
}

// A column-fraction option of SFC's table over `member`.
void add_column_fraction(options::Table<Options>& t, const std::string& key, forest::ColumnFraction Options::*member,
                         const std::string& help) {
  t.custom<forest::ColumnFraction>(
       key, member, help, options::Kind::text, boruta::detail::column_fraction_word,
       [](const forest::ColumnFraction& f) { return f.to_string(); }, boruta::detail::column_fraction_json,
       boruta::detail::column_fraction_from_json)
      .value_name("F");
}

}  // namespace

std::string to_string(NullMatrix v) { return options::word_of(null_matrix_words(), v); }
std::string to_string(NullSeeds v) { return options::word_of(null_seeds_words(), v); }
std::string to_string(Perturbation v) { return options::word_of(perturbation_words(), v); }
std::string to_string(ScoreKind v) { return options::word_of(score_words(), v); }
std::string to_string(RelevantSet v) { return options::word_of(relevant_set_words(), v); }
std::string to_string(ShadowScale v) { return options::word_of(shadow_scale_words(), v); }
std::string to_string(ImportanceModel v) { return options::word_of(importance_model_words(), v); }
std::string to_string(FitKind kind) { return options::word_of(fit_kind_words(), kind); }

NullMatrix parse_null_matrix(std::string_view w) { return options::value_of(null_matrix_words(), w, "null_matrix"); }
NullSeeds parse_null_seeds(std::string_view w) { return options::value_of(null_seeds_words(), w, "null_seeds"); }
Perturbation parse_perturbation(std::string_view w) {
  return options::value_of(perturbation_words(), w, "perturbation");
}
ScoreKind parse_score(std::string_view w) { return options::value_of(score_words(), w, "score"); }
RelevantSet parse_relevant_set(std::string_view w) {
  return options::value_of(relevant_set_words(), w, "relevant_set");
}
forest::Metric parse_metric(std::string_view w) { return options::value_of(metric_words(), w, "metric"); }

const options::Table<Options>& option_table() {
  using options::Range;
  static const options::Table<Options> table = [] {
    options::Table<Options> t("sfc");
    t.group("SFC");
    t.add("n_resampling", &Options::n_resampling, "Null samples α (< 30 makes the t quantile large)")
        .range(Range::closed(3, 10000));
    t.add("fpr", &Options::fpr, "Tail probability p of the shadow interval (with compat reference also the score's)")
        .range(Range::open(0, 0.5));
    t.add("test_alpha", &Options::test_alpha,
          "Family-wise error rate of a run's strong, partner and cluster tests (shared as test_correction says)")
        .range(Range::open(0, 1));
    t.choice("test_correction", &Options::test_correction, correction_words(),
             "How the tests share test_alpha: holm (step-down: more power, same family-wise level) or "
             "bonferroni (each at test_alpha/m)");
    t.choice("null_matrix", &Options::null_matrix, null_matrix_words(),
             "Score null on the relevant set V (paper) or all features (squamish)");
    t.choice("null_seeds", &Options::null_seeds, null_seeds_words(),
             "Forest seeds of null and test fits: fixed, shared or fresh");
    t.choice("perturbation", &Options::perturbation, perturbation_words(),
             "How a tested feature is destroyed: permute or remove");
    t.choice("sided", &Options::sided, sided_words(),
             "Strong when the score is below the interval (lower) or outside it (two)");
    t.choice("sd", &Options::sd, sd_words(), "SD of the null samples: population or sample");
    t.choice("score", &Options::score, score_words(),
             "Scores on the training rows (train), out-of-bag rows (oob, native engine) or a holdout");
    t.add("holdout_fraction", &Options::holdout_fraction, "Share of rows held out with score holdout")
        .range(Range::open(0, 0.9));
    t.choice("metric", &Options::metric, metric_words(), "default (accuracy or R²), accuracy, r2 or mae (regression)");
    t.add("test_repeats", &Options::test_repeats, "Test fits per feature of the minimal set")
        .range(Range::closed(1, 1000));
    t.choice("relevant_set", &Options::relevant_set, relevant_set_words(),
             "V = A ∪ M (union), A ∪ M without Boruta's rejections, A alone, or auto "
             "(union unless the shadow null is sparse)");
    t.choice("tentatives", &Options::tentatives_rough_fix,
             options::Choices<bool>{{"rough-fix", true}, {"exclude", false}},
             "Boruta's undecided features in A: those the rough fix keeps (rough-fix), or none (exclude, squamish)");
    t.choice("shadow_scale", &Options::shadow_scale, shadow_scale_words(),
             "Scale of the shadow-importance interval Γ: raw (paper) or cube-root (skew removed, fewer false M)");
    t.choice("importance_model", &Options::importance_model, importance_model_words(),
             "Model of the minimal set M and its shadow null: the forest, gradient boosting (as many rounds as "
             "trees, learning rate 0.1; finds thin linear signals in small cohorts; 1.5-13 times slower), or auto "
             "(boosted on tables no wider than long with at most 100,000 cells, else the forest)");
    t.add("partner_correlation", &Options::partner_correlation,
          "Test features outside V with |r| >= this to a member of V as its partners (0: no partner step)")
        .range(Range::closed(0, 1));
    t.add("cluster_tests", &Options::cluster_tests,
          "Test at most this many features outside V with |r| >= partner_correlation to another feature outside V, "
          "each added to V (0: no cluster step)")
        .range(Range::at_least(0));
    t.add("copy_correlation", &Options::copy_correlation,
          "Call a feature weak when |r| >= this with a relevant feature, a near copy of it whatever its own test "
          "says; a strong feature with such a copy becomes weak (0: no copy step)")
        .range(Range::closed(0, 1));
    t.group("Boruta step");
    t.add("boruta_perc", &Options::boruta_perc, "Shadow percentile of the Boruta step")
        .range(Range::left_open(0, 100));
    t.add("boruta_alpha", &Options::boruta_alpha, "Significance level of the Boruta step")
        .range(Range::left_open(0, 1));
    t.add("boruta_max_iter", &Options::boruta_max_iter, "Forest fits of the Boruta step at most")
        .range(Range::closed(1, 10000));
    t.add("boruta_trees", &Options::boruta_trees, "Trees per Boruta fit, or auto")
        .range(Range::closed(1, 10000))
        .value_name("N");
    add_column_fraction(t, "boruta_feature_fraction", &Options::boruta_feature_fraction,
                        "Columns per tree of the Boruta fits: a fraction in (0, 1], sqrt or all");
    t.choice("boruta_feature_sampling", &Options::boruta_feature_sampling, forest::feature_sampling_words(),
             "Columns of the Boruta fits drawn per tree or per node, or as feature_sampling")
        .unset("same");
    t.add("boruta_first_test_iter", &Options::boruta_first_test_iter, "First iteration of the Boruta step that tests")
        .range(Range::closed(1, 10000));
    t.group("Forest");
    t.add("trees", &Options::trees, "Trees of the importance, null and test forests").range(Range::closed(1, 10000));
    add_column_fraction(t, "feature_fraction", &Options::feature_fraction,
                        "Columns per tree of those forests: a fraction in (0, 1], sqrt or all");
    t.choice("feature_sampling", &Options::feature_sampling, forest::feature_sampling_words(),
             "Columns drawn per tree or per node (every fit; the Boruta step's unless boruta_feature_sampling)");
    t.include(forest::shape_option_table(), &Options::forest);
    t.group("Compatibility");
    t.choice("compat", &Options::reference, options::Choices<bool>{{"none", false}, {"reference", true}},
             "none, or reference: squamish 0.5.0's statistics for cross-checks");
    t.finish();
    return t;
  }();
  return table;
}

void validate(const Options& o) {
  option_table().check(o);
  boruta::detail::check_column_fraction(o.feature_fraction, "feature_fraction");
  boruta::detail::check_column_fraction(o.boruta_feature_fraction, "boruta_feature_fraction");
  if (o.sided != stats::Sides::lower && o.sided != stats::Sides::two)
    throw options::OptionError("sided", "option 'sided' must be one of lower, two (a strong feature lowers the "
                                        "score), got '" + std::string(stats::to_string(o.sided)) + "'");
  if (o.importance_model == ImportanceModel::boosted && o.null_matrix == NullMatrix::all)
    throw options::OptionError("importance_model", "option 'importance_model' must not be boosted with null_matrix "
                                                   "all: the score null would come from boosted fits and the tests "
                                                   "from forests; use null_matrix relevant");
  if (o.importance_model == ImportanceModel::boosted && o.score == ScoreKind::oob)
    throw options::OptionError("importance_model", "option 'importance_model' must not be boosted with score oob: "
                                                   "every boosting round trains on every row; use score train or "
                                                   "holdout");
  if (o.score == ScoreKind::oob && o.forest.engine == forest::Engine::xgboost)
    throw options::OptionError("score", "option 'score' must not be oob with the xgboost engine (XGBoost keeps no "
                                        "out-of-bag rows); use engine native or score holdout");
}

ImportanceModel resolve_importance_model(const Options& o, std::size_t n_rows, std::size_t n_features) {
  if (o.importance_model != ImportanceModel::automatic) return o.importance_model;
  const bool fits_boosting = o.null_matrix != NullMatrix::all && o.score != ScoreKind::oob;
  const bool small =
      !boruta::detail::wider_than_long(n_rows, n_features) && n_rows * n_features <= kAutoBoostedMaxCells;
  return fits_boosting && small ? ImportanceModel::boosted : ImportanceModel::forest;
}

Options effective_options(const Options& options) {
  Options o = options;
  if (o.reference) {
    // squamish 0.5.0: the score null on all of X, a two-sided test, one permutation per test, Γ on the raw
    // importances, A without tentatives, V = A ∪ M, BorutaPy's 99 fits testing from iteration 1.
    o.null_matrix = NullMatrix::all;
    o.sided = stats::Sides::two;
    o.shadow_scale = ShadowScale::raw;
    o.importance_model = ImportanceModel::forest;
    o.relevant_set = RelevantSet::union_set;
    o.boruta_max_iter = 99;
    o.boruta_first_test_iter = 1;
    o.test_repeats = 1;  // one permutation per feature
    o.tentatives_rough_fix = false;  // A = the confirmed features
    o.partner_correlation = 0.0;     // no partner step
    o.cluster_tests = 0;             // no cluster step
    o.copy_correlation = 0.0;        // no copy step
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
  b.forest = o.forest;
  b.feature_fraction = o.boruta_feature_fraction;
  b.feature_sampling = o.boruta_feature_sampling.value_or(o.feature_sampling);
  return b;
}

report::Json options_json(const Options& o) { return option_table().to_json(o); }

}  // namespace featrel::sfc
