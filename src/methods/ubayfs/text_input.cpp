// Small text readers shared by the UBayFS input files (text_input.hpp).
#include "text_input.hpp"

#include "featrel/dataset.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>

namespace featrel::ubayfs::detail {

std::string trim(std::string_view s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return std::string(s.substr(a, b - a));
}

std::vector<std::string> split_csv_line(std::string_view line) { return featrel::split_csv_fields(line, "ubayfs"); }

std::vector<std::string> text_lines(std::string_view text) { return featrel::text_lines(text); }

std::optional<double> parse_double(std::string_view token) {
  const std::string t = trim(token);
  if (t == "inf" || t == "Inf" || t == "INF" || t == "Infinity" || t == "infinity")
    return std::numeric_limits<double>::infinity();
  if (t.empty()) return std::nullopt;
  double v = 0;
  const char* first = t.data();
  if (*first == '+') ++first;
  auto [ptr, ec] = std::from_chars(first, t.data() + t.size(), v);
  if (ec != std::errc() || ptr != t.data() + t.size()) return std::nullopt;
  return v;
}

}  // namespace featrel::ubayfs::detail
