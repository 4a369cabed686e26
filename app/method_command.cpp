// `featrel <method> DATA.csv [options]` for every registered method, generated from the registry: the data, method,
// run and output flags come from their option tables; the command reads the data, runs the method and writes the
// result document, chart and table. Translation and presentation only.
#include <iostream>
#include <memory>

#include "cli_common.hpp"
#include "commands.hpp"
#include "featrel/common_options.hpp"
#include "featrel/generate.hpp"
#include "featrel/method_registry.hpp"
#include "featrel/option_docs.hpp"
#include "featrel/provenance.hpp"
#include "featrel/resampling.hpp"
#include "option_flags.hpp"

namespace featrel::cli {
namespace {

struct MethodCommandState {
  std::string data;
  OptionFlags flags;
};

template <class O>
O read_settings(const options::Table<O>& table, const OptionFlags& flags) {
  O o{};
  table.set_json(o, flags.settings(table));
  return o;
}

void run_method(const MethodSpec& spec, const MethodCommandState& state) {
  Settings settings = state.flags.settings(*spec.schema);
  CsvOptions csv = read_settings(data_option_table(), state.flags);
  keep_selected_features(csv, state.data);
  csv.supported = spec.tasks;
  csv.command = spec.name;
  const RunSettings run = read_settings(run_option_table(), state.flags);
  OutputSettings out = read_settings(output_option_table(), state.flags);
  if (out.sort.empty()) out.sort = spec.sort_keys.front();
  if (std::find(spec.sort_keys.begin(), spec.sort_keys.end(), out.sort) == spec.sort_keys.end())
    throw options::OptionError("sort", "option 'sort' must be one of " + options::detail::join_words(spec.sort_keys) +
                                           ", got '" + out.sort + "'");
  spec.check(settings);  // bad options fail before the data is read
  // The shared resampled repeats, for methods without repeats of their own.
  resampling::Options repeats{};
  if (!spec.own_repeats) {
    repeats = read_settings(resampling::option_table(), state.flags);
    resampling::validate(repeats);
  }
  const bool without_data = spec.runs_without_data && spec.runs_without_data(settings);
  const std::string either = "give either a data file (DATA.csv) or " + spec.data_alternative + ", not ";
  if (without_data && !state.data.empty() && !spec.data_with_alternative) throw InputError(either + "both");
  if (state.data.empty() && !without_data) {
    if (!spec.data_alternative.empty()) throw InputError(either + "neither");
    throw InputError("a data file is required: featrel " + spec.name + " DATA.csv [--target COL]");
  }
  const Dataset data = state.data.empty() ? Dataset{}
                     : spec.load       ? spec.load(state.data, csv, settings)
                                       : read_csv(state.data, csv);

  Session session(run, out.quiet, spec.name);
  const auto result = resampling::run_with_repeats(spec, data, settings, repeats, session.context());
  session.finish_progress();
  MethodOutputs outputs;
  outputs.document = [&] {
    report::Json doc = result->to_json();
    report::Provenance p;
    p.input_path = state.data;
    p.target = data.target_name;
    p.task = doc.contains("task") && doc["task"].is_string() ? doc["task"].get<std::string>() : to_string(data.task);
    p.data_options = data_option_table().to_json(csv);
    p.command_line = command_line();
    p.seed = run.seed;
    p.threads = session.context().resolved_threads();
    doc["provenance"] = report::provenance_json(p);
    return doc;
  };
  if (spec.has_chart) outputs.chart = [&] { return result->chart_svg(); };
  outputs.print = [&, sort = out.sort, rows = out.rows] { std::cout << result->text(sort, rows); };
  for (const auto& [path, content] : result->extra_files()) report::write_text_file(path, content);
  write_method_outputs(out, session, outputs, result->warnings());
}

}  // namespace

void add_method_command(CLI::App& app, const MethodSpec& spec) {
  auto state = std::make_shared<MethodCommandState>();
  CLI::App* sub = app.add_subcommand(spec.name, spec.question);
  sub->footer(spec.description);
  sub->add_option("data", state->data, "Input CSV file (header row required)")->type_name("DATA.csv");
  state->flags.add(*sub, data_option_table());
  state->flags.add(*sub, *spec.schema);
  if (!spec.own_repeats) state->flags.add(*sub, resampling::option_table());
  state->flags.add(*sub, run_option_table());
  std::vector<std::string> skip;
  if (!spec.has_chart) skip.push_back("svg");
  state->flags.add(*sub, output_option_table(), skip);
  if (CLI::Option* sort = sub->get_option_no_throw("--sort"))
    sort->description("Row order of the printed table: " + options::detail::join_words(spec.sort_keys))
        ->default_str(spec.sort_keys.front());
  sub->callback([state, &spec]() { run_method(spec, *state); });
}

void add_options_command(CLI::App& app) {
  auto name = std::make_shared<std::string>();
  CLI::App* sub = app.add_subcommand("options", "Print a method's option table as Markdown (as docs/ shows it)");
  sub->add_option("method", *name, "Method name, or data, run, output or resampling for the shared option sets")
      ->required();
  sub->callback([name]() {
    const options::Schema* schema = *name == "data"         ? static_cast<const options::Schema*>(&data_option_table())
                                    : *name == "run"        ? &run_option_table()
                                    : *name == "output"     ? &output_option_table()
                                    : *name == "resampling" ? &resampling::option_table()
                                                            : method(*name).schema;
    std::cout << report::options_markdown(*schema);
  });
}

std::string flag_for_key(const std::string& command, const std::string& key) {
  std::vector<const options::Schema*> schemas{&data_option_table(), &run_option_table(), &output_option_table()};
  if (command == "generate") schemas.insert(schemas.begin(), &gen::request_option_table());
  for (const auto& m : methods())
    if (m.name == command) {
      if (!m.own_repeats) schemas.push_back(&resampling::option_table());
      schemas.insert(schemas.begin(), m.schema);
    }
  for (const auto* s : schemas)
    if (const options::Info* i = s->find(key)) return i->flag;
  return "";
}

}  // namespace featrel::cli
