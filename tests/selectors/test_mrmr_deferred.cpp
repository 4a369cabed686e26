// mRMR's deferred greedy against the plain one: the dot-product kernel gives the same bits in a block as alone (and
// follows its documented summation order), featrel's MI(r) = −½·ln(1 − r²) is within an ulp of the C library's and
// the same in a block as alone, and mrmr with any number of deferred picks returns the same picks and
// scores, bit for bit, as the greedy that updates every candidate at every pick — on wide data with exact
// duplicate columns (ties), for class and regression targets.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "featrel/rng.hpp"
#include "featrel/selectors.hpp"
#include "methods/selectors/column_dots.hpp"
#include "methods/selectors/gaussian_mi.hpp"
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
    std::vector<double> block(n_a * n_b), narrow(n_a * n_b);
    column_dots(a.data(), n_a, b.data(), n_b, stride, block.data());
    selectors::detail::column_dots_narrow(a.data(), n_a, b.data(), n_b, stride, narrow.data());
    EXPECT_EQ(block, narrow) << rows;
    for (std::size_t i = 0; i < n_a; ++i)
      for (std::size_t j = 0; j < n_b; ++j) {
        double alone = 0.0;
        column_dots(&a[i], 1, &b[j], 1, stride, &alone);
        EXPECT_EQ(block[i * n_b + j], alone) << rows << " " << i << " " << j;
        EXPECT_EQ(alone, lane_dot(a[i], b[j], stride)) << rows << " " << i << " " << j;
      }
#ifdef FEATREL_DOTS_WIDE
    // The 512-bit kernel's tiles (4 × 8 pairs, then 2- and 1-column remainders) against the documented order, on
    // every shape of the remainder.
    if (selectors::detail::wide_dots_available())
      for (const std::size_t na : {1u, 2u, 3u, 4u, 5u, 11u})
        for (const std::size_t nb : {1u, 2u, 7u, 8u, 9u, 23u}) {
          std::vector<double> wide(na * nb);
          selectors::detail::column_dots_wide(a.data(), na, b.data(), nb, stride, wide.data());
          for (std::size_t i = 0; i < na; ++i)
            for (std::size_t j = 0; j < nb; ++j)
              EXPECT_EQ(wide[i * nb + j], lane_dot(a[i], b[j], stride)) << rows << " " << na << "x" << nb;
        }
#endif
  }
}

TEST(GaussianMi, WithinAnUlpOfLibmAndTheSameInABlock) {
  std::vector<double> r = {0.0, -0.0, 1e-300, 1e-160, 1e-9, -1e-9, 1e-8, 3e-5, 0.01, 0.1, -0.25, 0.5, 0.70710678,
                           0.9, -0.99, 0.999999, 1.0 - 1e-12, 1.0, -1.0, 1.5};
  rng::Rng g(3);
  for (int i = 0; i < 20000; ++i) r.push_back(2.0 * g.uniform() - 1.0);
  for (int i = 0; i < 2000; ++i) r.push_back(std::pow(10.0, -12.0 * g.uniform()));        // small |r|
  for (int i = 0; i < 2000; ++i) r.push_back(1.0 - std::pow(10.0, -12.0 * g.uniform()));  // |r| near 1
  for (const double v : r) {
    const double a = std::min(std::fabs(v), 1.0 - 1e-12);
    const double libm = -0.5 * std::log1p(-a * a);
    const double got = selectors::gaussian_mi(v);
    ASSERT_FALSE(std::signbit(got)) << v;
    if (libm == 0.0) {
      EXPECT_EQ(got, 0.0) << v;
      continue;
    }
    EXPECT_LE(std::fabs(got - libm), 1.5 * std::numeric_limits<double>::epsilon() * libm) << v;
  }
  EXPECT_TRUE(std::isnan(selectors::gaussian_mi(std::numeric_limits<double>::quiet_NaN())));
  // The block version (any length, in place) gives each value's bits.
  for (const std::size_t n : {1u, 3u, 4u, 7u, 4099u}) {
    std::vector<double> block(r.begin(), r.begin() + static_cast<long>(n));
    selectors::detail::gaussian_mi_many(block.data(), n, block.data());
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(block[i], selectors::gaussian_mi(r[i])) << n << " " << i;
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
