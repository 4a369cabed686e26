// `featrel mrmr|fisher|laplacian DATA.csv`: one elementary selector of UBayFS (specs/ubayfs.md §3.2) on all rows
// (constant columns dropped, z-scored with the sample SD). Parses the flags into selectors::Options, runs
// selectors::rank, prints the ranking (rank, feature, score) and writes the JSON and CSV. Parsing and printing
// only: every number printed comes from the library's Result.
#include <cmath>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "cli_common.hpp"
#include "commands.hpp"
#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/report.hpp"
#include "featrel/result_json.hpp"
#include "featrel/selectors.hpp"

namespace featrel::cli {
namespace {

constexpr int default_nr_features = 10;

struct SelectorArgs {
  selectors::Method method = selectors::Method::mrmr;
  CommonOptions common;
  std::optional<int> nr_features;
  bool all = false;
  std::string mrmr_relevance = "auto";
  double laplacian_t = 1.0;
};

std::vector<Task> supported_tasks(const SelectorArgs& a) {
  if (a.method != selectors::Method::fisher) return {};  // mrmr and laplacian take every task
  // Fisher is class-only: under --task auto a numeric target with ≥ 3 values is multiclass (README §4);
  // ordinal levels are accepted as classes when asked for.
  std::vector<Task> tasks{Task::binary, Task::multiclass};
  if (a.common.task == "ordinal") tasks.push_back(Task::ordinal);
  return tasks;
}

selectors::Options build_options(const SelectorArgs& a, const Dataset& data) {
  const std::string cmd = selectors::to_string(a.method);
  selectors::Options o;
  o.method = a.method;
  if (a.all && a.nr_features) throw InputError(cmd + ": --all and --nr-features exclude each other");
  if (!a.all) {
    // Default: the top 10, or every feature when there are fewer.
    o.nr_features = a.nr_features.value_or(
        static_cast<int>(std::min<std::size_t>(default_nr_features, data.n_features())));
  }
  o.mrmr_relevance = selectors::parse_class_relevance(a.mrmr_relevance);
  if (a.common.compat == "reference") {
    // mRMRe treats every class target as an ordered factor: Somers' D throughout unless asked otherwise.
    if (o.mrmr_relevance == selectors::ClassRelevance::automatic) o.mrmr_relevance = selectors::ClassRelevance::somers;
  } else if (a.common.compat != "none") {
    throw InputError(cmd + ": --compat must be none or reference, got '" + a.common.compat + "'");
  }
  o.laplacian_t = a.laplacian_t;
  selectors::validate(o, data);
  return o;
}

std::string score_text(const std::optional<double>& v) {
  if (!v) return "-";
  if (std::isinf(*v)) return *v > 0 ? "inf" : "-inf";
  return format_fixed(*v, 6);
}

void print_result(const selectors::Result& r, const Dataset& data) {
  const std::string cmd = selectors::to_string(r.options.method);
  std::cout << cmd << ": " << data.source << ", target '" << data.target_name << "' (" << to_string(r.task);
  if (r.task == Task::binary && data.classes.size() == 2) std::cout << ", positive class '" << data.classes[1] << "'";
  std::cout << "), " << data.n_samples() << " samples, " << data.n_features() << " features\n";
  switch (r.options.method) {
    case selectors::Method::mrmr:
      std::cout << "ranking: mRMR picks (mRMRe classic, relevance " << selectors::to_string(r.options.mrmr_relevance)
                << "); score = relevance − mean redundancy with the earlier picks (mRMRe scale),"
                << " relevance = MI with the target\n";
      break;
    case selectors::Method::fisher:
      std::cout << "ranking: Fisher score, between-class over within-class spread (larger is better)\n";
      break;
    case selectors::Method::laplacian:
      std::cout << "ranking: Laplacian score on the k-NN graph of the rows, t = " << format_number(r.options.laplacian_t)
                << " (smaller keeps neighbours closer; the target is not used)\n";
      break;
  }
  std::cout << "\n";
  const bool mrmr = r.options.method == selectors::Method::mrmr;
  std::vector<std::string> head{"rank", "feature", "score"};
  if (mrmr) head.push_back("relevance");
  report::TextTable t(head);
  for (std::size_t i = 0; i < r.order.size(); ++i) {
    const selectors::FeatureRank& f = r.features[static_cast<std::size_t>(r.order[i])];
    std::vector<std::string> row{std::to_string(i + 1), f.name, score_text(f.pick_score)};
    if (mrmr) row.push_back(score_text(f.criterion));
    t.add_row(row);
  }
  std::cout << t.render();
  std::size_t constant = 0;
  for (const auto& f : r.features) constant += f.constant ? 1 : 0;
  if (constant > 0) std::cout << "\n" << constant << " constant feature(s) left out\n";
}

void run_selector(const SelectorArgs& a) {
  const std::string cmd = selectors::to_string(a.method);
  const CsvOptions csv = csv_options(a.common, supported_tasks(a), cmd);
  const Dataset data = read_csv(a.common.data, csv);
  const selectors::Options options = build_options(a, data);
  Session session(a.common, cmd);
  const selectors::Result r = selectors::rank(data, options);
  session.finish_progress();
  write_method_outputs(
      a.common, session,
      {[&] { return r.to_json(data, a.common.seed, session.context().resolved_threads()); }, {},
       [&] { print_result(r, data); }},
      r.warnings);
}

void add_command(CLI::App& app, selectors::Method method) {
  auto args = std::make_shared<SelectorArgs>();
  SelectorArgs& a = *args;
  a.method = method;
  CLI::App* sub = nullptr;
  switch (method) {
    case selectors::Method::mrmr:
      sub = app.add_subcommand(
          "mrmr",
          "Minimum-redundancy maximum-relevance (mRMRe classic): which n features are most related to the target\n"
          "and least to each other? Greedy picks; relevance is Somers' D (binary, ordinal), η² (multiclass) or\n"
          "Pearson r (regression) as Gaussian MI. One of UBayFS's elementary selectors. See docs/selectors.md.");
      break;
    case selectors::Method::fisher:
      sub = app.add_subcommand(
          "fisher",
          "Fisher score (Rdimtools do.fscore): which n features separate the classes best, one at a time?\n"
          "Between-class over within-class spread. Class targets only. See docs/selectors.md.");
      break;
    case selectors::Method::laplacian:
      sub = app.add_subcommand(
          "laplacian",
          "Laplacian score (Rdimtools do.lscore): which n features best preserve the neighbourhoods of the rows?\n"
          "Unsupervised (the target is read but not used). See docs/selectors.md.");
      break;
  }
  add_data_options(*sub, a.common);
  sub->add_option("-n,--n,--nr-features", a.nr_features,
                  "Number of features to pick (default 10, or all when there are fewer)")
      ->type_name("N");
  sub->add_flag("--all", a.all, "Rank every feature");
  if (method == selectors::Method::mrmr)
    sub->add_option("--mrmr-relevance", a.mrmr_relevance,
                    "Relevance to a class target: auto (Somers' D for binary/ordinal, η² for multiclass), somers, eta")
        ->capture_default_str()
        ->type_name("MODE");
  if (method == selectors::Method::laplacian)
    sub->add_option("--laplacian-t", a.laplacian_t, "Heat-kernel width t (> 0)")->capture_default_str();
  add_run_options(*sub, a.common);
  sub->add_option("--compat", a.common.compat,
                  "none, or reference: mRMRe's Somers' D for every class target (mrmr)")
      ->capture_default_str()
      ->type_name("MODE");
  add_output_options(*sub, a.common, true, false);
  sub->callback([args]() { run_selector(*args); });
}

}  // namespace

void add_mrmr_command(CLI::App& app) { add_command(app, selectors::Method::mrmr); }
void add_fisher_command(CLI::App& app) { add_command(app, selectors::Method::fisher); }
void add_laplacian_command(CLI::App& app) { add_command(app, selectors::Method::laplacian); }

}  // namespace featrel::cli
