// The evaluation of one feature set (docs/ubayfs.md#set-evaluation, the reference's evaluateFS) and the correlations it
// reports: Spearman (average ranks), Pearson or Kendall's τ_b on the full input data.
#include <algorithm>
#include <cmath>
#include <limits>

#include "correlation.hpp"
#include "featrel/stats.hpp"
#include "objective.hpp"

namespace featrel::ubayfs {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double pearson(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  const Eigen::VectorXd x = a.array() - a.mean(), y = b.array() - b.mean();
  const double den = std::sqrt(x.squaredNorm() * y.squaredNorm());
  return den > 0 ? x.dot(y) / den : kNaN;
}

double kendall_tau_b(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  const Eigen::Index n = a.size();
  double concordant = 0, discordant = 0, ties_a = 0, ties_b = 0;
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = i + 1; j < n; ++j) {
      const double da = a[i] - a[j], db = b[i] - b[j];
      if (da == 0 && db == 0) continue;
      if (da == 0) ties_a += 1;
      else if (db == 0) ties_b += 1;
      else if ((da > 0) == (db > 0)) concordant += 1;
      else discordant += 1;
    }
  const double den = std::sqrt((concordant + discordant + ties_a) * (concordant + discordant + ties_b));
  return den > 0 ? (concordant - discordant) / den : kNaN;
}

Eigen::VectorXd ranks(const Eigen::VectorXd& v) {
  const std::vector<double> r = stats::average_ranks(std::vector<double>(v.data(), v.data() + v.size()));
  return Eigen::Map<const Eigen::VectorXd>(r.data(), static_cast<Eigen::Index>(r.size()));
}

}  // namespace

double correlation(const Eigen::MatrixXd& data, std::size_t i, std::size_t j, Correlation kind) {
  const Eigen::VectorXd a = data.col(static_cast<Eigen::Index>(i)), b = data.col(static_cast<Eigen::Index>(j));
  switch (kind) {
    case Correlation::pearson: return pearson(a, b);
    case Correlation::kendall: return kendall_tau_b(a, b);
    case Correlation::spearman: break;
  }
  return pearson(ranks(a), ranks(b));
}

Eigen::MatrixXd abs_correlation_matrix(const Eigen::MatrixXd& data, Correlation kind) {
  const Eigen::Index d = data.cols();
  Eigen::MatrixXd r = data;
  if (kind == Correlation::spearman)
    for (Eigen::Index j = 0; j < d; ++j) r.col(j) = ranks(data.col(j));
  Eigen::MatrixXd out = Eigen::MatrixXd::Identity(d, d);
  for (Eigen::Index i = 0; i < d; ++i)
    for (Eigen::Index j = i + 1; j < d; ++j) {
      const double c = kind == Correlation::kendall ? kendall_tau_b(r.col(i), r.col(j)) : pearson(r.col(i), r.col(j));
      out(i, j) = out(j, i) = std::isnan(c) ? 0.0 : std::abs(c);
    }
  return out;
}

SetEvaluation evaluate_set(const Problem& p, const std::vector<std::size_t>& features, const Eigen::MatrixXd* data,
                           Correlation kind) {
  const detail::Compiled c(p, p.admissibility);
  const auto bits = detail::to_bits(features, c.n);
  detail::State s(c);
  s.assign(bits);
  SetEvaluation e;
  e.features = detail::to_indices(bits);
  std::vector<double> chosen;
  for (std::size_t j : e.features) chosen.push_back(c.alpha_post[j]);
  std::sort(chosen.begin(), chosen.end());
  double sum = 0;
  for (double v : chosen) sum += v;
  e.posterior_feature_utility = sum / c.total;
  e.log_admissibility = s.log_admissibility();
  e.admissibility = std::exp(e.log_admissibility);
  const double u = c.utility(sum, s.log_adm_soft(), s.hard_violated());
  e.log_objective = u > 0 ? std::log(u) : -std::numeric_limits<double>::infinity();
  e.total_utility = u - p.lambda;
  e.log_total_utility = e.total_utility > 0 ? std::log(e.total_utility) : kNaN;
  for (std::size_t k = 0; k < c.rows.size(); ++k)
    if (s.u(k) > c.rows[k].b + 1e-9) e.violated_rows.push_back(k);
  e.avg_abs_correlation = kNaN;
  if (data != nullptr && e.features.size() >= 2) {
    double total = 0;
    std::size_t pairs = 0;
    for (std::size_t a = 0; a < e.features.size(); ++a)
      for (std::size_t b = a + 1; b < e.features.size(); ++b) {
        total += std::abs(correlation(*data, e.features[a], e.features[b], kind));
        ++pairs;
      }
    e.avg_abs_correlation = total / static_cast<double>(pairs);
  }
  return e;
}

double log_objective(const Problem& p, const std::vector<std::size_t>& features) {
  const detail::Compiled c(p, p.admissibility);
  return std::log(detail::exact_utility(c, detail::to_bits(features, c.n)));
}

double mh_log_target(const Problem& p, const std::vector<std::size_t>& features, double eta) {
  const detail::Compiled c(p, AdmissibilityMode::paper);
  detail::State s(c);
  s.assign(detail::to_bits(features, c.n));
  return detail::mh_log_pi(c, s, eta);
}

}  // namespace featrel::ubayfs
