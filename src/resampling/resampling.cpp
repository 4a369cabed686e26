// Resampled repeats (include/featrel/resampling.hpp): the option table, the plan of resamples, one repeat's run,
// the summary of the repeats' selections and its place in the result document.
#include "featrel/resampling.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <numeric>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/result_json.hpp"
#include "featrel/rng.hpp"
#include "featrel/splits.hpp"
#include "resampling/task_outcome.hpp"

namespace featrel::resampling {

namespace {

// Nogueira et al. read Φ̂ below 0.4 as poor agreement; when even the upper end of the CI is below it, a single
// run's selection is mostly an accident of the sample.
constexpr double kPoorStability = 0.4;
// Unstratified draws that miss a class are redrawn at most this often.
constexpr std::size_t kMaxRedraws = 100;

bool has_classes(const Dataset& data) { return !data.labels.empty() && data.n_classes() > 0; }

// Rows every class keeps in a resample: two (a class with a single row is refused by the methods' pre-flight
// checks, and cross-validation needs two), or all of a smaller class.
constexpr std::size_t kRowsPerClass = 2;

std::vector<std::size_t> class_minimums(const Dataset& data) {
  std::vector<std::size_t> m = data.class_counts();
  for (auto& c : m) c = std::min(c, kRowsPerClass);
  return m;
}

bool every_class_kept(const Dataset& data, const std::vector<std::size_t>& rows) {
  const std::vector<std::size_t> need = class_minimums(data);
  std::vector<std::size_t> seen(data.n_classes(), 0);
  for (std::size_t i : rows) ++seen[static_cast<std::size_t>(data.labels[i])];
  for (std::size_t c = 0; c < need.size(); ++c)
    if (seen[c] < need[c]) return false;
  return true;
}

std::vector<std::size_t> stratified_bootstrap(const Dataset& data, std::uint64_t seed) {
  std::vector<std::vector<std::size_t>> by_class(data.n_classes());
  for (std::size_t i = 0; i < data.labels.size(); ++i) by_class[static_cast<std::size_t>(data.labels[i])].push_back(i);
  rng::Rng r(seed);
  std::vector<std::size_t> rows;
  rows.reserve(data.n_samples());
  for (const auto& members : by_class)  // classes in code order, one stream
    for (std::size_t k = 0; k < members.size(); ++k) rows.push_back(members[r.bounded(members.size())]);
  std::sort(rows.begin(), rows.end());
  return rows;
}

std::string percent(double share) { return format_fixed(share * 100.0, 0) + "%"; }

}  // namespace

std::string to_string(Scheme s) { return s == Scheme::bootstrap ? "bootstrap" : "subsample"; }

const options::Table<Options>& option_table() {
  static const options::Table<Options> table = [] {
    options::Table<Options> t("resampling");
    t.group("Resampled repeats");
    t.add("repeats", &Options::repeats,
          "Resampled runs besides the full-data run (0 or 1 = off); adds selection frequencies and stability")
        .range(options::Range::closed(0, 10000));
    t.choice("resample", &Options::scheme,
             options::Choices<Scheme>{{"subsample", Scheme::subsample}, {"bootstrap", Scheme::bootstrap}},
             "How each repeat draws its rows: subsample (without replacement) or bootstrap (n with replacement)");
    t.add("subsample_fraction", &Options::fraction, "Share of the rows in each subsample")
        .range(options::Range::open(0, 1));
    t.add("stratified", &Options::stratified, "Keep each class's share in every resample (class targets)");
    t.add("min_frequency", &Options::min_frequency,
          "Stability selection: select the features chosen in at least this share of the repeats (0 = off)")
        .range(options::Range::closed(0, 1));
    t.add("frequency_svg", &Options::frequency_svg, "Write the selection-frequency chart to this SVG file")
        .value_name("FILE")
        .no_echo();
    t.finish();
    return t;
  }();
  return table;
}

void validate(const Options& o) {
  option_table().check(o);
  if (o.repeats >= 2) return;
  if (o.min_frequency > 0)
    throw options::OptionError("min_frequency", "option 'min_frequency' selects by the frequency over resampled "
                                                "repeats and needs 'repeats' >= 2");
  if (!o.frequency_svg.empty())
    throw options::OptionError("frequency_svg", "option 'frequency_svg' draws the frequencies over resampled "
                                                "repeats and needs 'repeats' >= 2");
}

std::vector<Task> plan(const Dataset& data, const Options& o, std::uint64_t seed) {
  validate(o);
  std::vector<Task> tasks;
  if (o.repeats < 2) return tasks;
  const std::size_t n = data.n_samples();
  const bool classes = has_classes(data);
  const std::size_t K = classes ? data.n_classes() : 0;
  const std::size_t k = o.scheme == Scheme::subsample ? floor_count(o.fraction, n) : n;
  if (k < 2)
    throw InputError("resampling: a subsample of " + format_number(o.fraction) + " of " + std::to_string(n) +
                     " rows has " + std::to_string(k) + " rows; raise --subsample-fraction");
  if (classes) {
    const auto need = class_minimums(data);
    const std::size_t total = std::accumulate(need.begin(), need.end(), std::size_t{0});
    if (k < total)
      throw InputError("resampling: a subsample of " + std::to_string(k) + " rows cannot hold all " +
                       std::to_string(K) + " classes with " + std::to_string(kRowsPerClass) +
                       " rows each; raise --subsample-fraction");
  }
  const bool stratify = classes && o.stratified;
  tasks.resize(o.repeats);
  for (std::size_t i = 0; i < o.repeats; ++i) {
    Task& t = tasks[i];
    t.index = i;
    t.seed = rng::derive(seed, "resample-run", i);
    const std::uint64_t rows_seed = rng::derive(seed, "resample", i);
    if (o.scheme == Scheme::subsample && stratify) {
      // Largest-remainder shares per class, each class at least two rows where it has them (splits.hpp).
      t.rows = stratified_partition(data.labels, K, {k, n - k}, rows_seed, {kRowsPerClass, 0}).front();
    } else if (o.scheme == Scheme::bootstrap && stratify) {
      t.rows = stratified_bootstrap(data, rows_seed);
    } else {
      for (std::size_t attempt = 0;; ++attempt) {
        const std::uint64_t s = attempt == 0 ? rows_seed : rng::derive(seed, "resample", i, attempt);
        if (o.scheme == Scheme::subsample) {
          t.rows = subsample(n, k, s);
        } else {
          t.rows = bootstrap(n, s).rows;
          std::sort(t.rows.begin(), t.rows.end());
        }
        if (!classes || every_class_kept(data, t.rows)) break;
        if (attempt + 1 >= kMaxRedraws)
          throw InputError("resampling: " + std::to_string(kMaxRedraws) + " unstratified draws of repeat " +
                           std::to_string(i + 1) + " all missed a class; use --stratified or a larger "
                           "--subsample-fraction");
      }
    }
  }
  return tasks;
}

namespace detail {

TaskOutcome run_one(const MethodSpec& spec, const Dataset& data, const Settings& settings, const Task& task,
                    const RunContext& ctx) {
  const Dataset sub = subset_rows(data, task.rows);
  RunContext rctx = ctx;
  rctx.seed = task.seed;
  rctx.progress = nullptr;  // progress belongs to the calling thread only
  rctx.log = nullptr;
  rctx.plan_executor = nullptr;  // a repeat is itself the unit a backend ships; its work stays in its process
  const std::string where = "repeat " + std::to_string(task.index + 1) + " (" + std::to_string(task.rows.size()) +
                            " resampled rows): ";
  try {
    const auto result = spec.run(sub, settings, rctx);
    return {result->selection(), result->warnings()};
  } catch (const options::OptionError&) {
    throw;  // a bad setting is the same on every repeat: keep its key
  } catch (const InputError& e) {
    throw InputError(spec.name + ": " + where + e.what() + " (try a larger --subsample-fraction)");
  } catch (const SolverError& e) {
    throw SolverError(spec.name + ": " + where + e.what());
  }
}

}  // namespace detail

Selection run_task(const MethodSpec& spec, const Dataset& data, const Settings& settings, const Task& task,
                   const RunContext& ctx) {
  return detail::run_one(spec, data, settings, task, ctx).selection;
}

Summary summarise(const std::vector<Selection>& runs, std::size_t n_features, const Options& o) {
  if (runs.empty()) throw InputError("resampling: no repeats to summarise");
  Summary s;
  s.n_repeats = runs.size();
  s.options = o;
  s.threshold = o.min_frequency;
  const double R = static_cast<double>(runs.size());
  std::vector<std::size_t> count(n_features, 0);
  std::vector<std::array<std::size_t, 3>> classes(n_features, {0, 0, 0});
  bool all_classes = true;
  stability::Sets sets;
  double size_sum = 0;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const Selection& run = runs[r];
    if (run.features.size() != n_features)
      throw InputError("resampling: repeat " + std::to_string(r + 1) + " has " + std::to_string(run.features.size()) +
                       " features, expected " + std::to_string(n_features));
    for (std::size_t j = 0; j < n_features; ++j) {
      const FeatureSelection& f = run.features[j];
      if (f.selected) ++count[j];
      if (f.relevance && *f.relevance >= 0 && *f.relevance <= 2) ++classes[j][static_cast<std::size_t>(*f.relevance)];
      else all_classes = false;
    }
    sets.push_back(run.selected_indices());
    size_sum += static_cast<double>(sets.back().size());
  }
  s.mean_size = size_sum / R;
  s.selection_frequency.resize(n_features);
  for (std::size_t j = 0; j < n_features; ++j) s.selection_frequency[j] = static_cast<double>(count[j]) / R;
  if (all_classes && n_features > 0) {
    s.class_frequency.resize(n_features);
    for (std::size_t j = 0; j < n_features; ++j)
      s.class_frequency[j] = {static_cast<double>(classes[j][2]) / R, static_cast<double>(classes[j][1]) / R,
                              static_cast<double>(classes[j][0]) / R};
  }
  s.stability = stability::stability(sets, n_features);
  if (s.threshold > 0)
    for (std::size_t j = 0; j < n_features; ++j)
      if (s.selection_frequency[j] >= s.threshold) s.stable_selected.push_back(j);

  const auto& nog = s.stability.nogueira;
  const std::string over = " over " + std::to_string(runs.size()) + " " + to_string(o.scheme) + "s";
  if (std::isnan(nog.value)) {
    s.warnings.push_back("stability" + over + " is undefined: the repeats selected no feature or every feature "
                         "each time; the frequencies say how often each was chosen");
  } else if (nog.ci_upper < kPoorStability) {
    s.warnings.push_back(
        "the selection is unstable under resampling: Nogueira stability " + format_fixed(nog.value, 2) + " (" +
        percent(1 - nog.alpha) + " CI " + format_fixed(nog.ci_lower, 2) + " to " + format_fixed(nog.ci_upper, 2) +
        ")" + over + "; a single run's selection depends on the sample — report the selection frequencies "
        "(features[].selection_frequency) or select by --min-frequency (stability selection)");
  }
  if (s.threshold > 0 && s.stable_selected.empty())
    s.warnings.push_back("no feature reaches the stability-selection threshold " + format_number(s.threshold) +
                         over + "; lower --min-frequency or read the frequencies");
  return s;
}

void merge_into(report::Json& document, const Summary& s) {
  using report::Json;
  if (!document.contains("features") || !document["features"].is_array()) return;
  auto& features = document["features"];
  const bool stable = s.threshold > 0;
  for (std::size_t j = 0; j < features.size() && j < s.selection_frequency.size(); ++j) {
    Json& e = features[j];
    e["selection_frequency"] = report::json_number(s.selection_frequency[j]);
    if (!s.class_frequency.empty()) {
      Json c = Json::object();
      c["strong"] = report::json_number(s.class_frequency[j].strong);
      c["weak"] = report::json_number(s.class_frequency[j].weak);
      c["irrelevant"] = report::json_number(s.class_frequency[j].irrelevant);
      e["class_frequency"] = c;
    }
    if (stable) {
      e["selected_full_data"] = e.contains("selected") ? e["selected"] : Json(nullptr);
      e["selected"] = s.selection_frequency[j] >= s.threshold;
    }
  }
  if (stable) {
    report::finish_selection(document);
    if (document.contains("selection") && document["selection"].is_object()) {
      document["selection"]["selected"] = s.stable_selected;
      document["selection"]["rule"] = "stability_selection";
    }
  }

  Json block = stability::to_json(s.stability);
  Json rs = Json::object();
  rs["repeats"] = s.n_repeats;
  rs["resample"] = to_string(s.options.scheme);
  rs["subsample_fraction"] =
      s.options.scheme == Scheme::subsample ? report::json_number(s.options.fraction) : Json(nullptr);
  rs["stratified"] = s.options.stratified;
  rs["rows"] = s.rows;
  block["resampling"] = rs;
  Json sizes = Json::object();
  sizes["mean"] = report::json_number(s.mean_size);
  block["set_sizes"] = sizes;
  block["threshold"] = stable ? report::json_number(s.threshold) : Json(nullptr);
  block["stable_selected"] = stable ? Json(s.stable_selected) : Json(nullptr);
  document["stability"] = block;

  if (!document.contains("diagnostics") || !document["diagnostics"].is_object()) return;
  Json& diag = document["diagnostics"];
  if (!diag.contains("warnings") || !diag["warnings"].is_array()) diag["warnings"] = Json::array();
  for (const auto& w : s.warnings)
    if (std::find(diag["warnings"].begin(), diag["warnings"].end(), Json(w)) == diag["warnings"].end())
      diag["warnings"].push_back(w);
}

}  // namespace featrel::resampling
