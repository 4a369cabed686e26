// `featrel pareto DATA.csv` / `featrel pareto --impacts FILE.csv`: the most predictive and discriminant features
// (specs/pareto.md). Parses the flags into pareto::Options, runs featrel::pareto::run or ::analyse, prints the
// summary and writes the JSON, CSV, DOT, SVG and impact-table outputs. Parsing and printing only.
#include <iostream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "featrel/error.hpp"
#include "featrel/pareto.hpp"
#include "featrel/report.hpp"

namespace featrel::cli {
namespace {

struct ParetoArgs {
  CommonOptions common;
  std::string impacts, dot, impacts_out;
  std::vector<std::string> classifiers = pareto::Options{}.classifiers;
  std::vector<std::string> measures = pareto::Options{}.measures;
  std::size_t permutations = pareto::Options{}.permutations;
  double test_fraction = pareto::Options{}.test_fraction;
  bool no_stratify = false, shared_split = false;
  std::string split = "holdout";
  std::vector<std::string> standardize = pareto::Options{}.standardize;
  int depth = 1;
  double tie_tolerance = 0.0;
  std::size_t max_minimal_sets = pareto::AnalysisOptions{}.max_minimal_sets;
  std::string poset;
  bool classifier_terms = false;
  std::string lattice_view = "full";
  // Classifiers
  classify::ClassifierOptions c;
  std::string rf_engine = "xgboost", rf_feature_fraction = "sqrt", svm_gamma = "scale";
};

pareto::AnalysisOptions analysis_options(const ParetoArgs& a) {
  pareto::AnalysisOptions o;
  o.depth = a.depth;
  o.tie_tolerance = a.tie_tolerance;
  o.max_minimal_sets = a.max_minimal_sets;
  if (!a.poset.empty()) o.poset_file = a.poset;
  o.classifier_terms = a.classifier_terms;
  if (a.lattice_view != "full" && a.lattice_view != "aoc")
    throw InputError("pareto: --lattice-view must be full or aoc, got '" + a.lattice_view + "'");
  o.lattice_view = a.lattice_view == "aoc" ? pareto::LatticeView::aoc : pareto::LatticeView::full;
  return o;
}

pareto::Options build_options(const ParetoArgs& a) {
  pareto::Options o;
  o.positive = a.common.positive;
  o.classifiers = a.classifiers;
  o.measures = a.measures;
  o.permutations = a.permutations;
  o.test_fraction = a.test_fraction;
  o.stratify = !a.no_stratify;
  o.shared_split = a.shared_split;
  if (a.split != "holdout" && a.split != "resubstitution")
    throw InputError("pareto: --split must be holdout or resubstitution, got '" + a.split + "'");
  o.split = a.split == "holdout" ? pareto::SplitMode::holdout : pareto::SplitMode::resubstitution;
  o.standardize = a.standardize;
  if (o.standardize.size() == 1 && o.standardize[0] == "none") o.standardize.clear();
  if (a.common.compat != "none" && a.common.compat != "reference")
    throw InputError("pareto: --compat must be none or reference, got '" + a.common.compat + "'");
  o.compat_reference = a.common.compat == "reference";
  o.classifier = a.c;
  o.classifier.rf_engine = forest::parse_engine(a.rf_engine);
  o.classifier.rf_max_features = forest::parse_column_fraction(a.rf_feature_fraction, "--rf-feature-fraction");
  o.classifier.svm_gamma = classify::parse_svm_gamma(a.svm_gamma, "--svm-gamma");
  o.analysis = analysis_options(a);
  pareto::validate(o);
  return o;
}

void write_outputs(const ParetoArgs& a, const pareto::Result& r) {
  if (!a.common.json.empty() || !a.common.csv.empty()) {
    const report::Json doc = pareto::to_json(r);
    if (!a.common.json.empty()) report::write_json_file(a.common.json, doc);
    if (!a.common.csv.empty()) report::write_text_file(a.common.csv, report::features_csv(doc));
  }
  if (!a.dot.empty()) report::write_text_file(a.dot, pareto::lattice_dot(r));
  if (!a.common.svg.empty()) report::write_text_file(a.common.svg, pareto::lattice_svg(r));
  if (!a.impacts_out.empty()) report::write_text_file(a.impacts_out, pareto::impacts_csv(r));
}

void run_pareto(const ParetoArgs& a) {
  if (a.impacts.empty() == a.common.data.empty())
    throw InputError("pareto: give either a data file (DATA.csv) or --impacts FILE, not " +
                     std::string(a.impacts.empty() ? "neither" : "both"));
  pareto::Result r;
  if (!a.impacts.empty()) {
    const pareto::AnalysisOptions o = analysis_options(a);
    r = pareto::analyse(pareto::read_impact_table(a.impacts), o);
    r.source = a.impacts;
  } else {
    const pareto::Options o = build_options(a);
    // The positive class is applied by pareto (it also binarises K > 2 classes), so the reader gets none.
    CommonOptions data_flags = a.common;
    data_flags.positive.clear();
    const Dataset data = read_csv(a.common.data, csv_options(data_flags, {Task::binary, Task::multiclass}, "pareto"));
    Session session(a.common, "pareto");
    r = pareto::run(data, o, session.context());
    session.finish_progress();
  }
  write_outputs(a, r);
  if (!a.common.quiet) {
    std::cout << pareto::summary_text(r);
    std::cout.flush();
    for (const auto& w : r.warnings) std::cerr << "pareto: warning: " << w << "\n";
  }
}

}  // namespace

void add_pareto_command(CLI::App& app) {
  auto args = std::make_shared<ParetoArgs>();
  ParetoArgs& a = *args;
  CLI::App* sub = app.add_subcommand(
      "pareto",
      "Most predictive and discriminant features (Pareto/FCA): trains several classifiers, measures each\n"
      "feature's permutation impact on several performance measures of each model, keeps the features on the\n"
      "Pareto front of these criteria, and explains each one by the measures that keep it there (predictive of\n"
      "the positive or negative class, discriminant, ...) with a concept lattice. --impacts FILE analyses a\n"
      "given impact table instead. See docs/pareto.md.");
  add_data_options(*sub, a.common);
  sub->get_option("data")->required(false);
  sub->add_option("--impacts", a.impacts,
                  "Analyse this impact table instead of training (CSV: criterion,<features>; rows model:measure; "
                  "lower = more important)")
      ->type_name("FILE");

  CLI::App* crit = sub->add_option_group("Criteria", "classifiers × measures and the permutation impact");
  crit->add_option("--classifiers", a.classifiers, "Classifiers: rf, nb, mlp, svm, logreg")
      ->delimiter(',')
      ->capture_default_str()
      ->type_name("LIST");
  crit->add_option("--measures", a.measures,
                   "Measures: sensitivity, specificity, fnr, fpr, precision, npv, fdr, for, accuracy, fscore, mcc, "
                   "lr_plus, lr_minus")
      ->delimiter(',')
      ->capture_default_str()
      ->type_name("LIST");
  crit->add_option("--permutations", a.permutations, "Fresh permutations per (classifier, feature)")
      ->capture_default_str()
      ->type_name("K");
  crit->add_option("--test-fraction", a.test_fraction, "Held-out share, n_test = ceil(F·n)")->capture_default_str();
  crit->add_flag("--no-stratify", a.no_stratify, "Draw test rows uniformly instead of per class");
  crit->add_flag("--shared-split", a.shared_split, "One split for all classifiers (default: one per classifier)");
  crit->add_option("--split", a.split, "holdout, or resubstitution (score on the training rows)")
      ->capture_default_str()
      ->type_name("MODE");
  crit->add_option("--standardize", a.standardize, "Classifiers fed z-scored inputs (none = all raw)")
      ->delimiter(',')
      ->capture_default_str()
      ->type_name("LIST");

  CLI::App* an = sub->add_option_group("Analysis", "front, minimal criteria sets, lattice");
  an->add_option("--depth", a.depth, "Pareto layers kept as important")->capture_default_str();
  an->add_option("--tie-tolerance", a.tie_tolerance, "Grid step for comparisons (0 = exact)")->capture_default_str();
  an->add_option("--max-minimal-sets", a.max_minimal_sets, "Most minimal criteria sets listed per feature")
      ->capture_default_str();
  an->add_option("--poset", a.poset, "Custom interpretation poset (JSON: terms, parents, measure_terms)")
      ->type_name("FILE");
  an->add_flag("--classifier-terms", a.classifier_terms, "Add the classifier (RF, NB, MLP, SVM, LR) to interpretations");
  an->add_option("--lattice-view", a.lattice_view, "SVG drawing: full lattice or aoc (introducer concepts only)")
      ->capture_default_str()
      ->type_name("V");

  CLI::App* m = sub->add_option_group("Classifiers", "hyper-parameters (defaults: the paper's)");
  m->add_option("--rf-trees", a.c.rf_trees, "Random forest trees")->capture_default_str();
  m->add_option("--rf-engine", a.rf_engine, "Forest engine: xgboost or native")->capture_default_str();
  m->add_option("--rf-max-depth", a.c.rf_max_depth, "Tree depth limit (0 = unlimited)")->capture_default_str();
  m->add_option("--rf-row-fraction", a.c.rf_subsample, "Rows per tree (without replacement)")->capture_default_str();
  m->add_option("--rf-feature-fraction", a.rf_feature_fraction, "Columns per node: sqrt, all or a fraction")
      ->capture_default_str();
  m->add_option("--mlp-hidden", a.c.mlp_hidden, "MLP hidden layer sizes")
      ->delimiter(',')
      ->capture_default_str()
      ->type_name("LIST");
  m->add_option("--mlp-batch", a.c.mlp_batch, "MLP mini-batch size")->capture_default_str();
  m->add_option("--mlp-max-epochs", a.c.mlp_max_epochs, "MLP epochs")->capture_default_str();
  m->add_option("--mlp-lr", a.c.mlp_learning_rate, "MLP Adam step")->capture_default_str();
  m->add_option("--mlp-alpha", a.c.mlp_alpha, "MLP L2 penalty")->capture_default_str();
  m->add_option("--svm-degree", a.c.svm_degree, "Polynomial kernel degree")->capture_default_str();
  m->add_option("--svm-coef0", a.c.svm_coef0, "Polynomial kernel coef0")->capture_default_str();
  m->add_option("--svm-c", a.c.svm_c, "SVM box constraint")->capture_default_str();
  m->add_option("--svm-gamma", a.svm_gamma, "Kernel gamma: scale, auto or a number")->capture_default_str();
  m->add_option("--logreg-c", a.c.logreg_c, "Logistic regression inverse regularisation")->capture_default_str();
  m->add_option("--nb-var-smoothing", a.c.nb_var_smoothing, "Naive Bayes variance smoothing")->capture_default_str();

  add_run_options(*sub, a.common);
  sub->add_option("--compat", a.common.compat, "none, or reference: GEENAGE's settings for cross-checks")
      ->capture_default_str()
      ->type_name("MODE");
  add_output_options(*sub, a.common, true, true);
  sub->add_option("--dot", a.dot, "Write the concept lattice as Graphviz DOT")->type_name("FILE");
  sub->add_option("--impacts-out", a.impacts_out, "Write the criterion values in the --impacts format")
      ->type_name("FILE");
  sub->callback([args]() { run_pareto(*args); });
}

}  // namespace featrel::cli
