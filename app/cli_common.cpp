#include "cli_common.hpp"

#include <unistd.h>

#include <csignal>
#include <iostream>
#include <set>

#include "featrel/progress_bar.hpp"

namespace featrel::cli {

namespace {
std::string& command_line_storage() {
  static std::string line;
  return line;
}
}  // namespace

void set_command_line(int argc, char** argv) {
  std::string line;
  for (int i = 0; i < argc; ++i) {
    std::string word = argv[i];
    const bool quote = word.empty() || word.find_first_of(" \t'\"$\\") != std::string::npos;
    if (quote) {
      std::string q = "'";
      for (char c : word) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
      word = q + "'";
    }
    line += (i ? " " : "") + word;
  }
  command_line_storage() = line;
}

const std::string& command_line() { return command_line_storage(); }

std::atomic<bool>& interrupt_flag() {
  static std::atomic<bool> flag{false};
  return flag;
}

namespace {
extern "C" void on_interrupt(int) { interrupt_flag().store(true); }
}  // namespace

struct Session::Impl {
  std::unique_ptr<report::ProgressBar> bar;
};

Session::Session(const RunSettings& run, bool quiet, const std::string& command)
    : impl_(std::make_unique<Impl>()), quiet_(quiet), command_(command) {
  ctx_.seed = run.seed;
  ctx_.threads = run.threads;
  interrupt_flag().store(false);
  std::signal(SIGINT, on_interrupt);
  ctx_.cancel = &interrupt_flag();
  const bool terminal = !quiet && isatty(STDERR_FILENO) == 1;
  impl_->bar = std::make_unique<report::ProgressBar>(std::cerr, terminal);
  report::ProgressBar* bar = impl_->bar.get();
  ctx_.progress = [bar](std::string_view stage, std::size_t done, std::size_t total) {
    bar->update(stage, done, total);
  };
}

Session::~Session() {
  finish_progress();
  std::signal(SIGINT, SIG_DFL);
}

void Session::finish_progress() {
  if (impl_ && impl_->bar) impl_->bar->finish();
}

void Session::warn(const std::vector<std::string>& warnings) const {
  if (quiet_) return;
  for (const auto& w : warnings) std::cerr << command_ << ": warning: " << w << "\n";
}

void write_method_outputs(const OutputSettings& o, const Session& session, const MethodOutputs& out,
                          const std::vector<std::string>& warnings) {
  if (!o.json.empty() || !o.csv.empty()) {
    const report::Json doc = out.document();
    // "-": standard output (the table is then left out so that the output stays one JSON document).
    if (o.json == "-") std::cout << report::json_text(doc);
    else if (!o.json.empty()) report::write_json_file(o.json, doc);
    if (o.csv == "-") std::cout << report::features_csv(doc);
    else if (!o.csv.empty()) report::write_text_file(o.csv, report::features_csv(doc));
  }
  if (o.svg == "-" && out.chart) std::cout << out.chart();
  else if (!o.svg.empty() && out.chart) report::write_text_file(o.svg, out.chart());
  const bool stdout_taken = o.json == "-" || o.csv == "-" || o.svg == "-";
  if (!o.quiet && out.print && !stdout_taken) {
    out.print();
    std::cout.flush();
  }
  std::vector<std::string> unique;
  std::set<std::string> seen;
  for (const auto& w : warnings)
    if (seen.insert(w).second) unique.push_back(w);
  session.warn(unique);
}

}  // namespace featrel::cli
