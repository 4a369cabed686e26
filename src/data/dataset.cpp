// Dataset: its small queries, the word <-> enum conversions, building from memory, and what both readers share:
// the columns `keep` names (kept_columns) and the finish (build_dataset).
#include "featrel/dataset.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "data/dataset_internal.hpp"
#include "featrel/error.hpp"

namespace featrel {

std::string to_string(Task task) {
  switch (task) {
    case Task::binary: return "binary";
    case Task::multiclass: return "multiclass";
    case Task::regression: return "regression";
    case Task::ordinal: return "ordinal";
  }
  return "unknown";
}

std::string to_string(TaskRequest task) {
  switch (task) {
    case TaskRequest::automatic: return "auto";
    case TaskRequest::binary: return "binary";
    case TaskRequest::multiclass: return "multiclass";
    case TaskRequest::classification: return "classification";
    case TaskRequest::regression: return "regression";
    case TaskRequest::ordinal: return "ordinal";
  }
  return "unknown";
}

std::string to_string(Impute impute) {
  switch (impute) {
    case Impute::none: return "none";
    case Impute::mean: return "mean";
    case Impute::median: return "median";
    case Impute::keep: return "keep";
  }
  return "unknown";
}

TaskRequest parse_task_request(std::string_view word) {
  for (TaskRequest t : {TaskRequest::automatic, TaskRequest::binary, TaskRequest::multiclass,
                        TaskRequest::classification, TaskRequest::regression, TaskRequest::ordinal})
    if (word == to_string(t)) return t;
  throw InputError("--task '" + std::string(word) +
                   "' is not a task; use auto, binary, multiclass, classification, regression or ordinal");
}

Impute parse_impute(std::string_view word) {
  for (Impute m : {Impute::none, Impute::mean, Impute::median, Impute::keep})
    if (word == to_string(m)) return m;
  throw InputError("--impute '" + std::string(word) + "' is not an imputation; use mean, median, keep or none");
}

std::vector<std::size_t> Dataset::class_counts() const {
  std::vector<std::size_t> counts(classes.size(), 0);
  for (int code : labels) ++counts.at(static_cast<std::size_t>(code));
  return counts;
}

std::vector<std::size_t> Dataset::nonconstant_features() const {
  std::vector<std::size_t> out;
  for (std::size_t j = 0; j < n_features(); ++j)
    if (j >= constant.size() || !constant[j]) out.push_back(j);
  return out;
}

std::size_t Dataset::feature_index(std::string_view name_or_index) const {
  for (std::size_t j = 0; j < feature_names.size(); ++j)
    if (feature_names[j] == name_or_index) return j;
  const bool digits = !name_or_index.empty() && name_or_index.size() < 10 &&
                      std::all_of(name_or_index.begin(), name_or_index.end(),
                                  [](char c) { return c >= '0' && c <= '9'; });
  if (digits) {
    const std::size_t index = std::stoul(std::string(name_or_index));
    if (index < n_features()) return index;
    throw InputError("feature index " + std::string(name_or_index) + " is out of range: there are " +
                     std::to_string(n_features()) + " features (indices 0.." + std::to_string(n_features() - 1) +
                     ")");
  }
  throw InputError("feature '" + std::string(name_or_index) + "' is not a feature of " + source +
                   "; the features are " + detail::name_list(feature_names) +
                   " (a feature can also be given as its 0-based index)");
}

std::vector<std::vector<std::size_t>> Dataset::columns_by_source() const {
  std::vector<std::vector<std::size_t>> out;
  if (origins.size() != n_features()) {  // built by hand or subset without origins: each feature is its own
    for (std::size_t j = 0; j < n_features(); ++j) out.push_back({j});
    return out;
  }
  std::size_t sources = source_columns.size();
  for (const auto& origin : origins) sources = std::max(sources, origin.source_index + 1);
  out.resize(sources);
  for (std::size_t j = 0; j < origins.size(); ++j) out[origins[j].source_index].push_back(j);
  return out;
}

void require_min_class_size(const Dataset& data, std::size_t folds, std::string_view what) {
  if (data.task == Task::regression) {
    if (data.n_samples() < folds) {
      throw InputError(data.source + " has " + std::to_string(data.n_samples()) + " rows, fewer than the " +
                       std::to_string(folds) + " " + std::string(what) + "; use fewer " + std::string(what));
    }
    return;
  }
  const std::vector<std::size_t> counts = data.class_counts();
  for (std::size_t k = 0; k < counts.size(); ++k) {
    if (counts[k] < folds) {
      throw InputError("class '" + data.classes[k] + "' of target '" + data.target_name + "' has " +
                       std::to_string(counts[k]) + " row" + (counts[k] == 1 ? "" : "s") + ", fewer than the " +
                       std::to_string(folds) + " " + std::string(what) + "; each class needs at least " +
                       std::to_string(folds) + " rows — use fewer " + std::string(what));
    }
  }
}

namespace {

// Column c of `raw` from text, as the CSV reader reads a column: numbers when every present value is one (an
// infinity is an error there too) and the column is not `forced` categorical, else the text itself (so that the
// levels keep their spelling, "4e-1"), which encode_categorical turns into levels or refuses.
void read_text_column(const std::vector<std::string>& values, const CsvOptions& options, std::size_t c,
                      bool forced, detail::RawTable& raw) {
  const auto col = static_cast<Eigen::Index>(c);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto row = static_cast<Eigen::Index>(i);
    if (detail::is_missing_value(values[i], options.na_values)) {
      raw.X(row, col) = nan;
      continue;
    }
    double x = 0.0;
    const detail::NumberParse status = detail::parse_number(detail::trim_blanks(values[i]), x);
    if (status == detail::NumberParse::not_finite) {
      throw InputError(detail::where_row(raw, i) + ", column '" + raw.feature_names[c] + "': value is not finite");
    }
    if (status == detail::NumberParse::ok) {
      raw.X(row, col) = x;
      continue;
    }
    if (raw.first_text_row[c] == detail::kNoRow) {
      raw.first_text_row[c] = i;
      raw.first_text_value[c] = std::string(detail::trim_blanks(values[i]));
    }
  }
  if (raw.first_text_row[c] == detail::kNoRow && !forced) return;  // numbers written as text
  raw.X.col(col).setConstant(nan);
  raw.text[c].reserve(values.size());
  for (const auto& v : values) raw.text[c].emplace_back(detail::trim_blanks(v));
}

// The features of make_dataset: checks, --keep, --drop and --categorical applied. The target is left to the caller.
detail::RawTable raw_from_memory(const Eigen::MatrixXd& X, const std::vector<std::string>& feature_names,
                                 std::size_t target_size, const CsvOptions& options,
                                 const std::vector<std::vector<std::string>>& text = {}) {
  const std::string source = "<memory>";
  if (static_cast<std::size_t>(X.cols()) != feature_names.size()) {
    throw InputError("make_dataset: X has " + std::to_string(X.cols()) + " columns but " +
                     std::to_string(feature_names.size()) + " feature names were given");
  }
  if (!text.empty() && text.size() != feature_names.size()) {
    throw InputError("make_dataset: " + std::to_string(text.size()) + " text columns were given for " +
                     std::to_string(feature_names.size()) +
                     " features; give one per feature (empty for a numeric one)");
  }
  for (std::size_t j = 0; j < text.size(); ++j) {
    if (!text[j].empty() && text[j].size() != static_cast<std::size_t>(X.rows())) {
      throw InputError("make_dataset: the text of column '" + feature_names[j] + "' has " +
                       std::to_string(text[j].size()) + " values for " + std::to_string(X.rows()) + " rows");
    }
  }
  if (static_cast<std::size_t>(X.rows()) != target_size) {
    throw InputError("make_dataset: X has " + std::to_string(X.rows()) + " rows but the target has " +
                     std::to_string(target_size) + " values");
  }
  std::unordered_set<std::string> seen;
  for (const auto& name : feature_names) {
    if (name.empty()) throw InputError("make_dataset: a feature name is empty; every feature needs a name");
    if (!seen.insert(name).second) {
      throw InputError("make_dataset: feature name '" + name + "' appears twice; names must be unique");
    }
  }

  std::vector<bool> keep(feature_names.size(), true);
  if (const std::vector<bool> kept = detail::kept_columns(options, feature_names, source); !kept.empty()) keep = kept;
  for (const auto& name : options.drop) {
    auto it = std::find(feature_names.begin(), feature_names.end(), name);
    if (it == feature_names.end()) {
      throw InputError("--drop column '" + name + "' is not a feature; the features are " +
                       detail::name_list(feature_names));
    }
    keep[static_cast<std::size_t>(it - feature_names.begin())] = false;
  }
  // --categorical: by name, else a 0-based index into feature_names (as for columns of a CSV).
  std::vector<bool> forced(feature_names.size(), false);
  for (const auto& name : options.categorical) {
    auto it = std::find(feature_names.begin(), feature_names.end(), name);
    std::size_t j = feature_names.size();
    if (it != feature_names.end()) {
      j = static_cast<std::size_t>(it - feature_names.begin());
    } else if (!name.empty() && name.size() < 10 &&
               std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      j = std::stoul(name);
    }
    if (j >= feature_names.size()) {
      throw InputError("--categorical column '" + name + "' is not a feature; the features are " +
                       detail::name_list(feature_names));
    }
    forced[j] = true;
  }

  detail::RawTable raw;
  raw.source = source;
  raw.target_name = options.target.empty() ? "target" : options.target;
  std::vector<Eigen::Index> columns;
  for (std::size_t j = 0; j < feature_names.size(); ++j) {
    if (!keep[j]) continue;
    columns.push_back(static_cast<Eigen::Index>(j));
    raw.feature_names.push_back(feature_names[j]);
  }
  raw.X.resize(X.rows(), static_cast<Eigen::Index>(columns.size()));
  raw.text.assign(columns.size(), {});
  raw.first_text_row.assign(columns.size(), detail::kNoRow);
  raw.first_text_value.assign(columns.size(), {});
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const auto j = static_cast<std::size_t>(columns[c]);
    if (j < text.size() && !text[j].empty()) {
      read_text_column(text[j], options, c, forced[j], raw);
      continue;
    }
    raw.X.col(static_cast<Eigen::Index>(c)) = X.col(columns[c]);
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
      if (std::isinf(X(i, columns[c]))) {  // NaN is a missing value; infinity is an error
        throw InputError(detail::where_row(raw, static_cast<std::size_t>(i)) + ", column '" + raw.feature_names[c] +
                         "': value is not finite");
      }
    }
  }
  // A forced categorical column of numbers: their shortest text names the levels ("2", "0.5").
  for (std::size_t c = 0; c < columns.size(); ++c) {
    raw.forced_categorical.push_back(forced[static_cast<std::size_t>(columns[c])]);
    if (!raw.forced_categorical.back() || !raw.text[c].empty()) continue;
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
      const double v = raw.X(i, static_cast<Eigen::Index>(c));
      raw.text[c].push_back(std::isnan(v) ? std::string() : detail::shortest_text(v));
    }
  }
  return raw;
}

}  // namespace

Dataset make_dataset(const Eigen::MatrixXd& X, const std::vector<std::string>& feature_names,
                     const std::vector<std::string>& target, const CsvOptions& options) {
  detail::RawTable raw = raw_from_memory(X, feature_names, target.size(), options);
  raw.target.reserve(target.size());
  for (const auto& value : target) raw.target.emplace_back(detail::trim_blanks(value));
  return detail::build_dataset(std::move(raw), options);
}

Dataset make_dataset(const Eigen::MatrixXd& X, const std::vector<std::string>& feature_names,
                     const Eigen::VectorXd& y, const CsvOptions& options) {
  return make_dataset(X, feature_names, {}, y, options);
}

Dataset make_dataset(const Eigen::MatrixXd& X, const std::vector<std::string>& feature_names,
                     const std::vector<std::vector<std::string>>& text, const Eigen::VectorXd& y,
                     const CsvOptions& options) {
  detail::RawTable raw = raw_from_memory(X, feature_names, static_cast<std::size_t>(y.size()), options, text);
  // The text is what the string overload would have been given; the numbers are kept so that a regression
  // target is not rounded through text and back.
  raw.target.reserve(static_cast<std::size_t>(y.size()));
  raw.target_numbers.assign(y.data(), y.data() + y.size());
  for (Eigen::Index i = 0; i < y.size(); ++i)
    raw.target.push_back(std::isnan(y[i]) ? std::string() : detail::shortest_text(y[i]));
  return detail::build_dataset(std::move(raw), options);
}

namespace detail {

std::vector<bool> kept_columns(const CsvOptions& options, const std::vector<std::string>& columns,
                               const std::string& source) {
  if (!options.keep_selected.empty() && options.keep_note.empty())
    throw std::logic_error("CsvOptions::keep_selected must be resolved by keep_selected_features() before reading");
  if (options.keep.empty() && options.kept_by_selection.empty()) return {};
  std::unordered_map<std::string_view, std::size_t> index;  // a repeated name resolves to its first column
  for (std::size_t c = 0; c < columns.size(); ++c) index.emplace(columns[c], c);
  std::vector<bool> kept(columns.size(), false);
  const auto mark = [&](const std::vector<std::string>& names, const std::string& what) {
    for (const auto& name : names) {
      std::size_t c = columns.size();
      if (const auto it = index.find(name); it != index.end()) {
        c = it->second;
      } else if (!name.empty() && name.size() < 10 &&
                 std::all_of(name.begin(), name.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
        c = std::stoul(name);
      } else {
        // A categorical column reaches a result as indicator columns named "<col>=<level>"; either part may hold
        // '=', so every split is tried.
        for (std::size_t eq = name.find('='); eq != std::string::npos && c == columns.size(); eq = name.find('=', eq + 1))
          if (const auto it = index.find(std::string_view(name).substr(0, eq)); it != index.end()) c = it->second;
      }
      if (c >= columns.size()) {
        throw InputError(what + " column '" + name + "' is not in " + source + "; its columns are " +
                         name_list(columns) + " (a column can also be given as its 0-based index)");
      }
      kept[c] = true;
    }
  };
  mark(options.keep, "--keep");
  mark(options.kept_by_selection, "--keep-selected " + options.keep_selected + ":");
  return kept;
}

Dataset build_dataset(RawTable&& raw, const CsvOptions& options) {
  Dataset out;
  drop_rows_without_target(raw, options, out);
  const auto n = static_cast<std::size_t>(raw.X.rows());
  if (raw.X.cols() == 0) {
    throw InputError(raw.source + " has no feature columns; featrel needs at least one feature");
  }
  if (n == 0) {
    throw InputError(raw.source + " has a header row but no data rows; featrel needs at least 2 rows");
  }
  if (n < 2) {
    throw InputError(raw.source + " has only 1 data row; featrel needs at least 2 rows");
  }
  out.source = raw.source;
  if (!options.keep_note.empty()) out.warnings.push_back(options.keep_note);
  encode_categorical(raw, options, out);
  out.feature_names = raw.feature_names;
  encode_target(raw, options, out);
  out.X = std::move(raw.X);
  check_columns(raw, options, out);
  return out;
}

}  // namespace detail
}  // namespace featrel
