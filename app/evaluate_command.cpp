// `featrel evaluate RESULT.json --truth TRUTH.json`: precision, recall and F1 of a result's selection against
// a generator's truth, overall and per relevance class. Parsing and printing only.
#include <iostream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "featrel/evaluation.hpp"
#include "featrel/format.hpp"
#include "featrel/report.hpp"

namespace featrel::cli {
namespace {

struct EvaluateArgs {
  std::string result, truth, json;
  bool quiet = false;
};

std::string cell(const std::optional<double>& v) { return v ? format_fixed(*v, 3) : "-"; }

void add_quality_row(report::TextTable& t, const std::string& label, const metrics::SelectionQuality& q) {
  t.add_row({label, std::to_string(q.n_selected), std::to_string(q.n_relevant), std::to_string(q.tp),
             std::to_string(q.fp), std::to_string(q.fn), cell(q.precision), cell(q.recall), cell(q.f1)});
}

void run_evaluate(const EvaluateArgs& a) {
  const auto result = report::read_result_selection(a.result);
  const auto truth = gen::Truth::from_json(report::read_json_file(a.truth));
  const auto e = evaluation::evaluate_selection(result, truth, a.truth);
  if (!a.json.empty()) report::write_json_file(a.json, evaluation::to_json(e));
  if (a.quiet) return;
  std::cout << "evaluate: " << a.result << (e.method.empty() ? "" : " (" + e.method + ")") << " against "
            << a.truth << "\n\n";
  report::TextTable t({"class", "selected", "relevant", "TP", "FP", "FN", "precision", "recall", "F1"});
  add_quality_row(t, "all relevant", e.overall);
  if (e.strong) add_quality_row(t, "strong", *e.strong);
  if (e.weak) add_quality_row(t, "weak", *e.weak);
  std::cout << t.render() << "\n";
  std::cout << "share selected by true role:";
  for (const auto& [role, recall] : e.recall_by_role) std::cout << "  " << role << " " << cell(recall);
  std::cout << "\n";
  if (!e.strong) std::cout << "(per-class rows need relevance classes in both files)\n";
}

}  // namespace

void add_evaluate_command(CLI::App& app) {
  auto args = std::make_shared<EvaluateArgs>();
  CLI::App* sub = app.add_subcommand(
      "evaluate",
      "Scores a result's selection against a known truth (from `featrel generate --truth`): precision, recall\n"
      "and F1 of the selected features against the relevant ones, and per class (strong 2 against 2, weak 1\n"
      "against 1) when both files carry relevance classes. Features are matched by name. Precision with\n"
      "nothing selected is undefined and printed as '-' (null in JSON).");
  sub->add_option("result", args->result, "Result JSON of any featrel method")->required()->type_name("RESULT.json");
  sub->add_option("--truth", args->truth, "Truth JSON written by featrel generate")->required()->type_name("TRUTH.json");
  sub->add_option("--json", args->json, "Write the evaluation as JSON to this file")->type_name("FILE");
  sub->add_flag("--quiet", args->quiet, "Print nothing (use with --json)");
  sub->callback([args]() { run_evaluate(*args); });
}

}  // namespace featrel::cli
