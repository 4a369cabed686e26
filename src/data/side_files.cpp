// Splitting the small CSV side files methods read besides the data (include/featrel/dataset.hpp): one quoted
// line into fields, a text into lines. The data CSV itself goes through csv_reader.cpp, which tracks rows and
// columns for its messages.
#include <string>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/error.hpp"

namespace featrel {

namespace {

std::string trim_blanks(const std::string& s) {
  const auto a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

}  // namespace

std::vector<std::string> split_csv_fields(std::string_view line, std::string_view where) {
  std::vector<std::string> out;
  std::string field;
  bool quoted = false, was_quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    if (quoted) {
      if (ch == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (ch == '"') {
        quoted = false;
      } else {
        field += ch;
      }
    } else if (ch == '"') {
      quoted = was_quoted = true;
      field = trim_blanks(field);  // blanks before the opening quote
    } else if (ch == ',') {
      out.push_back(was_quoted ? field : trim_blanks(field));
      field.clear();
      was_quoted = false;
    } else {
      field += ch;
    }
  }
  if (quoted) throw InputError(std::string(where) + ": unterminated quoted field");
  out.push_back(was_quoted ? field : trim_blanks(field));
  return out;
}

std::vector<std::string> text_lines(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  std::vector<std::string> lines;
  std::string cur;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == '\r' || ch == '\n') {
      lines.push_back(cur);
      cur.clear();
      if (ch == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else {
      cur += ch;
    }
  }
  if (!cur.empty()) lines.push_back(cur);
  return lines;
}

}  // namespace featrel
