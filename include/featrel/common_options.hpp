// The option sets every method command shares, each defined once: how the data file is read (target, dropped
// columns, task, positive class, missing values), how a run is seeded and threaded, and where its outputs go.
// Their tables drive the CLI flags, --help and docs/cli.md exactly as a method's own table does.
#pragma once

#include <cstdint>
#include <string>

#include "featrel/dataset.hpp"
#include "featrel/option_table.hpp"
#include "featrel/run_context.hpp"

namespace featrel {

// How data is read: the CsvOptions fields a user sets (the method fills `supported` and `command`).
const options::Table<CsvOptions>& data_option_table();

// --keep-selected FILE: the features that FILE (a result document of any method) selected join csv.keep, and
// csv.keep_note says what reading only them means. The note tells a selection made on the rows about to be read
// (`data_path`, compared by content with the input FILE's provenance names) from one made on other data, where
// selecting and analysing on different rows leaves no selection bias. No-op without keep_selected. InputError
// when FILE cannot be read, is not a result document, or selected no feature.
void keep_selected_features(CsvOptions& csv, const std::string& data_path);

// Seed and threads of a run.
struct RunSettings {
  std::uint64_t seed = 0;  // the same seed gives the same result, for any thread count
  unsigned threads = 0;    // 0 = all cores
};
const options::Table<RunSettings>& run_option_table();

// Where a method command writes its results.
struct OutputSettings {
  std::string json;   // result document
  std::string csv;    // one row per feature
  std::string svg;    // the chart
  bool quiet = false; // no table, no progress bar, no warnings
  std::string sort;   // table row order; empty = the method's first sort key
  std::size_t rows = 100;  // feature rows of the printed table beyond the kept ones (TextTable::fold); 0 = all
};
const options::Table<OutputSettings>& output_option_table();

}  // namespace featrel
