// SFC steps 8 and 8b, partners and clusters (docs/boruta.md#sfc-steps): the correlations they select candidates by
// (exact values, missing rows, constant columns, the blocked search), the candidates and their designs, recovery of
// a redundant group that Boruta and M miss on non-linear data, in part (partners) or entirely (clusters), with equal
// documents for 1 and 2 threads and through a task plan. The decision logic on scripted fits is in
// test_sfc_exact.cpp (PartnerStep, ClusterStep).
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

// Step 8b's correlation search equals pearson_complete on every pair: across the blocks of the screening product
// (256 columns), with negative copies, columns with a missing value (one too large to square) and a constant one.
TEST(SfcClusters, CorrelatedPairsMatchPairwisePearson) {
  rng::Rng r(11);
  const Eigen::Index n = 40, d = 600;
  Eigen::MatrixXd X(n, d);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < d; ++j) X(i, j) = r.normal();
  for (Eigen::Index i = 0; i < n; ++i) {
    X(i, 5) = X(i, 300) + 0.1 * r.normal();  // blocks 0 and 1
    X(i, 599) = -X(i, 260);                  // blocks 1 and 2, negative
    X(i, 100) = X(i, 102) + 0.1 * r.normal();
    X(i, 7) = 3.0;
  }
  X(0, 100) = kNaN;
  X(3, 450) = kNaN;
  for (Eigen::Index i = 0; i < n; ++i) {  // squares that overflow: r is NaN (inf/inf), so no peer
    X(i, 454) *= 1e200;
    X(i, 453) = X(i, 454);
  }
  X(5, 453) = kNaN;
  // Columns in an arbitrary subset and order: positions, not column numbers, come back.
  std::vector<std::size_t> cols;
  for (std::size_t j = 0; j < static_cast<std::size_t>(d); ++j)
    if (j % 7 != 3) cols.push_back(j);
  const double min_r = 0.45;  // low enough that chance pairs of the 40 rows reach it
  const sfc::detail::CorrelatedPairs got = sfc::detail::correlated_pairs(X, cols, min_r);
  std::size_t pairs = 0;
  for (std::size_t a = 0; a < cols.size(); ++a) {
    std::vector<std::size_t> peers;
    double largest = 0.0;
    for (std::size_t b = 0; b < cols.size(); ++b) {
      if (b == a) continue;
      const double rab = std::abs(stats::pearson_complete(X.col(static_cast<Eigen::Index>(cols[a])).data(),
                                                          X.col(static_cast<Eigen::Index>(cols[b])).data(), 40));
      if (rab >= min_r) peers.push_back(b), largest = std::max(largest, rab);
    }
    EXPECT_EQ(got.peers[a], peers) << "column " << cols[a];
    EXPECT_EQ(got.largest[a], largest) << "column " << cols[a];
    pairs += peers.size();
  }
  EXPECT_GT(pairs, 100u);  // the comparison covers many pairs, not only the planted ones
  const auto pos = [&](std::size_t j) {
    return static_cast<std::size_t>(std::find(cols.begin(), cols.end(), j) - cols.begin());
  };
  EXPECT_TRUE(std::binary_search(got.peers[pos(5)].begin(), got.peers[pos(5)].end(), pos(300)));
  EXPECT_TRUE(std::binary_search(got.peers[pos(599)].begin(), got.peers[pos(599)].end(), pos(260)));
  EXPECT_NEAR(got.largest[pos(599)], 1.0, 1e-12);
  EXPECT_TRUE(std::binary_search(got.peers[pos(100)].begin(), got.peers[pos(100)].end(), pos(102)));
  EXPECT_TRUE(got.peers[pos(7)].empty());
  EXPECT_TRUE(std::isnan(stats::pearson_complete(X.col(453).data(), X.col(454).data(), 40)));
  EXPECT_TRUE(got.peers[pos(453)].empty());
}

// Step 8b's candidates: outside V and the partner candidates, with a peer in the pool (the pool cut by priority),
// at most max_tests of them by priority, each designed as V ∪ {it}.
TEST(SfcClusters, CandidatesPoolAndCap) {
  rng::Rng r(4);
  const Eigen::Index n = 80;
  Eigen::MatrixXd X(n, 8);
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < 8; ++j) X(i, j) = r.normal();
    X(i, 2) = X(i, 1) + 0.05 * r.normal();   // cluster {1, 2}
    X(i, 4) = -X(i, 3) + 0.05 * r.normal();  // cluster {3, 4}
    X(i, 5) = X(i, 0) + 0.05 * r.normal();   // a partner of V's column 0
    X(i, 6) = 2.0;                           // constant
  }
  const std::vector<bool> constant{false, false, false, false, false, false, true, false};
  const std::vector<std::size_t> V{0};
  const std::vector<double> priority{9, 1, 2, 5, 4, 3, 0, 0};
  const auto partners = sfc::detail::partner_candidates(X, V, constant, 0.8);
  ASSERT_EQ(partners.size(), 1u);
  const auto all = sfc::detail::cluster_candidates(X, V, constant, partners, priority, 0.8, 50);
  EXPECT_EQ(all.pool, 6u);  // 1, 2, 3, 4, 5, 7
  EXPECT_EQ(all.qualified, 4u);
  ASSERT_EQ(all.candidates.size(), 4u);
  EXPECT_EQ(all.candidates[0].feature, 1u);
  EXPECT_EQ(all.candidates[0].peers, (std::vector<std::size_t>{2}));
  EXPECT_TRUE(all.candidates[0].partners.empty());
  EXPECT_EQ(all.candidates[0].design, (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(all.candidates[3].feature, 4u);
  EXPECT_GT(all.candidates[3].correlation, 0.99);
  // The two with the largest priority, in column order.
  const auto two = sfc::detail::cluster_candidates(X, V, constant, partners, priority, 0.8, 2);
  EXPECT_EQ(two.qualified, 4u);
  ASSERT_EQ(two.candidates.size(), 2u);
  EXPECT_EQ(two.candidates[0].feature, 3u);
  EXPECT_EQ(two.candidates[1].feature, 4u);
  // A pool of 3 (priorities 5, 4, 3: columns 3, 4, 5): column 2's peer is cut, column 5 is a partner candidate.
  const auto small = sfc::detail::cluster_candidates(X, V, constant, partners, priority, 0.8, 50, 3);
  EXPECT_EQ(small.pool, 3u);
  EXPECT_EQ(small.qualified, 2u);
  // A partner candidate is tested as a partner, not here, but is still a peer.
  const auto as_partner = sfc::detail::cluster_candidates(X, V, constant, {partners[0], [] {
    sfc::detail::PartnerCandidate c;
    c.feature = 1;
    return c;
  }()}, priority, 0.8, 50);
  ASSERT_EQ(as_partner.candidates.size(), 3u);
  EXPECT_EQ(as_partner.candidates[0].feature, 2u);
  EXPECT_EQ(as_partner.candidates[0].peers, (std::vector<std::size_t>{1}));
  EXPECT_TRUE(sfc::detail::cluster_candidates(X, V, constant, partners, priority, 0.8, 0).candidates.empty());
  EXPECT_TRUE(sfc::detail::cluster_candidates(X, V, constant, partners, priority, 0.0, 50).candidates.empty());
}

// NL 2 of the SFC paper (n = 1000; 4 strong features and a group of 10 near-copies, r ≈ 0.99, that matter only
// together with the strong ones; 6 irrelevant), data seed 5: Boruta's 10 % column draw rejects the whole group and
// M admits 2 of its members. The partner step tests the other 8 in their place and finds most of them; with the copy
// step (8c, the default) all 8 are weak as copies without a test; nothing irrelevant is added.
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
  // The forest's M keeps part of the group here, which the partner step builds on; the boosted M that auto picks at
  // 1,000 × 20 keeps none of it (the cluster step's case, SfcClusters).
  sfc::Options forest;
  forest.importance_model = sfc::ImportanceModel::forest;
  sfc::Options off = forest;
  off.partner_correlation = 0.0;
  off.copy_correlation = 0.0;
  const sfc::Result before = sfc::run(g.data, off, boruta_test::context(1005, 2));
  sfc::Options on = forest;
  on.partner_correlation = 0.8;
  on.copy_correlation = 0.0;  // step 8 alone
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
  // With step 8c (the default) those copies are weak as copies of the group's members found relevant: the whole
  // group, nothing irrelevant, and no warning left.
  const sfc::Result all = sfc::run(g.data, forest, boruta_test::context(1005, 2));
  EXPECT_EQ(weak_found(all), 10);
  EXPECT_TRUE(all.partner_candidates.empty());  // every candidate nearly copies a member of V: none is tested
  EXPECT_EQ(all.partners_as_copies, after.partner_candidates.size());
  EXPECT_EQ(all.copies_added.size(), after.partner_candidates.size());
  for (std::size_t k : all.copies_added) EXPECT_EQ(g.truth.classes[k], 1) << k;
  for (const std::string& w : all.warnings) EXPECT_EQ(w.rfind("partner_copies_irrelevant", 0), std::string::npos);

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

// NL 2, data seed 26: Boruta and M drop the whole group of ten near-copies, so step 8 has no member of V to test
// partners of. Step 8b tests the group's members added to V and finds them; the five irrelevant features made into
// near-copies of one latent independent of y (an irrelevant cluster) are tested too and stay irrelevant. By default
// (step 8c) each group is tested once, through its member with the largest Boruta importance.
TEST(SfcClusters, FindsAGroupBorutaDroppedEntirelyAndNotAnIrrelevantCluster) {
  boruta_test::Generated g = boruta_test::relevance(1000, 20, 4, 10, true, 26, 0.1);
  std::vector<std::size_t> noise_cluster;
  for (std::size_t j = 0; j < 20 && noise_cluster.size() < 5; ++j)
    if (g.truth.classes[j] == 0) noise_cluster.push_back(j);
  rng::Rng r(126);
  for (Eigen::Index i = 0; i < g.data.X.rows(); ++i) {
    const double latent = r.normal();
    for (std::size_t j : noise_cluster) g.data.X(i, static_cast<Eigen::Index>(j)) = latent + 0.1 * r.normal();
  }
  auto count = [&](const sfc::Result& res, int truth) {
    int n = 0;
    for (std::size_t j = 0; j < 20; ++j) n += g.truth.classes[j] == truth && res.features[j].cls > 0;
    return n;
  };
  sfc::Options off;
  off.cluster_tests = 0;
  off.copy_correlation = 0.0;
  const sfc::Result before = sfc::run(g.data, off, boruta_test::context(1026, 2));
  sfc::Options each;
  each.copy_correlation = 0.0;  // every qualifying feature tested on its own
  const sfc::Result after = sfc::run(g.data, each, boruta_test::context(1026, 2));
  EXPECT_EQ(after.relevant, before.relevant);  // steps 1–7 choose the same V
  for (std::size_t j : before.relevant) EXPECT_NE(g.truth.classes[j], 1) << "a group member is in V";
  EXPECT_TRUE(before.partner_candidates.empty());
  EXPECT_EQ(count(before, 1), 0);
  EXPECT_GE(count(after, 1), 5);  // 6 of 10 here; 8 without the irrelevant cluster, whose 5 tests share test_alpha
  EXPECT_EQ(count(after, 0), 0);
  for (std::size_t j : noise_cluster)
    EXPECT_TRUE(std::binary_search(after.cluster_candidates.begin(), after.cluster_candidates.end(), j)) << j;
  EXPECT_EQ(after.cluster_candidates.size(), 15u);  // the group and the irrelevant cluster
  EXPECT_EQ(after.score_interval->tests, before.score_interval->tests + 15);  // they share test_alpha
  for (std::size_t k : after.clusters_added) EXPECT_EQ(after.features[k].cls, 1);

  // The default (step 8c): one test per group of near copies, the group's and the irrelevant cluster's, at two
  // shares of test_alpha instead of 15; the whole group is weak, the irrelevant cluster stays irrelevant.
  const sfc::Result grouped = sfc::run(g.data, sfc::Options{}, boruta_test::context(1026, 2));
  EXPECT_EQ(grouped.cluster_candidates.size(), 2u);
  EXPECT_EQ(grouped.cluster_represented, 13u);
  EXPECT_EQ(grouped.score_interval->tests, before.score_interval->tests + 2);
  EXPECT_EQ(count(grouped, 1), 10);
  EXPECT_EQ(count(grouped, 0), 0);

  auto document = [&](const sfc::Result& res) { return report::strip_timing(res.to_json(g.data)).dump(); };
  EXPECT_EQ(document(sfc::run(g.data, each, boruta_test::context(1026, 1))), document(after));
  EXPECT_EQ(document(sfc::run(g.data, sfc::Options{}, boruta_test::context(1026, 1))), document(grouped));
  test::JsonRoundTripExecutor executor(g.data, "sfc.fits", sfc::run_plan_block);
  RunContext planned = boruta_test::context(1026, 2);
  planned.plan_executor = &executor;
  EXPECT_EQ(document(sfc::run(g.data, sfc::Options{}, planned)), document(grouped));
}

}  // namespace
