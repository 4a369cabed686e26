// The text table and summary of an FRI result, as `featrel fri` prints it: one interval and class per feature
// (per one-vs-rest class for a multiclass target), the search, baseline and threshold summary, and the
// constrained intervals of a preset run.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <ostream>
#include <sstream>

#include "featrel/format.hpp"
#include "featrel/fri.hpp"
#include "featrel/report.hpp"
#include "featrel/result_json.hpp"
#include "methods/fri/fri_internal.hpp"

namespace featrel::fri {
namespace {

enum class SortKey { index, upper, lower, cls };

SortKey parse_sort(std::string_view word) {
  if (word == "upper") return SortKey::upper;
  if (word == "lower") return SortKey::lower;
  if (word == "class") return SortKey::cls;
  return SortKey::index;
}

std::string value(double v) { return format_cell(v, 4); }
// docs/fri.md#screening: a screened feature's upper is a certified bound, written "≤ v".
std::string upper_cell(const FeatureResult& f) { return (f.screened ? "≤ " : "") + value(f.upper); }
std::string short_number(double v) { return std::isfinite(v) ? format_number(std::round(v * 1e4) / 1e4) : "-"; }

// docs/fri.md#needed-below-noise: class 0 with a lower bound that passes the strong test has its own word.
constexpr const char* kNeededWord = "needed, below noise";

std::string class_word(const FeatureResult& f) {
  std::string w = f.needed_below_noise ? kNeededWord : report::relevance_word(f.cls);
  if (f.constant) w += " (constant)";
  if (f.privileged) w += " (privileged)";
  return w;
}

// Row order of the table: column order, or by decreasing upper bound, lower bound or class (ties: larger upper
// bound first, then column order).
std::vector<std::size_t> row_order(const std::vector<FeatureResult>& fs, SortKey key) {
  std::vector<std::size_t> order(fs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  auto by = [&](auto primary) {
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      const auto pa = primary(fs[a]), pb = primary(fs[b]);
      if (pa != pb) return pa > pb;
      return fs[a].upper > fs[b].upper;
    });
  };
  switch (key) {
    case SortKey::index: break;
    case SortKey::upper: by([](const FeatureResult& f) { return f.upper; }); break;
    case SortKey::lower: by([](const FeatureResult& f) { return f.lower; }); break;
    case SortKey::cls: by([](const FeatureResult& f) { return f.cls; }); break;
  }
  return order;
}

std::string counts(const std::vector<FeatureResult>& fs) {
  int n[3] = {0, 0, 0};
  for (const auto& f : fs) n[std::clamp(f.cls, 0, 2)] += 1;
  return std::to_string(n[2]) + " strong, " + std::to_string(n[1]) + " weak, " + std::to_string(n[0]) + " irrelevant";
}

// "C = 0.3162 (3-fold CV, weighted F1 0.9731), ‖w*‖₁ = 4.12, thresholds: upper 0.0213, lower 0; 3 strong, …".
std::string summary(const ModelResult& m, Task task) {
  std::string s = "C = " + short_number(m.hyper.C);
  if (task == Task::regression) s += ", ε = " + short_number(m.hyper.epsilon);
  if (m.hyper.searched) {
    s += " (" + std::to_string(m.hyper.cv_folds) + "-fold CV";
    if (m.hyper.chosen && *m.hyper.chosen < m.hyper.grid.size())
      s += ", " + detail::score_words(m.hyper.score_name) + " " + short_number(m.hyper.grid[*m.hyper.chosen].score);
    s += ")";
  } else {
    s += " (fixed)";
  }
  s += ", ‖w*‖₁ = " + short_number(m.baseline.l1_norm);
  s += ", thresholds: upper " + short_number(m.probes.threshold_upper) + " (" + to_string(m.probes.rule) +
       " rule, " + std::to_string(m.probes.n) + " probes), lower " + short_number(m.probes.threshold_lower);
  if (m.privileged_probes)
    s += "; privileged block: upper " + short_number(m.privileged_probes->threshold_upper) + ", lower " +
         short_number(m.privileged_probes->threshold_lower) + " (its own " + std::to_string(m.privileged_probes->n) +
         " probes)";
  s += "; " + counts(m.features);
  return s;
}

std::string presets_text(const Constrained& c, const Dataset& data) {
  std::string s;
  for (const auto& a : c.presets) {
    if (!s.empty()) s += ", ";
    s += data.feature_names[static_cast<std::size_t>(a.feature)];
    s += a.lo == a.hi ? " = " + short_number(a.lo) : " ∈ [" + short_number(a.lo) + ", " + short_number(a.hi) + "]";
  }
  return s;
}

// docs/fri.md#screening: how many features were classed without their bound LPs, and what their upper means.
std::string screened_note(const std::vector<FeatureResult>& fs) {
  const auto n = std::count_if(fs.begin(), fs.end(), [](const FeatureResult& f) { return f.screened; });
  const auto active = std::count_if(fs.begin(), fs.end(), [](const FeatureResult& f) { return !f.constant; });
  return "screened: " + std::to_string(n) + " of " + std::to_string(active) +
         " features certified irrelevant by the baseline's duals without their bound LPs; their upper (≤) is a "
         "certified bound, the exact value is at most that; classes and selection are those of the full run";
}

// docs/fri.md#wide-data-without-screening-one-side-per-feature---signed-range: on a wide table the exact run solved
// about one bound LP per feature; --screen gives the same classes from far fewer. Empty when the rule did not run.
std::string one_side_note(const Result& r) {
  if (std::none_of(r.models.begin(), r.models.end(), [](const ModelResult& m) { return m.signed_bound_rule; }))
    return "";
  long lps = 0;
  for (const PhaseStats& p : r.diagnostics.phases)
    if (p.name == "bounds") lps = p.lp_solves;
  return "wide table: lower and upper are exact, from " + std::to_string(lps) +
         " bound LPs (one per feature where the other end of its signed range cannot change them); --screen gives "
         "the same classes and selection from fewer, with a certified upper bound (≤) for irrelevant features\n";
}

std::string needed_note(const Probes& p) {
  return std::string(kNeededWord) + ": every good model needs the feature (lower > " + short_number(p.threshold_lower) +
         ") but no good model gives it more weight than a noise probe can get (upper ≤ " +
         short_number(p.threshold_upper) + "); not selected";
}

std::string group_cell(int g) { return g > 0 ? std::to_string(g) : "-"; }

// A folded table (--rows) keeps the relevant features and those every good model needs, and with presets the
// pinned ones; the unconstrained and constrained tables keep the same rows, so that they still read side by side.
bool kept(const FeatureResult& f) { return f.cls > 0 || f.needed_below_noise; }
bool kept(const ModelResult& m, std::size_t j) {
  if (kept(m.features[j])) return true;
  return m.constrained && (kept(m.constrained->features[j]) || m.constrained->features[j].preset);
}
constexpr const char* kKeptWord = "relevant or needed";

// Feature, lower, upper, class (and group) for a binary, regression or ordinal result.
void print_single(std::ostream& out, const Result& r, const Dataset& data, SortKey key, std::size_t max_rows) {
  const ModelResult& m = r.models.front();
  const auto order = row_order(r.features, key);
  const auto keep = [&](std::size_t j) { return kept(r.features[j]) || kept(m, j); };
  std::vector<std::string> head{"feature", "lower", "upper", "class"};
  if (r.options.grouping) head.push_back("group");
  report::TextTable t(head);
  t.fold(max_rows, "features", kKeptWord);
  for (std::size_t j : order) {
    const auto& f = r.features[j];
    std::vector<std::string> row{data.feature_names[j], value(f.lower), upper_cell(f), class_word(f)};
    if (r.options.grouping) row.push_back(group_cell(f.group));
    t.add_row(row, keep(j));
  }
  out << t.render() << "\n" << summary(m, r.task) << "\n";
  if (std::any_of(r.features.begin(), r.features.end(), [](const FeatureResult& f) { return f.needed_below_noise; }))
    out << needed_note(m.probes) << "\n";
  if (r.options.screen) out << screened_note(r.features) << "\n";
  out << one_side_note(r);

  if (m.constrained) {
    // Same row order as above, so the two tables read side by side.
    out << "\nconstrained intervals (" << presets_text(*m.constrained, data) << "):\n";
    report::TextTable c({"feature", "lower", "upper", "class", "pinned"});
    c.fold(max_rows, "features", kKeptWord);
    for (std::size_t j : order) {
      const auto& f = m.constrained->features[j];
      c.add_row({data.feature_names[j], value(f.lower), value(f.upper), class_word(f), f.preset ? "preset" : ""},
                keep(j));
    }
    out << c.render() << counts(m.constrained->features) << " (classes against the unconstrained thresholds)\n";
  }
}

// Multiclass: the combined view (largest bounds over the one-vs-rest classes, strongest class) and, per class, the
// word of that class's one-vs-rest problem; per-class intervals are in the JSON and the chart.
void print_multiclass(std::ostream& out, const Result& r, const Dataset& data, SortKey key, std::size_t max_rows) {
  const auto order = row_order(r.features, key);
  const auto keep = [&](std::size_t j) {
    return kept(r.features[j]) ||
           std::any_of(r.models.begin(), r.models.end(), [&](const ModelResult& m) { return kept(m, j); });
  };
  std::vector<std::string> head{"feature", "lower", "upper", "class"};
  for (const auto& m : r.models) head.push_back("'" + m.label + "' vs rest");
  report::TextTable t(head);
  t.fold(max_rows, "features", kKeptWord);
  for (std::size_t j : order) {
    const auto& f = r.features[j];
    std::vector<std::string> row{data.feature_names[j], value(f.lower), upper_cell(f), class_word(f)};
    for (const auto& m : r.models) {
      const auto& g = m.features[j];
      std::string cell = g.needed_below_noise ? kNeededWord : g.cls == 0 ? "-" : report::relevance_word(g.cls);
      if (r.options.grouping && g.group > 0) cell += " (g" + std::to_string(g.group) + ")";
      row.push_back(cell);
    }
    t.add_row(row, keep(j));
  }
  out << t.render() << "\n";
  out << "combined over " << r.models.size() << " one-vs-rest problems (lower, upper: the largest over the "
            << "classes; class: the strongest): " << counts(r.features) << "\n";
  for (const auto& m : r.models) out << "'" << m.label << "' vs rest: " << summary(m, Task::binary) << "\n";
  if (r.options.screen) out << screened_note(r.features) << "\n";
  out << one_side_note(r);
  const bool needed = std::any_of(r.models.begin(), r.models.end(), [](const ModelResult& m) {
    return std::any_of(m.features.begin(), m.features.end(), [](const FeatureResult& f) { return f.needed_below_noise; });
  });
  if (needed)
    out << kNeededWord << ": for that class every good model needs the feature (lower above the class's lower "
        << "threshold) but its upper stays at or below the class's noise threshold; not selected for it\n";
  for (const auto& m : r.models) {
    if (!m.constrained) continue;
    out << "\n'" << m.label << "' vs rest, constrained intervals (" << presets_text(*m.constrained, data)
              << "):\n";
    report::TextTable c({"feature", "lower", "upper", "class", "pinned"});
    c.fold(max_rows, "features", kKeptWord);
    for (std::size_t j : order) {
      const auto& f = m.constrained->features[j];
      c.add_row({data.feature_names[j], value(f.lower), value(f.upper), class_word(f), f.preset ? "preset" : ""},
                keep(j));
    }
    out << c.render();
  }
}

}  // namespace

std::string text_report(const Result& r, const Dataset& data, std::string_view sort, std::size_t max_rows) {
  const SortKey key = parse_sort(sort);
  std::ostringstream out;
  out << "fri: " << data.source << ", target '" << data.target_name << "' (" << to_string(r.task);
  if (r.task == Task::binary && data.classes.size() == 2) out << ", positive class '" << data.classes[1] << "'";
  out << "), " << data.n_samples() << " samples, " << data.n_features() << " features";
  if (r.options.reference) out << ", compat reference";
  out << "\nrelevance intervals as shares of the baseline's L1 norm ‖w*‖₁ (lower: needed, upper: possible)\n\n";
  if (r.multiclass())
    print_multiclass(out, r, data, key, max_rows);
  else if (!r.models.empty())
    print_single(out, r, data, key, max_rows);
  return out.str();
}

}  // namespace featrel::fri
