// The text table and summary of an SFC result, as `featrel sfc` prints it: one row per feature with its class,
// Boruta's decision, importance, minimal-set membership and strong test, then the counts and both intervals.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <sstream>

#include "featrel/format.hpp"
#include "featrel/report.hpp"
#include "featrel/result_json.hpp"
#include "featrel/sfc.hpp"
#include "methods/boruta/boruta_internal.hpp"

namespace featrel::sfc {
namespace {

std::string p_value(const std::optional<double>& v) {
  if (!v || !std::isfinite(*v)) return "-";
  if (*v >= 1e-4) return format_fixed(*v, 4);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1e", *v);  // the JSON keeps every digit
  return buf;
}

std::string interval_text(const Interval& i) {
  // The paired interval's t comes from test_alpha shared by m tests: say so, as a reader checks it against --fpr.
  const std::string level = i.paired ? " for a tail of " + format_significant(i.tail, 3) + " (test_alpha over " +
                                           std::to_string(i.tests) + (i.tests == 1 ? " test)" : " tests)")
                                     : "";
  return "[" + format_fixed(i.lower, 4) + ", " + format_fixed(i.upper, 4) + "] (" +
         (i.scale == "raw" ? "" : "on the " + i.scale + " scale: ") + "mean " + format_fixed(i.mean, 4) + ", sd " +
         format_fixed(i.sd, 4) + ", " + std::to_string(i.n_samples) + " samples, t = " + format_fixed(i.t_quantile, 3) +
         level + ")";
}

// What --importance-model auto chose, and why (resolve_importance_model's rule).
std::string auto_model_line(const Result& r, const Dataset& data) {
  const std::string cells = std::to_string(kAutoBoostedMaxCells) + " cells";
  if (r.options.importance_model == ImportanceModel::boosted)
    return "importance model (auto): boosted, as the table is no wider than long and has at most " + cells +
           " (--importance-model forest: faster, may miss thin linear signals)";
  if (r.options.null_matrix == NullMatrix::all || r.options.score == ScoreKind::oob)
    return "importance model (auto): the forest, as boosting refuses --null-matrix all and --score oob";
  const bool wide = boruta::detail::wider_than_long(data.n_samples(), data.n_features());
  return std::string("importance model (auto): the forest, as the table ") +
         (wide ? "is wider than long" : "has more than " + cells) +
         ", where boosting's shadow null would cost many times the forest's";
}

}  // namespace

std::string text_report(const Result& r, const Dataset& data, std::string_view sort, std::size_t max_rows) {
  std::ostringstream out;
  out << "sfc: " << data.source << ", target '" << data.target_name << "' (" << to_string(r.task) << "), "
      << data.n_samples() << " samples, " << data.n_features() << " features"
      << (r.options.reference ? ", compat reference" : "") << "\n"
      << "strong: no other feature can stand in for it; weak: relevant, but a redundant partner can; "
         "irrelevant: carries no information\n\n";
  std::vector<std::size_t> order(r.features.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  if (sort != "index") {
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      const auto& fa = r.features[a];
      const auto& fb = r.features[b];
      if (sort == "class" && fa.cls != fb.cls) return fa.cls > fb.cls;
      return fa.importance > fb.importance;
    });
  }
  report::TextTable t(
      {"feature", "class", "boruta", "importance", "minimal", "test score", "statistic", "p", "adjusted p"});
  t.fold(max_rows, "features", "relevant, in the minimal set, borderline or kept by Boruta");
  for (std::size_t j : order) {
    const auto& f = r.features[j];
    std::string cls = report::relevance_word(f.cls);
    if (f.constant) cls += " (constant)";
    if (f.borderline) cls += " (borderline)";
    // A partner or cluster candidate (steps 8, 8b) shows its test in the test columns; a near copy (8c) is "copy"
    // even when it was tested as a candidate.
    const PartnerTest* p = f.partner_test ? &*f.partner_test : nullptr;
    const std::string minimal = f.in_minimal ? "yes"
                                : f.near_copy ? "copy"
                                : !p ? ""
                                : p->partners.empty() ? "cluster" : "partner";
    t.add_row({data.feature_names[j], cls, boruta::to_string(f.boruta_decision), format_fixed(f.importance, 4),
               minimal, p ? format_fixed(p->score, 4) : format_cell(f.test_score, 4),
               format_cell(p ? p->statistic : f.test_statistic, 2), p_value(p ? p->p_value : f.test_p_value),
               p_value(p ? p->p_adjusted : f.test_p_adjusted)},
              f.cls > 0 || f.in_minimal || p || f.borderline || f.boruta_decision != boruta::Decision::rejected);
  }
  out << t.render() << "\n";
  out << r.strong.size() << " strong, " << r.weak.size() << " weak, " << r.irrelevant.size()
      << " irrelevant; Boruta's set A " << r.all_relevant.size() << ", minimal set " << r.minimal.size()
      << ", relevant set " << r.relevant.size() << "\n";
  if (r.options.partner_correlation > 0.0 && !r.relevant.empty()) {
    out << "partners (features outside the relevant set with |r| >= " << format_number(r.options.partner_correlation)
        << " to a member, tested in its place): " << r.partner_candidates.size() << " tested, "
        << r.partners_added.size() << " weak";
    if (r.partners_as_copies > 0)
      out << " (" << r.partners_as_copies << " more nearly copy a member: not tested, weak as copies)";
    std::string names;
    for (std::size_t k : r.partners_added) {
      std::string partners;
      for (std::size_t j : r.features[k].partner_test->partners)
        partners += (partners.empty() ? "" : ", ") + data.feature_names[j];
      names += (names.empty() ? ": " : "; ") + data.feature_names[k] + " for " + partners;
    }
    out << names << "\n";
    if (r.options.cluster_tests > 0) {
      out << "clusters (features outside the relevant set with |r| >= " << format_number(r.options.partner_correlation)
          << " to another outside it, searched among " << r.cluster_pool
          << " features; each tested added to the set): " << r.cluster_qualified << " found, "
          << r.cluster_candidates.size() << " tested";
      if (r.cluster_represented > 0) out << " (one per group of near copies)";
      out << ", " << r.clusters_added.size() << " weak";
      std::string added;
      for (std::size_t k : r.clusters_added) added += (added.empty() ? ": " : ", ") + data.feature_names[k];
      out << added << "\n";
    }
  }
  if (r.options.copy_correlation > 0.0 && !r.relevant.empty()) {
    // Step 8c: the copies and the strong features they made weak, each with the feature it copies.
    auto pairs = [&](const std::vector<std::size_t>& js) {
      std::string s;
      for (std::size_t j : js)
        s += (s.empty() ? ": " : ", ") + data.feature_names[j] + " of " +
             data.feature_names[r.features[j].near_copy->of];
      return s;
    };
    out << "near copies (|r| >= " << format_number(r.options.copy_correlation)
        << " to a relevant feature, weak as its copy): " << r.copies_added.size() << " weak" << pairs(r.copies_added);
    if (!r.copies_demoted.empty())
      out << "; strong made weak by a copy" << pairs(r.copies_demoted);
    out << "\n";
  }
  const bool boosted = r.options.importance_model == ImportanceModel::boosted;
  if (r.importance_model_from_shape) out << auto_model_line(r, data) << "\n";
  out << "shadow-importance interval" << (boosted ? " of the boosted importance model" : "")
      << " (minimal set: importance above the upper bound Γ): "
      << interval_text(r.shadow_interval) << "\n";
  if (r.borderline) {
    const BorderlineBound& b = *r.borderline;
    std::string names;
    for (std::size_t j = 0; j < r.features.size(); ++j)
      if (r.features[j].borderline) names += (names.empty() ? "" : ", ") + data.feature_names[j];
    out << "borderline (called irrelevant, importance above the shadow null's uncorrected bound "
        << format_fixed(b.value, 4) << ", rank " << b.rank << " of " << r.null_shadow_importances.size()
        << " from the smallest, which a feature at chance exceeds "
        << "with probability " << format_significant(b.chance, 2) << "): " << (names.empty() ? "none" : names)
        << "; " << b.flagged << " of " << b.called_irrelevant << ", by chance about "
        << format_significant(b.chance * b.called_irrelevant, 2) << " (p = " << format_significant(b.p_value, 2)
        << ")\n";
  }
  if (r.score_interval) {
    const bool paired = r.score_interval->paired;
    // Holm's later steps judge at wider tails than the interval's first step: say that a call may lie inside it.
    const bool holm = paired && r.options.test_correction == stats::Correction::holm;
    out << "score interval of the null on the " << r.score_interval->matrix << " set (strong: test score "
        << (paired ? "- its baseline + mean " : "") << (r.options.sided == stats::Sides::two ? "outside" : "below")
        << " it" << (holm ? ", or an adjusted p <= test_alpha " + format_number(r.options.test_alpha) + " (Holm)" : "")
        << "): " << interval_text(*r.score_interval) << "; model score " << format_fixed(r.model_score, 4)
        << (boosted ? " (the boosted importance model, in-sample)" : "") << "\n";
  }
  out << r.n_fits << " forest fits";
  // The importance model and its shadow nulls are boosted models of `trees` rounds each.
  if (boosted) out << " (" << 1 + r.null_shadow_importances.size() << " of them boosted models)";
  out << "\n";
  return out.str();
}

}  // namespace featrel::sfc
