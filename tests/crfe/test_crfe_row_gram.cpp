// The elimination loop at width (more columns than rows) keeps X̃X̃ᵀ across steps by downdating removed columns
// and hands it to the Newton solver (docs/crfe.md#one-vs-all-linear-svm). That fast path must give the plain
// path's removals, ranking and scores: the same steps in the same order, weights equal to rounding.
#include <gtest/gtest.h>

#include <random>

#include "methods/crfe/crfe_internal.hpp"

namespace {

using namespace featrel::crfe;
using featrel::crfe::detail::eliminate;
using featrel::crfe::detail::PathInput;
using featrel::crfe::detail::PathSettings;

struct Wide {
  Eigen::MatrixXd X;
  std::vector<int> y;
};

// n rows × p columns; the first 4 columns carry the class (shifted means), the rest is noise.
Wide wide(std::size_t n, std::size_t p, std::size_t K, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> z(0.0, 1.0);
  Wide w;
  w.X.resize(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(p));
  for (std::size_t i = 0; i < n; ++i) {
    const int c = static_cast<int>(i % K);
    w.y.push_back(c);
    for (std::size_t j = 0; j < p; ++j)
      w.X(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = z(rng) + (j < 4 && j % K == static_cast<std::size_t>(c) ? 1.5 : 0.0);
  }
  return w;
}

void expect_same_path(Method method, std::size_t K, std::size_t step, double step_fraction) {
  const Wide w = wide(40, 260, K, 11 + K);
  const ClassSums sums = class_sums(w.X, w.y, K);
  PathInput in;
  in.X = &w.X;
  in.y = &w.y;
  in.n_classes = K;
  for (std::size_t j = 0; j < 260; ++j) in.start.push_back(j);
  in.sums = method == Method::crfe ? &sums : nullptr;
  PathSettings s;
  s.method = method;
  s.svm.solver = featrel::SvmSolver::newton;
  s.step = step;
  s.step_fraction = step_fraction;
  featrel::RunContext ctx;
  PathSettings plain = s;
  plain.row_gram = false;
  const auto fast = eliminate(in, s, 260, ctx, nullptr, "");
  const auto slow = eliminate(in, plain, 260, ctx, nullptr, "");
  ASSERT_EQ(fast.removed, slow.removed);
  ASSERT_EQ(fast.survivors, slow.survivors);
  ASSERT_EQ(fast.models.size(), slow.models.size());
  for (std::size_t t = 0; t < fast.models.size(); ++t) {
    const double scale = std::max(1.0, slow.models[t].cwiseAbs().maxCoeff());
    EXPECT_LE((fast.models[t] - slow.models[t]).cwiseAbs().maxCoeff(), 1e-8 * scale) << "step " << t;
  }
  for (std::size_t j = 0; j < 260; ++j) {
    ASSERT_EQ(fast.last[j].has_value(), slow.last[j].has_value());
    if (fast.last[j]) {
      EXPECT_NEAR(*fast.last[j], *slow.last[j], 1e-8 * std::max(1.0, std::abs(*slow.last[j])));
    }
  }
}

TEST(CrfeRowGram, RfeStepOneEqualsPlainPath) { expect_same_path(Method::rfe, 2, 1, 0.0); }
TEST(CrfeRowGram, CrfeMulticlassEqualsPlainPath) { expect_same_path(Method::crfe, 3, 1, 0.0); }
TEST(CrfeRowGram, FractionalStepEqualsPlainPath) { expect_same_path(Method::rfe, 3, 1, 0.1); }

}  // namespace
