// `featrel stability R1.json R2.json ...`: how similar the selections of several runs are (multi-set Jaccard,
// I_W, mean Kuncheva, Nogueira with its confidence interval). Parsing and printing only.
#include <iostream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "featrel/evaluation.hpp"
#include "featrel/format.hpp"
#include "featrel/report.hpp"

namespace featrel::cli {
namespace {

struct StabilityArgs {
  std::vector<std::string> results;
  std::string variant = "paper", json;
  double alpha = 0.05;
  bool quiet = false;
};

std::string cell(double v) { return std::isfinite(v) ? format_fixed(v, 4) : "-"; }

void run_stability(const StabilityArgs& a) {
  std::vector<report::ResultSelection> runs;
  for (const auto& path : a.results) runs.push_back(report::read_result_selection(path));
  const auto s = evaluation::stability_of_results(runs, stability::iw_variant_from_string(a.variant), a.alpha);
  if (!a.json.empty()) report::write_json_file(a.json, evaluation::to_json(s));
  if (a.quiet) return;
  const auto& r = s.indices;
  std::cout << "stability of " << r.n_sets << " selections over " << s.feature_names.size() << " features\n\n";
  report::TextTable t({"index", "value"});
  t.add_row({"Jaccard (multi-set)", cell(r.jaccard)});
  t.add_row({"I_W (" + a.variant + ")", cell(r.iw)});
  t.add_row({"Kuncheva (mean pairwise)",
             r.kuncheva ? cell(*r.kuncheva)
                        : "- (" + stability::kuncheva_undefined_reason(s.set_sizes, s.feature_names.size()) + ")"});
  t.add_row({"Nogueira", cell(r.nogueira.value)});
  t.add_row({"Nogueira " + format_number(100 * (1 - r.nogueira.alpha)) + "% CI",
             "[" + cell(r.nogueira.ci_lower) + ", " + cell(r.nogueira.ci_upper) + "]"});
  std::cout << t.render() << "\n";
  report::TextTable f({"feature", "selected in"});
  for (std::size_t j = 0; j < s.feature_names.size(); ++j)
    if (s.frequency[j] > 0)
      f.add_row({s.feature_names[j], format_fixed(100 * s.frequency[j], 0) + "%"});
  std::cout << f.render();
}

}  // namespace

void add_stability_command(CLI::App& app) {
  auto args = std::make_shared<StabilityArgs>();
  CLI::App* sub = app.add_subcommand(
      "stability",
      "How similar are the selections of several runs (other seeds, splits or methods) over the same features?\n"
      "Prints the multi-set Jaccard index, the weighted index I_W, the mean pairwise Kuncheva index (only for\n"
      "sets of equal size) and Nogueira's index with its confidence interval, then how often each feature was\n"
      "selected.");
  sub->add_option("results", args->results, "Two or more result JSON files")->required()->expected(2, -1);
  sub->add_option("--iw-variant", args->variant, "paper (stricter levels weigh more) or reference")
      ->capture_default_str();
  sub->add_option("--alpha", args->alpha, "1 - confidence level of Nogueira's interval")->capture_default_str();
  sub->add_option("--json", args->json, "Write the indices as JSON to this file")->type_name("FILE");
  sub->add_flag("--quiet", args->quiet, "Print nothing (use with --json)");
  sub->callback([args]() { run_stability(*args); });
}

}  // namespace featrel::cli
