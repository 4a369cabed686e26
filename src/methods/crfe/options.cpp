// crfe/rfe options (docs/crfe.md#options, docs/crfe.md#parameters): the words of each enum, the option tables of
// both commands (built by one function), validation (docs/crfe.md#errors-and-edge-cases), the `--compat reference`
// preset (docs/crfe.md#compatibility-settings) and the JSON echo.
#include <cmath>
#include <string>

#include "featrel/crfe.hpp"
#include "featrel/error.hpp"
#include "featrel/option_table.hpp"

namespace featrel::crfe {

namespace {

using options::Choices;
using options::OptionError;
using options::Range;

// Largest feature count, subset size or step an option may name: far above any data set the dense code can hold.
constexpr double kMaxFeatures = 1e6;

const Choices<Stop>& stop_words() {
  static const Choices<Stop> words{
      {"auto", Stop::automatic}, {"beta", Stop::beta}, {"fixed", Stop::fixed}, {"none", Stop::none}, {"cv", Stop::cv}};
  return words;
}
const Choices<StopMode>& stop_mode_words() {
  static const Choices<StopMode> words{{"paper", StopMode::paper}, {"reference", StopMode::reference}};
  return words;
}
const Choices<BetaRows>& beta_rows_words() {
  static const Choices<BetaRows> words{{"selection", BetaRows::selection}, {"train", BetaRows::train}};
  return words;
}
const Choices<Standardize>& standardize_words() {
  static const Choices<Standardize> words{{"train", Standardize::train}, {"none", Standardize::none}};
  return words;
}
const Choices<PValue>& pvalue_words() {
  static const Choices<PValue> words{{"standard", PValue::standard}, {"smoothed", PValue::smoothed}};
  return words;
}
const Choices<Compat>& compat_words() {
  static const Choices<Compat> words{{"none", Compat::none}, {"reference", Compat::reference}};
  return words;
}
const Choices<Role>& role_words() {
  static const Choices<Role> words{
      {"train", Role::train}, {"selection", Role::selection}, {"calibration", Role::calibration}, {"test", Role::test}};
  return words;
}
// The linear SVM's and the stability index's words, as their own to_string functions write them.
Choices<SvmSolver> svm_solver_words() {
  Choices<SvmSolver> words;
  for (SvmSolver s : {SvmSolver::automatic, SvmSolver::newton, SvmSolver::liblinear}) words.push_back({to_string(s), s});
  return words;
}
Choices<stability::IwVariant> iw_variant_words() {
  Choices<stability::IwVariant> words;
  for (auto v : {stability::IwVariant::paper, stability::IwVariant::reference})
    words.push_back({std::string(stability::to_string(v)), v});
  return words;
}

// The stop rules a method takes: crfe has beta, rfe has cv.
Choices<Stop> stop_words_of(Method method) {
  Choices<Stop> words;
  for (const auto& [w, v] : stop_words())
    if (!(method == Method::crfe && v == Stop::cv) && !(method == Method::rfe && v == Stop::beta))
      words.push_back({w, v});
  return words;
}

options::Table<Options> build_table(Method method) {
  const bool is_crfe = method == Method::crfe;
  options::Table<Options> t(to_string(method));

  t.group("Model");
  t.add("C", &Options::C, "SVM cost").range(Range::closed(1e-8, 1e8)).flag("--C");
  t.add("lambda", &Options::lambda,
        is_crfe ? "OvA weight λ of β and of the non-conformity; ignored for binary targets"
                : "OvA weight λ of the evaluation's non-conformity; ignored for binary targets")
      .range(Range::closed(0, 1));
  t.add("svm_tol", &Options::svm_tol, "Solver tolerance (scikit-learn tol)").range(Range::closed(1e-12, 1));
  t.choice("svm_solver", &Options::svm_solver, svm_solver_words(),
           "auto (newton while min(p+1, n) <= 1024, then liblinear), newton or liblinear");
  t.add("warm_start", &Options::warm_start,
        "Start each step's fit from the previous weights (--no-warm-start: fit each step from zero)");
  t.choice("standardize", &Options::standardize, standardize_words(),
           "train: z-score with the training rows' mean and sd; none: raw data (the reference's behaviour)");
  t.add("keep_constant", &Options::keep_constant, "Keep training-constant columns in the elimination loop");

  t.group("Elimination and stop");
  t.add("n_features_to_select", &Options::n_features_to_select,
        is_crfe ? "Fixed subset size k (0 = the β rule)" : "Fixed subset size k (0 = ranking only, or --stop cv)")
      .range(Range::closed(0, kMaxFeatures))
      .short_flag("-k")
      .value_name("K");
  t.add("step", &Options::step, "Features removed per step").range(Range::closed(1, kMaxFeatures));
  t.add("step_fraction", &Options::step_fraction,
        "Remove this fraction of the current features per step (0 = use --step)")
      .range(Range::right_open(0, 1));
  t.choice("stop", &Options::stop, stop_words_of(method),
           is_crfe ? "auto (fixed with -k, else beta), beta (the β rule), fixed or none"
                   : "auto (fixed with -k, else none), fixed, none or cv (RFECV's size choice)");
  if (is_crfe) {
    t.choice("stop_mode", &Options::stop_mode, stop_mode_words(),
             "paper (Algorithm 1) or reference (the 2023 library's rule)");
    t.add("sigma", &Options::sigma, "σ of the β rule").range(Range::left_open(0, 1e6));
    t.add("window_fraction", &Options::window_fraction, "β-rule window ψ = ⌊fraction·p0⌋")
        .range(Range::right_open(0, 1));
    t.add("window", &Options::window, "β-rule window ψ in steps (0 = use --window-fraction)")
        .range(Range::closed(0, kMaxFeatures));
    t.choice("beta_rows", &Options::beta_rows, beta_rows_words(), "Rows β is computed on: selection or train");
  } else {
    t.add("cv_folds", &Options::cv_folds, "Folds of --stop cv (at most the smallest training class count)")
        .range(Range::closed(2, 100));
  }
  t.add("min_features", &Options::min_features, "Where the elimination path ends")
      .range(Range::closed(1, kMaxFeatures));
  t.add("truncate", &Options::truncate, "Stop the loop at the stop point instead of ranking every feature");

  t.group("Rows");
  t.add("test_fraction", &Options::test_fraction, "Test rows ⌈f·n⌉; 0 turns the evaluation off")
      .range(Range::right_open(0, 1));
  t.add("train_fraction", &Options::train_fraction, "Training rows ⌊f·(n − n_test)⌋").range(Range::left_open(0, 1));
  t.add("selection_fraction", &Options::selection_fraction,
        is_crfe ? "Share of the held-out rest used as selection rows (the others calibrate)"
                : "Share of the held-out rest that crfe would use as selection rows; rfe trains on them too (the "
                  "others calibrate)")
      .range(Range::right_open(0, 1));
  t.add("reuse_calibration", &Options::reuse_calibration,
        "Selection rows = calibration rows (the paper's layout; conformal validity not guaranteed)");
  t.add("split_column", &Options::split_column,
        "Take the row roles from this column (train, selection, calibration, test); it is not a feature")
      .value_name("NAME");
  t.add("selection_csv", &Options::selection_csv, "Selection rows from this file (DATA.csv = training rows)")
      .value_name("FILE");
  t.add("calibration_csv", &Options::calibration_csv, "Calibration rows from this file (DATA.csv = training rows)")
      .value_name("FILE");
  t.add("test_csv", &Options::test_csv, "Test rows from this file (DATA.csv = training rows)").value_name("FILE");
  t.choice("roles", &Options::roles, role_words(),
           "Fixed role of every data row (train, selection, calibration, test); empty = a random stratified split. "
           "The CLI fills it from --split-column or the role files")
      .no_cli();

  t.group("Conformal evaluation");
  t.add("significance", &Options::significance, "ε of the prediction sets").range(Range::open(0, 1));
  t.add("ncm_lambda", &Options::ncm_lambda, "λ of the evaluation's non-conformity")
      .range(Range::closed(0, 1))
      .unset("lambda")
      .value_name("L");
  t.choice("pvalue", &Options::pvalue, pvalue_words(), "standard or smoothed p-values");
  t.add("sweep", &Options::sweep, "Evaluate every subset size of the path");
  t.add("eval_sizes", &Options::eval_sizes, "Evaluate these subset sizes")
      .range(Range::closed(1, kMaxFeatures))
      .value_name("A,B,...");

  t.group("Repeats");
  t.add("repeats", &Options::repeats, "Independent stratified splits; >= 2 adds runs[] and stability")
      .range(Range::closed(1, 10000));
  t.add("stability_sizes", &Options::stability_sizes, "Sizes k of stability.per_size (empty: every k)")
      .range(Range::closed(1, kMaxFeatures))
      .value_name("A,B,...");
  t.choice("iw_variant", &Options::iw_variant, iw_variant_words(), "paper or reference weighting of I_W");
  if (is_crfe) {
    t.add("with_rfe", &Options::with_rfe, "Also run RFE on every split and report the similarity");
    t.add("keep_betas", &Options::keep_betas, "Store the full β history in the JSON (O(p²))");
  }

  t.group("Compatibility");
  t.choice("compat", &Options::compat, compat_words(),
           "none, or reference: the CRFE reference library's settings (stop mode reference, reused calibration "
           "rows, no standardisation, constant columns kept, liblinear)");
  t.finish();
  return t;
}

}  // namespace

std::string to_string(Method v) { return v == Method::crfe ? "crfe" : "rfe"; }
std::string to_string(Stop v) { return options::word_of(stop_words(), v); }
std::string to_string(StopMode v) { return options::word_of(stop_mode_words(), v); }
std::string to_string(BetaRows v) { return options::word_of(beta_rows_words(), v); }
std::string to_string(Standardize v) { return options::word_of(standardize_words(), v); }
std::string to_string(PValue v) { return options::word_of(pvalue_words(), v); }
std::string to_string(Compat v) { return options::word_of(compat_words(), v); }
std::string to_string(Role v) { return options::word_of(role_words(), v); }

Stop parse_stop(std::string_view word) { return options::value_of(stop_words(), word, "stop"); }
StopMode parse_stop_mode(std::string_view word) { return options::value_of(stop_mode_words(), word, "stop_mode"); }
BetaRows parse_beta_rows(std::string_view word) { return options::value_of(beta_rows_words(), word, "beta_rows"); }
Standardize parse_standardize(std::string_view word) {
  return options::value_of(standardize_words(), word, "standardize");
}
PValue parse_pvalue(std::string_view word) { return options::value_of(pvalue_words(), word, "pvalue"); }
Compat parse_compat(std::string_view word) { return options::value_of(compat_words(), word, "compat"); }
Role parse_role(std::string_view word) { return options::value_of(role_words(), word, "roles"); }

const options::Table<Options>& option_table(Method method) {
  static const options::Table<Options> crfe_table = build_table(Method::crfe);
  static const options::Table<Options> rfe_table = build_table(Method::rfe);
  return method == Method::crfe ? crfe_table : rfe_table;
}

const options::Table<Options>& option_table() { return option_table(Method::crfe); }

void validate(const Options& o) {
  option_table(o.method).check(o);
  if (o.method == Method::rfe && o.stop == Stop::beta)
    throw OptionError("stop", "option 'stop' must be auto, fixed, none or cv for rfe (beta is crfe's rule), got 'beta'");
  if (o.method == Method::crfe && o.stop == Stop::cv)
    throw OptionError("stop",
                      "option 'stop' must be auto, beta, fixed or none for crfe (cv is rfe's RFECV rule), got 'cv'");
  if (o.stop == Stop::fixed && o.n_features_to_select == 0)
    throw OptionError("n_features_to_select", "option 'n_features_to_select' must be >= 1 with stop fixed, got 0");
  if (o.n_features_to_select > 0 && o.n_features_to_select < o.min_features)
    throw OptionError("n_features_to_select", "option 'n_features_to_select' must be 0 or >= min_features (" +
                                                  std::to_string(o.min_features) + "), got " +
                                                  std::to_string(o.n_features_to_select));
  const bool role_files = !o.selection_csv.empty() || !o.calibration_csv.empty() || !o.test_csv.empty();
  if (role_files && !o.split_column.empty())
    throw OptionError("split_column",
                      "option 'split_column' must be empty with role files (selection_csv, calibration_csv, test_csv): "
                      "they exclude each other, got '" + o.split_column + "'");
  const bool fixed_roles = !o.roles.empty() || role_files || !o.split_column.empty();
  if (o.repeats > 1 && fixed_roles)
    throw OptionError("repeats", "option 'repeats' must be 1 with fixed row roles (repeats need random splits), got " +
                                     std::to_string(o.repeats));
}

Options effective_options(const Options& options) {
  Options o = options;
  if (o.compat == Compat::reference) {
    o.stop_mode = StopMode::reference;
    o.reuse_calibration = true;
    o.standardize = Standardize::none;
    o.keep_constant = true;
    o.svm_solver = SvmSolver::liblinear;
    o.svm_tol = 1e-4;
    o.iw_variant = stability::IwVariant::reference;
  }
  if (o.stop == Stop::automatic) {
    if (o.n_features_to_select > 0)
      o.stop = Stop::fixed;
    else
      o.stop = o.method == Method::crfe ? Stop::beta : Stop::none;
  }
  if (!o.ncm_lambda) o.ncm_lambda = o.lambda;
  return o;
}

report::Json options_json(const Options& o) { return option_table(o.method).to_json(o); }

}  // namespace featrel::crfe

namespace featrel::rfe {

const options::Table<Options>& option_table() { return crfe::option_table(crfe::Method::rfe); }

}  // namespace featrel::rfe
