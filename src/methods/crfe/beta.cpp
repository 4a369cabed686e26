// β measures (docs/crfe.md#beta-measures): each feature's additive share of the selection rows' total non-conformity, without
// the bias terms; the fast form from class-wise column sums (one O(n·p) pass per split, O(K·p_t) per step) and
// the direct form it must agree with; RFE's squared-weight importance; the removal order of one step.
#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "featrel/crfe.hpp"

namespace featrel::crfe {

ClassSums class_sums(Eigen::Ref<const Eigen::MatrixXd> X, const std::vector<int>& labels, std::size_t n_classes) {
  if (static_cast<Eigen::Index>(labels.size()) != X.rows())
    throw std::invalid_argument("class_sums: labels and rows differ");
  const Eigen::Index p = X.cols();
  ClassSums s;
  s.per_class = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(n_classes), p);
  // Column by column, rows in order: a fixed summation order.
  for (Eigen::Index j = 0; j < p; ++j)
    for (Eigen::Index i = 0; i < X.rows(); ++i) s.per_class(labels[static_cast<std::size_t>(i)], j) += X(i, j);
  s.total = s.per_class.colwise().sum().transpose();
  if (n_classes == 2) {
    s.signed_sum.resize(p);
    for (Eigen::Index j = 0; j < p; ++j) {
      double v = 0.0;
      for (Eigen::Index i = 0; i < X.rows(); ++i) v += labels[static_cast<std::size_t>(i)] == 1 ? X(i, j) : -X(i, j);
      s.signed_sum[j] = v;
    }
  }
  return s;
}

Eigen::VectorXd beta_fast(const ClassSums& sums, Eigen::Ref<const Eigen::MatrixXd> W, double lambda,
                          const std::vector<std::size_t>& columns) {
  const Eigen::Index p = W.cols();
  const auto col = [&](Eigen::Index j) -> Eigen::Index {
    return columns.empty() ? j : static_cast<Eigen::Index>(columns[static_cast<std::size_t>(j)]);
  };
  if (!columns.empty() && static_cast<Eigen::Index>(columns.size()) != p)
    throw std::invalid_argument("beta_fast: columns and W differ in size");
  Eigen::VectorXd beta(p);
  if (W.rows() == 1) {
    if (sums.signed_sum.size() == 0) throw std::invalid_argument("beta_fast: a binary W needs two-class sums");
    for (Eigen::Index j = 0; j < p; ++j) beta[j] = -W(0, j) * sums.signed_sum[col(j)];
    return beta;
  }
  const Eigen::Index K = W.rows();
  if (K != sums.per_class.rows()) throw std::invalid_argument("beta_fast: W rows and classes differ");
  const double lp = (1.0 - lambda) / static_cast<double>(K - 1);
  for (Eigen::Index j = 0; j < p; ++j) {
    const Eigen::Index c = col(j);
    double own = 0.0, wsum = 0.0;
    for (Eigen::Index k = 0; k < K; ++k) {
      own += W(k, j) * sums.per_class(k, c);
      wsum += W(k, j);
    }
    beta[j] = -(lambda + lp) * own + lp * wsum * sums.total[c];
  }
  return beta;
}

Eigen::VectorXd beta_direct(Eigen::Ref<const Eigen::MatrixXd> X, const std::vector<int>& labels, std::size_t n_classes,
                            Eigen::Ref<const Eigen::MatrixXd> W, double lambda) {
  const Eigen::Index p = W.cols();
  Eigen::VectorXd beta = Eigen::VectorXd::Zero(p);
  if (W.rows() == 1) {
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
      const double y = labels[static_cast<std::size_t>(i)] == 1 ? 1.0 : -1.0;
      for (Eigen::Index j = 0; j < p; ++j) beta[j] -= W(0, j) * y * X(i, j);
    }
    return beta;
  }
  const Eigen::Index K = W.rows();
  if (static_cast<std::size_t>(K) != n_classes) throw std::invalid_argument("beta_direct: W rows and classes differ");
  const double lp = (1.0 - lambda) / static_cast<double>(K - 1);
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    const Eigen::Index yi = labels[static_cast<std::size_t>(i)];
    for (Eigen::Index j = 0; j < p; ++j) {
      double others = 0.0;
      for (Eigen::Index k = 0; k < K; ++k)
        if (k != yi) others += W(k, j);
      beta[j] -= X(i, j) * (lambda * W(yi, j) - lp * others);
    }
  }
  return beta;
}

Eigen::VectorXd rfe_importance(Eigen::Ref<const Eigen::MatrixXd> W) {
  return W.array().square().colwise().sum().transpose();
}

std::vector<std::size_t> removal_order(const Eigen::VectorXd& scores, std::size_t s, bool largest_first) {
  std::vector<std::size_t> order(static_cast<std::size_t>(scores.size()));
  std::iota(order.begin(), order.end(), std::size_t{0});
  s = std::min(s, order.size());
  const auto worse = [&](std::size_t a, std::size_t b) {
    const double va = scores[static_cast<Eigen::Index>(a)], vb = scores[static_cast<Eigen::Index>(b)];
    if (va != vb) return largest_first ? va > vb : va < vb;
    return a < b;  // ties: the lower position goes first
  };
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(s), order.end(), worse);
  order.resize(s);
  return order;
}

}  // namespace featrel::crfe
