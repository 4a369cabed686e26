// The baseline model and the model class around it (docs/fri.md#baseline-and-model-class): N = ‖w*‖₁, L* = Σξ*, μ = (1 + δ_w)·N and
// ρ = max((1 + δ_ℓ)·L*, L* + z·SE(L*), ρ_min), the middle term only under the calibrated budget
// (docs/fri.md#what-the-model-class-means). The floor ρ_min keeps the class from collapsing to a hard-margin problem
// when the baseline has no loss (separable data), which the reference allows (docs/fri.md#departures-from-the-reference item 5).
#include <algorithm>
#include <cmath>

#include "featrel/error.hpp"
#include "methods/fri/fri_internal.hpp"

namespace featrel::fri::detail {

double loss_floor(const Problem& pb, const Options& o) {
  return o.loss_floor * (pb.task == LpTask::regression ? pb.s_y : 1.0);
}

double loss_standard_error(const std::vector<double>& sample_losses) {
  // SE of the sum Σξ_i when the rows are resampled (the bootstrap SE of L* with the model held fixed):
  // √(n · s²) with s² the sample variance of the per-sample losses.
  const std::size_t n = sample_losses.size();
  if (n < 2) return 0.0;
  double mean = 0.0;
  for (double v : sample_losses) mean += v;
  mean /= static_cast<double>(n);
  double ss = 0.0;
  for (double v : sample_losses) ss += (v - mean) * (v - mean);
  return std::sqrt(static_cast<double>(n) * ss / static_cast<double>(n - 1));
}

ModelClass model_class_of(const LpModelFit& f, const Problem& pb, const Options& o) {
  ModelClass mc;
  const double N = f.l1_norm, L = f.loss;
  // The L1 budget stays at the baseline's norm (numerical δ_w only): the class holds models no more complex than
  // the best one, and the calibrated part concerns the fit only, as in the one-SE rule.
  mc.mu = (1.0 + o.w_l1_slack) * N;
  double relaxed = (1.0 + o.loss_slack) * L;
  mc.budget = o.budget;
  if (o.budget == Budget::calibrated) {
    mc.loss_se = loss_standard_error(f.sample_losses);
    relaxed = std::max(relaxed, L + o.budget_se * mc.loss_se);
  }
  const double floor = loss_floor(pb, o);
  mc.rho = std::max(relaxed, floor);
  mc.rho_floor_active = floor > relaxed;
  return mc;
}

Fit fit_baseline(const Problem& pb, const Options& o, const Hyper& hyper, const LpBasis& warm,
                 PhaseAccumulator& phase, bool certificates) {
  Fit fit;
  fit.C = hyper.C;
  fit.epsilon = hyper.epsilon;
  LpSvm lp = make_lp(pb, o, hyper.epsilon);
  LpModelFit f;
  try {
    // From the search's basis at the chosen point (first fold): the held-out rows come back as deferred lazy rows,
    // so this is a short dual re-solve instead of a cold solve on all rows.
    f = warm.empty() ? lp.fit_baseline(hyper.C) : lp.fit_baseline(hyper.C, warm);
  } catch (const SolverError& e) {
    throw SolverError("fri: " + pb.prefix() + "baseline: " + e.what());
  }
  fit.basis = lp.save_basis();
  Baseline& b = fit.baseline;
  b.l1_norm = f.l1_norm;
  b.loss = f.loss;
  b.bias = pb.task == LpTask::ordinal ? 0.0 : f.bias;
  b.thresholds = f.thresholds;
  std::vector<int> all(static_cast<std::size_t>(pb.n()));
  for (int i = 0; i < pb.n(); ++i) all[static_cast<std::size_t>(i)] = i;
  b.train_score = score(lp, f, pb, o, all);
  b.weights.assign(static_cast<std::size_t>(pb.d()), 0.0);
  for (int j : pb.active) b.weights[static_cast<std::size_t>(j)] = f.w[j];
  b.n_nonzero = 0;
  double normal_norm = 0.0;
  for (int j : pb.active) {
    if (std::abs(f.w[j]) > 1e-9 * f.l1_norm) ++b.n_nonzero;
    normal_norm += std::abs(f.w[j]);
  }
  // Privileged columns: w*_j with one correcting function, Σ_c |w*_{c,j}| with two (docs/fri.md#privileged-information-lupi).
  for (std::size_t q = 0; q < pb.priv_active.size(); ++q) {
    const Eigen::Index row = static_cast<Eigen::Index>(q);
    double v = f.priv_w(row, 0);
    if (f.priv_w.cols() == 2) v = std::abs(f.priv_w(row, 0)) + std::abs(f.priv_w(row, 1));
    b.weights[static_cast<std::size_t>(pb.priv_active[q])] = v;
  }
  b.privileged_l1_norm = f.priv_l1_norm;
  // The model predicts from the normal block only: without normal weights it is the constant model, whatever the
  // correcting functions do.
  b.constant_model = !(normal_norm > kConstantModelNorm);
  fit.N = f.l1_norm;
  fit.model_class = model_class_of(f, pb, o);
  if (certificates && pb.priv_active.empty()) {
    const WeightCertificates cert = lp.weight_certificates(fit.model_class.mu, fit.model_class.rho);
    fit.max_weight.assign(cert.max_weight.begin(), cert.max_weight.end());
    fit.max_minus_weight.assign(cert.max_minus_weight.begin(), cert.max_minus_weight.end());
  }
  phase.add(lp.counters());
  return fit;
}

}  // namespace featrel::fri::detail
