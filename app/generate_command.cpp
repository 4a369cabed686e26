// `featrel generate`: synthetic data with known truth (docs/generate.md). The generator options come from
// gen::request_option_table(); this file reads the flags, calls gen::generate and writes the CSV and the truth JSON.
#include <iostream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "featrel/common_options.hpp"
#include "featrel/generate.hpp"
#include "featrel/report.hpp"
#include "option_flags.hpp"

namespace featrel::cli {
namespace {

struct GenerateState {
  std::string out, truth;
  bool quiet = false;
  OptionFlags flags;
};

void run_generate(const GenerateState& s) {
  gen::Request request;
  gen::request_option_table().set_json(request, s.flags.settings(gen::request_option_table()));
  RunSettings run;
  run_option_table().set_json(run, s.flags.settings(run_option_table()));
  const gen::GeneratedData data = gen::generate(request, run.seed);
  report::write_text_file(s.out, data.to_csv());
  if (!s.truth.empty()) report::write_json_file(s.truth, data.truth.to_json());
  if (!s.quiet) {
    std::size_t relevant = 0;
    for (bool r : data.truth.relevant) relevant += r;
    std::cerr << "generate: wrote " << s.out << " (" << data.X.rows() << " rows, " << data.X.cols() << " features, "
              << relevant << " relevant)";
    if (!s.truth.empty()) std::cerr << " and " << s.truth;
    std::cerr << "\n";
  }
}

}  // namespace

void add_generate_command(CLI::App& app) {
  auto state = std::make_shared<GenerateState>();
  CLI::App* sub = app.add_subcommand("generate", "Synthetic data with known truth (relevance or clusters generator)");
  sub->footer(
      "  --kind relevance (default): strong, weak (redundant groups) and irrelevant columns for\n"
      "    classification, regression or ordinal targets (FRI paper generator; --preset fri-sim1..fri-sim5).\n"
      "  --kind clusters: scikit-learn's make_classification recipe (informative, redundant, repeated,\n"
      "    noise columns; CRFE paper generator).\n"
      "  --privileged (relevance): LUPI data, noisy columns x0..x{D-1} plus their noise-free privileged\n"
      "    copies p0..p{D-1}.\n"
      "Writes DATA.csv (x0..x{D-1}, y) and, with --truth, each column's true role as JSON. See docs/generate.md.");
  sub->add_option("--out", state->out, "CSV file to write")->required()->type_name("DATA.csv");
  sub->add_option("--truth", state->truth, "Write each column's true role to this JSON file")->type_name("TRUTH.json");
  sub->add_flag("--quiet", state->quiet, "Print nothing on success");
  state->flags.add(*sub, gen::request_option_table());
  state->flags.add(*sub, run_option_table(), {"threads"});
  sub->callback([state]() { run_generate(*state); });
}

}  // namespace featrel::cli
