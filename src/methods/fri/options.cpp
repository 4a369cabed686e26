// FRI options: defaults, validation with messages that name the option and its range (fri.md §5, §7), the
// reference-mode settings (fri.md §3.10), the spellings the CLI parses, and the JSON echo.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "featrel/format.hpp"
#include "featrel/fri.hpp"

namespace featrel::fri {

namespace {

std::string num(double v) { return format_number(v); }

// "fri: option NAME (--flag) must be RANGE, got V".
[[noreturn]] void bad(std::string_view name, std::string_view flag, std::string_view range, const std::string& got) {
  std::ostringstream m;
  m << "fri: option " << name << " (--" << flag << ") must be " << range << ", got " << got;
  throw InputError(m.str());
}

}  // namespace

std::string to_string(Threshold rule) { return rule == Threshold::tail ? "tail" : "normal"; }

std::string to_string(Linkage linkage) {
  switch (linkage) {
    case Linkage::single: return "single";
    case Linkage::average: return "average";
    case Linkage::complete: return "complete";
  }
  return "single";
}

Threshold parse_threshold(std::string_view word) {
  if (word == "tail") return Threshold::tail;
  if (word == "normal") return Threshold::normal;
  throw InputError("fri: option threshold (--threshold) must be tail or normal, got '" + std::string(word) + "'");
}

Linkage parse_linkage(std::string_view word) {
  if (word == "single") return Linkage::single;
  if (word == "average") return Linkage::average;
  if (word == "complete") return Linkage::complete;
  throw InputError("fri: option group_linkage (--group-linkage) must be single, average or complete, got '" +
                   std::string(word) + "'");
}

Preset parse_preset(std::string_view text) {
  const std::string t(text);
  const auto eq = t.rfind('=');
  auto fail = [&](const std::string& why) -> Preset {
    throw PresetError("fri: preset '" + t + "': " + why + " (write NAME=VALUE or NAME=LO:HI)");
  };
  if (eq == std::string::npos || eq == 0) return fail("expected NAME=VALUE or NAME=LO:HI");
  Preset p;
  p.feature = t.substr(0, eq);
  const std::string value = t.substr(eq + 1);
  auto parse = [&](const std::string& s) -> double {
    std::size_t used = 0;
    double v = 0.0;
    try {
      v = std::stod(s, &used);
    } catch (const std::exception&) {
      fail("'" + s + "' is not a number");
    }
    if (used != s.size()) fail("'" + s + "' is not a number");
    return v;
  };
  const auto colon = value.find(':');
  if (colon == std::string::npos) {
    p.lo = p.hi = parse(value);
  } else {
    p.lo = parse(value.substr(0, colon));
    p.hi = parse(value.substr(colon + 1));
  }
  return p;
}

std::vector<double> log_grid(double lo, double hi, int num) {
  if (num < 1 || !std::isfinite(lo) || !std::isfinite(hi) || lo > hi)
    throw InputError("fri: option c_grid (--c-grid LO:HI:NUM) needs finite LO <= HI (log10) and NUM >= 1, got " +
                     format_number(lo) + ":" + format_number(hi) + ":" + std::to_string(num));
  std::vector<double> g;
  for (int i = 0; i < num; ++i) {
    const double e = num == 1 ? lo : lo + (hi - lo) * static_cast<double>(i) / static_cast<double>(num - 1);
    g.push_back(std::pow(10.0, e));
  }
  return g;
}

std::vector<double> default_c_grid() { return log_grid(-3.0, 3.0, 13); }

void validate(const Options& o) {
  if (o.C && !(std::isfinite(*o.C) && *o.C > 0)) bad("C", "C", "finite and > 0", num(*o.C));
  if (o.epsilon && !(std::isfinite(*o.epsilon) && *o.epsilon >= 0))
    bad("epsilon", "epsilon", "finite and >= 0", num(*o.epsilon));
  if (o.c_grid.empty()) bad("c_grid", "c-grid", "a non-empty list of C values > 0", "an empty list");
  for (double c : o.c_grid)
    if (!(std::isfinite(c) && c > 0)) bad("c_grid", "c-grid", "a list of finite values > 0", num(c));
  if (o.epsilon_grid.empty()) bad("epsilon_grid", "epsilon-grid", "a non-empty list of values >= 0", "an empty list");
  for (double e : o.epsilon_grid)
    if (!(std::isfinite(e) && e >= 0)) bad("epsilon_grid", "epsilon-grid", "a list of finite values >= 0", num(e));
  if (o.cv_folds < 2) bad("cv_folds", "cv-folds", ">= 2", std::to_string(o.cv_folds));
  if (!(std::isfinite(o.tie_tolerance) && o.tie_tolerance >= 0))
    bad("tie_tolerance", "tie-tolerance", "finite and >= 0", num(o.tie_tolerance));
  if (!(std::isfinite(o.w_l1_slack) && o.w_l1_slack >= 0))
    bad("w_l1_slack", "w-l1-slack", "finite and >= 0 (δ_w)", num(o.w_l1_slack));
  if (!(std::isfinite(o.loss_slack) && o.loss_slack >= 0))
    bad("loss_slack", "loss-slack", "finite and >= 0 (δ_ℓ)", num(o.loss_slack));
  if (!(std::isfinite(o.loss_floor) && o.loss_floor >= 0))
    bad("loss_floor", "loss-floor", "finite and >= 0", num(o.loss_floor));
  if (o.n_probes < 10)
    throw InputError("fri: option n_probes (--n-probes) must be >= 10 (threshold unstable with fewer than 10 probes; "
                     "the paper uses >= 50), got " + std::to_string(o.n_probes));
  if (!(o.p > 0.5 && o.p < 1.0)) bad("p", "p", "in (0.5, 1)", num(o.p));
  if (!(std::isfinite(o.min_relevance) && o.min_relevance >= 0))
    bad("min_relevance", "min-relevance", "finite and >= 0", num(o.min_relevance));
  if (!(o.group_cutoff >= 0 && o.group_cutoff <= 1)) bad("group_cutoff", "group-cutoff", "in [0, 1]", num(o.group_cutoff));
  if (!(std::isfinite(o.lazy_margin) && o.lazy_margin >= 0))
    bad("lazy_margin", "lazy-margin", "finite and >= 0", num(o.lazy_margin));
  for (const Preset& p : o.presets) {
    if (p.feature.empty()) throw PresetError("fri: a preset has an empty feature name (write NAME=VALUE or NAME=LO:HI)");
    if (!std::isfinite(p.lo) || !std::isfinite(p.hi))
      throw PresetError("fri: preset " + p.feature + ": values must be finite, got [" + num(p.lo) + ", " + num(p.hi) + "]");
  }
}

Options effective_options(const Options& options) {
  Options o = options;
  auto tidy = [](std::vector<double>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  };
  tidy(o.c_grid);
  tidy(o.epsilon_grid);
  if (o.reference) {
    // fri 8.1.0 (fri.md §3.10): no loss floor; 20 upper + 20 lower probes permuted in place under the original
    // μ, ρ; population sd; q at 1 − fpr with fpr = 1e-4; strict class rule without the guard.
    o.loss_floor = 0.0;
    o.n_probes = 20;
    o.probe_refit = false;
    o.threshold = Threshold::normal;
    o.p = 0.9999;
    o.min_relevance = 0.0;
  }
  return o;
}

report::Json options_json(const Options& o) {
  report::Json j = report::Json::object();
  j["C"] = o.C ? report::json_number(*o.C) : report::Json(nullptr);
  j["epsilon"] = o.epsilon ? report::json_number(*o.epsilon) : report::Json(nullptr);
  j["c_grid"] = o.c_grid;
  j["epsilon_grid"] = o.epsilon_grid;
  j["cv_folds"] = o.cv_folds;
  j["tie_tolerance"] = o.tie_tolerance;
  j["w_l1_slack"] = o.w_l1_slack;
  j["loss_slack"] = o.loss_slack;
  j["loss_floor"] = o.loss_floor;
  j["n_probes"] = o.n_probes;
  j["probe_refit"] = o.probe_refit;
  j["p"] = o.p;
  j["threshold"] = to_string(o.threshold);
  j["min_relevance"] = o.min_relevance;
  j["standardize"] = o.standardize ? "train" : "none";
  report::Json presets = report::Json::array();
  for (const Preset& p : o.presets) {
    report::Json e = report::Json::object();
    e["feature"] = p.feature;
    e["lo"] = p.lo;
    e["hi"] = p.hi;
    presets.push_back(e);
  }
  j["presets"] = presets;
  j["grouping"] = o.grouping;
  j["group_cutoff"] = o.group_cutoff;
  j["group_linkage"] = to_string(o.group_linkage);
  j["lazy_rows"] = o.lazy_rows;
  j["lazy_margin"] = o.lazy_margin;
  return j;
}

}  // namespace featrel::fri
