// `featrel crfe DATA.csv` and `featrel rfe DATA.csv`: conformal recursive feature elimination and its baseline RFE
// (specs/crfe.md). Parses the flags into crfe::Options, runs crfe::run or rfe::run, prints the ranking table, the
// stop line and the conformal metrics (with --repeats also selection frequencies and stability), and writes the
// JSON, CSV and SVG outputs. Parsing and printing only: every number printed comes from the library's Result.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "featrel/crfe.hpp"
#include "featrel/crfe_chart.hpp"
#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/report.hpp"
#include "featrel/result_json.hpp"

namespace featrel::cli {
namespace {

struct CrfeArgs {
  crfe::Method method = crfe::Method::crfe;
  CommonOptions common;
  crfe::Options o;  // the numeric options, library defaults
  std::string svm_solver = "auto";
  bool no_warm_start = false;
  std::string stop = "auto";
  std::string stop_mode = "paper";
  std::string beta_rows = "selection";
  std::string standardize = "train";
  std::string pvalue = "standard";
  std::string iw_variant = "paper";
  std::optional<double> ncm_lambda;
  std::string selection_csv, calibration_csv, test_csv;
};

std::string name(crfe::Method m) { return m == crfe::Method::crfe ? "crfe" : "rfe"; }

// ---- Fixed row roles ------------------------------------------------------------------------------------------

std::string strip_cr(std::string line) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

bool blank(const std::string& line) { return line.find_first_not_of(" \t\r") == std::string::npos; }

std::vector<std::string> split_csv_line(const std::string& line) { return split_csv_fields(line, "crfe: row roles"); }

// The header line and the non-blank data lines of a CSV file (records spanning lines are not supported here).
struct CsvLines {
  std::string header;
  std::vector<std::string> rows;
};

CsvLines read_lines(const std::string& path, const std::string& command) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(command + ": cannot read '" + path + "'");
  CsvLines out;
  std::string line;
  bool first = true;
  while (std::getline(in, line)) {
    line = strip_cr(line);
    if (first) {
      if (line.size() >= 3 && line.compare(0, 3, "\xEF\xBB\xBF") == 0) line = line.substr(3);
      out.header = line;
      first = false;
    } else if (!blank(line)) {
      out.rows.push_back(line);
    }
  }
  if (first) throw InputError(command + ": '" + path + "' is empty (a header row is required)");
  return out;
}

// --split-column: one role per data row from that column's values.
std::vector<crfe::Role> roles_from_column(const std::string& path, const std::string& column,
                                          const std::string& command) {
  const CsvLines lines = read_lines(path, command);
  const auto header = split_csv_line(lines.header);
  const auto it = std::find(header.begin(), header.end(), column);
  if (it == header.end()) throw InputError(command + ": --split-column '" + column + "' is not a column of '" + path + "'");
  const auto c = static_cast<std::size_t>(it - header.begin());
  std::vector<crfe::Role> roles;
  roles.reserve(lines.rows.size());
  for (std::size_t i = 0; i < lines.rows.size(); ++i) {
    const auto cells = split_csv_line(lines.rows[i]);
    const std::string value = c < cells.size() ? cells[c] : std::string();
    try {
      roles.push_back(crfe::parse_role(value));
    } catch (const InputError&) {
      throw InputError(command + ": --split-column '" + column + "' has the value '" + value + "' in data row " +
                       std::to_string(i + 1) + "; allowed: train, selection, calibration, test");
    }
  }
  return roles;
}

// --selection-csv / --calibration-csv / --test-csv: DATA.csv holds the training rows, the other files the other
// roles; all files need the same header. Returns the concatenated CSV text and fills the roles.
std::string concatenate_role_files(const CrfeArgs& a, std::vector<crfe::Role>& roles, const std::string& command) {
  const CsvLines base = read_lines(a.common.data, command);
  std::string text = base.header + "\n";
  auto add = [&](const CsvLines& lines, crfe::Role role) {
    for (const auto& row : lines.rows) {
      text += row;
      text += '\n';
      roles.push_back(role);
    }
  };
  add(base, crfe::Role::train);
  const std::pair<const std::string*, crfe::Role> files[] = {{&a.selection_csv, crfe::Role::selection},
                                                             {&a.calibration_csv, crfe::Role::calibration},
                                                             {&a.test_csv, crfe::Role::test}};
  for (const auto& [path, role] : files) {
    if (path->empty()) continue;
    const CsvLines lines = read_lines(*path, command);
    if (split_csv_line(lines.header) != split_csv_line(base.header))
      throw InputError(command + ": '" + *path + "' has different columns from '" + a.common.data + "'");
    add(lines, role);
  }
  return text;
}

// ---- Options --------------------------------------------------------------------------------------------------

crfe::Options build_options(const CrfeArgs& a) {
  const std::string cmd = name(a.method);
  crfe::Options o = a.o;
  o.method = a.method;
  o.svm_solver = parse_svm_solver(a.svm_solver);
  o.warm_start = !a.no_warm_start;
  o.stop = crfe::parse_stop(a.stop);
  if (a.method == crfe::Method::crfe && o.stop == crfe::Stop::cv)
    throw InputError("crfe: --stop cv is rfe's only (crfe: auto, beta, fixed or none)");
  if (a.method == crfe::Method::rfe && o.stop == crfe::Stop::beta)
    throw InputError("rfe: --stop beta is crfe's only (rfe: auto, fixed, none or cv)");
  o.stop_mode = crfe::parse_stop_mode(a.stop_mode);
  o.beta_rows = crfe::parse_beta_rows(a.beta_rows);
  o.standardize = crfe::parse_standardize(a.standardize);
  o.pvalue = crfe::parse_pvalue(a.pvalue);
  o.iw_variant = stability::iw_variant_from_string(a.iw_variant);
  o.ncm_lambda = a.ncm_lambda;
  o.compat = crfe::parse_compat(a.common.compat);
  const bool role_files = !a.selection_csv.empty() || !a.calibration_csv.empty() || !a.test_csv.empty();
  if (role_files && !o.split_column.empty())
    throw InputError(cmd + ": --split-column and --selection-csv/--calibration-csv/--test-csv exclude each other");
  crfe::validate(o);
  return o;
}

// ---- Printing -------------------------------------------------------------------------------------------------

std::string num(double v) { return std::isfinite(v) ? format_number(std::round(v * 1e4) / 1e4) : "-"; }
std::string fixed(double v, int d = 4) { return std::isfinite(v) ? format_fixed(v, d) : "-"; }
std::string opt(const std::optional<double>& v, int d = 4) { return v ? fixed(*v, d) : "-"; }

std::string plural(std::size_t n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// "stop: beta rule (paper, σ=5, ψ=5) fired at step 3 -> 10 features".
std::string stop_line(const crfe::Result& r) {
  const crfe::StopInfo* s = nullptr;
  crfe::StopInfo consensus;
  if (r.runs.size() == 1) {
    s = &r.runs.front().stop;
  } else {
    consensus.reason = "majority";
    consensus.n_selected = r.selected.size();
    s = &consensus;
  }
  const std::string rule = "beta rule (" + crfe::to_string(s->mode) + ", σ=" + num(s->sigma) +
                           ", ψ=" + std::to_string(s->window) + ")";
  const std::string n = " -> " + plural(s->n_selected, "feature");
  if (s->reason == "beta_rule")
    return "stop: " + rule + " fired at step " + (s->step ? std::to_string(*s->step) : "?") + n;
  if (s->reason == "beta_rule_not_fired") return "stop: " + rule + " did not fire; the path's end" + n;
  if (s->reason == "window_too_short") return "stop: " + rule + ": window too short for the path" + n;
  if (s->reason == "fixed_size") return "stop: fixed size k=" + std::to_string(r.options.n_features_to_select) + n;
  if (s->reason == "ranking_only") return "stop: none (ranking only)" + n;
  if (s->reason == "single_feature") return "stop: a single feature" + n;
  if (s->reason == "cv") {
    std::string folds = r.runs.size() == 1 && r.runs.front().cv ? std::to_string(r.runs.front().cv->folds) : "?";
    return "stop: cross-validated size (" + folds + "-fold, RFECV)" + n;
  }
  if (s->reason == "majority") {
    std::size_t fired = 0;
    for (const auto& run : r.runs) fired += run.stop.fired ? 1 : 0;
    std::string line = "stop: majority over " + std::to_string(r.runs.size()) + " runs (features chosen in more than "
                       "half of them)" + n;
    if (r.method == crfe::Method::crfe && r.options.stop == crfe::Stop::beta)
      line += "; the beta rule fired in " + std::to_string(fired) + " of " + std::to_string(r.runs.size()) + " runs";
    return line;
  }
  return "stop: " + s->reason + n;
}

void print_features(const crfe::Result& r, const Dataset& data) {
  const bool repeats = r.runs.size() > 1;
  const std::string score = r.method == crfe::Method::crfe ? "β" : "importance";
  std::vector<std::string> head{"rank", "feature"};
  if (repeats) {
    head.insert(head.end(), {"mean rank", "selected in", score + " at removal (mean)", "selected"});
  } else {
    head.insert(head.end(), {"step removed", score + " at removal", "selected"});
  }
  report::TextTable t(head);
  for (std::size_t j : r.ranking) {
    const crfe::FeatureResult& f = r.features[j];
    std::string feature = data.feature_names[j];
    if (f.constant) feature += " (constant)";
    std::vector<std::string> row{std::to_string(f.rank), feature};
    if (repeats) {
      row.push_back(f.mean_rank ? fixed(*f.mean_rank, 2) : "-");
      row.push_back(f.selection_frequency ? fixed(*f.selection_frequency * 100.0, 0) + "%" : "-");
    } else {
      row.push_back(f.elimination_step ? std::to_string(*f.elimination_step) : "survived");
    }
    row.push_back(opt(f.score_at_removal));
    row.push_back(f.selected ? "*" : "");
    t.add_row(row);
  }
  std::cout << t.render();
}

void print_evaluation(const crfe::Evaluation& e) {
  std::cout << "\nconformal evaluation on the test rows (significance ε=" << num(e.significance) << ", "
            << crfe::to_string(e.pvalue) << " p-values"
            << (e.n_runs > 1 ? ", means over " + std::to_string(e.n_runs) + " runs" : std::string()) << "):\n";
  report::TextTable t({"subset", "features", "coverage", "inefficiency", "certainty", "uncertainty", "mistrust",
                       "credibility", "confidence", "p-value acc.", "svm acc."});
  for (const auto& s : e.subsets) {
    const auto& m = s.metrics;
    t.add_row({s.label, num(s.n_features), fixed(m.coverage), fixed(m.inefficiency), fixed(m.certainty),
               fixed(m.uncertainty), fixed(m.mistrust), fixed(m.credibility), fixed(m.confidence),
               fixed(m.pvalue_accuracy), fixed(s.svm_accuracy)});
  }
  std::cout << t.render();
}

void print_stability(const crfe::Result& r) {
  if (!r.stability) return;
  const auto& st = *r.stability;
  const auto& s = st.selected;
  std::cout << "\nstability of the " << s.n_sets << " selected sets: Jaccard " << fixed(s.jaccard) << ", I_W "
            << fixed(s.iw) << ", Kuncheva " << opt(s.kuncheva) << ", Nogueira " << fixed(s.nogueira.value) << " ["
            << fixed(s.nogueira.ci_lower) << ", " << fixed(s.nogueira.ci_upper) << "]\n";
  std::cout << "selected sizes: mean " << num(st.sizes.mean) << ", sd " << num(st.sizes.sd) << ", range "
            << st.sizes.min << "–" << st.sizes.max << "\n";
  // CRFE against RFE on the same splits, at the consensus size (every size is in the JSON's similarity).
  for (const auto& sim : r.similarity) {
    if (sim.k != r.selected.size()) continue;
    std::cout << "crfe vs rfe on the same splits at k=" << sim.k << ": Jaccard " << fixed(sim.jaccard)
              << ", Kuncheva " << opt(sim.kuncheva) << ", I_W " << fixed(sim.iw) << " (every k in the JSON)\n";
  }
}

void print_result(const crfe::Result& r, const Dataset& data) {
  std::cout << name(r.method) << ": " << data.source << ", target '" << data.target_name << "' ("
            << to_string(r.task);
  if (r.task == Task::binary && data.classes.size() == 2) std::cout << ", positive class '" << data.classes[1] << "'";
  std::cout << "), " << data.n_samples() << " samples, " << data.n_features() << " features";
  if (r.options.compat == crfe::Compat::reference) std::cout << ", compat reference";
  std::cout << "\n";
  const crfe::Rows& rows = r.runs.front().rows;
  std::cout << "rows: " << rows.train.size() << " train, " << rows.selection.size() << " selection"
            << (rows.reuse_calibration ? " (= calibration)" : "") << ", " << rows.calibration.size()
            << " calibration, " << rows.test.size() << " test";
  if (r.runs.size() > 1)
    std::cout << " (run 1 of " << r.runs.size() << ")";
  else if (rows.split_seed)
    std::cout << " (stratified split)";
  else
    std::cout << " (fixed roles)";
  std::cout << "; standardize " << crfe::to_string(r.options.standardize) << "\n";
  if (r.runs.size() > 1)
    std::cout << "consensus over " << r.runs.size()
              << " random splits: rank by mean rank, selected = chosen in more than half of the runs\n";
  else if (r.method == crfe::Method::crfe)
    std::cout << "ranking: the feature adding most to the non-conformity (largest β) is removed first\n";
  else
    std::cout << "ranking: the feature with the smallest squared SVM weight is removed first\n";
  std::cout << "\n";
  print_features(r, data);
  std::cout << "\n" << stop_line(r) << "\n";
  if (r.evaluation) print_evaluation(*r.evaluation);
  print_stability(r);
}

void run_crfe(const CrfeArgs& a) {
  const std::string cmd = name(a.method);
  crfe::Options options = build_options(a);  // bad flags fail before the data is read
  CsvOptions csv = csv_options(a.common, {Task::binary, Task::multiclass}, cmd);
  const bool role_files = !a.selection_csv.empty() || !a.calibration_csv.empty() || !a.test_csv.empty();
  Dataset data;
  if (role_files) {
    std::vector<crfe::Role> roles;
    const std::string text = concatenate_role_files(a, roles, cmd);
    data = read_csv_text(text, csv, a.common.data);
    if (roles.size() != data.n_samples())
      throw InputError(cmd + ": could not match the rows of the role files (" + std::to_string(roles.size()) +
                       " lines, " + std::to_string(data.n_samples()) + " rows read)");
    options.roles = std::move(roles);
  } else {
    if (!options.split_column.empty()) csv.drop.push_back(options.split_column);
    data = read_csv(a.common.data, csv);
    if (!options.split_column.empty()) {
      options.roles = roles_from_column(a.common.data, options.split_column, cmd);
      if (options.roles.size() != data.n_samples())
        throw InputError(cmd + ": --split-column: " + std::to_string(options.roles.size()) + " roles for " +
                         std::to_string(data.n_samples()) + " rows");
    }
  }
  if (!options.roles.empty()) crfe::validate(options);
  Session session(a.common, cmd);
  const crfe::Result r = a.method == crfe::Method::crfe ? crfe::run(data, options, session.context())
                                                         : rfe::run(data, options, session.context());
  session.finish_progress();
  write_method_outputs(a.common, session,
                       {[&] { return r.to_json(data); }, [&] { return crfe::elimination_chart_svg(r, data); },
                        [&] { print_result(r, data); }},
                       r.warnings);
}

// ---- Flags ----------------------------------------------------------------------------------------------------

void add_command(CLI::App& app, crfe::Method method) {
  auto args = std::make_shared<CrfeArgs>();
  CrfeArgs& a = *args;
  a.method = method;
  a.o.method = method;
  const bool is_crfe = method == crfe::Method::crfe;
  CLI::App* sub =
      is_crfe
          ? app.add_subcommand(
                "crfe",
                "Conformal recursive feature elimination (CRFE): which features make the conformal predictor's\n"
                "non-conformity largest, and in what order can they go? Fits one-vs-all linear SVMs on the training\n"
                "rows, gives every feature its share β of the non-conformity of the selection rows, and removes the\n"
                "largest β first. Prints the ranking, the stop (the β rule, or a fixed size with -k) and the conformal\n"
                "coverage, inefficiency and certainty of all features and of the selected subset on the test rows.\n"
                "Binary and multiclass targets. See docs/crfe.md.")
          : app.add_subcommand(
                "rfe",
                "Recursive feature elimination (RFE, Guyon et al.), CRFE's baseline: refit one-vs-all linear SVMs\n"
                "and remove the feature with the smallest squared weight until one is left. Prints the ranking, the\n"
                "subset (-k, or --stop cv for the RFECV size choice) and the same conformal evaluation as crfe.\n"
                "Binary and multiclass targets. See docs/crfe.md.");
  add_data_options(*sub, a.common);

  CLI::App* model = sub->add_option_group("Model", "the one-vs-all linear SVMs");
  model->add_option("--C", a.o.C, "SVM cost (> 0)")->capture_default_str();
  model->add_option("--lambda", a.o.lambda,
                    is_crfe ? "OvA weight λ of β and of the non-conformity, in [0, 1]; ignored for binary targets"
                            : "OvA weight λ of the evaluation's non-conformity, in [0, 1]")
      ->capture_default_str();
  model->add_option("--svm-tol", a.o.svm_tol, "Solver tolerance (scikit-learn tol, > 0)")->capture_default_str();
  model->add_option("--svm-solver", a.svm_solver, "auto (newton while p+1 <= 1024, then liblinear), newton, liblinear")
      ->capture_default_str()
      ->type_name("S");
  model->add_flag("--no-warm-start", a.no_warm_start, "Fit each step from zero instead of the previous weights");
  model->add_option("--standardize", a.standardize,
                    "train: z-score with the training rows' mean and sd; none: raw data (the reference's behaviour)")
      ->capture_default_str()
      ->type_name("MODE");
  model->add_flag("--keep-constant", a.o.keep_constant, "Keep training-constant columns in the elimination loop");

  CLI::App* elim = sub->add_option_group("Elimination and stop", "the path and where it is cut");
  elim->add_option("--n-features-to-select,-k", a.o.n_features_to_select,
                   is_crfe ? "Fixed subset size k (0 = the β rule)" : "Fixed subset size k (0 = ranking only, or --stop cv)")
      ->capture_default_str()
      ->type_name("K");
  elim->add_option("--step", a.o.step, "Features removed per step (>= 1)")->capture_default_str();
  elim->add_option("--step-fraction", a.o.step_fraction,
                   "Remove this fraction of the current features per step, in [0, 1) (0 = use --step)")
      ->capture_default_str();
  elim->add_option("--stop", a.stop,
                   is_crfe ? "auto (fixed with -k, else beta), beta, fixed or none"
                           : "auto (fixed with -k, else none), fixed, none or cv (RFECV's size choice)")
      ->capture_default_str()
      ->type_name("RULE");
  if (is_crfe) {
    elim->add_option("--stop-mode", a.stop_mode, "paper (Algorithm 1) or reference (the 2023 library's rule)")
        ->capture_default_str()
        ->type_name("MODE");
    elim->add_option("--sigma", a.o.sigma, "σ of the β rule (> 0)")->capture_default_str();
    elim->add_option("--window-fraction", a.o.window_fraction, "β-rule window ψ = ⌊fraction·p0⌋")
        ->capture_default_str();
    elim->add_option("--window", a.o.window, "β-rule window ψ in steps (0 = use --window-fraction)")
        ->capture_default_str();
    elim->add_option("--beta-rows", a.beta_rows, "Rows β is computed on: selection or train")
        ->capture_default_str()
        ->type_name("ROWS");
  } else {
    elim->add_option("--cv-folds", a.o.cv_folds, "Folds of --stop cv (>= 2)")->capture_default_str();
  }
  elim->add_option("--min-features", a.o.min_features, "Where the elimination path ends")->capture_default_str();
  elim->add_flag("--truncate", a.o.truncate, "Stop the loop at the stop point instead of ranking every feature");

  CLI::App* rows = sub->add_option_group("Rows", "train / selection / calibration / test");
  rows->add_option("--test-fraction", a.o.test_fraction, "Test rows ⌈f·n⌉; 0 turns the evaluation off")
      ->capture_default_str();
  rows->add_option("--train-fraction", a.o.train_fraction, "Training rows ⌊f·(n − n_test)⌋")->capture_default_str();
  rows->add_option("--selection-fraction", a.o.selection_fraction,
                   "Share of the held-out rest used as selection rows (the others calibrate)")
      ->capture_default_str();
  rows->add_flag("--reuse-calibration", a.o.reuse_calibration,
                 "Selection rows = calibration rows (the paper's layout; conformal validity not guaranteed)");
  rows->add_option("--split-column", a.o.split_column,
                   "Take the row roles from this column (train, selection, calibration, test); it is not a feature")
      ->type_name("NAME");
  rows->add_option("--selection-csv", a.selection_csv, "Selection rows from this file (DATA.csv = training rows)")
      ->type_name("FILE");
  rows->add_option("--calibration-csv", a.calibration_csv, "Calibration rows from this file")->type_name("FILE");
  rows->add_option("--test-csv", a.test_csv, "Test rows from this file")->type_name("FILE");

  CLI::App* eval = sub->add_option_group("Conformal evaluation", "prediction sets on the test rows");
  eval->add_option("--significance", a.o.significance, "ε of the prediction sets, in (0, 1)")->capture_default_str();
  eval->add_option("--ncm-lambda", a.ncm_lambda, "λ of the evaluation's non-conformity (default: --lambda)")
      ->type_name("L");
  eval->add_option("--pvalue", a.pvalue, "standard or smoothed p-values")->capture_default_str()->type_name("KIND");
  eval->add_flag("--sweep", a.o.sweep, "Evaluate every subset size of the path");
  eval->add_option("--eval-sizes", a.o.eval_sizes, "Evaluate these subset sizes")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->type_name("A,B,...");

  CLI::App* rep = sub->add_option_group("Repeats", "independent random splits and stability");
  rep->add_option("--repeats", a.o.repeats, "Independent stratified splits; >= 2 adds runs[] and stability")
      ->capture_default_str();
  rep->add_option("--stability-sizes", a.o.stability_sizes, "Sizes k of stability.per_size (default: every k)")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->type_name("A,B,...");
  rep->add_option("--iw-variant", a.iw_variant, "paper or reference weighting of I_W")
      ->capture_default_str()
      ->type_name("V");
  if (is_crfe) {
    rep->add_flag("--with-rfe", a.o.with_rfe, "Also run RFE on every split and report the similarity");
    rep->add_flag("--keep-betas", a.o.keep_betas, "Store the full β history in the JSON (O(p²))");
  }

  add_run_options(*sub, a.common);
  sub->add_option("--compat", a.common.compat,
                  "none, or reference: the CRFE reference library's settings (stop mode reference, reused "
                  "calibration rows, no standardisation, constant columns kept, liblinear)")
      ->capture_default_str()
      ->type_name("MODE");
  add_output_options(*sub, a.common, true, true);
  sub->callback([args]() { run_crfe(*args); });
}

}  // namespace

void add_crfe_command(CLI::App& app) { add_command(app, crfe::Method::crfe); }
void add_rfe_command(CLI::App& app) { add_command(app, crfe::Method::rfe); }

}  // namespace featrel::cli
