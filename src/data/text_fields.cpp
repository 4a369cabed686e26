// Field-level text helpers shared by the CSV reader and the target encoding: number parsing, missing-value
// spellings and the small formatting pieces of error messages.
#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

#include "data/dataset_internal.hpp"
#include "featrel/missing_values.hpp"

namespace featrel::detail {

std::string_view trim_blanks(std::string_view text) {
  std::size_t b = 0, e = text.size();
  while (b < e && (text[b] == ' ' || text[b] == '\t')) ++b;
  while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t')) --e;
  return text.substr(b, e - b);
}

bool is_missing_token(std::string_view text) { return is_missing_text(text); }

bool is_missing_value(std::string_view text, const std::vector<std::string>& extra) {
  return is_missing_text(text, extra);
}

NumberParse parse_number(std::string_view text, double& value) {
  text = trim_blanks(text);
  if (text.empty()) return NumberParse::not_number;
  const char* first = text.data();
  const char* last = first + text.size();
  // from_chars rejects a leading '+', which spreadsheets sometimes write; accept it before a digit or '.'.
  if (*first == '+' && text.size() > 1 && *(first + 1) != '-' && *(first + 1) != '+') ++first;
  const auto [ptr, ec] = std::from_chars(first, last, value, std::chars_format::general);
  if (ptr != last) return NumberParse::not_number;
  if (ec == std::errc::result_out_of_range) {
    // Overflow is not finite; a tiny value that underflows is a legitimate (sub)normal or zero, which strtod
    // gives us (from_chars reports both cases the same way).
    const std::string copy(first, last);
    errno = 0;
    value = std::strtod(copy.c_str(), nullptr);
    return std::isfinite(value) ? NumberParse::ok : NumberParse::not_finite;
  }
  if (ec != std::errc()) return NumberParse::not_number;
  return std::isfinite(value) ? NumberParse::ok : NumberParse::not_finite;
}

NumberParse parse_number(std::string_view text, double& value, bool decimal_comma) {
  const NumberParse status = parse_number(text, value);
  if (status != NumberParse::not_number || !decimal_comma) return status;
  // European spreadsheets write 1.5 as "1,5"; only this exact shape is taken, so "1,234,5" or "1,5e3" stay text.
  text = trim_blanks(text);
  std::size_t i = text.size() > 0 && text[0] == '-' ? 1 : 0;
  const std::size_t int_begin = i;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  if (i == int_begin || i >= text.size() || text[i] != ',') return status;
  const std::size_t comma = i++;
  const std::size_t frac_begin = i;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  if (i == frac_begin || i != text.size()) return status;
  std::string copy(text);
  copy[comma] = '.';
  return parse_number(copy, value);
}

std::string shortest_text(double value) {
  char buffer[64];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return ec == std::errc() ? std::string(buffer, end) : std::to_string(value);
}

std::string quote_value(std::string_view text) {
  constexpr std::size_t kMax = 40;
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "'" + std::string(...).
  std::string out;
  out.reserve(std::min(text.size(), kMax) + 5);
  out += '\'';
  // Control bytes (a stray NUL, a tab) are spelled \xNN so that a message stays one readable line.
  for (const char c : text.substr(0, kMax)) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7F) {
      static const char* hex = "0123456789ABCDEF";
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  if (text.size() > kMax) out += "...";
  out += '\'';
  return out;
}

std::string name_list(const std::vector<std::string>& names, std::size_t limit) {
  std::string out;
  const std::size_t shown = std::min(limit, names.size());
  for (std::size_t i = 0; i < shown; ++i) {
    if (i > 0) out += ", ";
    out += "'" + names[i] + "'";
  }
  if (names.size() > shown) out += ", and " + std::to_string(names.size() - shown) + " more";
  return out;
}

std::string where_row(const RawTable& raw, std::size_t row) {
  std::string s = raw.source + ", row " + std::to_string((row < raw.rows.size() ? raw.rows[row] : row) + 1);
  if (row < raw.lines.size()) s += " (line " + std::to_string(raw.lines[row]) + ")";
  return s;
}

}  // namespace featrel::detail

namespace featrel {

bool is_missing_text(std::string_view text, const std::vector<std::string>& extra) {
  text = detail::trim_blanks(text);
  if (text.empty() || text == "NA" || text == "?") return true;
  for (const auto& marker : extra)
    if (text == detail::trim_blanks(marker)) return true;
  return false;
}

}  // namespace featrel
