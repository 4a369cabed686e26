// The elimination loop at width (more columns than rows) keeps X̃X̃ᵀ across steps by downdating removed columns
// and hands it to the Newton solver (docs/crfe.md#one-vs-all-linear-svm). That fast path must give the plain
// path's removals, ranking and scores: the same steps in the same order, weights equal to rounding.
#include <gtest/gtest.h>

#include "crfe_test_data.hpp"
#include "methods/crfe/crfe_internal.hpp"

namespace {

using namespace featrel::crfe;
using featrel::crfe::detail::eliminate;
using featrel::crfe::detail::PathInput;
using featrel::crfe::detail::PathSettings;

void expect_same_path(Method method, std::size_t K, std::size_t step, double step_fraction) {
  const crfe_test::Wide w = crfe_test::wide(40, 260, K, 11 + K);
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
