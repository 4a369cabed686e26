// CSV writing and the per-feature CSV of a result (include/featrel/report.hpp).
#include <cmath>
#include <stdexcept>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/report.hpp"

namespace featrel::report {

std::string csv_escape(std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(field);
  std::string out;
  out.reserve(field.size() + 2);
  out += '"';
  for (char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

CsvWriter::CsvWriter(const std::vector<std::string>& header) {
  for (const auto& h : header) text(h);
  end_row();
  rows_ = 0;  // the header is not a data row
  columns_ = header.size();
}

void CsvWriter::cell(std::string_view raw) {
  if (cells_in_row_ > 0) out_ += ',';
  out_ += raw;
  ++cells_in_row_;
}

CsvWriter& CsvWriter::text(std::string_view value) {
  cell(csv_escape(value));
  return *this;
}

CsvWriter& CsvWriter::number(double value) {
  cell(std::isfinite(value) ? format_number(value) : std::string());
  return *this;
}

CsvWriter& CsvWriter::integer(std::int64_t value) {
  cell(std::to_string(value));
  return *this;
}

CsvWriter& CsvWriter::boolean(bool value) {
  cell(value ? "true" : "false");
  return *this;
}

CsvWriter& CsvWriter::empty() {
  cell("");
  return *this;
}

CsvWriter& CsvWriter::end_row() {
  if (columns_ != 0 && cells_in_row_ != columns_) {
    throw std::logic_error("CSV row has " + std::to_string(cells_in_row_) + " cells but the header has " +
                           std::to_string(columns_));
  }
  out_ += '\n';
  cells_in_row_ = 0;
  ++rows_;
  return *this;
}

CsvWriter& CsvWriter::add_row(const std::vector<std::string>& cells) {
  for (const auto& c : cells) text(c);
  return end_row();
}

const std::string& CsvWriter::str() const {
  if (cells_in_row_ != 0) throw std::logic_error("CsvWriter::str() called with a row still open");
  return out_;
}

void CsvWriter::save(const std::string& path) const { write_text_file(path, str()); }

namespace {

bool is_scalar(const Json& v) { return !v.is_array() && !v.is_object(); }

void scalar_cell(CsvWriter& csv, const Json& v) {
  if (v.is_null()) {
    csv.empty();
  } else if (v.is_boolean()) {
    csv.boolean(v.get<bool>());
  } else if (v.is_number_unsigned()) {
    csv.text(std::to_string(v.get<std::uint64_t>()));
  } else if (v.is_number_integer()) {
    csv.integer(v.get<std::int64_t>());
  } else if (v.is_number_float()) {
    csv.number(v.get<double>());
  } else if (v.is_string()) {
    csv.text(v.get_ref<const std::string&>());
  } else {
    csv.empty();  // arrays and objects are not columns; see features_csv
  }
}

}  // namespace

std::string features_csv(const Json& result) {
  if (!result.is_object() || !result.contains("features") || !result["features"].is_array()) {
    throw InputError("the result has no 'features' array, so there is no per-feature CSV to write");
  }
  const Json& features = result["features"];

  // Columns: keys in order of first appearance, minus those that hold an array or object anywhere.
  std::vector<std::string> keys;
  std::vector<bool> scalar;
  for (const auto& entry : features) {
    if (!entry.is_object()) throw InputError("the result's 'features' array holds a non-object entry");
    for (const auto& [key, value] : entry.items()) {
      std::size_t k = 0;
      while (k < keys.size() && keys[k] != key) ++k;
      if (k == keys.size()) {
        keys.push_back(key);
        scalar.push_back(true);
      }
      if (!is_scalar(value)) scalar[k] = false;
    }
  }
  std::vector<std::string> columns;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (scalar[k]) columns.push_back(keys[k]);
  }
  if (columns.empty()) return std::string();

  CsvWriter csv(columns);
  for (const auto& entry : features) {
    for (const auto& key : columns) {
      auto it = entry.find(key);
      if (it == entry.end()) {
        csv.empty();
      } else {
        scalar_cell(csv, *it);
      }
    }
    csv.end_row();
  }
  return csv.str();
}

}  // namespace featrel::report
