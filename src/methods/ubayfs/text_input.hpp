// Small text readers shared by the UBayFS input files (counts, blocks, weights): one CSV line split into fields
// with RFC 4180 quotes, and a number parsed whole. Internal to src/methods/ubayfs.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace featrel::ubayfs::detail {

// Fields of one line (quotes removed, "" inside quotes is a quote); blanks around unquoted fields trimmed.
std::vector<std::string> split_csv_line(std::string_view line);
// Lines of a text with CR, LF or CRLF endings; a UTF-8 BOM is dropped.
std::vector<std::string> text_lines(std::string_view text);
// The whole token as a double ("inf" allowed), or nullopt.
std::optional<double> parse_double(std::string_view token);
std::string trim(std::string_view s);

}  // namespace featrel::ubayfs::detail
