// The linear SVM's public entry points (include/featrel/linear_svm.hpp): argument checks, the augmented matrix
// X̃ = [X, 1], the choice of back end with the Newton → liblinear hand-off, and the one-vs-rest loop.
#include "featrel/linear_svm.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/thread_pool.hpp"
#include "models/linear_svm_detail.hpp"

namespace featrel {

namespace {

using models::svm_detail::LazyLiblinearRows;

const std::string kCapWarning = "liblinear reached its iteration cap; the solution may be inexact";

void check_options(const LinearSvmOptions& o) {
  if (!(o.C > 0.0) || !std::isfinite(o.C)) throw std::invalid_argument("linear SVM: C must be finite and > 0");
  if (!(o.tol > 0.0) || !std::isfinite(o.tol)) throw std::invalid_argument("linear SVM: tol must be finite and > 0");
  if (o.newton_max_iter < 1) throw std::invalid_argument("linear SVM: newton_max_iter must be >= 1");
}

Eigen::MatrixXd augmented(Eigen::Ref<const Eigen::MatrixXd> X) {
  Eigen::MatrixXd Xt(X.rows(), X.cols() + 1);
  Xt.leftCols(X.cols()) = X;
  Xt.col(X.cols()).setOnes();
  return Xt;
}

}  // namespace

// The Newton system is min(m, k) square (k active rows ≤ n; newton_solve takes the row-space form when k < m), so
// automatic keys on min(m, n): Newton on wide data with few rows, liblinear only when both are large.
bool uses_newton(const LinearSvmOptions& o, std::size_t m, std::size_t n) {
  switch (o.solver) {
    case SvmSolver::newton:
      return true;
    case SvmSolver::liblinear:
      return false;
    case SvmSolver::automatic:
      return std::min(m, n) <= o.auto_max_dim;
  }
  return true;
}

namespace {

// One ±1 problem on X̃ (m = p + 1 columns), from init (m values) or 0. row_gram: X̃X̃ᵀ for the row-space system
// (may be null); beta (in/out, may be null): β0 to start from in the row space (w̃0 = X̃ᵀβ0; ignored when not
// finite), and on return the β of the solution, or NaN when the solution is not of that form.
BinarySvmFit solve(const Eigen::MatrixXd& Xt, const LazyLiblinearRows& rows, const Eigen::VectorXd& y,
                   const LinearSvmOptions& o, const Eigen::VectorXd* init, const Eigen::MatrixXd* row_gram = nullptr,
                   Eigen::VectorXd* beta = nullptr) {
  namespace sd = models::svm_detail;
  const Eigen::Index m = Xt.cols();
  const Eigen::Index n = Xt.rows();
  BinarySvmFit fit;
  Eigen::VectorXd w_tilde;
  const bool newton = uses_newton(o, static_cast<std::size_t>(m), static_cast<std::size_t>(n));
  const bool from_beta = newton && row_gram && beta && m > n && beta->size() == n && beta->allFinite();
  fit.gradient_tolerance = row_gram ? sd::gradient_tolerance_from_gram(*row_gram, y, o.C, o.tol)
                                    : sd::gradient_tolerance(Xt, y, o.C, o.tol);
  bool converged = false;
  std::string stop_note;
  if (from_beta) {
    // Wide data: Newton in the n-dimensional row space, w̃ = X̃ᵀβ formed once at the end.
    sd::RowNewtonOutcome nt =
        sd::newton_solve_rows(*row_gram, y, o.C, fit.gradient_tolerance, *beta, o.newton_max_iter);
    fit.iterations = nt.iterations;
    fit.gradient_norm = nt.gradient_norm;
    w_tilde.noalias() = Xt.transpose() * nt.beta;
    converged = nt.converged;
    stop_note = nt.stop_note;
    *beta = converged ? std::move(nt.beta) : Eigen::VectorXd::Constant(n, std::nan(""));
  } else if (newton) {
    Eigen::VectorXd w0 = init ? *init : Eigen::VectorXd(Eigen::VectorXd::Zero(m));
    sd::NewtonOutcome nt = sd::newton_solve(Xt, y, o.C, fit.gradient_tolerance, std::move(w0), o.newton_max_iter,
                                            sd::NewtonSystem::automatic, row_gram);
    fit.iterations = nt.iterations;
    fit.gradient_norm = nt.gradient_norm;
    w_tilde = std::move(nt.w);
    converged = nt.converged;
    stop_note = nt.stop_note;
    if (beta) *beta = Eigen::VectorXd::Constant(n, std::nan(""));
  }
  if (newton) {
    fit.solver = "newton";
    if (!converged) {
      // docs/crfe.md#one-vs-all-linear-svm: after the cap, liblinear finishes the problem from the current iterate.
      fit.warnings.push_back("newton stopped (" + stop_note + ") after " + std::to_string(fit.iterations) +
                             " iterations with |grad| " + format_number(fit.gradient_norm) + " > " +
                             format_number(fit.gradient_tolerance) + "; finished with liblinear");
      sd::LiblinearOutcome ll = sd::liblinear_solve(rows.get(), y, o.C, o.tol, &w_tilde);
      fit.iterations += ll.iterations;
      fit.solver = "newton+liblinear";
      fit.converged = !ll.hit_cap;
      if (ll.hit_cap) fit.warnings.push_back(kCapWarning);
      for (auto& w : ll.warnings) fit.warnings.push_back(std::move(w));
      w_tilde = std::move(ll.w);
      fit.gradient_norm = sd::gradient(Xt, y, o.C, w_tilde).norm();
    }
  } else {
    sd::LiblinearOutcome ll = sd::liblinear_solve(rows.get(), y, o.C, o.tol, init);
    fit.iterations = ll.iterations;
    fit.solver = "liblinear";
    fit.converged = !ll.hit_cap;
    if (ll.hit_cap) fit.warnings.push_back(kCapWarning);
    for (auto& w : ll.warnings) fit.warnings.push_back(std::move(w));
    w_tilde = std::move(ll.w);
    fit.gradient_norm = sd::gradient(Xt, y, o.C, w_tilde).norm();
    if (beta) *beta = Eigen::VectorXd::Constant(n, std::nan(""));
  }
  fit.w = w_tilde.head(m - 1);
  fit.b = w_tilde[m - 1];
  return fit;
}

void check_pm1(Eigen::Ref<const Eigen::VectorXd> y) {
  bool pos = false, neg = false;
  for (Eigen::Index i = 0; i < y.size(); ++i) {
    if (y[i] == 1.0)
      pos = true;
    else if (y[i] == -1.0)
      neg = true;
    else
      throw std::invalid_argument("linear SVM: binary labels must be -1 or +1");
  }
  if (!pos || !neg) throw std::invalid_argument("linear SVM: both labels -1 and +1 need at least one row");
}

}  // namespace

std::string to_string(SvmSolver solver) {
  switch (solver) {
    case SvmSolver::automatic:
      return "auto";
    case SvmSolver::newton:
      return "newton";
    case SvmSolver::liblinear:
      return "liblinear";
  }
  return "auto";
}

SvmSolver parse_svm_solver(std::string_view word) {
  if (word == "auto") return SvmSolver::automatic;
  if (word == "newton") return SvmSolver::newton;
  if (word == "liblinear") return SvmSolver::liblinear;
  throw InputError("svm_solver '" + std::string(word) + "' is not one of auto, newton, liblinear");
}

BinarySvmFit fit_binary_svm(Eigen::Ref<const Eigen::MatrixXd> X, Eigen::Ref<const Eigen::VectorXd> y,
                            const LinearSvmOptions& options, Eigen::Ref<const Eigen::VectorXd> init) {
  check_options(options);
  if (y.size() != X.rows() || X.rows() == 0)
    throw std::invalid_argument("linear SVM: X and y sizes differ or are empty");
  if (init.size() != 0 && init.size() != X.cols() + 1)
    throw std::invalid_argument("linear SVM: init needs p + 1 values (w, b)");
  check_pm1(y);
  const Eigen::MatrixXd Xt = augmented(X);
  const Eigen::VectorXd yy = y;
  const LazyLiblinearRows rows(Xt);
  const Eigen::VectorXd w0 = init;
  return solve(Xt, rows, yy, options, init.size() ? &w0 : nullptr);
}

namespace {

// fit_linear_svm on X̃ = [X, 1] (n × (p + 1)).
LinearSvmModel fit_on_augmented(const Eigen::MatrixXd& Xt, const std::vector<int>& labels, std::size_t n_classes,
                                const LinearSvmOptions& options, Eigen::Ref<const Eigen::MatrixXd> warm,
                                const RunContext& ctx, SvmRowSpace* row_space) {
  check_options(options);
  const Eigen::Index n = Xt.rows();
  const Eigen::Index p = Xt.cols() - 1;
  if (static_cast<Eigen::Index>(labels.size()) != n || n == 0)
    throw std::invalid_argument("linear SVM: X and labels sizes differ or are empty");
  if (n_classes < 2) throw std::invalid_argument("linear SVM: needs at least 2 classes");
  std::vector<std::size_t> counts(n_classes, 0);
  for (int c : labels) {
    if (c < 0 || static_cast<std::size_t>(c) >= n_classes)
      throw std::invalid_argument("linear SVM: label out of range");
    ++counts[static_cast<std::size_t>(c)];
  }
  for (std::size_t k = 0; k < n_classes; ++k)
    if (counts[k] == 0) throw std::invalid_argument("linear SVM: class " + std::to_string(k) + " has no training rows");
  const std::size_t rows_out = n_classes == 2 ? 1 : n_classes;
  if (warm.size() != 0 && (warm.rows() != static_cast<Eigen::Index>(rows_out) || warm.cols() != p + 1))
    throw std::invalid_argument("linear SVM: warm start needs K' x (p + 1) values");
  if (row_space && (row_space->gram.rows() != n || row_space->gram.cols() != n))
    throw std::invalid_argument("linear SVM: the row Gram needs n x n values");
  // β rows: 0 for a cold start; with a warm start the previous fit's rows (warm must come from that fit), or NaN
  // (not usable: start from the warm w̃) when there are none.
  if (row_space) {
    const auto K = static_cast<Eigen::Index>(rows_out);
    if (warm.size() == 0)
      row_space->beta.setZero(K, n);
    else if (row_space->beta.rows() != K || row_space->beta.cols() != n)
      row_space->beta = Eigen::MatrixXd::Constant(K, n, std::nan(""));
  }

  const LazyLiblinearRows lazy_rows(Xt);
  std::vector<BinarySvmFit> fits(rows_out);
  parallel_for(
      rows_out,
      [&](std::size_t k) {
        // K = 2: code 1 against code 0; K ≥ 3: class k against the rest.
        const int positive = n_classes == 2 ? 1 : static_cast<int>(k);
        Eigen::VectorXd y(n);
        for (Eigen::Index i = 0; i < n; ++i) y[i] = labels[static_cast<std::size_t>(i)] == positive ? 1.0 : -1.0;
        Eigen::VectorXd init;
        if (warm.size() != 0) init = warm.row(static_cast<Eigen::Index>(k)).transpose();
        Eigen::VectorXd beta;
        if (row_space) beta = row_space->beta.row(static_cast<Eigen::Index>(k)).transpose();
        fits[k] = solve(Xt, lazy_rows, y, options, warm.size() != 0 ? &init : nullptr,
                        row_space ? &row_space->gram : nullptr, row_space ? &beta : nullptr);
        if (row_space) row_space->beta.row(static_cast<Eigen::Index>(k)) = beta.transpose();
      },
      ctx);

  LinearSvmModel model;
  model.n_classes = n_classes;
  model.W.resize(static_cast<Eigen::Index>(rows_out), p);
  model.b.resize(static_cast<Eigen::Index>(rows_out));
  for (std::size_t k = 0; k < rows_out; ++k) {
    model.W.row(static_cast<Eigen::Index>(k)) = fits[k].w.transpose();
    model.b[static_cast<Eigen::Index>(k)] = fits[k].b;
    model.iterations.push_back(fits[k].iterations);
    model.solvers.push_back(fits[k].solver);
    for (const std::string& w : fits[k].warnings)
      model.warnings.push_back(n_classes == 2 ? w : "class " + std::to_string(k) + ": " + w);
  }
  return model;
}

}  // namespace

LinearSvmModel fit_linear_svm(Eigen::Ref<const Eigen::MatrixXd> X, const std::vector<int>& labels,
                              std::size_t n_classes, const LinearSvmOptions& options,
                              Eigen::Ref<const Eigen::MatrixXd> warm, const RunContext& ctx,
                              SvmRowSpace* row_space) {
  return fit_on_augmented(augmented(X), labels, n_classes, options, warm, ctx, row_space);
}

LinearSvmModel fit_linear_svm_augmented(const Eigen::MatrixXd& Xt, const std::vector<int>& labels,
                                        std::size_t n_classes, const LinearSvmOptions& options,
                                        Eigen::Ref<const Eigen::MatrixXd> warm, const RunContext& ctx,
                                        SvmRowSpace* row_space) {
  if (Xt.cols() < 2 || !(Xt.col(Xt.cols() - 1).array() == 1.0).all())
    throw std::invalid_argument("linear SVM: the augmented matrix needs a last column of ones");
  return fit_on_augmented(Xt, labels, n_classes, options, warm, ctx, row_space);
}

Eigen::MatrixXd linear_svm_row_gram(Eigen::Ref<const Eigen::MatrixXd> X) {
  Eigen::MatrixXd G = Eigen::MatrixXd::Constant(X.rows(), X.rows(), 1.0);
  G.selfadjointView<Eigen::Lower>().rankUpdate(X, 1.0);
  return G;
}

Eigen::MatrixXd LinearSvmModel::stacked() const {
  Eigen::MatrixXd S(W.rows(), W.cols() + 1);
  S.leftCols(W.cols()) = W;
  S.col(W.cols()) = b;
  return S;
}

Eigen::MatrixXd LinearSvmModel::decision_function(Eigen::Ref<const Eigen::MatrixXd> X) const {
  Eigen::MatrixXd D = X * W.transpose();
  D.rowwise() += b.transpose();
  return D;
}

std::vector<int> LinearSvmModel::predict(Eigen::Ref<const Eigen::MatrixXd> X) const {
  const Eigen::MatrixXd D = decision_function(X);
  std::vector<int> out(static_cast<std::size_t>(X.rows()));
  for (Eigen::Index i = 0; i < D.rows(); ++i) {
    if (D.cols() == 1) {
      out[static_cast<std::size_t>(i)] = D(i, 0) > 0.0 ? 1 : 0;
    } else {
      Eigen::Index best = 0;
      for (Eigen::Index k = 1; k < D.cols(); ++k)
        if (D(i, k) > D(i, best)) best = k;
      out[static_cast<std::size_t>(i)] = static_cast<int>(best);
    }
  }
  return out;
}

std::string LinearSvmModel::solver_summary() const {
  bool newton = false, liblinear = false;
  for (const std::string& s : solvers) {
    if (s.find("newton") != std::string::npos) newton = true;
    if (s.find("liblinear") != std::string::npos) liblinear = true;
  }
  if (newton && liblinear) return "newton+liblinear";
  return liblinear ? "liblinear" : "newton";
}

int LinearSvmModel::total_iterations() const {
  int s = 0;
  for (int it : iterations) s += it;
  return s;
}

double linear_svm_objective(Eigen::Ref<const Eigen::MatrixXd> X, Eigen::Ref<const Eigen::VectorXd> y, double C,
                            Eigen::Ref<const Eigen::VectorXd> w_tilde) {
  const Eigen::Index p = X.cols();
  const Eigen::VectorXd z = (X * w_tilde.head(p)).array() + w_tilde[p];
  double loss = 0.0;
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    const double m = 1.0 - y[i] * z[i];
    if (m > 0) loss += m * m;
  }
  return 0.5 * w_tilde.squaredNorm() + C * loss;
}

Eigen::VectorXd linear_svm_gradient(Eigen::Ref<const Eigen::MatrixXd> X, Eigen::Ref<const Eigen::VectorXd> y, double C,
                                    Eigen::Ref<const Eigen::VectorXd> w_tilde) {
  return models::svm_detail::gradient(augmented(X), y, C, w_tilde);
}

}  // namespace featrel
