// Confusion measures of docs/pareto.md#measures-and-terms on a hand-computed example, each 0/0 convention, and the metadata.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "featrel/error.hpp"
#include "featrel/metrics.hpp"

namespace fm = featrel::metrics;

namespace {

void expect_defined(fm::MeasureValue v, double expected, const char* what) {
  EXPECT_NEAR(v.value, expected, 1e-14) << what;
  EXPECT_FALSE(v.undefined) << what;
}

void expect_undefined(fm::MeasureValue v, double expected, const char* what) {
  EXPECT_NEAR(v.value, expected, 1e-14) << what;
  EXPECT_TRUE(v.undefined) << what;
}

}  // namespace

TEST(Confusion, FromLabels) {
  // positive = 1; label 2 counts as negative.
  const fm::Confusion c = fm::confusion({1, 1, 1, 0, 0, 2, 2}, {1, 0, 2, 1, 0, 2, 1}, 1);
  EXPECT_EQ(c.tp, 1);
  EXPECT_EQ(c.fn, 2);
  EXPECT_EQ(c.fp, 2);
  EXPECT_EQ(c.tn, 2);
  EXPECT_EQ(c.positives(), 3);
  EXPECT_EQ(c.negatives(), 4);
  EXPECT_THROW(fm::confusion({1, 0}, {1}, 1), featrel::InputError);
}

TEST(ConfusionMeasures, HandComputedExample) {
  // TP 6, FN 4, FP 3, TN 12: P = 10, N = 15 (unequal, so swapped numerators or denominators show).
  const fm::Confusion c{6, 4, 3, 12};
  expect_defined(fm::sensitivity(c), 0.6, "sensitivity");
  expect_defined(fm::specificity(c), 0.8, "specificity");
  expect_defined(fm::fnr(c), 0.4, "fnr");
  expect_defined(fm::fpr(c), 0.2, "fpr");
  expect_defined(fm::precision(c), 2.0 / 3.0, "precision");
  expect_defined(fm::npv(c), 0.75, "npv");
  expect_defined(fm::fdr(c), 1.0 / 3.0, "fdr");
  expect_defined(fm::for_rate(c), 0.25, "for");
  expect_defined(fm::accuracy(c), 0.72, "accuracy");
  expect_defined(fm::fscore(c), 12.0 / 19.0, "fscore");
  // (6·12 − 3·4)/√(9·10·15·16) = 60/√21600 = 1/√6.
  expect_defined(fm::mcc(c), 1.0 / std::sqrt(6.0), "mcc");
  expect_defined(fm::lr_plus(c), 3.0, "lr_plus");
  expect_defined(fm::lr_minus(c), 0.5, "lr_minus");
  // F-score is the harmonic mean of precision and sensitivity.
  const double p = fm::precision(c).value, s = fm::sensitivity(c).value;
  EXPECT_NEAR(fm::fscore(c).value, 2 * p * s / (p + s), 1e-14);
}

TEST(ConfusionMeasures, NothingPredictedPositive) {
  // TP = FP = 0: precision and FDR are 0/0 → worst values; LR+ has FP = 0 → Haldane–Anscombe:
  // sens' = 0.5/6, FPR' = 0.5/6, so LR+ = 1. MCC's margin TP+FP is 0 → 0.
  const fm::Confusion c{0, 5, 0, 5};
  expect_undefined(fm::precision(c), 0.0, "precision");
  expect_undefined(fm::fdr(c), 1.0, "fdr");
  expect_undefined(fm::lr_plus(c), 1.0, "lr_plus");
  expect_undefined(fm::mcc(c), 0.0, "mcc");
  expect_defined(fm::npv(c), 0.5, "npv");
  expect_defined(fm::for_rate(c), 0.5, "for");
  expect_defined(fm::fscore(c), 0.0, "fscore");  // P > 0: defined
  expect_defined(fm::lr_minus(c), 1.0, "lr_minus");  // FNR 1 / spec 1
}

TEST(ConfusionMeasures, EverythingPredictedPositive) {
  // TN = FN = 0: NPV and FOR are 0/0; LR− has TN = 0 → Haldane: FNR' = 0.5/5, spec' = 0.5/7, LR− = 1.4.
  const fm::Confusion c{4, 0, 6, 0};
  expect_undefined(fm::npv(c), 0.0, "npv");
  expect_undefined(fm::for_rate(c), 1.0, "for");
  expect_undefined(fm::lr_minus(c), 1.4, "lr_minus");
  expect_defined(fm::specificity(c), 0.0, "specificity");
  expect_defined(fm::lr_plus(c), 1.0, "lr_plus");  // sens 1 / FPR 1
}

TEST(ConfusionMeasures, PerfectPrediction) {
  // FP = 0 → LR+ corrected: sens' = 5.5/6, FPR' = 0.5/6 → 11. LR− = 0/1 = 0 is defined.
  const fm::Confusion c{5, 0, 0, 5};
  expect_undefined(fm::lr_plus(c), 11.0, "lr_plus");
  expect_defined(fm::lr_minus(c), 0.0, "lr_minus");
  expect_defined(fm::mcc(c), 1.0, "mcc");
  expect_defined(fm::fscore(c), 1.0, "fscore");
  // Perfectly wrong: MCC −1.
  expect_defined(fm::mcc(fm::Confusion{0, 5, 5, 0}), -1.0, "mcc inverted");
}

TEST(ConfusionMeasures, NoPositiveLabels) {
  // P = 0: sensitivity and FNR are 0/0; LR± take the correction (cells 0.5, 0.5, 2.5, 3.5):
  // LR+ = 0.5/(2.5/6) = 1.2, LR− = 0.5/(3.5/6) = 6/7.
  const fm::Confusion c{0, 0, 2, 3};
  expect_undefined(fm::sensitivity(c), 0.0, "sensitivity");
  expect_undefined(fm::fnr(c), 1.0, "fnr");
  expect_undefined(fm::lr_plus(c), 1.2, "lr_plus");
  expect_undefined(fm::lr_minus(c), 6.0 / 7.0, "lr_minus");
  expect_defined(fm::fscore(c), 0.0, "fscore");  // 0/(0 + 2 + 0)
  expect_undefined(fm::mcc(c), 0.0, "mcc");
  expect_defined(fm::specificity(c), 0.6, "specificity");
}

TEST(ConfusionMeasures, EmptyAndNegativeCounts) {
  const fm::Confusion empty{};
  expect_undefined(fm::accuracy(empty), 0.0, "accuracy");
  expect_undefined(fm::fscore(empty), 0.0, "fscore");
  expect_undefined(fm::specificity(empty), 0.0, "specificity");
  expect_undefined(fm::fpr(empty), 1.0, "fpr");
  EXPECT_THROW(fm::accuracy(fm::Confusion{1, -1, 0, 0}), featrel::InputError);
}

TEST(ConfusionMeasures, EvaluateMatchesNamedFunctions) {
  const fm::Confusion c{6, 4, 3, 12};
  EXPECT_EQ(fm::evaluate(fm::Measure::for_rate, c).value, fm::for_rate(c).value);
  EXPECT_EQ(fm::evaluate(fm::Measure::mcc, c).value, fm::mcc(c).value);
  EXPECT_EQ(fm::evaluate(fm::Measure::lr_minus, c).value, fm::lr_minus(c).value);
  EXPECT_EQ(fm::evaluate(fm::Measure::sensitivity, c).value, 0.6);
}

TEST(MeasureInfo, KeysOrientationAndParents) {
  std::set<std::string_view> keys;
  for (fm::Measure m : fm::all_measures) {
    keys.insert(fm::key(m));
    ASSERT_TRUE(fm::measure_from_key(fm::key(m)).has_value());
    EXPECT_EQ(*fm::measure_from_key(fm::key(m)), m);
  }
  EXPECT_EQ(keys.size(), 13u);
  EXPECT_EQ(fm::key(fm::Measure::for_rate), "for");
  EXPECT_EQ(fm::key(fm::Measure::lr_plus), "lr_plus");
  EXPECT_EQ(fm::term(fm::Measure::lr_minus), "LR-");
  EXPECT_FALSE(fm::measure_from_key("recall").has_value());

  using fm::Measure;
  for (Measure m : {Measure::sensitivity, Measure::specificity, Measure::precision, Measure::npv, Measure::accuracy,
                    Measure::fscore, Measure::mcc, Measure::lr_plus})
    EXPECT_EQ(fm::orientation(m), +1) << fm::key(m);
  for (Measure m : {Measure::fnr, Measure::fpr, Measure::fdr, Measure::for_rate, Measure::lr_minus})
    EXPECT_EQ(fm::orientation(m), -1) << fm::key(m);

  EXPECT_EQ(fm::parent(Measure::fnr), fm::ParentTerm::prediction);
  EXPECT_EQ(fm::parent(Measure::specificity), fm::ParentTerm::prediction);
  EXPECT_EQ(fm::parent(Measure::for_rate), fm::ParentTerm::correctness);
  EXPECT_EQ(fm::parent(Measure::npv), fm::ParentTerm::correctness);
  EXPECT_EQ(fm::parent(Measure::mcc), fm::ParentTerm::discrimination);
  EXPECT_EQ(fm::parent(Measure::lr_minus), fm::ParentTerm::discrimination);
  EXPECT_EQ(fm::key(fm::ParentTerm::correctness), "correctness");
}
