// The ranking of `featrel mrmr|fisher|laplacian` as a person reads it: the data line, what the score means, one
// row per pick (rank, feature, score; mrmr adds the relevance) and the constant columns left out.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "featrel/format.hpp"
#include "featrel/report.hpp"
#include "featrel/selectors.hpp"

namespace featrel::selectors {
namespace {

// A score cell: fixed to 6 decimals, "inf" for a Fisher ratio with no within-class spread, "-" when missing.
std::string score_text(const std::optional<double>& v) {
  if (v && std::isinf(*v)) return *v > 0 ? "inf" : "-inf";
  return format_cell(v, 6);
}

}  // namespace

std::string text_report(const Result& r, const Dataset& data, std::string_view sort, std::size_t) {
  std::ostringstream out;
  const std::string cmd = to_string(r.options.method);
  out << cmd << ": " << data.source << ", target '" << data.target_name << "' (" << to_string(r.task);
  if (r.task == Task::binary && data.classes.size() == 2) out << ", positive class '" << data.classes[1] << "'";
  out << "), " << data.n_samples() << " samples, " << data.n_features() << " features\n";
  switch (r.options.method) {
    case Method::mrmr:
      out << "ranking: mRMR picks (mRMRe classic, relevance " << to_string(r.options.mrmr_relevance)
          << "); score = relevance − mean redundancy with the earlier picks (mRMRe scale),"
          << " relevance = MI with the target\n";
      break;
    case Method::fisher:
      out << "ranking: Fisher score, between-class over within-class spread (larger is better)\n";
      break;
    case Method::laplacian:
      out << "ranking: Laplacian score on the k-NN graph of the rows, t = " << format_number(r.options.laplacian_t)
          << " (smaller keeps neighbours closer; the target is not used)\n";
      break;
  }
  out << "\n";
  const bool mrmr = r.options.method == Method::mrmr;
  std::vector<std::string> head{"rank", "feature", "score"};
  if (mrmr) head.push_back("relevance");
  report::TextTable t(head);
  std::vector<std::size_t> rows(r.order.size());
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = i;
  if (sort == "index")
    std::sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) { return r.order[a] < r.order[b]; });
  for (std::size_t i : rows) {
    const FeatureRank& f = r.features[static_cast<std::size_t>(r.order[i])];
    std::vector<std::string> row{std::to_string(i + 1), f.name, score_text(f.pick_score)};
    if (mrmr) row.push_back(score_text(f.criterion));
    t.add_row(row);
  }
  out << t.render();
  std::size_t constant = 0;
  for (const auto& f : r.features) constant += f.constant ? 1 : 0;
  if (constant > 0) out << "\n" << constant << " constant feature(s) left out\n";
  return out.str();
}

}  // namespace featrel::selectors
