// The method registry: every feature-selection method featrel offers, described once, so that each face (the
// `featrel <method>` commands and `featrel --help`, the Python package, the explorer) is generic over it.
//
// A method registers its name, the one-line question it answers, its option table (as a Schema), the tasks it
// supports, and a run function that takes data in memory and settings {option key: value} and returns a
// MethodResult: the result document (the JSON every method writes), its chart, its text table, its warnings and
// the one selection shape every method exposes (per feature: selected, a score, a rank, a relevance class where
// the method has one). Adding a method is one folder under src/methods plus one line in src/registry.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/option_table.hpp"
#include "featrel/preflight.hpp"
#include "featrel/report.hpp"
#include "featrel/run_context.hpp"

namespace featrel {

// One feature in the selection shape.
struct FeatureSelection {
  bool selected = false;
  std::optional<double> score;  // the method's main per-feature number (see Selection::score_name)
  std::optional<int> rank;      // 1 = most relevant; unset where the method does not rank
  std::optional<int> relevance; // 0 irrelevant, 1 weak, 2 strong; unset where the method has no classes
};

// What every method's result says in the same shape, in C++ and in JSON (`selection` block).
struct Selection {
  std::string score_name;  // what `score` is, e.g. "upper" (FRI), "median_importance" (Boruta)
  std::vector<FeatureSelection> features;  // one per feature column, column order

  std::vector<std::size_t> selected_indices() const;
  report::Json to_json() const;
};

// Results per original CSV column when categorical columns were encoded as indicator columns (Dataset::origins):
// for each original column its levels' features, whether any level is selected, the best class and score over its
// levels. An empty array when no column was categorical; otherwise every method's document carries it as
// `original_columns`, and its text gets original_columns_text() appended.
report::Json original_columns_json(const Selection& selection, const Dataset& data);
// "" when no column was categorical; otherwise a short section: one line per categorical column saying whether it
// is selected and through which levels.
std::string original_columns_text(const Selection& selection, const Dataset& data);

// A finished run of a registered method.
class MethodResult {
 public:
  virtual ~MethodResult() = default;
  // The result document (docs/result-format.md), with a `selection` block in the shared shape.
  virtual report::Json to_json() const = 0;
  // The method's chart as SVG; empty when it has none.
  virtual std::string chart_svg() const { return {}; }
  // The table and summary a person reads (the CLI prints it), rows in `sort` order (a word of sort_keys); a table
  // with a row per feature is folded at `max_rows` rows (report::TextTable::fold; 0 = every row).
  virtual std::string text(std::string_view sort, std::size_t max_rows = 0) const = 0;
  // Warnings of the run (data, options, degenerate results), each once.
  virtual std::vector<std::string> warnings() const = 0;
  virtual Selection selection() const = 0;
  // Further files the options asked for, as (path, content): e.g. pareto's --dot lattice.
  virtual std::vector<std::pair<std::string, std::string>> extra_files() const { return {}; }
};

// Settings of a run: {option key: value}; a string value is read as the command-line word.
using Settings = report::Json;

struct MethodSpec {
  std::string name;         // the command: "fri"
  std::string question;     // one line for `featrel --help`
  std::string description;  // the command's help paragraph
  std::vector<Task> tasks;  // tasks it runs on (read_csv refuses the others)
  bool has_chart = true;
  // Row orders of the text table; the first is the default.
  std::vector<std::string> sort_keys{"index"};
  // The option table.
  const options::Schema* schema = nullptr;
  // Validates the settings alone (before any data is read); OptionError naming the key.
  std::function<void(const Settings&)> check;
  // Runs the method. InputError/OptionError for bad data or settings, SolverError, Cancelled.
  std::function<std::unique_ptr<MethodResult>(const Dataset&, const Settings&, const RunContext&)> run;
  // Optional: reads the method's inputs when it needs more than the one CSV (row-role files, a split column);
  // may move what it read into the settings. Null: read_csv(path, csv).
  std::function<Dataset(const std::string& path, const CsvOptions& csv, Settings& settings)> load;
  // Optional: the method can run without a data file when these settings say so (pareto --impacts).
  std::function<bool(const Settings&)> runs_without_data;
  std::string data_alternative;  // what replaces the data file, for messages ("--impacts FILE")
  // The data file may also come with the alternative (ubayfs: DATA.csv --counts FILE adds correlations). Without a
  // data file the method runs on a Dataset without columns.
  bool data_with_alternative = false;
  // The method has its own `repeats` option (crfe, rfe: random splits; ubayfs: outer splits) and reports
  // features[].selection_frequency itself; the shared resampled repeats (resampling.hpp) are not offered.
  bool own_repeats = false;
  // The method takes missing feature values as they are (NaN, `--impute keep`): its forests route them per split.
  // Set before bind_method; every other method refuses NaN in the pre-flight checks.
  bool keeps_missing = false;
};

// Builds a MethodSpec from a method's typed pieces: options are read from the settings through `table` and checked
// with `validate`; the result's document gets the selection shape merged into features[] (score, rank and class
// where an entry lacks them) and a `selection` block naming the score.
template <class O, class R>
struct MethodParts {
  const options::Table<O>* table = nullptr;
  std::function<void(const O&)> validate;
  std::function<R(const Dataset&, const O&, const RunContext&)> run;
  std::function<report::Json(const R&, const Dataset&)> to_json;
  std::function<std::string(const R&, const Dataset&)> chart;  // null: no chart
  std::function<std::string(const R&, const Dataset&, std::string_view sort, std::size_t max_rows)> text;
  std::function<std::vector<std::string>(const R&)> warnings;
  std::function<Selection(const R&, const Dataset&)> selection;
  std::function<std::vector<std::pair<std::string, std::string>>(const R&)> extra_files;  // null: none
};

// The bindings most methods write the same way, found by argument-dependent lookup in the method's namespace:
// validate(o), run(data, o, ctx), r.to_json(data) (or r.to_json()), text_report(r, data, sort, max_rows) and
// r.warnings (or r.diagnostics.warnings). A method sets the rest (chart, selection) and overrides what differs.
template <class O, class R>
MethodParts<O, R> conventional_parts(const options::Table<O>& table) {
  MethodParts<O, R> parts;
  parts.table = &table;
  parts.validate = [](const O& o) { validate(o); };
  parts.run = [](const Dataset& data, const O& o, const RunContext& ctx) { return run(data, o, ctx); };
  if constexpr (requires(const R& r, const Dataset& d) { r.to_json(d); })
    parts.to_json = [](const R& r, const Dataset& data) { return r.to_json(data); };
  else
    parts.to_json = [](const R& r, const Dataset&) { return r.to_json(); };
  parts.text = [](const R& r, const Dataset& data, std::string_view sort, std::size_t max_rows) {
    return text_report(r, data, sort, max_rows);
  };
  if constexpr (requires(const R& r) { r.warnings; })
    parts.warnings = [](const R& r) { return r.warnings; };
  else
    parts.warnings = [](const R& r) { return r.diagnostics.warnings; };
  return parts;
}

// Ranks by decreasing score (ties: column order; features without a score are not ranked).
void rank_by_score(Selection& selection);

// Adds the selection shape to a result document (see MethodParts).
void merge_selection(report::Json& document, const Selection& selection);

// The pre-flight issues of a run as the result document's `preflight` block: [{kind, column, message}], plus the
// chance floor's numbers and the names of the features above it (`above_features`).
report::Json preflight_json(const std::vector<PreflightIssue>& issues, const Dataset& data);
// On a wide table (a chance_floor issue): which selected features lie below the floor, as a warning that names
// them; nullopt when there is no floor, every selected feature is above it, or every feature is "selected" (a
// ranking without a cut, which picks nothing out).
std::optional<std::string> below_chance_floor_warning(const std::vector<PreflightIssue>& issues,
                                                      const Selection& selection, const Dataset& data);
// Every method runs on at least this many rows (adapting its defaults on small cohorts).
inline constexpr std::size_t kMinRows = 20;
// Runs the pre-flight checks before a method (constant columns are left to the Dataset's own warning). A fatal
// issue is an InputError with its message, as are fewer than kMinRows rows, a class with a single row, and a
// missing feature value (NaN, left by --impute keep) unless the method `keeps_missing`.
std::vector<PreflightIssue> run_preflight(const Dataset& data, const std::vector<Task>& tasks,
                                          bool keeps_missing = false);

template <class O, class R>
class TypedMethodResult final : public MethodResult {
 public:
  TypedMethodResult(std::shared_ptr<const MethodParts<O, R>> parts, const Dataset& data, R result,
                    std::vector<PreflightIssue> preflight = {})
      : parts_(std::move(parts)), data_(&data), result_(std::move(result)), preflight_(std::move(preflight)) {}
  report::Json to_json() const override {
    report::Json doc = parts_->to_json(result_, *data_);
    const Selection s = selection();
    merge_selection(doc, s);
    doc["preflight"] = preflight_json(preflight_, *data_);
    // The document lists the warnings warnings() returns, pre-flight messages included (docs/result-format.md).
    if (doc.contains("diagnostics") && doc["diagnostics"].contains("warnings")) {
      report::Json& warnings = doc["diagnostics"]["warnings"];
      warnings = with_run_warnings(warnings.get<std::vector<std::string>>(), s);
    }
    if (auto columns = original_columns_json(s, *data_); !columns.empty()) doc["original_columns"] = std::move(columns);
    return doc;
  }
  std::string chart_svg() const override { return parts_->chart ? parts_->chart(result_, *data_) : std::string(); }
  std::string text(std::string_view sort, std::size_t max_rows = 0) const override {
    return parts_->text(result_, *data_, sort, max_rows) + original_columns_text(selection(), *data_);
  }
  std::vector<std::string> warnings() const override {
    return with_run_warnings(parts_->warnings(result_), selection());
  }
  Selection selection() const override { return parts_->selection(result_, *data_); }
  std::vector<std::pair<std::string, std::string>> extra_files() const override {
    return parts_->extra_files ? parts_->extra_files(result_) : std::vector<std::pair<std::string, std::string>>{};
  }
  const R& result() const { return result_; }

 private:
  // The method's warnings between the pre-flight messages and the chance-floor reading of the selection.
  std::vector<std::string> with_run_warnings(std::vector<std::string> method, const Selection& selection) const {
    std::vector<std::string> all;
    for (const auto& issue : preflight_) all.push_back(issue.message);
    for (auto& w : method) all.push_back(std::move(w));
    if (auto w = below_chance_floor_warning(preflight_, selection, *data_)) all.push_back(std::move(*w));
    return all;
  }

  std::shared_ptr<const MethodParts<O, R>> parts_;
  const Dataset* data_;  // the caller keeps the data alive as long as the result
  R result_;
  std::vector<PreflightIssue> preflight_;
};

template <class O, class R>
void bind_method(MethodSpec& spec, MethodParts<O, R> parts) {
  auto shared = std::make_shared<const MethodParts<O, R>>(std::move(parts));
  spec.schema = shared->table;
  spec.has_chart = static_cast<bool>(shared->chart);
  auto options_from = [shared](const Settings& settings) {
    O o{};
    shared->table->set_json(o, settings);
    if (shared->validate) shared->validate(o);
    return o;
  };
  spec.check = [options_from](const Settings& settings) { (void)options_from(settings); };
  // Set spec.tasks and spec.keeps_missing before binding: the pre-flight checks read them.
  spec.run = [shared, options_from, tasks = spec.tasks, keeps_missing = spec.keeps_missing](
                 const Dataset& data, const Settings& settings,
                 const RunContext& ctx) -> std::unique_ptr<MethodResult> {
    const O o = options_from(settings);
    auto issues = run_preflight(data, tasks, keeps_missing);
    return std::make_unique<TypedMethodResult<O, R>>(shared, data, shared->run(data, o, ctx), std::move(issues));
  };
}

// Runs one task of a plain-data task plan (task_plan.hpp) on the run's data: what a plan executor's worker calls,
// in another process or on another machine. The kind names the runner ("fri.blocks"); InputError for an unknown
// kind or a malformed plan.
report::Json run_plan_task(std::string_view kind, const Dataset& data, const report::Json& shared,
                           const report::Json& task, const RunContext& ctx);

// Every registered method, in the order `featrel --help` lists them.
const std::vector<MethodSpec>& methods();
// The method named `name`; InputError listing the names otherwise.
const MethodSpec& method(std::string_view name);

}  // namespace featrel
