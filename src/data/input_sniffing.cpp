// Looking at input before parsing it: which separator a CSV uses, and whether the bytes are CSV text at all.
//
// Researchers hand over semicolon files from European spreadsheets, tab-separated exports, Excel workbooks and
// Parquet files under whatever name. A wrong guess here becomes a confusing message much later ("has 1 field",
// "value 'PK' is not numeric"), so both questions are settled first and a failure says what to do instead.
#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "data/dataset_internal.hpp"
#include "featrel/error.hpp"

namespace featrel::detail {
namespace {

constexpr std::array<char, 4> kCandidates = {',', ';', '\t', '|'};
// Enough rows to see a ragged or differently-shaped line, little enough to cost nothing on a big file.
constexpr std::size_t kSampleRecords = 50;
constexpr std::size_t kSampleBytes = 64 * 1024;

// Field counts of the first records of `text` under separator `sep`, with the scanner's quoting rules: a
// quote opens a quoted field only at the start of a field, "" inside it is a quote, newlines inside it
// belong to the field, and only blanks may follow the closing quote before the separator. Text after a
// closing quote means the file is not separated by `sep`: then no counts at all. Blank lines are skipped; a
// record cut off by the sample limit is left out.
std::vector<std::size_t> sample_field_counts(std::string_view text, char sep) {
  std::vector<std::size_t> counts;
  const std::size_t limit = std::min(text.size(), kSampleBytes);
  std::size_t p = 0;
  auto blank = [sep](char c) { return c == ' ' || (c == '\t' && sep != '\t'); };
  while (p < limit && counts.size() < kSampleRecords) {
    std::size_t q = p;
    while (q < limit && (text[q] == ' ' || text[q] == '\t')) ++q;
    if (q < limit && (text[q] == '\n' || text[q] == '\r')) {  // blank line
      p = q + 1;
      continue;
    }
    if (q >= limit) break;
    std::size_t fields = 1;
    bool field_start = true, quoted = false, closed = false, ended = false;
    for (; p < limit; ++p) {
      const char c = text[p];
      if (quoted) {
        if (c == '"') {
          if (p + 1 < limit && text[p + 1] == '"') {
            ++p;
          } else {
            quoted = false;
            closed = true;
          }
        }
      } else if (c == sep) {
        ++fields;
        field_start = true;
        closed = false;
      } else if (c == '\n' || c == '\r') {
        ended = true;
        ++p;
        break;
      } else if (blank(c)) {
        continue;
      } else if (closed) {
        return {};  // `"a";"b"` read with ',': text after a closing quote
      } else if (c == '"' && field_start) {
        quoted = true;
        field_start = false;
      } else {
        field_start = false;
      }
    }
    // The last record of a file counts when the file ends (no newline needed), not when the sample does.
    if (ended || (!quoted && p == text.size())) counts.push_back(fields);
  }
  return counts;
}

std::string list_or(const std::vector<char>& seps) {
  std::string out;
  for (std::size_t i = 0; i < seps.size(); ++i) {
    if (i > 0) out += i + 1 == seps.size() ? " and " : ", ";
    out += separator_name(seps[i]);
  }
  return out;
}

bool starts_with(std::string_view bytes, std::string_view magic) {
  return bytes.size() >= magic.size() && std::memcmp(bytes.data(), magic.data(), magic.size()) == 0;
}

}  // namespace

std::string separator_name(char sep) {
  if (sep == '\t') return "tab";
  return std::string("'") + sep + "'";
}

std::string separator_option(char sep) {
  if (sep == '\t') return "--sep '\\t'";
  return std::string("--sep '") + sep + "'";
}

char detect_separator(std::string_view text, const std::string& source) {
  std::vector<char> consistent;
  std::vector<std::size_t> widths;
  char widest = ',';
  std::size_t widest_header = 1;
  for (char sep : kCandidates) {
    const std::vector<std::size_t> counts = sample_field_counts(text, sep);
    if (counts.empty()) continue;
    if (counts.front() > widest_header) {
      widest_header = counts.front();
      widest = sep;
    }
    const bool same = std::all_of(counts.begin(), counts.end(), [&](std::size_t c) { return c == counts.front(); });
    if (same && counts.front() > 1) {
      consistent.push_back(sep);
      widths.push_back(counts.front());
    }
  }
  if (consistent.empty()) return widest;
  if (consistent.front() == ',' || consistent.size() == 1) return consistent.front();
  std::string detail;
  for (std::size_t i = 0; i < consistent.size(); ++i)
    detail += (i == 0 ? "" : ", ") + separator_name(consistent[i]) + " gives " + std::to_string(widths[i]);
  std::string options;
  for (std::size_t i = 0; i < consistent.size(); ++i)
    options += (i == 0 ? "" : (i + 1 == consistent.size() ? " or " : ", ")) + separator_option(consistent[i]);
  throw InputError("cannot tell the field separator of " + source + ": " + list_or(consistent) +
                   " each split the header and the first rows into the same number of fields (" + detail +
                   "); say which with " + options);
}

void reject_binary(std::string_view bytes, const std::string& source) {
  const std::string what = "'" + source + "'";
  const std::string csv_only = "featrel reads CSV text (comma-, semicolon-, tab- or '|'-separated)";
  if (starts_with(bytes, "PK\x03\x04")) {
    throw InputError(what + " is a zip archive, not a CSV file — most likely an Excel workbook (.xlsx) or a "
                     "LibreOffice sheet (.ods); " + csv_only + ": open it and use File > Save As > 'CSV UTF-8 "
                     "(Comma delimited)' (one sheet per file), or in R write.csv(readxl::read_excel(\"" + source +
                     "\"), \"data.csv\", row.names = FALSE); if it is a zipped CSV, unzip it first");
  }
  if (starts_with(bytes, "\xD0\xCF\x11\xE0")) {
    throw InputError(what + " is an old-format Excel workbook (.xls, an OLE compound file), not a CSV file; " +
                     csv_only + ": open it and use File > Save As > 'CSV UTF-8 (Comma delimited)', or in R "
                     "write.csv(readxl::read_excel(\"" + source + "\"), \"data.csv\", row.names = FALSE)");
  }
  if (starts_with(bytes, "PAR1")) {
    throw InputError(what + " is a Parquet file, not a CSV file; " + csv_only + ": export it, e.g. in Python "
                     "pandas.read_parquet(\"" + source + "\").to_csv(\"data.csv\", index=False), or in R "
                     "write.csv(arrow::read_parquet(\"" + source + "\"), \"data.csv\", row.names = FALSE)");
  }
  if (starts_with(bytes, "\x1F\x8B")) {
    throw InputError(what + " is gzip-compressed (compressed twice, or passed as text); decompress it with "
                     "gunzip, or give featrel the file path ending in .gz");
  }
  if (starts_with(bytes, "\xFF\xFE") || starts_with(bytes, "\xFE\xFF")) {
    throw InputError(what + " is UTF-16 text (Excel's 'Unicode Text'); featrel reads UTF-8 — save it as "
                     "'CSV UTF-8 (Comma delimited)', or convert it with iconv -f UTF-16 -t UTF-8");
  }
  const std::size_t head = std::min<std::size_t>(bytes.size(), 4096);
  if (head > 0 && std::memchr(bytes.data(), '\0', head) != nullptr) {
    throw InputError(what + " contains binary data (NUL bytes in its first 4 KiB), so it is not a CSV text "
                     "file — perhaps a spreadsheet, database or compressed file; export the table as CSV (UTF-8) "
                     "and read that");
  }
}

}  // namespace featrel::detail
