// SFC classes against the generator's truth (docs/boruta.md#paper-targets), at test size: a few seeds of linear Sets
// 1, 3, 5 and 7 (paper Table 1, noise 0) and of NL 2 (Table 5, n = 1000, noise 0.1), with the protocol's rules
// (precision and recall per run, undefined precision skipped) and thresholds from the paper's Tables 3, 6 and
// 8–11: all-relevant F1 ≥ paper − 0.15 per set, class-level means ≥ paper − 0.25. The ten-seed sweep over all
// sets is a benchmark.
#include <gtest/gtest.h>

#include <cmath>

#include "boruta_test_data.hpp"
#include "featrel/metrics.hpp"
#include "featrel/sfc.hpp"

namespace {

using boruta_test::context;

struct Mean {
  double sum = 0.0;
  int n = 0;
  void add(double v) {
    if (!std::isnan(v)) sum += v, ++n;
  }
  double value() const { return n ? sum / n : std::nan(""); }
};

struct Scores {
  Mean f1, strong_p, strong_r, weak_p, weak_r;
};

// One SFC run per generator seed 0..seeds-1 (run seed = data seed + 1000), scored against the truth.
void score_set(std::size_t n, std::size_t d, std::size_t strong, std::size_t weak, bool nonlinear, int seeds,
               Scores& pooled, Scores& own) {
  for (int s = 0; s < seeds; ++s) {
    const boruta_test::Generated g =
        boruta_test::relevance(n, d, strong, weak, nonlinear, static_cast<std::uint64_t>(s), nonlinear ? 0.1 : 0.0);
    const featrel::sfc::Result r = featrel::sfc::run(g.data, featrel::sfc::Options{}, context(s + 1000, 2));
    std::vector<int> cls;
    std::vector<bool> selected, relevant;
    for (std::size_t j = 0; j < d; ++j) {
      cls.push_back(r.features[j].cls);
      selected.push_back(r.features[j].cls > 0);
      relevant.push_back(g.truth.classes[j] > 0);
    }
    const auto all = featrel::metrics::selection_quality(selected, relevant);
    const auto st = featrel::metrics::selection_quality_by_class(cls, g.truth.classes, 2);
    const auto wk = featrel::metrics::selection_quality_by_class(cls, g.truth.classes, 1);
    for (Scores* sc : {&pooled, &own}) {
      sc->f1.add(all.f1);
      if (st.precision) sc->strong_p.add(*st.precision);
      sc->strong_r.add(st.recall);
      if (wk.precision) sc->weak_p.add(*wk.precision);
      sc->weak_r.add(wk.recall);
    }
  }
}

// On data without signal every feature is at chance, so the borderline flags (docs/boruta.md#borderline-features)
// may reach their bound no more often than its promise, (α + 1 − k)/(α + 1) = 2/51 at α = 50, allows. 20 data sets
// of 150 × 12: 231 features called irrelevant, 9 flags expected (8 measured, 1 run warned); a bound at the
// shadows' median would flag about half of them, a t bound at 5 % up to 9.5 % (docs/boruta.md#borderline-features).
TEST(SfcRecovery, BorderlineFlagsKeepTheirPromiseWithoutSignal) {
  int features = 0, flagged = 0, warned = 0;
  for (std::uint64_t s = 1; s <= 20; ++s) {
    const featrel::Dataset data = boruta_test::noise_data(150, 12, s);
    const featrel::sfc::Result r =
        featrel::sfc::run(data, featrel::sfc::Options{}, context(static_cast<std::uint64_t>(s) + 1000, 2));
    ASSERT_TRUE(r.borderline.has_value());
    EXPECT_DOUBLE_EQ(r.borderline->chance, 2.0 / 51.0);
    features += r.borderline->called_irrelevant;
    flagged += r.borderline->flagged;
    for (const std::string& w : r.warnings) warned += w.rfind("borderline_features:", 0) == 0;
  }
  EXPECT_GE(features, 220);  // nearly every feature called irrelevant
  EXPECT_LE(flagged, 16) << flagged << " of " << features;
  EXPECT_LE(warned, 3);
}

// The boosted importance model (docs/boruta.md#the-boosted-importance-model) on Set 1 data (150 × 12, six strong
// features that act only through their sum), data seeds 0-9: the forest's M holds 55 of the 60 strong features,
// the boosted M 59 (measured), and neither holds an irrelevant one. A boosted M that missed the thin linear signal,
// or a boosted null that let noise through, fails here.
TEST(SfcRecovery, BoostedImportanceModelFindsThinLinearSignals) {
  featrel::sfc::Options boosted, forest;
  boosted.importance_model = featrel::sfc::ImportanceModel::boosted;
  forest.importance_model = featrel::sfc::ImportanceModel::forest;
  int strong_in_forest_m = 0, strong_in_boosted_m = 0, irrelevant_in_m = 0;
  for (int s = 0; s < 10; ++s) {
    const boruta_test::Generated g = boruta_test::relevance(150, 12, 6, 0, false, static_cast<std::uint64_t>(s), 0.0);
    const featrel::sfc::Result rf = featrel::sfc::run(g.data, forest, context(s + 1000, 2));
    const featrel::sfc::Result rb = featrel::sfc::run(g.data, boosted, context(s + 1000, 2));
    for (std::size_t j = 0; j < 12; ++j) {
      if (j < 6) {
        strong_in_forest_m += rf.features[j].in_minimal;
        strong_in_boosted_m += rb.features[j].in_minimal;
      } else {
        irrelevant_in_m += rf.features[j].in_minimal + rb.features[j].in_minimal;
      }
    }
  }
  EXPECT_GE(strong_in_boosted_m, 58);
  EXPECT_GT(strong_in_boosted_m, strong_in_forest_m);
  EXPECT_LE(irrelevant_in_m, 1);
}

// Without signal the boosted shadow null must keep M (nearly) empty: Γ at fpr 1e-6 over 20 × 12 noise features
// (0 in M measured).
TEST(SfcRecovery, BoostedImportanceModelWithoutSignal) {
  featrel::sfc::Options boosted;
  boosted.importance_model = featrel::sfc::ImportanceModel::boosted;
  int in_m = 0;
  for (std::uint64_t s = 1; s <= 20; ++s) {
    const featrel::sfc::Result r =
        featrel::sfc::run(boruta_test::noise_data(150, 12, s), boosted, context(s + 1000, 2));
    for (const auto& f : r.features) in_m += f.in_minimal;
  }
  EXPECT_LE(in_m, 2);
}

// Step 8c on NL 2 (n = 1000; 4 strong features, one group of 10 near copies, r ≈ 0.995, 6 irrelevant): on these data
// seeds (found on the bench's seeds 400–599) Boruta, M and the members' own tests keep part or none of the group
// (15 of 50 members without the step). With it, one test per group of copies and the copies of what is found give
// all 50, and no irrelevant feature.
TEST(SfcRecovery, NearCopiesCompleteRedundantGroups) {
  int without = 0, with = 0, irrelevant = 0;
  for (std::uint64_t seed : {414, 419, 428, 533, 565}) {
    const boruta_test::Generated g = boruta_test::relevance(1000, 20, 4, 10, true, seed, 0.1);
    featrel::sfc::Options off;
    off.copy_correlation = 0.0;
    const featrel::sfc::Result before = featrel::sfc::run(g.data, off, context(seed + 1000, 2));
    const featrel::sfc::Result after = featrel::sfc::run(g.data, featrel::sfc::Options{}, context(seed + 1000, 2));
    for (std::size_t j = 0; j < 20; ++j) {
      if (g.truth.classes[j] == 1) without += before.features[j].cls > 0, with += after.features[j].cls > 0;
      if (g.truth.classes[j] == 0) irrelevant += after.features[j].cls > 0;
    }
  }
  EXPECT_LE(without, 20);
  EXPECT_EQ(with, 50);
  EXPECT_EQ(irrelevant, 0);
}

TEST(SfcRecovery, LinearSets) {
  struct Set {
    const char* name;
    std::size_t n, strong, weak, irrelevant;
    double paper_f1;
  };
  // Table 1 and Table 3 (SQ).
  const Set sets[] = {{"Set 1", 150, 6, 0, 6, 0.98}, {"Set 3", 150, 3, 4, 3, 0.97}, {"Set 5", 512, 1, 2, 11, 0.99},
                      {"Set 7", 200, 1, 20, 20, 0.95}};
  Scores with_weak;  // Sets 3, 5, 7
  for (const Set& s : sets) {
    Scores pooled, own;
    // Set 1 over ten seeds: its strong recall moves a lot from seed to seed (two seeds decide nothing).
    const int seeds = s.weak == 0 ? 10 : 2;
    score_set(s.n, s.strong + s.weak + s.irrelevant, s.strong, s.weak, false, seeds, s.weak ? with_weak : pooled,
              own);
    EXPECT_GE(own.f1.value(), s.paper_f1 - 0.15) << s.name;
    if (s.weak == 0) {  // Set 1 (Table 8: strong 1.00 / 0.95)
      EXPECT_GE(own.strong_p.value(), 1.00 - 0.25) << s.name;
      // Not the paper's 0.95 − 0.25: featrel's strong test reaches 0.70 on seeds 0–9 (0.52 on 10–19, 0.67 on
      // 20–29; docs/boruta.md#sfc-steps, "missed strong features"). This guards that level.
      EXPECT_GE(own.strong_r.value(), 0.60) << s.name;
    }
  }
  // Table 8 means over Sets 3, 5, 7: strong P 0.56, R 1.00; weak P 0.99, R 0.70.
  EXPECT_GE(with_weak.strong_p.value(), 0.56 - 0.25);
  EXPECT_GE(with_weak.strong_r.value(), 1.00 - 0.25);
  EXPECT_GE(with_weak.weak_p.value(), 0.99 - 0.25);
  EXPECT_GE(with_weak.weak_r.value(), 0.70 - 0.25);
}

TEST(SfcRecovery, NonlinearSet) {
  // NL 2: n = 1000, 20 columns, 4 strong, 10 weak in one group (Table 5). F1 against Table 6 (1.00); the class
  // levels against Table 11's non-linear means (strong 0.88 / 0.82, weak 0.46 / 0.51).
  Scores pooled, own;
  score_set(1000, 20, 4, 10, true, 2, pooled, own);
  EXPECT_GE(own.f1.value(), 1.00 - 0.15);
  EXPECT_GE(own.strong_p.value(), 0.88 - 0.25);
  EXPECT_GE(own.strong_r.value(), 0.82 - 0.25);
  EXPECT_GE(own.weak_p.value(), 0.46 - 0.25);
  EXPECT_GE(own.weak_r.value(), 0.51 - 0.25);
}

}  // namespace
