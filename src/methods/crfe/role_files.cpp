// Fixed row roles from side files (docs/crfe.md#options): a split column of DATA.csv, or the role files
// selection_csv / calibration_csv / test_csv beside DATA.csv's training rows. read_data() is the registry's data
// loading for crfe and rfe: it reads those inputs and fills Options::roles. The CSV side-file reading itself is in
// src/io (featrel/csv_side_files.hpp); this file gives the words their meaning as roles.
#include <algorithm>
#include <string>
#include <vector>

#include "featrel/crfe.hpp"
#include "featrel/csv_side_files.hpp"
#include "featrel/dataset.hpp"
#include "featrel/error.hpp"
#include "featrel/option_table.hpp"
#include "featrel/report.hpp"

namespace featrel::crfe {

namespace {

using options::OptionError;

// The lines of a role input; `key` names the option the file came from in messages ("" for DATA.csv itself).
io::CsvLines read_lines(const std::string& path, const std::string& key) {
  try {
    return io::read_csv_lines(path);
  } catch (const InputError& e) {
    if (key.empty()) throw;
    throw OptionError(key, "option '" + key + "': " + e.what());
  }
}

}  // namespace

std::vector<Role> roles_from_column(const std::string& path, const std::string& column) {
  const io::CsvLines lines = read_lines(path, "");
  const auto values = io::column_values(lines, column);
  if (!values)
    throw OptionError("split_column",
                      "option 'split_column' must name a column of '" + path + "', got '" + column + "'");
  std::vector<Role> roles;
  roles.reserve(values->size());
  for (std::size_t i = 0; i < values->size(); ++i) {
    const std::string& value = (*values)[i];
    try {
      roles.push_back(parse_role(value));
    } catch (const InputError&) {
      throw OptionError("split_column", "option 'split_column': column '" + column + "' has the value '" + value +
                                            "' in data row " + std::to_string(i + 1) +
                                            "; allowed: train, selection, calibration, test");
    }
  }
  return roles;
}

std::string concatenate_role_files(const std::string& train_csv, const Options& o, std::vector<Role>& roles) {
  const io::CsvLines base = read_lines(train_csv, "");
  const auto base_header = io::header_fields(base);
  std::string text = base.header + "\n";
  auto add = [&](const io::CsvLines& lines, Role role) {
    for (const auto& row : lines.rows) {
      text += row;
      text += '\n';
      roles.push_back(role);
    }
  };
  add(base, Role::train);
  const std::pair<const char*, const std::string*> files[] = {{"selection_csv", &o.selection_csv},
                                                              {"calibration_csv", &o.calibration_csv},
                                                              {"test_csv", &o.test_csv}};
  const Role file_roles[] = {Role::selection, Role::calibration, Role::test};
  for (std::size_t f = 0; f < 3; ++f) {
    const auto& [key, path] = files[f];
    if (path->empty()) continue;
    const io::CsvLines lines = read_lines(*path, key);
    if (io::header_fields(lines) != base_header)
      throw OptionError(key, "option '" + std::string(key) + "': '" + *path + "' must have the columns of '" +
                                 train_csv + "'");
    add(lines, file_roles[f]);
  }
  return text;
}

namespace {

// The roles of the rows read: rows left out for a missing target (Dataset::source_rows) take their role along.
std::vector<Role> roles_of_rows_read(std::vector<Role> roles, const Dataset& data) {
  if (data.source_rows.empty()) return roles;
  std::vector<Role> kept;
  kept.reserve(data.source_rows.size());
  for (std::size_t row : data.source_rows)
    if (row < roles.size()) kept.push_back(roles[row]);
  return kept;
}

}  // namespace

Dataset read_data(const std::string& path, const CsvOptions& csv, Options& o) {
  const std::string cmd = to_string(o.method);
  const bool role_files = !o.selection_csv.empty() || !o.calibration_csv.empty() || !o.test_csv.empty();
  if (role_files) {
    std::vector<Role> roles;
    const std::string text = concatenate_role_files(path, o, roles);
    Dataset data = read_csv_text(text, csv, path);
    roles = roles_of_rows_read(std::move(roles), data);
    if (roles.size() != data.n_samples())
      throw InputError(cmd + ": could not match the rows of the role files (" + std::to_string(roles.size()) +
                       " lines, " + std::to_string(data.n_samples()) + " rows read)");
    o.roles = std::move(roles);
    return data;
  }
  if (o.split_column.empty()) return read_csv(path, csv);
  // The roles first, so that a missing column is named as the split column's rather than as a dropped one's.
  std::vector<Role> roles = roles_from_column(path, o.split_column);
  CsvOptions without = csv;
  without.drop.push_back(o.split_column);
  Dataset data = read_csv(path, without);
  roles = roles_of_rows_read(std::move(roles), data);
  if (roles.size() != data.n_samples())
    throw InputError(cmd + ": split_column: " + std::to_string(roles.size()) + " roles for " +
                     std::to_string(data.n_samples()) + " rows");
  o.roles = std::move(roles);
  return data;
}

}  // namespace featrel::crfe
