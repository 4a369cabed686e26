// The CSV reader: text -> RawTable -> Dataset (docs/architecture.md#core-types, docs/architecture.md#data-handling).
//
// The whole file is read into memory and scanned once. Fields are handed out as string_views into that buffer
// (only a quoted field with doubled quotes is copied), numbers are parsed with std::from_chars straight into a
// row-major buffer, and the buffer becomes the column-major X in one copy at the end. Problems are collected
// per row and reported in a fixed order (a ragged row before a bad value in it), so a message names the real
// cause.
//
// The separator is detected first (input_sniffing.cpp) unless given. A feature column with a non-numeric
// value becomes a text column; its text is collected by a second scan over the data rows (only then, so a
// numeric table pays nothing), and build_dataset decides whether it is a categorical column or an error.
#include <Eigen/Dense>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <unordered_map>

#include "data/dataset_internal.hpp"
#include "featrel/error.hpp"
#include "featrel/text_encoding.hpp"

namespace featrel {
namespace {

using detail::NumberParse;

// Splits RFC 4180 text into records. CRLF and LF both end a record (a lone CR too); blank lines are skipped;
// fields may be quoted, with "" for a quote inside; blanks around unquoted fields are trimmed (spaces, and
// tabs unless tab is the separator).
class CsvScanner {
 public:
  CsvScanner(std::string_view text, const std::string& source, char sep) : t_(text), source_(source), sep_(sep) {}

  // Skips blank lines. Returns false at the end of the input.
  bool next_record() {
    while (pos_ < t_.size()) {
      std::size_t p = pos_;
      while (p < t_.size() && blank(t_[p])) ++p;
      if (p == t_.size()) {
        pos_ = p;
        return false;
      }
      if (t_[p] == '\n' || t_[p] == '\r') {
        pos_ = skip_line_end(p);
        ++line_;
        continue;
      }
      return true;
    }
    return false;
  }

  // 1-based line number where the next record starts.
  std::size_t line() const { return line_; }

  // Reads one record, calling on_field(index, value) for each field; returns the number of fields. The view
  // is valid only during the call.
  template <typename OnField>
  std::size_t read_record(OnField&& on_field) {
    const std::size_t record_line = line_;
    std::size_t index = 0;
    std::size_t p = pos_;
    const std::size_t n = t_.size();
    for (;;) {
      std::size_t q = p;
      while (q < n && blank(t_[q])) ++q;
      if (q < n && t_[q] == '"') {
        p = read_quoted(q + 1, record_line);
        on_field(index++, std::string_view(field_));
        while (p < n && blank(t_[p])) ++p;
        if (p < n && t_[p] != sep_ && t_[p] != '\n' && t_[p] != '\r') {
          throw InputError(source_ + ", line " + std::to_string(line_) + ": unexpected character '" +
                           std::string(1, t_[p]) +
                           "' after a closing quote; inside a quoted field write a quote as \"\"");
        }
      } else {
        while (q < n && t_[q] != sep_ && t_[q] != '\n' && t_[q] != '\r') ++q;
        on_field(index++, detail::trim_blanks(t_.substr(p, q - p)));
        p = q;
      }
      if (p < n && t_[p] == sep_) {
        ++p;
        continue;
      }
      break;
    }
    if (p < n) {
      p = skip_line_end(p);
      ++line_;
    }
    pos_ = p;
    return index;
  }

 private:
  bool blank(char c) const { return c == ' ' || (c == '\t' && sep_ != '\t'); }

  std::size_t skip_line_end(std::size_t p) const {
    if (t_[p] == '\r' && p + 1 < t_.size() && t_[p + 1] == '\n') return p + 2;
    return p + 1;
  }

  // Reads a quoted field starting after its opening quote into field_; returns the position after the closing
  // quote. Newlines inside the quotes are part of the value and advance the line count.
  std::size_t read_quoted(std::size_t p, std::size_t record_line) {
    field_.clear();
    for (;;) {
      const void* hit = std::memchr(t_.data() + p, '"', t_.size() - p);
      if (hit == nullptr) {
        throw InputError(source_ + ", line " + std::to_string(record_line) +
                         ": a quoted field is never closed (no matching '\"' before the end of the file)");
      }
      const std::size_t q = static_cast<std::size_t>(static_cast<const char*>(hit) - t_.data());
      line_ += static_cast<std::size_t>(std::count(t_.data() + p, t_.data() + q, '\n'));
      field_.append(t_.data() + p, q - p);
      if (q + 1 < t_.size() && t_[q + 1] == '"') {  // "" stands for one quote
        field_.push_back('"');
        p = q + 2;
        continue;
      }
      return q + 1;
    }
  }

  std::string_view t_;
  const std::string& source_;
  char sep_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
  std::string field_;  // the current quoted field, reused across fields
};

constexpr int kTarget = -1;
constexpr int kDropped = -2;

// Column named on the command line: by name first, then a non-negative integer is a 0-based column index
// (docs/architecture.md#feature-references-by-name-or-index; dermatology's columns are named 0..34).
std::size_t resolve_column(const std::string& name, const std::vector<std::string>& header,
                           const std::string& source, const std::string& what) {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  if (!name.empty() && std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    const std::size_t index = name.size() < 10 ? std::stoul(name) : header.size();
    if (index < header.size()) return index;
  }
  throw InputError(what + " column '" + name + "' is not in " + source + "; its columns are " +
                   detail::name_list(header) + " (a column can also be given as its 0-based index)");
}

// A first row of plain integers counting 0..m-1 or 1..m is a header of column numbers (dermatology, the
// UCI heart-disease file); any other all-numeric first row is data.
bool looks_like_data(const std::vector<std::string>& header, bool decimal_comma) {
  double value = 0.0;
  for (const auto& name : header)
    if (detail::parse_number(name, value, decimal_comma) != NumberParse::ok) return false;
  for (int start : {0, 1}) {
    bool counts = true;
    for (std::size_t i = 0; i < header.size() && counts; ++i) counts = header[i] == std::to_string(i + start);
    if (counts) return false;
  }
  return true;
}

std::vector<std::string> read_header(CsvScanner& scanner, const std::string& source, bool decimal_comma) {
  const std::string where = source + ", line " + std::to_string(scanner.line());
  std::vector<std::string> header;
  scanner.read_record([&](std::size_t, std::string_view value) { header.emplace_back(detail::trim_blanks(value)); });
  if (looks_like_data(header, decimal_comma)) {
    throw InputError(where + ": the first row looks like data (every field is a number); a header row "
                     "with the column names is required — add one, e.g. x1,x2,...,y");
  }
  std::unordered_map<std::string_view, std::size_t> seen;
  for (std::size_t i = 0; i < header.size(); ++i) {
    if (header[i].empty()) {
      throw InputError(where + ": column " + std::to_string(i + 1) +
                       " has an empty name; every column needs a name (R's write.csv adds an unnamed row-name "
                       "column: write with row.names = FALSE)");
    }
    const auto [it, inserted] = seen.emplace(header[i], i);
    if (!inserted) {
      throw InputError(where + ": column name '" + header[i] + "' appears twice (columns " +
                       std::to_string(it->second + 1) + " and " + std::to_string(i + 1) +
                       "); column names must be unique — rename one");
    }
  }
  return header;
}

// For a file read as one column: the first other candidate separator in its first lines, if any (0 if none),
// so that the message can suggest --sep.
char other_separator_in(std::string_view text, char sep) {
  const std::string_view head = text.substr(0, std::min<std::size_t>(text.size(), 8192));
  for (char c : {';', '\t', '|', ','})
    if (c != sep && head.find(c) != std::string_view::npos) return c;
  return 0;
}

// The reader proper, on UTF-8 text.
Dataset read_utf8(std::string_view text, const CsvOptions& options, const std::string& source);

}  // namespace

Dataset read_csv_text(std::string_view text, const CsvOptions& options, const std::string& source) {
  detail::reject_binary(text, source);
  if (text.size() >= 3 && std::memcmp(text.data(), "\xEF\xBB\xBF", 3) == 0) text.remove_prefix(3);  // UTF-8 BOM
  if (const std::size_t bad = first_invalid_utf8(text); bad != std::string_view::npos) {
    Dataset out = read_utf8(windows1252_to_utf8(text), options, source);
    out.warnings.insert(out.warnings.begin(), detail::windows1252_warning(text, bad, source));
    return out;
  }
  return read_utf8(text, options, source);
}

namespace {

Dataset read_utf8(std::string_view text, const CsvOptions& options, const std::string& source) {
  if (options.sep == '"' || options.sep == '\n' || options.sep == '\r' || options.sep == ' ') {
    throw InputError("--sep cannot be a quote, a space or a line break; use ',', ';', '\\t' or '|'");
  }
  const char sep = options.sep != 0 ? options.sep : detail::detect_separator(text, source);
  const bool decimal_comma = sep == ';' || sep == '\t';
  CsvScanner scanner(text, source, sep);
  if (!scanner.next_record()) {
    throw InputError(source + " is empty; featrel needs a CSV file with a header row and at least 2 data rows");
  }
  const std::vector<std::string> header = read_header(scanner, source, decimal_comma);
  const std::size_t m = header.size();

  // Column roles: target, dropped, or the feature index.
  const std::size_t target_col =
      options.target.empty() ? m - 1 : resolve_column(options.target, header, source, "target");
  std::vector<int> role(m, 0);
  role[target_col] = kTarget;
  if (const std::vector<bool> kept = detail::kept_columns(options, header, source); !kept.empty()) {
    if (kept[target_col]) {
      throw InputError("--keep names the target column '" + header[target_col] + "' (directly or through " +
                       "--keep-selected); keep lists features only (the target is always read), or pick another "
                       "target with --target");
    }
    for (std::size_t c = 0; c < m; ++c)
      if (!kept[c] && c != target_col) role[c] = kDropped;
  }
  for (const auto& name : options.drop) {
    const std::size_t c = resolve_column(name, header, source, "--drop");
    if (c == target_col) {
      throw InputError("--drop names the target column '" + header[c] + "'; drop only columns that are not features "
                       "or the target, or pick another target with --target");
    }
    role[c] = kDropped;
  }
  std::vector<bool> forced_column(m, false);
  for (const auto& name : options.categorical) {
    const std::size_t c = resolve_column(name, header, source, "--categorical");
    if (c == target_col) {
      throw InputError("--categorical names the target column '" + header[c] + "'; it applies to feature columns "
                       "(a target is read as classes unless --task regression says otherwise)");
    }
    forced_column[c] = true;  // a dropped column stays dropped
  }
  detail::RawTable raw;
  raw.source = source;
  raw.target_name = header[target_col];
  raw.decimal_comma = decimal_comma;
  for (std::size_t c = 0; c < m; ++c) {
    if (role[c] == 0) {
      role[c] = static_cast<int>(raw.feature_names.size());
      raw.feature_names.push_back(header[c]);
      raw.forced_categorical.push_back(forced_column[c]);
    }
  }
  const std::size_t d = raw.feature_names.size();
  if (d == 0) {
    std::string hint;
    const char other = m == 1 ? other_separator_in(text, sep) : 0;
    if (other != 0) {
      hint = " (the header has a single column, read with separator " + detail::separator_name(sep) +
             ", but the file contains " + detail::separator_name(other) + " — if that separates its fields, say so "
             "with " + detail::separator_option(other) + ")";
    }
    throw InputError(source + " has no feature columns: its columns are " + detail::name_list(header) +
                     ", the target is '" + raw.target_name +
                     "' and the others are dropped; featrel needs at least one feature column" + hint);
  }
  raw.text.assign(d, {});
  raw.first_text_row.assign(d, detail::kNoRow);
  raw.first_text_value.assign(d, {});
  // Per feature column: 0 numeric, 1 named by --categorical, 2 found to hold text.
  std::vector<char> text_kind(d, 0);
  for (std::size_t j = 0; j < d; ++j)
    if (raw.forced_categorical[j]) text_kind[j] = 1;
  const bool detect_text = options.max_levels > 0;
  const bool extra_na = !options.na_values.empty();

  // Row-major buffer, reserved from the line count (an upper bound unless quoted fields hold newlines).
  std::vector<double> cells;
  const std::size_t approx_rows = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  cells.reserve(approx_rows * d);
  raw.target.reserve(approx_rows);
  raw.lines.reserve(approx_rows);

  struct FieldProblem {
    bool set = false;
    NumberParse kind = NumberParse::ok;
    std::size_t column = 0;
    std::string value;
  } problem;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const CsvScanner data_start = scanner;  // the second scan (text columns) starts here

  while (scanner.next_record()) {
    const std::size_t line = scanner.line();
    const std::size_t row = raw.lines.size();
    const std::size_t base = cells.size();
    cells.resize(base + d);
    double* out = cells.data() + base;
    const std::size_t fields = scanner.read_record([&](std::size_t index, std::string_view value) {
      if (index >= m) return;
      const int r = role[index];
      if (r >= 0) {
        if (text_kind[r] != 0) {
          out[r] = nan;  // its text is collected by the second scan
          return;
        }
        if (extra_na && detail::is_missing_value(value, options.na_values)) {
          out[r] = nan;
          return;
        }
        double x = 0.0;
        const NumberParse status = detail::parse_number(value, x, decimal_comma);
        if (status == NumberParse::ok) {
          out[r] = x;
        } else if (status == NumberParse::not_number && detail::is_missing_token(value)) {
          out[r] = nan;  // decided later: an error, imputed or kept (check_columns)
        } else if (status == NumberParse::not_number && detect_text) {
          // Text: categorical or an error, decided once its distinct values are known (encode_categorical).
          text_kind[r] = 2;
          raw.first_text_row[r] = row;
          raw.first_text_value[r] = std::string(value);
          out[r] = nan;
        } else if (!problem.set) {
          problem = {true, status, index, std::string(value)};
        }
      } else if (r == kTarget) {
        raw.target.emplace_back(detail::trim_blanks(value));
      }
    });
    raw.lines.push_back(line);
    if (fields != m) {
      const std::string quote_hint = sep == ',' ? " (quote values that contain commas)"
                                                : " (read with separator " + detail::separator_name(sep) +
                                                      "; quote values that contain it, or choose another with --sep)";
      throw InputError(detail::where_row(raw, row) + " has " + std::to_string(fields) + " field" +
                       (fields == 1 ? "" : "s") + " but the header has " + std::to_string(m) +
                       " columns; every row needs one value per column" + quote_hint);
    }
    if (problem.set) {
      const std::string where = detail::where_row(raw, row) + ", column '" + header[problem.column] + "': value " +
                                detail::quote_value(problem.value);
      if (problem.kind == NumberParse::not_finite) {
        throw InputError(where + " is not finite; featrel needs finite numbers — write a missing value as NA "
                                 "(and use --impute) or correct it");
      }
      throw InputError(where + " is not numeric; featrel needs numeric features — encode the column as numbers, "
                               "read it as categories with --categorical " + header[problem.column] +
                               ", or --drop it");
    }
  }
  const std::size_t n = raw.lines.size();

  // Second scan, only when some column holds text: its values as written, for the categorical encoding.
  if (std::any_of(text_kind.begin(), text_kind.end(), [](char k) { return k != 0; })) {
    for (std::size_t j = 0; j < d; ++j)
      if (text_kind[j] != 0) raw.text[j].assign(n, std::string());
    CsvScanner again = data_start;
    for (std::size_t row = 0; row < n && again.next_record(); ++row) {
      again.read_record([&](std::size_t index, std::string_view value) {
        if (index >= m || role[index] < 0) return;
        const auto r = static_cast<std::size_t>(role[index]);
        if (text_kind[r] != 0) raw.text[r][row] = std::string(detail::trim_blanks(value));
      });
    }
  }

  // Row-major cells -> column-major X, in tiles so that both sides stay in cache (a plain strided copy
  // was a tenth of the whole read at 10,000 x 1,000).
  raw.X.resize(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(d));
  constexpr std::size_t kTile = 32;
  double* X = raw.X.data();
  for (std::size_t i0 = 0; i0 < n; i0 += kTile) {
    const std::size_t i1 = std::min(n, i0 + kTile);
    for (std::size_t j0 = 0; j0 < d; j0 += kTile) {
      const std::size_t j1 = std::min(d, j0 + kTile);
      for (std::size_t j = j0; j < j1; ++j)
        for (std::size_t i = i0; i < i1; ++i) X[j * n + i] = cells[i * d + j];
    }
  }
  return detail::build_dataset(std::move(raw), options);
}

}  // namespace

}  // namespace featrel
