// The finite Newton method for the squared-hinge SVM (docs/crfe.md#one-vs-all-linear-svm; Mangasarian 2002, Keerthi & DeCoste
// 2005). f is piecewise quadratic, so with the generalised Hessian H = I + 2C·X̃_IᵀX̃_I of the current active set
// the full Newton step is exact once the active set stops changing: from a warm start (CRFE's previous step) that
// takes 2–4 iterations. Armijo backtracking keeps every step a descent step while the active set still moves.
// With more features than active rows (omics width) the Newton system is solved in the k × k row space instead.
#include <Eigen/Cholesky>
#include <cmath>

#include "models/linear_svm_detail.hpp"

namespace featrel::models::svm_detail {

namespace {

// C·Σ_i max(0, 1 − y_i(z_i + t·u_i))², summed in row order (the order fixes the last bits).
double loss_along(const Eigen::VectorXd& z, const Eigen::VectorXd& u, const Eigen::VectorXd& y, double t, double C) {
  double s = 0.0;
  const Eigen::Index n = z.size();
  for (Eigen::Index i = 0; i < n; ++i) {
    const double margin = 1.0 - y[i] * (z[i] + t * u[i]);
    if (margin > 0.0) s += margin * margin;
  }
  return C * s;
}

double loss_at(const Eigen::VectorXd& z, const Eigen::VectorXd& y, double C) {
  double s = 0.0;
  const Eigen::Index n = z.size();
  for (Eigen::Index i = 0; i < n; ++i) {
    const double margin = 1.0 - y[i] * z[i];
    if (margin > 0.0) s += margin * margin;
  }
  return C * s;
}

constexpr double kArmijo = 0.01;  // sufficient-decrease constant of the spec
constexpr int kMaxHalvings = 60;  // t = 2⁻⁶⁰: the step no longer moves w̃

// Armijo backtracking along d from w̃ (both the w̃ and the β form): ww = ‖w̃‖², wd = w̃ᵀd, dd = ‖d‖², gd = gᵀd,
// z = X̃w̃, u = X̃d. Halves t from 1 until f(w̃ + td) ≤ f + 0.01·t·gᵀd; returns false when no t is accepted.
bool armijo(const Eigen::VectorXd& z, const Eigen::VectorXd& u, const Eigen::VectorXd& y, double C, double f,
            double ww, double wd, double dd, double gd, double& t, double& f_new) {
  t = 1.0;
  for (int h = 0; h <= kMaxHalvings; ++h) {
    f_new = 0.5 * (ww + 2.0 * t * wd + t * t * dd) + loss_along(z, u, y, t, C);
    if (f_new <= f + kArmijo * t * gd) return true;
    t *= 0.5;
  }
  return false;
}

// The stop rule of both Newton loops: converged at ‖∇f‖ ≤ gtol, otherwise stopped at the iteration cap.
template <typename Outcome>
bool finished(Outcome& out, double gtol, int max_iter) {
  if (out.gradient_norm <= gtol) {
    out.converged = true;
    return true;
  }
  if (out.iterations >= max_iter) {
    out.stop_note = "iteration cap";
    return true;
  }
  return false;
}

// S = I/(2C) + K_II (lower triangle) for the active rows I, read from the row Gram K = X̃X̃ᵀ.
void gather_row_system(const Eigen::MatrixXd& K, const std::vector<Eigen::Index>& active, double C,
                       Eigen::MatrixXd& S) {
  const auto k = static_cast<Eigen::Index>(active.size());
  S.resize(k, k);
  for (Eigen::Index c = 0; c < k; ++c) {
    const Eigen::Index gc = active[static_cast<std::size_t>(c)];
    for (Eigen::Index r = c; r < k; ++r) S(r, c) = K(active[static_cast<std::size_t>(r)], gc);
    S(c, c) += 0.5 / C;
  }
}

// tol·max(min(n₊, n₋), 1)/n, the factor of ‖∇f(0)‖ in liblinear's stop threshold.
double tolerance_factor(const Eigen::VectorXd& y, double tol) {
  Eigen::Index n_pos = 0;
  for (Eigen::Index i = 0; i < y.size(); ++i)
    if (y[i] > 0) ++n_pos;
  const Eigen::Index n = y.size();
  const Eigen::Index n_neg = n - n_pos;
  const double smaller = static_cast<double>(std::max<Eigen::Index>(std::min(n_pos, n_neg), 1));
  return tol * smaller / static_cast<double>(n);
}

}  // namespace

double gradient_tolerance(const Eigen::MatrixXd& Xt, const Eigen::VectorXd& y, double C, double tol) {
  const Eigen::VectorXd g0 = (-2.0 * C) * (Xt.transpose() * y);
  return tolerance_factor(y, tol) * g0.norm();
}

double gradient_tolerance_from_gram(const Eigen::MatrixXd& K, const Eigen::VectorXd& y, double C, double tol) {
  const Eigen::VectorXd Ky = K.selfadjointView<Eigen::Lower>() * y;
  return tolerance_factor(y, tol) * 2.0 * C * std::sqrt(std::max(0.0, y.dot(Ky)));
}

Eigen::VectorXd gradient(const Eigen::MatrixXd& Xt, const Eigen::VectorXd& y, double C, const Eigen::VectorXd& w) {
  const Eigen::VectorXd z = Xt * w;
  Eigen::VectorXd c = Eigen::VectorXd::Zero(z.size());
  for (Eigen::Index i = 0; i < z.size(); ++i)
    if (y[i] * z[i] < 1.0) c[i] = z[i] - y[i];
  Eigen::VectorXd g = w;
  g.noalias() += (2.0 * C) * (Xt.transpose() * c);
  return g;
}

NewtonOutcome newton_solve(const Eigen::MatrixXd& Xt, const Eigen::VectorXd& y, double C, double gtol,
                           Eigen::VectorXd w0, int max_iter, NewtonSystem system, const Eigen::MatrixXd* row_gram) {
  const Eigen::Index n = Xt.rows();
  const Eigen::Index m = Xt.cols();
  NewtonOutcome out;
  Eigen::VectorXd& w = out.w;
  w = std::move(w0);

  Eigen::VectorXd z(n), u(n), c(n), g(m), d(m);
  z.noalias() = Xt * w;
  double f = 0.5 * w.squaredNorm() + loss_at(z, y, C);
  std::vector<Eigen::Index> active;
  active.reserve(static_cast<std::size_t>(n));
  Eigen::MatrixXd A;  // X̃_I, gathered per iteration
  Eigen::MatrixXd H, S;  // m × m Hessian, or the k × k Woodbury system
  Eigen::LLT<Eigen::MatrixXd> llt, llt_k;

  for (;;) {
    active.clear();
    for (Eigen::Index i = 0; i < n; ++i) {
      if (y[i] * z[i] < 1.0) {
        active.push_back(i);
        c[i] = z[i] - y[i];
      } else {
        c[i] = 0.0;
      }
    }
    g = w;
    g.noalias() += (2.0 * C) * (Xt.transpose() * c);
    out.gradient_norm = g.norm();
    if (finished(out, gtol, max_iter)) return out;

    // Generalised Hessian on the active rows; H ⪰ I, so the Cholesky factorisation always exists.
    const Eigen::Index k = static_cast<Eigen::Index>(active.size());
    const bool row_space = k < m && system == NewtonSystem::automatic;
    if (row_space && row_gram != nullptr) {
      // The same row-space step with AAᵀ read from the caller's X̃X̃ᵀ; Ag and Aᵀv through X̃ (no gather of A).
      gather_row_system(*row_gram, active, C, S);
      llt_k.compute(S);
      d = g;
      if (k > 0) {
        u.noalias() = Xt * g;
        Eigen::VectorXd v(k);
        for (Eigen::Index r = 0; r < k; ++r) v[r] = u[active[static_cast<std::size_t>(r)]];
        v = llt_k.solve(v);
        u.setZero();
        for (Eigen::Index r = 0; r < k; ++r) u[active[static_cast<std::size_t>(r)]] = v[r];
        d.noalias() -= Xt.transpose() * u;
      }
    } else {
      A.resize(k, m);
      for (Eigen::Index j = 0; j < m; ++j) {
        const double* col = Xt.col(j).data();
        double* dst = A.col(j).data();
        for (Eigen::Index r = 0; r < k; ++r) dst[r] = col[active[static_cast<std::size_t>(r)]];
      }
      if (row_space) {
        // Fewer active rows than features (wide data): the same step through the Woodbury identity,
        // H⁻¹g = g − Aᵀ(I/(2C) + AAᵀ)⁻¹Ag, a k × k factorisation instead of m × m. Equal in exact arithmetic, so
        // the iterates and the solution agree with the m × m path to rounding (tests/models/test_linear_svm.cpp).
        S.setIdentity(k, k);
        S *= 0.5 / C;
        if (k > 0) S.selfadjointView<Eigen::Lower>().rankUpdate(A, 1.0);
        llt_k.compute(S);
        d = g;
        if (k > 0) d.noalias() -= A.transpose() * llt_k.solve(A * g);
      } else {
        H.setIdentity(m, m);
        if (k > 0) H.selfadjointView<Eigen::Lower>().rankUpdate(A.transpose(), 2.0 * C);
        llt.compute(H);
        d = llt.solve(g);
      }
    }
    d = -d;

    u.noalias() = Xt * d;
    const double gd = g.dot(d);
    const double ww = w.squaredNorm(), wd = w.dot(d), dd = d.squaredNorm();
    double t = 1.0, f_new = f;
    if (!armijo(z, u, y, C, f, ww, wd, dd, gd, t, f_new)) {
      out.stop_note = "line search";
      return out;
    }
    w.noalias() += t * d;
    z.noalias() += t * u;
    f = f_new;
    ++out.iterations;
  }
}

RowNewtonOutcome newton_solve_rows(const Eigen::MatrixXd& K, const Eigen::VectorXd& y, double C, double gtol,
                                   Eigen::VectorXd beta0, int max_iter) {
  const Eigen::Index n = K.rows();
  RowNewtonOutcome out;
  Eigen::VectorXd& beta = out.beta;
  beta = std::move(beta0);
  const auto Ks = K.selfadjointView<Eigen::Lower>();
  Eigen::VectorXd z(n), gamma(n), Kgamma(n), delta(n), u(n);
  z.noalias() = Ks * beta;  // X̃w̃
  double ww = beta.dot(z);  // ‖w̃‖²
  double f = 0.5 * ww + loss_at(z, y, C);
  std::vector<Eigen::Index> active;
  active.reserve(static_cast<std::size_t>(n));
  Eigen::MatrixXd S;
  Eigen::LLT<Eigen::MatrixXd> llt;
  for (;;) {
    // g = w̃ + 2C·X̃ᵀc = X̃ᵀγ with γ = β + 2C·c.
    active.clear();
    gamma = beta;
    for (Eigen::Index i = 0; i < n; ++i) {
      if (y[i] * z[i] < 1.0) {
        active.push_back(i);
        gamma[i] += 2.0 * C * (z[i] - y[i]);
      }
    }
    Kgamma.noalias() = Ks * gamma;
    out.gradient_norm = std::sqrt(std::max(0.0, gamma.dot(Kgamma)));
    if (finished(out, gtol, max_iter)) return out;
    // d = −(g − X̃_Iᵀ(I/(2C) + X̃_IX̃_Iᵀ)⁻¹X̃_I g) = X̃ᵀδ; X̃_I g = (Kγ)_I.
    const Eigen::Index k = static_cast<Eigen::Index>(active.size());
    delta = -gamma;
    if (k > 0) {
      gather_row_system(K, active, C, S);
      Eigen::VectorXd v(k);
      for (Eigen::Index r = 0; r < k; ++r) v[r] = Kgamma[active[static_cast<std::size_t>(r)]];
      llt.compute(S);
      v = llt.solve(v);
      for (Eigen::Index r = 0; r < k; ++r) delta[active[static_cast<std::size_t>(r)]] += v[r];
    }
    u.noalias() = Ks * delta;  // X̃d
    const double gd = gamma.dot(u), wd = beta.dot(u), dd = delta.dot(u);
    double t = 1.0, f_new = f;
    if (!armijo(z, u, y, C, f, ww, wd, dd, gd, t, f_new)) {
      out.stop_note = "line search";
      return out;
    }
    beta.noalias() += t * delta;
    z.noalias() += t * u;
    ww = beta.dot(z);
    f = f_new;
    ++out.iterations;
  }
}

}  // namespace featrel::models::svm_detail
