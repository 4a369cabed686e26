// The correlation-like measures mRMR turns into Gaussian "mutual information" (gaussian_mi.cpp,
// docs/selectors.md#mrmr): Pearson r, mRMRe's Somers' D against ordered class codes, and η² against unordered
// classes.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include "featrel/error.hpp"
#include "featrel/selectors.hpp"

namespace featrel::selectors {

double pearson(const Eigen::Ref<const Eigen::VectorXd>& a, const Eigen::Ref<const Eigen::VectorXd>& b) {
  if (a.size() != b.size() || a.size() < 2) return 0.0;
  const Eigen::ArrayXd ca = a.array() - a.mean();
  const Eigen::ArrayXd cb = b.array() - b.mean();
  const double saa = ca.square().sum(), sbb = cb.square().sum();
  if (saa <= 0.0 || sbb <= 0.0) return 0.0;
  return (ca * cb).sum() / std::sqrt(saa * sbb);
}

namespace {

// Counts of class codes < c among the rows entered so far, by a Fenwick tree over the K codes.
class Fenwick {
 public:
  explicit Fenwick(std::size_t n) : tree_(n + 1, 0) {}
  void add(std::size_t code, double v) {
    for (std::size_t i = code + 1; i < tree_.size(); i += i & (~i + 1)) tree_[i] += v;
  }
  // Sum over codes 0..code-1.
  double below(std::size_t code) const {
    double s = 0.0;
    for (std::size_t i = code; i > 0; i -= i & (~i + 1)) s += tree_[i];
    return s;
  }

 private:
  std::vector<double> tree_;
};

}  // namespace

namespace {

// mRMRe's Somers' D from the rows in ascending order of x: value(i) and code(i) of the i-th smallest.
// Over unordered pairs with different codes: concordant when the larger x has the larger code, discordant when it
// has the smaller code, tied when the x are equal. Rows are entered run by run of equal x, so that the counts
// hold exactly the rows with strictly smaller x. The order within a run does not matter.
template <typename Value, typename Code>
double count_somers(std::size_t n, std::size_t n_classes, Value value, Code code) {
  double concordant = 0.0, discordant = 0.0, tied = 0.0;
  if (n_classes == 2) {
    // Binary: counts of codes 0 and 1 below the current run, and in it.
    double below[2] = {0.0, 0.0};
    for (std::size_t start = 0; start < n;) {
      const double v = value(start);
      double run[2] = {0.0, 0.0};
      std::size_t end = start;
      for (; end < n && value(end) == v; ++end) run[code(end) == 0 ? 0 : 1] += 1.0;
      concordant += run[1] * below[0];
      discordant += run[0] * below[1];
      tied += run[0] * run[1];
      below[0] += run[0];
      below[1] += run[1];
      start = end;
    }
  } else {
    Fenwick entered(n_classes);
    std::vector<double> class_count(n_classes, 0.0), run_count(n_classes, 0.0);
    double seen = 0.0;
    for (std::size_t start = 0; start < n;) {
      const double v = value(start);
      std::size_t end = start;
      double run_size = 0.0;
      for (; end < n && value(end) == v; ++end) {
        const auto c = static_cast<std::size_t>(code(end));
        const double smaller_code = entered.below(c);
        concordant += smaller_code;
        discordant += seen - smaller_code - class_count[c];
        // Earlier rows of this run with a different code are tied on x.
        tied += run_size - run_count[c];
        run_count[c] += 1.0;
        run_size += 1.0;
      }
      for (std::size_t i = start; i < end; ++i) {
        const auto c = static_cast<std::size_t>(code(i));
        entered.add(c, 1.0);
        class_count[c] += 1.0;
        run_count[c] = 0.0;
        seen += 1.0;
      }
      start = end;
    }
  }
  const double relevant = concordant + discordant + tied;
  if (relevant <= 0.0) return 0.0;
  // mRMRe's concordance index c = C/(C + D + T): ties on x count against concordance, so D_S = 2c − 1.
  return (concordant - discordant - tied) / relevant;
}

void check_codes(std::size_t n, const std::vector<int>& codes) {
  if (codes.size() != n)
    throw InputError("somers_d: " + std::to_string(n) + " values but " + std::to_string(codes.size()) + " codes");
}

}  // namespace

double somers_d(const Eigen::Ref<const Eigen::VectorXd>& x, const std::vector<int>& codes, std::size_t n_classes) {
  const std::size_t n = static_cast<std::size_t>(x.size());
  check_codes(n, codes);
  // Contiguous (value, code) pairs sort several times faster than indices into x.
  std::vector<std::pair<double, int>> sorted(n);
  for (std::size_t i = 0; i < n; ++i) sorted[i] = {x[static_cast<Eigen::Index>(i)], codes[i]};
  std::sort(sorted.begin(), sorted.end(),
            [](const std::pair<double, int>& a, const std::pair<double, int>& b) { return a.first < b.first; });
  return count_somers(
      n, n_classes, [&](std::size_t i) { return sorted[i].first; }, [&](std::size_t i) { return sorted[i].second; });
}

double somers_d(const Eigen::Ref<const Eigen::VectorXd>& x, const std::vector<int>& codes, std::size_t n_classes,
                const std::vector<int>& ascending) {
  const std::size_t n = static_cast<std::size_t>(x.size());
  check_codes(n, codes);
  if (ascending.size() != n) return somers_d(x, codes, n_classes);
  return count_somers(
      n, n_classes, [&](std::size_t i) { return x[ascending[i]]; },
      [&](std::size_t i) { return codes[static_cast<std::size_t>(ascending[i])]; });
}

double eta_squared(const Eigen::Ref<const Eigen::VectorXd>& x, const std::vector<int>& codes,
                   std::size_t n_classes) {
  const std::size_t n = static_cast<std::size_t>(x.size());
  if (codes.size() != n || n == 0) return 0.0;
  const double mean = x.mean();
  std::vector<double> sum(n_classes, 0.0), count(n_classes, 0.0);
  double total = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<std::size_t>(codes[i]);
    sum[c] += x[i];
    count[c] += 1.0;
    total += (x[i] - mean) * (x[i] - mean);
  }
  if (total <= 0.0) return 0.0;
  double between = 0.0;
  for (std::size_t c = 0; c < n_classes; ++c)
    if (count[c] > 0.0) {
      const double d = sum[c] / count[c] - mean;
      between += count[c] * d * d;
    }
  return std::min(1.0, between / total);
}

}  // namespace featrel::selectors
