// Tests of featrel::rng: the derivation rule, the engine and its transforms.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <vector>

#include "featrel/rng.hpp"

using featrel::rng::derive;
using featrel::rng::mix;
using featrel::rng::Rng;
using featrel::rng::tag;

TEST(Rng, FnvTagMatchesPublishedVectors) {
  // FNV-1a 64 test vectors: "" and "a".
  EXPECT_EQ(tag(""), 0xCBF29CE484222325ULL);
  EXPECT_EQ(tag("a"), 0xAF63DC4C8601EC8CULL);
  EXPECT_EQ(tag("foobar"), 0x85944171F73967E8ULL);
}

TEST(Rng, MixIsSplitMix64Output) {
  // SplitMix64 seeded with 0 yields 0xE220A8397B1DCDAF as its first output: mix(0) is that output.
  EXPECT_EQ(mix(0), 0xE220A8397B1DCDAFULL);
}

TEST(Rng, DeriveFollowsTheChainRule) {
  const std::uint64_t seed = 42;
  EXPECT_EQ(derive(seed), mix(seed));
  EXPECT_EQ(derive(seed, 3), mix(mix(seed) ^ 3));
  EXPECT_EQ(derive(seed, "probe", 7), mix(mix(mix(seed) ^ tag("probe")) ^ 7));
  // Different paths give different streams; the order of words matters.
  EXPECT_NE(derive(seed, 1, 2), derive(seed, 2, 1));
  EXPECT_NE(derive(0, 0), derive(0));
  EXPECT_NE(derive(0, 0), derive(0, 0, 0));
}

TEST(Rng, SameSeedSameStream) {
  Rng a(123), b(123), c(124);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const auto x = a.next_u64();
    EXPECT_EQ(x, b.next_u64());
    differs |= (x != c.next_u64());
  }
  EXPECT_TRUE(differs);
}

TEST(Rng, UniformInUnitIntervalWithCorrectMoments) {
  Rng r(1);
  const int n = 200000;
  double sum = 0, sum2 = 0;
  for (int i = 0; i < n; ++i) {
    const double u = r.uniform();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    sum += u;
    sum2 += u * u;
  }
  const double mean = sum / n, var = sum2 / n - mean * mean;
  EXPECT_NEAR(mean, 0.5, 0.005);
  EXPECT_NEAR(var, 1.0 / 12.0, 0.002);
}

TEST(Rng, BoundedIsUnbiasedAndInRange) {
  Rng r(2);
  const std::uint64_t n = 7;
  std::vector<int> counts(n, 0);
  const int draws = 140000;
  for (int i = 0; i < draws; ++i) {
    const auto v = r.bounded(n);
    ASSERT_LT(v, n);
    ++counts[v];
  }
  // Chi-square with 6 df: 99.9 % quantile is 22.46.
  double chi2 = 0;
  const double expected = static_cast<double>(draws) / n;
  for (int c : counts) chi2 += (c - expected) * (c - expected) / expected;
  EXPECT_LT(chi2, 22.46);
  EXPECT_EQ(r.bounded(1), 0u);
}

TEST(Rng, NormalHasUnitMomentsAndSymmetricTails) {
  Rng r(3);
  const int n = 200000;
  double sum = 0, sum2 = 0;
  int beyond2 = 0;
  for (int i = 0; i < n; ++i) {
    const double z = r.normal();
    sum += z;
    sum2 += z * z;
    beyond2 += std::fabs(z) > 1.959963985;
  }
  EXPECT_NEAR(sum / n, 0.0, 0.01);
  EXPECT_NEAR(sum2 / n, 1.0, 0.015);
  EXPECT_NEAR(static_cast<double>(beyond2) / n, 0.05, 0.003);
}

TEST(Rng, PermutationIsAPermutationAndUniform) {
  Rng r(4);
  auto p = r.permutation(50);
  std::vector<std::size_t> sorted = p;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 0; i < 50; ++i) EXPECT_EQ(sorted[i], i);
  // All 6 orders of 3 elements appear about equally often.
  std::map<std::vector<std::size_t>, int> counts;
  for (int i = 0; i < 60000; ++i) ++counts[r.permutation(3)];
  ASSERT_EQ(counts.size(), 6u);
  for (const auto& [perm, c] : counts) EXPECT_NEAR(c, 10000, 400);
}

TEST(Rng, SampleWithoutReplacementIsDistinct) {
  Rng r(5);
  auto s = r.sample_without_replacement(100, 30);
  ASSERT_EQ(s.size(), 30u);
  std::set<std::size_t> distinct(s.begin(), s.end());
  EXPECT_EQ(distinct.size(), 30u);
  EXPECT_LT(*distinct.rbegin(), 100u);
  EXPECT_EQ(r.sample_without_replacement(5, 5).size(), 5u);
}

// Few draws from a wide range use a sparse pool (k·16 < n); the draws are those of the dense partial Fisher-Yates,
// written out here, for both paths and at the switch.
TEST(Rng, SampleWithoutReplacementSparsePoolDrawsTheSame) {
  for (const auto& [n, k] : std::vector<std::pair<std::size_t, std::size_t>>{
           {40000, 200}, {1000, 62}, {1000, 63}, {1000, 500}, {17, 1}, {100000, 4000}}) {
    Rng a(n + k), b(n + k);
    std::vector<std::size_t> pool(n), expected;
    std::iota(pool.begin(), pool.end(), std::size_t{0});
    for (std::size_t i = 0; i < k; ++i) {
      std::swap(pool[i], pool[i + static_cast<std::size_t>(b.bounded(n - i))]);
      expected.push_back(pool[i]);
    }
    EXPECT_EQ(a.sample_without_replacement(n, k), expected) << n << " " << k;
    EXPECT_EQ(a.next_u64(), b.next_u64());  // and the same stream afterwards
  }
}

TEST(Rng, SampleWithoutReplacementIsUniform) {
  // 3 of 10, 24000 draws: every element is drawn with probability 3/10 (expected 7200, sd √(24000·0.3·0.7) = 71),
  // is first with probability 1/10 (2400, sd 46), and the 120 subsets are equally likely (200 each). The bounds
  // are 5 sd, and for the subsets the χ² (119 df: mean 119, sd √238 = 15.4) at its mean + 5 sd = 196. The draws
  // are fixed by the seed, so the margins only say how far a correct sampler may sit from the expectation.
  Rng r(6);
  const std::size_t n = 10, k = 3;
  const int draws = 24000;
  std::vector<int> included(n, 0), first(n, 0);
  std::map<std::vector<std::size_t>, int> subsets;
  for (int i = 0; i < draws; ++i) {
    std::vector<std::size_t> s = r.sample_without_replacement(n, k);
    ASSERT_EQ(s.size(), k);
    ++first[s[0]];
    for (std::size_t x : s) ++included[x];
    std::sort(s.begin(), s.end());
    ASSERT_TRUE(std::adjacent_find(s.begin(), s.end()) == s.end());
    ASSERT_LT(s.back(), n);
    ++subsets[s];
  }
  for (std::size_t x = 0; x < n; ++x) {
    EXPECT_NEAR(included[x], 7200, 5 * 71) << x;
    EXPECT_NEAR(first[x], 2400, 5 * 46) << x;
  }
  ASSERT_EQ(subsets.size(), 120u);
  double chi2 = 0;
  for (const auto& [s, c] : subsets) chi2 += (c - 200.0) * (c - 200.0) / 200.0;
  EXPECT_LT(chi2, 196.0);
}
