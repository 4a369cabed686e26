// The shared option tables of common_options.hpp.
#include "featrel/common_options.hpp"

#include "featrel/report.hpp"

namespace featrel {

const options::Table<CsvOptions>& data_option_table() {
  using options::Choices;
  static const options::Table<CsvOptions> table = [] {
    options::Table<CsvOptions> t("data");
    t.group("Data");
    t.add("target", &CsvOptions::target, "Target column, by name or 0-based index (default: the last column)")
        .value_name("NAME");
    t.add("drop", &CsvOptions::drop, "Columns that are not features, e.g. ids").value_name("A,B");
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
             Choices<Impute>{{"none", Impute::none}, {"mean", Impute::mean}, {"median", Impute::median}},
             "Missing values: none (an error), mean or median of the column");
    t.finish();
    return t;
  }();
  return table;
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
    t.finish();
    return t;
  }();
  return table;
}

}  // namespace featrel
