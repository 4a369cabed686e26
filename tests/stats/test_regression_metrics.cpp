// R² (including docs/fri.md#hyperparameter-search's constant-target rule), MAE and macro MAE on hand-computed examples.
#include <gtest/gtest.h>

#include <cmath>

#include "featrel/error.hpp"
#include "featrel/metrics.hpp"

namespace fm = featrel::metrics;

TEST(R2, HandComputed) {
  // SS_res = 0.75, SS_tot = 5 → 0.85.
  EXPECT_NEAR(fm::r2({1, 2, 3, 4}, {1.5, 2, 2.5, 4.5}), 0.85, 1e-14);
  // Far off: SS_res = 230 → 1 − 46.
  EXPECT_NEAR(fm::r2({1, 2, 3, 4}, {10, 10, 10, 10}), -45.0, 1e-12);
  // Predicting the mean gives 0.
  EXPECT_NEAR(fm::r2({1, 2, 3, 4}, {2.5, 2.5, 2.5, 2.5}), 0.0, 1e-15);
}

TEST(R2, ConstantTarget) {
  // 0.1 is not exactly representable, so a computed mean could leave a tiny SS_tot; the rule must still apply.
  EXPECT_EQ(fm::r2({0.1, 0.1, 0.1}, {0.1, 0.1, 0.1}), 1.0);
  EXPECT_EQ(fm::r2({0.1, 0.1, 0.1}, {0.1, 0.1, 0.2}), 0.0);
}

TEST(Mae, HandComputed) {
  EXPECT_NEAR(fm::mae({1, 2, 3, 4}, {1.5, 2, 2.5, 4.5}), 0.375, 1e-15);
  EXPECT_THROW(fm::mae({1, 2}, {1}), featrel::InputError);
  EXPECT_THROW(fm::r2({}, {}), featrel::InputError);
  EXPECT_THROW(fm::r2({1, 2}, {1, std::nan("")}), featrel::InputError);
}

TEST(MacroMae, AveragesOverLevelsPresent) {
  // Level 0: errors 0, 1, 0 → 1/3; level 1: 0; level 2: 2, 0 → 1; level 3 absent. Mean 4/9 (plain MAE is 1/2).
  const std::vector<int> t{0, 0, 0, 1, 2, 2}, p{0, 1, 0, 1, 0, 2};
  EXPECT_NEAR(fm::macro_mae(t, p, 4), 4.0 / 9.0, 1e-15);
  EXPECT_EQ(fm::macro_mae({1, 1}, {1, 1}, 3), 0.0);
  EXPECT_THROW(fm::macro_mae({0, 4}, {0, 1}, 4), featrel::InputError);
}
