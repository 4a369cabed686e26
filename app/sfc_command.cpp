// `featrel sfc DATA.csv`: sequential feature classification into strong, weak and irrelevant features
// (specs/sfc_boruta.md §3.3). Parses the flags into sfc::Options, runs sfc::run, prints the class table with
// the intervals, and writes the JSON, CSV and SVG outputs. Parsing and printing only: every number printed
// comes from the library's Result.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <numeric>

#include "cli_common.hpp"
#include "commands.hpp"
#include "featrel/boruta_chart.hpp"
#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/report.hpp"
#include "featrel/result_json.hpp"
#include "featrel/sfc.hpp"
#include "forest_flags.hpp"

namespace featrel::cli {
namespace {

struct SfcArgs {
  CommonOptions common;
  sfc::Options o;
  std::string feature_fraction = "0.8";
  std::string boruta_trees = "auto";
  std::string boruta_feature_fraction = "0.1";
  std::string null_matrix = "relevant", null_seeds = "fixed", perturbation = "permute";
  std::string sided = "lower", sd = "population", score = "train", metric = "default", relevant_set = "union";
  ForestFlags forest;
  std::string sort = "class";
};

sfc::Options build_options(const SfcArgs& a) {
  sfc::Options o = a.o;
  o.feature_fraction = forest::parse_column_fraction(a.feature_fraction, "--feature-fraction");
  o.boruta_trees = parse_tree_count(a.boruta_trees, "sfc: --boruta-trees");
  o.boruta_feature_fraction = forest::parse_column_fraction(a.boruta_feature_fraction, "--boruta-feature-fraction");
  o.null_matrix = sfc::parse_null_matrix(a.null_matrix);
  o.null_seeds = sfc::parse_null_seeds(a.null_seeds);
  o.perturbation = sfc::parse_perturbation(a.perturbation);
  o.sided = stats::sides_from_string(a.sided);
  if (o.sided == stats::Sides::upper)
    throw InputError("sfc: --sided must be lower or two (a strong feature lowers the score), got 'upper'");
  o.sd = stats::sd_kind_from_string(a.sd);
  o.score = sfc::parse_score(a.score);
  o.metric = sfc::parse_metric(a.metric);
  o.relevant_set = sfc::parse_relevant_set(a.relevant_set);
  if (!a.forest.feature_sampling.empty()) o.feature_sampling = forest::parse_feature_sampling(a.forest.feature_sampling);
  o.max_depth = a.forest.max_depth;
  o.row_fraction = a.forest.row_fraction;
  o.min_leaf = a.forest.min_leaf;
  o.max_bins = a.forest.max_bins;
  o.engine = forest::parse_engine(a.forest.engine);
  if (a.common.compat != "none" && a.common.compat != "reference")
    throw InputError("sfc: --compat must be none or reference, got '" + a.common.compat + "'");
  o.reference = a.common.compat == "reference";
  sfc::validate(o);
  return o;
}

std::string opt_value(const std::optional<double>& v, int decimals) {
  return v && std::isfinite(*v) ? format_fixed(*v, decimals) : "-";
}

std::string p_value(const std::optional<double>& v) {
  if (!v || !std::isfinite(*v)) return "-";
  if (*v >= 1e-4) return format_fixed(*v, 4);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1e", *v);  // the JSON keeps every digit
  return buf;
}

std::string interval_text(const sfc::Interval& i) {
  return "[" + format_fixed(i.lower, 4) + ", " + format_fixed(i.upper, 4) + "] (mean " + format_fixed(i.mean, 4) +
         ", sd " + format_fixed(i.sd, 4) + ", " + std::to_string(i.n_samples) + " samples, t = " +
         format_fixed(i.t_quantile, 3) + ")";
}

void print_result(const sfc::Result& r, const Dataset& data, const std::string& sort) {
  std::cout << "sfc: " << data.source << ", target '" << data.target_name << "' (" << to_string(r.task) << "), "
            << data.n_samples() << " samples, " << data.n_features() << " features"
            << (r.options.reference ? ", compat reference" : "") << "\n"
            << "strong: no other feature can stand in for it; weak: relevant, but a redundant partner can; "
               "irrelevant: carries no information\n\n";
  std::vector<std::size_t> order(r.features.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  if (sort != "index") {
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      const auto& fa = r.features[a];
      const auto& fb = r.features[b];
      if (sort == "class" && fa.cls != fb.cls) return fa.cls > fb.cls;
      return fa.importance > fb.importance;
    });
  }
  report::TextTable t({"feature", "class", "boruta", "importance", "minimal", "test score", "statistic", "p"});
  for (std::size_t j : order) {
    const auto& f = r.features[j];
    std::string cls = report::relevance_word(f.cls);
    if (f.constant) cls += " (constant)";
    t.add_row({data.feature_names[j], cls, boruta::to_string(f.boruta_decision), format_fixed(f.importance, 4),
               f.in_minimal ? "yes" : "", opt_value(f.test_score, 4), opt_value(f.test_statistic, 2),
               p_value(f.test_p_value)});
  }
  std::cout << t.render() << "\n";
  std::cout << r.strong.size() << " strong, " << r.weak.size() << " weak, " << r.irrelevant.size()
            << " irrelevant; Boruta confirmed " << r.all_relevant.size() << ", minimal set " << r.minimal.size()
            << ", relevant set " << r.relevant.size() << "\n";
  std::cout << "shadow-importance interval (minimal set: importance above the upper bound Γ): "
            << interval_text(r.shadow_interval) << "\n";
  if (r.score_interval)
    std::cout << "score interval of the null on the " << r.score_interval->matrix << " set (strong: test score "
              << (r.options.sided == stats::Sides::two ? "outside" : "below") << " it): "
              << interval_text(*r.score_interval) << "; model score " << format_fixed(r.model_score, 4) << "\n";
  std::cout << r.n_fits << " forest fits\n";
}

void run_sfc(const SfcArgs& a) {
  if (a.sort != "class" && a.sort != "importance" && a.sort != "index")
    throw InputError("sfc: --sort must be class, importance or index, got '" + a.sort + "'");
  const sfc::Options options = build_options(a);
  const Dataset data =
      read_csv(a.common.data, csv_options(a.common, {Task::binary, Task::multiclass, Task::regression}, "sfc"));
  Session session(a.common, "sfc");
  const sfc::Result r = sfc::run(data, options, session.context());
  session.finish_progress();
  write_method_outputs(a.common, session,
                       {[&] { return r.to_json(data); }, [&] { return sfc::importance_chart_svg(r, data); },
                        [&] { print_result(r, data, a.sort); }},
                       r.warnings);
}

}  // namespace

void add_sfc_command(CLI::App& app) {
  auto args = std::make_shared<SfcArgs>();
  SfcArgs& a = *args;
  CLI::App* sub = app.add_subcommand(
      "sfc",
      "Sequential feature classification (SFC): which features are strongly relevant (nothing can replace\n"
      "them), weakly relevant (a redundant partner can stand in) or irrelevant, with random forests, so non-linear\n"
      "effects count. Boruta finds the relevant features; a forest that concentrates importance finds a minimal\n"
      "set; permuting each feature of that set and comparing the score with a null interval tells strong from\n"
      "weak. See docs/boruta.md.");
  add_data_options(*sub, a.common);
  CLI::App* g = sub->add_option_group("SFC", "the null samples, intervals and tests");
  g->add_option("--n-resampling", a.o.n_resampling, "Null samples α (>= 3; < 30 makes the t quantile large)")
      ->capture_default_str();
  g->add_option("--fpr", a.o.fpr, "Tail probability of the prediction intervals, in (0, 0.5)")->capture_default_str();
  g->add_option("--trees", a.o.trees, "Trees of the importance, null and test forests")->capture_default_str();
  g->add_option("--feature-fraction", a.feature_fraction, "Columns per tree of those forests (fraction, sqrt, all)")
      ->capture_default_str()
      ->type_name("F");
  g->add_option("--null-matrix", a.null_matrix, "Score null on the relevant set V (paper) or all features (squamish)")
      ->capture_default_str()
      ->type_name("relevant|all");
  g->add_option("--null-seeds", a.null_seeds, "Forest seeds of null and test fits: fixed, shared or fresh")
      ->capture_default_str()
      ->type_name("MODE");
  g->add_option("--perturbation", a.perturbation, "How a tested feature is destroyed: permute or remove")
      ->capture_default_str()
      ->type_name("MODE");
  g->add_option("--sided", a.sided, "Strong when the score is below the interval (lower) or outside it (two)")
      ->capture_default_str()
      ->type_name("lower|two");
  g->add_option("--sd", a.sd, "SD of the null samples: population or sample")->capture_default_str()->type_name("KIND");
  g->add_option("--score", a.score, "Scores on the training rows (train), out-of-bag rows (oob) or a holdout")
      ->capture_default_str()
      ->type_name("KIND");
  g->add_option("--holdout-fraction", a.o.holdout_fraction, "Share of rows held out with --score holdout, in (0, 0.9)")
      ->capture_default_str();
  g->add_option("--metric", a.metric, "default (accuracy or R²), accuracy, r2 or mae (regression)")
      ->capture_default_str()
      ->type_name("METRIC");
  g->add_option("--test-repeats", a.o.test_repeats, "Test fits per feature of the minimal set")->capture_default_str();
  g->add_option("--relevant-set", a.relevant_set, "V = Boruta's set ∪ the minimal set (union) or Boruta's alone")
      ->capture_default_str()
      ->type_name("union|boruta");
  CLI::App* b = sub->add_option_group("Boruta step", "the all-relevant set A");
  b->add_option("--boruta-perc", a.o.boruta_perc, "Shadow percentile")->capture_default_str();
  b->add_option("--boruta-alpha", a.o.boruta_alpha, "Significance level")->capture_default_str();
  b->add_option("--boruta-max-iter", a.o.boruta_max_iter, "Forest fits at most")->capture_default_str();
  b->add_option("--boruta-trees", a.boruta_trees, "Trees per fit, or auto")->capture_default_str()->type_name("N|auto");
  b->add_option("--boruta-feature-fraction", a.boruta_feature_fraction, "Columns per tree")
      ->capture_default_str()
      ->type_name("F");
  b->add_option("--boruta-first-test-iter", a.o.boruta_first_test_iter, "First iteration that tests")
      ->capture_default_str();
  add_forest_flags(*sub, a.forest);
  add_run_options(*sub, a.common);
  sub->add_option("--compat", a.common.compat, "none, or reference: squamish 0.5.0's statistics for cross-checks")
      ->capture_default_str()
      ->type_name("MODE");
  add_output_options(*sub, a.common, true, true);
  sub->add_option("--sort", a.sort, "Table order: class (then importance), importance or index")
      ->capture_default_str()
      ->type_name("KEY");
  sub->callback([args]() { run_sfc(*args); });
}

}  // namespace featrel::cli
