// The UBayFS ensemble stage (docs/ubayfs.md#ensemble-stage): M sub-samples, each prepared and given to every selector; the
// selections become 0/1 rows and their column sums the counts y_j.
//
// Split m draws everything from rng::derive(seed, "split", m): the sub-sample from that seed itself, "auto"'s n
// from derive(split seed, "nr_features"), and selector k gets derive(split seed, "selector", k). Results are
// written to slot m and combined in split order, so they are identical for any thread count. Selectors that are
// not thread-safe run after the parallel pass, serially in split order, on the same (recomputed) split.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <optional>
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/option_table.hpp"
#include "featrel/rng.hpp"
#include "featrel/splits.hpp"
#include "featrel/task_plan.hpp"
#include "featrel/thread_pool.hpp"
#include "featrel/ubayfs_ensemble.hpp"

namespace featrel::ubayfs {

namespace {

std::size_t ceil_div(std::size_t a, std::size_t b) { return (a + b - 1) / b; }

// One split, prepared: its rows' z-scored non-constant columns and the n every selector of the split uses.
struct Split {
  std::uint64_t seed = 0;
  std::size_t n_rows = 0;
  selectors::Prepared prep;
  int n = 0;
  bool capped = false;
};

Split prepare_split(const Dataset& data, const EnsembleOptions& options, std::uint64_t seed, std::size_t m,
                    const std::vector<std::vector<std::uint32_t>>& ascending) {
  Split s;
  s.seed = rng::derive(seed, "split", m);
  const std::vector<std::size_t> rows = ensemble_subsample(data, options.tt_split, options.compat_reference, s.seed);
  s.n_rows = rows.size();
  if (rows.empty()) return s;  // prepare_matrix would take "no rows" as "all rows"
  s.prep = selectors::prepare_matrix(data, rows, ascending);
  const auto p = static_cast<int>(s.prep.columns.size());
  if (p == 0) return s;
  if (options.n_features_to_select) {
    s.n = std::min(*options.n_features_to_select, p);
    s.capped = *options.n_features_to_select > p;
  } else {
    rng::Rng r(rng::derive(s.seed, "nr_features"));
    s.n = 1 + static_cast<int>(r.bounded(static_cast<std::uint64_t>(p)));
  }
  return s;
}

// What one selector produced on one split.
struct Outcome {
  std::optional<std::vector<std::uint8_t>> row;
  std::string error;
  std::size_t duplicates = 0;
  std::size_t out_of_range = 0;
};

Outcome run_selector(const Split& s, const Selector& selector, std::size_t k, std::size_t N) {
  Outcome out;
  if (s.prep.columns.empty()) {
    out.error = "no feature varies on the " + std::to_string(s.n_rows) + " rows of this sub-sample";
    return out;
  }
  std::vector<int> picks;
  try {
    picks = selector.fn(s.prep.Z, s.prep.y, s.n, s.prep.columns, rng::derive(s.seed, "selector", k));
  } catch (const Cancelled&) {
    throw;
  } catch (const std::exception& e) {
    out.error = e.what();
    return out;
  } catch (...) {
    out.error = "unknown exception";
    return out;
  }
  // Only membership matters: map to Dataset columns, drop duplicates and out-of-range indices.
  std::vector<std::uint8_t> row(N, 0);
  const auto p = static_cast<int>(s.prep.columns.size());
  for (int c : picks) {
    if (c < 0 || c >= p) {
      ++out.out_of_range;
      continue;
    }
    std::uint8_t& cell = row[static_cast<std::size_t>(s.prep.columns[static_cast<std::size_t>(c)])];
    if (cell) ++out.duplicates;
    cell = 1;
  }
  out.row = std::move(row);
  return out;
}

// A split's outcomes as plain data: the n it used, whether n was capped, its kept columns, and per selector the
// picked Dataset columns (null when it failed, with the error) and the dropped indices.
TaskPlan::Json split_json(const Split& s, const std::vector<Outcome>& outcomes) {
  TaskPlan::Json sel = TaskPlan::Json::array();
  for (const Outcome& o : outcomes) {
    TaskPlan::Json picked = nullptr;
    if (o.row) {
      picked = TaskPlan::Json::array();
      for (std::size_t j = 0; j < o.row->size(); ++j)
        if ((*o.row)[j]) picked.push_back(j);
    }
    sel.push_back(TaskPlan::Json{{"picked", std::move(picked)},
                                 {"error", o.error},
                                 {"duplicates", o.duplicates},
                                 {"out_of_range", o.out_of_range}});
  }
  return TaskPlan::Json{{"n", s.n}, {"capped", s.capped}, {"kept", s.prep.columns.size()}, {"outcomes", sel}};
}

// Splits lo..hi-1 with every selector (all thread-safe), as the plan's tasks return them: {"splits": [...]}.
TaskPlan::Json split_block(const Dataset& data, const std::vector<Selector>& selectors, const EnsembleOptions& options,
                           std::uint64_t seed, std::size_t lo, std::size_t hi,
                           const std::vector<std::vector<std::uint32_t>>& ascending, const RunContext& ctx) {
  TaskPlan::Json splits = TaskPlan::Json::array();
  for (std::size_t m = lo; m < hi; ++m) {
    ctx.check_cancel();
    const Split s = prepare_split(data, options, seed, m, ascending);
    std::vector<Outcome> outcomes;
    for (std::size_t k = 0; k < selectors.size(); ++k)
      outcomes.push_back(run_selector(s, selectors[k], k, data.n_features()));
    splits.push_back(split_json(s, outcomes));
  }
  return TaskPlan::Json{{"splits", std::move(splits)}};
}

TaskPlan::Json ensemble_json(const EnsembleOptions& o) {
  return TaskPlan::Json{{"M", o.M},
                        {"tt_split", o.tt_split},
                        {"n_features_to_select",
                         o.n_features_to_select ? TaskPlan::Json(*o.n_features_to_select) : TaskPlan::Json(nullptr)},
                        {"compat_reference", o.compat_reference},
                        {"mrmr_relevance", selectors::to_string(o.mrmr_relevance)},
                        {"laplacian_t", o.laplacian_t}};
}

EnsembleOptions ensemble_of(const TaskPlan::Json& j) {
  EnsembleOptions o;
  o.M = j.at("M").get<std::size_t>();
  o.tt_split = j.at("tt_split").get<double>();
  if (!j.at("n_features_to_select").is_null()) o.n_features_to_select = j.at("n_features_to_select").get<int>();
  o.compat_reference = j.at("compat_reference").get<bool>();
  o.mrmr_relevance = selectors::parse_class_relevance(j.at("mrmr_relevance").get<std::string>());
  o.laplacian_t = j.at("laplacian_t").get<double>();
  return o;
}

// At most this many plan tasks: blocks of consecutive splits.
constexpr std::size_t kMaxSplitTasks = 32;

// "1 row", "3 rows"; `many` for irregular plurals.
std::string plural(std::size_t n, const std::string& word, const std::string& many = "") {
  return std::to_string(n) + " " + (n == 1 ? word : many.empty() ? word + "s" : many);
}

// The one place the ensemble's settings are taken from ubayfs::Options.
void copy_settings(EnsembleOptions& e, const Options& o) {
  e.M = o.ensemble_size;
  e.tt_split = o.tt_split;
  e.n_features_to_select = o.n_features_to_select;
  e.compat_reference = o.compat_reference;
  e.mrmr_relevance = o.mrmr_relevance;
  e.laplacian_t = o.laplacian_t;
}

}  // namespace

EnsembleOptions::EnsembleOptions() { copy_settings(*this, Options{}); }

EnsembleOptions ensemble_options(const Options& options) {
  EnsembleOptions e;
  copy_settings(e, options);
  return e;
}

std::vector<std::size_t> ensemble_subsample(const Dataset& data, double tt_split, bool compat_reference,
                                            std::uint64_t split_seed) {
  // Regression, and under --compat reference every class target but a binary one: a simple random sample.
  if (data.task == Task::regression || (compat_reference && data.n_classes() != 2))
    return floor_subsample(data.n_samples(), tt_split, split_seed);
  return class_floor_subsample(data.labels, data.n_classes(), tt_split, split_seed);
}

std::vector<std::string> validate_ensemble(const Dataset& data, const std::vector<Selector>& selectors,
                                           const EnsembleOptions& o) {
  std::vector<std::string> warnings;
  auto bad = [](const std::string& key, const std::string& what) {
    throw options::OptionError(key, "option '" + key + "' must be " + what);
  };
  if (o.M < 1) bad("ensemble_size", "at least 1, got " + std::to_string(o.M));
  if (!(o.tt_split > 0.0 && o.tt_split < 1.0))
    bad("tt_split", "strictly between 0 and 1, got " + format_number(o.tt_split));
  if (o.tt_split < 0.5 || o.tt_split > 0.99)
    warnings.push_back("ubayfs: tt_split " + format_number(o.tt_split) +
                       " is outside the usual range [0.5, 0.99]; sub-samples are very small or nearly all rows");
  const std::size_t N = data.n_features();
  if (o.n_features_to_select &&
      (*o.n_features_to_select < 1 || static_cast<std::size_t>(*o.n_features_to_select) > N))
    bad("n_features_to_select", "'auto' or an integer from 1 to the " + std::to_string(N) + " features, got " +
                                    std::to_string(*o.n_features_to_select));
  if (!(o.laplacian_t > 0.0) || !std::isfinite(o.laplacian_t))
    bad("laplacian_t", "a positive number, got " + format_number(o.laplacian_t));
  if (selectors.empty()) throw InputError("ubayfs: no selector given; known selectors: mrmr, fisher, laplacian");
  for (const Selector& s : selectors) {
    if (!s.fn) throw InputError("ubayfs: selector '" + s.name + "' has no function");
    if (s.name == "fisher" && data.task == Task::regression)
      throw InputError("ubayfs: the fisher selector needs class labels, but the target '" + data.target_name +
                       "' is a regression target; use mrmr or laplacian");
  }
  if (data.task == Task::regression) {
    if (data.y.size() < 2 || data.y.maxCoeff() == data.y.minCoeff())
      throw InputError("ubayfs: the regression target '" + data.target_name + "' is constant");
  } else {
    if (data.n_classes() < 2)
      throw InputError("ubayfs: the target '" + data.target_name + "' has only one class");
    const auto counts = data.class_counts();
    for (std::size_t c = 0; c < counts.size(); ++c)
      if (counts[c] < 2)
        throw InputError("ubayfs: class '" + data.classes[c] + "' of the target '" + data.target_name + "' has " +
                         plural(counts[c], "row") + "; the stratified sub-samples need at least 2 per class");
  }
  return warnings;
}

std::string auto_mrmr_cost_warning(std::size_t n_rows, std::size_t p, const std::vector<Selector>& selectors,
                                   const EnsembleOptions& options) {
  constexpr double kSlowWork = 1e12;  // about a minute on two cores (2·10¹² took 113 s)
  const bool has_mrmr =
      std::any_of(selectors.begin(), selectors.end(), [](const Selector& s) { return s.builtin && s.name == "mrmr"; });
  const double width = static_cast<double>(p);
  const double rows = options.tt_split * static_cast<double>(n_rows);
  const double work = static_cast<double>(options.M) * rows * width * width / 3.0;
  if (options.n_features_to_select || !has_mrmr || work <= kSlowWork) return "";
  return "ubayfs: n_features_to_select auto draws up to all " + std::to_string(p) +
         " features per sub-sample, and mRMR's cost grows with the square of that width (about " +
         format_number(std::round(work / 1e9)) + "·10⁹ multiply-adds here); at this width give " +
         "-k/--n-features-to-select (e.g. 100) for a run in seconds";
}

Ensemble run_ensemble(const Dataset& data, const std::vector<Selector>& selectors, const EnsembleOptions& options,
                      std::uint64_t seed, RunContext& ctx) {
  const auto start = std::chrono::steady_clock::now();
  Ensemble e;
  e.warnings = validate_ensemble(data, selectors, options);
  const std::size_t M = options.M, K = selectors.size(), N = data.n_features();
  if (auto warning = auto_mrmr_cost_warning(data.n_samples(), N, selectors, options); !warning.empty())
    e.warnings.push_back(std::move(warning));
  bool any_unsafe = false;
  for (const Selector& s : selectors) any_unsafe = any_unsafe || !s.thread_safe;

  // One sort per column for the whole run; every split's Somers' D then counts in O(n) (selectors.hpp).
  const auto ascending = selectors::ascending_order(data);
  std::vector<std::vector<Outcome>> outcomes(M, std::vector<Outcome>(K));
  std::vector<int> n_used(M, 0);
  std::vector<char> capped(M, 0);
  std::vector<std::size_t> kept_columns(M, 0);
  const bool all_builtin = std::all_of(selectors.begin(), selectors.end(),
                                       [](const Selector& s) { return s.builtin && s.thread_safe; });
  if (all_builtin) {
    // Built-in selectors only: the splits are a task plan (blocks of splits), so a backend can run them elsewhere;
    // locally and remotely a block computes the same outcomes, read back from the same JSON.
    const std::size_t blocks = std::min(M, kMaxSplitTasks);
    TaskPlan plan;
    plan.kind = "ubayfs.splits";
    plan.stage = "ensemble";
    for (std::size_t b = 0; b < blocks; ++b) {
      const auto [lo, hi] = plan_block_range(b, blocks, M);
      plan.tasks.push_back(TaskPlan::Json{{"lo", lo}, {"hi", hi}});
    }
    if (ctx.plan_executor != nullptr) {
      TaskPlan::Json names = TaskPlan::Json::array();
      for (const Selector& s : selectors) names.push_back(s.name);
      plan.shared = TaskPlan::Json{{"ensemble", ensemble_json(options)}, {"selectors", names}, {"seed", seed}};
    }
    const std::vector<TaskPlan::Json> results = run_plan(
        plan,
        [&](std::size_t b) {
          const auto [lo, hi] = plan_block_range(b, blocks, M);
          return split_block(data, selectors, options, seed, lo, hi, ascending, ctx);
        },
        ctx);
    std::size_t m = 0;
    for (const TaskPlan::Json& r : results)
      for (const TaskPlan::Json& sj : r.at("splits")) {
        if (m >= M) break;
        n_used[m] = sj.at("n").get<int>();
        capped[m] = sj.at("capped").get<bool>() ? 1 : 0;
        kept_columns[m] = sj.at("kept").get<std::size_t>();
        const auto& outs = sj.at("outcomes");
        for (std::size_t k = 0; k < K && k < outs.size(); ++k) {
          Outcome& o = outcomes[m][k];
          o.error = outs[k].at("error").get<std::string>();
          o.duplicates = outs[k].at("duplicates").get<std::size_t>();
          o.out_of_range = outs[k].at("out_of_range").get<std::size_t>();
          if (!outs[k].at("picked").is_null()) {
            std::vector<std::uint8_t> row(N, 0);
            for (const auto& j : outs[k].at("picked")) {
              const auto c = j.get<std::size_t>();
              if (c >= N) throw SolverError("ubayfs: an ensemble task returned column " + std::to_string(c));
              row[c] = 1;
            }
            o.row = std::move(row);
          }
        }
        ++m;
      }
    if (m != M)
      throw SolverError("ubayfs: the ensemble tasks returned " + std::to_string(m) + " splits for " +
                        std::to_string(M));
  } else {
    parallel_for(
        M,
        [&](std::size_t m) {
          const Split s = prepare_split(data, options, seed, m, ascending);
          n_used[m] = s.n;
          capped[m] = s.capped ? 1 : 0;
          kept_columns[m] = s.prep.columns.size();
          for (std::size_t k = 0; k < K; ++k)
            if (selectors[k].thread_safe) outcomes[m][k] = run_selector(s, selectors[k], k, N);
        },
        ctx, "ensemble");
  }
  if (any_unsafe) {
    for (std::size_t m = 0; m < M; ++m) {
      ctx.check_cancel();
      const Split s = prepare_split(data, options, seed, m, ascending);
      for (std::size_t k = 0; k < K; ++k)
        if (!selectors[k].thread_safe) outcomes[m][k] = run_selector(s, selectors[k], k, N);
    }
  }

  // Combine in split order, then selector order.
  e.counts.assign(N, 0.0);
  e.rows_total = M * K;
  e.nr_features_per_split = n_used;
  std::vector<std::size_t> duplicates(K, 0), out_of_range(K, 0);
  for (std::size_t m = 0; m < M; ++m) {
    for (std::size_t k = 0; k < K; ++k) {
      Outcome& o = outcomes[m][k];
      duplicates[k] += o.duplicates;
      out_of_range[k] += o.out_of_range;
      if (!o.row) {
        e.failures.push_back({m, selectors[k].name, o.error});
        continue;
      }
      for (std::size_t j = 0; j < N; ++j) e.counts[j] += (*o.row)[j];
      e.rows.push_back(std::move(*o.row));
      e.row_split.push_back(m);
      e.row_selector.push_back(k);
    }
  }
  e.n_models = e.rows.size();

  const std::size_t n_capped = static_cast<std::size_t>(std::count(capped.begin(), capped.end(), 1));
  if (n_capped > 0) {
    std::size_t fewest = N;
    for (std::size_t m = 0; m < M; ++m)
      if (capped[m]) fewest = std::min(fewest, kept_columns[m]);
    e.warnings.push_back("ubayfs: n_features_to_select " + std::to_string(*options.n_features_to_select) +
                         " exceeds the " +
                         "non-constant columns of " + std::to_string(n_capped) + " of " + plural(M, "sub-sample") +
                         " (as few as " + std::to_string(fewest) + "); n was capped there");
  }
  for (std::size_t k = 0; k < K; ++k)
    if (duplicates[k] + out_of_range[k] > 0)
      e.warnings.push_back("ubayfs: selector '" + selectors[k].name + "' returned " +
                           plural(duplicates[k], "duplicate index", "duplicate indices") + " and " +
                           plural(out_of_range[k], "out-of-range index", "out-of-range indices") + " over the splits; they were dropped");
  if (!e.failures.empty()) {
    const EnsembleFailure& first = e.failures.front();
    const std::string what = std::to_string(e.failures.size()) + " of " + std::to_string(M) + "·" +
                             std::to_string(K) + " selector runs failed; first error: split " +
                             std::to_string(first.split) + ", selector '" + first.selector + "': " + first.message;
    // The reference's rule: the run fails when ⌈R/K⌉ < ⌈M/2⌉ for R successful rows.
    if (ceil_div(e.n_models, K) < ceil_div(M, 2)) throw InputError("ubayfs: " + what);
    e.warnings.push_back("ubayfs: " + what);
  }
  e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return e;
}

TaskPlan::Json run_plan_block(const Dataset& data, const TaskPlan::Json& shared, const TaskPlan::Json& task,
                              const RunContext& ctx) {
  const EnsembleOptions options = ensemble_of(shared.at("ensemble"));
  std::vector<std::string> names;
  for (const auto& n : shared.at("selectors")) names.push_back(n.get<std::string>());
  const std::vector<Selector> selectors = builtin_selectors(names, options);
  const std::size_t lo = task.at("lo").get<std::size_t>(), hi = task.at("hi").get<std::size_t>();
  if (lo > hi || hi > options.M)
    throw InputError("ubayfs: a task plan names splits " + std::to_string(lo) + ".." + std::to_string(hi) + " of " +
                     std::to_string(options.M));
  return split_block(data, selectors, options, shared.at("seed").get<std::uint64_t>(), lo, hi,
                     selectors::ascending_order(data), ctx);
}

}  // namespace featrel::ubayfs
