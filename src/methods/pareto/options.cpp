// Validation of pareto's options and the GEENAGE compat preset (docs/pareto.md#departures-from-the-references item 3, docs/pareto.md#parameters, docs/pareto.md#errors-and-edge-cases).
#include <algorithm>
#include <cmath>
#include <set>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/metrics.hpp"
#include "featrel/pareto.hpp"

namespace featrel::pareto {
namespace {

std::string joined(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s;
}

std::vector<std::string> measure_keys() {
  std::vector<std::string> out;
  for (metrics::Measure m : metrics::all_measures) out.emplace_back(metrics::key(m));
  return out;
}

// `key` names the option ("classifiers"); OptionError so that the CLI can say the flag.
void check_keys(const std::vector<std::string>& keys, const std::vector<std::string>& valid, const std::string& what,
                const std::string& key) {
  const std::string option = "option '" + key + "'";
  if (keys.empty())
    throw options::OptionError(key, option + " needs at least one " + what + " (valid: " + joined(valid) + ")");
  std::set<std::string> seen;
  for (const auto& k : keys) {
    if (std::find(valid.begin(), valid.end(), k) == valid.end())
      throw options::OptionError(key, "unknown " + what + " '" + k + "' in " + option + "; valid: " + joined(valid));
    if (!seen.insert(k).second)
      throw options::OptionError(key, what + " '" + k + "' is listed twice in " + option);
  }
}

bool standardize_none(const std::vector<std::string>& s) { return s.size() == 1 && s[0] == "none"; }

}  // namespace

void validate(const AnalysisOptions& o, std::size_t n_criteria) {
  if (o.depth < 1) throw InputError("pareto: --depth must be >= 1, got " + std::to_string(o.depth));
  if (!(o.tie_tolerance >= 0) || !std::isfinite(o.tie_tolerance))
    throw InputError("pareto: --tie-tolerance must be finite and >= 0, got " + format_number(o.tie_tolerance));
  if (o.max_minimal_sets < 1) throw InputError("pareto: --max-minimal-sets must be >= 1");
  if (n_criteria > max_criteria)
    throw InputError("pareto: " + std::to_string(n_criteria) + " criteria exceed the limit of 128; use fewer "
                     "classifiers or measures");
  if (o.depth > 1 && n_criteria > 20)
    throw InputError("pareto: --depth > 1 enumerates 2^m criteria sets; m = " + std::to_string(n_criteria) +
                     " exceeds 20: use fewer classifiers or measures");
}

void validate(const Options& o) {
  option_table().check(o);
  if (!o.impacts.empty()) {
    validate(o.analysis, 0);  // the criteria count is checked once the table is read
    return;
  }
  check_keys(o.classifiers, classify::classifier_keys(), "classifier", "classifiers");
  check_keys(o.measures, measure_keys(), "measure", "measures");
  if (o.permutations < 1) throw InputError("pareto: --permutations must be >= 1");
  if (!(o.test_fraction > 0 && o.test_fraction < 1))
    throw InputError("pareto: --test-fraction must be in (0, 1), got " + format_number(o.test_fraction));
  // Standardising a classifier that is not run is harmless (the default names logreg, which is not run by
  // default); an unknown key is a typo.
  if (!o.standardize.empty() && !standardize_none(o.standardize))
    check_keys(o.standardize, classify::classifier_keys(), "classifier", "standardize");
  classify::validate(o.classifier);
  validate(o.analysis, o.classifiers.size() * o.measures.size());
}

Options effective_options(const Options& options) {
  Options o = options;
  if (standardize_none(o.standardize)) o.standardize.clear();
  if (o.compat_reference) {
    // GEENAGE preDisc's settings (docs/pareto.md#departures-from-the-references item 3); the reused permutation (defect 1) is not reproduced.
    o.classifier.rf_trees = 50;
    o.classifier.rf_max_features = forest::ColumnFraction::fraction(1.0);
    o.classifier.mlp_hidden = {10, 10};
    o.classifier.mlp_max_epochs = 1000;
    o.classifier.svm_degree = 4;
    o.permutations = 200;
    o.split = SplitMode::resubstitution;
    o.prefilter = 0;  // GEENAGE trains on every feature
  }
  return o;
}

}  // namespace featrel::pareto
