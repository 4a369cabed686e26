// UBayFS, user-guided Bayesian ensemble feature selection (docs/ubayfs.md#algorithm; paper: Jenul et al.): which feature
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
#include <utility>
#include <variant>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/option_table.hpp"
#include "featrel/report.hpp"
#include "featrel/run_context.hpp"
#include "featrel/selectors.hpp"
#include "featrel/stability.hpp"
#include "featrel/ubayfs_constraints.hpp"

namespace featrel {
struct MethodSpec;
}

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
// The command-line words; OptionError naming the option and the accepted words otherwise.
AdmissibilityMode parse_admissibility(std::string_view word);
OptimizerKind parse_optimizer(std::string_view word);
InitRule parse_init_rule(std::string_view word);
Correlation parse_correlation(std::string_view word);
StabilityRows parse_stability_rows(std::string_view word);

// Prior weights as given (docs/ubayfs.md#prior-and-posterior): numbers (empty = 1 for every feature, one value
// recycled, or one per feature), or the path of a file with one weight per line or `feature,weight` rows, which
// the run reads against the feature names (`--weights LIST|FILE`).
using Weights = std::variant<std::vector<double>, std::string>;

// docs/ubayfs.md#parameters with the renames of docs/architecture.md#naming-rules. The member initialisers are the
// only place a default is written: the option table, --help and the ensemble's settings (ensemble_options() in
// featrel/ubayfs_ensemble.hpp) read them from here.
struct Options {
  // Given counts (docs/ubayfs.md#--counts-optimising-given-counts): run() optimises them instead of training the
  // ensemble; the data, when given, serve the header, the correlations and `decorrelate`.
  std::string counts;                   // path of the counts CSV; empty = train the ensemble on the data
  std::optional<std::size_t> n_models;  // elementary models behind `counts`; unset = the file's '# n_models: M'
  // Ensemble (docs/ubayfs.md#ensemble-stage; run() only)
  std::size_t ensemble_size = 100;
  double tt_split = 0.75;
  std::optional<int> n_features_to_select;  // per elementary selection; nullopt = "auto" (1..p_m per split)
  std::vector<std::string> selectors{"mrmr"};
  selectors::ClassRelevance mrmr_relevance = selectors::Options{}.mrmr_relevance;  // the selectors' defaults
  double laplacian_t = selectors::Options{}.laplacian_t;
  // Prior (docs/ubayfs.md#prior-and-posterior)
  Weights weights;
  std::vector<std::pair<std::string, double>> block_weights;  // per named block, α = Bᵀw
  // Blocks and constraints (docs/ubayfs.md#constraint-groups). Files are read when the run starts. Blocks come in
  // the order blocks_file, `blocks`, constraints_file; constraint rows in the order of the command-line lists
  // below (max_size ... block_cannot_link), then `constraints`, then constraints_file's.
  std::string blocks_file;               // CSV `feature,block`
  std::vector<BlockSpec> blocks;         // --block NAME=F1,F2,...
  std::string constraints_file;          // JSON: blocks, constraints and groups (--constraints)
  std::vector<ConstraintSpec> max_size, must_link, cannot_link, linear;     // the flags' rows, feature level
  std::vector<ConstraintSpec> block_max_size, block_must_link, block_cannot_link;  // ... and block level
  std::vector<ConstraintSpec> constraints;  // rows of any kind and level (C++ API)
  std::vector<GroupSpec> groups;            // general groups (C++ API)
  std::optional<double> decorrelate;  // level of the decorrelation rows
  // Objective (docs/ubayfs.md#admissibility, docs/ubayfs.md#objective-and-ties)
  double lambda = 1.0;
  AdmissibilityMode admissibility = AdmissibilityMode::reference;
  double epsilon = 0.5;
  bool rho_scaling = true;
  // Optimisers (docs/ubayfs.md#optimisers)
  OptimizerKind optimizer = OptimizerKind::automatic;
  int pop_size = 50;
  int generations = 100;  // GA generations (R GA's maxiter)
  InitRule init_rule = InitRule::dropout;
  bool polish = true;
  int enumerate_max_n = 20;
  double node_budget = 1e7;
  std::size_t max_ties = 1000;
  int mh_chains = 100;
  int mh_steps = 100;
  double mh_eta = 0.01;
  // Reporting (docs/ubayfs.md#set-evaluation, docs/ubayfs.md#repeats-and-stability)
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

// The option table (keys, flags, ranges, help); the flags' grammars (S[@RHO], F1,F2,..[@RHO], NAME=W, LIST|FILE)
// are parsed by the functions of featrel/ubayfs_constraints.hpp.
const options::Table<Options>& option_table();
// option_table().check(o) plus the checks that involve several options (repeats with counts, MH draws);
// OptionError naming the key.
void validate(const Options& options);
// The options a run uses: under compat reference no polish.
Options effective_options(const Options& options);
// The options echo of the result JSON: option_table().to_json(effective_options(o)).
report::Json options_json(const Options& options);
// The blocks, constraint rows, groups and weights of `options` with the files read and the command-line lists
// merged (in the orders above): blocks, constraints and groups hold everything, weights are numbers, and the
// file and flag members are empty. `feature_names` resolve a weights file with names.
Options resolve_inputs(const Options& options, const std::vector<std::string>& feature_names);

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

// The docs/ubayfs.md#set-evaluation evaluation of one set.
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
// The MH target ln π(δ) of docs/ubayfs.md#mh-sampler (paper admissibility, η).
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

// The `--counts` file is read by read_counts_csv (featrel/ubayfs_inputs.hpp).

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
  // The result format of docs/result-format.md#writing-rules with the fields of docs/ubayfs.md#inputs-and-outputs.
  report::Json to_json() const;
};

// The optimisation from counts (no ensemble). `data` (optional; the same feature names in the same order) gives
// the header fields (task, classes, samples), the constant flags and warnings, avg_abs_correlation and the
// decorrelation rows.
Result optimise(const CountsInput& counts, const Options& options, const RunContext& ctx,
                const Dataset* data = nullptr);

// The whole method on a Dataset: ensemble, optimisation and, with repeats ≥ 2, stability and F1 over outer splits.
// With options.counts set: optimise(read_counts_csv(counts, n_models), ...) instead, with `data` when it has
// columns (a Dataset without columns stands for no data).
Result run(const Dataset& data, const Options& options, const RunContext& ctx);

// The per-feature table (count, α, θ̂, share of the optima) in column order ("index") or by decreasing θ̂
// ("theta") or count ("count"), one line per optimum and the optimiser's and stability's summary lines.
// max_rows: the feature table folded there (report::TextTable::fold); 0 = every row.
std::string text_report(const Result& result, const Dataset& data, std::string_view sort = "index",
                        std::size_t max_rows = 0);

// The registry entry of `featrel ubayfs` (DATA.csv, or --counts FILE without data).
MethodSpec method_spec();

}  // namespace featrel::ubayfs
