// Splits and resampling: exact allocations by hand, the algorithms of the specs re-enacted with the same
// generator, and the invariants (disjoint, covering, proportional within one row, reproducible).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>

#include "featrel/error.hpp"
#include "featrel/rng.hpp"
#include "featrel/splits.hpp"

namespace featrel {
namespace {

using Rows = std::vector<std::size_t>;

std::vector<int> labels_of(const std::vector<std::size_t>& sizes) {
  std::vector<int> labels;
  for (std::size_t c = 0; c < sizes.size(); ++c) labels.insert(labels.end(), sizes[c], static_cast<int>(c));
  // Interleave deterministically so classes are not in blocks.
  std::vector<int> mixed(labels.size());
  for (std::size_t i = 0; i < labels.size(); ++i) mixed[(i * 7) % labels.size()] = labels[i];
  return labels.size() % 7 == 0 ? labels : mixed;
}

std::vector<std::size_t> per_class(const Rows& rows, const std::vector<int>& labels, std::size_t K) {
  std::vector<std::size_t> counts(K, 0);
  for (std::size_t r : rows) ++counts[static_cast<std::size_t>(labels[r])];
  return counts;
}

void expect_partition(const std::vector<Rows>& parts, std::size_t n) {
  std::vector<int> seen(n, 0);
  for (const Rows& part : parts) {
    EXPECT_TRUE(std::is_sorted(part.begin(), part.end()));
    for (std::size_t r : part) {
      ASSERT_LT(r, n);
      ++seen[r];
    }
  }
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(seen[i], 1) << "row " << i;
}

TEST(Counts, FloorAndCeilSurviveProductRounding) {
  EXPECT_EQ(ceil_count(0.1, 30), 3u);  // 0.1 * 30 = 3.0000000000000004 in doubles
  EXPECT_EQ(ceil_count(0.25, 350), 88u);
  EXPECT_EQ(ceil_count(0.0, 350), 0u);
  EXPECT_EQ(floor_count(0.29, 100), 29u);  // 28.999999999999996 in doubles
  EXPECT_EQ(floor_count(0.5, 131), 65u);
  EXPECT_EQ(floor_count(0.75, 10), 7u);
}

TEST(StratifiedAllocation, LargestRemainderByHand) {
  // n = 10, classes 6 and 4, parts 3 and 7. Part 0 quotas 1.8, 1.2: floors 1, 1, one round-up to the larger
  // remainder (class 0). Part 1 quotas 4.2, 2.8: the rest, 4 and 3.
  const auto a = stratified_allocation({6, 4}, {3, 7});
  EXPECT_EQ(a, (std::vector<Rows>{{2, 1}, {4, 3}}));
}

TEST(StratifiedAllocation, TiesGoToTheLargerClassThenTheLowerCode) {
  // Classes 5 and 3 into halves: quotas 2.5 and 1.5, equal remainders -> the larger class rounds up first.
  EXPECT_EQ(stratified_allocation({5, 3}, {4, 4}), (std::vector<Rows>{{3, 1}, {2, 2}}));
  // Classes 3, 3, 2 into halves: quotas 1.5, 1.5, 1; equal sizes -> the lower code.
  EXPECT_EQ(stratified_allocation({3, 3, 2}, {4, 4}), (std::vector<Rows>{{2, 1, 1}, {1, 2, 1}}));
}

TEST(StratifiedAllocation, CrfeSizes) {
  // docs/crfe.md#preparation-and-split: 350 rows give 88 test, 131 train, 65 selection and 66 calibration. Classes 200 and 150.
  const auto a = stratified_allocation({200, 150}, {88, 131, 65, 66});
  // Quotas: 50.29/37.71, 74.86/56.14, 37.14/27.86, 37.71/28.29.
  EXPECT_EQ(a, (std::vector<Rows>{{50, 38}, {75, 56}, {37, 28}, {38, 28}}));
}

TEST(StratifiedAllocation, ExactMarginsAndWithinOneOfProportionalOverManyCases) {
  rng::Rng gen(rng::derive(7, "allocation-test"));
  for (int trial = 0; trial < 500; ++trial) {
    const std::size_t K = 1 + gen.bounded(6);
    const std::size_t P = 1 + gen.bounded(5);
    std::vector<std::size_t> sizes(K);
    std::size_t n = 0;
    for (auto& s : sizes) n += (s = gen.bounded(40));
    std::vector<std::size_t> totals(P, 0);
    for (std::size_t i = 0; i < n; ++i) ++totals[gen.bounded(P)];
    const auto a = stratified_allocation(sizes, totals);
    for (std::size_t p = 0; p < P; ++p) {
      std::size_t row_sum = 0;
      for (std::size_t c = 0; c < K; ++c) {
        row_sum += a[p][c];
        // |a - T_p n_c / n| < 1, in integers: |a n - T_p n_c| < n.
        const long long diff = static_cast<long long>(a[p][c] * n) - static_cast<long long>(totals[p] * sizes[c]);
        EXPECT_LT(std::llabs(diff), static_cast<long long>(std::max<std::size_t>(n, 1)));
      }
      EXPECT_EQ(row_sum, totals[p]);
    }
    for (std::size_t c = 0; c < K; ++c) {
      std::size_t col_sum = 0;
      for (std::size_t p = 0; p < P; ++p) col_sum += a[p][c];
      EXPECT_EQ(col_sum, sizes[c]);
    }
  }
}

TEST(StratifiedAllocation, MinimumPerClassMovesFromTheLargestOtherPart) {
  // Classes 9 and 1, parts test 7 / train 3: test quotas 6.3 and 0.7 give class 1's row to test.
  EXPECT_EQ(stratified_allocation({9, 1}, {7, 3}), (std::vector<Rows>{{6, 1}, {3, 0}}));
  // With one training row per class required, it moves to train.
  EXPECT_EQ(stratified_allocation({9, 1}, {7, 3}, {0, 1}), (std::vector<Rows>{{6, 0}, {3, 1}}));
}

TEST(StratifiedAllocation, MinimumsOnTwoPartsNeverTakeADonorBelowItsOwn) {
  // Class 1 has 2 rows over parts of 10, 10 and 80 with one row required in each of parts 0 and 1. Quotas 0.2,
  // 0.2, 1.6 put both rows in part 2. Part 0 takes one from part 2; part 1 then may take only from part 2 (it
  // has 1 > 0), not from part 0, which sits exactly at its minimum — although it ties part 2 as the largest
  // other part and is the lower one.
  EXPECT_EQ(stratified_allocation({98, 2}, {10, 10, 80}), (std::vector<Rows>{{10, 0}, {10, 0}, {78, 2}}));
  EXPECT_EQ(stratified_allocation({98, 2}, {10, 10, 80}, {1, 1, 0}),
            (std::vector<Rows>{{10, 1}, {10, 1}, {78, 0}}));
  // A single class-1 row cannot meet both minimums: part 0 gets it, and part 1 must not take it back from a
  // part at its minimum.
  EXPECT_EQ(stratified_allocation({99, 1}, {10, 10, 80}), (std::vector<Rows>{{10, 0}, {10, 0}, {79, 1}}));
  EXPECT_EQ(stratified_allocation({99, 1}, {10, 10, 80}, {1, 1, 0}),
            (std::vector<Rows>{{10, 1}, {10, 0}, {79, 0}}));
}

TEST(StratifiedAllocation, TotalsMustCoverEveryRow) {
  EXPECT_THROW(stratified_allocation({5, 5}, {3, 3}), InputError);
}

TEST(StratifiedPartition, PartitionsByAllocationAndIsReproducible) {
  const std::vector<std::size_t> sizes{23, 11, 6};
  const std::vector<int> labels = labels_of(sizes);
  const std::size_t n = labels.size();
  const Rows totals{10, 18, 12};
  const auto parts = stratified_partition(labels, 3, totals, 42);
  ASSERT_EQ(parts.size(), 3u);
  expect_partition(parts, n);
  const auto expected = stratified_allocation(sizes, totals);
  for (std::size_t p = 0; p < 3; ++p) {
    EXPECT_EQ(parts[p].size(), totals[p]);
    EXPECT_EQ(per_class(parts[p], labels, 3), expected[p]);
  }
  EXPECT_EQ(stratified_partition(labels, 3, totals, 42), parts);
  EXPECT_NE(stratified_partition(labels, 3, totals, 43), parts);
}

TEST(StratifiedPartition, ReenactsOneShufflePerClassDealtInPartOrder) {
  const std::vector<int> labels{0, 1, 0, 0, 1, 0, 1, 0, 0, 1};
  const auto parts = stratified_partition(labels, 2, {4, 6}, 9);
  const auto counts = stratified_allocation({6, 4}, {4, 6});
  rng::Rng gen(9);
  std::vector<Rows> expected(2);
  for (int c = 0; c < 2; ++c) {
    Rows rows;
    for (std::size_t i = 0; i < labels.size(); ++i)
      if (labels[i] == c) rows.push_back(i);
    gen.shuffle(rows);
    std::size_t next = 0;
    for (std::size_t p = 0; p < 2; ++p)
      for (std::size_t k = 0; k < counts[p][static_cast<std::size_t>(c)]; ++k) expected[p].push_back(rows[next++]);
  }
  for (auto& part : expected) std::sort(part.begin(), part.end());
  EXPECT_EQ(parts, expected);
}

TEST(StratifiedTrainTest, SizesAndStrata) {
  const std::vector<int> labels = labels_of({12, 8});
  const TrainTest s = stratified_train_test(labels, 2, 0.25, 5);
  EXPECT_EQ(s.test.size(), 5u);  // ⌈0.25 · 20⌉
  EXPECT_EQ(s.train.size(), 15u);
  EXPECT_EQ(per_class(s.test, labels, 2), (Rows{3, 2}));
  EXPECT_EQ(per_class(s.train, labels, 2), (Rows{9, 6}));
  expect_partition({s.train, s.test}, 20);

  const TrainTest none = stratified_train_test(labels, 2, 0.0, 5);
  EXPECT_TRUE(none.test.empty());
  EXPECT_EQ(none.train.size(), 20u);

  EXPECT_THROW(stratified_train_test(labels, 2, 1.0, 5), InputError);
  EXPECT_THROW(stratified_train_test(labels, 2, -0.1, 5), InputError);
  EXPECT_THROW(stratified_train_test({0, 1}, 2, 0.9, 5), InputError);  // ⌈1.8⌉ = 2 leaves no training row
}

TEST(StratifiedTrainCalibrationTest, CrfeDefaultSizes) {
  const std::vector<int> labels = labels_of({200, 150});
  const TrainCalibrationTest s = stratified_train_calibration_test(labels, 2, 0.25, 0.5, 11);
  EXPECT_EQ(s.test.size(), 88u);
  EXPECT_EQ(s.train.size(), 131u);
  EXPECT_EQ(s.calibration.size(), 131u);
  expect_partition({s.train, s.calibration, s.test}, 350);
  const auto expected = stratified_allocation({200, 150}, {88, 131, 131});
  EXPECT_EQ(per_class(s.test, labels, 2), expected[0]);
  EXPECT_EQ(per_class(s.train, labels, 2), expected[1]);
  EXPECT_EQ(per_class(s.calibration, labels, 2), expected[2]);
  EXPECT_THROW(stratified_train_calibration_test(labels, 2, 0.25, 0.0, 11), InputError);
}

TEST(StratifiedTrainTest, MinimumTrainingRowsPerClass) {
  std::vector<int> labels(10, 0);
  labels[4] = 1;
  // Without a minimum the single class-1 row goes to test (quota 0.7 vs 0.3), with it to train.
  EXPECT_EQ(per_class(stratified_train_test(labels, 2, 0.7, 3).train, labels, 2), (Rows{3, 0}));
  const TrainTest s = stratified_train_test(labels, 2, 0.7, 3, 1);
  EXPECT_EQ(per_class(s.train, labels, 2), (Rows{3, 1}));
  EXPECT_EQ(per_class(s.test, labels, 2), (Rows{6, 0}));
}

TEST(StratifiedKFold, ReenactsTheSpecAndBalancesClasses) {
  const std::vector<int> labels = labels_of({7, 5});
  const auto fold = stratified_kfold(labels, 2, 3, 17);
  // docs/fri.md#hyperparameter-search: within each class shuffle its rows, fold = position mod 3.
  rng::Rng gen(17);
  for (int c = 0; c < 2; ++c) {
    Rows rows;
    for (std::size_t i = 0; i < labels.size(); ++i)
      if (labels[i] == c) rows.push_back(i);
    gen.shuffle(rows);
    for (std::size_t pos = 0; pos < rows.size(); ++pos) EXPECT_EQ(fold[rows[pos]], static_cast<int>(pos % 3));
  }
  std::vector<std::vector<int>> counts(2, std::vector<int>(3, 0));  // [class][fold] -> rows
  for (std::size_t i = 0; i < labels.size(); ++i) ++counts[static_cast<std::size_t>(labels[i])][static_cast<std::size_t>(fold[i])];
  EXPECT_EQ(counts[0], (std::vector<int>{3, 2, 2}));
  EXPECT_EQ(counts[1], (std::vector<int>{2, 2, 1}));
  EXPECT_EQ(stratified_kfold(labels, 2, 3, 17), fold);
  EXPECT_NE(stratified_kfold(labels, 2, 3, 18), fold);
}

TEST(StratifiedKFold, Errors) {
  const std::vector<int> labels{0, 0, 0, 1, 1};
  EXPECT_THROW(stratified_kfold(labels, 2, 1, 0), InputError);
  try {
    stratified_kfold(labels, 2, 3, 0);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("class code 1 has 2 rows, fewer than the 3 folds"), std::string::npos)
        << e.what();
  }
}

TEST(RegressionKFold, ReenactsTheSpec) {
  Eigen::VectorXd y(10);
  y << 5, 1, 3, 3, 9, 0, 7, 3, 2, 8;  // ties at 3 are ordered by the shuffle (stable sort)
  const auto fold = regression_kfold(y, 3, 23);
  rng::Rng gen(23);
  Rows order = gen.permutation(10);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return y[a] < y[b]; });
  for (std::size_t start = 0; start < 10; start += 3) {
    const Rows ids = gen.permutation(3);
    for (std::size_t j = 0; j < 3 && start + j < 10; ++j) EXPECT_EQ(fold[order[start + j]], static_cast<int>(ids[j]));
  }
  // Every complete block of 3 ranks holds each fold once, so fold sizes are 3, 3, 3 plus the last row.
  std::vector<int> sizes(3, 0);
  for (int f : fold) ++sizes[static_cast<std::size_t>(f)];
  std::sort(sizes.begin(), sizes.end());
  EXPECT_EQ(sizes, (std::vector<int>{3, 3, 4}));
  EXPECT_EQ(regression_kfold(y, 3, 23), fold);
}

TEST(RegressionKFold, Errors) {
  Eigen::VectorXd y(2);
  y << 1, 2;
  EXPECT_THROW(regression_kfold(y, 3, 0), InputError);
  EXPECT_THROW(regression_kfold(y, 1, 0), InputError);
  y[1] = NAN;
  EXPECT_THROW(regression_kfold(y, 2, 0), InputError);
}

TEST(Bootstrap, DrawsWithReplacementAndOutOfBagIsTheComplement) {
  const Bootstrap b = bootstrap(50, 99);
  ASSERT_EQ(b.rows.size(), 50u);
  rng::Rng gen(99);
  for (std::size_t i = 0; i < 50; ++i) EXPECT_EQ(b.rows[i], gen.bounded(50));
  const std::set<std::size_t> drawn(b.rows.begin(), b.rows.end());
  Rows complement;
  for (std::size_t i = 0; i < 50; ++i)
    if (!drawn.count(i)) complement.push_back(i);
  EXPECT_EQ(b.out_of_bag, complement);
  EXPECT_FALSE(b.out_of_bag.empty());  // P(no OOB row among 50) is negligible, and this seed is fixed
  EXPECT_EQ(bootstrap(50, 99).rows, b.rows);
  EXPECT_NE(bootstrap(50, 100).rows, b.rows);
}

TEST(Subsample, DistinctSortedReproducible) {
  const Rows s = subsample(30, 12, 4);
  ASSERT_EQ(s.size(), 12u);
  EXPECT_TRUE(std::is_sorted(s.begin(), s.end()));
  EXPECT_EQ(std::set<std::size_t>(s.begin(), s.end()).size(), 12u);
  EXPECT_LT(s.back(), 30u);
  rng::Rng gen(4);
  Rows expected = gen.sample_without_replacement(30, 12);
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(s, expected);
  EXPECT_NE(subsample(30, 12, 5), s);
  EXPECT_EQ(subsample(5, 5, 1), (Rows{0, 1, 2, 3, 4}));
  EXPECT_THROW(subsample(3, 4, 1), InputError);
}

TEST(ClassFloorSubsample, FloorPerClassButAtLeastOne) {
  const std::vector<int> labels = labels_of({10, 3, 1});
  const Rows s = class_floor_subsample(labels, 3, 0.5, 8);
  // ⌊0.5·10⌋ = 5, ⌊1.5⌋ = 1, ⌊0.5⌋ = 0 -> 1.
  EXPECT_EQ(per_class(s, labels, 3), (Rows{5, 1, 1}));
  EXPECT_TRUE(std::is_sorted(s.begin(), s.end()));
  EXPECT_EQ(std::set<std::size_t>(s.begin(), s.end()).size(), s.size());
  EXPECT_EQ(class_floor_subsample(labels, 3, 0.5, 8), s);
  // Re-enacted: classes in code order, one stream.
  rng::Rng gen(8);
  Rows expected;
  for (int c = 0; c < 3; ++c) {
    Rows rows;
    for (std::size_t i = 0; i < labels.size(); ++i)
      if (labels[i] == c) rows.push_back(i);
    const std::size_t k = std::max<std::size_t>(1, rows.size() / 2);
    for (std::size_t draw : gen.sample_without_replacement(rows.size(), k)) expected.push_back(rows[draw]);
  }
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(s, expected);
  EXPECT_THROW(class_floor_subsample(labels, 3, 0.0, 8), InputError);
}

TEST(FloorSubsample, PlainFloor) {
  EXPECT_EQ(floor_subsample(10, 0.75, 2).size(), 7u);
  EXPECT_EQ(floor_subsample(10, 0.75, 2), subsample(10, 7, 2));
}

}  // namespace
}  // namespace featrel
