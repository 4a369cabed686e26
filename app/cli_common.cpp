#include "cli_common.hpp"

#include <unistd.h>

#include <csignal>
#include <iostream>
#include <set>

#include "featrel/progress_bar.hpp"

namespace featrel::cli {

std::atomic<bool>& interrupt_flag() {
  static std::atomic<bool> flag{false};
  return flag;
}

namespace {
extern "C" void on_interrupt(int) { interrupt_flag().store(true); }
}  // namespace

void add_data_options(CLI::App& sub, CommonOptions& o) {
  sub.add_option("data", o.data, "Input CSV file (header row required)")->required()->type_name("DATA.csv");
  sub.add_option("--target", o.target, "Target column (default: the last column)")->type_name("NAME");
  sub.add_option("--drop", o.drop, "Columns that are not features, e.g. ids (comma-separated)")
      ->delimiter(',')
      ->type_name("A,B");
  sub.add_option("--task", o.task, "auto, binary, multiclass, classification, regression or ordinal")
      ->capture_default_str()
      ->type_name("T");
  sub.add_option("--positive", o.positive, "Label of the positive class of a binary target")->type_name("LABEL");
  sub.add_option("--impute", o.impute, "Missing values: none (error), mean or median")
      ->capture_default_str()
      ->type_name("M");
}

void add_run_options(CLI::App& sub, CommonOptions& o) {
  sub.add_option("--seed", o.seed, "Run seed; the same seed gives the same result")->capture_default_str();
  sub.add_option("--threads", o.threads, "Worker threads, 0 = all cores; no result depends on it")
      ->capture_default_str();
}

void add_output_options(CLI::App& sub, CommonOptions& o, bool with_csv, bool with_svg) {
  sub.add_option("--json", o.json, "Write the result JSON to this file")->type_name("FILE");
  if (with_csv) sub.add_option("--csv", o.csv, "Write one CSV row per feature to this file")->type_name("FILE");
  if (with_svg) sub.add_option("--svg", o.svg, "Write the chart to this SVG file")->type_name("FILE");
  sub.add_flag("--quiet", o.quiet, "No table, no progress bar, no warnings (errors are still printed)");
}

CsvOptions csv_options(const CommonOptions& o, const std::vector<Task>& supported, const std::string& command) {
  CsvOptions c;
  c.target = o.target;
  c.drop = o.drop;
  c.task = parse_task_request(o.task);
  c.supported = supported;
  c.positive = o.positive;
  c.impute = parse_impute(o.impute);
  c.command = command;
  return c;
}

struct Session::Impl {
  std::unique_ptr<report::ProgressBar> bar;
};

Session::Session(const CommonOptions& o, const std::string& command)
    : impl_(std::make_unique<Impl>()), quiet_(o.quiet), command_(command) {
  ctx_.seed = o.seed;
  ctx_.threads = o.threads;
  interrupt_flag().store(false);
  std::signal(SIGINT, on_interrupt);
  ctx_.cancel = &interrupt_flag();
  const bool terminal = !o.quiet && isatty(STDERR_FILENO) == 1;
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

void write_method_outputs(const CommonOptions& o, const Session& session, const MethodOutputs& out,
                          const std::vector<std::string>& warnings) {
  if (!o.json.empty() || !o.csv.empty()) {
    const report::Json doc = out.document();
    if (!o.json.empty()) report::write_json_file(o.json, doc);
    if (!o.csv.empty()) report::write_text_file(o.csv, report::features_csv(doc));
  }
  if (!o.svg.empty() && out.chart) report::write_text_file(o.svg, out.chart());
  if (!o.quiet && out.print) {
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
