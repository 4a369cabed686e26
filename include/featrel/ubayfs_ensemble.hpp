// The ensemble stage of UBayFS (docs/ubayfs.md#ensemble-stage): how often does each feature get picked by elementary
// selectors trained on M random sub-samples? The counts y_j are the multinomial likelihood data of the Bayesian
// model (ubayfs.hpp builds the prior, constraints and optimisers on top).
//
// For each split m (its own generator, rng::derive(seed, "split", m)): a per-class floor sub-sample of tt_split
// (simple random for regression; --compat reference: simple random for multiclass too), constant columns dropped,
// z-score with the sample SD, n fixed (capped at the kept columns, warned once) or drawn from 1..p_m ("auto"),
// then every selector picks column indices which become one 0/1 row of length N. Splits run in parallel on the
// RunContext's pool; selectors that are not thread-safe run afterwards, serially in split order. Rows are stored
// split-major, then selector, so the result does not depend on the thread count.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/run_context.hpp"
#include "featrel/selectors.hpp"
#include "featrel/task_plan.hpp"
#include "featrel/ubayfs.hpp"

namespace featrel::ubayfs {

// docs/selectors.md#user-selectors "User selector (C++ API)". fn returns column indices of Z (0..Z.cols()-1, any number, any order;
// duplicates and out-of-range values are dropped with a warning); `columns` maps Z's columns to the Dataset's.
// It throws to signal failure. `seed` is the split's own seed for a randomised selector.
struct Selector {
  std::string name;
  std::function<std::vector<int>(const Eigen::MatrixXd& Z, const selectors::Target& y, int n,
                                 const std::vector<int>& columns, std::uint64_t seed)>
      fn;
  bool thread_safe = true;
  // Made by builtin_selector(): a worker elsewhere can rebuild it from its name and the EnsembleOptions, so the
  // ensemble's splits can go out as a task plan (kind "ubayfs.splits") when every selector is built in.
  bool builtin = false;
};

// "mrmr", "fisher", "laplace" (accept "laplacian"; the selector is named "laplacian"); InputError otherwise,
// listing the known names. `settings` gives the built-in selectors' own settings (mrmr_relevance, laplacian_t;
// docs/ubayfs.md#parameters `mrmr_class_relevance`, `laplace_t`).
Selector builtin_selector(std::string_view name, const selectors::Options& settings = {});

// The ensemble's settings. A default-built EnsembleOptions holds ubayfs::Options' defaults; ensemble_options()
// derives them from a whole ubayfs::Options.
struct EnsembleOptions {
  EnsembleOptions();
  std::size_t M;                             // ensemble_size, ≥ 1
  double tt_split;                           // in (0, 1); a warning outside [0.5, 0.99]
  std::optional<int> n_features_to_select;   // nullopt = "auto" (uniform 1..p_m per split); else ≥ 1 and ≤ N
  bool compat_reference;  // docs/ubayfs.md#ensemble-stage: stratify only binary targets (and builtin_selectors: Somers' D)
  // Settings of the built-in selectors, applied by builtin_selectors() below (run_ensemble itself runs whatever
  // Selectors it is given).
  selectors::ClassRelevance mrmr_relevance;  // mrmr_class_relevance
  double laplacian_t;                        // laplace_t, > 0
};

// The ensemble settings of a UBayFS run (the one place they are copied from ubayfs::Options).
EnsembleOptions ensemble_options(const Options& options);

// The built-in selectors named in `names` (docs/ubayfs.md#parameters `selectors`, rows pooled in this order) with the options' settings;
// compat_reference makes mrmr use Somers' D for every class target unless mrmr_relevance is set (docs/ubayfs.md#parameters `compat`).
// InputError for an unknown name.
std::vector<Selector> builtin_selectors(const std::vector<std::string>& names, const EnsembleOptions& options);

// InputError (OptionError naming the key for the numbers) for M < 1, tt_split ∉ (0, 1) or non-finite,
// n_features_to_select < 1 or > N, laplacian_t ≤ 0, no selectors, a fisher selector on a regression target, a class with fewer than 2 rows.
// Returns the warnings the options raise (tt_split outside [0.5, 0.99]).
std::vector<std::string> validate_ensemble(const Dataset& data, const std::vector<Selector>& selectors,
                                           const EnsembleOptions& options);

// The warning run_ensemble adds when options ask for auto k with an mRMR selector at a width where that is slow,
// or "" when it is not: auto draws k uniformly from 1..p per split and mRMR's greedy costs n·(p − l) per pick,
// about M·n_rows·tt_split·p²/3 multiply-adds in all. The warning fires above 10¹² (about a minute on two cores):
// at 200 × 20,000 that is over two minutes, where a fixed k of ~100 takes seconds.
std::string auto_mrmr_cost_warning(std::size_t n_rows, std::size_t p, const std::vector<Selector>& selectors,
                                   const EnsembleOptions& options);

struct EnsembleFailure {
  std::size_t split;
  std::string selector;
  std::string message;
};

struct Ensemble {
  std::vector<std::vector<std::uint8_t>> rows;  // one 0/1 row of length N per successful (split, selector)
  std::vector<double> counts;                   // y_j
  std::size_t n_models = 0;                     // rows.size()
  std::vector<EnsembleFailure> failures;
  std::vector<std::string> warnings;
  // Additions: per row, its split and selector index (rows are split-major, then selector order).
  std::vector<std::size_t> row_split;
  std::vector<std::size_t> row_selector;
  std::vector<int> nr_features_per_split;       // the n used in each split (after the cap)
  std::size_t rows_total = 0;                   // M·K attempted
  double seconds = 0.0;
};

// Runs the ensemble. InputError for bad options (validate_ensemble) and when too many selector runs fail:
// with K selectors and R successful rows, ⌈R/K⌉ < ⌈M/2⌉ ("F of M·K selector runs failed; first error: …").
// Cancelled when ctx's flag is set (checked between splits).
Ensemble run_ensemble(const Dataset& data, const std::vector<Selector>& selectors, const EnsembleOptions& options,
                      std::uint64_t seed, RunContext& ctx);

// A worker's entry for one task of run_ensemble's plan of kind "ubayfs.splits" (featrel/task_plan.hpp): the
// built-in selectors on a block of splits, rebuilt from the ensemble settings, selector names and seed in `shared`.
TaskPlan::Json run_plan_block(const Dataset& data, const TaskPlan::Json& shared, const TaskPlan::Json& task,
                              const RunContext& ctx);

// The sub-sample rows of split m (ascending), as run_ensemble draws them from `split_seed`
// (= rng::derive(seed, "split", m)). Exposed for tests and for reproducing a split.
std::vector<std::size_t> ensemble_subsample(const Dataset& data, double tt_split, bool compat_reference,
                                            std::uint64_t split_seed);

}  // namespace featrel::ubayfs
