// Text encodings of the files users hand to featrel. featrel works in UTF-8; a table saved by Excel as "CSV (Comma
// delimited)" on a Western European Windows is Windows-1252, where "Größe" is bytes that are not UTF-8. The data
// reader (featrel/dataset.hpp) and the side-file readers (src/io) decode such text with these, so that a name
// means the same thing in the data file and in every file beside it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace featrel {

// The offset of the first byte that is not part of valid UTF-8 (no overlongs, surrogates or code points above
// U+10FFFF), or npos when the text is UTF-8.
std::size_t first_invalid_utf8(std::string_view text);
// Windows-1252 text as UTF-8; the five bytes Windows-1252 leaves undefined keep their Latin-1 code points.
std::string windows1252_to_utf8(std::string_view text);

}  // namespace featrel
