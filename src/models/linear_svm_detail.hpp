// Internals of the linear SVM (include/featrel/linear_svm.hpp): the two back ends on the augmented matrix
// X̃ = [X, 1] (n × m, m = p + 1, the constant column last), shared by fit_binary_svm and fit_linear_svm.
#pragma once

#include <linear.h>

#include <Eigen/Dense>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace featrel::models::svm_detail {

// liblinear's stop threshold tol·max(min(n₊, n₋), 1)/n·‖∇f(0)‖ with ∇f(0) = −2C·X̃ᵀy (every row is active at 0).
double gradient_tolerance(const Eigen::MatrixXd& Xt, const Eigen::VectorXd& y, double C, double tol);
// The same from the row Gram K = X̃X̃ᵀ (‖X̃ᵀy‖² = yᵀKy): O(n²) instead of O(nm); equal to rounding.
double gradient_tolerance_from_gram(const Eigen::MatrixXd& K, const Eigen::VectorXd& y, double C, double tol);

// ∇f(w̃) = w̃ + 2C·X̃_Iᵀ(z_I − y_I), z = X̃w̃, I = {i : y_i z_i < 1}.
Eigen::VectorXd gradient(const Eigen::MatrixXd& Xt, const Eigen::VectorXd& y, double C, const Eigen::VectorXd& w);

struct NewtonOutcome {
  Eigen::VectorXd w;       // m values (w, b)
  int iterations = 0;      // Newton steps taken
  bool converged = false;  // ‖∇f‖ ≤ gtol reached
  double gradient_norm = 0.0;
  std::string stop_note;  // why it stopped without converging ("iteration cap", "line search")
};

// How the Newton system is solved: `automatic` uses the k × k row-space (Woodbury) form when fewer rows are active
// than there are columns, `full` always the m × m Hessian (the plain path the fast one is tested against).
enum class NewtonSystem { automatic, full };

// The finite Newton method from w0 (m values) until ‖∇f‖ ≤ gtol or max_iter steps. row_gram, when given, is
// X̃X̃ᵀ (n × n, lower triangle read): the row-space system is then gathered from it in O(k²) instead of formed
// from the active rows in O(k²m), which is what recursive elimination at omics width spends its time on.
NewtonOutcome newton_solve(const Eigen::MatrixXd& Xt, const Eigen::VectorXd& y, double C, double gtol,
                           Eigen::VectorXd w0, int max_iter, NewtonSystem system = NewtonSystem::automatic,
                           const Eigen::MatrixXd* row_gram = nullptr);

struct RowNewtonOutcome {
  Eigen::VectorXd beta;    // n values: w̃ = X̃ᵀβ
  int iterations = 0;
  bool converged = false;
  double gradient_norm = 0.0;
  std::string stop_note;
};

// The same finite Newton method with w̃ kept as X̃ᵀβ: every quantity it needs is a product with the row Gram
// K = X̃X̃ᵀ (lower triangle read), so an iteration costs O(n²) instead of O(nm). Starts from w̃0 = X̃ᵀβ0 (β0 = 0, or
// the previous elimination step's β: deleting columns of X̃ᵀβ gives X̃'ᵀβ). Equal to newton_solve's iterates in
// exact arithmetic whenever newton_solve takes its row-space steps (k < m).
RowNewtonOutcome newton_solve_rows(const Eigen::MatrixXd& K, const Eigen::VectorXd& y, double C, double gtol,
                                   Eigen::VectorXd beta0, int max_iter);

// X̃'s rows as liblinear feature_node arrays (zeros skipped, the bias node {m, 1} last), built once per matrix
// and shared read-only by every problem on it (liblinear's train() copies row pointers, never the nodes).
class LiblinearRows {
 public:
  explicit LiblinearRows(const Eigen::MatrixXd& Xt);
  int n_rows() const { return static_cast<int>(rows_.size()); }
  int n_columns() const { return m_; }
  feature_node** rows() const { return const_cast<feature_node**>(rows_.data()); }

 private:
  int m_ = 0;
  std::vector<feature_node> nodes_;
  std::vector<feature_node*> rows_;
};

// Built on first use from any of the threads that share one X̃.
class LazyLiblinearRows {
 public:
  explicit LazyLiblinearRows(const Eigen::MatrixXd& Xt) : Xt_(Xt) {}
  const LiblinearRows& get() const {
    std::call_once(once_, [this] { rows_ = std::make_unique<LiblinearRows>(Xt_); });
    return *rows_;
  }

 private:
  const Eigen::MatrixXd& Xt_;
  mutable std::once_flag once_;
  mutable std::unique_ptr<LiblinearRows> rows_;
};

struct LiblinearOutcome {
  Eigen::VectorXd w;                  // m values (w, b), oriented to the +1 class
  int iterations = 0;                 // TRON iterations reported
  bool hit_cap = false;               // "reaching max number of iterations"
  std::vector<std::string> warnings;  // other liblinear warnings
};

// liblinear 2.3, L2R_L2LOSS_SVC with eps = tol, bias 1, init_sol = w0 when given (m values).
LiblinearOutcome liblinear_solve(const LiblinearRows& rows, const Eigen::VectorXd& y, double C, double tol,
                                 const Eigen::VectorXd* w0);

}  // namespace featrel::models::svm_detail
