// `featrel explore DATA.csv [data options] [FRI options] [--port N] [--no-browser]`: starts the explorer's local
// web server (featrel/explore.hpp, docs/explore.md), prints its URL with the access token, opens the browser and
// serves until Ctrl-C. Translation only: the server and the analyses are in the library.
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <iostream>
#include <thread>

#include "cli_common.hpp"
#include "commands.hpp"
#include "featrel/common_options.hpp"
#include "featrel/explore.hpp"
#include "featrel/fri.hpp"
#include "option_flags.hpp"

extern char** environ;

namespace featrel::cli {
namespace {

struct ExploreState {
  std::string data;
  int port = 0;
  bool no_browser = false;
  OptionFlags flags;
};

// xdg-open URL without a shell; a missing opener is only a note (the URL is printed anyway).
void open_browser(const std::string& url) {
  pid_t pid = 0;
  std::string prog = "xdg-open";
  char* argv[] = {prog.data(), const_cast<char*>(url.c_str()), nullptr};
  if (posix_spawnp(&pid, "xdg-open", nullptr, nullptr, argv, environ) != 0) {
    std::cerr << "note: could not run xdg-open; open the URL above in a browser\n";
    return;
  }
  std::thread([pid] { waitpid(pid, nullptr, 0); }).detach();
}

void run_explore(const ExploreState& state) {
  CsvOptions csv{};
  data_option_table().set_json(csv, state.flags.settings(data_option_table()));
  keep_selected_features(csv, state.data);
  csv.supported = fri::method_spec().tasks;
  csv.command = "explore";
  RunSettings run{};
  run_option_table().set_json(run, state.flags.settings(run_option_table()));
  explore::ServerOptions o;
  o.port = state.port;
  o.seed = run.seed;
  o.threads = run.threads;
  o.fri_settings = state.flags.settings(fri::option_table());
  o.data_path = state.data;
  o.data_options = data_option_table().to_json(csv);
  if (state.data.empty()) throw InputError("a data file is required: featrel explore DATA.csv [--target COL]");
  explore::Server server(read_csv(state.data, csv), o);  // bad FRI options fail before the server starts
  Session session(run, true, "explore");                  // the Ctrl-C flag
  server.start();
  std::cout << server.url() << std::endl;
  std::cerr << "featrel explore: fitting FRI on " << state.data << " (the page shows progress); Ctrl-C stops\n";
  if (!state.no_browser) open_browser(server.url());
  while (!interrupt_flag().load()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  server.stop();
  std::cerr << "featrel explore: stopped\n";
}

}  // namespace

void add_explore_command(CLI::App& app) {
  auto state = std::make_shared<ExploreState>();
  CLI::App* sub = app.add_subcommand("explore", "Explore FRI interactively in the browser: pin features, see every "
                                                "interval move");
  sub->footer(
      "Starts a local web server on 127.0.0.1 (one FRI fit, kept in memory), prints its URL with a random access\n"
      "token and opens it in the browser. Click a feature to pin its relevance (to 0, a value or a range): only the\n"
      "bound LPs are solved again. UBayFS with your weights and constraints and every other method run on the same\n"
      "data from the page. Ctrl-C stops the server. See docs/explore.md.");
  sub->add_option("data", state->data, "Input CSV file (header row required)")->type_name("DATA.csv");
  sub->add_option("--port", state->port, "Port on 127.0.0.1 (0: a free port)")->default_val(0)->check(CLI::Range(0, 65535));
  sub->add_flag("--no-browser", state->no_browser, "Do not open the browser; only print the URL");
  state->flags.add(*sub, data_option_table());
  state->flags.add(*sub, fri::option_table(), {"presets"});
  state->flags.add(*sub, run_option_table());
  sub->callback([state]() { run_explore(*state); });
}

}  // namespace featrel::cli
