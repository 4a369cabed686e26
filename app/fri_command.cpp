// `featrel fri DATA.csv`: feature relevance intervals (specs/fri.md). Parses the flags into fri::Options, runs
// featrel::fri::run, prints the relevance table and a summary, and writes the JSON, CSV and SVG outputs.
// Parsing and printing only: every number printed comes from the library's Result.
#include <algorithm>
#include <cmath>
#include <iostream>
#include <numeric>
#include <optional>
#include <set>

#include "cli_common.hpp"
#include "commands.hpp"
#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/fri.hpp"
#include "featrel/fri_chart.hpp"
#include "featrel/report.hpp"
#include "featrel/result_json.hpp"

namespace featrel::cli {
namespace {

struct FriArgs {
  CommonOptions common;
  // Model search
  std::optional<double> C, epsilon;
  std::string c_grid = "-3:3:13";
  std::vector<double> epsilon_grid = fri::Options{}.epsilon_grid;
  int cv_folds = fri::Options{}.cv_folds;
  double tie_tolerance = fri::Options{}.tie_tolerance;
  // Model class
  std::optional<double> slack, w_l1_slack, loss_slack;
  double loss_floor = fri::Options{}.loss_floor;
  std::string standardize = "train";
  // Probes and classes
  int n_probes = fri::Options{}.n_probes;
  bool no_probe_refit = false;
  double p = fri::Options{}.p;
  std::string threshold = "tail";
  double min_relevance = fri::Options{}.min_relevance;
  // Presets and grouping
  std::vector<std::string> presets;
  bool grouping = false;
  double group_cutoff = fri::Options{}.group_cutoff;
  std::string group_linkage = "single";
  // Solver
  bool no_lazy_rows = false;
  double lazy_margin = fri::Options{}.lazy_margin;
  // Output
  std::string sort = "index";
};

enum class SortKey { index, upper, lower, cls };

SortKey parse_sort(const std::string& word) {
  if (word == "index") return SortKey::index;
  if (word == "upper") return SortKey::upper;
  if (word == "lower") return SortKey::lower;
  if (word == "class") return SortKey::cls;
  throw InputError("fri: --sort must be index, upper, lower or class, got '" + word + "'");
}

// "LO:HI:NUM", log10 exponents: "-3:3:13" is the default 10^-3 ... 10^3.
std::vector<double> parse_c_grid(const std::string& text) {
  const auto a = text.find(':');
  const auto b = a == std::string::npos ? std::string::npos : text.find(':', a + 1);
  auto fail = [&]() -> std::vector<double> {
    throw InputError("fri: --c-grid must be LO:HI:NUM (log10 of the smallest and largest C, number of values), "
                     "e.g. -3:3:13; got '" + text + "'");
  };
  if (b == std::string::npos) return fail();
  try {
    std::size_t u1 = 0, u2 = 0, u3 = 0;
    const std::string s1 = text.substr(0, a), s2 = text.substr(a + 1, b - a - 1), s3 = text.substr(b + 1);
    const double lo = std::stod(s1, &u1), hi = std::stod(s2, &u2);
    const int num = std::stoi(s3, &u3);
    if (u1 != s1.size() || u2 != s2.size() || u3 != s3.size()) return fail();
    return fri::log_grid(lo, hi, num);
  } catch (const InputError&) {
    throw;
  } catch (const std::exception&) {
    return fail();
  }
}

// The library options from the flags. Flags the user did not give keep the library's defaults.
fri::Options build_options(const FriArgs& a) {
  fri::Options o;
  o.C = a.C;
  o.epsilon = a.epsilon;
  o.c_grid = parse_c_grid(a.c_grid);
  o.epsilon_grid = a.epsilon_grid;
  o.cv_folds = a.cv_folds;
  o.tie_tolerance = a.tie_tolerance;
  // --slack sets both relaxations; the specific flags win over it.
  if (a.slack && !(std::isfinite(*a.slack) && *a.slack >= 0))
    throw InputError("fri: --slack (sets w_l1_slack and loss_slack) must be finite and >= 0, got " +
                     format_number(*a.slack));
  if (a.slack) o.w_l1_slack = o.loss_slack = *a.slack;
  if (a.w_l1_slack) o.w_l1_slack = *a.w_l1_slack;
  if (a.loss_slack) o.loss_slack = *a.loss_slack;
  o.loss_floor = a.loss_floor;
  if (a.standardize != "train" && a.standardize != "none")
    throw InputError("fri: --standardize must be train or none, got '" + a.standardize + "'");
  o.standardize = a.standardize == "train";
  o.n_probes = a.n_probes;
  o.probe_refit = !a.no_probe_refit;
  o.p = a.p;
  o.threshold = fri::parse_threshold(a.threshold);
  o.min_relevance = a.min_relevance;
  for (const std::string& text : a.presets) o.presets.push_back(fri::parse_preset(text));
  o.grouping = a.grouping;
  o.group_cutoff = a.group_cutoff;
  o.group_linkage = fri::parse_linkage(a.group_linkage);
  o.lazy_rows = !a.no_lazy_rows;
  o.lazy_margin = a.lazy_margin;
  if (a.common.compat != "none" && a.common.compat != "reference")
    throw InputError("fri: --compat must be none or reference, got '" + a.common.compat + "'");
  o.reference = a.common.compat == "reference";
  fri::validate(o);
  return o;
}

std::string value(double v) { return std::isfinite(v) ? format_fixed(v, 4) : "-"; }
std::string short_number(double v) { return std::isfinite(v) ? format_number(std::round(v * 1e4) / 1e4) : "-"; }

std::string class_word(const fri::FeatureResult& f) {
  std::string w = report::relevance_word(f.cls);
  if (f.constant) w += " (constant)";
  return w;
}

// Row order of the table: column order, or by decreasing upper bound, lower bound or class (ties: larger upper
// bound first, then column order).
std::vector<std::size_t> row_order(const std::vector<fri::FeatureResult>& fs, SortKey key) {
  std::vector<std::size_t> order(fs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  auto by = [&](auto primary) {
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      const auto pa = primary(fs[a]), pb = primary(fs[b]);
      if (pa != pb) return pa > pb;
      return fs[a].upper > fs[b].upper;
    });
  };
  switch (key) {
    case SortKey::index: break;
    case SortKey::upper: by([](const fri::FeatureResult& f) { return f.upper; }); break;
    case SortKey::lower: by([](const fri::FeatureResult& f) { return f.lower; }); break;
    case SortKey::cls: by([](const fri::FeatureResult& f) { return f.cls; }); break;
  }
  return order;
}

std::string score_name(Task task) {
  switch (task) {
    case Task::regression: return "R²";
    case Task::ordinal: return "1 − MMAE/(K−1)";
    default: return "weighted F1";
  }
}

std::string counts(const std::vector<fri::FeatureResult>& fs) {
  int n[3] = {0, 0, 0};
  for (const auto& f : fs) n[std::clamp(f.cls, 0, 2)] += 1;
  return std::to_string(n[2]) + " strong, " + std::to_string(n[1]) + " weak, " + std::to_string(n[0]) + " irrelevant";
}

// "C = 0.3162 (3-fold CV, weighted F1 0.9731), ‖w*‖₁ = 4.12, thresholds: upper 0.0213, lower 0; 3 strong, …".
std::string summary(const fri::ModelResult& m, Task task) {
  std::string s = "C = " + short_number(m.hyper.C);
  if (task == Task::regression) s += ", ε = " + short_number(m.hyper.epsilon);
  if (m.hyper.searched) {
    s += " (" + std::to_string(m.hyper.cv_folds) + "-fold CV";
    if (m.hyper.chosen && *m.hyper.chosen < m.hyper.grid.size())
      s += ", " + score_name(task) + " " + short_number(m.hyper.grid[*m.hyper.chosen].score);
    s += ")";
  } else {
    s += " (fixed)";
  }
  s += ", ‖w*‖₁ = " + short_number(m.baseline.l1_norm);
  s += ", thresholds: upper " + short_number(m.probes.threshold_upper) + " (" + fri::to_string(m.probes.rule) +
       " rule, " + std::to_string(m.probes.n) + " probes), lower " + short_number(m.probes.threshold_lower);
  s += "; " + counts(m.features);
  return s;
}

std::string presets_text(const fri::Constrained& c, const Dataset& data) {
  std::string s;
  for (const auto& a : c.presets) {
    if (!s.empty()) s += ", ";
    s += data.feature_names[static_cast<std::size_t>(a.feature)];
    s += a.lo == a.hi ? " = " + short_number(a.lo) : " ∈ [" + short_number(a.lo) + ", " + short_number(a.hi) + "]";
  }
  return s;
}

std::string group_cell(int g) { return g > 0 ? std::to_string(g) : "-"; }

// Feature, lower, upper, class (and group) for a binary, regression or ordinal result.
void print_single(const fri::Result& r, const Dataset& data, SortKey key) {
  const fri::ModelResult& m = r.models.front();
  const auto order = row_order(r.features, key);
  std::vector<std::string> head{"feature", "lower", "upper", "class"};
  if (r.options.grouping) head.push_back("group");
  report::TextTable t(head);
  for (std::size_t j : order) {
    const auto& f = r.features[j];
    std::vector<std::string> row{data.feature_names[j], value(f.lower), value(f.upper), class_word(f)};
    if (r.options.grouping) row.push_back(group_cell(f.group));
    t.add_row(row);
  }
  std::cout << t.render() << "\n" << summary(m, r.task) << "\n";

  if (m.constrained) {
    // Same row order as above, so the two tables read side by side.
    std::cout << "\nconstrained intervals (" << presets_text(*m.constrained, data) << "):\n";
    report::TextTable c({"feature", "lower", "upper", "class", "pinned"});
    for (std::size_t j : order) {
      const auto& f = m.constrained->features[j];
      c.add_row({data.feature_names[j], value(f.lower), value(f.upper), class_word(f), f.preset ? "preset" : ""});
    }
    std::cout << c.render() << counts(m.constrained->features) << " (classes against the unconstrained thresholds)\n";
  }
}

// Multiclass: the combined view (largest bounds over the one-vs-rest classes, strongest class) and, per class, the
// word of that class's one-vs-rest problem; per-class intervals are in the JSON and the chart.
void print_multiclass(const fri::Result& r, const Dataset& data, SortKey key) {
  const auto order = row_order(r.features, key);
  std::vector<std::string> head{"feature", "lower", "upper", "class"};
  for (const auto& m : r.models) head.push_back("'" + m.label + "' vs rest");
  report::TextTable t(head);
  for (std::size_t j : order) {
    const auto& f = r.features[j];
    std::vector<std::string> row{data.feature_names[j], value(f.lower), value(f.upper), class_word(f)};
    for (const auto& m : r.models) {
      const auto& g = m.features[j];
      std::string cell = g.cls == 0 ? "-" : report::relevance_word(g.cls);
      if (r.options.grouping && g.group > 0) cell += " (g" + std::to_string(g.group) + ")";
      row.push_back(cell);
    }
    t.add_row(row);
  }
  std::cout << t.render() << "\n";
  std::cout << "combined over " << r.models.size() << " one-vs-rest problems (lower, upper: the largest over the "
            << "classes; class: the strongest): " << counts(r.features) << "\n";
  for (const auto& m : r.models) std::cout << "'" << m.label << "' vs rest: " << summary(m, Task::binary) << "\n";
  for (const auto& m : r.models) {
    if (!m.constrained) continue;
    std::cout << "\n'" << m.label << "' vs rest, constrained intervals (" << presets_text(*m.constrained, data)
              << "):\n";
    report::TextTable c({"feature", "lower", "upper", "class", "pinned"});
    for (std::size_t j : order) {
      const auto& f = m.constrained->features[j];
      c.add_row({data.feature_names[j], value(f.lower), value(f.upper), class_word(f), f.preset ? "preset" : ""});
    }
    std::cout << c.render();
  }
}

void print_result(const fri::Result& r, const Dataset& data, SortKey key) {
  std::cout << "fri: " << data.source << ", target '" << data.target_name << "' (" << to_string(r.task);
  if (r.task == Task::binary && data.classes.size() == 2) std::cout << ", positive class '" << data.classes[1] << "'";
  std::cout << "), " << data.n_samples() << " samples, " << data.n_features() << " features";
  if (r.options.reference) std::cout << ", compat reference";
  std::cout << "\nrelevance intervals as shares of the baseline's L1 norm ‖w*‖₁ (lower: needed, upper: possible)\n\n";
  if (r.multiclass())
    print_multiclass(r, data, key);
  else if (!r.models.empty())
    print_single(r, data, key);
}

void run_fri(const FriArgs& a) {
  const SortKey key = parse_sort(a.sort);
  const fri::Options options = build_options(a);  // bad flags fail before the data is read
  const Dataset data = read_csv(
      a.common.data, csv_options(a.common, {Task::binary, Task::multiclass, Task::regression, Task::ordinal}, "fri"));
  Session session(a.common, "fri");
  const fri::Result r = fri::run(data, options, session.context());
  session.finish_progress();
  // The result's warnings already start with the Dataset's own (constant columns, imputation, ...).
  write_method_outputs(a.common, session,
                       {[&] { return r.to_json(data); }, [&] { return fri::relevance_chart_svg(r, data); },
                        [&] { print_result(r, data, key); }},
                       r.diagnostics.warnings);
}

}  // namespace

void add_fri_command(CLI::App& app) {
  auto args = std::make_shared<FriArgs>();
  FriArgs& a = *args;
  CLI::App* sub = app.add_subcommand(
      "fri",
      "Feature relevance intervals (FRI): over all linear models as good as the best sparse one, how small and\n"
      "how large can each feature's weight be? Prints one interval [lower, upper] per feature, as a share of the\n"
      "baseline model's L1 norm, and its class: strong (every good model needs it), weak (some good model uses it,\n"
      "a redundant partner can replace it) or irrelevant (no more than a permuted noise probe). Binary targets use\n"
      "an L1 hinge SVM, regression an L1 ε-SVR, ordinal targets an L1 ordinal SVM, and multiclass targets one\n"
      "binary model per class against the rest. See docs/fri.md.");
  add_data_options(*sub, a.common);

  CLI::App* search = sub->add_option_group("Model search", "the baseline's C (and ε) by cross-validation");
  search->add_option("--C", a.C, "Fix the SVM cost C (> 0) and skip the search (default: searched)")
      ->type_name("C");
  search->add_option("--epsilon", a.epsilon, "Fix ε (>= 0, units of y) for regression (default: searched)")
      ->type_name("E");
  search->add_option("--c-grid", a.c_grid, "Searched C values: NUM values from 10^LO to 10^HI, log-spaced")
      ->capture_default_str()
      ->type_name("LO:HI:NUM");
  search->add_option("--epsilon-grid", a.epsilon_grid, "Searched ε values for regression, in units of sd(y)")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->capture_default_str()
      ->type_name("A,B,...");
  search->add_option("--cv-folds", a.cv_folds, "Stratified, shuffled cross-validation folds (>= 2)")
      ->capture_default_str();
  search->add_option("--tie-tolerance", a.tie_tolerance,
                     "CV scores within this of the best are ties; the smallest tied C wins")
      ->capture_default_str();

  CLI::App* cls = sub->add_option_group("Model class", "which models count as good as the baseline");
  cls->add_option("--slack", a.slack,
                  "Set both relaxations below at once (0.05 suits noisy correlated features; default 0.001)")
      ->type_name("D");
  cls->add_option("--w-l1-slack", a.w_l1_slack, "δ_w: L1 budget (1 + δ_w)·‖w*‖₁ (default 0.001; wins over --slack)")
      ->type_name("D");
  cls->add_option("--loss-slack", a.loss_slack, "δ_ℓ: loss budget (1 + δ_ℓ)·L* (default 0.001; wins over --slack)")
      ->type_name("D");
  cls->add_option("--loss-floor", a.loss_floor, "Smallest loss budget (× sd(y) for regression); keeps separable data "
                                                "from a hard-margin class")
      ->capture_default_str();
  cls->add_option("--standardize", a.standardize, "train: z-score every feature (population sd); none: raw data")
      ->capture_default_str()
      ->type_name("MODE");

  CLI::App* probes = sub->add_option_group("Probes and classes", "the noise threshold and the class rule");
  probes->add_option("--n-probes", a.n_probes, "Permuted probe features (< 10 is an error, < 50 a warning)")
      ->capture_default_str();
  probes->add_flag("--no-probe-refit", a.no_probe_refit,
                   "Bound probes under the original budgets instead of refitting the baseline with each probe");
  probes->add_option("--p", a.p, "Prediction-interval level in (0.5, 1); 1 − p ≈ false-positive rate per feature")
      ->capture_default_str();
  probes->add_option("--threshold", a.threshold, "Upper threshold rule: tail (calibrated) or normal (the paper's)")
      ->capture_default_str()
      ->type_name("RULE");
  probes->add_option("--min-relevance", a.min_relevance, "Numerical guard of the class rule (share of ‖w*‖₁)")
      ->capture_default_str();

  CLI::App* pins = sub->add_option_group("Presets and grouping", "constrained intervals and groups of substitutes");
  pins->add_option("--preset", a.presets,
                   "Pin a feature's relevance to a value or range (shares of ‖w*‖₁) and recompute all other\n"
                   "intervals; repeatable (default: none)")
      ->allow_extra_args(false)
      ->type_name("NAME=V|NAME=LO:HI");
  pins->add_flag("--grouping", a.grouping, "Cluster relevant features that substitute each other");
  pins->add_option("--group-cutoff", a.group_cutoff, "Cut the dendrogram at this share of its largest merge height")
      ->capture_default_str();
  pins->add_option("--group-linkage", a.group_linkage, "single, average or complete")->capture_default_str();

  CLI::App* solver = sub->add_option_group("Solver", "speed settings; results are the same");
  solver->add_flag("--no-lazy-rows", a.no_lazy_rows, "Keep every data row in bound and probe LPs (slower, same result)");
  solver->add_option("--lazy-margin", a.lazy_margin, "Rows slack by more than this at the baseline are deferred")
      ->capture_default_str();

  add_run_options(*sub, a.common);
  sub->add_option("--compat", a.common.compat, "none, or reference: reproduce fri 8.1.0 (Python) for cross-checks")
      ->capture_default_str()
      ->type_name("MODE");
  add_output_options(*sub, a.common, true, true);
  sub->add_option("--sort", a.sort, "Table order: index (column order), upper, lower or class (largest first)")
      ->capture_default_str()
      ->type_name("KEY");
  sub->callback([args]() { run_fri(*args); });
}

}  // namespace featrel::cli
