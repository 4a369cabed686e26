// The list of registered methods (method_registry.hpp) and the shared selection shape. Adding a method: its folder
// under src/methods with a method_spec(), and one line in methods() below.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "featrel/boruta.hpp"
#include "featrel/crfe.hpp"
#include "featrel/format.hpp"
#include "featrel/fri.hpp"
#include "featrel/pareto.hpp"
#include "featrel/method_registry.hpp"
#include "featrel/result_json.hpp"
#include "featrel/selectors.hpp"
#include "featrel/ubayfs.hpp"
#include "featrel/ubayfs_ensemble.hpp"
#include "featrel/sfc.hpp"

namespace featrel {

std::vector<std::size_t> Selection::selected_indices() const {
  std::vector<std::size_t> out;
  for (std::size_t j = 0; j < features.size(); ++j)
    if (features[j].selected) out.push_back(j);
  return out;
}

report::Json Selection::to_json() const {
  report::Json j = report::Json::object();
  j["score"] = score_name;
  j["selected"] = selected_indices();
  return j;
}

void rank_by_score(Selection& selection) {
  std::vector<std::size_t> order;
  for (std::size_t j = 0; j < selection.features.size(); ++j)
    if (selection.features[j].score && std::isfinite(*selection.features[j].score)) order.push_back(j);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return *selection.features[a].score > *selection.features[b].score;
  });
  for (std::size_t r = 0; r < order.size(); ++r) selection.features[order[r]].rank = static_cast<int>(r + 1);
}

void merge_selection(report::Json& document, const Selection& selection) {
  if (!document.contains("features") || !document["features"].is_array()) return;
  auto& features = document["features"];
  for (std::size_t j = 0; j < selection.features.size() && j < features.size(); ++j) {
    auto& e = features[j];
    const auto& f = selection.features[j];
    if (!e.contains("score")) e["score"] = report::json_optional(f.score);
    if (!e.contains("rank")) e["rank"] = f.rank ? report::Json(*f.rank) : report::Json(nullptr);
    if (f.relevance && !e.contains("class")) report::add_relevance_class(e, *f.relevance);
  }
  document["selection"] = selection.to_json();
}

namespace {

// "a, b, c and 4 more": the features `indices` of `data`, the first `shown` by name.
std::string feature_names_text(const Dataset& data, const std::vector<std::size_t>& indices, std::size_t shown) {
  std::string names;
  for (std::size_t q = 0; q < std::min(shown, indices.size()); ++q)
    names += (q ? ", " : "") + data.feature_names.at(indices[q]);
  if (indices.size() > shown) names += " and " + std::to_string(indices.size() - shown) + " more";
  return names;
}

// Original column -> its features, in column order; only when some feature is an indicator of a level.
std::vector<std::pair<std::string, std::vector<std::size_t>>> categorical_columns(const Dataset& data) {
  std::vector<std::pair<std::string, std::vector<std::size_t>>> out;
  if (data.origins.size() != data.n_features()) return out;
  std::vector<std::string> with_levels;
  for (const auto& o : data.origins)
    if (!o.level.empty() && std::find(with_levels.begin(), with_levels.end(), o.column) == with_levels.end())
      with_levels.push_back(o.column);
  for (const auto& column : with_levels) {
    std::vector<std::size_t> features;
    for (std::size_t j = 0; j < data.origins.size(); ++j)
      if (data.origins[j].column == column) features.push_back(j);
    out.emplace_back(column, std::move(features));
  }
  return out;
}

}  // namespace

report::Json original_columns_json(const Selection& selection, const Dataset& data) {
  report::Json out = report::Json::array();
  for (const auto& [column, features] : categorical_columns(data)) {
    report::Json c = report::Json::object();
    c["column"] = column;
    bool selected = false;
    std::optional<int> relevance;
    std::optional<double> score;
    report::Json levels = report::Json::array();
    for (std::size_t j : features) {
      const FeatureSelection f = j < selection.features.size() ? selection.features[j] : FeatureSelection{};
      report::Json l = report::Json::object();
      l["level"] = data.origins[j].level;
      l["feature"] = j;
      l["name"] = data.feature_names[j];
      l["selected"] = f.selected;
      l["score"] = report::json_optional(f.score);
      if (f.relevance) l["class"] = *f.relevance;
      levels.push_back(std::move(l));
      selected |= f.selected;
      if (f.relevance) relevance = std::max(relevance.value_or(0), *f.relevance);
      if (f.score && std::isfinite(*f.score)) score = std::max(score.value_or(*f.score), *f.score);
    }
    c["selected"] = selected;  // any level selected: the column matters
    c["score"] = report::json_optional(score);  // the best level's score
    if (relevance) report::add_relevance_class(c, *relevance);  // the best level's class
    c["levels"] = std::move(levels);
    out.push_back(std::move(c));
  }
  return out;
}

std::string original_columns_text(const Selection& selection, const Dataset& data) {
  const auto columns = categorical_columns(data);
  if (columns.empty()) return {};
  std::string out = "\nper original column (categorical columns, encoded as indicator columns):\n";
  for (const auto& [column, features] : columns) {
    std::string levels;
    for (std::size_t j : features)
      if (j < selection.features.size() && selection.features[j].selected)
        levels += (levels.empty() ? "" : ", ") + data.origins[j].level;
    out += "  " + column + ": " +
           (levels.empty() ? "not selected" : "selected (through level" +
                                                  std::string(levels.find(',') == std::string::npos ? " " : "s ") +
                                                  levels + ")") +
           "\n";
  }
  return out;
}

report::Json preflight_json(const std::vector<PreflightIssue>& issues, const Dataset& data) {
  report::Json out = report::Json::array();
  for (const auto& i : issues) {
    report::Json e = report::Json::object();
    e["kind"] = i.kind;
    e["column"] = i.column;
    e["message"] = i.message;
    for (const auto& [name, value] : i.numbers) {
      // Counts as integers, measures as numbers.
      if (std::floor(value) == value && std::abs(value) < 1e15) e[name] = static_cast<long long>(value);
      else e[name] = value;
    }
    if (i.kind == "chance_floor") {
      report::Json names = report::Json::array();
      for (std::size_t j : i.features) names.push_back(data.feature_names.at(j));
      e["above_features"] = names;
    }
    out.push_back(e);
  }
  return out;
}

std::optional<std::string> below_chance_floor_warning(const std::vector<PreflightIssue>& issues,
                                                      const Selection& selection, const Dataset& data) {
  const auto floor_issue = std::find_if(issues.begin(), issues.end(),
                                        [](const PreflightIssue& i) { return i.kind == "chance_floor"; });
  if (floor_issue == issues.end()) return std::nullopt;
  double floor = 0.0;
  for (const auto& [name, value] : floor_issue->numbers)
    if (name == "floor") floor = value;
  const std::vector<std::size_t> selected = selection.selected_indices();
  // A "selection" of every feature (a ranking without a cut, rfe's default) picks nothing out: nothing to warn of.
  if (selected.size() == selection.features.size()) return std::nullopt;
  std::vector<std::size_t> below;
  for (std::size_t j : selected)
    if (!std::binary_search(floor_issue->features.begin(), floor_issue->features.end(), j)) below.push_back(j);
  if (below.empty()) return std::nullopt;
  const std::string names = feature_names_text(data, below, 10);
  return std::to_string(below.size()) + " of the " + std::to_string(selected.size()) + " selected feature" +
         (selected.size() == 1 ? "" : "s") + (below.size() == 1 ? " is" : " are") + " below the chance floor of " + format_fixed(floor, 2) + " (" +
         names + "): on its own each is indistinguishable from the best noise column on these rows. The method "
         "may have found them through other features (an interaction, or a partner that explains the rest of the "
         "target), but such a finding is fragile; confirm it on more rows, or with --repeats R";
}

std::vector<PreflightIssue> run_preflight(const Dataset& data, const std::vector<Task>& tasks, bool keeps_missing) {
  PreflightOptions po;
  po.classification_only =
      !tasks.empty() && std::find(tasks.begin(), tasks.end(), Task::regression) == tasks.end();
  if (po.classification_only)
    for (const MethodSpec& m : methods())
      if (std::find(m.tasks.begin(), m.tasks.end(), Task::regression) != m.tasks.end())
        po.regression_methods += (po.regression_methods.empty() ? "featrel " : ", ") + m.name;
  // Small cohorts: methods adapt their defaults down to kMinRows rows; below, or with a class of a
  // single row, no resampling, split or forest has anything sensible to work with.
  if (data.n_samples() > 0 && data.n_samples() < kMinRows)  // 0 rows: a method reading side files only
    throw InputError(data.source + " has " + std::to_string(data.n_samples()) + " rows; featrel needs at least " +
                     std::to_string(kMinRows) + " rows to select features (collect more rows)");
  if (!keeps_missing && data.X.hasNaN()) {
    std::size_t count = 0;
    std::vector<std::size_t> columns;
    for (Eigen::Index j = 0; j < data.X.cols(); ++j) {
      const auto in_column = static_cast<std::size_t>(data.X.col(j).array().isNaN().count());
      count += in_column;
      if (in_column > 0) columns.push_back(static_cast<std::size_t>(j));
    }
    std::string keepers;
    for (const MethodSpec& m : methods())
      if (m.keeps_missing) keepers += (keepers.empty() ? "featrel " : ", ") + m.name;
    throw InputError(data.source + " has " + std::to_string(count) + " missing value" + (count == 1 ? "" : "s") +
                     " kept as NaN (--impute keep) in " + std::to_string(columns.size()) + " column" +
                     (columns.size() == 1 ? "" : "s") + " (" + feature_names_text(data, columns, 5) +
                     "); this method needs complete data — use --impute mean or --impute median, or a method that "
                     "takes missing values (" + keepers + ")");
  }
  // Fatal findings first: a quantity read as classes (many_classes) is the problem to name, not the
  // single-row "classes" it makes.
  std::vector<PreflightIssue> kept;
  for (auto& issue : preflight(data, po)) {
    if (issue.fatal) throw InputError(issue.message);
    if (issue.kind != "constant") kept.push_back(std::move(issue));
  }
  if (data.is_classification())
    for (std::size_t c = 0; c < data.n_classes(); ++c) {
      std::size_t rows = 0;
      for (int l : data.labels) rows += static_cast<std::size_t>(l) == c ? 1 : 0;
      if (rows == 1)
        throw InputError("class '" + data.classes[c] + "' of target '" + data.target_name +
                         "' has a single row; nothing can be learned or validated about it — remove that row, "
                         "merge the class with another, or choose another --target");
    }
  return kept;
}

const std::vector<MethodSpec>& methods() {
  static const std::vector<MethodSpec> all = [] {
    std::vector<MethodSpec> m;
    m.push_back(fri::method_spec());
    m.push_back(crfe::method_spec());
    m.back().own_repeats = true;  // --repeats: random splits with runs[] and stability
    m.push_back(rfe::method_spec());
    m.back().own_repeats = true;
    m.push_back(boruta::method_spec());
    m.push_back(sfc::method_spec());
    m.push_back(pareto::method_spec());
    m.push_back(ubayfs::method_spec());
    m.back().own_repeats = true;  // --repeats: outer splits
    m.push_back(selectors::method_spec(selectors::Method::mrmr));
    m.push_back(selectors::method_spec(selectors::Method::fisher));
    m.push_back(selectors::method_spec(selectors::Method::laplacian));
    return m;
  }();
  return all;
}

const MethodSpec& method(std::string_view name) {
  std::string names;
  for (const auto& m : methods()) {
    if (m.name == name) return m;
    names += (names.empty() ? "" : ", ") + m.name;
  }
  throw InputError("unknown method '" + std::string(name) + "'; methods are: " + names);
}

report::Json run_plan_task(std::string_view kind, const Dataset& data, const report::Json& shared,
                           const report::Json& task, const RunContext& ctx) {
  try {
    if (kind == "fri.blocks") return fri::run_plan_block(data, shared, task, ctx);
    if (kind == "pareto.permutations") return pareto::run_plan_block(data, shared, task, ctx);
    if (kind == "ubayfs.splits") return ubayfs::run_plan_block(data, shared, task, ctx);
    if (kind == "sfc.fits") return sfc::run_plan_block(data, shared, task, ctx);
  } catch (const nlohmann::json::exception& e) {
    throw InputError("task plan '" + std::string(kind) + "' is malformed: " + e.what());
  }
  throw InputError("unknown task plan kind '" + std::string(kind) + "' (known: fri.blocks, pareto.permutations, ubayfs.splits, sfc.fits)");
}

}  // namespace featrel
