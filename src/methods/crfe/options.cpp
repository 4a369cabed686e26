// crfe/rfe options (crfe.md §5 with specs/README.md §2.2): the words of each enum, validation (crfe.md §7), the
// `--compat reference` preset (§3.9) and the JSON echo.
#include <cmath>
#include <string>

#include "featrel/crfe.hpp"
#include "featrel/error.hpp"
#include "featrel/format.hpp"

namespace featrel::crfe {

namespace {

template <typename E, std::size_t N>
E parse_word(std::string_view word, const char* option, const std::pair<const char*, E> (&table)[N]) {
  std::string accepted;
  for (const auto& [name, value] : table) {
    if (word == name) return value;
    accepted += accepted.empty() ? name : std::string(", ") + name;
  }
  throw InputError(std::string(option) + " '" + std::string(word) + "' is not one of " + accepted);
}

constexpr std::pair<const char*, Stop> kStops[] = {
    {"auto", Stop::automatic}, {"beta", Stop::beta}, {"fixed", Stop::fixed}, {"none", Stop::none}, {"cv", Stop::cv}};
constexpr std::pair<const char*, StopMode> kModes[] = {{"paper", StopMode::paper}, {"reference", StopMode::reference}};
constexpr std::pair<const char*, BetaRows> kBetaRows[] = {{"selection", BetaRows::selection},
                                                          {"train", BetaRows::train}};
constexpr std::pair<const char*, Standardize> kStandardize[] = {{"train", Standardize::train},
                                                                {"none", Standardize::none}};
constexpr std::pair<const char*, PValue> kPValues[] = {{"standard", PValue::standard}, {"smoothed", PValue::smoothed}};
constexpr std::pair<const char*, Compat> kCompat[] = {{"none", Compat::none}, {"reference", Compat::reference}};
constexpr std::pair<const char*, Role> kRoles[] = {
    {"train", Role::train}, {"selection", Role::selection}, {"calibration", Role::calibration}, {"test", Role::test}};

template <typename E, std::size_t N>
std::string word_of(E v, const std::pair<const char*, E> (&table)[N]) {
  for (const auto& [name, value] : table)
    if (value == v) return name;
  return "?";
}

void require(bool ok, const std::string& what) {
  if (!ok) throw InputError(what);
}

std::string num(double v) { return format_number(v); }

report::Json size_list(const std::vector<std::size_t>& v) {
  report::Json a = report::Json::array();
  for (std::size_t x : v) a.push_back(x);
  return a;
}

}  // namespace

std::string to_string(Method v) { return v == Method::crfe ? "crfe" : "rfe"; }
std::string to_string(Stop v) { return word_of(v, kStops); }
std::string to_string(StopMode v) { return word_of(v, kModes); }
std::string to_string(BetaRows v) { return word_of(v, kBetaRows); }
std::string to_string(Standardize v) { return word_of(v, kStandardize); }
std::string to_string(PValue v) { return word_of(v, kPValues); }
std::string to_string(Compat v) { return word_of(v, kCompat); }
std::string to_string(Role v) { return word_of(v, kRoles); }

Stop parse_stop(std::string_view word) { return parse_word(word, "stop", kStops); }
StopMode parse_stop_mode(std::string_view word) { return parse_word(word, "stop_mode", kModes); }
BetaRows parse_beta_rows(std::string_view word) { return parse_word(word, "beta_rows", kBetaRows); }
Standardize parse_standardize(std::string_view word) { return parse_word(word, "standardize", kStandardize); }
PValue parse_pvalue(std::string_view word) { return parse_word(word, "pvalue", kPValues); }
Compat parse_compat(std::string_view word) { return parse_word(word, "compat", kCompat); }
Role parse_role(std::string_view word) { return parse_word(word, "row role", kRoles); }

void validate(const Options& o) {
  const std::string cmd = to_string(o.method) + ": ";
  require(std::isfinite(o.lambda) && o.lambda >= 0.0 && o.lambda <= 1.0,
          cmd + "lambda=" + num(o.lambda) + " outside [0, 1]");
  if (o.ncm_lambda)
    require(std::isfinite(*o.ncm_lambda) && *o.ncm_lambda >= 0.0 && *o.ncm_lambda <= 1.0,
            cmd + "ncm_lambda=" + num(*o.ncm_lambda) + " outside [0, 1]");
  require(std::isfinite(o.C) && o.C > 0.0, cmd + "C=" + num(o.C) + " must be > 0");
  require(std::isfinite(o.svm_tol) && o.svm_tol > 0.0, cmd + "svm_tol=" + num(o.svm_tol) + " must be > 0");
  require(std::isfinite(o.sigma) && o.sigma > 0.0, cmd + "sigma=" + num(o.sigma) + " must be > 0");
  require(o.step >= 1, cmd + "step=0 must be >= 1");
  require(std::isfinite(o.step_fraction) && o.step_fraction >= 0.0 && o.step_fraction < 1.0,
          cmd + "step_fraction=" + num(o.step_fraction) + " outside [0, 1)");
  require(std::isfinite(o.window_fraction) && o.window_fraction >= 0.0 && o.window_fraction < 1.0,
          cmd + "window_fraction=" + num(o.window_fraction) + " outside [0, 1)");
  require(o.min_features >= 1, cmd + "min_features=0 must be >= 1");
  require(std::isfinite(o.test_fraction) && o.test_fraction >= 0.0 && o.test_fraction < 1.0,
          cmd + "test_fraction=" + num(o.test_fraction) + " outside [0, 1)");
  require(std::isfinite(o.train_fraction) && o.train_fraction > 0.0 && o.train_fraction <= 1.0,
          cmd + "train_fraction=" + num(o.train_fraction) + " outside (0, 1]");
  require(std::isfinite(o.selection_fraction) && o.selection_fraction >= 0.0 && o.selection_fraction < 1.0,
          cmd + "selection_fraction=" + num(o.selection_fraction) + " outside [0, 1)");
  require(std::isfinite(o.significance) && o.significance > 0.0 && o.significance < 1.0,
          cmd + "significance=" + num(o.significance) + " outside (0, 1)");
  require(o.repeats >= 1, cmd + "repeats=0 must be >= 1");
  require(o.cv_folds >= 2, cmd + "cv_folds=" + std::to_string(o.cv_folds) + " must be >= 2");
  require(!(o.repeats > 1 && !o.roles.empty()),
          cmd + "repeats=" + std::to_string(o.repeats) + " with fixed row roles: repeats need random splits");
  for (std::size_t k : o.eval_sizes) require(k >= 1, cmd + "eval_sizes holds 0; sizes must be >= 1");
  for (std::size_t k : o.stability_sizes) require(k >= 1, cmd + "stability_sizes holds 0; sizes must be >= 1");
  if (o.method == Method::rfe) {
    require(o.stop != Stop::beta, "rfe: stop=beta is crfe's rule; rfe takes fixed, none or cv");
  } else {
    require(o.stop != Stop::cv, "crfe: stop=cv is rfe's (RFECV); crfe takes beta, fixed or none");
  }
  require(!(o.stop == Stop::fixed && o.n_features_to_select == 0),
          cmd + "stop=fixed needs n_features_to_select (-k) >= 1");
  if (o.n_features_to_select > 0)
    require(o.n_features_to_select >= o.min_features,
            cmd + "n_features_to_select=" + std::to_string(o.n_features_to_select) +
                " is below min_features=" + std::to_string(o.min_features));
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

report::Json options_json(const Options& o) {
  report::Json j = report::Json::object();
  j["lambda"] = o.lambda;
  j["C"] = o.C;
  j["svm_tol"] = o.svm_tol;
  j["svm_solver"] = to_string(o.svm_solver);
  j["warm_start"] = o.warm_start;
  j["step"] = o.step;
  j["step_fraction"] = o.step_fraction;
  j["n_features_to_select"] = o.n_features_to_select;
  j["stop"] = to_string(o.stop);
  j["stop_mode"] = to_string(o.stop_mode);
  j["sigma"] = o.sigma;
  j["window_fraction"] = o.window_fraction;
  j["window"] = o.window;
  j["min_features"] = o.min_features;
  j["truncate"] = o.truncate;
  j["beta_rows"] = to_string(o.beta_rows);
  j["standardize"] = to_string(o.standardize);
  j["keep_constant"] = o.keep_constant;
  j["test_fraction"] = o.test_fraction;
  j["train_fraction"] = o.train_fraction;
  j["selection_fraction"] = o.selection_fraction;
  j["reuse_calibration"] = o.reuse_calibration;
  j["split_column"] = o.split_column;
  j["fixed_roles"] = !o.roles.empty();
  j["significance"] = o.significance;
  j["ncm_lambda"] = o.ncm_lambda ? report::Json(*o.ncm_lambda) : report::Json(o.lambda);
  j["pvalue"] = to_string(o.pvalue);
  j["sweep"] = o.sweep;
  j["eval_sizes"] = size_list(o.eval_sizes);
  j["repeats"] = o.repeats;
  j["stability_sizes"] = size_list(o.stability_sizes);
  j["iw_variant"] = std::string(stability::to_string(o.iw_variant));
  j["with_rfe"] = o.with_rfe;
  j["keep_betas"] = o.keep_betas;
  j["cv_folds"] = o.cv_folds;
  return j;
}

}  // namespace featrel::crfe
