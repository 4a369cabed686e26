// classify::fit_binary and the option checks (see classifier.hpp): one entry point over the five model families of
// docs/pareto.md#classifiers; the families themselves live in classifier_forest.cpp and classifier_models.cpp.
#include "featrel/classifier.hpp"

#include <cmath>
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "models/classifier_checks.hpp"
#include "models/classifier_detail.hpp"

namespace featrel::classify {

namespace {

std::string key_list() {
  std::string s;
  for (const std::string& k : classifier_keys()) s += (s.empty() ? "" : ", ") + k;
  return s;
}

// The plain path: copy X, overwrite column j, recompute every decision.
class CopyingScorer final : public ColumnScorer {
 public:
  CopyingScorer(const BinaryClassifier& classifier, const Eigen::MatrixXd& X) : classifier_(classifier), X_(X) {
    classifier_.decision(X_, base_);
  }
  const Eigen::VectorXd& base() const override { return base_; }
  void decision_with_column(std::size_t j, const Eigen::Ref<const Eigen::VectorXd>& values,
                            Eigen::VectorXd& out) const override {
    Eigen::MatrixXd& copy = detail::scratch_matrix<CopyingScorer>();
    copy = X_;
    copy.col(static_cast<Eigen::Index>(j)) = values;
    classifier_.decision(copy, out);
  }

 private:
  const BinaryClassifier& classifier_;
  Eigen::MatrixXd X_;
  Eigen::VectorXd base_;
};

}  // namespace

std::string SvmGamma::to_string() const {
  switch (kind) {
    case Kind::scale: return "scale";
    case Kind::automatic: return "auto";
    case Kind::value: break;
  }
  return format_number(value);
}

SvmGamma parse_svm_gamma(std::string_view word, std::string_view flag) {
  if (word == "scale") return SvmGamma::scale();
  if (word == "auto") return SvmGamma::automatic();
  const std::string text(word);
  std::size_t used = 0;
  double v = 0.0;
  try {
    v = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty() || !(v > 0.0) || !std::isfinite(v))
    throw InputError(std::string(flag) + ": expected 'scale', 'auto' or a number > 0, got '" + text + "'");
  return SvmGamma::fixed(v);
}

void validate(const ClassifierOptions& o) {
  forest::validate(detail::forest_params(o, o.rf_engine.value_or(forest::Engine::xgboost)), "rf-");
  mlp::validate(detail::mlp_options(o));
  if (o.svm_degree < 1) throw InputError("--svm-degree must be ≥ 1, got " + std::to_string(o.svm_degree));
  if (!std::isfinite(o.svm_coef0)) throw InputError("--svm-coef0 must be finite");
  if (!(o.svm_c > 0.0) || !std::isfinite(o.svm_c))
    throw InputError("--svm-c must be > 0, got " + format_number(o.svm_c));
  if (o.svm_gamma.kind == SvmGamma::Kind::value && (!(o.svm_gamma.value > 0.0) || !std::isfinite(o.svm_gamma.value)))
    throw InputError("--svm-gamma must be > 0, got " + format_number(o.svm_gamma.value));
  if (!(o.logreg_c > 0.0) || !std::isfinite(o.logreg_c))
    throw InputError("--logreg-c must be > 0, got " + format_number(o.logreg_c));
  if (!(o.nb_var_smoothing >= 0.0) || !std::isfinite(o.nb_var_smoothing))
    throw InputError("--nb-var-smoothing must be ≥ 0, got " + format_number(o.nb_var_smoothing));
}

std::unique_ptr<ColumnScorer> BinaryClassifier::column_scorer(const Eigen::MatrixXd& X) const {
  return std::make_unique<CopyingScorer>(*this, X);
}

std::vector<std::string> classifier_keys() { return {"rf", "nb", "mlp", "svm", "logreg"}; }

std::unique_ptr<BinaryClassifier> fit_binary(std::string_view key, const Eigen::MatrixXd& X_train,
                                              const std::vector<int>& y, std::uint64_t seed,
                                              const ClassifierOptions& options) {
  bool known = false;
  for (const std::string& k : classifier_keys()) known = known || k == key;
  if (!known) throw InputError("unknown classifier '" + std::string(key) + "' (choose from " + key_list() + ")");
  validate(options);
  models::check_labelled_rows(X_train, y, 2, key);
  if (key == "rf") return detail::fit_forest(X_train, y, seed, options);
  if (key == "nb") return detail::fit_naive_bayes(X_train, y, options);
  if (key == "mlp") return detail::fit_mlp(X_train, y, seed, options);
  if (key == "svm") return detail::fit_svm(X_train, y, options);
  return detail::fit_logreg(X_train, y, options);
}

}  // namespace featrel::classify
