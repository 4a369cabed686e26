// The inductive conformal predictor of docs/crfe.md#conformal-evaluation: non-conformity from the OvA decision values (bias
// included), p-values against the calibration scores (strict "≥" count plus one, no over-count of the test point),
// prediction sets Γ = {y : p_y > ε} and the metrics over the test rows.
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "featrel/crfe.hpp"
#include "featrel/rng.hpp"

namespace featrel::crfe {

Eigen::MatrixXd nonconformity(Eigen::Ref<const Eigen::MatrixXd> D, std::size_t n_classes, double lambda) {
  const Eigen::Index n = D.rows();
  const Eigen::Index K = static_cast<Eigen::Index>(n_classes);
  Eigen::MatrixXd A(n, K);
  if (D.cols() == 1) {
    if (n_classes != 2) throw std::invalid_argument("nonconformity: one decision column needs two classes");
    // Binary α = −y·f with y = −1 for code 0 and +1 for code 1 (paper eq. (9) with θ = ±1).
    A.col(0) = D.col(0);
    A.col(1) = -D.col(0);
    return A;
  }
  if (D.cols() != K) throw std::invalid_argument("nonconformity: decision columns and classes differ");
  const double lp = (1.0 - lambda) / static_cast<double>(K - 1);
  for (Eigen::Index i = 0; i < n; ++i) {
    double total = 0.0;
    for (Eigen::Index k = 0; k < K; ++k) total += D(i, k);
    for (Eigen::Index y = 0; y < K; ++y) A(i, y) = -lambda * D(i, y) + lp * (total - D(i, y));
  }
  return A;
}

Eigen::MatrixXd conformal_pvalues(const std::vector<double>& calibration_scores,
                                  Eigen::Ref<const Eigen::MatrixXd> test_scores, PValue kind, std::uint64_t seed,
                                  const std::vector<std::size_t>& test_ids) {
  const Eigen::Index n_test = test_scores.rows();
  const Eigen::Index K = test_scores.cols();
  const double denom = static_cast<double>(calibration_scores.size()) + 1.0;
  std::vector<double> cal = calibration_scores;
  std::sort(cal.begin(), cal.end());
  Eigen::MatrixXd P(n_test, K);
  for (Eigen::Index r = 0; r < n_test; ++r) {
    for (Eigen::Index y = 0; y < K; ++y) {
      const double a = test_scores(r, y);
      const auto lo = std::lower_bound(cal.begin(), cal.end(), a);
      const auto hi = std::upper_bound(cal.begin(), cal.end(), a);
      const double geq = static_cast<double>(cal.end() - lo);
      if (kind == PValue::standard) {
        P(r, y) = (geq + 1.0) / denom;
      } else {
        const double greater = static_cast<double>(cal.end() - hi);
        const double equal = static_cast<double>(hi - lo);
        const std::uint64_t id =
            test_ids.empty() ? static_cast<std::uint64_t>(r) : test_ids[static_cast<std::size_t>(r)];
        rng::Rng u(rng::derive(seed, "smooth", id, static_cast<std::uint64_t>(y)));
        P(r, y) = (greater + u.uniform() * (equal + 1.0)) / denom;
      }
    }
  }
  return P;
}

ConformalMetrics conformal_metrics(Eigen::Ref<const Eigen::MatrixXd> pvalues, const std::vector<int>& labels,
                                   double significance) {
  const Eigen::Index n = pvalues.rows();
  const Eigen::Index K = pvalues.cols();
  ConformalMetrics m;
  if (n == 0) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    return ConformalMetrics{nan, nan, nan, nan, nan, nan, nan, nan, nan, nan};
  }
  if (static_cast<Eigen::Index>(labels.size()) != n)
    throw std::invalid_argument("conformal_metrics: labels and rows differ");
  for (Eigen::Index i = 0; i < n; ++i) {
    const int y = labels[static_cast<std::size_t>(i)];
    Eigen::Index size = 0;
    bool covered = false;
    double sum = 0.0, best = -1.0, second = -1.0;
    Eigen::Index argmax = 0;
    for (Eigen::Index k = 0; k < K; ++k) {
      const double p = pvalues(i, k);
      if (p > significance) {
        ++size;
        if (k == y) covered = true;
      }
      sum += p;
      if (p > best) {
        second = best;
        best = p;
        argmax = k;  // strict ">": ties keep the lowest label
      } else if (p > second) {
        second = p;
      }
    }
    m.coverage += covered;
    m.inefficiency += static_cast<double>(size);
    m.certainty += size == 1 && covered;  // Γ = {y}: a single label, the right one (paper Sec. 4.3)
    m.uncertainty += size == K;
    m.mistrust += size == 0;
    m.credibility += best;
    m.confidence += 1.0 - (K > 1 ? second : 0.0);
    m.s_score += sum;
    m.fuzziness += sum - best;
    m.pvalue_accuracy += argmax == y;
  }
  const double dn = static_cast<double>(n);
  for (double* v : {&m.coverage, &m.inefficiency, &m.certainty, &m.uncertainty, &m.mistrust, &m.credibility,
                    &m.confidence, &m.s_score, &m.fuzziness, &m.pvalue_accuracy})
    *v /= dn;
  return m;
}

}  // namespace featrel::crfe
