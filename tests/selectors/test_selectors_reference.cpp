// The exact selector values of docs/selectors.md#reference-values: mRMR's pick order and mRMRe scores on the full bcw data,
// mRMRe's Somers' D and MI of single features (the tie rule on columns 6 and 7), Fisher and Laplacian scores on
// iris (z-scored with the sample SD), and the Laplacian k-NN graph size.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "featrel/selectors.hpp"
#include "selectors_test_data.hpp"

namespace {

using namespace featrel;
using selectors_test::bcw;
using selectors_test::iris;

TEST(SelectorsReference, MrmrFullBcwPickOrderAndScores) {
  const auto prep = selectors::prepare_matrix(bcw());
  ASSERT_EQ(prep.Z.cols(), 30);
  const auto r = selectors::mrmr(prep.Z, prep.y, 10);
  const std::vector<int> order{22, 27, 13, 7, 23, 26, 6, 20, 21, 2};
  EXPECT_EQ(r.selected, order);
  const std::vector<double> scores{1.170720, 0.237456, 0.231530, 0.278598, 0.250310,
                                   0.253908, 0.151060, 0.204275, 0.122875, 0.119885};
  ASSERT_EQ(r.scores.size(), scores.size());
  for (std::size_t i = 0; i < scores.size(); ++i) EXPECT_NEAR(r.scores[i], scores[i], 1e-6) << "pick " << i;
}

TEST(SelectorsReference, SomersDMrmreConventionOnBcw) {
  const auto prep = selectors::prepare_matrix(bcw());
  auto d = [&](int j) { return selectors::somers_d(prep.Z.col(j), prep.y.labels, 2); };
  EXPECT_NEAR(d(22), 0.95068971, 1e-8);
  EXPECT_NEAR(d(27), 0.93324877, 1e-8);
  EXPECT_NEAR(d(7), 0.92883569, 1e-8);  // 13 zeros: ties on x count against concordance
  const auto r = selectors::mrmr(prep.Z, prep.y, 1);
  EXPECT_NEAR(r.column_scores[22], 1.17071974, 1e-8);
  EXPECT_NEAR(r.column_scores[20], 1.08062341, 1e-8);
  EXPECT_NEAR(r.column_scores[23], 1.07206947, 1e-8);
  EXPECT_NEAR(r.column_scores[27], 1.02379034, 1e-8);
  EXPECT_NEAR(r.column_scores[7], 0.99292362, 1e-8);
  const double rr = selectors::pearson(prep.Z.col(22), prep.Z.col(20));
  EXPECT_NEAR(rr, 0.99370792, 1e-8);
  EXPECT_NEAR(selectors::gaussian_mi(rr), 2.18923339, 1e-7);
}

TEST(SelectorsReference, PresortedOrderGivesTheSameSomersDAndPicks) {
  // A sub-sample of every third row: the order from one sort of the whole data must reproduce the sorting path.
  std::vector<std::size_t> rows;
  for (std::size_t r = 0; r < bcw().n_samples(); r += 3) rows.push_back(r);
  const auto order = selectors::ascending_order(bcw());
  const auto fast = selectors::prepare_matrix(bcw(), rows, order);
  auto slow = selectors::prepare_matrix(bcw(), rows);
  ASSERT_EQ(fast.y.ascending_rows.size(), 30u);
  EXPECT_TRUE(slow.y.ascending_rows.empty());
  EXPECT_EQ(fast.Z, slow.Z);
  for (int j = 0; j < 30; ++j)
    EXPECT_EQ(selectors::somers_d(fast.Z.col(j), fast.y.labels, 2, fast.y.ascending_rows[static_cast<std::size_t>(j)]),
              selectors::somers_d(slow.Z.col(j), slow.y.labels, 2))
        << j;
  const auto a = selectors::mrmr(fast.Z, fast.y, 10), b = selectors::mrmr(slow.Z, slow.y, 10);
  EXPECT_EQ(a.selected, b.selected);
  EXPECT_EQ(a.scores, b.scores);
}

TEST(SelectorsReference, FisherOnIris) {
  const auto prep = selectors::prepare_matrix(iris());
  const auto r = selectors::fisher(prep.Z, prep.y, 4);
  const std::vector<double> expected{1.59019336, 0.65546720, 15.73548243, 12.80009529};
  for (std::size_t j = 0; j < 4; ++j) EXPECT_NEAR(r.column_scores[j], expected[j], 1e-7) << j;
  EXPECT_EQ(r.selected, (std::vector<int>{2, 3, 0, 1}));
}

TEST(SelectorsReference, LaplacianOnIris) {
  const auto prep = selectors::prepare_matrix(iris());
  const auto g = selectors::laplacian_graph(prep.Z);
  EXPECT_EQ(g.k, 15u);
  EXPECT_EQ(g.links, 1433u);
  const auto r = selectors::laplacian(prep.Z, 2);
  const std::vector<double> expected{0.08185816, 0.10181970, 0.02428889, 0.03581333};
  for (std::size_t j = 0; j < 4; ++j) EXPECT_NEAR(r.column_scores[j], expected[j], 1e-7) << j;
  EXPECT_EQ(r.selected, (std::vector<int>{2, 3}));
}

}  // namespace
