// Pre-flight checks on a Dataset (include/featrel/preflight.hpp).
//
// Every check works per original column (Dataset::columns_by_source), so a categorical column is judged as
// one column and the remedy names what the user can --drop. The checks look at the values as read: cells
// that were missing (Dataset::missing_rows) are left out, since imputed values would hide an ID or a leak.
#include "featrel/preflight.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <unordered_map>

#include "data/chance_floor.hpp"
#include "data/dataset_internal.hpp"
#include "featrel/format.hpp"

namespace featrel {
namespace {

using detail::NumberParse;

// A column name as the user would type it after --drop: quoted for the shell when it needs to be.
std::string shell_word(const std::string& name) {
  const bool plain = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::strchr("_.-+=:/@%,", c) != nullptr;
  });
  if (plain) return name;
  std::string out = "'";
  for (char c : name) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string percent(std::size_t part, std::size_t whole) {
  return std::to_string(static_cast<long long>(std::lround(100.0 * static_cast<double>(part) /
                                                            static_cast<double>(std::max<std::size_t>(whole, 1))))) +
         "%";
}

bool same_value(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

// X(i, j) with the library's size_t indices.
double at(const Dataset& data, std::size_t i, std::size_t j) {
  return data.X(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j));
}

// One original column: its name and its encoded columns.
struct Source {
  std::string name;
  std::vector<std::size_t> columns;
  bool categorical = false;
};

std::vector<Source> sources_of(const Dataset& data) {
  std::vector<Source> out;
  const bool with_origins = data.origins.size() == data.n_features();
  for (auto& columns : data.columns_by_source()) {
    if (columns.empty()) continue;
    Source s;
    s.name = with_origins ? data.origins[columns.front()].column : data.feature_names[columns.front()];
    s.categorical = with_origins && !data.origins[columns.front()].level.empty();
    s.columns = std::move(columns);
    out.push_back(std::move(s));
  }
  return out;
}

bool is_constant(const Dataset& data, std::size_t j) { return j < data.constant.size() && data.constant[j]; }

// Missing values as read; when the Dataset does not record them, the NaN still in X.
std::size_t missing_in(const Dataset& data, std::size_t j) {
  if (j < data.missing_counts.size()) return data.missing_counts[j];
  const auto col = data.X.col(static_cast<Eigen::Index>(j));
  return static_cast<std::size_t>(col.array().isNaN().count());
}

// Row i of column j holds a value as read: neither imputed (Dataset::missing_rows) nor NaN.
bool observed(const Dataset& data, std::size_t j, std::size_t i) {
  // A flag list of another length belongs to other rows (a row subset copied from the read Dataset).
  if (j < data.missing_rows.size() && data.missing_rows[j].size() == data.n_samples() && data.missing_rows[j][i])
    return false;
  return !std::isnan(at(data, i, j));
}

// The rows where every encoded column of s holds a value as read.
std::vector<std::size_t> observed_rows(const Dataset& data, const Source& s) {
  std::vector<std::size_t> rows;
  for (std::size_t i = 0; i < data.n_samples(); ++i)
    if (std::all_of(s.columns.begin(), s.columns.end(), [&](std::size_t j) { return observed(data, j, i); }))
      rows.push_back(i);
  return rows;
}

bool all_constant(const Dataset& data, const Source& s) {
  return std::all_of(s.columns.begin(), s.columns.end(), [&](std::size_t j) { return is_constant(data, j); });
}

// Rows i and k agree on every encoded column of s.
bool same_row_values(const Dataset& data, const Source& s, std::size_t i, std::size_t k) {
  for (std::size_t j : s.columns)
    if (!same_value(at(data, i, j), at(data, k, j))) return false;
  return true;
}

// A numeric target read as many classes: a quantity, not categories.
bool check_many_classes(const Dataset& data, const PreflightOptions& options, std::vector<PreflightIssue>& out) {
  if (!data.is_classification()) return false;
  const std::size_t K = data.n_classes();
  const std::size_t n = data.n_samples();
  if (static_cast<double>(K) <= std::max(10.0, static_cast<double>(n) / 10.0)) return false;
  double value = 0.0;
  for (const auto& label : data.classes)
    if (detail::parse_number(label, value, true) != NumberParse::ok) return false;
  PreflightIssue issue;
  issue.kind = "many_classes";
  issue.column = data.target_name;
  issue.message = "target '" + data.target_name + "' has " + std::to_string(K) + " distinct numeric values in " +
                  std::to_string(n) + " rows, read as " + std::to_string(K) + " classes; it looks like a quantity";
  if (options.classification_only) {
    issue.fatal = true;
    issue.message += ", and this method only classifies — use a method that supports --task regression" +
                     (options.regression_methods.empty() ? std::string() : " (" + options.regression_methods + ")") +
                     ", or group the values into a few classes";
  } else {
    issue.message += " — use --task regression";
  }
  out.push_back(std::move(issue));
  return true;
}

void check_tiny_classes(const Dataset& data, const PreflightOptions& options, std::vector<PreflightIssue>& out) {
  if (data.labels.empty()) return;
  const std::vector<std::size_t> counts = data.class_counts();
  for (std::size_t k = 0; k < counts.size(); ++k) {
    if (counts[k] >= options.min_class_rows) continue;
    out.push_back({"tiny_class", data.target_name,
                   "class '" + data.classes[k] + "' of target '" + data.target_name + "' has " +
                       std::to_string(counts[k]) + " row" + (counts[k] == 1 ? "" : "s") + " (fewer than " +
                       std::to_string(options.min_class_rows) +
                       "), too few to train and test on in every fold — collect more rows, merge it with a "
                       "similar class, or remove its rows",
                   false});
  }
}

// Labels that differ only in letter case or blanks ("yes", "Yes ", "YES"): the groups of two or more, each in
// the order given. Numbers are left alone ("1" and "1.0" are one value already).
std::vector<std::vector<std::string>> case_variants(const std::vector<std::string>& labels) {
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;  // folded label -> labels, first seen first
  for (const auto& label : labels) {
    double value = 0.0;
    if (detail::parse_number(label, value, false) == NumberParse::ok) continue;
    std::string folded;
    for (char c : label)
      if (c != ' ' && c != '\t') folded += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == folded; });
    if (it == groups.end()) groups.emplace_back(folded, std::vector<std::string>{label});
    else it->second.push_back(label);
  }
  std::vector<std::vector<std::string>> out;
  for (auto& [folded, members] : groups)
    if (members.size() > 1) out.push_back(std::move(members));
  return out;
}

// "'no' and 'NO', and 'Yes' and 'yes'"
std::string variants_text(const std::vector<std::vector<std::string>>& groups) {
  std::string out;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (g > 0) out += ", and ";
    for (std::size_t q = 0; q < groups[g].size(); ++q)
      out += (q == 0 ? "" : q + 1 == groups[g].size() ? " and " : ", ") + ("'" + groups[g][q] + "'");
  }
  return out;
}

// Class labels or category levels written in two ways are read as two classes or levels: almost always a typo.
void check_label_variants(const Dataset& data, const std::vector<Source>& sources, std::vector<PreflightIssue>& out) {
  if (data.is_classification()) {
    if (const auto groups = case_variants(data.classes); !groups.empty())
      out.push_back({"label_variants", data.target_name,
                     "target '" + data.target_name + "': the labels " + variants_text(groups) +
                         " differ only in letter case or blanks, so they are read as different classes (" +
                         std::to_string(data.n_classes()) + " in all); if they mean the same, write them one way "
                         "in the file",
                     false});
  }
  if (data.origins.size() != data.n_features()) return;
  for (const Source& s : sources) {
    if (!s.categorical) continue;
    std::vector<std::string> levels;
    for (std::size_t j : s.columns) levels.push_back(data.origins[j].level);
    if (const auto groups = case_variants(levels); !groups.empty())
      out.push_back({"label_variants", s.name,
                     "column '" + s.name + "': the categories " + variants_text(groups) +
                         " differ only in letter case or blanks, so they are read as different categories; if they "
                         "mean the same, write them one way in the file",
                     false});
  }
}

void check_id_like(const Dataset& data, const std::vector<Source>& sources, const PreflightOptions& options,
                   std::vector<PreflightIssue>& out) {
  for (const Source& s : sources) {
    if (s.categorical || s.columns.size() != 1 || all_constant(data, s)) continue;
    // The values as read: an imputed mean is neither an integer nor in order, but the column is still an ID.
    const std::vector<std::size_t> rows = observed_rows(data, s);
    if (rows.size() < std::max<std::size_t>(options.id_min_rows, 2)) continue;
    std::vector<double> v;
    v.reserve(rows.size());
    for (std::size_t i : rows) v.push_back(at(data, i, s.columns.front()));
    bool increasing = true, decreasing = true;
    for (std::size_t k = 1; k < v.size() && (increasing || decreasing); ++k) {
      increasing = increasing && v[k] > v[k - 1];
      decreasing = decreasing && v[k] < v[k - 1];
    }
    std::string why;
    if (increasing || decreasing) {
      why = std::string("its values ") + (increasing ? "increase" : "decrease") + " from every row to the next";
    } else {
      const bool integers = std::all_of(v.begin(), v.end(), [](double x) { return std::floor(x) == x; });
      if (!integers) continue;
      std::sort(v.begin(), v.end());
      if (std::adjacent_find(v.begin(), v.end()) != v.end()) continue;
      why = "every row has a different integer";
    }
    out.push_back({"id_like", s.name,
                   "column '" + s.name + "' looks like a row identifier (" + why +
                       "); an identifier says nothing about the target but can look relevant by chance — --drop " +
                       shell_word(s.name),
                   false});
  }
}

void check_target_leak(const Dataset& data, const std::vector<Source>& sources, const PreflightOptions& options,
                       std::vector<PreflightIssue>& out) {
  const std::size_t n = data.n_samples();
  for (const Source& s : sources) {
    if (all_constant(data, s)) continue;
    // Judged on the values as read: imputed values would hide a leak.
    const std::vector<std::size_t> rows = observed_rows(data, s);
    std::string how;
    if (!data.labels.empty()) {
      // Each class has one value (row tuple) of the column, and no two classes share one.
      const std::size_t K = data.n_classes();
      std::vector<std::size_t> first(K, n);
      bool leak = true;
      for (std::size_t i : rows) {
        const auto k = static_cast<std::size_t>(data.labels[i]);
        if (first[k] == n) {
          first[k] = i;
        } else if (!same_row_values(data, s, first[k], i)) {
          leak = false;
          break;
        }
      }
      const auto seen = static_cast<std::size_t>(
          std::count_if(first.begin(), first.end(), [&](std::size_t r) { return r < n; }));
      // With every class seen once, any column of distinct values would "determine" it: proof needs a repeat.
      if (seen < 2 || rows.size() <= seen) leak = false;
      for (std::size_t a = 0; a < K && leak; ++a)
        for (std::size_t b = a + 1; b < K && leak; ++b)
          if (first[a] < n && first[b] < n && same_row_values(data, s, first[a], first[b])) leak = false;
      if (!leak) continue;
      how = "it has one value within each class of '" + data.target_name + "' and a different one in each class";
      if (s.columns.size() == 1 && K <= 6) {
        std::string values;
        for (std::size_t k = 0; k < K; ++k) {
          if (first[k] == n) continue;
          values += (values.empty() ? "" : ", ") +
                    detail::shortest_text(at(data, first[k], s.columns.front())) +
                    " for '" + data.classes[k] + "'";
        }
        how += " (" + values + ")";
      }
    } else {
      if (rows.size() < 3) continue;
      Eigen::VectorXd yv(static_cast<Eigen::Index>(rows.size()));
      for (std::size_t r = 0; r < rows.size(); ++r)
        yv[static_cast<Eigen::Index>(r)] = data.y[static_cast<Eigen::Index>(rows[r])];
      const Eigen::VectorXd yc = yv.array() - yv.mean();
      for (std::size_t j : s.columns) {
        if (is_constant(data, j)) continue;
        Eigen::VectorXd x(static_cast<Eigen::Index>(rows.size()));
        for (std::size_t r = 0; r < rows.size(); ++r)
          x[static_cast<Eigen::Index>(r)] = at(data, rows[r], j);
        const Eigen::VectorXd xc = x.array() - x.mean();
        const double denom = std::sqrt(xc.squaredNorm() * yc.squaredNorm());
        if (!(denom > 0.0)) continue;
        const double r = xc.dot(yc) / denom;
        if (std::abs(r) > options.leak_correlation) {
          char buffer[32];
          std::snprintf(buffer, sizeof buffer, "%.6f", r);
          how = "it is a linear function of target '" + data.target_name + "' (Pearson r = " + buffer + ")";
          break;
        }
      }
      if (how.empty()) continue;
    }
    out.push_back({"target_leak", s.name,
                   "column '" + s.name + "' determines the target: " + how +
                       "; it is probably the target in another form or computed from it, and would make every "
                       "other feature look irrelevant — --drop " + shell_word(s.name),
                   false});
  }
}

void check_missing(const Dataset& data, const std::vector<Source>& sources, const PreflightOptions& options,
                   std::vector<PreflightIssue>& out) {
  const std::size_t n = data.n_samples();
  for (const Source& s : sources) {
    std::size_t missing = 0;
    for (std::size_t j : s.columns) missing = std::max(missing, missing_in(data, j));
    if (static_cast<double>(missing) <= options.max_missing_share * static_cast<double>(n)) continue;
    out.push_back({"mostly_missing", s.name,
                   "column '" + s.name + "' is missing in " + std::to_string(missing) + " of " + std::to_string(n) +
                       " rows (" + percent(missing, n) +
                       "); imputed, it would be mostly invented values — --drop " + shell_word(s.name),
                   false});
  }
}

void check_duplicates(const Dataset& data, const std::vector<Source>& sources, std::vector<PreflightIssue>& out) {
  const std::size_t n = data.n_samples();
  // Bucket by a hash of the values, then compare within a bucket.
  // Identical as read: the same rows missing and the same values elsewhere. A missing cell hashes as the bits
  // 1; a clash with a real value only costs a comparison in `identical`.
  auto hash_of = [&](const Source& s) {
    std::uint64_t h = 1469598103934665603ull ^ s.columns.size();
    for (std::size_t j : s.columns) {
      for (std::size_t i = 0; i < n; ++i) {
        std::uint64_t bits = 1;
        if (observed(data, j, i)) {
          double v = at(data, i, j);
          if (v == 0.0) v = 0.0;  // -0 and 0 are the same value
          std::memcpy(&bits, &v, sizeof bits);
        }
        h = (h ^ bits) * 1099511628211ull;
      }
    }
    return h;
  };
  auto identical = [&](const Source& a, const Source& b) {
    if (a.columns.size() != b.columns.size()) return false;
    for (std::size_t c = 0; c < a.columns.size(); ++c) {
      for (std::size_t i = 0; i < n; ++i) {
        const bool seen_a = observed(data, a.columns[c], i);
        if (seen_a != observed(data, b.columns[c], i)) return false;
        if (seen_a && at(data, i, a.columns[c]) != at(data, i, b.columns[c])) return false;
      }
    }
    return true;
  };
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> buckets;
  for (std::size_t s = 0; s < sources.size(); ++s) {
    if (all_constant(data, sources[s])) continue;  // reported as constant
    auto& bucket = buckets[hash_of(sources[s])];
    for (std::size_t earlier : bucket) {
      if (!identical(sources[earlier], sources[s])) continue;
      const std::string& a = sources[earlier].name;
      const std::string& b = sources[s].name;
      out.push_back({"duplicate_column", b,
                     "columns '" + a + "' and '" + b + "' are identical (the same value in every row); one of them "
                     "is redundant and would split the relevance between them — --drop " + shell_word(b),
                     false});
      break;
    }
    bucket.push_back(s);
  }
}

void check_constant(const Dataset& data, const std::vector<Source>& sources, std::vector<PreflightIssue>& out) {
  for (const Source& s : sources) {
    if (!all_constant(data, s)) continue;
    out.push_back({"constant", s.name,
                   "column '" + s.name + "' has the same value in every row, so it carries no information (the "
                   "methods leave it out) — --drop " + shell_word(s.name),
                   false});
  }
}

// Only for wide tables: with fewer columns than rows the floor is low and the warning would be noise.
void check_chance_floor(const Dataset& data, const PreflightOptions& options, std::vector<PreflightIssue>& out) {
  std::size_t varying = 0;
  for (std::size_t j = 0; j < data.n_features(); ++j) varying += is_constant(data, j) ? 0 : 1;
  if (options.chance_permutations == 0 || varying <= data.n_samples()) return;
  const detail::ChanceFloor f = detail::chance_floor(data, options.chance_permutations, options.chance_seed);
  if (f.columns == 0) return;
  const std::string measure = data.is_classification() ? "correlation ratio" : "|Pearson r|";
  out.push_back(
      {"chance_floor", data.target_name,
       "wide data: " + std::to_string(f.columns) + " columns on " + std::to_string(data.n_samples()) +
           " rows. Chance alone gives the best of this many columns an association with '" + data.target_name +
           "' of " + format_fixed(f.floor, 2) + " (" + measure + "; 95th percentile over " +
           std::to_string(f.permutations) + " permutations of the target); " + std::to_string(f.above) +
           (f.above == 1 ? " column exceeds" : " columns exceed") + " it (the largest: " + format_fixed(f.largest, 2) +
           "). A feature below that level is, on its own, indistinguishable from noise on these rows: where a "
           "method selects or ranks such features, the answer is fragile; confirm it on more rows",
       false,
       {{"columns", static_cast<double>(f.columns)},
        {"rows", static_cast<double>(data.n_samples())},
        {"floor", f.floor},
        {"above", static_cast<double>(f.above)},
        {"largest", f.largest},
        {"permutations", static_cast<double>(f.permutations)}},
       f.above_features});
}

}  // namespace

std::vector<PreflightIssue> preflight(const Dataset& data, const PreflightOptions& options) {
  std::vector<PreflightIssue> issues;
  const std::vector<Source> sources = sources_of(data);
  // With hundreds of classes, most are tiny: one issue says it all.
  if (!check_many_classes(data, options, issues)) check_tiny_classes(data, options, issues);
  check_label_variants(data, sources, issues);
  check_id_like(data, sources, options, issues);
  check_target_leak(data, sources, options, issues);
  check_missing(data, sources, options, issues);
  check_duplicates(data, sources, issues);
  check_constant(data, sources, issues);
  check_chance_floor(data, options, issues);
  return issues;
}

}  // namespace featrel
