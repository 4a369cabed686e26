// The result document of `featrel mrmr|fisher|laplacian` (docs/result-format.md#writing-rules): the shared header and features[]
// with each feature's rank, pick score and criterion, `selected` = the top n, then `ranking` (the pick order).
#include "featrel/result_json.hpp"

#include "featrel/selectors.hpp"

namespace featrel::selectors {

report::Json Result::to_json(const Dataset& data) const { return to_json(data, seed, threads); }

report::Json Result::to_json(const Dataset& data, std::uint64_t run_seed, unsigned run_threads) const {
  using report::Json;
  report::ResultHeader header = report::dataset_header(data, to_string(options.method), task, run_seed);
  if (options.compat_reference) header.compat = "reference";
  header.options = options_json(options);
  Json doc = report::result_skeleton(header);
  for (const FeatureRank& f : features) {
    Json e = report::feature_entry(f.index, f.name, f.rank.has_value(), f.constant);
    e["rank"] = f.rank ? Json(*f.rank) : Json(nullptr);
    e["score"] = report::json_optional(f.pick_score);
    e["criterion"] = report::json_optional(f.criterion);
    doc["features"].push_back(e);
  }
  report::finish_selection(doc);
  doc["diagnostics"] = report::diagnostics_block(warnings, {{"select", seconds}}, run_threads);
  Json ranking = Json::array(), names = Json::array();
  for (int j : order) {
    ranking.push_back(j);
    names.push_back(data.feature_names[static_cast<std::size_t>(j)]);
  }
  doc["ranking"] = ranking;
  doc["ranking_names"] = names;
  return doc;
}

}  // namespace featrel::selectors
