// featrel: command-line entry point. Registers the subcommands, runs the chosen one and maps errors to exit
// codes (0 ok, 2 input error, 3 solver failure, 130 interrupted, 1 internal error).
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli_common.hpp"
#include "commands.hpp"
#include "featrel/error.hpp"
#include "featrel/option_table.hpp"

int main(int argc, char** argv) {
  CLI::App app{"featrel: interpretable all-relevant feature selection.\n"
               "Run `featrel <command> --help` for the options of one command."};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("featrel ") + FEATREL_VERSION);
  featrel::cli::register_commands(app);
  featrel::cli::set_command_line(argc, argv);

  auto command_name = [&app]() {
    auto subs = app.get_subcommands();
    return subs.empty() ? std::string("featrel") : subs.front()->get_name();
  };
  // Library messages of a method may already start with its name ("fri: option C ..."); say it once.
  auto message = [&command_name](const std::exception& e) {
    const std::string prefix = command_name() + ": ";
    const std::string what = e.what();
    return what.rfind(prefix, 0) == 0 ? what : prefix + what;
  };
  try {
    app.parse(argc, argv);
    return 0;
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << command_name() << ": " << e.what() << "; see `featrel " << (command_name() == "featrel" ? "" : command_name() + " ")
              << "--help`\n";
    return 2;
  } catch (const featrel::options::OptionError& e) {
    // Library messages name option keys; say the flag the user typed.
    std::string what = e.what();
    const std::string flag = featrel::cli::flag_for_key(command_name(), e.key());
    const std::string quoted = "option '" + e.key() + "'";
    if (!flag.empty())
      for (auto at = what.find(quoted); at != std::string::npos; at = what.find(quoted, at + flag.size()))
        what.replace(at, quoted.size(), flag);
    std::cerr << command_name() << ": " << (what.rfind(command_name() + ": ", 0) == 0 ? what.substr(command_name().size() + 2) : what)
              << "\n";
    return 2;
  } catch (const featrel::InputError& e) {
    std::cerr << message(e) << "\n";
    return 2;
  } catch (const featrel::SolverError& e) {
    const std::string what = e.what(), prefix = command_name() + ": ";
    std::cerr << prefix << "solver failure: " << (what.rfind(prefix, 0) == 0 ? what.substr(prefix.size()) : what)
              << "\n";
    return 3;
  } catch (const featrel::Cancelled&) {
    std::cerr << command_name() << ": interrupted\n";
    return 130;
  } catch (const std::exception& e) {
    std::cerr << command_name() << ": internal error: " << e.what() << "\n";
    return 1;
  }
}
