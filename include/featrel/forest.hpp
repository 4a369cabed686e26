// The random forest shared by Boruta, SFC and pareto's `rf` (docs/boruta.md#the-random-forest): a depth-limited, bagged,
// column-subsampled forest of second-order-gain trees on pre-binned data, with total-gain importances and
// in-sample, out-of-bag and held-out scores.
//
// The workload is hundreds of small forests on the same matrix, each with a few extra "shadow" columns that are
// permutations of real ones. So the data are binned once (BinnedData: uint8 codes, column-major) and every fit
// reads a Design: a list of column views into those codes, where a permuted column is a per-design buffer of n
// codes gathered through a permutation (no re-binning, no float copies, no new data set). Two engines fit the same
// model behind one call, fit(): `native` (the default; a histogram forest written for this workload) and
// `xgboost` (the XGBoost C API in random-forest mode, kept for cross-checks). They agree statistically, not bit for
// bit, because their random streams differ. Every tree's randomness comes from rng::derive(fit_seed, t, 0|1), so a
// fit is a pure function of (design, target, params, seed) whatever the thread count.
//
// Pareto's needs are covered by the same types: bin the training rows, code the test rows with the same edges
// (bin_like), fit with keep_model, and predict a Design over the test codes with the same column layout (a permuted
// test column is add_permuted on the test design).
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

namespace featrel::forest {

// ---- binning (docs/boruta.md#the-random-forest item 1) ---------------------------------------------------------------------------------

// Codes of every column, quantised once. Column j has n_bins(j) ordered bins for finite values (codes
// 0..n_bins(j)−1) and one missing code, n_bins(j), for NaN; n_bins(j) ≤ max_bins ≤ 255, so a code fits a byte.
// Bin b holds the values x with edge[b−1] < x ≤ edge[b]; the last bin is open above.
class BinnedData {
 public:
  BinnedData() = default;

  std::size_t n_rows() const { return n_rows_; }
  std::size_t n_cols() const { return n_bins_.size(); }
  // n_rows() codes of column j.
  const std::uint8_t* column(std::size_t j) const { return codes_.data() + j * n_rows_; }
  // Bins of finite values (0 for an all-missing column); the missing code equals this number.
  int n_bins(std::size_t j) const { return n_bins_[j]; }
  int missing_code(std::size_t j) const { return n_bins_[j]; }
  bool has_missing(std::size_t j) const { return has_missing_[j] != 0; }
  // The n_bins(j) − 1 upper edges of the closed bins, ascending.
  const std::vector<double>& upper_edges(std::size_t j) const { return edges_[j]; }
  // The code a value gets in column j (NaN → missing code; values above the last edge → the last bin).
  std::uint8_t code(std::size_t j, double x) const;

 private:
  friend BinnedData bin(const Eigen::Ref<const Eigen::MatrixXd>& X, int max_bins);
  friend BinnedData bin_like(const BinnedData& reference, const Eigen::Ref<const Eigen::MatrixXd>& X);
  std::size_t n_rows_ = 0;
  std::vector<std::uint8_t> codes_;
  std::vector<int> n_bins_;
  std::vector<std::uint8_t> has_missing_;
  std::vector<std::vector<double>> edges_;
};

// Bins every column of X (docs/boruta.md#the-random-forest item 1): at most max_bins distinct finite values give one bin per value; otherwise
// the upper edges are the sorted finite values at positions ⌈b·n_f/max_bins⌉ − 1, b = 1..max_bins−1, equal edges
// merged. InputError for max_bins outside [2, 255] or an infinite value.
BinnedData bin(const Eigen::Ref<const Eigen::MatrixXd>& X, int max_bins = 255);
// Codes the rows of X with the edges of `reference` (test rows coded like the training rows). X must have the
// reference's column count.
BinnedData bin_like(const BinnedData& reference, const Eigen::Ref<const Eigen::MatrixXd>& X);

// ---- designs: the columns one fit sees -----------------------------------------------------------------------

// An ordered list of columns over one BinnedData: views of its columns as they are, and permuted columns whose
// codes are gathered into a buffer owned by the design (n bytes each). The BinnedData must outlive the design.
// A permuted column has exactly its source's bins, missing rate and cardinality (a shadow, docs/boruta.md#the-random-forest item 1).
class Design {
 public:
  explicit Design(const BinnedData& data) : data_(&data) {}
  Design(Design&&) noexcept = default;
  Design& operator=(Design&&) noexcept = default;
  Design(const Design&) = delete;
  Design& operator=(const Design&) = delete;

  // Appends data column j; returns its design position.
  std::size_t add(std::size_t j);
  // Appends data column j permuted: row i gets the code of row permutation[i]. permutation has n_rows entries.
  std::size_t add_permuted(std::size_t j, const std::vector<std::size_t>& permutation);
  // The same with the permutation rng::Rng(seed).permutation(n_rows) (Fisher–Yates, docs/architecture.md#seeds-and-random-streams).
  std::size_t add_permuted(std::size_t j, std::uint64_t seed);

  const BinnedData& data() const { return *data_; }
  std::size_t n_rows() const { return data_->n_rows(); }
  std::size_t n_cols() const { return cols_.size(); }
  const std::uint8_t* codes(std::size_t c) const { return cols_[c].codes; }
  std::size_t source(std::size_t c) const { return cols_[c].source; }
  bool permuted(std::size_t c) const { return cols_[c].permuted; }
  int n_bins(std::size_t c) const { return data_->n_bins(cols_[c].source); }
  bool has_missing(std::size_t c) const { return data_->has_missing(cols_[c].source); }

 private:
  struct Column {
    const std::uint8_t* codes;
    std::size_t source;
    bool permuted;
  };
  const BinnedData* data_;
  std::vector<Column> cols_;
  std::vector<std::vector<std::uint8_t>> owned_;  // permuted codes; each vector's buffer never moves
};

// ---- targets (docs/boruta.md#the-random-forest item 2) -----------------------------------------------------------------------------------

enum class Objective { binary, multiclass, regression };
std::string to_string(Objective objective);

// The target of every row of the designs it is used with.
class Target {
 public:
  // Class codes 0..n_classes−1; 2 classes give `binary`, more give `multiclass`. InputError for fewer than 2
  // classes, more than 65535, or a code out of range.
  static Target classification(std::vector<int> labels, std::size_t n_classes);
  // Real values (finite). InputError otherwise.
  static Target regression(std::vector<double> values);
  // From a Dataset: binary, multiclass or regression; an ordinal target is an InputError naming the choices.
  static Target of(const Dataset& data);

  Objective objective() const { return objective_; }
  std::size_t n_classes() const { return n_classes_; }  // 0 for regression
  std::size_t n_rows() const { return objective_ == Objective::regression ? values_.size() : labels_.size(); }
  // Margin columns a forest outputs: K for multiclass, 1 otherwise.
  std::size_t n_outputs() const { return objective_ == Objective::multiclass ? n_classes_ : 1; }
  const std::vector<int>& labels() const { return labels_; }
  const std::vector<double>& values() const { return values_; }
  // The constant per-row hessian h₀: ¼ binary, 2(1/K)(1−1/K) multiclass, 1 regression.
  double hessian() const;

 private:
  Objective objective_ = Objective::binary;
  std::size_t n_classes_ = 0;
  std::vector<int> labels_;
  std::vector<double> values_;
};

// ---- parameters ----------------------------------------------------------------------------------------------

enum class Engine { native, xgboost };
// Columns drawn once per tree (LightGBM feature_fraction) or afresh at each node (the classic RF "mtry").
enum class FeatureSampling { tree, node };

std::string to_string(Engine engine);
std::string to_string(FeatureSampling sampling);
// "native" | "xgboost"; "tree" | "node" (engine_words(), feature_sampling_words()). OptionError (an InputError)
// naming the key otherwise.
Engine parse_engine(std::string_view word);
FeatureSampling parse_feature_sampling(std::string_view word);

// How many of m candidate columns a tree (or node) draws: a fraction f ∈ (0, 1] → max(1, ⌊f·m + ½⌋), or `sqrt`
// → max(1, ⌊√m⌋) (docs/architecture.md#naming-rules: pareto's `sqrt`, boruta's `rf` preset).
struct ColumnFraction {
  enum class Kind { fraction, sqrt };
  Kind kind = Kind::fraction;
  double value = 1.0;  // the fraction (kind fraction)

  static ColumnFraction fraction(double f) { return {Kind::fraction, f}; }
  static ColumnFraction sqrt() { return {Kind::sqrt, 0.0}; }
  std::size_t count(std::size_t m) const;
  // "sqrt", or the fraction as a JSON number would print it.
  std::string to_string() const;
  bool operator==(const ColumnFraction&) const = default;
};
// "sqrt", "all" (= 1) or a number in (0, 1]. InputError naming `flag` otherwise.
ColumnFraction parse_column_fraction(std::string_view word, std::string_view flag = "--feature-fraction");

// k = max(1, ⌊f·m + ½⌋) (docs/boruta.md#the-random-forest item 3).
std::size_t column_count(double fraction, std::size_t m);
// The XGBoost colsample value that makes XGBoost draw exactly k of m columns: (k + ½)/m (it truncates
// colsample·m in float arithmetic, so 0.7·10 would give 6).
double xgboost_colsample(std::size_t k, std::size_t m);
// XGBoost's min_child_weight for min_leaf_rows rows of constant hessian h₀: (min_leaf − ½)·h₀. With a constant
// hessian this is a row minimum; the −½ absorbs rounding in XGBoost's float sums.
double xgboost_min_child_weight(Objective objective, std::size_t n_classes, std::size_t min_leaf_rows);

struct Params {
  std::size_t n_trees = 100;                  // T (multiclass: T rounds of K trees)
  int max_depth = 5;                          // 0 = unlimited
  ColumnFraction feature_fraction = ColumnFraction::fraction(0.1);
  FeatureSampling feature_sampling = FeatureSampling::tree;
  double row_fraction = 0.632;                // ⌊row_fraction·n⌋ rows per tree, without replacement
  std::size_t min_leaf_rows = 20;             // sampled rows each child must keep
  double lambda = 0.0;                        // L2 on leaf values (λ = 0: the spec's model)
  Engine engine = Engine::native;
};

// InputError naming the option (with `prefix` before the flag names, e.g. "boruta-" or "rf-") for n_trees < 1,
// max_depth < 0, fractions outside (0, 1], lambda < 0 or min_leaf_rows < 1.
void validate(const Params& params, std::string_view flag_prefix = "");

// ---- the forest option set -----------------------------------------------------------------------------------

// The words of the forest's enums, used by the option tables and by to_string / parse_engine /
// parse_feature_sampling.
const options::Choices<Engine>& engine_words();
const options::Choices<FeatureSampling>& feature_sampling_words();

// The shape of a forest every method with a random forest sets the same way (keys max_depth, row_fraction,
// min_leaf, max_bins, engine). A method nests it in its options (`forest::ForestShape forest;`) and includes
// shape_option_table() in its own table over that member; the method's default member initialiser may change a
// default. Tree counts and column draws are the method's own options.
struct ForestShape {
  int max_depth = 5;            // 0 = unlimited
  double row_fraction = 0.632;  // ⌊row_fraction·n⌋ rows per tree, without replacement
  // Sampled rows each child of a split keeps at least (Params::min_leaf_rows); nullopt = auto (resolve_min_leaf).
  std::optional<std::size_t> min_leaf;
  int max_bins = 255;           // histogram bins per feature (bin())
  Engine engine = Engine::native;
};
const options::Table<ForestShape>& shape_option_table();

// Rows per leaf under `min_leaf auto`: the references' value (LightGBM's min_child_samples).
inline constexpr std::size_t kDefaultMinLeaf = 20;

// The smallest leaf `leaves_per_tree` asks for: leaves of 1-4 rows let the gain forest confirm noise.
inline constexpr std::size_t kSmallestSharedLeaf = 5;

// The rows per leaf a forest trained on n_train rows uses (docs/boruta.md#the-random-forest item 3): the given
// min_leaf; under auto kDefaultMinLeaf, unless a tree's ⌊row_fraction·n_train⌋ sampled rows cannot hold two such
// leaves (small cohorts): then a quarter of them, at least 1, so that a tree can still split twice along a path.
// leaves_per_tree > 0 (SFC) lowers auto further so that a tree's sampled rows hold that many leaves, down to
// kSmallestSharedLeaf rows: with 20 rows per leaf a tree on 94 sampled rows has at most 4 leaves and cannot show
// the loss of one feature among several that act together.
// `adapted` is set when the small-cohort rule applied; `note` then says what was adapted and why, for a warning.
struct LeafSize {
  std::size_t rows = kDefaultMinLeaf;
  bool adapted = false;
  std::string note;
};
LeafSize resolve_min_leaf(const ForestShape& shape, std::size_t n_train, std::size_t leaves_per_tree = 0);

// ---- fitted model --------------------------------------------------------------------------------------------

// A split node sends codes ≤ bin left and the missing code to the side missing_left says; a leaf (left < 0) adds
// `value` to its output's margin (the leaf value −G/(H+λ) divided by T, so margins are sums over trees).
struct Node {
  std::int32_t left = -1, right = -1;
  std::uint32_t column = 0;  // design position
  std::uint8_t bin = 0;
  std::uint8_t missing = 0;  // the column's missing code
  bool missing_left = true;
  double value = 0.0;
};

struct Tree {
  std::vector<Node> nodes;  // nodes[0] is the root
  std::uint32_t output = 0; // margin column (class for multiclass)
  // The value of the leaf that row i of the design reaches.
  double leaf_value(const Design& design, std::size_t row) const;
};

// A fitted forest, kept when FitRequest::keep_model is set.
struct Model {
  Objective objective = Objective::binary;
  std::size_t n_outputs = 1;
  std::vector<double> base;  // per output
  std::vector<Tree> trees;   // round-major, output-minor
  std::size_t n_rounds = 0;
  // margin(x) = base + Σ_t value_t(x), for every row of a design with the training design's column layout
  // (n_rows × n_outputs).
  Eigen::MatrixXd margins(const Design& design) const;
};

// ---- fitting -------------------------------------------------------------------------------------------------

struct FitRequest {
  std::vector<std::size_t> rows;  // training rows of the design, ascending; empty = all rows
  bool margins = false;           // margins of every design row (in-sample and held-out scores)
  bool oob = false;               // out-of-bag margins (native engine only)
  bool keep_model = false;        // keep the trees (Model) for predicting other designs
  // Only this design column's importance is wanted (SFC's shadow nulls): with per-tree column sampling a tree
  // that does not draw it is not grown, as its gain for the column is 0. That importance is the same to the bit;
  // the other columns' are then partial. Needs margins, oob and keep_model off.
  std::optional<std::size_t> importance_of;
  // Trees are grown in fixed blocks of consecutive rounds, reduced in block order, so the result does not depend
  // on this. Use 1 inside a parallel task (pools are never nested).
  unsigned threads = 1;
};

struct FitResult {
  std::vector<double> importance;   // total gain per design column (all trees and classes, not normalised)
  Eigen::MatrixXd margins;          // n_rows × n_outputs when requested, else empty
  // Out-of-bag: margin of each row over the trees that did not sample it (NaN where every tree did), and how many
  // trees that was. Empty unless requested.
  Eigen::MatrixXd oob_margins;
  std::vector<std::uint32_t> oob_counts;
  std::optional<Model> model;
  std::size_t n_trees = 0;          // trees grown (rounds × outputs)
};

// Fits a forest of `params.n_trees` rounds on the design's training rows with the given seed: tree t draws its
// rows from rng::derive(seed, t, 0) and its columns from rng::derive(seed, t, 1) (the K class trees of a round
// share both), docs/boruta.md#the-random-forest items 3 and 7. InputError for a design without columns, a target whose row count differs,
// too few training rows, or `oob` with the xgboost engine; SolverError when XGBoost reports an error.
FitResult fit(const Design& design, const Target& target, const Params& params, std::uint64_t seed,
              const FitRequest& request = {});

// SFC's shadow nulls: the importance of the last column of each design, where the designs share every other column
// (the same codes) and only the last differs. Entry s equals, to the bit,
//   fit(*designs[s], target, params, seed, {rows, importance_of = last}).importance.back().
// With the native engine and per-tree column sampling the trees are shared: tree t is grown once without the last
// column, and again for a design only if its last column would win a split somewhere in it (then the shared tree
// is not that design's tree); otherwise the fits run one by one. InputError for designs that differ elsewhere, and
// for a request asking for margins, out-of-bag scores, a model or importance_of.
std::vector<double> last_column_importances(const std::vector<const Design*>& designs, const Target& target,
                                            const Params& params, std::uint64_t seed, const FitRequest& request = {});

// ---- boosting (docs/boruta.md#the-boosted-importance-model) ------------------------------------------------------

// Gradient boosting over the forest's trees, for SFC's minimal-set stage: an additive model finds a signal spread
// thinly over several features that a forest of a few leaves per tree cannot (paper 002's published linear table
// came from a boosted model). The loss is the log loss (binary, softmax for multiclass) or the squared error
// (regression), with the forest's constant hessian h₀ (Target::hessian). Round r fits one tree per output to the
// negative gradients of the training rows (y − p, or y − F), on every training row and every column, with
// `tree`'s depth, rows per leaf, λ and engine, seed derive(seed, r, k); F grows by learning_rate times the tree's
// output over h₀ (with λ = 0 the leaf's Newton step). F starts at the best constant: mean, log-odds or log class
// frequencies. Margins: F (binary class 1 iff F > 0). Importance: the trees' total gain per column.
struct BoostParams {
  std::size_t rounds = 100;    // trees per output
  double learning_rate = 0.1;  // in (0, 1]
};

// InputError for rounds < 1, a learning rate outside (0, 1], or a request for out-of-bag scores or a model (none
// exist: every round trains on every row); the rest as fit().
FitResult fit_boosted(const Design& design, const Target& target, const Params& tree, const BoostParams& boost,
                      std::uint64_t seed, const FitRequest& request = {});

// ---- predictions and scores (docs/boruta.md#the-random-forest items 4 and 6) ---------------------------------------------------------------

// Binary: class 1 iff margin > 0; multiclass: the argmax (ties to the lower class); regression: not defined here.
std::vector<int> predict_classes(const Eigen::MatrixXd& margins, Objective objective);

enum class Metric { automatic, accuracy, r2, mae };
std::string to_string(Metric metric);
// Accuracy for classification and R² for regression under `automatic`; `mae` is −mean|y − ŷ| (higher is better).
// Computed over `rows` (empty = all rows); rows whose margin is NaN (no out-of-bag tree) are skipped. InputError
// for a metric that does not fit the objective or when no row is left.
double score(const Eigen::MatrixXd& margins, const Target& target, const std::vector<std::size_t>& rows = {},
             Metric metric = Metric::automatic);

}  // namespace featrel::forest
