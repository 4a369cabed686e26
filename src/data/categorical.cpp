// Categorical feature columns -> indicator (one-hot) columns, and the origin of every encoded column.
//
// Methods need numbers, and researchers' tables hold text such as site = A/B/C. A column with few distinct
// values is encoded as one 0/1 column per level (one column for two levels: the second level, as a binary
// target's positive class), named "<col>=<level>". Levels sort as target labels do (numerically when every
// level is a number, else by bytes), so that the encoded columns come out in a predictable order. Many
// distinct values mean the column is not a category (free text, IDs, a typo in a numeric column): an error.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <unordered_set>

#include "data/dataset_internal.hpp"
#include "featrel/error.hpp"

namespace featrel::detail {
namespace {

struct Levels {
  std::vector<std::string> names;  // in level order: each level as first written
  std::vector<int> codes;          // per row; -1 = missing
  bool numeric = false;            // every present value is a number
};

Levels find_levels(const std::vector<std::string>& text, const CsvOptions& options, bool decimal_comma) {
  const std::size_t n = text.size();
  std::vector<std::size_t> rows;  // non-missing rows
  rows.reserve(n);
  for (std::size_t i = 0; i < n; ++i)
    if (!is_missing_value(text[i], options.na_values)) rows.push_back(i);
  std::vector<double> numbers(n, 0.0);
  bool numeric = true;
  for (std::size_t i : rows)
    if (parse_number(text[i], numbers[i], decimal_comma) != NumberParse::ok) numeric = false;
  // A stable sort keeps the first occurrence of each level first, so its spelling ("1" or "1.0") names it.
  if (numeric) {
    std::stable_sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) { return numbers[a] < numbers[b]; });
  } else {
    std::stable_sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) { return text[a] < text[b]; });
  }
  Levels levels;
  levels.numeric = numeric;
  levels.codes.assign(n, -1);
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const std::size_t a = k > 0 ? rows[k - 1] : 0, b = rows[k];
    const bool same = k > 0 && (numeric ? numbers[a] == numbers[b] : text[a] == text[b]);
    if (!same) levels.names.push_back(text[rows[k]]);
    levels.codes[rows[k]] = static_cast<int>(levels.names.size()) - 1;
  }
  return levels;
}

std::string plain_list(const std::vector<std::string>& names, std::size_t limit = 12) {
  std::string out;
  const std::size_t shown = std::min(limit, names.size());
  for (std::size_t i = 0; i < shown; ++i) out += (i == 0 ? "" : ", ") + names[i];
  if (names.size() > shown) out += ", and " + std::to_string(names.size() - shown) + " more";
  return out;
}

}  // namespace

void encode_categorical(RawTable& raw, const CsvOptions& options, Dataset& out) {
  const std::size_t d = raw.feature_names.size();
  const auto n = static_cast<std::size_t>(raw.X.rows());
  out.source_columns = raw.feature_names;
  out.origins.clear();
  bool any = false;
  for (std::size_t j = 0; j < d; ++j) any = any || (j < raw.text.size() && !raw.text[j].empty());
  if (!any) {
    for (std::size_t j = 0; j < d; ++j) out.origins.push_back({raw.feature_names[j], "", j});
    return;
  }

  std::vector<Eigen::VectorXd> columns;
  std::vector<std::string> names;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t j = 0; j < d; ++j) {
    const std::string& name = raw.feature_names[j];
    if (j >= raw.text.size() || raw.text[j].empty()) {
      columns.emplace_back(raw.X.col(static_cast<Eigen::Index>(j)));
      names.push_back(name);
      out.origins.push_back({name, "", j});
      continue;
    }
    const Levels levels = find_levels(raw.text[j], options, raw.decimal_comma);
    const std::size_t L = levels.names.size();
    const bool forced = j < raw.forced_categorical.size() && raw.forced_categorical[j];
    if (L == 0) {
      throw InputError(raw.source + ", column '" + name + "': every value is missing, so it has no categories; "
                       "--drop the column");
    }
    if (!forced && L > options.max_levels) {
      const std::size_t row = raw.first_text_row[j];
      const bool all_distinct = std::count(levels.codes.begin(), levels.codes.end(), -1) == 0 && L == n;
      throw InputError(where_row(raw, row) + ", column '" + name + "': value " + quote_value(raw.first_text_value[j]) +
                       " is not numeric, and the column has " + std::to_string(L) + " distinct values" +
                       (all_distinct ? " (a different one in every row: an identifier?)" : "") +
                       ", more than the " + std::to_string(options.max_levels) +
                       " a column may have to be read as categories; featrel needs numeric features — encode the "
                       "column as numbers, read it as categories anyway with --categorical " + name +
                       ", or --drop it");
    }
    // Two levels need one indicator (the other is its complement); more need one each.
    const std::size_t first = L == 2 ? 1 : 0;
    std::vector<std::string> encoded;
    for (std::size_t k = first; k < L; ++k) {
      Eigen::VectorXd col(static_cast<Eigen::Index>(n));
      for (std::size_t i = 0; i < n; ++i) {
        const int code = levels.codes[i];
        col[static_cast<Eigen::Index>(i)] = code < 0 ? nan : (static_cast<std::size_t>(code) == k ? 1.0 : 0.0);
      }
      columns.push_back(std::move(col));
      names.push_back(name + "=" + levels.names[k]);
      encoded.push_back(names.back());
      out.origins.push_back({name, levels.names[k], j});
    }
    if (forced && levels.numeric && L > options.max_levels) {
      // Asked for, so not refused; but a column of numbers with this many values is rarely meant as categories
      // (a quantity named by mistake, or an identifier). Declared text categories (a pandas category) are not.
      const bool all_distinct = std::count(levels.codes.begin(), levels.codes.end(), -1) == 0 && L == n;
      out.warnings.push_back("column '" + name + "' of numbers is read as categories as --categorical asks: its " +
                             std::to_string(L) + " distinct values" +
                             (all_distinct ? " (a different one in every row: an identifier?)" : "") + " become " +
                             std::to_string(encoded.size()) + " indicator columns, more than the " +
                             std::to_string(options.max_levels) +
                             " levels a column may have to be read as categories on its own; if its values are "
                             "quantities, leave it out of --categorical");
    }
    if (!forced) {
      out.warnings.push_back("column '" + name + "' is categorical (" + std::to_string(L) + " level" +
                             (L == 1 ? "" : "s") + ": " + plain_list(levels.names) + "); encoded as " +
                             std::to_string(encoded.size()) + " indicator column" + (encoded.size() == 1 ? "" : "s") +
                             (encoded.size() == 1 ? " '" + encoded.front() + "'" : ""));
    }
  }

  std::unordered_set<std::string> seen;
  for (const auto& name : names) {
    if (!seen.insert(name).second) {
      throw InputError(raw.source + ": the encoded column name '" + name + "' is also the name of another column; "
                       "rename that column");
    }
  }
  raw.X.resize(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(columns.size()));
  for (std::size_t c = 0; c < columns.size(); ++c) raw.X.col(static_cast<Eigen::Index>(c)) = columns[c];
  raw.feature_names = std::move(names);
}

}  // namespace featrel::detail
