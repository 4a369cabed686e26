#include "featrel/error.hpp"
#include "featrel/evaluation.hpp"
#include "featrel/report.hpp"

namespace featrel::evaluation {

StabilityOfResults stability_of_results(const std::vector<report::ResultSelection>& results,
                                        stability::IwVariant variant, double alpha) {
  if (results.size() < 2)
    throw InputError("stability needs at least two result files, got " + std::to_string(results.size()));
  StabilityOfResults s;
  s.feature_names = results.front().feature_names;
  s.variant = variant;
  const std::size_t d = s.feature_names.size();
  stability::Sets sets;
  s.frequency.assign(d, 0.0);
  for (const auto& r : results) {
    if (r.feature_names != s.feature_names)
      throw InputError(r.source + ": its features differ from those of " + results.front().source +
                       " (names or order); stability compares runs over the same feature columns");
    s.sources.push_back(r.source);
    std::vector<std::size_t> set;
    for (std::size_t j = 0; j < d; ++j)
      if (r.selected[j]) {
        set.push_back(j);
        s.frequency[j] += 1.0;
      }
    s.set_sizes.push_back(set.size());
    sets.push_back(std::move(set));
  }
  for (double& f : s.frequency) f /= static_cast<double>(results.size());
  s.indices = stability::stability(sets, d, variant, alpha);
  return s;
}

report::Json to_json(const StabilityOfResults& s) {
  report::Json j = report::Json::object();
  j["method"] = "stability";
  j["sources"] = s.sources;
  j["n_features"] = s.feature_names.size();
  j["feature_names"] = s.feature_names;
  j["iw_variant"] = stability::to_string(s.variant);
  j["set_sizes"] = s.set_sizes;
  j["stability"] = stability::to_json(s.indices);
  report::Json features = report::Json::array();
  for (std::size_t i = 0; i < s.feature_names.size(); ++i) {
    report::Json f = report::Json::object();
    f["index"] = i;
    f["name"] = s.feature_names[i];
    f["frequency"] = s.frequency[i];
    features.push_back(std::move(f));
  }
  j["features"] = std::move(features);
  return j;
}

}  // namespace featrel::evaluation
