// Internal to src/data: the pieces read_csv and make_dataset share.
//
// Both readers first produce a RawTable (numeric features with NaN marking missing cells, the text of the
// columns to encode as categories, the target as raw strings, and where each row came from), then
// build_dataset turns it into a Dataset: categorical encoding (categorical.cpp), target encoding and task
// resolution (label_encoding.cpp), missing values and constant columns (column_checks.cpp).
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "featrel/dataset.hpp"

namespace featrel::detail {

struct RawTable {
  Eigen::MatrixXd X;                       // one column per source feature; NaN = missing (or a text column)
  std::vector<std::string> feature_names;  // the source feature columns
  std::string target_name;
  std::vector<std::string> target;         // raw target values, surrounding blanks trimmed
  // make_dataset's numeric target: the exact values (`target` then holds their shortest text).
  std::vector<double> target_numbers;
  std::string source;                      // file name or "<memory>"
  std::vector<std::size_t> lines;          // file line of each row; empty for data from memory
  // The source's data row (0-based) of each row once rows were left out (drop_missing_target); empty = row i is i.
  std::vector<std::size_t> rows;
  // Per source column: the trimmed text of every row when the column is categorical; empty otherwise.
  std::vector<std::vector<std::string>> text;
  // Per source column: named by options.categorical (encoded whatever its values; no warning).
  std::vector<bool> forced_categorical;
  // Per source column: the first row whose value is not a number, and that value (detected text columns).
  std::vector<std::size_t> first_text_row;
  std::vector<std::string> first_text_value;
  bool decimal_comma = false;              // "1,5" is 1.5 (';' or tab separated files)
};

constexpr std::size_t kNoRow = static_cast<std::size_t>(-1);

// "data.csv, row 17 (line 18)" for a 0-based row: rows are counted from 1 among the data rows, and the line
// is the line of the file the row starts on, so both readers of a message can find it.
std::string where_row(const RawTable& raw, std::size_t row);

// Outcome of parsing one field as a number.
enum class NumberParse { ok, not_number, not_finite };
// Parses a whole field (blanks around it ignored, a leading '+' allowed) with std::from_chars.
NumberParse parse_number(std::string_view text, double& value);
// Same; with `decimal_comma`, a field matching -?[0-9]+,[0-9]+ is read with the comma as decimal point.
NumberParse parse_number(std::string_view text, double& value, bool decimal_comma);
// True for the spellings of a missing value: empty, "NA" and "?" (after trimming blanks).
bool is_missing_token(std::string_view text);
// Same, or equal (after trimming blanks) to one of `extra` (CsvOptions::na_values).
bool is_missing_value(std::string_view text, const std::vector<std::string>& extra);
// The text without leading and trailing spaces and tabs.
std::string_view trim_blanks(std::string_view text);
// A value for messages: quoted, and shortened when very long.
std::string quote_value(std::string_view text);
// "'a', 'b', 'c'" with at most `limit` names, then "and N more".
std::string name_list(const std::vector<std::string>& names, std::size_t limit = 12);
// Which of `columns` the data options `keep` and `kept_by_selection` name (empty when neither lists any): by name,
// by 0-based index, or by a result's indicator name "<col>=<level>" (its column <col>). InputError naming the
// option, `source` and the columns for any other name.
std::vector<bool> kept_columns(const CsvOptions& options, const std::vector<std::string>& columns,
                               const std::string& source);
// The shortest text that reads back as exactly `value` ("1", "0.1", "1e+300").
std::string shortest_text(double value);

// The warning of a data file read as Windows-1252 (featrel/text_encoding.hpp), naming the line of byte `bad`.
std::string windows1252_warning(std::string_view text, std::size_t bad, const std::string& source);

// Separator names for messages and the option that sets them: "','", "tab"; "--sep ';'", "--sep '\t'".
std::string separator_name(char sep);
std::string separator_option(char sep);
// The separator of a CSV text (CsvOptions::sep = 0): among ',', ';', tab and '|', the one that splits the
// header and the first rows, outside quotes, into one same number (> 1) of fields; ',' when it qualifies.
// Two qualifying candidates without ',' are an InputError asking for --sep. When none qualifies, the one
// giving the header the most fields (',' when none gives more than one), so the row-level errors name the
// ragged row.
char detect_separator(std::string_view text, const std::string& source);

// InputError when the bytes are not CSV text: a zip archive (.xlsx), an OLE file (.xls), Parquet, gzip,
// UTF-16 or anything with NUL bytes in its first 4 KiB. The message says what the file is and how to get a CSV.
void reject_binary(std::string_view bytes, const std::string& source);

// Encodes the categorical columns of `raw` (those with text) as indicator columns: replaces raw.X and
// raw.feature_names with the encoded ones and fills out.origins, out.source_columns and the warnings.
void encode_categorical(RawTable& raw, const CsvOptions& options, Dataset& out);

// Encodes the target of `raw` into `out` (labels, classes, y, task) and resolves the task (docs/architecture.md#label-encoding-and-the-positive-class).
void encode_target(const RawTable& raw, const CsvOptions& options, Dataset& out);
// The rows whose target value is missing (0-based positions in raw).
std::vector<std::size_t> missing_target_rows(const RawTable& raw, const CsvOptions& options);
// "rows 4, 8 and 12" (source data rows counted from 1; the first ten, then "and N more").
std::string row_numbers_text(const RawTable& raw, const std::vector<std::size_t>& rows);
// With options.drop_missing_target: leaves out the rows without a target value, records their source rows in
// raw.rows and out.source_rows, and warns naming them. InputError when fewer than 2 rows would be left.
void drop_rows_without_target(RawTable& raw, const CsvOptions& options, Dataset& out);

// Counts missing feature values into out.missing_counts; then InputError naming column and first row unless
// options.impute is mean, median or keep; fills them (mean, median) with a warning. Then flags constant
// columns with a warning.
void check_columns(const RawTable& raw, const CsvOptions& options, Dataset& out);

// The shared finish of read_csv and make_dataset.
Dataset build_dataset(RawTable&& raw, const CsvOptions& options);

}  // namespace featrel::detail
