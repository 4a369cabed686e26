// The text summary of docs/pareto.md#text-dot-and-svg-output: the run line, the classifiers, the front with its readings, the
// layers and the lattice size.
#include <algorithm>

#include "featrel/format.hpp"
#include "featrel/pareto.hpp"

namespace featrel::pareto {
namespace {

std::string pad(const std::string& s, std::size_t width) {
  const std::size_t w = report::display_width(s);
  return w >= width ? s : s + std::string(width - w, ' ');
}

std::string names(const Result& r, const std::vector<std::size_t>& idx) {
  std::string s;
  for (std::size_t j : idx) s += (s.empty() ? "" : " ") + r.feature_names[j];
  return s;
}

}  // namespace

std::string summary_text(const Result& r, std::size_t max_rows) {
  std::string s;
  const std::size_t m = r.criteria.size();
  if (r.from_impacts) {
    s += "pareto: impacts " + r.source + "; " + std::to_string(m) + " criteria, " +
         std::to_string(r.feature_names.size()) + " features\n\n";
  } else {
    const Options& o = r.options;
    s += "pareto: " + r.source + ", positive class '" + r.positive_class.value_or("?") + "'; " +
         std::to_string(o.classifiers.size()) + " classifiers × " + std::to_string(o.measures.size()) +
         " measures = " + std::to_string(m) + " criteria, k = " + std::to_string(o.permutations) + ", seed " +
         std::to_string(r.seed) + ", split " +
         (o.split == SplitMode::resubstitution
              ? std::string("resubstitution")
              : "holdout " + format_number(o.test_fraction) + (o.stratify ? " stratified" : " unstratified") +
                    (o.shared_split ? ", shared" : "")) +
         "\n\n";
    std::vector<std::string> head{"classifier", "n_train", "n_test"};
    if (r.prefilter > 0) head.push_back("features");
    head.push_back("accuracy");
    for (const auto& meas : o.measures)
      if (meas != "accuracy") head.push_back(meas);
    const bool held_out = !r.classifiers.empty() && r.classifiers.front().p_vs_majority.has_value();
    if (held_out) head.push_back("p vs majority");
    report::TextTable t(head);
    for (const ClassifierReport& c : r.classifiers) {
      auto score = [&](const std::string& key) {
        for (const auto& [k, v] : c.baseline)
          if (k == key) return format_fixed(v, 3);
        return std::string("-");
      };
      std::vector<std::string> row{c.key + (c.degenerate ? " (degenerate)" : ""), std::to_string(c.n_train),
                                   std::to_string(c.n_test)};
      if (r.prefilter > 0) row.push_back(std::to_string(c.features.size()));
      row.push_back(score("accuracy"));
      for (const auto& meas : o.measures)
        if (meas != "accuracy") row.push_back(score(meas));
      if (held_out) row.push_back(c.p_vs_majority ? format_significant(*c.p_vs_majority, 2) : "-");
      t.add_row(row);
    }
    s += t.render();
    if (r.prefilter > 0)
      s += "prefilter: each classifier trained on the " + std::to_string(r.prefilter) + " features mRMR ranks first on "
           "its own training rows (--prefilter " + (o.prefilter ? std::to_string(*o.prefilter) : std::string("auto")) +
           "); a feature a classifier did not train on has impact 0 on its criteria\n";
    s += "\n";
  }

  const auto important = r.important();
  // On wide data the layers name every feature: past the important ones, a layer is listed only while the list
  // stays within max_rows names.
  std::string layers;
  std::size_t listed = 0, left_out = 0, first_left_out = 0;
  for (std::size_t l = 0; l < r.layers.size(); ++l) {
    const bool important_layer = l < static_cast<std::size_t>(r.options.analysis.depth);
    if (max_rows > 0 && !important_layer && (left_out > 0 || listed + r.layers[l].size() > max_rows)) {
      if (left_out == 0) first_left_out = l;
      left_out += r.layers[l].size();
      continue;
    }
    layers += (l ? " | L" : "L") + std::to_string(l + 1) + " = " + names(r, r.layers[l]);
    listed += r.layers[l].size();
  }
  if (left_out > 0)
    layers += " | L" + std::to_string(first_left_out + 1) +
              (first_left_out + 1 < r.layers.size() ? "-L" + std::to_string(r.layers.size()) : std::string()) + " ...";
  const auto constant = std::count(r.constant.begin(), r.constant.end(), true);
  s += "Pareto front: " + std::to_string(r.front.size()) + " of " + std::to_string(r.feature_names.size()) +
       " features (depth " + std::to_string(r.options.analysis.depth) +
       (constant > 0 ? ", " + std::to_string(constant) + " constant left out" : std::string()) + "); layers: " +
       layers + "\n";
  if (left_out > 0) s += report::folded_rows_line(left_out, "features", "important");
  if (r.options.analysis.depth > 1)
    s += "Important (layers 1-" + std::to_string(r.options.analysis.depth) + "): " + std::to_string(important.size()) +
         " features\n";

  std::vector<std::string> col_name, col_terms, col_m;
  for (std::size_t j : important) {
    const FeatureReport& f = r.features[j];
    std::string terms;
    for (std::size_t t : f.most_specific_terms) terms += (terms.empty() ? "" : ", ") + r.poset.terms()[t];
    col_name.push_back(f.name);
    col_terms.push_back(terms);
    col_m.push_back("|M| = " + std::to_string(f.minimal_sets.size()) + (f.minimal_sets_truncated ? "+" : ""));
  }
  auto width = [](const std::vector<std::string>& col) {
    std::size_t w = 0;
    for (const auto& c : col) w = std::max(w, report::display_width(c));
    return w;
  };
  const std::size_t wn = width(col_name), wt = width(col_terms), wm = width(col_m);
  for (std::size_t i = 0; i < important.size(); ++i)
    s += "  " + pad(col_name[i], wn) + "  " + pad(col_terms[i], wt) + "  " + pad(col_m[i], wm) + "  " +
         r.features[important[i]].reading + "\n";
  s += "Lattice: " + std::to_string(r.lattice.concepts.size()) + " concepts, " +
       std::to_string(r.lattice.covers.size()) + " covers\n";
  return s;
}

}  // namespace featrel::pareto
