// The L2-regularised, squared-hinge linear SVM of docs/crfe.md#one-vs-all-linear-svm (scikit-learn's LinearSVC objective), binary
// and one-vs-rest, used by CRFE and RFE and by any later method that needs a linear SVM.
//
// For labels y_i ∈ {−1, +1} and x̃ = (x, 1) it minimises f(w̃) = ½‖w̃‖² + C·Σ_i max(0, 1 − y_i·w̃·x̃_i)², w̃ = (w, b):
// the bias is regularised, exactly as LinearSVC(loss='squared_hinge', dual=False, intercept_scaling=1) and
// liblinear's L2R_L2LOSS_SVC with bias 1. f is 1-strongly convex, so the optimum is unique and both back ends
// reach the same weights up to the stopping tolerance:
// - `newton`: the finite Newton method (Mangasarian 2002; Keerthi & DeCoste 2005) with Eigen — generalised Hessian
//   I + 2C·X̃_IᵀX̃_I over the active rows, Cholesky, Armijo backtracking. It is the default because CRFE refits the
//   same problem hundreds of times with one column fewer: warm-started it needs 2–4 iterations per fit. A problem
//   still unsolved after `newton_max_iter` iterations is handed to liblinear from the current iterate, with a
//   warning.
// - `liblinear`: Debian's liblinear 2.3, solver L2R_L2LOSS_SVC (primal trust-region Newton), bias node 1,
//   warm-started through parameter.init_sol. Kept as the cross-check the Newton solver is tested against.
// - `automatic`: newton while min(p + 1, n) ≤ auto_max_dim (1024), liblinear above. Newton's system is
//   min(p + 1, k) square (k active rows: with fewer active rows than columns it is solved in the row space,
//   Woodbury), so wide data with few rows stays on Newton; a dense system beyond 1024 stops paying off.
// Both stop with liblinear's rule ‖∇f(w̃)‖ ≤ tol·max(min(n₊, n₋), 1)/n·‖∇f(0)‖, so `tol` means scikit-learn's tol.
//
// Everything is deterministic (no random numbers; fixed reduction order), and the one-vs-rest problems of a
// multiclass fit may run in parallel threads without changing a bit. Nothing is printed: liblinear's messages are
// captured per calling thread, and its "reaching max number of iterations" becomes a warning in the fit.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "featrel/run_context.hpp"

namespace featrel {

enum class SvmSolver { automatic, newton, liblinear };

// "auto" | "newton" | "liblinear" (the --svm-solver words); parse raises InputError naming the accepted words.
std::string to_string(SvmSolver solver);
SvmSolver parse_svm_solver(std::string_view word);

struct LinearSvmOptions {
  double C = 1.0;     // > 0
  double tol = 1e-4;  // liblinear's eps (scikit-learn tol), > 0
  SvmSolver solver = SvmSolver::automatic;
  int newton_max_iter = 100;        // Newton iterations before the hand-off to liblinear
  std::size_t auto_max_dim = 1024;  // automatic: newton while min(p + 1, n) ≤ this
};

// Whether options pick the Newton solver for a problem of m = p + 1 columns (with the bias) and n rows: the Newton
// system is min(m, n) square, so automatic keys on min(m, n) ≤ auto_max_dim. For callers that prepare the
// row-space system (SvmRowSpace) only when it will be used.
bool uses_newton(const LinearSvmOptions& options, std::size_t m, std::size_t n);

// One binary problem's solution.
struct BinarySvmFit {
  Eigen::VectorXd w;                  // p weights (the positive class's side)
  double b = 0.0;                     // bias (regularised, as a weight on the constant 1)
  int iterations = 0;                 // Newton iterations plus liblinear (TRON) iterations
  std::string solver;                 // "newton", "liblinear" or "newton+liblinear" (hand-off)
  bool converged = true;              // false when liblinear stopped at its iteration cap or gave up early
  double gradient_norm = 0.0;         // ‖∇f‖ at the returned point
  double gradient_tolerance = 0.0;    // the stop threshold tol·max(min(n₊,n₋),1)/n·‖∇f(0)‖
  std::vector<std::string> warnings;  // hand-off, liblinear's iteration cap and other liblinear warnings
};

// Solves one binary problem. X: n × p (any storage Eigen::Ref accepts), y: n values in {−1, +1}; init: empty
// (cold start from 0) or p + 1 values (w then b) to start from. std::invalid_argument on inconsistent sizes,
// labels other than ±1 or bad options (the callers validate user input first).
BinarySvmFit fit_binary_svm(Eigen::Ref<const Eigen::MatrixXd> X, Eigen::Ref<const Eigen::VectorXd> y,
                            const LinearSvmOptions& options,
                            Eigen::Ref<const Eigen::VectorXd> init = Eigen::VectorXd());

// A fitted binary or one-vs-rest model. Row k of W is class k against the rest (K ≥ 3); for K = 2 there is one
// row, code 1 (the positive class) against code 0, as in LinearSVC.
struct LinearSvmModel {
  std::size_t n_classes = 0;
  Eigen::MatrixXd W;                  // K' × p, K' = 1 for K = 2, K otherwise
  Eigen::VectorXd b;                  // K'
  std::vector<int> iterations;        // per row of W
  std::vector<std::string> solvers;   // per row of W: "newton", "liblinear" or "newton+liblinear"
  std::vector<std::string> warnings;  // per-row warnings, prefixed with the class code for K ≥ 3

  std::size_t n_rows() const { return static_cast<std::size_t>(W.rows()); }
  // The warm start of a refit: K' × (p + 1), each row (w, b).
  Eigen::MatrixXd stacked() const;
  // Decision values, n × K': X·Wᵀ + b.
  Eigen::MatrixXd decision_function(Eigen::Ref<const Eigen::MatrixXd> X) const;
  // Class codes: argmax of the decision values (ties: lower code); K = 2: code 1 when the value is > 0.
  std::vector<int> predict(Eigen::Ref<const Eigen::MatrixXd> X) const;
  // "newton", "liblinear" or "newton+liblinear": the solvers used over the rows.
  std::string solver_summary() const;
  int total_iterations() const;
};

// A context with threads = 1 (the default of fit_linear_svm: a fit is usually one task among others).
inline const RunContext& sequential_context() {
  static const RunContext context = [] {
    RunContext c;
    c.threads = 1;
    return c;
  }();
  return context;
}

// Fits the binary (K = 2) or one-vs-rest (K ≥ 3) model. labels: n codes in 0..n_classes−1; each class needs at
// least one row. warm: empty, or K' × (p + 1) rows (w, b) to start each problem from (a previous fit with removed
// columns deleted). The K' problems run through parallel_for with ctx's threads (pass threads = 1 inside another
// parallel task); the result does not depend on the thread count. row_space: see SvmRowSpace.
// std::invalid_argument on inconsistent input.
struct SvmRowSpace;
LinearSvmModel fit_linear_svm(Eigen::Ref<const Eigen::MatrixXd> X, const std::vector<int>& labels,
                              std::size_t n_classes, const LinearSvmOptions& options,
                              Eigen::Ref<const Eigen::MatrixXd> warm = Eigen::MatrixXd(),
                              const RunContext& ctx = sequential_context(), SvmRowSpace* row_space = nullptr);

// The same on X̃ = [X, 1] given whole (n × (p + 1), last column all ones): for a caller that gathers wide data
// into that layout itself instead of paying for a second copy. std::invalid_argument without the ones column.
LinearSvmModel fit_linear_svm_augmented(const Eigen::MatrixXd& Xt, const std::vector<int>& labels,
                                        std::size_t n_classes, const LinearSvmOptions& options,
                                        Eigen::Ref<const Eigen::MatrixXd> warm = Eigen::MatrixXd(),
                                        const RunContext& ctx = sequential_context(),
                                        SvmRowSpace* row_space = nullptr);

// What a caller refitting on shrinking column sets of the same rows (recursive elimination at width, p ≫ n) keeps
// between fits so that the Newton solver can work in the n-dimensional row space:
// - gram: X̃X̃ᵀ = XXᵀ + 1 (n × n, lower triangle read), kept current by the caller (linear_svm_row_gram, then
//   downdates for removed columns);
// - beta: per problem (K' rows) the β with w̃ = X̃ᵀβ of the last fit, written by fit_linear_svm; a row of NaN when
//   that problem's solution has no such form (liblinear's hand-off). Empty before the first fit. A warm start must
//   be that last fit's w̃ with columns deleted, so that it equals X̃ᵀβ on the remaining columns.
// A problem starts from its β row when it is finite, from 0 when no warm start is given at all, and otherwise from
// the warm w̃ with the row-space system read from gram. The iterates equal the plain path's in exact arithmetic.
struct SvmRowSpace {
  Eigen::MatrixXd gram;
  Eigen::MatrixXd beta;
};

// X̃X̃ᵀ = XXᵀ + 1 for SvmRowSpace::gram, lower triangle filled (the upper one is not set).
Eigen::MatrixXd linear_svm_row_gram(Eigen::Ref<const Eigen::MatrixXd> X);

// f(w̃) and ∇f(w̃) of the problem (for tests and diagnostics); w_tilde has p + 1 values (w, b).
double linear_svm_objective(Eigen::Ref<const Eigen::MatrixXd> X, Eigen::Ref<const Eigen::VectorXd> y, double C,
                            Eigen::Ref<const Eigen::VectorXd> w_tilde);
Eigen::VectorXd linear_svm_gradient(Eigen::Ref<const Eigen::MatrixXd> X, Eigen::Ref<const Eigen::VectorXd> y, double C,
                                    Eigen::Ref<const Eigen::VectorXd> w_tilde);

}  // namespace featrel
