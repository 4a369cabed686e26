// Side files' text, trimming and whole-token numbers for the side-file grammars (featrel/text_tokens.hpp).
#include "featrel/text_tokens.hpp"

#include <cctype>
#include <charconv>
#include <limits>

#include "featrel/report.hpp"
#include "featrel/text_encoding.hpp"

namespace featrel::io {

std::string read_side_text(const std::string& path) {
  std::string text = report::read_text_file(path);
  if (first_invalid_utf8(text) == std::string_view::npos) return text;
  return windows1252_to_utf8(text);
}

std::string trim(std::string_view s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return std::string(s.substr(a, b - a));
}

std::optional<double> parse_number(std::string_view token) {
  const std::string t = trim(token);
  if (t == "inf" || t == "Inf" || t == "INF" || t == "Infinity" || t == "infinity")
    return std::numeric_limits<double>::infinity();
  if (t.empty()) return std::nullopt;
  double v = 0;
  const char* first = t.data();
  if (*first == '+') ++first;
  // from_chars would read "+-1" after the skipped '+' as -1.
  if (first != t.data() && first < t.data() + t.size() && *first == '-') return std::nullopt;
  auto [ptr, ec] = std::from_chars(first, t.data() + t.size(), v);
  if (ec != std::errc() || ptr != t.data() + t.size()) return std::nullopt;
  return v;
}

}  // namespace featrel::io
