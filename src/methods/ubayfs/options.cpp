// UBayFS options: the command-line words, validation (spec §7) and the JSON echo.
#include <cmath>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/ubayfs.hpp"

namespace featrel::ubayfs {

std::string to_string(AdmissibilityMode v) { return v == AdmissibilityMode::reference ? "reference" : "paper"; }
std::string to_string(InitRule v) { return v == InitRule::dropout ? "dropout" : "ratio"; }
std::string to_string(StabilityRows v) { return v == StabilityRows::all_ties ? "all_ties" : "first"; }

std::string to_string(OptimizerKind v) {
  switch (v) {
    case OptimizerKind::automatic: return "auto";
    case OptimizerKind::topk: return "topk";
    case OptimizerKind::enumerate: return "enumerate";
    case OptimizerKind::exact: return "exact";
    case OptimizerKind::ga: return "ga";
    case OptimizerKind::mh: return "mh";
  }
  return "auto";
}

std::string to_string(Correlation v) {
  switch (v) {
    case Correlation::spearman: return "spearman";
    case Correlation::pearson: return "pearson";
    case Correlation::kendall: return "kendall";
  }
  return "spearman";
}

namespace {

template <typename E, std::size_t K>
E parse_word(std::string_view word, const char* option, const std::pair<const char*, E> (&table)[K]) {
  std::string known;
  for (const auto& [w, v] : table) {
    if (word == w) return v;
    known += (known.empty() ? "" : ", ") + std::string(w);
  }
  throw InputError("ubayfs: " + std::string(option) + " must be one of " + known + "; got '" + std::string(word) + "'");
}

}  // namespace

AdmissibilityMode parse_admissibility(std::string_view w) {
  static const std::pair<const char*, AdmissibilityMode> t[] = {{"reference", AdmissibilityMode::reference},
                                                                {"paper", AdmissibilityMode::paper}};
  return parse_word(w, "--admissibility", t);
}
OptimizerKind parse_optimizer(std::string_view w) {
  static const std::pair<const char*, OptimizerKind> t[] = {
      {"auto", OptimizerKind::automatic}, {"topk", OptimizerKind::topk}, {"enumerate", OptimizerKind::enumerate},
      {"exact", OptimizerKind::exact},    {"ga", OptimizerKind::ga},     {"mh", OptimizerKind::mh}};
  return parse_word(w, "--optimizer", t);
}
InitRule parse_init_rule(std::string_view w) {
  static const std::pair<const char*, InitRule> t[] = {{"dropout", InitRule::dropout}, {"ratio", InitRule::ratio}};
  return parse_word(w, "--init-rule", t);
}
Correlation parse_correlation(std::string_view w) {
  static const std::pair<const char*, Correlation> t[] = {
      {"spearman", Correlation::spearman}, {"pearson", Correlation::pearson}, {"kendall", Correlation::kendall}};
  return parse_word(w, "--correlation", t);
}
StabilityRows parse_stability_rows(std::string_view w) {
  static const std::pair<const char*, StabilityRows> t[] = {{"all_ties", StabilityRows::all_ties},
                                                            {"first", StabilityRows::first}};
  return parse_word(w, "--stability-rows", t);
}

void validate(const Options& o) {
  auto fail = [](const std::string& m) { throw InputError("ubayfs: " + m); };
  if (o.ensemble_size < 1) fail("--ensemble-size M must be >= 1, got 0");
  if (!(o.tt_split > 0 && o.tt_split < 1)) fail("--tt-split must be in (0, 1), got " + format_number(o.tt_split));
  if (o.nr_features && *o.nr_features < 1)
    fail("--nr-features must be an integer >= 1 or auto, got " + std::to_string(*o.nr_features));
  if (!(std::isfinite(o.lambda) && o.lambda > 0)) fail("--lambda must be finite and > 0, got " + format_number(o.lambda));
  if (!(std::isfinite(o.epsilon))) fail("--epsilon must be finite");
  const bool ga = o.optimizer == OptimizerKind::ga || o.optimizer == OptimizerKind::automatic;
  if (ga && (o.pop_size < 10 || o.max_iter < 10))
    fail("--pop-size and --max-iter must be >= 10 for the GA, got " + std::to_string(o.pop_size) + " and " +
         std::to_string(o.max_iter));
  if (o.enumerate_max_n < 0 || o.enumerate_max_n > 30) fail("--enumerate-max-n must be in 0..30");
  if (!(o.node_budget >= 1)) fail("--node-budget must be >= 1");
  if (o.max_ties < 1) fail("--max-ties must be >= 1");
  if (o.mh_chains < 1 || o.mh_steps < 1) fail("--mh-chains and --mh-steps must be >= 1");
  if (!(o.mh_eta > 0 && std::isfinite(o.mh_eta))) fail("--mh-eta must be > 0");
  if (o.repeats < 1) fail("--repeats must be >= 1");
  if (!(o.test_fraction > 0 && o.test_fraction < 1)) fail("--test-fraction must be in (0, 1)");
  if (!(o.stability_alpha > 0 && o.stability_alpha < 1)) fail("--stability-alpha must be in (0, 1)");
  if (o.decorrelate && !(*o.decorrelate >= 0 && *o.decorrelate < 1)) fail("--decorrelate LEVEL must be in [0, 1)");
}

report::Json options_json(const Options& o) {
  report::Json j = report::Json::object();
  j["ensemble_size"] = o.ensemble_size;
  j["tt_split"] = o.tt_split;
  j["nr_features"] = o.nr_features ? report::Json(*o.nr_features) : report::Json("auto");
  j["selector"] = o.selectors;
  j["mrmr_relevance"] = selectors::to_string(o.mrmr_relevance);
  j["laplacian_t"] = o.laplacian_t;
  j["weights"] = o.weights;
  report::Json bw = report::Json::object();
  for (const auto& [n, w] : o.block_weights) bw[n] = w;
  j["block_weights"] = bw;
  j["decorrelate"] = o.decorrelate ? report::Json(*o.decorrelate) : report::Json(nullptr);
  j["lambda"] = o.lambda;
  j["admissibility"] = to_string(o.admissibility);
  j["epsilon"] = o.epsilon;
  j["rho_scaling"] = o.rho_scaling;
  j["optimizer"] = to_string(o.optimizer);
  j["pop_size"] = o.pop_size;
  j["max_iter"] = o.max_iter;
  j["init_rule"] = to_string(o.init_rule);
  j["polish"] = o.polish && !o.compat_reference;
  j["enumerate_max_n"] = o.enumerate_max_n;
  j["node_budget"] = o.node_budget;
  j["max_ties"] = o.max_ties;
  j["mh_chains"] = o.mh_chains;
  j["mh_steps"] = o.mh_steps;
  j["mh_eta"] = o.mh_eta;
  j["correlation"] = to_string(o.correlation);
  j["repeats"] = o.repeats;
  j["test_fraction"] = o.test_fraction;
  j["stability_alpha"] = o.stability_alpha;
  j["stability_rows"] = to_string(o.stability_rows);
  j["keep_ensemble"] = o.keep_ensemble;
  return j;
}

}  // namespace featrel::ubayfs
