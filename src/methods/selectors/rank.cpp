// One selector on a whole data set, for `featrel mrmr|fisher|laplacian` (docs/selectors.md#algorithm, docs/result-format.md#writing-rules): all
// rows prepared as in an ensemble split, the selector run once, its picks mapped back to the Dataset's columns.
#include <chrono>
#include <cmath>
#include <string>

#include "featrel/error.hpp"
#include "featrel/selectors.hpp"

namespace featrel::selectors {

Result rank(const Dataset& data, const Options& given, const RunContext& ctx) {
  validate(given, data);
  const Options options = effective_options(given, data);
  const auto start = std::chrono::steady_clock::now();
  const std::string cmd = to_string(options.method);
  Result r;
  r.options = options;
  r.task = data.task;
  r.warnings = data.warnings;
  r.seed = ctx.seed;
  r.threads = ctx.resolved_threads();
  const Prepared prep = prepare_matrix(data);
  const auto p = static_cast<int>(prep.columns.size());
  if (p == 0) throw InputError(cmd + ": every feature column is constant; nothing to rank");
  int n = options.all ? p : options.n_features_to_select.value_or(p);
  if (n > p) {
    r.warnings.push_back(cmd + ": n_features_to_select " + std::to_string(n) + " exceeds the " + std::to_string(p) +
                         " non-constant features; ranking " + std::to_string(p));
    n = p;
  }
  if (!given.all && !given.n_features_to_select && n == p)
    r.warnings.push_back("all_selected: the default n_features_to_select (" + std::to_string(kAutoFeatures) +
                         ") covers all " + std::to_string(p) + " non-constant features, so every one is selected: "
                         "read the ranks (the order of the picks), or give -k to select fewer");
  Ranking ranking;
  switch (options.method) {
    case Method::mrmr: ranking = mrmr(prep.Z, prep.y, n, options.mrmr_relevance); break;
    case Method::fisher: ranking = fisher(prep.Z, prep.y, n); break;
    case Method::laplacian: ranking = laplacian(prep.Z, n, options.laplacian_t); break;
  }
  r.features.resize(data.n_features());
  for (std::size_t j = 0; j < data.n_features(); ++j) {
    r.features[j].index = j;
    r.features[j].name = data.feature_names[j];
    r.features[j].constant = true;  // until found among the prepared columns
  }
  for (std::size_t c = 0; c < prep.columns.size(); ++c) {
    FeatureRank& f = r.features[static_cast<std::size_t>(prep.columns[c])];
    f.constant = false;
    const double v = ranking.column_scores[c];
    if (!std::isnan(v)) f.criterion = v;  // a Laplacian NaN stays null
  }
  for (std::size_t i = 0; i < ranking.selected.size(); ++i) {
    const int column = prep.columns[static_cast<std::size_t>(ranking.selected[i])];
    r.order.push_back(column);
    FeatureRank& f = r.features[static_cast<std::size_t>(column)];
    f.rank = static_cast<int>(i + 1);
    if (!std::isnan(ranking.scores[i])) f.pick_score = ranking.scores[i];
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace featrel::selectors
