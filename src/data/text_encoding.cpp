// The text encoding of a data file. featrel reads UTF-8; a table saved by Excel as "CSV (Comma delimited)" on a
// Western European Windows is Windows-1252, so a name such as "Größe" arrives as bytes that are not UTF-8 and
// would reach every output as replacement characters. Such a file is decoded as Windows-1252, and the reader
// says so (a file in yet another encoding then shows wrong letters, and the warning says how to convert it).
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "featrel/text_encoding.hpp"

#include "data/dataset_internal.hpp"

namespace featrel {

std::size_t first_invalid_utf8(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    // Eight ASCII bytes at a time: a data file is mostly digits, and this pass reads all of it.
    if (i + 8 <= n) {
      std::uint64_t word = 0;
      std::memcpy(&word, s + i, 8);
      if ((word & 0x8080808080808080ULL) == 0) {
        i += 8;
        continue;
      }
    }
    const unsigned char c = s[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    // Lead byte: the sequence length and the range its second byte must lie in (no overlongs, no surrogates,
    // nothing above U+10FFFF).
    std::size_t len = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return i;
    }
    if (i + len > n) return i;
    if (s[i + 1] < lo || s[i + 1] > hi) return i;
    for (std::size_t k = 2; k < len; ++k)
      if (s[i + k] < 0x80 || s[i + k] > 0xBF) return i;
    i += len;
  }
  return std::string_view::npos;
}

namespace {

// Windows-1252's 0x80-0x9F; the five bytes it leaves undefined keep their Latin-1 (C1 control) code point.
constexpr std::array<char16_t, 32> kHigh{
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

}  // namespace

std::string windows1252_to_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x80)
      out.push_back(ch);
    else if (c < 0xA0)
      append_utf8(out, kHigh[c - 0x80]);
    else
      append_utf8(out, c);  // Latin-1: the byte is the code point
  }
  return out;
}

}  // namespace featrel

namespace featrel::detail {

std::string windows1252_warning(std::string_view text, std::size_t bad, const std::string& source) {
  std::size_t line = 1;
  for (std::size_t i = 0; i < bad; ++i) line += text[i] == '\n';
  const std::size_t begin = text.rfind('\n', bad) == std::string_view::npos ? 0 : text.rfind('\n', bad) + 1;
  std::size_t end = text.find('\n', bad);
  if (end == std::string_view::npos) end = text.size();
  std::string shown = windows1252_to_utf8(text.substr(begin, end - begin));
  if (!shown.empty() && shown.back() == '\r') shown.pop_back();
  if (shown.size() > 80) {
    std::size_t cut = 77;
    while (cut > 0 && (static_cast<unsigned char>(shown[cut]) & 0xC0) == 0x80) --cut;  // between characters
    shown = shown.substr(0, cut) + "...";
  }
  char byte[8];
  std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text[bad]));
  return source + " is not UTF-8 text (line " + std::to_string(line) + " has the byte " + byte +
         "), so it was read as Windows-1252, the Western European encoding of Excel's 'CSV (Comma delimited)': "
         "that line reads \"" + shown + "\". If its letters look wrong, the file has another encoding — save it as "
         "'CSV UTF-8 (Comma delimited)', or convert it with iconv -f ENCODING -t UTF-8";
}

}  // namespace featrel::detail
