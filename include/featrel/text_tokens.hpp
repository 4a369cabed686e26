// Tokens of the small text formats users write beside their data (side files and structured flag values): a side
// file's text, trimming a field and reading one whole token as a number. Every grammar in src/io reads its tokens
// through these, so that "inf", a leading '+' and surrounding blanks mean the same thing in every file and flag.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace featrel::io {

// The text of the side file `path` in UTF-8. A file that is not UTF-8 is read as Windows-1252, as the data reader
// reads one (featrel/text_encoding.hpp), so that a name saved by Excel matches the data's column; no warning is
// needed here, because a side file's names must match the data's and a wrong reading ends in that error.
std::string read_side_text(const std::string& path);

// The token without leading and trailing white space.
std::string trim(std::string_view s);
// The whole token (blanks around it ignored) as a double, or nullopt when anything else is left over. "inf",
// "Inf", "INF", "Infinity" and "infinity" are +infinity; a leading '+' is allowed ("+-1" is not). "nan" reads as NaN:
// callers that need a finite value or a bound check it.
std::optional<double> parse_number(std::string_view token);

}  // namespace featrel::io
