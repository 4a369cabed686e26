// `featrel ubayfs DATA.csv` and `featrel ubayfs --counts FILE`: user-guided Bayesian ensemble feature selection
// (specs/ubayfs.md). Parses the flags into ubayfs::Options, runs the ensemble and the optimiser (or only the
// optimiser on given counts), prints the per-feature table and the optima, and writes the JSON, CSV and SVG.
// Parsing and printing only: every number printed comes from the library's Result.
#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>
#include <optional>

#include "cli_common.hpp"
#include "commands.hpp"
#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/report.hpp"
#include "featrel/ubayfs.hpp"
#include "featrel/ubayfs_chart.hpp"

namespace featrel::cli {
namespace {

struct UbayfsArgs {
  CommonOptions common;
  ubayfs::Options defaults;
  // Counts path
  std::string counts;
  std::optional<std::size_t> n_models;
  // Ensemble
  std::size_t ensemble_size = 100;
  double tt_split = 0.75;
  std::string nr_features = "auto";
  std::vector<std::string> selectors{"mrmr"};
  std::string mrmr_relevance = "auto";
  double laplacian_t = 1.0;
  // Prior, blocks, constraints
  std::string weights;
  std::vector<std::string> block_weights;
  std::vector<std::string> blocks;
  std::string blocks_file;
  std::vector<std::string> max_size, must_link, cannot_link, linear;
  std::vector<std::string> block_max_size, block_must_link, block_cannot_link;
  std::string constraints_file;
  std::optional<double> decorrelate;
  // Objective and optimiser
  double lambda = 1.0;
  std::string admissibility = "reference";
  double epsilon = 0.5;
  bool no_rho_scaling = false;
  std::string optimizer = "auto";
  int pop_size = 50, max_iter = 100;
  std::string init_rule = "dropout";
  bool no_polish = false;
  int enumerate_max_n = 20;
  double node_budget = 1e7;
  std::size_t max_ties = 1000;
  int mh_chains = 100, mh_steps = 100;
  double mh_eta = 0.01;
  // Reporting
  std::string correlation = "spearman";
  std::size_t repeats = 1;
  double test_fraction = 0.25;
  double stability_alpha = 0.05;
  std::string stability_rows = "all_ties";
  bool keep_ensemble = false;
};

// NAME=W items of --block-weights (comma-separated lists allowed in one flag).
std::vector<std::pair<std::string, double>> parse_block_weights(const std::vector<std::string>& items) {
  std::vector<std::pair<std::string, double>> out;
  for (const std::string& item : items) {
    const auto eq = item.rfind('=');
    double w = 0;
    std::size_t used = 0;
    try {
      if (eq == std::string::npos) throw std::invalid_argument("no =");
      w = std::stod(item.substr(eq + 1), &used);
    } catch (const std::exception&) {
      throw InputError("ubayfs: --block-weights takes NAME=W items, got '" + item + "'");
    }
    if (used != item.size() - eq - 1) throw InputError("ubayfs: --block-weights takes NAME=W items, got '" + item + "'");
    out.push_back({item.substr(0, eq), w});
  }
  return out;
}

// The library options from the flags; `names` are the feature names (for a weights file with names).
ubayfs::Options build_options(const UbayfsArgs& a, const std::vector<std::string>& names) {
  using namespace ubayfs;
  Options o;
  o.ensemble_size = a.ensemble_size;
  o.tt_split = a.tt_split;
  if (a.nr_features != "auto") {
    std::size_t used = 0;
    int n = 0;
    try {
      n = std::stoi(a.nr_features, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != a.nr_features.size() || used == 0)
      throw InputError("ubayfs: --nr-features must be an integer >= 1 or auto, got '" + a.nr_features + "'");
    o.nr_features = n;
  }
  o.selectors = a.selectors;
  o.mrmr_relevance = selectors::parse_class_relevance(a.mrmr_relevance);
  o.laplacian_t = a.laplacian_t;
  if (!a.weights.empty()) o.weights = parse_weights(a.weights, names);
  o.block_weights = parse_block_weights(a.block_weights);
  if (!a.blocks_file.empty()) o.blocks = read_blocks_csv(a.blocks_file);
  for (const auto& b : a.blocks) o.blocks.push_back(parse_block_flag(b));
  auto add = [&](const std::vector<std::string>& items, RowKind kind, Level level, const char* flag) {
    for (const auto& t : items) o.constraints.push_back(parse_constraint_flag(kind, level, t, flag));
  };
  add(a.max_size, RowKind::max_size, Level::feature, "--max-size");
  add(a.must_link, RowKind::must_link, Level::feature, "--must-link");
  add(a.cannot_link, RowKind::cannot_link, Level::feature, "--cannot-link");
  add(a.linear, RowKind::linear, Level::feature, "--linear");
  add(a.block_max_size, RowKind::max_size, Level::block, "--block-max-size");
  add(a.block_must_link, RowKind::must_link, Level::block, "--block-must-link");
  add(a.block_cannot_link, RowKind::cannot_link, Level::block, "--block-cannot-link");
  if (!a.constraints_file.empty()) {
    ConstraintsFile f = read_constraints_file(a.constraints_file);
    o.blocks.insert(o.blocks.end(), f.blocks.begin(), f.blocks.end());
    o.constraints.insert(o.constraints.end(), f.constraints.begin(), f.constraints.end());
    o.groups = f.groups;
  }
  o.decorrelate = a.decorrelate;
  o.lambda = a.lambda;
  o.admissibility = parse_admissibility(a.admissibility);
  o.epsilon = a.epsilon;
  o.rho_scaling = !a.no_rho_scaling;
  o.optimizer = parse_optimizer(a.optimizer);
  o.pop_size = a.pop_size;
  o.max_iter = a.max_iter;
  o.init_rule = parse_init_rule(a.init_rule);
  o.polish = !a.no_polish;
  o.enumerate_max_n = a.enumerate_max_n;
  o.node_budget = a.node_budget;
  o.max_ties = a.max_ties;
  o.mh_chains = a.mh_chains;
  o.mh_steps = a.mh_steps;
  o.mh_eta = a.mh_eta;
  o.correlation = parse_correlation(a.correlation);
  o.repeats = a.repeats;
  o.test_fraction = a.test_fraction;
  o.stability_alpha = a.stability_alpha;
  o.stability_rows = parse_stability_rows(a.stability_rows);
  o.keep_ensemble = a.keep_ensemble;
  if (a.common.compat != "none" && a.common.compat != "reference")
    throw InputError("ubayfs: --compat must be none or reference, got '" + a.common.compat + "'");
  o.compat_reference = a.common.compat == "reference";
  validate(o);
  return o;
}

std::string num(double v, int decimals = 4) { return std::isfinite(v) ? format_fixed(v, decimals) : "-"; }

void print_result(const ubayfs::Result& r, const std::string& source) {
  const auto& p = r.problem;
  std::cout << "ubayfs: " << source << ", " << p.n_features() << " features, ";
  if (r.ensemble.from_counts_file) std::cout << "counts of " << r.ensemble.size << " elementary models";
  else
    std::cout << "ensemble of " << r.ensemble.rows_total - r.ensemble.rows_failed << " elementary selections ("
              << r.ensemble.size << " sub-samples)";
  std::cout << ", lambda " << format_number(p.lambda) << "\n\n";
  report::TextTable t({"feature", "count", "alpha", "theta", "optima"});
  const std::size_t K = r.optima.size();
  for (std::size_t j = 0; j < p.n_features(); ++j) {
    std::size_t in = 0;
    for (const auto& o : r.optima) in += std::binary_search(o.features.begin(), o.features.end(), j) ? 1 : 0;
    t.add_row({p.feature_names[j], format_number(p.counts[j]), format_number(p.prior[j]), num(r.posterior_mean[j]),
               in > 0 ? std::to_string(in) + "/" + std::to_string(K) : ""});
  }
  std::cout << t.render() << "\n";
  for (std::size_t i = 0; i < K; ++i) {
    const auto& e = r.optima[i];
    std::string names;
    for (std::size_t j : e.features) names += (names.empty() ? "" : ", ") + p.feature_names[j];
    std::cout << "optimum " << i + 1 << "/" << K << ": {" << names << "}\n"
              << "  size " << e.features.size() << ", F " << num(e.log_objective, 10) << ", log utility "
              << num(e.log_total_utility, 10) << ", theta'delta " << num(e.posterior_feature_utility, 10)
              << ", admissibility " << num(e.admissibility, 6) << ", violated rows " << e.violated_rows.size()
              << ", avg |corr| " << num(e.avg_abs_correlation, 6);
    if (e.mh_frequency) std::cout << ", MH frequency " << num(*e.mh_frequency);
    std::cout << "\n";
  }
  const auto& o = r.optimizer;
  std::cout << "optimizer: " << o.used << (o.proven_optimal ? ", proven optimal" : ", not proven optimal") << ", "
            << o.objective_evaluations << " evaluations";
  if (o.nodes > 0) std::cout << ", " << o.nodes << " nodes";
  if (o.ties_truncated) std::cout << ", ties truncated at --max-ties";
  if (o.mh) std::cout << ", acceptance rate " << num(o.mh->acceptance_rate);
  std::cout << "\n";
  if (r.stability) {
    const auto& s = *r.stability;
    std::cout << "stability over " << s.runs << " repeats (" << s.rows << " sets): Nogueira "
              << num(s.indices.nogueira.value) << " [" << num(s.indices.nogueira.ci_lower) << ", "
              << num(s.indices.nogueira.ci_upper) << "], mean F1 " << num(s.mean_f1) << "\n";
  }
}

void run_ubayfs(const UbayfsArgs& a) {
  if (a.counts.empty() && a.common.data.empty())
    throw InputError("ubayfs: give DATA.csv, or --counts FILE to optimise given ensemble counts");
  if (a.repeats > 1 && !a.counts.empty())
    throw InputError("ubayfs: --repeats reruns the ensemble on outer splits and needs DATA.csv without --counts");
  std::optional<Dataset> data;
  if (!a.common.data.empty())
    data = read_csv(a.common.data, csv_options(a.common, {Task::binary, Task::multiclass, Task::regression,
                                                          Task::ordinal}, "ubayfs"));
  ubayfs::Result r;
  std::string source;
  if (!a.counts.empty()) {
    ubayfs::CountsInput in = ubayfs::read_counts_csv(a.counts, a.n_models);
    const ubayfs::Options options = build_options(a, in.feature_names);
    Session session(a.common, "ubayfs");
    r = ubayfs::optimise(in, options, session.context(), data ? &*data : nullptr);
    session.finish_progress();
    source = a.counts;
  } else {
    const ubayfs::Options options = build_options(a, data->feature_names);
    Session session(a.common, "ubayfs");
    r = ubayfs::run(*data, options, session.context());
    session.finish_progress();
    source = a.common.data;
  }
  if (!a.common.json.empty() || !a.common.csv.empty()) {
    const report::Json doc = r.to_json();
    if (!a.common.json.empty()) report::write_json_file(a.common.json, doc);
    if (!a.common.csv.empty()) report::write_text_file(a.common.csv, report::features_csv(doc));
  }
  if (!a.common.svg.empty()) report::write_text_file(a.common.svg, ubayfs::chart_svg(r));
  if (!a.common.quiet) {
    print_result(r, source);
    std::cout.flush();
  }
  if (!a.common.quiet)
    for (const auto& w : r.warnings) std::cerr << "ubayfs: warning: " << w << "\n";
}

}  // namespace

void add_ubayfs_command(CLI::App& app) {
  auto args = std::make_shared<UbayfsArgs>();
  UbayfsArgs& a = *args;
  CLI::App* sub = app.add_subcommand(
      "ubayfs",
      "UBayFS: which feature set does an ensemble of selectors support, given expert weights and constraints?\n"
      "Counts how often mRMR / Fisher / Laplacian selectors pick each feature on random sub-samples (or reads the\n"
      "counts with --counts), combines them with a Dirichlet prior, and returns every feature set that maximises\n"
      "ln(θ̂ᵀδ + λ·admissibility) under the constraints. --max-size is required. See docs/ubayfs.md.");
  add_data_options(*sub, a.common);
  sub->get_option("data")->required(false);
  sub->add_option("--counts", a.counts, "Skip the ensemble: optimise the counts in this CSV (feature,count)")
      ->type_name("FILE");
  sub->add_option("--n-models", a.n_models, "Elementary models behind --counts (else '# n_models: M' in the file)")
      ->type_name("M");

  CLI::App* ens = sub->add_option_group("Ensemble", "the elementary selectors on random sub-samples");
  ens->add_option("-M,--ensemble-size", a.ensemble_size, "Number of sub-samples M")->capture_default_str();
  ens->add_option("--tt-split", a.tt_split, "Share of rows per sub-sample, in (0, 1)")->capture_default_str();
  ens->add_option("--nr-features", a.nr_features, "Features per elementary selection, or auto (1..p per split)")
      ->capture_default_str()
      ->type_name("N|auto");
  ens->add_option("--selector", a.selectors, "mrmr, fisher, laplacian (comma-separated; rows pooled)")
      ->delimiter(',')
      ->capture_default_str()
      ->type_name("LIST");
  ens->add_option("--mrmr-relevance", a.mrmr_relevance, "auto, somers or eta (class-target relevance of mRMR)")
      ->capture_default_str();
  ens->add_option("--laplacian-t", a.laplacian_t, "Heat-kernel width t of the Laplacian score")->capture_default_str();

  CLI::App* prior = sub->add_option_group("Prior and blocks", "expert weights and feature blocks");
  prior->add_option("--weights", a.weights, "Prior weights: one value, one per feature (comma-separated), or a file")
      ->type_name("LIST|FILE");
  prior->add_option("--block-weights", a.block_weights, "Per-block prior weights NAME=W (α = sum over blocks)")
      ->delimiter(',')
      ->type_name("NAME=W,...");
  prior->add_option("--block", a.blocks, "A named block of features (names, indices, i..j ranges); repeatable")
      ->allow_extra_args(false)
      ->type_name("NAME=F1,F2,...");
  prior->add_option("--blocks-file", a.blocks_file, "Blocks from a CSV with header feature,block")->type_name("CSV");

  CLI::App* cons = sub->add_option_group("Constraints", "rows A·δ ≤ b; @RHO is the relaxation (default 1, inf = hard)");
  auto rep = [](CLI::App* g, const char* flag, std::vector<std::string>& v, const char* help, const char* type) {
    g->add_option(flag, v, help)->allow_extra_args(false)->type_name(type);
  };
  rep(cons, "--max-size", a.max_size, "At most S features (required); repeatable", "S[@RHO]");
  rep(cons, "--must-link", a.must_link, "All or none of these features; repeatable", "F1,F2,..[@RHO]");
  rep(cons, "--cannot-link", a.cannot_link, "At most one of these features; repeatable", "F1,F2,..[@RHO]");
  rep(cons, "--linear", a.linear, "A general row Σ a·δ ≤ b over features; repeatable", "F=A,F=A<=B[@RHO]");
  rep(cons, "--block-max-size", a.block_max_size, "At most S blocks with a selected feature", "S[@RHO]");
  rep(cons, "--block-must-link", a.block_must_link, "All or none of these blocks", "B1,B2,..[@RHO]");
  rep(cons, "--block-cannot-link", a.block_cannot_link, "At most one of these blocks", "B1,B2,..[@RHO]");
  cons->add_option("--constraints", a.constraints_file, "Blocks and constraints from a JSON file (docs/ubayfs.md)")
      ->type_name("FILE.json");
  cons->add_option("--decorrelate", a.decorrelate, "Soft cannot-link for every pair with |Spearman| > LEVEL")
      ->type_name("LEVEL");

  CLI::App* obj = sub->add_option_group("Objective and optimiser", "F(δ) = ln(θ̂ᵀδ + λ·adm(δ)) and how it is maximised");
  obj->add_option("--lambda", a.lambda, "Weight λ > 0 of the admissibility")->capture_default_str();
  obj->add_option("--admissibility", a.admissibility, "reference (R 1.0) or paper (ε shift, ρ·‖α°‖₁ on every row)")
      ->capture_default_str();
  obj->add_option("--epsilon", a.epsilon, "ε of the paper admissibility")->capture_default_str();
  obj->add_flag("--no-rho-scaling", a.no_rho_scaling, "Paper admissibility without the ρ·‖α°‖₁ scaling");
  obj->add_option("--optimizer", a.optimizer, "auto, topk, enumerate, exact, ga or mh")->capture_default_str();
  obj->add_option("--pop-size", a.pop_size, "GA population (>= 10)")->capture_default_str();
  obj->add_option("--max-iter", a.max_iter, "GA generations (>= 10)")->capture_default_str();
  obj->add_option("--init-rule", a.init_rule, "Algorithm 1: dropout (reference) or ratio (paper)")->capture_default_str();
  obj->add_flag("--no-polish", a.no_polish, "No flip/swap polish and no plateau of ties after the GA");
  obj->add_option("--enumerate-max-n", a.enumerate_max_n, "auto enumerates all 2^N sets up to this N")
      ->capture_default_str();
  obj->add_option("--node-budget", a.node_budget, "Branch-and-bound node budget")->capture_default_str();
  obj->add_option("--max-ties", a.max_ties, "Most tied optima returned")->capture_default_str();
  obj->add_option("--mh-chains", a.mh_chains, "MH chains q")->capture_default_str();
  obj->add_option("--mh-steps", a.mh_steps, "MH steps T per chain")->capture_default_str();
  obj->add_option("--mh-eta", a.mh_eta, "η of the MH target")->capture_default_str();

  CLI::App* ev = sub->add_option_group("Evaluation", "correlations and repeated outer splits");
  ev->add_option("--correlation", a.correlation, "spearman, pearson or kendall (avg_abs_correlation)")
      ->capture_default_str();
  ev->add_option("--repeats", a.repeats, "Outer stratified splits; >= 2 adds stability and logistic F1")
      ->capture_default_str();
  ev->add_option("--test-fraction", a.test_fraction, "Held-out share of each outer split")->capture_default_str();
  ev->add_option("--stability-alpha", a.stability_alpha, "Level of the Nogueira confidence interval")
      ->capture_default_str();
  ev->add_option("--stability-rows", a.stability_rows, "all_ties (one row per tied optimum) or first")
      ->capture_default_str();
  ev->add_flag("--keep-ensemble", a.keep_ensemble, "Store the ensemble matrix in the JSON");

  add_run_options(*sub, a.common);
  sub->add_option("--compat", a.common.compat,
                  "none, or reference: R UBayFS 1.0 scoring of hard rows, plain GA, reference sub-samples")
      ->capture_default_str()
      ->type_name("MODE");
  add_output_options(*sub, a.common, true, true);
  sub->callback([args]() { run_ubayfs(*args); });
}

}  // namespace featrel::cli
