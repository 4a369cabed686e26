// SFC step 8b, clusters (docs/boruta.md#sfc-steps): a redundant group that Boruta and M drop entirely leaves no
// member in V for step 8 to find partners of. Its members still correlate with one another, so a feature outside V
// with a near-copy outside V is tested added to V alone, where its copies cannot stand in for it. The search for
// such pairs is bounded (a pool of features ranked by Boruta's importance), and so is the number of tests. Under
// step 8c a group of near copies is tested once, through its member Boruta ranks highest.
#include <algorithm>
#include <cmath>

#include "featrel/stats.hpp"
#include "methods/boruta/sfc_internal.hpp"

namespace featrel::sfc::detail {

namespace {
// Columns per block of the screening product: a block's Gram slice is kBlock × |columns| doubles.
constexpr Eigen::Index kBlock = 256;
// The screen keeps pairs a rounding error below min_r; pearson_complete then decides.
constexpr double kScreenSlack = 1e-9;
}  // namespace

CorrelatedPairs correlated_pairs(const Eigen::MatrixXd& X, const std::vector<std::size_t>& columns, double min_r) {
  const std::size_t k = columns.size();
  const Eigen::Index n = X.rows();
  CorrelatedPairs out;
  out.peers.assign(k, {});
  out.largest.assign(k, 0.0);
  auto col = [&](std::size_t a) { return X.col(static_cast<Eigen::Index>(columns[a])).data(); };
  auto confirm = [&](std::size_t a, std::size_t b) {
    const double r = std::abs(stats::pearson_complete(col(a), col(b), static_cast<std::size_t>(n)));
    if (!(r >= min_r)) return;  // NaN (squares that overflow) is no correlation
    out.peers[a].push_back(b);
    out.peers[b].push_back(a);
    out.largest[a] = std::max(out.largest[a], r);
    out.largest[b] = std::max(out.largest[b], r);
  };
  // Complete columns, centred and scaled to unit norm: their Gram matrix holds the correlations.
  std::vector<std::size_t> complete, partial;
  for (std::size_t a = 0; a < k; ++a)
    (X.col(static_cast<Eigen::Index>(columns[a])).array().isNaN().any() ? partial : complete).push_back(a);
  Eigen::MatrixXd Z(n, static_cast<Eigen::Index>(complete.size()));
  std::vector<bool> usable(complete.size(), true);
  for (std::size_t c = 0; c < complete.size(); ++c) {
    auto z = Z.col(static_cast<Eigen::Index>(c));
    z = X.col(static_cast<Eigen::Index>(columns[complete[c]]));
    z.array() -= z.mean();
    const double norm = z.norm();
    if (norm > 0.0) z /= norm;
    else usable[c] = false;  // constant: r = 0 by pearson_complete's convention
  }
  const Eigen::Index m = Z.cols();
  for (Eigen::Index b0 = 0; b0 < m; b0 += kBlock) {
    const Eigen::Index bn = std::min(kBlock, m - b0);
    // Only pairs (a, b) with a in the block and b > a: the upper triangle.
    const Eigen::MatrixXd G = Z.middleCols(b0, bn).transpose() * Z.rightCols(m - b0);
    for (Eigen::Index i = 0; i < bn; ++i)
      for (Eigen::Index j = i + 1; j < m - b0; ++j)
        if (std::abs(G(i, j)) >= min_r - kScreenSlack && usable[static_cast<std::size_t>(b0 + i)] &&
            usable[static_cast<std::size_t>(b0 + j)])
          confirm(complete[static_cast<std::size_t>(b0 + i)], complete[static_cast<std::size_t>(b0 + j)]);
  }
  // Columns with missing values: every pair they are part of, over the rows both have.
  std::vector<bool> is_partial(k, false);
  for (std::size_t a : partial) is_partial[a] = true;
  for (std::size_t a : partial)
    for (std::size_t b = 0; b < k; ++b)
      if (b != a && (!is_partial[b] || b > a)) confirm(a, b);
  for (std::vector<std::size_t>& p : out.peers) std::sort(p.begin(), p.end());
  return out;
}

ClusterSearch cluster_candidates(const Eigen::MatrixXd& X, const std::vector<std::size_t>& V,
                                 const std::vector<bool>& constant, const std::vector<PartnerCandidate>& partners,
                                 const std::vector<double>& priority, double min_r, std::size_t max_tests,
                                 std::size_t max_pool, double copy_r) {
  ClusterSearch out;
  if (min_r <= 0.0 || max_tests == 0 || V.empty()) return out;
  const std::size_t d = static_cast<std::size_t>(X.cols());
  std::vector<bool> in_v(d, false), is_partner(d, false);
  for (std::size_t j : V) in_v[j] = true;
  for (const PartnerCandidate& p : partners) is_partner[p.feature] = true;
  std::vector<std::size_t> pool;
  for (std::size_t j = 0; j < d; ++j)
    if (!in_v[j] && !constant[j]) pool.push_back(j);
  auto ranked_before = [&](std::size_t a, std::size_t b) {
    return priority[a] != priority[b] ? priority[a] > priority[b] : a < b;
  };
  if (pool.size() > max_pool) {
    std::nth_element(pool.begin(), pool.begin() + static_cast<std::ptrdiff_t>(max_pool), pool.end(), ranked_before);
    pool.resize(max_pool);
    std::sort(pool.begin(), pool.end());
  }
  out.pool = pool.size();
  const CorrelatedPairs pairs = correlated_pairs(X, pool, min_r);
  std::vector<std::size_t> qualified;  // positions in pool
  for (std::size_t a = 0; a < pool.size(); ++a)
    if (!is_partner[pool[a]] && !pairs.peers[a].empty()) qualified.push_back(a);
  out.qualified = qualified.size();
  if (copy_r > 0.0) {
    // Near copies test one hypothesis: the member with the largest Boruta importance stands for its copies, so a
    // group costs one share of test_alpha, not one per member, and the cap counts groups.
    std::vector<std::size_t> order = qualified;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return ranked_before(pool[a], pool[b]); });
    std::vector<bool> chosen(pool.size(), false);
    std::vector<std::size_t> representatives;
    for (std::size_t a : order) {
      const bool copy = std::any_of(pairs.peers[a].begin(), pairs.peers[a].end(), [&](std::size_t b) {
        return chosen[b] && near_copy_correlation(X, pool[a], pool[b], copy_r).has_value();
      });
      if (copy) continue;
      chosen[a] = true;
      representatives.push_back(a);
    }
    out.represented = qualified.size() - representatives.size();
    std::sort(representatives.begin(), representatives.end());
    qualified = std::move(representatives);
  }
  if (qualified.size() > max_tests) {
    std::nth_element(qualified.begin(), qualified.begin() + static_cast<std::ptrdiff_t>(max_tests), qualified.end(),
                     [&](std::size_t a, std::size_t b) { return ranked_before(pool[a], pool[b]); });
    qualified.resize(max_tests);
    std::sort(qualified.begin(), qualified.end());
  }
  for (std::size_t a : qualified) {
    PartnerCandidate c;
    c.feature = pool[a];
    for (std::size_t b : pairs.peers[a]) c.peers.push_back(pool[b]);
    c.correlation = pairs.largest[a];
    c.design = V;
    c.design.insert(std::upper_bound(c.design.begin(), c.design.end(), c.feature), c.feature);
    out.candidates.push_back(std::move(c));
  }
  return out;
}

}  // namespace featrel::sfc::detail
