// Header, data lines and one column's words of a CSV side file (featrel/csv_side_files.hpp).
#include "featrel/csv_side_files.hpp"

#include <algorithm>

#include "featrel/dataset.hpp"
#include "featrel/error.hpp"
#include "featrel/text_tokens.hpp"

namespace featrel::io {

namespace {

bool blank(std::string_view line) { return line.find_first_not_of(" \t") == std::string_view::npos; }

}  // namespace

CsvLines csv_lines(std::string_view text, const std::string& source) {
  const std::vector<std::string> lines = text_lines(text);
  if (lines.empty()) throw InputError("'" + source + "' is empty (a header row is required)");
  CsvLines out;
  out.header = lines.front();
  for (std::size_t i = 1; i < lines.size(); ++i)
    if (!blank(lines[i])) out.rows.push_back(lines[i]);
  return out;
}

CsvLines read_csv_lines(const std::string& path) { return csv_lines(read_side_text(path), path); }

std::vector<std::string> header_fields(const CsvLines& lines) { return split_csv_fields(lines.header, "header"); }

std::optional<std::vector<std::string>> column_values(const CsvLines& lines, std::string_view column) {
  const auto header = header_fields(lines);
  const auto it = std::find(header.begin(), header.end(), column);
  if (it == header.end()) return std::nullopt;
  const auto c = static_cast<std::size_t>(it - header.begin());
  std::vector<std::string> values;
  values.reserve(lines.rows.size());
  for (std::size_t i = 0; i < lines.rows.size(); ++i) {
    const auto cells = split_csv_fields(lines.rows[i], "data row " + std::to_string(i + 1));
    values.push_back(c < cells.size() ? cells[c] : std::string());
  }
  return values;
}

}  // namespace featrel::io
