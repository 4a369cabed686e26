// UBayFS, user-guided Bayesian ensemble feature selection (specs/ubayfs.md; paper: Jenul et al.): which feature
// set does an ensemble of selectors support, given an expert's prior weights and constraints?
//
// The ensemble's selection counts y are a multinomial likelihood; with a Dirichlet prior α the posterior mean is
// θ̂ = (α + y)/Σ(α + y). The optimum maximises the R package's objective F(δ) = ln(θ̂ᵀδ + λ·adm(δ)), where adm
// multiplies one relaxed factor per constraint row (featrel/ubayfs_constraints.hpp). optimise() does this from
// counts alone (the `--counts` path: counts from another tool or the R package); run() first trains the ensemble
// (featrel/ubayfs_ensemble.hpp) on a Dataset. The optimisers: `topk` (exact when only max-size rows exist),
// `enumerate` (Gray code, exact, N ≤ 30), `exact` (branch and bound), `ga` (the reference's genetic algorithm, then
// flip/swap polish and the plateau of ties) and `mh` (the paper's Metropolis–Hastings sampler, reporting posterior
// inclusion frequencies). Every tied optimum is returned, with how it was found and whether it is proven optimal.
// Results are identical for any thread count: every random stream comes from rng::derive(seed, tag, index).
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/report.hpp"
#include "featrel/run_context.hpp"
#include "featrel/selectors.hpp"
#include "featrel/stability.hpp"
#include "featrel/ubayfs_constraints.hpp"

namespace featrel::ubayfs {

enum class AdmissibilityMode { reference, paper };
enum class OptimizerKind { automatic, topk, enumerate, exact, ga, mh };
enum class InitRule { dropout, ratio };
enum class Correlation { spearman, pearson, kendall };
enum class StabilityRows { all_ties, first };

std::string to_string(AdmissibilityMode v);
std::string to_string(OptimizerKind v);
std::string to_string(InitRule v);
std::string to_string(Correlation v);
std::string to_string(StabilityRows v);
// The command-line words; InputError naming the option and the accepted words otherwise.
AdmissibilityMode parse_admissibility(std::string_view word);
OptimizerKind parse_optimizer(std::string_view word);
InitRule parse_init_rule(std::string_view word);
Correlation parse_correlation(std::string_view word);
StabilityRows parse_stability_rows(std::string_view word);

// specs/ubayfs.md §5 with the renames of specs/README.md §2.2.
struct Options {
  // Ensemble (§3.1; run() only)
  std::size_t ensemble_size = 100;
  double tt_split = 0.75;
  std::optional<int> nr_features;  // nullopt = "auto"
  std::vector<std::string> selectors{"mrmr"};
  selectors::ClassRelevance mrmr_relevance = selectors::ClassRelevance::automatic;
  double laplacian_t = 1.0;
  // Prior (§3.3)
  std::vector<double> weights;                                // empty = 1; one value recycled; or one per feature
  std::vector<std::pair<std::string, double>> block_weights;  // per named block, α = Bᵀw
  // Blocks and constraints (§3.4)
  std::vector<BlockSpec> blocks;
  std::vector<ConstraintSpec> constraints;
  std::vector<GroupSpec> groups;
  std::optional<double> decorrelate;  // level of the decorrelation rows
  // Objective (§3.5, §3.6)
  double lambda = 1.0;
  AdmissibilityMode admissibility = AdmissibilityMode::reference;
  double epsilon = 0.5;
  bool rho_scaling = true;
  // Optimisers (§3.7)
  OptimizerKind optimizer = OptimizerKind::automatic;
  int pop_size = 50;
  int max_iter = 100;
  InitRule init_rule = InitRule::dropout;
  bool polish = true;
  int enumerate_max_n = 20;
  double node_budget = 1e7;
  std::size_t max_ties = 1000;
  int mh_chains = 100;
  int mh_steps = 100;
  double mh_eta = 0.01;
  // Reporting (§3.8, §3.9)
  Correlation correlation = Correlation::spearman;
  std::size_t repeats = 1;
  double test_fraction = 0.25;
  double stability_alpha = 0.05;
  StabilityRows stability_rows = StabilityRows::all_ties;
  bool keep_ensemble = false;
  // `--compat reference`: R scoring of hard rows, GA only, no polish, no extra seed, no plateau (and the
  // ensemble's reference sub-sampling rules).
  bool compat_reference = false;
};

// InputError for every bad option of spec §7 that can be checked without data (λ ≤ 0, pop_size < 10 with ga, ...).
void validate(const Options& options);
// The options echo of the result JSON.
report::Json options_json(const Options& options);

// ---- the optimisation problem -----------------------------------------------------------------------------------

// Counts, prior and resolved constraints: everything the objective needs.
struct Problem {
  std::vector<std::string> feature_names;
  std::vector<double> counts;  // y_j
  std::vector<double> prior;   // α_j > 0
  std::vector<Group> groups;
  double lambda = 1.0;
  AdmissibilityMode admissibility = AdmissibilityMode::reference;
  double epsilon = 0.5;
  bool rho_scaling = true;
  bool reference_scoring = false;  // R: a set violating a hard row scores ln θ̂ᵀδ instead of −∞
  std::size_t n_features() const { return counts.size(); }
};

// The §3.8 evaluation of one set.
struct SetEvaluation {
  std::vector<std::size_t> features;  // ascending
  double log_objective = 0;           // F
  double total_utility = 0;           // e^F − λ = θ̂ᵀδ − λ(1 − adm)
  double log_total_utility = 0;       // NaN when total_utility ≤ 0
  double posterior_feature_utility = 0;  // θ̂ᵀδ
  double admissibility = 0;
  double log_admissibility = 0;
  std::vector<std::size_t> violated_rows;  // global row numbers (constraints[] order), u > b
  double avg_abs_correlation = 0;          // NaN for |δ| < 2 or without data
  std::optional<double> mh_frequency;      // MH: share of recorded states
};

// Evaluates one set exactly (θ̂ᵀδ summed over the sorted α°; correlations from `data` when given).
SetEvaluation evaluate_set(const Problem& problem, const std::vector<std::size_t>& features,
                           const Eigen::MatrixXd* data = nullptr, Correlation correlation = Correlation::spearman);
// The objective F alone (−∞ for a set violating a hard row outside reference scoring).
double log_objective(const Problem& problem, const std::vector<std::size_t>& features);
// The MH target ln π(δ) of §3.7.6 (paper admissibility, η).
double mh_log_target(const Problem& problem, const std::vector<std::size_t>& features, double eta);

struct GaReport {
  int pop_size = 0;
  int max_iter = 0;
  int elitism = 0;
  std::vector<double> best_per_generation;
  double polish_gain = 0;  // F after polish − best F of the GA
};

struct MhReport {
  int chains = 0;
  int steps = 0;
  double acceptance_rate = 0;
  std::size_t proposal_sample = 0;
  std::size_t distinct_states = 0;
  std::size_t map_count = 0;
};

struct OptimizerReport {
  std::string requested;
  std::string used;  // topk | enumerate | exact | ga | ga+polish | mh (| exact+ga+polish after a spent budget)
  bool proven_optimal = false;
  std::uint64_t objective_evaluations = 0;
  std::uint64_t nodes = 0;
  bool ties_truncated = false;
  std::optional<GaReport> ga;
  std::optional<MhReport> mh;
};

struct Optimum {
  std::vector<std::vector<std::size_t>> sets;  // sorted by F desc, then lexicographically
  std::vector<double> mh_inclusion;            // MH only: per feature
  std::vector<double> mh_frequency;            // MH only: per set
  OptimizerReport report;
  std::vector<std::string> warnings;
};

// Runs the requested optimiser on a problem (options supply the optimiser settings). InputError when the exact
// solvers prove the hard rows infeasible.
Optimum solve(const Problem& problem, const Options& options, const RunContext& ctx);

// ---- results ----------------------------------------------------------------------------------------------------

// What an optimisation starts from when there is no ensemble: counts per feature and the number of elementary
// models (rows) they come from, with an optional data matrix for correlations and decorrelation rows.
struct CountsInput {
  std::vector<std::string> feature_names;
  std::vector<double> counts;
  std::size_t n_models = 0;
  std::string source = "<memory>";
};

// Reads the `--counts` CSV: header `feature,count`, one row per feature, and the number of elementary models
// from a comment line `# n_models: M` (or `n_models` when given, which wins). InputError naming file and row.
CountsInput read_counts_csv(const std::string& path, std::optional<std::size_t> n_models = std::nullopt);
CountsInput parse_counts_csv(std::string_view text, const std::string& source,
                             std::optional<std::size_t> n_models = std::nullopt);

struct EnsembleSummary {
  std::size_t size = 0;  // M
  double tt_split = 0;
  std::optional<int> nr_features;
  std::vector<int> nr_features_per_split;
  std::vector<std::string> selectors;
  std::size_t rows_total = 0;
  std::size_t rows_failed = 0;
  struct Failure {
    std::size_t split = 0;
    std::string selector, message;
  };
  std::vector<Failure> failures;
  double total_selections = 0;
  std::vector<std::vector<std::size_t>> matrix;  // with keep_ensemble
  bool from_counts_file = false;
  std::string counts_source;
};

struct RunEvaluation {  // one outer split of --repeats
  std::vector<std::vector<std::size_t>> optima;
  double f1 = 0;  // logistic regression on optima[0], test part
};

struct StabilityReport {
  std::size_t runs = 0;
  std::size_t rows = 0;
  stability::StabilityResult indices;
  std::vector<RunEvaluation> per_run;
  double mean_f1 = 0;
};

struct Result {
  Options options;
  Problem problem;
  std::vector<bool> constant;  // constant in the whole data
  std::vector<double> posterior_alpha, posterior_mean;
  std::vector<Block> blocks;
  EnsembleSummary ensemble;
  std::vector<SetEvaluation> optima;
  std::vector<std::vector<double>> mutual_jaccard;
  std::vector<double> mh_inclusion;  // empty unless MH
  OptimizerReport optimizer;
  std::optional<StabilityReport> stability;
  std::vector<std::string> warnings;
  double seconds_ensemble = 0, seconds_optimize = 0, seconds_total = 0;
  unsigned threads = 1;
  // The header fields: from the Dataset, or (counts path) from the counts' names with task and samples null.
  std::optional<Task> task;
  std::vector<std::string> classes;
  std::size_t n_samples = 0;
  std::uint64_t seed = 0;

  // Share of the tied optima that contain feature j.
  double optimum_frequency(std::size_t j) const;
  // The result format of specs/README.md §3 with the fields of spec §2.
  report::Json to_json() const;
};

// The optimisation from counts (no ensemble). `data` (optional; the same feature names in the same order) gives
// the header fields (task, classes, samples), the constant flags and warnings, avg_abs_correlation and the
// decorrelation rows.
Result optimise(const CountsInput& counts, const Options& options, const RunContext& ctx,
                const Dataset* data = nullptr);

// The whole method on a Dataset: ensemble, optimisation and, with repeats ≥ 2, stability and F1 over outer splits.
Result run(const Dataset& data, const Options& options, const RunContext& ctx);

}  // namespace featrel::ubayfs
