// `featrel boruta DATA.csv`: all-relevant feature selection with Boruta (specs/sfc_boruta.md §3.2). Parses the
// flags into boruta::Options, runs boruta::run, prints the decision table and a summary, and writes the JSON, CSV
// and SVG outputs. Parsing and printing only: every number printed comes from the library's Result.
#include <algorithm>
#include <cmath>
#include <iostream>
#include <numeric>

#include "cli_common.hpp"
#include "commands.hpp"
#include "featrel/boruta.hpp"
#include "featrel/boruta_chart.hpp"
#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/report.hpp"
#include "featrel/result_json.hpp"
#include "forest_flags.hpp"

namespace featrel::cli {
namespace {

struct BorutaArgs {
  CommonOptions common;
  boruta::Options o;
  bool no_two_step = false;
  std::string trees = "auto";
  std::optional<int> early_stopping;
  std::string model_preset = "paper";
  std::string feature_fraction;
  ForestFlags forest;
  std::string sort = "rank";
};

boruta::Options build_options(const BorutaArgs& a) {
  boruta::Options o = a.o;
  o.two_step = !a.no_two_step;
  o.trees = parse_tree_count(a.trees, "boruta: --trees");
  if (a.early_stopping) {
    o.early_stopping = true;
    o.n_iter_no_change = *a.early_stopping;
  }
  o.model_preset = boruta::parse_model_preset(a.model_preset);
  if (!a.feature_fraction.empty()) o.feature_fraction = forest::parse_column_fraction(a.feature_fraction);
  if (!a.forest.feature_sampling.empty()) o.feature_sampling = forest::parse_feature_sampling(a.forest.feature_sampling);
  o.max_depth = a.forest.max_depth;
  o.row_fraction = a.forest.row_fraction;
  o.min_leaf = a.forest.min_leaf;
  o.max_bins = a.forest.max_bins;
  o.engine = forest::parse_engine(a.forest.engine);
  boruta::validate(o);
  return o;
}

std::string opt_value(const std::optional<double>& v, int decimals) {
  return v && std::isfinite(*v) ? format_fixed(*v, decimals) : "-";
}

std::string decision_word(const boruta::FeatureResult& f) {
  std::string w = boruta::to_string(f.decision);
  if (f.decision == boruta::Decision::tentative && f.rough_fix_kept) w += " (kept)";
  if (f.constant) w += " (constant)";
  return w;
}

void print_result(const boruta::Result& r, const Dataset& data, const std::string& sort) {
  std::cout << "boruta: " << data.source << ", target '" << data.target_name << "' (" << to_string(r.task)
            << "), " << data.n_samples() << " samples, " << data.n_features() << " features\n"
            << "a feature is confirmed when it beats the best shadow (threshold: shadow percentile "
            << format_number(r.options.perc) << ") significantly often, rejected when it loses significantly often\n\n";
  std::vector<std::size_t> order(r.features.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  if (sort == "rank") {
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      const auto& fa = r.features[a];
      const auto& fb = r.features[b];
      if (fa.rank != fb.rank) return fa.rank < fb.rank;
      return fa.median_importance.value_or(-INFINITY) > fb.median_importance.value_or(-INFINITY);
    });
  }
  report::TextTable t({"feature", "decision", "rank", "hits", "decided at", "median importance", "shadow share"});
  for (std::size_t j : order) {
    const auto& f = r.features[j];
    t.add_row({data.feature_names[j], decision_word(f), std::to_string(f.rank),
               std::to_string(f.hits) + "/" + std::to_string(r.n_iterations),
               f.decided_at ? std::to_string(*f.decided_at) : "-", opt_value(f.median_importance, 4),
               opt_value(f.shadow_share, 3)});
  }
  std::cout << t.render() << "\n"
            << r.confirmed.size() << " confirmed, " << r.tentative.size() << " tentative, " << r.rejected.size()
            << " rejected after " << r.n_iterations << " forest fits (stop: " << boruta::to_string(r.stop_reason)
            << "); decisions at α = " << format_number(r.options.alpha)
            << (r.options.two_step ? " with Benjamini–Hochberg and Bonferroni over iterations"
                                   : " with Bonferroni over all features")
            << "\n";
  if (!r.tentative.empty())
    std::cout << "tentative features could not be decided in " << r.n_iterations
              << " fits; '(kept)' marks those whose median importance beats the median threshold (R's rough fix); "
                 "raise --max-iter to decide more\n";
}

void run_boruta(const BorutaArgs& a) {
  if (a.sort != "rank" && a.sort != "index")
    throw InputError("boruta: --sort must be rank or index, got '" + a.sort + "'");
  const boruta::Options options = build_options(a);
  const Dataset data = read_csv(a.common.data, csv_options(a.common, {Task::binary, Task::multiclass, Task::regression},
                                                           "boruta"));
  Session session(a.common, "boruta");
  const boruta::Result r = boruta::run(data, options, session.context());
  session.finish_progress();
  write_method_outputs(a.common, session,
                       {[&] { return r.to_json(data); }, [&] { return boruta::importance_chart_svg(r, data); },
                        [&] { print_result(r, data, a.sort); }},
                       r.warnings);
}

}  // namespace

void add_boruta_command(CLI::App& app) {
  auto args = std::make_shared<BorutaArgs>();
  BorutaArgs& a = *args;
  CLI::App* sub = app.add_subcommand(
      "boruta",
      "Boruta (the BorutaPy algorithm): which features carry any information about the target? Each iteration\n"
      "fits a random forest on the features plus shuffled copies of them (shadows); a feature that beats the\n"
      "shadows significantly often is confirmed, one that loses significantly often is rejected, the rest stay\n"
      "tentative. Finds all relevant features, redundant ones included. See docs/boruta.md.");
  add_data_options(*sub, a.common);
  CLI::App* g = sub->add_option_group("Boruta", "the shadow test and its stopping rule");
  g->add_option("--perc", a.o.perc, "Shadow percentile used as the threshold, in (0, 100] (100 = the best shadow)")
      ->capture_default_str();
  g->add_option("--alpha", a.o.alpha, "Significance level of the hit tests, in (0, 1]")->capture_default_str();
  g->add_flag("--no-two-step", a.no_two_step, "Bonferroni over all features instead of BH + Bonferroni over iterations");
  g->add_option("--max-iter", a.o.max_iter, "Forest fits at most")->capture_default_str();
  g->add_option("--trees", a.trees, "Trees per fit, or auto (BorutaPy's rule from the active feature count)")
      ->capture_default_str()
      ->type_name("N|auto");
  g->add_option("--first-test-iter", a.o.first_test_iter, "First iteration that tests (1 = squamish's Boruta)")
      ->capture_default_str();
  g->add_option("--early-stopping", a.early_stopping, "Stop after N iterations without a new decision")
      ->type_name("N");
  g->add_option("--model-preset", a.model_preset,
                "paper: 10% of the columns per tree; rf: sqrt of the columns at each node (BorutaPy + scikit-learn)")
      ->capture_default_str()
      ->type_name("PRESET");
  CLI::App* f = add_forest_flags(*sub, a.forest);
  f->add_option("--feature-fraction", a.feature_fraction, "Columns per tree/node: a fraction, sqrt or all "
                                                          "(default: the preset's)")
      ->type_name("F");
  add_run_options(*sub, a.common);
  add_output_options(*sub, a.common, true, true);
  sub->add_option("--sort", a.sort, "Table order: rank (decision, then importance) or index")
      ->capture_default_str()
      ->type_name("KEY");
  sub->callback([args]() { run_boruta(*args); });
}

}  // namespace featrel::cli
