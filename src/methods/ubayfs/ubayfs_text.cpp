// The table and summary of a UBayFS result as `featrel ubayfs` prints it: one row per feature (count, prior weight,
// posterior mean, share of the tied optima), one line per optimum and the optimiser's and stability's lines.
#include <algorithm>
#include <numeric>
#include <sstream>

#include "featrel/format.hpp"
#include "featrel/report.hpp"
#include "featrel/ubayfs.hpp"

namespace featrel::ubayfs {

std::string text_report(const Result& r, const Dataset& data, std::string_view sort, std::size_t max_rows) {
  std::ostringstream out;
  const auto& p = r.problem;
  const std::string source = r.ensemble.from_counts_file ? r.ensemble.counts_source : data.source;
  out << "ubayfs: " << source << ", " << p.n_features() << " features, ";
  if (r.ensemble.from_counts_file) out << "counts of " << r.ensemble.size << " elementary models";
  else
    out << "ensemble of " << r.ensemble.rows_total - r.ensemble.rows_failed << " elementary selections ("
        << r.ensemble.size << " sub-samples)";
  out << ", lambda " << format_number(p.lambda) << "\n\n";
  std::vector<std::size_t> rows(p.n_features());
  std::iota(rows.begin(), rows.end(), std::size_t{0});
  if (sort == "theta" || sort == "count") {
    const auto& key = sort == "theta" ? r.posterior_mean : p.counts;
    std::stable_sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) { return key[a] > key[b]; });
  }
  report::TextTable t({"feature", "count", "alpha", "theta", "optima"});
  t.fold(max_rows, "features", "in an optimum");
  const std::size_t K = r.optima.size();
  for (std::size_t j : rows) {
    std::size_t in = 0;
    for (const auto& o : r.optima) in += std::binary_search(o.features.begin(), o.features.end(), j) ? 1 : 0;
    t.add_row({p.feature_names[j], format_number(p.counts[j]), format_number(p.prior[j]),
               format_cell(r.posterior_mean[j], 4), in > 0 ? std::to_string(in) + "/" + std::to_string(K) : ""},
              in > 0);
  }
  out << t.render() << "\n";
  for (std::size_t i = 0; i < K; ++i) {
    const auto& e = r.optima[i];
    std::string names;
    for (std::size_t j : e.features) names += (names.empty() ? "" : ", ") + p.feature_names[j];
    out << "optimum " << i + 1 << "/" << K << ": {" << names << "}\n"
        << "  size " << e.features.size() << ", F " << format_cell(e.log_objective, 10) << ", log utility "
        << format_cell(e.log_total_utility, 10) << ", theta'delta " << format_cell(e.posterior_feature_utility, 10)
        << ", admissibility " << format_cell(e.admissibility, 6) << ", violated rows " << e.violated_rows.size()
        << ", avg |corr| " << format_cell(e.avg_abs_correlation, 6);
    if (e.mh_frequency) out << ", MH frequency " << format_cell(*e.mh_frequency, 4);
    out << "\n";
  }
  const auto& o = r.optimizer;
  out << "optimizer: " << o.used << (o.proven_optimal ? ", proven optimal" : ", not proven optimal") << ", "
      << o.objective_evaluations << " evaluations";
  if (o.nodes > 0) out << ", " << o.nodes << " nodes";
  if (o.ties_truncated) out << ", ties truncated at --max-ties";
  if (o.mh) out << ", acceptance rate " << format_cell(o.mh->acceptance_rate, 4);
  out << "\n";
  if (r.stability) {
    const auto& s = *r.stability;
    out << "stability over " << s.runs << " repeats (" << s.rows << " sets): Nogueira "
        << format_cell(s.indices.nogueira.value, 4) << " [" << format_cell(s.indices.nogueira.ci_lower, 4) << ", "
        << format_cell(s.indices.nogueira.ci_upper, 4) << "], mean F1 " << format_cell(s.mean_f1, 4) << "\n";
  }
  return out.str();
}

}  // namespace featrel::ubayfs
