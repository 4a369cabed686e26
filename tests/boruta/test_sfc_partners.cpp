// SFC step 8, partners (docs/boruta.md#sfc-steps): the correlation it selects candidates by (exact values, missing
// rows, constant columns), the candidates and their designs, recovery of a redundant group that Boruta and M miss
// on non-linear data, with equal documents for 1 and 2 threads and through a task plan. The decision logic on
// scripted fits is in test_sfc_exact.cpp (PartnerStep).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "boruta_test_data.hpp"
#include "common/json_round_trip_executor.hpp"
#include "featrel/result_json.hpp"
#include "featrel/sfc.hpp"
#include "featrel/stats.hpp"
#include "methods/boruta/sfc_internal.hpp"

using namespace featrel;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

TEST(SfcPartners, PearsonOverCompleteRows) {
  // numpy.corrcoef([1, 2, 3, 4], [2, 4, 6, 8.5]) = 0.9983814394570298; the fifth row has a missing value.
  const std::vector<double> a{1, 2, 3, 4, kNaN}, b{2, 4, 6, 8.5, 1};
  EXPECT_NEAR(stats::pearson_complete(a.data(), b.data(), 5), 0.9983814394570298, 1e-15);
  const std::vector<double> c{1, 2, 3, 4, 5}, e{5, 3, 4, 1, 2};
  EXPECT_NEAR(stats::pearson_complete(c.data(), e.data(), 5), -0.8, 1e-15);
  const std::vector<double> constant{2, 2, 2, 2, 2};
  EXPECT_EQ(stats::pearson_complete(c.data(), constant.data(), 5), 0.0);
  const std::vector<double> two_rows{1, kNaN, kNaN, 4, kNaN};  // fewer than 3 complete rows
  EXPECT_EQ(stats::pearson_complete(c.data(), two_rows.data(), 5), 0.0);
}

TEST(SfcPartners, CandidatesAndTheirDesigns) {
  rng::Rng r(3);
  const Eigen::Index n = 60;
  Eigen::MatrixXd X(n, 6);
  for (Eigen::Index i = 0; i < n; ++i) {
    X(i, 0) = r.normal();
    X(i, 2) = r.normal();
    X(i, 1) = X(i, 0) + 0.01 * r.normal();        // near-copy of 0
    X(i, 3) = -X(i, 0);                            // negative copy of 0
    X(i, 4) = 1.0;                                 // constant: never a candidate
    X(i, 5) = 0.7 * X(i, 2) + 0.8 * r.normal();    // correlated with 2 at about 0.66
  }
  X(0, 1) = kNaN;  // a missing value leaves the row out of that pair only
  const std::vector<bool> constant{false, false, false, false, true, false};
  const std::vector<std::size_t> V{0, 2};
  const auto at_08 = sfc::detail::partner_candidates(X, V, constant, 0.8);
  ASSERT_EQ(at_08.size(), 2u);
  EXPECT_EQ(at_08[0].feature, 1u);
  EXPECT_EQ(at_08[0].partners, (std::vector<std::size_t>{0}));
  EXPECT_EQ(at_08[0].design, (std::vector<std::size_t>{1, 2}));
  EXPECT_GT(at_08[0].correlation, 0.999);
  EXPECT_EQ(at_08[1].feature, 3u);
  EXPECT_NEAR(at_08[1].correlation, 1.0, 1e-12);
  EXPECT_EQ(at_08[1].design, (std::vector<std::size_t>{2, 3}));
  // The threshold is inclusive: column 5 (|r| = r52 with column 2) is a candidate at r52, not just above it.
  const double r52 = std::abs(stats::pearson_complete(X.col(5).data(), X.col(2).data(), 60));
  ASSERT_LT(r52, 0.8);
  EXPECT_EQ(sfc::detail::partner_candidates(X, V, constant, std::nextafter(r52, 1.0)).size(), 2u);
  const auto at_r52 = sfc::detail::partner_candidates(X, V, constant, r52);
  ASSERT_EQ(at_r52.size(), 3u);
  EXPECT_EQ(at_r52[2].feature, 5u);
  EXPECT_EQ(at_r52[2].partners, (std::vector<std::size_t>{2}));
  EXPECT_EQ(at_r52[2].design, (std::vector<std::size_t>{0, 5}));
  // A feature correlated with two members of V replaces both.
  const auto both = sfc::detail::partner_candidates(X, {0, 3}, constant, 0.8);
  ASSERT_EQ(both.size(), 1u);
  EXPECT_EQ(both[0].feature, 1u);
  EXPECT_EQ(both[0].partners, (std::vector<std::size_t>{0, 3}));
  EXPECT_EQ(both[0].design, (std::vector<std::size_t>{1}));
  EXPECT_TRUE(sfc::detail::partner_candidates(X, V, constant, 0.0).empty());
  EXPECT_TRUE(sfc::detail::partner_candidates(X, {}, constant, 0.8).empty());
}

// NL 2 of the SFC paper (n = 1000; 4 strong features and a group of 10 near-copies, r ≈ 0.99, that matter only
// together with the strong ones; 6 irrelevant), data seed 5: Boruta's 10 % column draw rejects the whole group and
// M admits 2 of its members. The partner step tests the other 8 in their place and finds most of them; nothing
// irrelevant is added.
TEST(SfcPartners, FindsTheRedundantGroupBorutaMissed) {
  const boruta_test::Generated g = boruta_test::relevance(1000, 20, 4, 10, true, 5, 0.1);
  auto weak_found = [&](const sfc::Result& r) {
    int found = 0;
    for (std::size_t j = 0; j < 20; ++j) {
      if (g.truth.classes[j] == 0) EXPECT_EQ(r.features[j].cls, 0) << "irrelevant feature " << j;
      if (g.truth.classes[j] == 1 && r.features[j].cls > 0) ++found;
    }
    return found;
  };
  sfc::Options off;
  off.partner_correlation = 0.0;
  const sfc::Result before = sfc::run(g.data, off, boruta_test::context(1005, 2));
  sfc::Options on;
  on.partner_correlation = 0.8;
  const sfc::Result after = sfc::run(g.data, on, boruta_test::context(1005, 2));
  EXPECT_LE(weak_found(before), 3);
  EXPECT_GE(weak_found(after), 7);
  EXPECT_EQ(after.relevant, before.relevant);  // steps 1–7 are the same
  EXPECT_EQ(after.partner_candidates.size(), 10u - before.relevant.size() + 4u);
  for (std::size_t k : after.partners_added) EXPECT_EQ(after.features[k].cls, 1);
  // Group members whose own test showed nothing (r ≈ 0.99 with their partners) are named in a warning.
  std::size_t failed_copies = 0;
  for (std::size_t k : after.partner_candidates)
    failed_copies += !after.features[k].partner_test->relevant && after.features[k].partner_test->correlation >= 0.99;
  ASSERT_GT(failed_copies, 0u);
  EXPECT_TRUE(std::any_of(after.warnings.begin(), after.warnings.end(), [&](const std::string& w) {
    return w.rfind("partner_copies_irrelevant: " + std::to_string(failed_copies) + " feature(s)", 0) == 0;
  }));

  // The same document with one thread and through a task plan (JSON text, tasks in reverse order).
  auto document = [&](const sfc::Result& r) { return report::strip_timing(r.to_json(g.data)).dump(); };
  EXPECT_EQ(document(sfc::run(g.data, on, boruta_test::context(1005, 1))), document(after));
  test::JsonRoundTripExecutor executor(g.data, "sfc.fits", sfc::run_plan_block);
  RunContext planned = boruta_test::context(1005, 2);
  planned.plan_executor = &executor;
  const sfc::Result through = sfc::run(g.data, on, planned);
  EXPECT_EQ(executor.plans, 4);  // importance + shadow null, score null, tests, partners
  EXPECT_EQ(document(through), document(after));
}

}  // namespace
