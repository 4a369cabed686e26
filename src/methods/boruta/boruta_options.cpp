// Boruta options (docs/boruta.md#parameters): the word lists, the option table (keys, defaults, ranges, help),
// validation with messages naming the key (docs/boruta.md#errors-and-edge-cases), the forest preset, and the JSON
// echo. Also the column-fraction option words SFC's table shares.
#include <cmath>
#include <string>

#include "featrel/boruta.hpp"
#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "methods/boruta/boruta_internal.hpp"

namespace featrel::boruta {

namespace {

const options::Choices<ModelPreset>& model_preset_words() {
  static const options::Choices<ModelPreset> words{
      {"paper", ModelPreset::paper}, {"rf", ModelPreset::rf}, {"auto", ModelPreset::automatic}};
  return words;
}

const options::Choices<Decision>& decision_words() {
  static const options::Choices<Decision> words{
      {"tentative", Decision::tentative}, {"confirmed", Decision::confirmed}, {"rejected", Decision::rejected}};
  return words;
}

const options::Choices<StopReason>& stop_reason_words() {
  static const options::Choices<StopReason> words{{"all_decided", StopReason::all_decided},
                                                  {"max_iter", StopReason::max_iter},
                                                  {"early_stopping", StopReason::early_stopping}};
  return words;
}

// The word that leaves feature_fraction / feature_sampling to the model preset.
constexpr const char* kPresetWord = "preset";

}  // namespace

namespace detail {

forest::ColumnFraction column_fraction_word(const options::Info& info, std::string_view word) {
  if (word == "sqrt") return forest::ColumnFraction::sqrt();
  if (word == "all") return forest::ColumnFraction::fraction(1.0);
  options::Info part = info;
  part.kind = options::Kind::real;
  part.range = options::Range::left_open(0, 1);
  try {
    return forest::ColumnFraction::fraction(options::detail::parse_real(part, word));
  } catch (const options::OptionError&) {
    options::detail::fail(info, "sqrt, all or a fraction in (0, 1]", "'" + std::string(word) + "'");
  }
}

report::Json column_fraction_json(const forest::ColumnFraction& f) {
  return f.kind == forest::ColumnFraction::Kind::sqrt ? report::Json("sqrt") : report::Json(f.value);
}

forest::ColumnFraction column_fraction_from_json(const options::Info& info, const report::Json& j) {
  if (!j.is_number()) options::detail::fail(info, "sqrt, all or a fraction in (0, 1]", j.dump());
  const double v = j.get<double>();
  if (!(std::isfinite(v) && v > 0.0 && v <= 1.0))
    options::detail::fail(info, "sqrt, all or a fraction in (0, 1]", j.dump());
  return forest::ColumnFraction::fraction(v);
}

void check_column_fraction(const forest::ColumnFraction& f, const std::string& key) {
  if (f.kind == forest::ColumnFraction::Kind::fraction && !(f.value > 0.0 && f.value <= 1.0))
    throw options::OptionError(key, "option '" + key + "' must be sqrt, all or a fraction in (0, 1], got " +
                                        format_number(f.value));
}

}  // namespace detail

std::string to_string(ModelPreset preset) { return options::word_of(model_preset_words(), preset); }
std::string to_string(Decision decision) { return options::word_of(decision_words(), decision); }
std::string to_string(StopReason reason) { return options::word_of(stop_reason_words(), reason); }
ModelPreset parse_model_preset(std::string_view word) {
  return options::value_of(model_preset_words(), word, "model_preset");
}

const options::Table<Options>& option_table() {
  using options::Range;
  static const options::Table<Options> table = [] {
    options::Table<Options> t("boruta");
    t.group("Boruta");
    t.add("perc", &Options::perc, "Shadow percentile used as the threshold (100 = the best shadow)")
        .range(Range::left_open(0, 100));
    t.add("alpha", &Options::alpha, "Significance level of the hit tests").range(Range::left_open(0, 1));
    t.add("two_step", &Options::two_step,
          "Benjamini–Hochberg + Bonferroni over iterations (--no-two-step: Bonferroni over all features)");
    t.add("max_iter", &Options::max_iter, "Forest fits at most").range(Range::closed(1, 10000));
    t.add("trees", &Options::trees, "Trees per fit, or auto (BorutaPy's rule from the active feature count)")
        .range(Range::closed(1, 10000))
        .value_name("N");
    t.add("first_test_iter", &Options::first_test_iter, "First iteration that tests (1 = squamish's Boruta)")
        .range(Range::closed(1, 10000));
    t.add("early_stopping", &Options::early_stopping,
          "Stop when more than N iterations pass without a new decision (BorutaPy's n_iter_no_change)")
        .range(Range::closed(1, 10000))
        .unset("off");
    t.choice("model_preset", &Options::model_preset, model_preset_words(),
             "paper: 10% of the columns per tree; rf: sqrt of the columns at each node (BorutaPy + scikit-learn); "
             "auto: paper, or with more columns than rows rf and min-leaf 1 (scikit-learn's forest)");
    t.group("Forest");
    t.include(forest::shape_option_table(), &Options::forest);
    t.custom<std::optional<forest::ColumnFraction>>(
         "feature_fraction", &Options::feature_fraction,
         "Columns per tree/node: a fraction in (0, 1], sqrt or all; preset: the model preset's", options::Kind::text,
         [](const options::Info& info, std::string_view w) -> std::optional<forest::ColumnFraction> {
           if (w == kPresetWord) return std::nullopt;
           return detail::column_fraction_word(info, w);
         },
         [](const std::optional<forest::ColumnFraction>& f) { return f ? f->to_string() : std::string(kPresetWord); },
         [](const std::optional<forest::ColumnFraction>& f) {
           return f ? detail::column_fraction_json(*f) : report::Json(nullptr);
         },
         [](const options::Info& info, const report::Json& j) -> std::optional<forest::ColumnFraction> {
           return detail::column_fraction_from_json(info, j);
         })
        .value_name("F");
    t.choice("feature_sampling", &Options::feature_sampling, forest::feature_sampling_words(),
             "Columns drawn per tree or per node; preset: the model preset's")
        .unset(kPresetWord);
    t.finish();
    return t;
  }();
  return table;
}

void validate(const Options& o) {
  option_table().check(o);
  if (o.feature_fraction) detail::check_column_fraction(*o.feature_fraction, "feature_fraction");
}

Options resolve_model_preset(const Options& options, std::size_t n_rows, std::size_t n_features) {
  Options o = options;
  if (o.model_preset != ModelPreset::automatic) return o;
  // Wide data: with 10 % of the columns per tree a feature is missing from 9 trees in 10, and the bar is the best
  // of thousands of shadows; scikit-learn's forest confirms the strong features above the noise ceiling that the
  // paper forest rejects in the first fits (docs/wide-data.md#per-method-what-to-run).
  const bool wide = detail::wider_than_long(n_rows, n_features);
  o.model_preset = wide ? ModelPreset::rf : ModelPreset::paper;
  if (wide && !o.forest.min_leaf) o.forest.min_leaf = 1;
  return o;
}

Options effective_options(const Options& options) {
  Options o = options;
  const bool rf = o.model_preset == ModelPreset::rf;
  if (!o.feature_fraction)
    o.feature_fraction = rf ? forest::ColumnFraction::sqrt() : forest::ColumnFraction::fraction(0.1);
  if (!o.feature_sampling) o.feature_sampling = rf ? forest::FeatureSampling::node : forest::FeatureSampling::tree;
  return o;
}

forest::Params forest_params(const Options& options, std::size_t trees) {
  const Options o = effective_options(options);
  forest::Params p;
  p.n_trees = trees;
  p.max_depth = o.forest.max_depth;
  p.feature_fraction = *o.feature_fraction;
  p.feature_sampling = *o.feature_sampling;
  p.row_fraction = o.forest.row_fraction;
  p.min_leaf_rows = o.forest.min_leaf.value_or(forest::kDefaultMinLeaf);  // run() resolves auto first
  p.lambda = 0.0;
  p.engine = o.forest.engine;
  return p;
}

report::Json options_json(const Options& o) { return option_table().to_json(effective_options(o)); }

}  // namespace featrel::boruta
