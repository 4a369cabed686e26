// Command-line flags generated from option tables: every option of a Schema becomes a flag (booleans get --x and
// --no-x, lists repeat or take commas) with its help line, default and range from the table, in the table's help
// groups; after parsing, the words the user gave become the settings {key: word} the library reads.
#pragma once

#include <CLI/CLI.hpp>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "featrel/option_table.hpp"
#include "featrel/report.hpp"

namespace featrel::cli {

class OptionFlags {
 public:
  // Adds the options of `schema` to `app`; `skip` lists keys left out (e.g. svg for a method without a chart).
  void add(CLI::App& app, const options::Schema& schema, const std::vector<std::string>& skip = {});
  // The settings given on the command line for `schema`'s options, {key: word or [words]}.
  report::Json settings(const options::Schema& schema) const;

 private:
  struct Slot {
    const options::Info* info = nullptr;
    std::string word;
    std::vector<std::string> words;
    CLI::Option* on = nullptr;
    CLI::Option* off = nullptr;  // booleans: --no-x
  };
  std::map<std::string, std::unique_ptr<Slot>> slots_;  // by key
};

// The help line of an option: its help, then its range or choices and its default.
std::string help_line(const options::Info& info);

}  // namespace featrel::cli
