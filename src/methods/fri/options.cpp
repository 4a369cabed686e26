// FRI options: defaults, validation with messages that name the option and its range (docs/fri.md#parameters, docs/fri.md#errors-and-edge-cases), the
// reference-mode settings (docs/fri.md#compatibility-settings), the spellings the CLI parses, and the JSON echo.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "featrel/format.hpp"
#include "featrel/fri.hpp"
#include "featrel/fri_inputs.hpp"
#include "featrel/option_table.hpp"

namespace featrel::fri {

namespace {

std::string num(double v) { return format_number(v); }

const options::Choices<Threshold>& threshold_words() {
  static const options::Choices<Threshold> words{{"tail", Threshold::tail}, {"normal", Threshold::normal}};
  return words;
}

const options::Choices<CvScore>& cv_score_words() {
  static const options::Choices<CvScore> words{{"balanced_accuracy", CvScore::balanced_accuracy},
                                               {"macro_f1", CvScore::macro_f1},
                                               {"weighted_f1", CvScore::weighted_f1}};
  return words;
}

const options::Choices<Budget>& budget_words() {
  static const options::Choices<Budget> words{{"fixed", Budget::fixed}, {"calibrated", Budget::calibrated}};
  return words;
}

const options::Choices<SignedRangeRule>& signed_range_words() {
  static const options::Choices<SignedRangeRule> words{
      {"auto", SignedRangeRule::automatic}, {"exact", SignedRangeRule::exact}, {"bound", SignedRangeRule::bound}};
  return words;
}

const options::Choices<Linkage>& linkage_words() {
  static const options::Choices<Linkage> words{
      {"single", Linkage::single}, {"average", Linkage::average}, {"complete", Linkage::complete}};
  return words;
}

// "LO:HI:NUM" (log10 exponents; "-3:3:13" is the default 10^-3 ... 10^3), or a comma-separated list of C values.
std::vector<double> parse_c_grid(const options::Info& info, std::string_view text) {
  const std::string t(text);
  const auto a = t.find(':');
  if (a == std::string::npos) {
    std::vector<double> v;
    for (const auto& item : options::detail::split_list(t)) v.push_back(options::detail::parse_real(info, item));
    if (v.empty()) options::detail::fail(info, "LO:HI:NUM or a list of C values", "''");
    return v;
  }
  const auto b = t.find(':', a + 1);
  if (b == std::string::npos) options::detail::fail(info, "LO:HI:NUM (e.g. -3:3:13)", "'" + t + "'");
  options::Info part = info;
  part.range = options::Range::closed(-8, 8);
  const double lo = options::detail::parse_real(part, t.substr(0, a));
  const double hi = options::detail::parse_real(part, t.substr(a + 1, b - a - 1));
  part.range = options::Range::closed(1, 1000);
  part.kind = options::Kind::integer;
  const auto n = static_cast<int>(options::detail::parse_integer(part, t.substr(b + 1), 1, 1000));
  if (lo > hi) options::detail::fail(info, "LO:HI:NUM with LO <= HI", "'" + t + "'");
  return log_grid(lo, hi, n);
}

// The grid as LO:HI:NUM when it is one, else as a list.
std::string c_grid_text(const std::vector<double>& grid) {
  if (!grid.empty() && grid.front() > 0 && grid.back() > 0) {
    const double lo = std::round(std::log10(grid.front()) * 1e6) / 1e6;
    const double hi = std::round(std::log10(grid.back()) * 1e6) / 1e6;
    if (lo <= hi && log_grid(lo, hi, static_cast<int>(grid.size())) == grid)
      return num(lo) + ":" + num(hi) + ":" + std::to_string(grid.size());
  }
  std::string out;
  for (double c : grid) out += (out.empty() ? "" : ",") + num(c);
  return out;
}

report::Json presets_json(const std::vector<Preset>& presets) {
  report::Json out = report::Json::array();
  for (const Preset& p : presets) {
    report::Json e = report::Json::object();
    e["feature"] = p.feature;
    e["lo"] = p.lo;
    e["hi"] = p.hi;
    out.push_back(e);
  }
  return out;
}

}  // namespace

std::string to_string(Threshold rule) { return options::word_of(threshold_words(), rule); }
std::string to_string(Linkage linkage) { return options::word_of(linkage_words(), linkage); }
std::string to_string(CvScore score) { return options::word_of(cv_score_words(), score); }
std::string to_string(Budget budget) { return options::word_of(budget_words(), budget); }
Threshold parse_threshold(std::string_view word) { return options::value_of(threshold_words(), word, "threshold"); }
Linkage parse_linkage(std::string_view word) { return options::value_of(linkage_words(), word, "group_linkage"); }

std::vector<double> log_grid(double lo, double hi, int num) {
  if (num < 1 || !std::isfinite(lo) || !std::isfinite(hi) || lo > hi)
    throw InputError("fri: option c_grid (--c-grid LO:HI:NUM) needs finite LO <= HI (log10) and NUM >= 1, got " +
                     format_number(lo) + ":" + format_number(hi) + ":" + std::to_string(num));
  std::vector<double> g;
  for (int i = 0; i < num; ++i) {
    const double e = num == 1 ? lo : lo + (hi - lo) * static_cast<double>(i) / static_cast<double>(num - 1);
    g.push_back(std::pow(10.0, e));
  }
  return g;
}

std::vector<double> default_c_grid() { return log_grid(-3.0, 3.0, 13); }

const options::Table<Options>& option_table() {
  using options::Range;
  static const options::Table<Options> table = [] {
    options::Table<Options> t("fri");
    t.group("Model search");
    t.add("C", &Options::C, "Fix the SVM cost C and skip the search")
        .range(Range::closed(1e-8, 1e8))
        .unset("searched")
        .flag("--C")
        .value_name("C");
    t.add("epsilon", &Options::epsilon, "Fix epsilon (units of y) of the regression SVM and skip its search")
        .range(Range::at_least(0))  // y may come in any units
        .unset("searched")
        .value_name("E");
    t.custom<std::vector<double>>(
         "c_grid", &Options::c_grid, "Searched C values: NUM values from 10^LO to 10^HI, log-spaced (or a list)",
         options::Kind::text, parse_c_grid, c_grid_text,
         [](const std::vector<double>& v) { return report::Json(v); },
         [](const options::Info& info, const report::Json& j) {
           if (!j.is_array() || j.empty()) options::detail::fail(info, "a non-empty list of C values", j.dump());
           std::vector<double> v;
           for (const auto& x : j) {
             const double c = options::detail::json_real(info, x);
             if (!(c >= 1e-8 && c <= 1e8)) options::detail::fail(info, "a list of values in [1e-08, 1e+08]", x.dump());
             v.push_back(c);
           }
           return v;
         })
        .value_name("LO:HI:NUM");
    t.add("epsilon_grid", &Options::epsilon_grid, "Searched epsilon values of the regression SVM, in units of sd(y)")
        .range(Range::closed(0, 1e8));
    t.add("cv_folds", &Options::cv_folds, "Stratified, shuffled cross-validation folds of the search")
        .range(Range::closed(2, 100));
    t.add("tie_tolerance", &Options::tie_tolerance,
          "CV scores within this of the best tie; the smallest tied C with weights wins")
        .range(Range::closed(0, 1e6));
    t.choice("cv_score", &Options::cv_score, cv_score_words(),
             "Held-out score of two-class searches (binary, one-vs-rest); balanced scores do not reward "
             "predicting the majority");
    t.group("Model class");
    t.choice("budget", &Options::budget, budget_words(),
             "Loss budget: calibrated = L* + z·SE(L*) (models not distinguishable from the baseline), or fixed = "
             "(1 + delta_l)·L* only");
    t.add("budget_se", &Options::budget_se,
          "z of the calibrated budget, in standard errors of L* (1: the one-SE rule, one-sided level 84 %)")
        .range(Range::closed(0, 10));
    t.add("slack", &Options::slack, "Set both relaxations below at once (0.05 suits noisy correlated features)")
        .range(Range::closed(0, 10))
        .unset("none");
    t.add("w_l1_slack", &Options::w_l1_slack, "delta_w: the L1 budget is (1 + delta_w)·‖w*‖₁")
        .range(Range::closed(0, 10));
    t.add("loss_slack", &Options::loss_slack, "delta_l: the loss budget is at least (1 + delta_l)·L* (exactly that under --budget fixed)")
        .range(Range::closed(0, 10));
    t.add("loss_floor", &Options::loss_floor,
          "Smallest loss budget (× sd(y) for regression); keeps separable data from a hard-margin class")
        .range(Range::closed(0, 1e6));
    t.choice("standardize", &Options::standardize, options::Choices<bool>{{"train", true}, {"none", false}},
             "train: z-score every feature (population sd); none: raw data");
    t.group("Probes and classes");
    t.add("n_probes", &Options::n_probes,
          "Permuted probe features (fewer than 10 give an unstable threshold; < 50 gives a warning)")
        .range(Range::closed(10, 100000));
    t.add("probe_refit", &Options::probe_refit,
          "Refit the baseline with each probe (--no-probe-refit: bound probes under the original budgets)");
    t.add("p", &Options::p, "Prediction-interval level; 1 - p is about the false-positive rate per feature")
        .range(Range::open(0.5, 1))
        .flag("--p");
    t.choice("threshold", &Options::threshold, threshold_words(),
             "Upper threshold rule: tail (calibrated) or normal (the paper's)");
    t.add("min_relevance", &Options::min_relevance, "Numerical guard of the class rule (share of ‖w*‖₁)")
        .range(Range::closed(0, 1));
    t.group("Presets and grouping");
    t.custom<std::vector<Preset>>(
         "presets", &Options::presets,
         "Pin a feature's relevance to a value or range (shares of ‖w*‖₁) and recompute all other intervals; "
         "repeatable",
         options::Kind::text,
         [](const options::Info&, std::string_view text) { return std::vector<Preset>{parse_preset(text)}; },
         [](const std::vector<Preset>& v) {
           std::string out;
           for (const auto& p : v)
             out += (out.empty() ? "" : " ") + p.feature + "=" +
                    (p.lo == p.hi ? format_number(p.lo) : format_number(p.lo) + ":" + format_number(p.hi));
           return out;
         },
         presets_json,
         [](const options::Info& info, const report::Json& j) {
           std::vector<Preset> v;
           if (!j.is_array()) options::detail::fail(info, "a list of presets", j.dump());
           for (const auto& e : j) {
             if (e.is_string()) {
               v.push_back(parse_preset(e.get<std::string>()));
             } else if (e.is_object() && e.contains("feature") && e.contains("lo") && e.contains("hi")) {
               v.push_back({e["feature"].get<std::string>(), e["lo"].get<double>(), e["hi"].get<double>()});
             } else {
               options::detail::fail(info, "NAME=V, NAME=LO:HI or {feature, lo, hi}", e.dump());
             }
           }
           return v;
         })
        .flag("--preset")
        .value_name("NAME=V|NAME=LO:HI")
        .repeatable();
    t.add("grouping", &Options::grouping, "Cluster relevant features that substitute each other");
    t.add("group_cutoff", &Options::group_cutoff, "Cut the dendrogram at this share of its largest merge height")
        .range(Range::closed(0, 1));
    t.choice("group_linkage", &Options::group_linkage, linkage_words(), "Linkage of the grouping's clustering");
    t.group("Privileged information");
    t.add("privileged", &Options::privileged,
          "Columns known for the training rows only (LUPI): they correct the slack and get intervals and classes "
          "of their own; the model predicts from the other columns")
        .value_name("NAME,...");
    t.add("privileged_gamma", &Options::privileged_gamma,
          "gamma: price of the privileged weights in the L1 budget (1: the same as a normal weight)")
        .range(Range::left_open(0, 1e6));
    t.add("privileged_kappa", &Options::privileged_kappa,
          "kappa: price of the correcting functions in the loss (below 1, or they never replace slack)")
        .range(Range::left_open(0, 1e6));
    t.group("Solver");
    t.add("lazy_rows", &Options::lazy_rows, "Working-set rows in bound and probe LPs (same result, faster)");
    t.add("lazy_margin", &Options::lazy_margin, "Rows slack by more than this at the baseline are deferred")
        .range(Range::closed(0, 1e6));
    t.add("lazy_columns", &Options::lazy_columns,
          "Working-set feature columns in bound, probe and warm baseline LPs, the rest priced in (same result, faster "
          "when wide)");
    t.add("screen", &Options::screen,
          "Skip the bound LPs of features the baseline's duals certify as irrelevant (same classes and selection; "
          "their upper values become certified bounds, marked screened)");
    t.choice("signed_range", &Options::signed_range, signed_range_words(),
             "exact: both LPs of every feature; bound: a side certified below the other is not solved (lower, upper "
             "and classes exact; that signed side a certified bound, marked signed_bound); auto: bound when there "
             "are more features than rows");
    t.group("Compatibility");
    t.choice("compat", &Options::reference, options::Choices<bool>{{"none", false}, {"reference", true}},
             "none, or reference: reproduce fri 8.1.0 (Python) for cross-checks");
    t.finish();
    return t;
  }();
  return table;
}

void validate(const Options& o) {
  option_table().check(o);
  if (o.c_grid.empty()) throw options::OptionError("c_grid", "option 'c_grid' must be a non-empty list of C values");
  if (o.epsilon_grid.empty())
    throw options::OptionError("epsilon_grid", "option 'epsilon_grid' must be a non-empty list of values >= 0");
  for (double c : o.c_grid)
    if (!(std::isfinite(c) && c >= 1e-8 && c <= 1e8))
      throw options::OptionError("c_grid", "option 'c_grid' must hold values in [1e-08, 1e+08], got " + num(c));
  if (o.slack && (o.w_l1_slack != Options{}.w_l1_slack || o.loss_slack != Options{}.loss_slack))
    throw options::OptionError("slack", "option 'slack' sets w_l1_slack and loss_slack; give either slack or those two");
  // Presets, the grouping and the privileged block need every feature's exact interval (docs/fri.md#screening); the
  // grouping and the privileged block also both ends of its signed range (docs/fri.md#one-side-per-feature).
  const char* other = !o.presets.empty() ? "presets" : o.grouping ? "grouping" : !o.privileged.empty() ? "privileged"
                                                                                                        : nullptr;
  if (o.screen) {
    if (other != nullptr)
      throw options::OptionError("screen", std::string("option 'screen' cannot be combined with '") + other +
                                 "': it needs every feature's exact interval; run without screen");
  }
  const char* both_ends = o.grouping ? "grouping" : !o.privileged.empty() ? "privileged" : nullptr;
  if (o.signed_range == SignedRangeRule::bound && both_ends != nullptr)
    throw options::OptionError("signed_range", std::string("option 'signed_range' bound cannot be combined with '") +
                               both_ends + "': it needs both ends of every feature's range; use auto or exact");
  for (const Preset& p : o.presets) {
    if (p.feature.empty()) throw PresetError("fri: a preset has an empty feature name (write NAME=VALUE or NAME=LO:HI)");
    if (!std::isfinite(p.lo) || !std::isfinite(p.hi))
      throw PresetError("fri: preset " + p.feature + ": values must be finite, got [" + num(p.lo) + ", " + num(p.hi) + "]");
  }
}

Options effective_options(const Options& options) {
  Options o = options;
  auto tidy = [](std::vector<double>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  };
  tidy(o.c_grid);
  tidy(o.epsilon_grid);
  if (o.slack) o.w_l1_slack = o.loss_slack = *o.slack;
  if (o.reference) {
    // fri 8.1.0 (docs/fri.md#compatibility-settings): no loss floor; the fixed loss budget; 20 upper + 20 lower probes permuted in place under the original
    // μ, ρ; population sd; q at 1 − fpr with fpr = 1e-4; strict class rule without the guard; weighted F1.
    o.loss_floor = 0.0;
    o.budget = Budget::fixed;
    o.n_probes = 20;
    o.probe_refit = false;
    o.threshold = Threshold::normal;
    o.p = 0.9999;
    o.min_relevance = 0.0;
    o.cv_score = CvScore::weighted_f1;
  }
  return o;
}

report::Json options_json(const Options& o) { return option_table().to_json(o); }

}  // namespace featrel::fri
