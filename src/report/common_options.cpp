// The shared option tables of common_options.hpp.
#include "featrel/common_options.hpp"

#include <filesystem>

#include "featrel/error.hpp"
#include "featrel/provenance.hpp"
#include "featrel/report.hpp"
#include "featrel/result_json.hpp"

namespace featrel {

const options::Table<CsvOptions>& data_option_table() {
  using options::Choices;
  static const options::Table<CsvOptions> table = [] {
    options::Table<CsvOptions> t("data");
    t.group("Data");
    t.add("target", &CsvOptions::target, "Target column, by name or 0-based index (default: the last column)")
        .value_name("NAME");
    t.add("drop", &CsvOptions::drop, "Columns that are not features, e.g. ids").value_name("A,B");
    t.add("keep", &CsvOptions::keep, "Only these columns are features (the others, but the target, are left out)")
        .value_name("A,B");
    t.add("keep_selected", &CsvOptions::keep_selected,
          "Only the features a result document (JSON of any method) selected, e.g. a fast filter's before a slow method")
        .value_name("FILE");
    t.choice("task", &CsvOptions::task,
             Choices<TaskRequest>{{"auto", TaskRequest::automatic},
                                  {"binary", TaskRequest::binary},
                                  {"multiclass", TaskRequest::multiclass},
                                  {"classification", TaskRequest::classification},
                                  {"regression", TaskRequest::regression},
                                  {"ordinal", TaskRequest::ordinal}},
             "What the target is; auto: two values binary, more numeric values multiclass (or ask)");
    t.add("positive", &CsvOptions::positive, "Label of the positive class of a binary target").value_name("LABEL");
    t.custom<char>(
         "sep", &CsvOptions::sep, "Field separator: auto (detect among , ; tab |), or one of , ; tab |",
         options::Kind::text,
         [](const options::Info& info, std::string_view w) -> char {
           if (w == "auto") return 0;
           if (w == "tab" || w == "\\t" || w == "\t") return '\t';
           if (w.size() == 1 && (w[0] == ',' || w[0] == ';' || w[0] == '|' || w[0] == '\t')) return w[0];
           options::detail::fail(info, "auto, ',', ';', tab or '|'", "'" + std::string(w) + "'");
         },
         [](const char& c) { return c == 0 ? std::string("auto") : c == '\t' ? std::string("tab") : std::string(1, c); },
         [](const char& c) {
           return c == 0 ? report::Json("auto") : c == '\t' ? report::Json("tab") : report::Json(std::string(1, c));
         })
        .value_name("SEP");
    t.add("na_values", &CsvOptions::na_values, "More words that mean a missing value (NA, ? and empty always do)")
        .value_name("A,B");
    t.add("categorical", &CsvOptions::categorical,
          "Columns read as categories (one indicator column per level), by name or index")
        .value_name("A,B");
    t.add("max_levels", &CsvOptions::max_levels,
          "A text column with at most this many distinct values is categorical (0 = never)")
        .range(options::Range::closed(0, 1000));
    t.choice("impute", &CsvOptions::impute,
             Choices<Impute>{{"none", Impute::none}, {"mean", Impute::mean}, {"median", Impute::median},
                             {"keep", Impute::keep}},
             "Missing values: none (an error), mean or median of the column, or keep them (boruta, sfc: the "
             "forests send them down their own branch)");
    t.add("drop_missing_target", &CsvOptions::drop_missing_target,
          "Leave out the rows without a target value (a warning names them) instead of stopping");
    t.finish();
    return t;
  }();
  return table;
}

void keep_selected_features(CsvOptions& csv, const std::string& data_path) {
  if (csv.keep_selected.empty()) return;
  const std::string& file = csv.keep_selected;
  csv.kept_by_selection.clear();
  const report::Json doc = report::read_json_file(file);
  const report::ResultSelection selection = report::result_selection(doc, file);
  std::size_t count = 0;
  for (std::size_t j = 0; j < selection.feature_names.size(); ++j) {
    if (!selection.selected[j]) continue;
    ++count;
    csv.kept_by_selection.push_back(selection.feature_names[j]);
  }
  const std::string by = selection.method.empty() ? "" : " " + selection.method;
  if (count == 0) {
    throw InputError("--keep-selected " + file + ": the" + by + " result selected no feature, so there is nothing "
                     "to keep; keep a ranking's top features with -k in that run, or pick the columns with --keep");
  }
  // Same rows or other rows: the result's provenance names its input by content hash.
  enum { same, other, unknown } rows = unknown;
  std::string other_file;
  const report::Json* prov = doc.contains("provenance") ? &doc["provenance"] : nullptr;
  if (prov != nullptr && prov->is_object() && prov->contains("input_sha256") && (*prov)["input_sha256"].is_string() &&
      !data_path.empty() && data_path != "-" && std::filesystem::is_regular_file(data_path)) {
    rows = (*prov)["input_sha256"].get<std::string>() == report::sha256_file(data_path) ? same : other;
    if (prov->contains("input_path") && (*prov)["input_path"].is_string())
      other_file = (*prov)["input_path"].get<std::string>();
  }
  const bool one = count == 1;
  std::string note = (one ? "only the feature that" : "only the " + std::to_string(count) + " features that") + by +
                     " selected in " + file;
  const std::string read = std::string(one ? " is" : " are") + " read (--keep-selected): the answer is about " +
                           (one ? "it" : "them") + " alone";
  if (rows == other) {
    note += " (on other data" + (other_file.empty() ? std::string() : ", " + other_file) + ")" + read;
  } else {
    note += std::string(rows == same ? " on these same rows" : "") + read + ", and " + (rows == same ? "since" : "if") +
            (one ? " it was" : " they were") + " chosen on these rows, " + (one ? "it looks" : "each looks") +
            " more relevant here than it would among all the columns (selection bias); read the answer as "
            "conditional on that selection, or select on other rows (a discovery split) and analyse these";
  }
  csv.keep_note = std::move(note);
}

const options::Table<RunSettings>& run_option_table() {
  static const options::Table<RunSettings> table = [] {
    options::Table<RunSettings> t("run");
    t.group("Run");
    t.add("seed", &RunSettings::seed, "Run seed; the same seed gives the same result")
        .range(options::Range::closed(0, 9.2e18));
    t.add("threads", &RunSettings::threads, "Worker threads, 0 = all cores; no result depends on it")
        .range(options::Range::closed(0, 1024));
    t.finish();
    return t;
  }();
  return table;
}

const options::Table<OutputSettings>& output_option_table() {
  static const options::Table<OutputSettings> table = [] {
    options::Table<OutputSettings> t("output");
    t.group("Output");
    t.add("json", &OutputSettings::json, "Write the result JSON to this file ('-': standard output)")
        .value_name("FILE");
    t.add("csv", &OutputSettings::csv, "Write one CSV row per feature to this file").value_name("FILE");
    t.add("svg", &OutputSettings::svg, "Write the chart to this SVG file").value_name("FILE");
    t.add("quiet", &OutputSettings::quiet, "No table, no progress bar, no warnings (errors are still printed)");
    t.add("sort", &OutputSettings::sort, "Row order of the printed table").value_name("KEY");
    t.add("rows", &OutputSettings::rows,
          "Feature rows of the printed table: past this many, the ones the method keeps and the first others, "
          "then a count of the rest (0 = every row; --csv and --json always hold every feature)")
        .range(options::Range::closed(0, 1e9));
    t.finish();
    return t;
  }();
  return table;
}

}  // namespace featrel
