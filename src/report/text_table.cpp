// Plain-text tables for the CLI's stdout (include/featrel/report.hpp).
#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "featrel/report.hpp"

namespace featrel::report {

std::size_t display_width(std::string_view utf8) {
  std::size_t n = 0;
  for (unsigned char c : utf8) {
    if ((c & 0xC0) != 0x80) ++n;  // count lead bytes and ASCII, not continuation bytes
  }
  return n;
}

namespace {

// Cells that read as numbers, or as the placeholders the tables print for undefined numbers.
bool numeric_like(const std::string& s) {
  if (s == "nan" || s == "inf" || s == "-inf" || s == "null" || s == "NA") return true;
  const char* first = s.data();
  const char* last = s.data() + s.size();
  if (first != last && *first == '+') ++first;
  double value = 0;
  auto [ptr, ec] = std::from_chars(first, last, value);
  return ec == std::errc() && ptr == last;
}

void pad(std::string& line, std::size_t count) { line.append(count, ' '); }

}  // namespace

TextTable::TextTable(std::vector<std::string> headers)
    : headers_(std::move(headers)), align_(headers_.size(), Align::automatic) {}

TextTable& TextTable::set_align(std::size_t column, Align align) {
  if (column >= align_.size()) throw std::logic_error("TextTable::set_align: no column " + std::to_string(column));
  align_[column] = align;
  return *this;
}

TextTable& TextTable::add_row(std::vector<std::string> cells, bool keep) {
  if (cells.size() != headers_.size()) {
    throw std::logic_error("TextTable row has " + std::to_string(cells.size()) + " cells but the table has " +
                           std::to_string(headers_.size()) + " columns");
  }
  rows_.push_back(std::move(cells));
  keep_.push_back(keep ? 1 : 0);
  return *this;
}

TextTable& TextTable::fold(std::size_t max_rows, std::string noun, std::string kept_word) {
  max_rows_ = max_rows;
  noun_ = std::move(noun);
  kept_word_ = std::move(kept_word);
  return *this;
}

std::vector<std::size_t> TextTable::shown_rows() const {
  std::vector<std::size_t> shown;
  if (max_rows_ == 0 || rows_.size() <= max_rows_) {
    for (std::size_t i = 0; i < rows_.size(); ++i) shown.push_back(i);
    return shown;
  }
  const auto kept = static_cast<std::size_t>(std::count(keep_.begin(), keep_.end(), 1));
  std::size_t others = max_rows_ > kept ? max_rows_ - kept : 0;
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    if (keep_[i]) {
      shown.push_back(i);
    } else if (others > 0) {
      shown.push_back(i);
      --others;
    }
  }
  return shown;
}

std::string folded_rows_line(std::size_t left_out, std::string_view noun, std::string_view kept_word) {
  return "... " + std::to_string(left_out) + " more " + std::string(noun) +
         (kept_word.empty() ? std::string() : ", none of them " + std::string(kept_word)) +
         " (--rows 0 prints them; --csv or --json writes every row)\n";
}

bool TextTable::right_aligned(std::size_t column, const std::vector<std::size_t>& shown) const {
  if (align_[column] != Align::automatic) return align_[column] == Align::right;
  bool any = false;
  for (std::size_t i : shown) {
    const std::string& cell = rows_[i][column];
    if (cell.empty()) continue;
    if (!numeric_like(cell)) return false;
    any = true;
  }
  return any;
}

std::string TextTable::render() const {
  const std::size_t n = headers_.size();
  const std::vector<std::size_t> shown = shown_rows();
  std::vector<std::size_t> width(n);
  std::vector<bool> right(n);
  for (std::size_t c = 0; c < n; ++c) {
    width[c] = display_width(headers_[c]);
    for (std::size_t i : shown) width[c] = std::max(width[c], display_width(rows_[i][c]));
    right[c] = right_aligned(c, shown);
  }

  std::string out;
  auto emit = [&](const std::vector<std::string>& cells) {
    std::string line;
    for (std::size_t c = 0; c < n; ++c) {
      if (c > 0) line += "  ";
      const std::size_t gap = width[c] - display_width(cells[c]);
      if (right[c]) pad(line, gap);
      line += cells[c];
      if (!right[c]) pad(line, gap);
    }
    // Trailing spaces (a left-aligned last column, empty cells) only get in the way of diff and copy-paste.
    const auto end = line.find_last_not_of(' ');
    line.erase(end == std::string::npos ? 0 : end + 1);
    out += line;
    out += '\n';
  };

  emit(headers_);
  std::vector<std::string> rule(n);
  for (std::size_t c = 0; c < n; ++c) rule[c] = std::string(width[c], '-');
  emit(rule);
  for (std::size_t i : shown) emit(rows_[i]);
  if (shown.size() < rows_.size()) out += folded_rows_line(rows_.size() - shown.size(), noun_, kept_word_);
  return out;
}

}  // namespace featrel::report
