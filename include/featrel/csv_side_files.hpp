// CSV side files that come with a data file: CRFE's row-role files (selection, calibration and test rows with the
// data file's header) and a data file's split column read as words. The lines are read whole (a quoted field may
// not span lines here); fields are split as the data reader splits them. Methods map the words to their meaning.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace featrel::io {

// The header line and the non-blank data lines of a CSV text.
struct CsvLines {
  std::string header;
  std::vector<std::string> rows;
};

// InputError naming `source` when the text has no header line.
CsvLines csv_lines(std::string_view text, const std::string& source);
CsvLines read_csv_lines(const std::string& path);

// The header's fields.
std::vector<std::string> header_fields(const CsvLines& lines);
// The value of column `column` in every data row ("" where a row is short); nullopt when the header lacks it.
std::optional<std::vector<std::string>> column_values(const CsvLines& lines, std::string_view column);

}  // namespace featrel::io
