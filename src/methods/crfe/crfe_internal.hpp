// Internals shared by the files of src/methods/crfe: the prepared split, the elimination path and the steps of
// one run. Each .cpp owns one concern (split preparation, β, stopping, elimination, RFECV, conformal evaluation,
// repeats, JSON); crfe_run.cpp strings them together.
#pragma once

#include <Eigen/Dense>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "featrel/crfe.hpp"
#include "featrel/dataset.hpp"
#include "featrel/run_context.hpp"

namespace featrel::crfe::detail {

// One split, standardised, with everything the path and the evaluation read (split.cpp).
struct Prepared {
  std::size_t n_classes = 0;
  std::size_t p = 0;
  Rows rows;
  std::vector<bool> constant;       // constant on the training rows
  std::vector<std::size_t> active;  // columns in the loop, ascending
  Eigen::MatrixXd Z_train;          // training rows × every column, standardised (or raw)
  std::vector<int> y_train;
  ClassSums sums;                 // over the β rows, every column (crfe)
  Eigen::MatrixXd Z_cal, Z_test;  // calibration and test rows × every column
  std::vector<int> y_cal, y_test;
  std::vector<std::string> warnings;
  double seconds = 0.0;
};

// Splits (random with split_seed, or the fixed roles), standardises with the training rows, flags training-
// constant columns and computes the β sums. InputError for a class with no training rows, a class with no
// calibration rows while there are test rows, or no β rows.
Prepared prepare_split(const Dataset& data, const Options& o, std::optional<std::uint64_t> split_seed);

// What one elimination path needs: the training matrix (rows × every column), labels, the columns it starts from.
struct PathInput {
  const Eigen::MatrixXd* X = nullptr;
  const std::vector<int>* y = nullptr;
  std::size_t n_classes = 0;
  std::vector<std::size_t> start;   // F_0, ascending
  const ClassSums* sums = nullptr;  // crfe's β sums (null for RFE)
};

struct PathSettings {
  Method method = Method::crfe;
  LinearSvmOptions svm;
  bool warm_start = true;
  double lambda = 0.5;
  std::size_t step = 1;
  double step_fraction = 0.0;
  std::size_t min_features = 1;
  std::size_t fixed_k = 0;       // never step below k before reaching it (0 = none)
  std::optional<StopRule> rule;  // crfe's β rule (null: no rule)
  bool truncate = false;         // stop the loop at the stop point (fixed k or the rule)
  bool keep_betas = false;
  bool row_gram = true;  // at width, keep X̃X̃ᵀ across steps for the Newton solver (false: the plain path, for tests)
  // Which steps' models (w, b) the path keeps. All of them by default; with keep_all_models false only those
  // model_for can need for a subset of a size in model_sizes (the step of that size, or the last step holding
  // such a subset, which warm-starts its refit), the β rule's selection and the last step. At p = 20,000 with
  // step 1 all models are p²/2 doubles, 1.6 GB.
  bool keep_all_models = true;
  std::vector<std::size_t> model_sizes;
  // Called with each step, its columns and its model before the model may be dropped (RFECV scores every step).
  std::function<void(std::size_t, const std::vector<std::size_t>&, const Eigen::MatrixXd&)> on_step;
};

// The fitted path.
struct Path {
  std::vector<Step> steps;
  std::vector<std::size_t> start;                   // F_0, ascending
  std::vector<std::size_t> sizes;                   // |F_t| per step
  std::vector<Eigen::MatrixXd> models;              // per step: K' × (|F_t| + 1) rows (w, b); empty if not kept
  std::vector<BetaSnapshot> betas;                  // keep_betas
  std::vector<std::size_t> survivors;               // F at the end, ascending
  std::vector<std::size_t> removed;                 // loop removals, first removed first
  std::vector<std::optional<double>> initial;       // per column: score at step 0
  std::vector<std::optional<double>> last;          // per column: score at removal (survivors: the last one)
  std::vector<std::optional<std::size_t>> step_of;  // per column: removal step
  bool fired = false;
  std::optional<std::size_t> stop_step;
  std::size_t stop_size = 0;  // |selected| implied by the rule's firing
  std::size_t n_fits = 0;
  long iterations = 0;
  double seconds_fit = 0.0, seconds_beta = 0.0;
  std::vector<std::string> warnings;

  std::size_t n_steps() const { return sizes.size(); }
  // Step t's model; a std::logic_error if PathSettings did not keep it (a caller asked for a size it did not name).
  const Eigen::MatrixXd& model_at(std::size_t t) const;
  // F_t, ascending: F_0 without the columns removed before step t. Steps keep no copy of their own: at p = 20,000
  // with step 1 that would be p²/2 indices.
  std::vector<std::size_t> features_at(std::size_t t) const;
};

// Runs the elimination loop of docs/crfe.md#recursive-elimination on one training matrix (elimination.cpp). inner: the context for the
// OvA fits (threads; no progress). progress: reports "stage" per step when non-null.
Path eliminate(const PathInput& in, PathSettings settings, std::size_t p_total, const RunContext& inner,
               const RunContext* progress, const std::string& stage);

// Survivors (by last score: β ascending, importance descending; ties to the lower index), then loop removals in
// reverse order, then `tail` (constant columns left out of the loop, ascending).
std::vector<std::size_t> ranking_of(const Path& path, Method method, const std::vector<std::size_t>& tail);

// A model on the training rows restricted to `subset` (ascending): the path's model when a step had exactly
// that set, otherwise one extra fit warm-started from the nearest larger step (counted in path.n_fits).
Model model_for(const PathInput& in, Path& path, const std::vector<std::size_t>& subset, const PathSettings& s,
                const RunContext& inner);

// RFECV (rfe --stop cv, docs/crfe.md#rfe-and-rfecv): the size with the best mean held-out accuracy over stratified folds of
// the training rows (ties to the smaller size). rfe_cv.cpp.
CvScores cross_validate_size(const Prepared& prep, const PathSettings& s, std::size_t folds, std::uint64_t seed,
                             const RunContext& inner);

// The conformal evaluation of one subset (evaluation.cpp).
SubsetEvaluation evaluate_subset(const Prepared& prep, const Model& model, const std::string& label, const Options& o,
                                 std::uint64_t seed);

// The evaluation of a finished run (evaluation.cpp): "all" (the starting columns), "selected" (run.model), then
// every path size with --sweep and the sizes of eval_sizes, largest first, each the ranking's prefix of that size.
Evaluation evaluate_run(const Prepared& prep, const PathInput& in, Path& path, const PathSettings& s, const Run& run,
                        const Options& o, std::uint64_t seed, const RunContext& inner);

// Accuracy of the model's OvA argmax (K = 2: sign) on rows X (every column) with labels y.
double svm_accuracy(const Model& model, const Eigen::MatrixXd& X, const std::vector<int>& y);

// One split's complete result (crfe_run.cpp).
Run run_split(const Dataset& data, const Prepared& prep, const Options& o, Method method, std::uint64_t seed,
              const RunContext& inner, const RunContext* progress);

// Consensus, stability and similarity over the runs (repeats.cpp).
void combine_runs(Result& r, std::size_t p);

// Column indices → an Eigen index list.
std::vector<Eigen::Index> as_index(const std::vector<std::size_t>& v);

}  // namespace featrel::crfe::detail
