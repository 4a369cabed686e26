// The subcommands of the featrel CLI; each is defined in its own <name>_command.cpp.
#pragma once

#include <CLI/CLI.hpp>

namespace featrel::cli {

void add_fri_command(CLI::App& app);
void add_generate_command(CLI::App& app);
void add_evaluate_command(CLI::App& app);
void add_stability_command(CLI::App& app);
void add_crfe_command(CLI::App& app);
void add_rfe_command(CLI::App& app);
void add_boruta_command(CLI::App& app);
void add_sfc_command(CLI::App& app);
void add_ubayfs_command(CLI::App& app);
void add_mrmr_command(CLI::App& app);
void add_fisher_command(CLI::App& app);
void add_laplacian_command(CLI::App& app);
void add_pareto_command(CLI::App& app);

inline void register_commands(CLI::App& app) {
  add_fri_command(app);
  add_crfe_command(app);
  add_rfe_command(app);
  add_boruta_command(app);
  add_sfc_command(app);
  add_ubayfs_command(app);
  add_mrmr_command(app);
  add_fisher_command(app);
  add_laplacian_command(app);
  add_pareto_command(app);
  add_generate_command(app);
  add_evaluate_command(app);
  add_stability_command(app);
}

}  // namespace featrel::cli
