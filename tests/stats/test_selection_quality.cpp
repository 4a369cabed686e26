// Selection quality against a known truth (`featrel evaluate`): overall, per class, per role, and its JSON.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "featrel/error.hpp"
#include "featrel/metrics.hpp"

namespace fm = featrel::metrics;

TEST(SelectionQuality, HandComputed) {
  // Selected {0,1,2,3}, relevant {0,2,4}: TP 2, FP 2, FN 1.
  const auto q = fm::selection_quality({true, true, true, true, false, false}, {true, false, true, false, true, false});
  EXPECT_EQ(q.tp, 2u);
  EXPECT_EQ(q.fp, 2u);
  EXPECT_EQ(q.fn, 1u);
  EXPECT_EQ(q.n_selected, 4u);
  EXPECT_EQ(q.n_relevant, 3u);
  ASSERT_TRUE(q.precision.has_value());
  EXPECT_DOUBLE_EQ(*q.precision, 0.5);
  EXPECT_DOUBLE_EQ(q.recall, 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(q.f1, 4.0 / 7.0);
}

TEST(SelectionQuality, EmptySelectionsAndTruths) {
  const auto none = fm::selection_quality({false, false, false}, {true, false, true});
  EXPECT_FALSE(none.precision.has_value());
  EXPECT_EQ(none.recall, 0.0);
  EXPECT_EQ(none.f1, 0.0);

  const auto both_empty = fm::selection_quality({false, false}, {false, false});
  EXPECT_FALSE(both_empty.precision.has_value());
  EXPECT_TRUE(std::isnan(both_empty.recall));
  EXPECT_EQ(both_empty.f1, 1.0);

  const auto no_truth = fm::selection_quality({true, false}, {false, false});
  EXPECT_EQ(*no_truth.precision, 0.0);
  EXPECT_TRUE(std::isnan(no_truth.recall));
  EXPECT_EQ(no_truth.f1, 0.0);

  EXPECT_THROW(fm::selection_quality({true}, {true, false}), featrel::InputError);
}

TEST(SelectionQuality, PerClass) {
  const std::vector<int> predicted{2, 1, 0, 2, 1, 0}, truth{2, 2, 0, 1, 1, 0};
  const auto strong = fm::selection_quality_by_class(predicted, truth, 2);  // {0,3} vs {0,1}
  EXPECT_EQ(strong.tp, 1u);
  EXPECT_EQ(strong.fp, 1u);
  EXPECT_EQ(strong.fn, 1u);
  EXPECT_DOUBLE_EQ(strong.f1, 0.5);
  const auto irrelevant = fm::selection_quality_by_class(predicted, truth, 0);
  EXPECT_EQ(irrelevant.f1, 1.0);
  EXPECT_EQ(*irrelevant.precision, 1.0);
}

TEST(SelectionQuality, RecallByRole) {
  const auto r = fm::recall_by_role({true, false, true, false, false, true},
                                    {"informative", "informative", "redundant", "noise", "noise", "noise"});
  ASSERT_EQ(r.size(), 3u);
  EXPECT_DOUBLE_EQ(r.at("informative"), 0.5);
  EXPECT_DOUBLE_EQ(r.at("redundant"), 1.0);
  EXPECT_DOUBLE_EQ(r.at("noise"), 1.0 / 3.0);
}

TEST(SelectionQuality, JsonWritesNullForUndefined) {
  const nlohmann::ordered_json j = fm::to_json(fm::selection_quality({false, false}, {false, false}));
  EXPECT_TRUE(j.at("precision").is_null());
  EXPECT_TRUE(j.at("recall").is_null());
  EXPECT_EQ(j.at("f1").get<double>(), 1.0);
  EXPECT_EQ(j.at("n_selected").get<std::size_t>(), 0u);
  const nlohmann::ordered_json k = fm::to_json(fm::selection_quality({true, true}, {true, false}));
  EXPECT_EQ(k.at("precision").get<double>(), 0.5);
  EXPECT_EQ(k.at("recall").get<double>(), 1.0);
  EXPECT_EQ(k.at("tp").get<std::size_t>(), 1u);
}
