// The options of `featrel mrmr|fisher|laplacian`: one table per command from one builder (each with only its own
// settings), n_features_to_select and `all` (auto = 10 or every feature, the two exclusive, at most N), the
// compat rule of mrmr, and rank() on a whole data set with the effective options echoed.
#include <gtest/gtest.h>

#include <algorithm>

#include <string>
#include <vector>

#include "featrel/error.hpp"
#include "featrel/option_table.hpp"
#include "featrel/selectors.hpp"
#include "selectors_test_data.hpp"

namespace {

using namespace featrel;
using selectors::Method;
using selectors_test::bcw;
using selectors_test::iris;

std::vector<std::string> keys(Method m) {
  std::vector<std::string> out;
  for (const auto* info : selectors::option_table(m).infos()) out.push_back(info->key);
  return out;
}

TEST(SelectorOptions, EachCommandHasItsOwnTable) {
  EXPECT_EQ(keys(Method::mrmr),
            (std::vector<std::string>{"n_features_to_select", "all", "mrmr_relevance", "compat"}));
  EXPECT_EQ(keys(Method::fisher), (std::vector<std::string>{"n_features_to_select", "all"}));
  EXPECT_EQ(keys(Method::laplacian), (std::vector<std::string>{"n_features_to_select", "all", "laplacian_t"}));
  const auto* k = selectors::option_table(Method::fisher).find("n_features_to_select");
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->short_flag, "-k");
  EXPECT_EQ(k->default_text, "auto");
  EXPECT_EQ(selectors::option_table(Method::laplacian).find("laplacian_t")->default_text, "1");
}

TEST(SelectorOptions, RangesAndExclusiveOptionsNameTheKey) {
  selectors::Options o;
  o.method = Method::laplacian;
  auto key_of = [](const selectors::Options& x) {
    try {
      selectors::validate(x);
    } catch (const options::OptionError& e) {
      return e.key();
    }
    return std::string();
  };
  EXPECT_EQ(key_of(o), "");
  o.laplacian_t = 0.0;
  EXPECT_EQ(key_of(o), "laplacian_t");
  o.laplacian_t = 2e9;
  EXPECT_EQ(key_of(o), "laplacian_t");
  o = {};
  o.n_features_to_select = 0;
  EXPECT_EQ(key_of(o), "n_features_to_select");
  o.n_features_to_select = 1000001;
  EXPECT_EQ(key_of(o), "n_features_to_select");
  o.n_features_to_select = 3;
  o.all = true;
  EXPECT_EQ(key_of(o), "all");
  // Against the data: at most the N features.
  o.all = false;
  o.n_features_to_select = 31;
  EXPECT_THROW(selectors::validate(o, bcw()), options::OptionError);
  o.n_features_to_select = 30;
  EXPECT_NO_THROW(selectors::validate(o, bcw()));
  // Words: table parsing and the library parsers share one list.
  EXPECT_THROW(selectors::option_table(Method::mrmr).set(o, "mrmr_relevance", "kendall"), options::OptionError);
  EXPECT_EQ(selectors::parse_class_relevance("eta"), selectors::ClassRelevance::eta);
  EXPECT_EQ(selectors::to_string(selectors::ClassRelevance::automatic), "auto");
}

TEST(SelectorOptions, EffectiveOptionsResolveNAndCompat) {
  selectors::Options o;
  EXPECT_EQ(*selectors::effective_options(o, bcw()).n_features_to_select, 10);
  EXPECT_EQ(*selectors::effective_options(o, iris()).n_features_to_select, 4);  // fewer than 10 features
  o.all = true;
  EXPECT_FALSE(selectors::effective_options(o, bcw()).n_features_to_select.has_value());
  o = {};
  o.compat_reference = true;
  EXPECT_EQ(selectors::effective_options(o, iris()).mrmr_relevance, selectors::ClassRelevance::somers);
  o.mrmr_relevance = selectors::ClassRelevance::eta;  // asked for explicitly: kept
  EXPECT_EQ(selectors::effective_options(o, iris()).mrmr_relevance, selectors::ClassRelevance::eta);
}

TEST(SelectorOptions, RankEchoesTheEffectiveOptions) {
  selectors::Options o;
  o.method = Method::fisher;
  o.all = true;
  const auto r = selectors::rank(iris(), o);
  EXPECT_EQ(r.order.size(), 4u);
  const auto echo = r.to_json(iris())["options"];
  EXPECT_EQ(echo.size(), 2u);
  EXPECT_TRUE(echo["n_features_to_select"].is_null());
  EXPECT_EQ(echo["all"], true);
  o.method = Method::mrmr;
  o.all = false;
  o.compat_reference = true;
  const auto m = selectors::rank(iris(), o).to_json(iris());
  EXPECT_EQ(m["options"]["n_features_to_select"], 4);
  EXPECT_EQ(m["options"]["mrmr_relevance"], "somers");
  EXPECT_EQ(m["compat"], "reference");
  // Text: the picks in pick order, or in column order.
  const std::string by_rank = selectors::text_report(selectors::rank(iris(), o), iris(), "rank");
  const std::string by_index = selectors::text_report(selectors::rank(iris(), o), iris(), "index");
  EXPECT_NE(by_rank, by_index);
  EXPECT_NE(by_rank.find("ranking: mRMR picks"), std::string::npos);
}

}  // namespace

namespace {

bool says_all_selected(const selectors::Result& r) {
  return std::any_of(r.warnings.begin(), r.warnings.end(),
                     [](const std::string& w) { return w.rfind("all_selected", 0) == 0; });
}

}  // namespace

// Iris has 4 features: the default count (10) selects all of them, which is a ranking, not a selection, and the
// run says so; asked for explicitly (-k 4 or --all), or with fewer than all, it does not.
TEST(SelectorOptions, DefaultCountCoveringEveryFeatureIsSaid) {
  selectors::Options o;
  o.method = Method::mrmr;
  const auto r = selectors::rank(iris(), o);
  EXPECT_EQ(r.order.size(), 4u);
  EXPECT_TRUE(says_all_selected(r));
  o.n_features_to_select = 4;
  EXPECT_FALSE(says_all_selected(selectors::rank(iris(), o)));
  o.n_features_to_select.reset();
  o.all = true;
  EXPECT_FALSE(says_all_selected(selectors::rank(iris(), o)));
  o.all = false;
  EXPECT_FALSE(says_all_selected(selectors::rank(bcw(), o)));  // 30 features: the top 10
}
