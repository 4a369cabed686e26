// The nb, mlp, svm and logreg classifiers of docs/pareto.md#classifiers behind classify::BinaryClassifier, each with its delta
// predictor for one replaced column (docs/pareto.md#performance item 1).
#include <cmath>
#include <string>
#include <vector>

#include "featrel/classifier.hpp"
#include "featrel/format.hpp"
#include "featrel/kernel_svm.hpp"
#include "featrel/logistic.hpp"
#include "featrel/mlp.hpp"
#include "featrel/naive_bayes.hpp"
#include "models/classifier_checks.hpp"
#include "models/classifier_detail.hpp"

namespace featrel::classify::detail {

namespace {

// ---- nb: decision = JLL(positive) − JLL(negative) --------------------------------------------------------------

// Each row's pairwise partial sums of its terms, per class (naive_bayes::pairwise_sums_into): a replaced column
// recomputes the log₂ p sums on its path, with the bits of joint_log_likelihood on the changed data.
class NaiveBayesScorer final : public ColumnScorer {
 public:
  NaiveBayesScorer(const naive_bayes::Model& model, const Eigen::MatrixXd& X)
      : model_(model), p_(static_cast<std::size_t>(X.cols())), stride_(2 * p_) {
    std::vector<double> terms(p_);
    for (std::size_t c = 0; c < 2; ++c) {
      nodes_[c].resize(static_cast<std::size_t>(X.rows()) * stride_);
      for (Eigen::Index i = 0; i < X.rows(); ++i) {
        for (std::size_t j = 0; j < p_; ++j) terms[j] = model_.term(c, j, X(i, static_cast<Eigen::Index>(j)));
        naive_bayes::pairwise_sums_into(terms.data(), p_, row_nodes(c, i));
      }
    }
    base_.resize(X.rows());
    for (Eigen::Index i = 0; i < X.rows(); ++i)
      base_(i) = (model_.log_prior(1) + row_nodes(1, i)[0]) - (model_.log_prior(0) + row_nodes(0, i)[0]);
  }
  const Eigen::VectorXd& base() const override { return base_; }
  void decision_with_column(std::size_t j, const Eigen::Ref<const Eigen::VectorXd>& values,
                            Eigen::VectorXd& out) const override {
    out.resize(base_.size());
    const auto jll = [&](std::size_t c, Eigen::Index i) {
      return model_.log_prior(static_cast<Eigen::Index>(c)) +
             naive_bayes::pairwise_sum_replacing(row_nodes(c, i), p_, j, model_.term(c, j, values(i)));
    };
    for (Eigen::Index i = 0; i < base_.size(); ++i) out(i) = jll(1, i) - jll(0, i);
  }

 private:
  double* row_nodes(std::size_t c, Eigen::Index i) { return nodes_[c].data() + static_cast<std::size_t>(i) * stride_; }
  const double* row_nodes(std::size_t c, Eigen::Index i) const {
    return nodes_[c].data() + static_cast<std::size_t>(i) * stride_;
  }

  const naive_bayes::Model& model_;
  std::size_t p_, stride_;
  std::vector<double> nodes_[2];  // per class: rows × stride_ partial sums
  Eigen::VectorXd base_;
};

class NaiveBayesClassifier final : public BinaryClassifier {
 public:
  explicit NaiveBayesClassifier(naive_bayes::Model model) : model_(std::move(model)) {}
  void decision(const Eigen::MatrixXd& X, Eigen::VectorXd& out) const override {
    const Eigen::MatrixXd jll = model_.joint_log_likelihood(X);
    out = jll.col(1) - jll.col(0);
  }
  std::unique_ptr<ColumnScorer> column_scorer(const Eigen::MatrixXd& X) const override {
    models::check_rows_to_predict(X, model_.mean.cols(), "nb");
    return std::make_unique<NaiveBayesScorer>(model_, X);
  }

 private:
  naive_bayes::Model model_;
};

// ---- mlp: the output logit ---------------------------------------------------------------------------------------

struct MlpScratch {};

class MlpScorer final : public ColumnScorer {
 public:
  MlpScorer(const mlp::Network& net, const Eigen::MatrixXd& X) : net_(net), X_(X), Z1_(net.first_layer(X)) {
    base_ = net_.logits_from_first_layer(Z1_);
  }
  const Eigen::VectorXd& base() const override { return base_; }
  void decision_with_column(std::size_t j, const Eigen::Ref<const Eigen::VectorXd>& values,
                            Eigen::VectorXd& out) const override {
    const auto jj = static_cast<Eigen::Index>(j);
    Eigen::MatrixXd& z = scratch_matrix<MlpScratch>();
    z = Z1_;
    z.noalias() += (values - X_.col(jj)) * net_.W.front().row(jj);  // rank one: only x_j changed
    out = net_.logits_from_first_layer(z);
  }

 private:
  const mlp::Network& net_;
  Eigen::MatrixXd X_, Z1_;
  Eigen::VectorXd base_;
};

class MlpClassifier final : public BinaryClassifier {
 public:
  explicit MlpClassifier(mlp::Model model) : model_(std::move(model)) {}
  void decision(const Eigen::MatrixXd& X, Eigen::VectorXd& out) const override { out = model_.net.logits(X); }
  std::unique_ptr<ColumnScorer> column_scorer(const Eigen::MatrixXd& X) const override {
    models::check_rows_to_predict(X, static_cast<Eigen::Index>(model_.net.n_inputs()), "mlp");
    return std::make_unique<MlpScorer>(model_.net, X);
  }
  void warn(std::string message) { warnings_.push_back(std::move(message)); }

 private:
  mlp::Model model_;
};

// ---- svm: the oriented libsvm decision ----------------------------------------------------------------------------

class SvmScorer final : public ColumnScorer {
 public:
  SvmScorer(const kernel_svm::Model& model, const Eigen::MatrixXd& X) : model_(model), X_(X) {
    const Eigen::MatrixXd D = X * model.support.transpose();
    model_.decision_from_inner(D, base_);
    Dt_ = D.transpose();
  }
  const Eigen::VectorXd& base() const override { return base_; }
  void decision_with_column(std::size_t j, const Eigen::Ref<const Eigen::VectorXd>& values,
                            Eigen::VectorXd& out) const override {
    model_.decision_with_column(Dt_, X_, static_cast<Eigen::Index>(j), values, out);  // D' = D + Δx_j·S_jᵀ
  }

 private:
  const kernel_svm::Model& model_;
  Eigen::MatrixXd X_, Dt_;
  Eigen::VectorXd base_;
};

class SvmClassifier final : public BinaryClassifier {
 public:
  explicit SvmClassifier(kernel_svm::Model model) : model_(std::move(model)) { warnings_ = model_.warnings; }
  void decision(const Eigen::MatrixXd& X, Eigen::VectorXd& out) const override { out = model_.decision(X); }
  std::unique_ptr<ColumnScorer> column_scorer(const Eigen::MatrixXd& X) const override {
    models::check_rows_to_predict(X, model_.support.cols(), "svm");
    return std::make_unique<SvmScorer>(model_, X);
  }

 private:
  kernel_svm::Model model_;
};

// ---- logreg: the margin toward the positive class ------------------------------------------------------------------

class LogregScorer final : public ColumnScorer {
 public:
  LogregScorer(const logistic::Model& model, const Eigen::MatrixXd& X) : model_(model), X_(X) {
    base_ = model_.decision(X);
  }
  const Eigen::VectorXd& base() const override { return base_; }
  void decision_with_column(std::size_t j, const Eigen::Ref<const Eigen::VectorXd>& values,
                            Eigen::VectorXd& out) const override {
    const auto jj = static_cast<Eigen::Index>(j);
    // margin += w_j·(z'_j − z_j), z = (x − mean)/sd: the scaling is affine per column.
    const double w = model_.weights()(0, jj) / model_.standardizer().sd(jj);
    out = base_ + w * (values - X_.col(jj));
  }

 private:
  const logistic::Model& model_;
  Eigen::MatrixXd X_;
  Eigen::VectorXd base_;
};

class LogregClassifier final : public BinaryClassifier {
 public:
  explicit LogregClassifier(logistic::Model model) : model_(std::move(model)) { warnings_ = model_.warnings(); }
  void decision(const Eigen::MatrixXd& X, Eigen::VectorXd& out) const override { out = model_.decision(X); }
  std::unique_ptr<ColumnScorer> column_scorer(const Eigen::MatrixXd& X) const override {
    models::check_rows_to_predict(X, model_.weights().cols(), "logreg");
    return std::make_unique<LogregScorer>(model_, X);
  }

 private:
  logistic::Model model_;
};

}  // namespace

mlp::Options mlp_options(const ClassifierOptions& options) {
  mlp::Options o;
  o.hidden = options.mlp_hidden;
  o.batch = options.mlp_batch;
  o.max_epochs = options.mlp_max_epochs;
  o.learning_rate = options.mlp_learning_rate;
  o.alpha = options.mlp_alpha;
  return o;
}

std::unique_ptr<BinaryClassifier> fit_naive_bayes(const Eigen::MatrixXd& X, const std::vector<int>& y,
                                                  const ClassifierOptions& options) {
  return std::make_unique<NaiveBayesClassifier>(naive_bayes::fit(X, y, 2, options.nb_var_smoothing));
}

std::unique_ptr<BinaryClassifier> fit_mlp(const Eigen::MatrixXd& X, const std::vector<int>& y, std::uint64_t seed,
                                          const ClassifierOptions& options) {
  const mlp::Options o = mlp_options(options);
  mlp::Model model = mlp::fit(X, y, seed, o);
  const bool converged = model.converged;
  auto out = std::make_unique<MlpClassifier>(std::move(model));
  if (!converged)
    out->warn("mlp: stopped at the " + std::to_string(o.max_epochs) + "-epoch cap before the loss settled (tol " +
              format_number(o.tol) + ")");
  return out;
}

std::unique_ptr<BinaryClassifier> fit_svm(const Eigen::MatrixXd& X, const std::vector<int>& y,
                                          const ClassifierOptions& options) {
  kernel_svm::Options o;
  o.degree = options.svm_degree;
  o.coef0 = options.svm_coef0;
  o.C = options.svm_c;
  switch (options.svm_gamma.kind) {
    case SvmGamma::Kind::scale: o.gamma = kernel_svm::scale_gamma(X); break;
    case SvmGamma::Kind::automatic: o.gamma = 1.0 / static_cast<double>(X.cols()); break;
    case SvmGamma::Kind::value: o.gamma = options.svm_gamma.value; break;
  }
  return std::make_unique<SvmClassifier>(kernel_svm::fit(X, y, o));
}

std::unique_ptr<BinaryClassifier> fit_logreg(const Eigen::MatrixXd& X, const std::vector<int>& y,
                                             const ClassifierOptions& options) {
  logistic::Options o;
  o.C = options.logreg_c;
  o.standardize = false;  // the caller standardises (docs/pareto.md#data-preparation `standardize`, default logreg)
  return std::make_unique<LogregClassifier>(logistic::fit(X, y, 2, o));
}

}  // namespace featrel::classify::detail
