// featrel pareto: the most predictive and discriminant features of a binary classification problem and why
// (docs/pareto.md#algorithm; Bazin, Couceiro, Devignes, Napoli, ICCS 2021).
//
// run() trains several classifiers on held-out splits, measures the permutation impact of every feature on
// several confusion measures of every model, and hands the criteria × features matrix to analyse(): the Pareto
// front (features no other one beats on every criterion), its deeper layers, the inclusion-minimal criteria sets
// M(f) that keep each important feature on the front, their translation through the interpretation poset
// (Sensitivity ≤ Prediction ≤ Classification, …) into a formal context, and that context's concept lattice.
// analyse() also runs on an impact table the user brings (`featrel pareto --impacts FILE`). The Result carries
// everything the JSON, the text summary, the Graphviz DOT and the SVG of the lattice are written from.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "featrel/classifier.hpp"
#include "featrel/concept_lattice.hpp"
#include "featrel/dataset.hpp"
#include "featrel/option_table.hpp"
#include "featrel/task_plan.hpp"
#include "featrel/metrics.hpp"
#include "featrel/pareto_front.hpp"
#include "featrel/report.hpp"
#include "featrel/result_json.hpp"
#include "featrel/run_context.hpp"

namespace featrel {
struct MethodSpec;
}

namespace featrel::pareto {

enum class SplitMode { holdout, resubstitution };
enum class LatticeView { full, aoc };

// Steps 3.6–3.12: what analyse() needs besides the table.
struct AnalysisOptions {
  int depth = 1;                             // Pareto layers kept as important
  double tie_tolerance = 0.0;                // grid step for comparisons (0 = exact)
  std::size_t max_minimal_sets = 100000;     // cap of M(f) listed per feature
  std::optional<std::string> poset_file;     // custom poset (JSON); empty = built-in
  bool classifier_terms = false;             // add RF, NB, MLP, SVM, LR terms to interpretations
  LatticeView lattice_view = LatticeView::full;
};

// The whole pipeline.
// --prefilter auto's K: enough room for a few redundant groups and the strong features of an omics table, few enough
// for classifiers trained on 150 rows to beat chance.
inline constexpr std::size_t kAutoPrefilter = 50;

struct Options {
  std::string impacts;   // analyse this impact table (read_impact_table) instead of training
  std::string positive;  // positive class label; empty = the data set's code 1 (larger numeric label)
  std::vector<std::string> classifiers{"rf", "nb", "mlp", "svm"};
  std::vector<std::string> measures{"sensitivity", "specificity", "accuracy", "fscore"};
  std::size_t permutations = 100;
  double test_fraction = 0.25;
  bool stratify = true;
  bool shared_split = false;
  SplitMode split = SplitMode::holdout;
  std::vector<std::string> standardize{"logreg"};  // classifiers fed z-scored inputs
  // Features each classifier trains on (docs/pareto.md#wide-data-the-prefilter): the first K that mRMR picks on the
  // classifier's own training rows; the others' impacts are then exactly 0. nullopt = auto (kAutoPrefilter when
  // there are more features than training rows, else off); 0 = off.
  std::optional<std::size_t> prefilter;
  bool compat_reference = false;  // --compat reference: GEENAGE's settings (docs/pareto.md#departures-from-the-references item 3)
  classify::ClassifierOptions classifier;
  AnalysisOptions analysis;
  // Extra outputs of a run (not echoed): the lattice as Graphviz DOT, the criterion values as an impact table.
  std::string dot, impacts_out;
};

// The option tables: the analysis (also --impacts runs), the classifiers, and the whole pipeline.
const options::Table<AnalysisOptions>& analysis_option_table();
const options::Table<classify::ClassifierOptions>& classifier_option_table();
const options::Table<Options>& option_table();

// A worker's entry for one task of run()'s plan of kind "pareto.permutations" (featrel/task_plan.hpp): refits the
// task's classifier from the data, the options and the seed in `shared` and returns the permutation impacts of its
// block of features, as the local run computes them.
TaskPlan::Json run_plan_block(const Dataset& data, const TaskPlan::Json& shared, const TaskPlan::Json& task,
                              const RunContext& ctx);

// pareto's entry in the method registry.
MethodSpec method_spec();

// InputError (message starting "pareto: ") for any invalid option: unknown or duplicate classifier or measure
// keys (listing the valid ones), k < 1, test_fraction outside (0, 1), depth < 1, m > 128, depth > 1 with m > 20,
// tie_tolerance < 0, max_minimal_sets < 1, an unknown key in standardize (a known one that is not run is ignored:
// the default names logreg), and the classifiers' own options (classify::validate).
void validate(const Options& options);
void validate(const AnalysisOptions& options, std::size_t n_criteria);
// The options a run uses: under compat_reference GEENAGE's values (RF 50 trees with all features per split, MLP
// (10, 10) for 1000 epochs, SVM degree 4, 200 permutations, resubstitution).
Options effective_options(const Options& options);

// A criteria × features table of criterion values (lower = more important), as read by `--impacts`.
struct ImpactTable {
  std::vector<std::string> criteria;     // "model:measure"
  std::vector<std::string> classifiers;  // the model part
  std::vector<std::string> measures;     // the measure part (a key of docs/pareto.md#measures-and-terms or a term of the poset)
  std::vector<std::string> features;
  Eigen::MatrixXd values;                // criteria × features
};
// The `--impacts` file is read by read_impact_table (featrel/pareto_inputs.hpp); impact_table_csv writes the same
// format (values in shortest round-trip form).
std::string impact_table_csv(const ImpactTable& table);

struct ClassifierReport {
  std::string key;
  std::size_t n_train = 0, n_test = 0;
  bool standardized = false;
  // The data columns it was trained on, ascending, when a prefilter chose them (empty: every non-constant column).
  std::vector<std::size_t> features;
  std::vector<std::pair<std::string, double>> baseline;  // every measure of docs/pareto.md#measures-and-terms, Table I order
  metrics::Confusion confusion;
  bool degenerate = false;
  // Held-out split only: P(at least this many correct | always predicting the test set's majority class), an exact
  // one-sided binomial test. When no classifier reaches kBeatsMajorityLevel every impact is permutation noise.
  std::optional<double> p_vs_majority;
  double fit_seconds = 0, permute_seconds = 0;
};
inline constexpr double kBeatsMajorityLevel = 0.05;

struct Criterion {
  std::string id;          // c1, c2, …
  std::string classifier;  // key or free text (--impacts)
  std::string measure;
  std::string term;        // interpretation term of the measure
  int orientation = 1;
  std::optional<double> baseline;  // the classifier's unpermuted score (pipeline only)
  std::size_t undefined_events = 0;
};

inline constexpr std::size_t kMaxListedDominators = 100;

struct FeatureReport {
  std::string name;
  int layer = 0;  // 1 = the front; 0 = none: a constant column, left out of the analysis
  bool important = false;
  bool constant = false;
  // Features that dominate it on all criteria, ascending. A deep layer of a wide table is dominated by a large
  // share of all features (O(d²) names in all: 1.1 GB of JSON at 20,000), so at most kMaxListedDominators are
  // listed: those of the lowest layers (ties: lower index). n_dominated_by counts them all.
  std::vector<std::size_t> dominated_by;
  std::size_t n_dominated_by = 0;
  std::vector<CritSet> minimal_sets;              // important features only
  bool minimal_sets_truncated = false;
  std::vector<std::size_t> terms;                 // context row (poset term indices, declared order)
  std::vector<std::size_t> most_specific_terms;
  std::string reading;
  std::optional<std::size_t> object_concept;
};

struct Result {
  // The common result fields (dataset_header for the pipeline; built from the table for --impacts).
  report::ResultHeader header;
  std::string source;  // the data or impacts file
  std::optional<std::string> positive_class, negative_class;
  std::size_t n_samples = 0;  // 0 with --impacts
  std::vector<std::string> feature_names;
  std::vector<bool> constant;
  std::uint64_t seed = 0;
  bool from_impacts = false;
  Options options;  // resolved
  std::size_t prefilter = 0;  // the K each classifier trained on (--prefilter resolved); 0 = every feature

  std::vector<ClassifierReport> classifiers;  // empty with --impacts
  std::vector<Criterion> criteria;
  Eigen::MatrixXd impact, impact_sd;  // criteria × features (pipeline only; empty with --impacts)
  Eigen::MatrixXd oriented;           // criteria × features, lower = more important

  std::vector<std::size_t> front;
  std::vector<std::vector<std::size_t>> layers;
  std::vector<FeatureReport> features;

  TermPoset poset;
  FormalContext context;
  std::vector<std::size_t> context_objects;  // feature index per context object
  std::vector<std::size_t> context_terms;    // poset term index per context attribute
  Lattice lattice;

  std::vector<std::string> warnings;
  std::size_t tie_count = 0;
  std::vector<std::pair<std::string, double>> seconds;
  unsigned threads = 1;

  std::vector<std::size_t> important() const;
};

// The full pipeline on a data set (binary, or K > 2 classes with options.positive). Deterministic for a seed,
// whatever ctx.threads.
Result run(const Dataset& data, const Options& options, const RunContext& ctx);
// Steps 3.6–3.12 on a given table (values read as given: lower = more important).
Result analyse(const ImpactTable& table, const AnalysisOptions& options);

// The result JSON (docs/result-format.md#writing-rules + docs/pareto.md#inputs-and-outputs).
report::Json to_json(const Result& r);
// The text summary of docs/pareto.md#text-dot-and-svg-output; with max_rows > 0 the layers past the important ones
// are listed only while they name at most max_rows features in all.
std::string summary_text(const Result& r, std::size_t max_rows = 0);
// Graphviz DOT of the lattice (docs/pareto.md#text-dot-and-svg-output).
std::string lattice_dot(const Result& r);
// SVG of the lattice drawn by featrel (options.analysis.lattice_view decides full or AOC view).
std::string lattice_svg(const Result& r);
// The oriented impact matrix in the --impacts format.
std::string impacts_csv(const Result& r);

// The reading of a context row (docs/pareto.md#text-dot-and-svg-output): "predictive of the positive class", "discriminant", … joined by "; ".
std::string reading(const TermPoset& poset, const Bits& row);

}  // namespace featrel::pareto
