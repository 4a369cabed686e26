// The CSV reader: text -> RawTable -> Dataset (DESIGN.md §3, specs/README.md §4).
//
// The whole file is read into memory and scanned once. Fields are handed out as string_views into that buffer
// (only a quoted field with doubled quotes is copied), numbers are parsed with std::from_chars straight into a
// row-major buffer, and the buffer becomes the column-major X in one copy at the end. Problems are collected
// per row and reported in a fixed order (a ragged row before a bad value in it), so a message names the real
// cause.
#include <Eigen/Dense>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <unordered_map>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "data/dataset_internal.hpp"
#include "featrel/error.hpp"

namespace featrel {
namespace {

using detail::NumberParse;

// Splits RFC 4180 text into records. CRLF and LF both end a record (a lone CR too); blank lines are skipped;
// fields may be quoted, with "" for a quote inside; blanks around unquoted fields are trimmed.
class CsvScanner {
 public:
  CsvScanner(std::string_view text, const std::string& source) : t_(text), source_(source) {}

  // Skips blank lines. Returns false at the end of the input.
  bool next_record() {
    while (pos_ < t_.size()) {
      std::size_t p = pos_;
      while (p < t_.size() && (t_[p] == ' ' || t_[p] == '\t')) ++p;
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
      while (q < n && (t_[q] == ' ' || t_[q] == '\t')) ++q;
      if (q < n && t_[q] == '"') {
        p = read_quoted(q + 1, record_line);
        on_field(index++, std::string_view(field_));
        while (p < n && (t_[p] == ' ' || t_[p] == '\t')) ++p;
        if (p < n && t_[p] != ',' && t_[p] != '\n' && t_[p] != '\r') {
          throw InputError(source_ + ", line " + std::to_string(line_) + ": unexpected character '" +
                           std::string(1, t_[p]) +
                           "' after a closing quote; inside a quoted field write a quote as \"\"");
        }
      } else {
        while (q < n && t_[q] != ',' && t_[q] != '\n' && t_[q] != '\r') ++q;
        on_field(index++, detail::trim_blanks(t_.substr(p, q - p)));
        p = q;
      }
      if (p < n && t_[p] == ',') {
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
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
  std::string field_;  // the current quoted field, reused across fields
};

constexpr int kTarget = -1;
constexpr int kDropped = -2;

// Column named on the command line: by name first, then a non-negative integer is a 0-based column index
// (specs/README.md §2.2 rule 5; dermatology's columns are named 0..34).
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
bool looks_like_data(const std::vector<std::string>& header) {
  double value = 0.0;
  for (const auto& name : header)
    if (detail::parse_number(name, value) != NumberParse::ok) return false;
  for (int start : {0, 1}) {
    bool counts = true;
    for (std::size_t i = 0; i < header.size() && counts; ++i) counts = header[i] == std::to_string(i + start);
    if (counts) return false;
  }
  return true;
}

std::vector<std::string> read_header(CsvScanner& scanner, const std::string& source) {
  const std::string where = source + ", line " + std::to_string(scanner.line());
  std::vector<std::string> header;
  scanner.read_record([&](std::size_t, std::string_view value) { header.emplace_back(detail::trim_blanks(value)); });
  if (looks_like_data(header)) {
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

}  // namespace

Dataset read_csv_text(std::string_view text, const CsvOptions& options, const std::string& source) {
  if (text.size() >= 3 && std::memcmp(text.data(), "\xEF\xBB\xBF", 3) == 0) text.remove_prefix(3);  // UTF-8 BOM
  CsvScanner scanner(text, source);
  if (!scanner.next_record()) {
    throw InputError(source + " is empty; featrel needs a CSV file with a header row and at least 2 data rows");
  }
  const std::vector<std::string> header = read_header(scanner, source);
  const std::size_t m = header.size();

  // Column roles: target, dropped, or the feature index.
  const std::size_t target_col =
      options.target.empty() ? m - 1 : resolve_column(options.target, header, source, "target");
  std::vector<int> role(m, 0);
  role[target_col] = kTarget;
  for (const auto& name : options.drop) {
    const std::size_t c = resolve_column(name, header, source, "--drop");
    if (c == target_col) {
      throw InputError("--drop names the target column '" + header[c] + "'; drop only columns that are not features "
                       "or the target, or pick another target with --target");
    }
    role[c] = kDropped;
  }
  detail::RawTable raw;
  raw.source = source;
  raw.target_name = header[target_col];
  for (std::size_t c = 0; c < m; ++c) {
    if (role[c] == 0) {
      role[c] = static_cast<int>(raw.feature_names.size());
      raw.feature_names.push_back(header[c]);
    }
  }
  const std::size_t d = raw.feature_names.size();
  if (d == 0) {
    std::string hint;
    if (m == 1 && header[0].find_first_of(";\t") != std::string::npos) {
      hint = " (featrel reads comma-separated files; this header has no comma — is it separated by ';' or tabs?)";
    }
    throw InputError(source + " has no feature columns: its columns are " + detail::name_list(header) +
                     ", the target is '" + raw.target_name +
                     "' and the others are dropped; featrel needs at least one feature column" + hint);
  }

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
        double x = 0.0;
        const NumberParse status = detail::parse_number(value, x);
        if (status == NumberParse::ok) {
          out[r] = x;
        } else if (status == NumberParse::not_number && detail::is_missing_token(value)) {
          out[r] = nan;  // decided later: an error, imputed or kept (check_columns)
        } else if (!problem.set) {
          problem = {true, status, index, std::string(value)};
        }
      } else if (r == kTarget) {
        raw.target.emplace_back(detail::trim_blanks(value));
      }
    });
    raw.lines.push_back(line);
    if (fields != m) {
      throw InputError(detail::where_row(raw, row) + " has " + std::to_string(fields) + " field" +
                       (fields == 1 ? "" : "s") + " but the header has " + std::to_string(m) +
                       " columns; every row needs one value per column (quote values that contain commas)");
    }
    if (problem.set) {
      const std::string where = detail::where_row(raw, row) + ", column '" + header[problem.column] + "': value " +
                                detail::quote_value(problem.value);
      if (problem.kind == NumberParse::not_finite) {
        throw InputError(where + " is not finite; featrel needs finite numbers — write a missing value as NA "
                                 "(and use --impute) or correct it");
      }
      throw InputError(where + " is not numeric; featrel needs numeric features — encode the column as numbers "
                               "or --drop it");
    }
  }

  // Row-major cells -> column-major X, in tiles so that both sides stay in cache (a plain strided copy
  // was a tenth of the whole read at 10,000 x 1,000).
  const std::size_t n = raw.lines.size();
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

Dataset read_csv(const std::string& path, const CsvOptions& options) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) {
    throw InputError("cannot read '" + path + "': no such file; check the path");
  }
  if (std::filesystem::is_directory(status)) {
    throw InputError("cannot read '" + path + "': it is a directory, not a CSV file");
  }
  // A regular file is mapped rather than copied: for a 200 MB table the copy and its page faults cost as
  // much as the number parsing.
  if (std::filesystem::is_regular_file(status)) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) throw InputError("cannot open '" + path + "': " + std::strerror(errno));
    struct stat info {};
    if (::fstat(fd, &info) != 0) {
      const int err = errno;
      ::close(fd);
      throw InputError("cannot read '" + path + "': " + std::strerror(err));
    }
    const auto size = static_cast<std::size_t>(info.st_size);
    if (size == 0) {
      ::close(fd);
      return read_csv_text(std::string_view(), options, path);
    }
    void* data = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd);  // the mapping stays valid
    if (data != MAP_FAILED) {
      ::madvise(data, size, MADV_SEQUENTIAL);
      struct Unmap {
        void* data;
        std::size_t size;
        ~Unmap() { ::munmap(data, size); }
      } unmap{data, size};
      return read_csv_text(std::string_view(static_cast<const char*>(data), size), options, path);
    }
  }
  // Not mappable (a pipe, or mmap refused): read it as a stream.
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot open '" + path + "': " + std::strerror(errno));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw InputError("cannot read '" + path + "': the read failed part-way");
  return read_csv_text(buffer.str(), options, path);
}

}  // namespace featrel
