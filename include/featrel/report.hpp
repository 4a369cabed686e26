// The writers every method shares: JSON documents, CSV files and plain-text tables (docs/architecture.md#options-every-method-takes, docs/result-format.md#writing-rules).
//
// Methods build their result as a JSON document (see result_json.hpp for the fields every result carries); the
// CLI writes it with write_json_file, derives the per-feature CSV from it with features_csv, and prints a
// TextTable on stdout. Keeping every serialisation here means a value prints the same bytes whichever method
// produced it: numbers go through format_number (shortest round-trip) and non-finite values become null in
// JSON and empty cells in CSV, never "nan" or "inf".
//
// Result documents are nlohmann::ordered_json (alias Json): keys stay in the order they were inserted, so a
// result reads in the order the spec lists its fields and the CSV takes its column order from the JSON.
// Plain nlohmann::json would sort keys alphabetically.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace featrel::report {

using Json = nlohmann::ordered_json;

// ---------------------------------------------------------------------------------------------------------------
// JSON

// A number, or null when v is NaN or infinite (the spec's "an undefined value is null").
Json json_number(double v);
// null when v is empty or non-finite, otherwise json_number(*v).
Json json_optional(std::optional<double> v);

// Replaces every non-finite floating-point value in the document, at any depth, by null.
void sanitize_non_finite(Json& doc);
void sanitize_non_finite(nlohmann::json& doc);

// The text write_json_file writes: 2-space indent, trailing newline, non-finite numbers as null, UTF-8 kept
// as is (invalid byte sequences, e.g. from a Latin-1 CSV header, become U+FFFD instead of throwing).
std::string json_text(const Json& doc);
std::string json_text(const nlohmann::json& doc);

// Writes json_text(doc) to path. InputError naming the path when the file cannot be written.
void write_json_file(const std::string& path, const Json& doc);
void write_json_file(const std::string& path, const nlohmann::json& doc);

// Reads and parses a JSON file, keeping its key order. InputError naming the file when it cannot be read, and
// naming the file and the line and column of the first error when it is not valid JSON.
Json read_json_file(const std::string& path);
// Parses text; `source` names it in the InputError (a file name, "stdin", ...).
Json parse_json_text(std::string_view text, std::string_view source);

// ---------------------------------------------------------------------------------------------------------------
// Files

// Writes text to path exactly (binary mode, no newline translation). InputError naming the path on failure.
void write_text_file(const std::string& path, std::string_view text);
// Reads a whole file. InputError naming the path when it cannot be read.
std::string read_text_file(const std::string& path);

// ---------------------------------------------------------------------------------------------------------------
// CSV (RFC 4180 quoting; rows end with "\n", which every CSV reader accepts, rather than RFC 4180's CRLF)

// The field as it must appear in a CSV row: unchanged unless it contains a comma, a double quote, CR or LF; then
// enclosed in double quotes with inner quotes doubled. csv_escape("a,b") == "\"a,b\"".
std::string csv_escape(std::string_view field);

// Builds a CSV text row by row. Cells are added left to right and a row ends with end_row(). When a header was
// given, every row must have as many cells (a mismatch is a programming error: std::logic_error).
//
// The typed adders have distinct names on purpose: an overload set add(bool) / add(std::string_view) would send
// add("text") to add(bool).
class CsvWriter {
 public:
  CsvWriter() = default;
  explicit CsvWriter(const std::vector<std::string>& header);

  CsvWriter& text(std::string_view value);       // escaped as needed
  CsvWriter& number(double value);               // format_number; NaN and Inf give an empty cell (JSON null)
  CsvWriter& integer(std::int64_t value);
  CsvWriter& boolean(bool value);                // true / false, as in the JSON
  CsvWriter& empty();                            // a missing value
  CsvWriter& end_row();
  CsvWriter& add_row(const std::vector<std::string>& cells);  // text cells, then end_row()

  // Data rows written so far (the header is not counted).
  std::size_t rows() const { return rows_; }
  // The CSV text; std::logic_error while a row is still open.
  const std::string& str() const;
  void save(const std::string& path) const;

 private:
  void cell(std::string_view raw);

  std::string out_;
  std::size_t columns_ = 0;  // 0 = no header: rows may have any length
  std::size_t cells_in_row_ = 0;
  std::size_t rows_ = 0;
};

// The per-feature CSV of a result (docs/architecture.md#options-every-method-takes): one row per entry of result["features"]; the columns
// are the scalar fields of the entries in JSON order (the first entry's keys, then keys that first appear in
// later entries). A key holding an array or object in any entry (e.g. per_class) is left out. null gives an
// empty cell, booleans true/false, numbers format_number. InputError when result has no "features" array.
std::string features_csv(const Json& result);

// ---------------------------------------------------------------------------------------------------------------
// Text tables (the readable table the CLI prints on stdout)

// automatic: right-aligned when every non-empty cell of the column is a number (or nan/inf/null/NA), else left.
enum class Align { automatic, left, right };

// Approximate display width of UTF-8 text: the number of code points (continuation bytes are not counted).
std::size_t display_width(std::string_view utf8);

// Columns aligned with two spaces between them, a dashed rule under the header, no trailing spaces, "\n" after
// every line:
//   feature  class  weight
//   -------  -----  ------
//   x0           2    0.25
class TextTable {
 public:
  explicit TextTable(std::vector<std::string> headers);

  TextTable& set_align(std::size_t column, Align align);
  // A row must have one cell per header (std::logic_error otherwise). `keep`: a row fold() never leaves out.
  TextTable& add_row(std::vector<std::string> cells, bool keep = false);
  // Wide data: a table with a row per feature runs to thousands of lines, and the few that matter get lost. With
  // max_rows > 0 and more rows than that, render() prints every kept row and, among them in order, the first
  // other rows until max_rows rows in all (the kept ones alone when they are more), then one line saying how
  // many `noun` were left out, that none of them is `kept_word` (unless empty), and how to see them all. 0: every
  // row.
  TextTable& fold(std::size_t max_rows, std::string noun, std::string kept_word);

  std::size_t columns() const { return headers_.size(); }
  std::size_t rows() const { return rows_.size(); }
  std::string render() const;

 private:
  bool right_aligned(std::size_t column, const std::vector<std::size_t>& shown) const;
  std::vector<std::size_t> shown_rows() const;

  std::vector<std::string> headers_;
  std::vector<Align> align_;
  std::vector<std::vector<std::string>> rows_;
  std::vector<char> keep_;
  std::size_t max_rows_ = 0;
  std::string noun_, kept_word_;
};

// The line under a folded table (TextTable::fold), for tables a method prints without TextTable.
std::string folded_rows_line(std::size_t left_out, std::string_view noun, std::string_view kept_word);

}  // namespace featrel::report
