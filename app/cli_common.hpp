// Options and helpers every featrel subcommand shares: the data flags, the run flags, the output flags,
// turning them into library options, and printing warnings. Parsing and printing only; no logic.
#pragma once

#include <CLI/CLI.hpp>
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/report.hpp"
#include "featrel/run_context.hpp"

namespace featrel::cli {

struct CommonOptions {
  std::string data;
  std::string target;
  std::vector<std::string> drop;
  std::string task = "auto";
  std::string positive;
  std::string impute = "none";
  std::uint64_t seed = 0;
  unsigned threads = 0;
  std::string json, csv, svg;
  bool quiet = false;
  std::string compat = "none";
};

// DATA.csv, --target, --drop, --task, --positive, --impute.
void add_data_options(CLI::App& sub, CommonOptions& o);
// --seed, --threads.
void add_run_options(CLI::App& sub, CommonOptions& o);
// --json, --csv, optionally --svg, and --quiet.
void add_output_options(CLI::App& sub, CommonOptions& o, bool with_csv, bool with_svg);

CsvOptions csv_options(const CommonOptions& o, const std::vector<Task>& supported, const std::string& command);

// Progress bar on stderr (only when stderr is a terminal and not --quiet) plus the cancel flag set by SIGINT.
class Session {
 public:
  Session(const CommonOptions& o, const std::string& command);
  ~Session();
  const RunContext& context() const { return ctx_; }
  // One line per warning on stderr, unless --quiet.
  void warn(const std::vector<std::string>& warnings) const;
  void finish_progress();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  RunContext ctx_;
  bool quiet_;
  std::string command_;
};

// What a method command produces from its result; each piece is built only when it is asked for.
struct MethodOutputs {
  std::function<report::Json()> document;  // the result JSON (--json, and --csv via its features)
  std::function<std::string()> chart;      // the SVG (--svg); empty when the command has none
  std::function<void()> print;             // the table and summary on stdout
};
// Writes --json, --csv and --svg, prints (unless --quiet), then the warnings on stderr, each once (one-vs-rest
// problems and repeats can raise the same one several times), after the table so that a long table does not
// scroll them away.
void write_method_outputs(const CommonOptions& o, const Session& session, const MethodOutputs& out,
                          const std::vector<std::string>& warnings);

// The flag the SIGINT handler sets; the Session installs the handler.
std::atomic<bool>& interrupt_flag();

}  // namespace featrel::cli
