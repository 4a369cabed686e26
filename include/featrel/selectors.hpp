// The elementary feature selectors of UBayFS (docs/selectors.md#algorithm), usable on their own: which n features does
// each criterion pick?
//   mrmr      — mRMRe's classic minimum-redundancy maximum-relevance greedy: relevance to the target minus the
//               mean redundancy with the features already picked, both as Gaussian "mutual information"
//               MI(r) = −½·ln(1 − r²) of a correlation-like r (Somers' D, η² or Pearson against the target,
//               Pearson between features).
//   fisher    — Rdimtools do.fscore: between-class over within-class spread per feature, largest first.
//   laplacian — Rdimtools do.lscore: how well a feature respects the k-nearest-neighbour graph of the rows
//               (unsupervised), smallest first.
// Each selector takes an already z-scored matrix Z (rows = samples, no constant columns) and returns column
// indices of Z in pick order with their scores. prepare_matrix() builds Z from a Dataset the way the UBayFS
// ensemble does (constant columns dropped, z-score with the sample SD); rank() runs one selector on a whole
// Dataset for the `featrel mrmr|fisher|laplacian` commands and Result::to_json() writes its result
// (docs/result-format.md#writing-rules). All three are deterministic: no random numbers, ties go to the lower column index.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/option_table.hpp"
#include "featrel/report.hpp"
#include "featrel/run_context.hpp"

namespace featrel {
struct MethodSpec;
}

namespace featrel::selectors {

// The target of a (sub-)sample. Classification and ordinal: labels are codes 0..n_classes-1 in level order and y
// holds them as doubles; regression: labels empty, n_classes 0, y the values.
struct Target {
  Task task;
  std::vector<int> labels;
  std::size_t n_classes = 0;
  Eigen::VectorXd y;
  // Optional (an addition): for each column of Z, Z's row indices in ascending order of that column (ties in any
  // order). The ensemble derives it from one sort of the whole data set, so that mrmr's Somers' D needs no sort
  // per split; left empty, mrmr sorts. It must describe the Z passed alongside.
  std::vector<std::vector<int>> ascending_rows;
};

// selected: column indices of Z in pick order (best first); scores[i] belongs to selected[i].
// column_scores (an addition): the criterion for every column of Z — mrmr the relevance MI(f, y), fisher F_j,
// laplacian L_f (NaN where undefined).
struct Ranking {
  std::vector<int> selected;
  std::vector<double> scores;
  std::vector<double> column_scores;
};

// How mrmr measures relevance to a class target (docs/ubayfs.md#parameters `mrmr_class_relevance`). `automatic`: Somers' D for
// binary and ordinal targets, η² for multiclass. Regression always uses Pearson r.
enum class ClassRelevance { automatic, somers, eta };
std::string to_string(ClassRelevance v);
ClassRelevance parse_class_relevance(std::string_view word);  // auto | somers | eta; OptionError otherwise
// The words of ClassRelevance (auto, somers, eta), for the option tables of mrmr and ubayfs.
const options::Choices<ClassRelevance>& class_relevance_words();

// n is capped at Z.cols(); n < 1 or an empty Z is an InputError.
Ranking mrmr(const Eigen::MatrixXd& Z, const Target& y, int n);                 // mRMRe classic, docs/selectors.md#mrmr
Ranking mrmr(const Eigen::MatrixXd& Z, const Target& y, int n, ClassRelevance relevance);
Ranking fisher(const Eigen::MatrixXd& Z, const Target& y, int n);               // Rdimtools do.fscore
Ranking laplacian(const Eigen::MatrixXd& Z, int n, double t = 1.0);             // Rdimtools do.lscore

// ---- building blocks, exposed for tests ------------------------------------------------------------------------

// MI(r) = −½·ln(1 − r²) with |r| clamped to ≤ 1 − 1e−12.
double gaussian_mi(double r);
// mRMRe's Somers' D of x against ordered codes y (docs/selectors.md#mrmr): (C − D − T)/(C + D + T) over the ordered pairs with
// y_i ≠ y_j, T = pairs tied on x. O(n log n). 0 when there is no pair with different y.
double somers_d(const Eigen::Ref<const Eigen::VectorXd>& x, const std::vector<int>& codes, std::size_t n_classes);
// The same in O(n) from x's row indices in ascending order of x (falls back to sorting when the size differs).
double somers_d(const Eigen::Ref<const Eigen::VectorXd>& x, const std::vector<int>& codes, std::size_t n_classes,
                const std::vector<int>& ascending);
// η² = SS_between / SS_total of x over the classes (0 when SS_total = 0).
double eta_squared(const Eigen::Ref<const Eigen::VectorXd>& x, const std::vector<int>& codes,
                   std::size_t n_classes);
// Pearson correlation (0 when either side has zero variance).
double pearson(const Eigen::Ref<const Eigen::VectorXd>& a, const Eigen::Ref<const Eigen::VectorXd>& b);

// The k-NN graph of laplacian(): k, the number of undirected links, and the unnormalised weights.
struct LaplacianGraph {
  std::size_t k = 0;
  std::size_t links = 0;
  Eigen::MatrixXd S;  // symmetric, S_ij = exp(−(d²_ij − d²_min)/t) on links, 0 elsewhere
};
LaplacianGraph laplacian_graph(const Eigen::MatrixXd& Z, double t = 1.0);

// ---- preparing a data set ------------------------------------------------------------------------------------

// Z for the given rows (empty = all rows): the columns that are not constant on these rows (population SD ≤
// 1e-12·max(1, |mean|), or fewer than 2 rows), z-scored with the rows' mean and sample SD (divisor n − 1).
// columns[i] is the Dataset column of Z's column i; y the rows' target.
struct Prepared {
  Eigen::MatrixXd Z;
  std::vector<int> columns;
  Target y;
};
Prepared prepare_matrix(const Dataset& data, const std::vector<std::size_t>& rows = {});
// Dataset rows in ascending order of each column (one sort per column), for prepare_matrix's fill of
// Target::ascending_rows: z-scoring is monotone, so the order carries over to every sub-sample.
std::vector<std::vector<std::uint32_t>> ascending_order(const Dataset& data);
Prepared prepare_matrix(const Dataset& data, const std::vector<std::size_t>& rows,
                        const std::vector<std::vector<std::uint32_t>>& ascending);
// The Dataset's whole target as a selectors::Target (rows empty = all rows, else those rows in order).
Target make_target(const Dataset& data, const std::vector<std::size_t>& rows = {});

// ---- one selector on a whole data set (the subcommands) -------------------------------------------------------

enum class Method { mrmr, fisher, laplacian };
std::string to_string(Method v);
Method parse_method(std::string_view word);  // mrmr | fisher | laplacian (laplace accepted); InputError otherwise

// The settings of one selector run. The defaults below are the only place they are written: the option tables,
// `featrel --help` and the UBayFS ensemble (ubayfs::Options) read them from here.
// Without `all` and without n_features_to_select: the top kAutoFeatures, or every feature when there are fewer.
inline constexpr int kAutoFeatures = 10;

struct Options {
  Method method = Method::mrmr;  // which selector (set by the command, not an option of the tables)
  // n; auto = 10, or every feature when there are fewer (was the CLI's default).
  std::optional<int> n_features_to_select;
  bool all = false;  // rank every feature (excludes n_features_to_select)
  ClassRelevance mrmr_relevance = ClassRelevance::automatic;  // mrmr
  double laplacian_t = 1.0;                                   // laplacian: heat-kernel width t > 0
  // mrmr, `compat reference`: mRMRe's Somers' D for every class target unless mrmr_relevance says otherwise.
  bool compat_reference = false;
};

// The option table of one command (mrmr, fisher, laplacian), all built by one builder: the subset size and
// `all` for all three, mrmr_relevance and compat for mrmr, laplacian_t for laplacian.
const options::Table<Options>& option_table(Method method);
// option_table(method).check(o) plus the cross-option check (all with n_features_to_select); OptionError naming
// the key.
void validate(const Options& options);
// validate(options) and the checks against the data: n_features_to_select at most the N features, fisher only
// on class targets. OptionError/InputError.
void validate(const Options& options, const Dataset& data);
// The options a run on `data` uses: n resolved (auto = min(10, N); null with all), and under compat reference an
// automatic mrmr relevance becomes somers.
Options effective_options(const Options& options, const Dataset& data);
// The `options` echo of the result: option_table(o.method).to_json(o).
report::Json options_json(const Options& options);

struct FeatureRank {
  std::size_t index = 0;      // Dataset column
  std::string name;
  std::optional<int> rank;    // 1 = best; nullopt when not among the n picked
  std::optional<double> pick_score;   // mrmr: mRMRe's score of the pick; fisher/laplacian: the criterion
  std::optional<double> criterion;    // column_scores of the column (null for constant columns or NaN)
  bool constant = false;
};

struct Result {
  Options options;  // the effective options (effective_options)
  Task task = Task::binary;
  std::vector<int> order;                 // picked Dataset columns, best first
  std::vector<FeatureRank> features;      // one per Dataset column, column order
  std::vector<std::string> warnings;
  double seconds = 0.0;
  std::uint64_t seed = 0;  // of the run context (the selectors draw no random numbers)
  unsigned threads = 1;

  // The shared result JSON (docs/result-format.md#writing-rules): method, header, features[] with rank/score/criterion,
  // selected (the top n), `ranking` (the pick order), diagnostics.
  report::Json to_json(const Dataset& data) const;
  report::Json to_json(const Dataset& data, std::uint64_t seed, unsigned threads) const;
};

// Prepares all rows (prepare_matrix) and runs the selector. Constant columns are never picked.
Result rank(const Dataset& data, const Options& options, const RunContext& ctx = {});

// The ranking as `featrel mrmr|fisher|laplacian` prints it: a header line, what the score means, then one row
// per pick (rank, feature, score; mrmr adds the relevance) in pick order (sort "rank") or column order ("index").
// The pick list is short by construction (-k, --all), so max_rows is not used.
std::string text_report(const Result& result, const Dataset& data, std::string_view sort = "rank",
                        std::size_t max_rows = 0);

// The `--svg` chart: one row per feature (picks first, in pick order, then the rest by the criterion), a bar of
// its criterion, blue when picked.
std::string chart_svg(const Result& result, const Dataset& data);

// The registry entry of one of the three commands.
MethodSpec method_spec(Method method);

}  // namespace featrel::selectors
