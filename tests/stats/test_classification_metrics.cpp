// Accuracy, weighted and macro F1 (docs/fri.md#hyperparameter-search) and ROC AUC with ties, on hand-computed examples.
#include <gtest/gtest.h>

#include <cmath>

#include "featrel/error.hpp"
#include "featrel/metrics.hpp"

namespace fm = featrel::metrics;

TEST(ClassificationMetrics, AccuracyAndF1ThreeClasses) {
  // Class 0: TP 2 FP 0 FN 1 → F1 4/5, support 3; class 1: TP 1 FP 1 FN 1 → 1/2, support 2;
  // class 2: TP 1 FP 1 FN 0 → 2/3, support 1.
  const std::vector<int> y{0, 0, 0, 1, 1, 2}, p{0, 0, 1, 1, 2, 2};
  EXPECT_NEAR(fm::accuracy(y, p), 4.0 / 6.0, 1e-15);
  EXPECT_NEAR(fm::weighted_f1(y, p, 3), 61.0 / 90.0, 1e-14);  // (3·4/5 + 2·1/2 + 1·2/3)/6
  EXPECT_NEAR(fm::macro_f1(y, p, 3), 59.0 / 90.0, 1e-14);     // (4/5 + 1/2 + 2/3)/3
}

TEST(ClassificationMetrics, ZeroTruePositivesGiveZeroF1) {
  EXPECT_EQ(fm::weighted_f1({0, 1}, {1, 0}, 2), 0.0);
  EXPECT_EQ(fm::accuracy({0, 1}, {1, 0}), 0.0);
}

TEST(ClassificationMetrics, ClassesWithoutSupport) {
  // Class 2 is predicted once but never true: weight 0 in weighted F1, F1 0 in macro F1. Class 3 (K = 4) is
  // neither true nor predicted and is left out of the macro average.
  const std::vector<int> y{0, 0, 1, 1}, p{0, 2, 1, 1};
  EXPECT_NEAR(fm::weighted_f1(y, p, 3), 5.0 / 6.0, 1e-14);  // (2·2/3 + 2·1)/4
  EXPECT_NEAR(fm::macro_f1(y, p, 3), 5.0 / 9.0, 1e-14);     // (2/3 + 1 + 0)/3
  EXPECT_NEAR(fm::macro_f1(y, p, 4), 5.0 / 9.0, 1e-14);
}

TEST(ClassificationMetrics, BadLabels) {
  EXPECT_THROW(fm::weighted_f1({0, 3}, {0, 1}, 3), featrel::InputError);
  EXPECT_THROW(fm::weighted_f1({0, 1}, {0, -1}, 3), featrel::InputError);
  EXPECT_THROW(fm::weighted_f1({0, 1}, {0}, 3), featrel::InputError);
  EXPECT_THROW(fm::accuracy({}, {}), featrel::InputError);
}

TEST(RocAuc, TiesCountHalf) {
  // Positives 0.35, 0.8, 0.4 against negatives 0.1, 0.4, 0.4: 1 + 3 + (1 + ½ + ½) = 6 of 9 pairs.
  EXPECT_NEAR(fm::roc_auc({0, 0, 1, 1, 0, 1}, {0.1, 0.4, 0.35, 0.8, 0.4, 0.4}), 2.0 / 3.0, 1e-15);
}

TEST(RocAuc, ExtremesAndUndefined) {
  EXPECT_EQ(fm::roc_auc({0, 0, 1, 1}, {0.1, 0.2, 0.3, 0.4}), 1.0);
  EXPECT_EQ(fm::roc_auc({1, 1, 0, 0}, {0.1, 0.2, 0.3, 0.4}), 0.0);
  EXPECT_EQ(fm::roc_auc({1, 0, 1, 0}, {0.5, 0.5, 0.5, 0.5}), 0.5);
  EXPECT_TRUE(std::isnan(fm::roc_auc({1, 1}, {0.1, 0.2})));
  EXPECT_THROW(fm::roc_auc({0, 2}, {0.1, 0.2}), featrel::InputError);
  EXPECT_THROW(fm::roc_auc({0, 1}, {0.1, std::nan("")}), featrel::InputError);
}
