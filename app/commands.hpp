// The subcommands of the featrel CLI; each is defined in its own <name>_command.cpp.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "featrel/method_registry.hpp"

namespace featrel::cli {

// `featrel <method>` for a registered method, generated from its option table.
void add_method_command(CLI::App& app, const MethodSpec& spec);
// `featrel options METHOD`: the method's option table as Markdown.
void add_options_command(CLI::App& app);
// The flag of an option key of `command` ("--cv-folds" for cv_folds), "" when unknown.
std::string flag_for_key(const std::string& command, const std::string& key);
void add_generate_command(CLI::App& app);
void add_evaluate_command(CLI::App& app);
void add_stability_command(CLI::App& app);
// `featrel explore`: the interactive explorer (docs/explore.md).
void add_explore_command(CLI::App& app);

inline void register_commands(CLI::App& app) {
  for (const MethodSpec& spec : methods()) add_method_command(app, spec);
  add_generate_command(app);
  add_evaluate_command(app);
  add_stability_command(app);
  add_explore_command(app);
  add_options_command(app);
}

}  // namespace featrel::cli
