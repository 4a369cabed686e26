// The text table and summary of a crfe/rfe result, as `featrel crfe` and `featrel rfe` print them: the data and
// row summary, the ranking table, the stop line, the conformal evaluation and (with repeats) the stability.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

#include "featrel/crfe.hpp"
#include "featrel/format.hpp"
#include "featrel/report.hpp"

namespace featrel::crfe {

namespace {

std::string num(double v) { return std::isfinite(v) ? format_number(std::round(v * 1e4) / 1e4) : "-"; }
std::string fixed(double v, int d = 4) { return format_cell(v, d); }
std::string opt(const std::optional<double>& v, int d = 4) { return format_cell(v, d); }

std::string plural(std::size_t n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// "stop: beta rule (paper, σ=5, ψ=5) fired at step 3 -> 10 features".
std::string stop_line(const Result& r) {
  const StopInfo* s = nullptr;
  StopInfo consensus;
  if (r.runs.size() == 1) {
    s = &r.runs.front().stop;
  } else {
    consensus.reason = "majority";
    consensus.n_selected = r.selected.size();
    s = &consensus;
  }
  const std::string rule =
      "beta rule (" + to_string(s->mode) + ", σ=" + num(s->sigma) + ", ψ=" + std::to_string(s->window) + ")";
  const std::string n = " -> " + plural(s->n_selected, "feature");
  if (s->reason == "beta_rule")
    return "stop: " + rule + " fired at step " + (s->step ? std::to_string(*s->step) : "?") + n;
  if (s->reason == "beta_rule_not_fired") return "stop: " + rule + " did not fire; the path's end" + n;
  if (s->reason == "window_too_short") return "stop: " + rule + ": window too short for the path" + n;
  if (s->reason == "fixed_size") return "stop: fixed size k=" + std::to_string(r.options.n_features_to_select) + n;
  if (s->reason == "ranking_only") return "stop: none (ranking only)" + n;
  if (s->reason == "single_feature") return "stop: a single feature" + n;
  if (s->reason == "cv") {
    std::string folds = r.runs.size() == 1 && r.runs.front().cv ? std::to_string(r.runs.front().cv->folds) : "?";
    return "stop: cross-validated size (" + folds + "-fold, RFECV)" + n;
  }
  if (s->reason == "majority") {
    std::size_t fired = 0;
    for (const auto& run : r.runs) fired += run.stop.fired ? 1 : 0;
    std::string line = "stop: majority over " + std::to_string(r.runs.size()) +
                       " runs (features chosen in more than half of them)" + n;
    if (r.method == Method::crfe && r.options.stop == Stop::beta)
      line += "; the beta rule fired in " + std::to_string(fired) + " of " + std::to_string(r.runs.size()) + " runs";
    return line;
  }
  return "stop: " + s->reason + n;
}

void write_features(std::ostream& out, const Result& r, const Dataset& data, std::string_view sort,
                    std::size_t max_rows) {
  const bool repeats = r.runs.size() > 1;
  const std::string score = r.method == Method::crfe ? "β" : "importance";
  std::vector<std::string> head{"rank", "feature"};
  if (repeats) {
    head.insert(head.end(), {"mean rank", "selected in", score + " at removal (mean)", "selected"});
  } else {
    head.insert(head.end(), {"step removed", score + " at removal", "selected"});
  }
  std::vector<std::size_t> order = r.ranking;
  if (sort == "index") {
    order.resize(r.features.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
  }
  // Without a stop rule every feature is "selected" and the ranking is the answer: fold it by rank.
  const bool ranking_only =
      std::all_of(r.features.begin(), r.features.end(), [](const FeatureResult& f) { return f.selected; });
  report::TextTable t(head);
  t.fold(max_rows, "features", ranking_only ? "" : "selected");
  for (std::size_t j : order) {
    const FeatureResult& f = r.features[j];
    std::string feature = data.feature_names[j];
    if (f.constant) feature += " (constant)";
    std::vector<std::string> row{std::to_string(f.rank), feature};
    if (repeats) {
      row.push_back(f.mean_rank ? fixed(*f.mean_rank, 2) : "-");
      row.push_back(f.selection_frequency ? fixed(*f.selection_frequency * 100.0, 0) + "%" : "-");
    } else {
      row.push_back(f.elimination_step ? std::to_string(*f.elimination_step) : "survived");
    }
    row.push_back(opt(f.score_at_removal));
    row.push_back(f.selected ? "*" : "");
    t.add_row(row, f.selected && !ranking_only);
  }
  out << t.render();
}

void write_evaluation(std::ostream& out, const Evaluation& e) {
  out << "\nconformal evaluation on the test rows (significance ε=" << num(e.significance) << ", "
      << to_string(e.pvalue) << " p-values"
      << (e.n_runs > 1 ? ", means over " + std::to_string(e.n_runs) + " runs" : std::string()) << "):\n";
  report::TextTable t({"subset", "features", "coverage", "inefficiency", "certainty", "uncertainty", "mistrust",
                       "credibility", "confidence", "p-value acc.", "svm acc."});
  for (const auto& s : e.subsets) {
    const auto& m = s.metrics;
    t.add_row({s.label, num(s.n_features), fixed(m.coverage), fixed(m.inefficiency), fixed(m.certainty),
               fixed(m.uncertainty), fixed(m.mistrust), fixed(m.credibility), fixed(m.confidence),
               fixed(m.pvalue_accuracy), fixed(s.svm_accuracy)});
  }
  out << t.render();
}

void write_stability(std::ostream& out, const Result& r) {
  if (!r.stability) return;
  const auto& st = *r.stability;
  const auto& s = st.selected;
  out << "\nstability of the " << s.n_sets << " selected sets: Jaccard " << fixed(s.jaccard) << ", I_W "
      << fixed(s.iw) << ", Kuncheva " << opt(s.kuncheva) << ", Nogueira " << fixed(s.nogueira.value) << " ["
      << fixed(s.nogueira.ci_lower) << ", " << fixed(s.nogueira.ci_upper) << "]\n";
  out << "selected sizes: mean " << num(st.sizes.mean) << ", sd " << num(st.sizes.sd) << ", range " << st.sizes.min
      << "–" << st.sizes.max << "\n";
  // CRFE against RFE on the same splits, at the consensus size (every size is in the JSON's similarity).
  for (const auto& sim : r.similarity) {
    if (sim.k != r.selected.size()) continue;
    out << "crfe vs rfe on the same splits at k=" << sim.k << ": Jaccard " << fixed(sim.jaccard) << ", Kuncheva "
        << opt(sim.kuncheva) << ", I_W " << fixed(sim.iw) << " (every k in the JSON)\n";
  }
}

}  // namespace

std::string text_report(const Result& r, const Dataset& data, std::string_view sort, std::size_t max_rows) {
  std::ostringstream out;
  out << to_string(r.method) << ": " << data.source << ", target '" << data.target_name << "' ("
      << to_string(r.task);
  if (r.task == Task::binary && data.classes.size() == 2) out << ", positive class '" << data.classes[1] << "'";
  out << "), " << data.n_samples() << " samples, " << data.n_features() << " features";
  if (r.options.compat == Compat::reference) out << ", compat reference";
  out << "\n";
  const Rows& rows = r.runs.front().rows;
  out << "rows: " << rows.train.size() << " train, " << rows.selection.size() << " selection"
      << (rows.reuse_calibration ? " (= calibration)" : "") << ", " << rows.calibration.size() << " calibration, "
      << rows.test.size() << " test";
  if (r.runs.size() > 1)
    out << " (run 1 of " << r.runs.size() << ")";
  else if (rows.split_seed)
    out << " (stratified split)";
  else
    out << " (fixed roles)";
  out << "; standardize " << to_string(r.options.standardize) << "\n";
  if (r.runs.size() > 1)
    out << "consensus over " << r.runs.size()
        << " random splits: rank by mean rank, selected = chosen in more than half of the runs\n";
  else if (r.method == Method::crfe)
    out << "ranking: the feature adding most to the non-conformity (largest β) is removed first\n";
  else
    out << "ranking: the feature with the smallest squared SVM weight is removed first\n";
  out << "\n";
  write_features(out, r, data, sort, max_rows);
  out << "\n" << stop_line(r) << "\n";
  if (r.evaluation) write_evaluation(out, *r.evaluation);
  write_stability(out, r);
  return out.str();
}

}  // namespace featrel::crfe
