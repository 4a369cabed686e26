// What every method command shares around a run: the progress bar and Ctrl-C, writing the outputs the output
// options ask for, printing warnings, and the command line for the provenance. Presentation only; no logic.
#pragma once

#include <CLI/CLI.hpp>
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "featrel/common_options.hpp"
#include "featrel/dataset.hpp"
#include "featrel/report.hpp"
#include "featrel/run_context.hpp"

namespace featrel::cli {

// Progress bar on stderr (only when stderr is a terminal and not --quiet) plus the cancel flag set by SIGINT.
class Session {
 public:
  Session(const RunSettings& run, bool quiet, const std::string& command);
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
void write_method_outputs(const OutputSettings& o, const Session& session, const MethodOutputs& out,
                          const std::vector<std::string>& warnings);

// The command line as typed (set once by main), for the results' provenance.
void set_command_line(int argc, char** argv);
const std::string& command_line();

// The flag the SIGINT handler sets; the Session installs the handler.
std::atomic<bool>& interrupt_flag();

}  // namespace featrel::cli
