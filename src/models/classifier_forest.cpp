// Pareto's `rf` (docs/pareto.md#classifiers): the shared forest (forest.hpp) grown with pareto's settings on the binned training rows,
// predicting any rows coded with the training bins, with a delta predictor that re-evaluates only the trees that
// split on the replaced column (docs/pareto.md#performance item 1).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "featrel/classifier.hpp"
#include "featrel/forest.hpp"
#include "models/classifier_checks.hpp"
#include "models/classifier_detail.hpp"

namespace featrel::classify::detail {

namespace {

// The leaf a row reaches in tree t, with the code of column j taken from `code_j` (j = npos: no override). Same
// rule as forest::Tree::leaf_value; design positions are data columns because every column is added in order.
double leaf_value(const forest::Tree& tree, const forest::BinnedData& codes, std::size_t row, std::size_t j,
                  std::uint8_t code_j) {
  std::int32_t id = 0;
  for (;;) {
    const forest::Node& nd = tree.nodes[static_cast<std::size_t>(id)];
    if (nd.left < 0) return nd.value;
    const std::uint8_t c = nd.column == j ? code_j : codes.column(nd.column)[row];
    const bool left = c == nd.missing ? nd.missing_left : c <= nd.bin;
    id = left ? nd.left : nd.right;
  }
}

constexpr std::size_t kNoColumn = static_cast<std::size_t>(-1);

class ForestScorer final : public ColumnScorer {
 public:
  ForestScorer(const forest::BinnedData& train, const forest::Model& model, const Eigen::MatrixXd& X)
      : train_(train), model_(model), codes_(forest::bin_like(train, X)) {
    const std::size_t n = codes_.n_rows(), T = model_.trees.size();
    leaves_.resize(static_cast<Eigen::Index>(T), static_cast<Eigen::Index>(n));
    uses_.assign(codes_.n_cols(), std::vector<std::uint8_t>(T, 0));
    for (std::size_t t = 0; t < T; ++t) {
      for (const forest::Node& nd : model_.trees[t].nodes)
        if (nd.left >= 0) uses_[nd.column][t] = 1;
      for (std::size_t i = 0; i < n; ++i)
        leaves_(static_cast<Eigen::Index>(t), static_cast<Eigen::Index>(i)) =
            leaf_value(model_.trees[t], codes_, i, kNoColumn, 0);
    }
    base_.resize(static_cast<Eigen::Index>(n));
    for (std::size_t i = 0; i < n; ++i) base_(static_cast<Eigen::Index>(i)) = sum(i, kNoColumn, 0);
  }
  const Eigen::VectorXd& base() const override { return base_; }
  void decision_with_column(std::size_t j, const Eigen::Ref<const Eigen::VectorXd>& values,
                            Eigen::VectorXd& out) const override {
    out.resize(base_.size());
    for (Eigen::Index i = 0; i < base_.size(); ++i)
      out(i) = sum(static_cast<std::size_t>(i), j, train_.code(j, values(i)));
  }

 private:
  // base + Σ_t leaf in tree order, exactly as forest::Model::margins adds, so the plain and delta paths agree to
  // the bit; only trees that split on column j are walked again.
  double sum(std::size_t i, std::size_t j, std::uint8_t code_j) const {
    double s = model_.base[0];
    const auto ii = static_cast<Eigen::Index>(i);
    for (std::size_t t = 0; t < model_.trees.size(); ++t)
      s += (j != kNoColumn && uses_[j][t]) ? leaf_value(model_.trees[t], codes_, i, j, code_j)
                                           : leaves_(static_cast<Eigen::Index>(t), ii);
    return s;
  }

  const forest::BinnedData& train_;
  const forest::Model& model_;
  forest::BinnedData codes_;
  Eigen::MatrixXd leaves_;                      // trees × rows
  std::vector<std::vector<std::uint8_t>> uses_; // column → tree → splits on it
  Eigen::VectorXd base_;
};

class ForestClassifier final : public BinaryClassifier {
 public:
  ForestClassifier(forest::BinnedData train, forest::Model model)
      : train_(std::move(train)), model_(std::move(model)) {}
  void decision(const Eigen::MatrixXd& X, Eigen::VectorXd& out) const override {
    models::check_rows_to_predict(X, static_cast<Eigen::Index>(train_.n_cols()), "rf");
    const forest::BinnedData codes = forest::bin_like(train_, X);
    forest::Design design(codes);
    for (std::size_t j = 0; j < codes.n_cols(); ++j) design.add(j);
    out = model_.margins(design).col(0);
  }
  std::unique_ptr<ColumnScorer> column_scorer(const Eigen::MatrixXd& X) const override {
    models::check_rows_to_predict(X, static_cast<Eigen::Index>(train_.n_cols()), "rf");
    return std::make_unique<ForestScorer>(train_, model_, X);
  }

 private:
  forest::BinnedData train_;  // the training rows' bins: test rows are coded with the same edges
  forest::Model model_;
};

}  // namespace

forest::Params forest_params(const ClassifierOptions& options, forest::Engine engine) {
  forest::Params p;
  p.n_trees = options.rf_trees;
  p.max_depth = options.rf_max_depth;
  p.feature_fraction = options.rf_max_features;
  p.feature_sampling = forest::FeatureSampling::node;  // scikit-learn's max_features: drawn at every split
  p.row_fraction = options.rf_subsample;
  p.min_leaf_rows = 1;  // full trees (note a)
  p.lambda = options.rf_lambda;
  p.engine = engine;
  return p;
}

std::unique_ptr<BinaryClassifier> fit_forest(const Eigen::MatrixXd& X, const std::vector<int>& y,
                                             std::uint64_t seed, const ClassifierOptions& options) {
  forest::BinnedData train = forest::bin(X, 255);
  forest::Design design(train);
  for (std::size_t j = 0; j < train.n_cols(); ++j) design.add(j);
  forest::FitRequest request;
  request.keep_model = true;
  request.threads = 1;  // pareto trains its classifiers as parallel tasks
  // XGBoost's own training margins, to check the exported trees against (docs/pareto.md#performance: |Δ| ≤ 1e-5; XGBoost sums
  // float32 leaves).
  const forest::Engine engine =
      rf_engine_for(static_cast<std::size_t>(X.rows()), static_cast<std::size_t>(X.cols()), options);
  request.margins = engine == forest::Engine::xgboost;
  forest::FitResult fitted =
      forest::fit(design, forest::Target::classification(y, 2), forest_params(options, engine), seed, request);
  if (request.margins) {
    const Eigen::MatrixXd exported = fitted.model->margins(design);
    const double gap = (exported - fitted.margins).cwiseAbs().maxCoeff();
    if (!(gap <= 1e-5))
      throw std::logic_error("rf: the exported XGBoost trees miss XGBoost's margins by " + std::to_string(gap));
  }
  return std::make_unique<ForestClassifier>(std::move(train), std::move(*fitted.model));
}

}  // namespace featrel::classify::detail

namespace featrel::classify {

double xgboost_histogram_bytes(std::size_t train_rows, std::size_t features, const ClassifierOptions& options) {
  const double rows = static_cast<double>(train_rows);
  const double bins = std::min(255.0, rows);  // forest::bin's at most 255 bins, one per distinct training value
  double nodes = 0.4 * options.rf_subsample * rows;
  if (options.rf_max_depth > 0 && options.rf_max_depth < 60)
    nodes = std::min(nodes, std::ldexp(1.0, options.rf_max_depth + 1));  // a depth-limited tree's nodes
  return 16.0 * static_cast<double>(features) * bins * nodes;
}

forest::Engine rf_engine_for(std::size_t train_rows, std::size_t features, const ClassifierOptions& options) {
  if (options.rf_engine) return *options.rf_engine;
  return xgboost_histogram_bytes(train_rows, features, options) <= kXgboostHistogramBudget ? forest::Engine::xgboost
                                                                                          : forest::Engine::native;
}

}  // namespace featrel::classify
