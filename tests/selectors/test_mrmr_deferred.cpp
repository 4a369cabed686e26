// mRMR's deferred greedy against the plain one: the dot-product kernel gives the same bits in a block as alone (and
// follows its documented summation order), and mrmr with any number of deferred picks returns the same picks and
// scores, bit for bit, as the greedy that updates every candidate at every pick — on wide data with exact
// duplicate columns (ties), for class and regression targets.
#include <gtest/gtest.h>

#include <vector>

#include "featrel/rng.hpp"
#include "featrel/selectors.hpp"
#include "methods/selectors/column_dots.hpp"
#include "methods/selectors/selectors_internal.hpp"

namespace {

using namespace featrel;
using selectors::detail::column_dots;
using selectors::detail::kDotLanes;
using selectors::detail::padded_stride;

// The documented order: lane i sums rows i, i + 4, … in row order, then (s0 + s1) + (s2 + s3).
double lane_dot(const double* a, const double* b, std::size_t stride) {
  double s[kDotLanes] = {0.0, 0.0, 0.0, 0.0};
  for (std::size_t k = 0; k < stride; k += kDotLanes)
    for (std::size_t i = 0; i < kDotLanes; ++i) {
      const double product = a[k + i] * b[k + i];
      s[i] = s[i] + product;
    }
  return (s[0] + s[1]) + (s[2] + s[3]);
}

TEST(ColumnDots, BlocksEqualSinglePairsAndTheDocumentedOrder) {
  rng::Rng r(5);
  for (const std::size_t rows : {1u, 3u, 4u, 37u, 150u}) {
    const std::size_t stride = padded_stride(rows);
    ASSERT_EQ(stride % kDotLanes, 0u);
    ASSERT_GE(stride, rows);
    const std::size_t n_a = 11, n_b = 23;
    std::vector<double> A(n_a * stride, 0.0), B(n_b * stride, 0.0);
    for (std::size_t c = 0; c < n_a; ++c)
      for (std::size_t k = 0; k < rows; ++k) A[c * stride + k] = r.normal() * 1e3;
    for (std::size_t c = 0; c < n_b; ++c)
      for (std::size_t k = 0; k < rows; ++k) B[c * stride + k] = r.normal() * 1e-2;
    std::vector<const double*> a(n_a), b(n_b);
    for (std::size_t c = 0; c < n_a; ++c) a[c] = A.data() + c * stride;
    for (std::size_t c = 0; c < n_b; ++c) b[c] = B.data() + c * stride;
    std::vector<double> block(n_a * n_b);
    column_dots(a.data(), n_a, b.data(), n_b, stride, block.data());
    for (std::size_t i = 0; i < n_a; ++i)
      for (std::size_t j = 0; j < n_b; ++j) {
        double alone = 0.0;
        column_dots(&a[i], 1, &b[j], 1, stride, &alone);
        EXPECT_EQ(block[i * n_b + j], alone) << rows << " " << i << " " << j;
        EXPECT_EQ(alone, lane_dot(a[i], b[j], stride)) << rows << " " << i << " " << j;
      }
  }
}

selectors::Target target(const std::vector<double>& y, Task task) {
  selectors::Target t;
  t.task = task;
  t.y = Eigen::Map<const Eigen::VectorXd>(y.data(), static_cast<Eigen::Index>(y.size()));
  if (task != Task::regression) {
    t.n_classes = 2;
    for (const double v : y) t.labels.push_back(static_cast<int>(v));
  }
  return t;
}

TEST(MrmrDeferred, EveryDeferralGivesThePlainGreedyBitForBit) {
  const Eigen::Index n = 40, p = 900;
  rng::Rng r(17);
  Eigen::MatrixXd Z(n, p);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < p; ++j) Z(i, j) = r.normal();
  // Exact duplicates (ties broken by the lower index) and a block of correlated columns (large redundancies).
  for (Eigen::Index j = 600; j < 640; ++j) Z.col(j) = Z.col(j - 600);
  for (Eigen::Index j = 700; j < 760; ++j) Z.col(j) = Z.col(3) + 0.2 * Z.col(j);
  std::vector<double> cls(static_cast<std::size_t>(n)), reg(static_cast<std::size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i) {
    reg[static_cast<std::size_t>(i)] = Z(i, 0) - Z(i, 3) + 0.5 * Z(i, 8) + 0.3 * r.normal();
    cls[static_cast<std::size_t>(i)] = reg[static_cast<std::size_t>(i)] > 0 ? 1.0 : 0.0;
  }
  for (const Task task : {Task::binary, Task::regression}) {
    const auto y = target(task == Task::binary ? cls : reg, task);
    const auto plain = selectors::detail::mrmr_deferred(Z, y, static_cast<int>(p), selectors::ClassRelevance::automatic, 1);
    ASSERT_EQ(plain.selected.size(), static_cast<std::size_t>(p));
    for (const std::size_t deferred : {2u, 7u, 64u, 1000u}) {
      const auto got = selectors::detail::mrmr_deferred(Z, y, static_cast<int>(p), selectors::ClassRelevance::automatic,
                                                        deferred);
      ASSERT_EQ(got.selected, plain.selected) << deferred;
      ASSERT_EQ(got.scores, plain.scores) << deferred;  // exact: the same sums in the same order
    }
    // A shorter run is the prefix of the full one, and the public entry point is the deferred greedy.
    const auto some = selectors::mrmr(Z, y, 123);
    ASSERT_EQ(some.selected, std::vector<int>(plain.selected.begin(), plain.selected.begin() + 123));
    ASSERT_EQ(some.scores, std::vector<double>(plain.scores.begin(), plain.scores.begin() + 123));
  }
}

}  // namespace
