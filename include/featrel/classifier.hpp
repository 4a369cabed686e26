// The binary classifiers of the Pareto/FCA method (docs/pareto.md#classifiers) behind one interface: `rf` (the shared
// random forest), `nb` (Gaussian naive Bayes), `mlp` (a scikit-learn-style MLPClassifier on Eigen), `svm` (libsvm,
// polynomial kernel) and `logreg` (liblinear L2-regularised logistic regression).
//
// Pareto trains each classifier once on a training split and then predicts the test rows thousands of times, each
// time with one column permuted (docs/pareto.md#permutation-impact). So besides plain decisions a trained classifier offers a ColumnScorer
// (docs/pareto.md#performance "delta predictors"): it caches what depends on the whole test matrix once and then recomputes the decisions
// with one column replaced at a fraction of the cost (naive Bayes replaces one log-density term, logreg one
// product, the SVM a rank-1 update of the kernel's inner products, the MLP one rank-1 update of the first-layer
// pre-activations, the forest re-evaluates only the trees that split on that column). Its decisions equal the
// plain path's up to rounding, so the predicted labels agree except on rows with |decision| ≈ 0.
//
// Decisions are oriented: a row is predicted positive iff its decision is > 0 (ties and 0 → negative).
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "featrel/forest.hpp"

namespace featrel::classify {

// How the SVM's γ is chosen (docs/pareto.md#parameters `svm_gamma`): scikit-learn's 'scale' (1/(d·Var(all entries of X_train)),
// Var 0 → 1), 'auto' (1/d), or a given value.
struct SvmGamma {
  enum class Kind { scale, automatic, value };
  Kind kind = Kind::scale;
  double value = 0.0;  // kind value: γ > 0

  static SvmGamma scale() { return {Kind::scale, 0.0}; }
  static SvmGamma automatic() { return {Kind::automatic, 0.0}; }
  static SvmGamma fixed(double gamma) { return {Kind::value, gamma}; }
  std::string to_string() const;  // "scale", "auto" or the number
  bool operator==(const SvmGamma&) const = default;
};
// "scale" | "auto" | a positive number. InputError naming `flag` otherwise.
SvmGamma parse_svm_gamma(std::string_view word, std::string_view flag = "--svm-gamma");

// docs/pareto.md#classifiers keys: "rf", "nb", "mlp", "svm", "logreg".
struct ClassifierOptions {
  // rf: the shared forest (include/featrel/forest.hpp) with pareto's settings: 20 trees, unlimited depth, √d
  // columns per node, 0.632 of the rows per tree without replacement, no leaf-size limit. The spec's rf is XGBoost
  // in random-forest mode; unset (auto) uses it unless its histograms would outgrow kXgboostHistogramBudget
  // (rf_engine_for), and `native` or `xgboost` forces one.
  std::size_t rf_trees = 20;
  std::optional<forest::Engine> rf_engine;
  int rf_max_depth = 0;  // 0 = unlimited
  double rf_subsample = 0.632;
  forest::ColumnFraction rf_max_features = forest::ColumnFraction::sqrt();
  double rf_lambda = 1e-5;  // docs/pareto.md#classifiers: reg_lambda 1e-5 (keeps leaf values finite when a leaf holds one row)

  std::vector<std::size_t> mlp_hidden = {10, 5};
  std::size_t mlp_batch = 20, mlp_max_epochs = 200;
  double mlp_learning_rate = 1e-3;
  double mlp_alpha = 1e-4;

  int svm_degree = 2;
  double svm_coef0 = 0.0;
  double svm_c = 1.0;
  SvmGamma svm_gamma = SvmGamma::scale();

  double logreg_c = 1.0;
  double nb_var_smoothing = 1e-9;
};

// InputError naming the flag for an option outside its domain (rf_trees < 1, rf_max_depth < 0, fractions outside
// (0, 1], an empty or zero hidden layer, batch or epochs < 1, learning rate / C / γ ≤ 0, α / var smoothing < 0,
// svm_degree < 1).
void validate(const ClassifierOptions& options);

// XGBoost's hist method keeps a histogram of every feature's bins (16 bytes each) for each node it has expanded in
// the tree it grows; with unlimited depth a tree on r rows expands about 0.4·r nodes (measured with XGBoost 1.7:
// 0.37–0.40 over 95–380 rows per tree). So the rf's peak grows as d·min(255, n)·n: 0.4 GB at 150 training rows ×
// 5,000 features, 1.8 GB at × 20,000, 3 GB at 600 × 5,000. This is that estimate, in bytes, for `train_rows`
// training rows and `features` columns.
double xgboost_histogram_bytes(std::size_t train_rows, std::size_t features, const ClassifierOptions& options);
inline constexpr double kXgboostHistogramBudget = 1024.0 * 1024.0 * 1024.0;  // 1 GiB
// The rf engine a fit on that shape uses: options.rf_engine when set; otherwise XGBoost (the spec's) while
// xgboost_histogram_bytes stays within kXgboostHistogramBudget, else the native forest (same trees' settings,
// its own random draws, memory proportional to the data).
forest::Engine rf_engine_for(std::size_t train_rows, std::size_t features, const ClassifierOptions& options);

// Decisions of a trained classifier on one fixed matrix X with one column at a time replaced (docs/pareto.md#performance). Built by
// BinaryClassifier::column_scorer(X); X is copied, so it need not outlive the scorer, but the classifier must.
// Const and safe to call from several threads at once (scratch space is per thread, reused between calls).
class ColumnScorer {
 public:
  virtual ~ColumnScorer() = default;
  // Decisions on X itself (one per row).
  virtual const Eigen::VectorXd& base() const = 0;
  // Decisions on X with column j replaced by `values` (X.rows() entries). out is resized to X.rows().
  virtual void decision_with_column(std::size_t j, const Eigen::Ref<const Eigen::VectorXd>& values,
                                    Eigen::VectorXd& out) const = 0;
};

// A trained binary classifier: positive iff decision > 0 (the spec's orientation rules are applied inside).
class BinaryClassifier {
 public:
  virtual ~BinaryClassifier() = default;
  // One decision value per row of X (same columns as the training matrix). Must be safe to call concurrently
  // from several threads on the same object (const, no shared mutable state).
  virtual void decision(const Eigen::MatrixXd& X, Eigen::VectorXd& out) const = 0;
  // The fast permutation path for rows X (see ColumnScorer). The default copies X and recomputes every decision;
  // every built-in classifier overrides it with its delta predictor.
  virtual std::unique_ptr<ColumnScorer> column_scorer(const Eigen::MatrixXd& X) const;
  // Messages of the fit (an iteration cap reached by libsvm, liblinear or the MLP, …), for diagnostics.warnings.
  virtual const std::vector<std::string>& warnings() const { return warnings_; }

 protected:
  std::vector<std::string> warnings_;
};

// Trains classifier `key` on X_train (rows = training rows, already standardised if the caller wants that) with
// labels y (0 = negative, 1 = positive). `seed` is the task seed (rng::derive). InputError for an unknown key.
std::unique_ptr<BinaryClassifier> fit_binary(std::string_view key, const Eigen::MatrixXd& X_train,
                                              const std::vector<int>& y, std::uint64_t seed,
                                              const ClassifierOptions& options);
std::vector<std::string> classifier_keys();  // the known keys, in the spec's order
}  // namespace featrel::classify
