// Stability indices against docs/stability.md#reference-values, plus hand-computed unequal-size sets, the
// Kuncheva = Nogueira identity for equal sizes, edge cases and the JSON block.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "featrel/error.hpp"
#include "featrel/rng.hpp"
#include "featrel/stability.hpp"

namespace st = featrel::stability;

namespace {

const double z975 = 1.959963984540054;
const st::Sets kCrfe{{0, 1, 2}, {0, 1, 3}, {0, 1, 2}, {0, 4, 5}};  // d = 10

}  // namespace

TEST(Stability, CrfeSpecExample) {
  // c(f) = 4, 3, 2, 1, 1, 1 over U = {0..5}: P_1..P_4 = 1, 1/2, 1/3, 1/6.
  EXPECT_NEAR(st::jaccard_multi(kCrfe, 10), 1.0 / 6.0, 1e-12);
  EXPECT_NEAR(st::weighted_iw(kCrfe, 10, st::IwVariant::paper), 10.0 / 42.0, 1e-12);      // levels 3, 4 (3/7, 4/7)
  EXPECT_NEAR(st::weighted_iw(kCrfe, 10, st::IwVariant::reference), 18.0 / 42.0, 1e-12);  // levels 2, 3 (4/7, 3/7)
  ASSERT_TRUE(st::kuncheva_mean(kCrfe, 10).has_value());
  EXPECT_NEAR(*st::kuncheva_mean(kCrfe, 10), 46.0 / 126.0, 1e-12);

  const st::Nogueira n = st::nogueira(kCrfe, 10);
  EXPECT_NEAR(n.value, 46.0 / 126.0, 1e-12);
  EXPECT_NEAR(n.variance, 25.0 / 1176.0, 1e-12);  // 0.0212585 (spec, rounded)
  EXPECT_NEAR(n.variance, 0.0212585, 1e-7);
  EXPECT_NEAR(n.ci_lower, 0.0793, 1e-4);
  EXPECT_NEAR(n.ci_upper, 0.6508, 1e-4);
  EXPECT_NEAR(n.ci_lower, 46.0 / 126.0 - z975 * std::sqrt(25.0 / 1176.0), 1e-12);
  EXPECT_EQ(n.alpha, 0.05);

  const st::StabilityResult r = st::stability(kCrfe, 10);
  EXPECT_EQ(r.n_sets, 4u);
  EXPECT_NEAR(r.jaccard, 1.0 / 6.0, 1e-12);
  EXPECT_NEAR(r.iw, 10.0 / 42.0, 1e-12);
  EXPECT_NEAR(*r.kuncheva, 46.0 / 126.0, 1e-12);
  EXPECT_NEAR(r.nogueira.variance, 25.0 / 1176.0, 1e-12);
  EXPECT_NEAR(st::stability(kCrfe, 10, st::IwVariant::reference).iw, 18.0 / 42.0, 1e-12);
}

TEST(Stability, KunchevaPair) {
  // r = 2, κ = 3, d = 10: (20 − 9)/(3·7) = 11/21.
  EXPECT_NEAR(*st::kuncheva_pair({0, 1, 2}, {0, 1, 3}, 10), 11.0 / 21.0, 1e-14);
  EXPECT_NEAR(*st::kuncheva_pair({0, 1, 2}, {2, 1, 0}, 10), 1.0, 1e-14);
  EXPECT_FALSE(st::kuncheva_pair({0, 1}, {0, 1, 2}, 10).has_value());  // unequal sizes
  EXPECT_FALSE(st::kuncheva_pair({}, {}, 10).has_value());              // κ = 0
  EXPECT_FALSE(st::kuncheva_pair({0, 1}, {1, 0}, 2).has_value());       // κ = d
  // Why, for messages; "" exactly when the index is defined.
  EXPECT_EQ(st::kuncheva_undefined_reason({2, 3}, 10), "set sizes differ");
  EXPECT_EQ(st::kuncheva_undefined_reason({0, 0, 0}, 10), "every set is empty");
  EXPECT_EQ(st::kuncheva_undefined_reason({2, 2}, 2), "every set holds all 2 features");
  EXPECT_EQ(st::kuncheva_undefined_reason({3}, 10), "fewer than two sets");
  EXPECT_EQ(st::kuncheva_undefined_reason({3, 3}, 10), "");
}

TEST(Stability, CrfeAgainstRfePooledReferenceLevels) {
  // 2M = 4 pooled sets, m0 = M + 1 = 3, J = M = 2: levels 3, 4 with weights 4/7, 3/7 → 4/7·1/3 + 3/7·1/6 = 11/42.
  EXPECT_NEAR(st::weighted_iw(kCrfe, 10, st::IwVariant::reference, 3, 2), 11.0 / 42.0, 1e-12);
  EXPECT_NEAR(st::stability(kCrfe, 10, st::IwVariant::reference, 0.05, 3, 2).iw, 11.0 / 42.0, 1e-12);
}

TEST(Stability, UbayfsSpecExamples) {
  const st::Nogueira a = st::nogueira({{0, 1, 2}, {0, 1, 3}, {0, 1, 2}, {0, 2, 4}}, 6);
  EXPECT_NEAR(a.value, 1.0 / 3.0, 1e-12);
  EXPECT_NEAR(a.variance, 1.0 / 36.0, 1e-12);
  const st::Nogueira b = st::nogueira({{1, 4, 7}, {1, 4, 7}, {1, 4, 7}}, 30);
  EXPECT_EQ(b.value, 1.0);
  EXPECT_EQ(b.variance, 0.0);
}

TEST(Stability, UnequalSizes) {
  // {0,1}, {0,2}, {1,2,3}, {0,1,2,3,4}, d = 8: c = 3, 3, 3, 2, 1; P_1..P_4 = 1, 4/5, 3/5, 0.
  const st::Sets s{{0, 1}, {0, 2}, {1, 2, 3}, {0, 1, 2, 3, 4}};
  const st::StabilityResult r = st::stability(s, 8, st::IwVariant::paper, 0.1);
  EXPECT_EQ(r.jaccard, 0.0);
  EXPECT_NEAR(r.iw, 9.0 / 35.0, 1e-12);  // 3/7·3/5 + 4/7·0
  EXPECT_NEAR(st::weighted_iw(s, 8, st::IwVariant::reference), 5.0 / 7.0, 1e-12);  // 4/7·4/5 + 3/7·3/5
  EXPECT_FALSE(r.kuncheva.has_value());
  // Exact values from the formula in rational arithmetic.
  EXPECT_NEAR(r.nogueira.value, 13.0 / 45.0, 1e-12);
  EXPECT_NEAR(r.nogueira.variance, 1682.0 / 151875.0, 1e-12);
  const double z95 = 1.6448536269514722;  // α = 0.1
  EXPECT_NEAR(r.nogueira.ci_upper, 13.0 / 45.0 + z95 * std::sqrt(1682.0 / 151875.0), 1e-12);
  EXPECT_EQ(r.nogueira.alpha, 0.1);
}

TEST(Stability, NogueiraEqualsMeanPairwiseKunchevaForEqualSizes) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    featrel::rng::Rng rng(featrel::rng::derive(seed, "stability-test"));
    const std::size_t d = 5 + rng.bounded(30), k = 1 + rng.bounded(d - 1), M = 2 + rng.bounded(10);
    st::Sets sets;
    for (std::size_t r = 0; r < M; ++r) sets.push_back(rng.sample_without_replacement(d, k));
    double pair_sum = 0.0;
    std::size_t pairs = 0;
    for (std::size_t i = 0; i < M; ++i)
      for (std::size_t j = i + 1; j < M; ++j, ++pairs) pair_sum += *st::kuncheva_pair(sets[i], sets[j], d);
    const double mean_pairs = pair_sum / static_cast<double>(pairs);
    EXPECT_NEAR(*st::kuncheva_mean(sets, d), mean_pairs, 1e-12) << "seed " << seed;
    EXPECT_NEAR(st::nogueira(sets, d).value, mean_pairs, 1e-12) << "seed " << seed;
    // The stricter paper weights can only raise I_W above I_J = P_M.
    EXPECT_GE(st::weighted_iw(sets, d) + 1e-15, st::jaccard_multi(sets, d)) << "seed " << seed;
  }
}

TEST(Stability, IdenticalSetsGiveOne) {
  const st::StabilityResult r = st::stability({{3, 1, 4}, {1, 3, 4}, {4, 3, 1}}, 9, st::IwVariant::reference);
  EXPECT_EQ(r.jaccard, 1.0);
  EXPECT_EQ(r.iw, 1.0);  // J = 1: level 2 only
  EXPECT_NEAR(*r.kuncheva, 1.0, 1e-14);
  EXPECT_EQ(r.nogueira.value, 1.0);
  EXPECT_EQ(r.nogueira.variance, 0.0);
  EXPECT_EQ(r.nogueira.ci_lower, 1.0);
  EXPECT_EQ(r.nogueira.ci_upper, 1.0);
}

TEST(Stability, SingleSet) {
  const st::StabilityResult r = st::stability({{0, 2}}, 5);
  EXPECT_EQ(r.n_sets, 1u);
  EXPECT_EQ(r.jaccard, 1.0);
  EXPECT_EQ(r.iw, 1.0);
  EXPECT_FALSE(r.kuncheva.has_value());
  EXPECT_TRUE(std::isnan(r.nogueira.value));
  EXPECT_TRUE(std::isnan(r.nogueira.variance));
  EXPECT_TRUE(std::isnan(st::weighted_iw({{0, 2}}, 5, st::IwVariant::reference)));  // J = M − 2 < 1
  EXPECT_TRUE(std::isnan(st::weighted_iw({{0, 2}, {0, 1}}, 5, st::IwVariant::reference)));
}

TEST(Stability, EmptyAndFullSets) {
  const st::StabilityResult empty = st::stability({{}, {}, {}}, 4);
  EXPECT_TRUE(std::isnan(empty.jaccard));
  EXPECT_TRUE(std::isnan(empty.iw));
  EXPECT_FALSE(empty.kuncheva.has_value());
  EXPECT_TRUE(std::isnan(empty.nogueira.value));
  EXPECT_TRUE(std::isnan(empty.nogueira.ci_lower));

  const st::StabilityResult full = st::stability({{0, 1, 2}, {2, 1, 0}}, 3);
  EXPECT_EQ(full.jaccard, 1.0);
  EXPECT_FALSE(full.kuncheva.has_value());        // κ = d
  EXPECT_TRUE(std::isnan(full.nogueira.value));   // k̄ = d

  // Some sets empty, others not: Jaccard 0, Nogueira defined.
  const st::StabilityResult mixed = st::stability({{0, 1}, {}}, 4);
  EXPECT_EQ(mixed.jaccard, 0.0);
  EXPECT_FALSE(mixed.kuncheva.has_value());
  EXPECT_TRUE(std::isfinite(mixed.nogueira.value));
}

TEST(Stability, BadInput) {
  using featrel::InputError;
  EXPECT_THROW(st::stability({}, 5), InputError);
  EXPECT_THROW(st::stability({{0, 5}}, 5), InputError);       // index ≥ d
  EXPECT_THROW(st::stability({{1, 1}, {0}}, 5), InputError);  // repeated index
  EXPECT_THROW(st::nogueira(kCrfe, 10, 0.0), InputError);
  EXPECT_THROW(st::stability(kCrfe, 10, st::IwVariant::paper, 1.0), InputError);
  EXPECT_THROW(st::weighted_iw(kCrfe, 10, st::IwVariant::reference, 0, 2), InputError);
  EXPECT_THROW(st::kuncheva_pair({0}, {7}, 5), InputError);
}

TEST(Stability, VariantSpellings) {
  EXPECT_EQ(st::iw_variant_from_string("reference"), st::IwVariant::reference);
  EXPECT_EQ(st::to_string(st::IwVariant::paper), "paper");
  EXPECT_THROW(st::iw_variant_from_string("notebook"), featrel::InputError);
}

TEST(Stability, JsonBlock) {
  const nlohmann::ordered_json j = st::to_json(st::stability(kCrfe, 10));
  EXPECT_EQ(j.at("n_sets").get<std::size_t>(), 4u);
  EXPECT_NEAR(j.at("jaccard").get<double>(), 1.0 / 6.0, 1e-15);
  EXPECT_NEAR(j.at("iw").get<double>(), 10.0 / 42.0, 1e-15);
  EXPECT_NEAR(j.at("kuncheva").get<double>(), 46.0 / 126.0, 1e-15);
  const nlohmann::ordered_json& n = j.at("nogueira");
  for (const char* key : {"value", "variance", "ci_lower", "ci_upper", "alpha"}) EXPECT_TRUE(n.contains(key)) << key;
  EXPECT_NEAR(n.at("variance").get<double>(), 25.0 / 1176.0, 1e-15);
  EXPECT_EQ(n.at("alpha").get<double>(), 0.05);
  EXPECT_EQ(j.size(), 5u);
  EXPECT_EQ(n.size(), 5u);

  // Undefined values become null, never NaN (docs/result-format.md#writing-rules).
  const nlohmann::ordered_json e = st::to_json(st::stability({{}, {}}, 3));
  EXPECT_TRUE(e.at("jaccard").is_null());
  EXPECT_TRUE(e.at("iw").is_null());
  EXPECT_TRUE(e.at("kuncheva").is_null());
  EXPECT_TRUE(e.at("nogueira").at("value").is_null());
  EXPECT_TRUE(e.at("nogueira").at("ci_upper").is_null());
  EXPECT_EQ(e.at("nogueira").at("alpha").get<double>(), 0.05);
  EXPECT_EQ(e.dump().find("NaN"), std::string::npos);
}
