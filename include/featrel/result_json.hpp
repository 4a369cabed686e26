// The result JSON every method writes (docs/result-format.md#writing-rules): building its common fields, and reading results
// back for `featrel evaluate` and `featrel stability`.
//
// A method builds its result as
//   Json r = result_skeleton(header);                      // method … options, then placeholders (see below)
//   for each feature: Json e = feature_entry(j, name, sel, constant); add_relevance_class(e, cls); …
//                     r["features"].push_back(e);
//   finish_selection(r);                                   // selected, selected_names from features[].selected
//   r["diagnostics"] = diagnostics_block(warnings, seconds, threads);  // then its own counters
//   r["my_field"] = …;                                      // the method's own fields come last
// The skeleton already holds `features`, `selected`, `selected_names` and `diagnostics` as empty placeholders, so
// these keys keep the spec's order whatever order the method fills them in (assigning to an existing key of an
// ordered_json keeps its position).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/report.hpp"

namespace featrel::report {

// The version written as featrel_version (the FEATREL_VERSION the build defines; "0.0.0" if it does not).
const char* featrel_version();

struct ResultHeader {
  std::string method;
  std::string task;                      // binary | multiclass | regression | ordinal
  std::vector<std::string> classes;      // label strings in encoded order; empty for regression
  std::optional<std::string> positive_class;  // binary only; default: classes[1] (code 1)
  std::size_t n_samples = 0;
  std::size_t n_features = 0;
  std::vector<std::string> feature_names;
  std::uint64_t seed = 0;
  std::string compat = "none";
  Json options = Json::object();  // every option after compat and presets are applied
};

// The header a method fills from its data set: task (the one the method ran, which may differ from data.task),
// classes, sizes and feature names from `data`; compat "none" and empty options for the caller to set.
ResultHeader dataset_header(const Dataset& data, std::string method, Task task, std::uint64_t seed);

// Keys in order: method, featrel_version, task, classes, positive_class (binary only: header.positive_class, or
// classes[1] when it is unset and there are two classes, else null), n_samples, n_features, feature_names, seed,
// compat, options; then the placeholders features [], selected [], selected_names [], diagnostics {}.
Json result_skeleton(const ResultHeader& header);

// {index, name, selected, constant}.
Json feature_entry(std::size_t index, const std::string& name, bool selected, bool constant);

// The word for a relevance class: 0 irrelevant, 1 weak, 2 strong (std::invalid_argument otherwise).
const char* relevance_word(int cls);
// Appends `class` (cls) and `relevance` (its word) to a feature entry.
void add_relevance_class(Json& entry, int cls);

// Sets `selected` (ascending 0-based indices) and `selected_names` from features[].selected, keeping the keys'
// positions when they exist. The position is the array position, which equals `index` by construction.
// std::logic_error when features is missing or an entry lacks a boolean `selected` (a bug in the method).
void finish_selection(Json& result);

// {warnings: [...], seconds: {phase: s, …, total: s}, threads: n}. When no phase is named "total", total is
// appended as the sum of the phases. Non-finite seconds become null. Methods add their counters afterwards.
Json diagnostics_block(const std::vector<std::string>& warnings,
                       const std::vector<std::pair<std::string, double>>& seconds, unsigned threads);

// What evaluate and stability need from a result file.
struct ResultSelection {
  std::string method;                       // "" when the file has no method field
  std::vector<std::string> feature_names;   // features[].name, in column order
  std::vector<bool> selected;               // features[].selected
  std::optional<std::vector<int>> classes;  // features[].class, only when every entry has one
  std::string source;                       // the file it was read from, for messages
};

// Reads a result JSON. InputError naming the file when it cannot be read or parsed, has no `features` array, or
// an entry lacks a string `name` or a boolean `selected` (naming the entry and the field), or has a `class` that
// is not 0, 1 or 2. A null `class` counts as absent.
ResultSelection read_result_selection(const std::string& path);
// The same from a parsed document; `source` names it in messages.
ResultSelection result_selection(const Json& result, const std::string& source);

// The document without its timing: every `diagnostics` object, at any depth (runs[] carry their own), loses
// `seconds` and `threads`, and the `provenance` block (command line, time) goes. Two runs of a method with any
// thread counts must then serialise to the same bytes.
Json strip_timing(Json result);

}  // namespace featrel::report
