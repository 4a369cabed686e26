// UBayFS options: the table's defaults are the struct's, the ensemble settings come from ubayfs::Options through
// one function, the flag grammars (constraints, blocks, block weights, weights) parse through the table from words
// and JSON with the words echoed back, side files are read and merged in a fixed order, and every number has a
// finite range (an out-of-range value is an OptionError naming its key).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include "featrel/option_table.hpp"
#include "featrel/ubayfs.hpp"
#include "featrel/ubayfs_ensemble.hpp"

namespace featrel::ubayfs {
namespace {

std::string key_of_error(const Options& o) {
  try {
    validate(o);
  } catch (const options::OptionError& e) {
    return e.key();
  }
  return "";
}

TEST(UbayfsOptions, EnsembleSettingsComeFromUbayfsOptions) {
  const EnsembleOptions d;  // the defaults of ubayfs::Options
  const Options o;
  EXPECT_EQ(d.M, o.ensemble_size);
  EXPECT_EQ(d.tt_split, o.tt_split);
  EXPECT_EQ(d.n_features_to_select, o.n_features_to_select);
  EXPECT_EQ(d.mrmr_relevance, o.mrmr_relevance);
  EXPECT_EQ(d.laplacian_t, o.laplacian_t);
  EXPECT_EQ(d.compat_reference, o.compat_reference);
  Options x;
  x.ensemble_size = 7;
  x.tt_split = 0.6;
  x.n_features_to_select = 3;
  x.mrmr_relevance = selectors::ClassRelevance::eta;
  x.laplacian_t = 2.5;
  x.compat_reference = true;
  const EnsembleOptions e = ensemble_options(x);
  EXPECT_EQ(e.M, 7u);
  EXPECT_EQ(e.tt_split, 0.6);
  EXPECT_EQ(e.n_features_to_select, 3);
  EXPECT_EQ(e.mrmr_relevance, selectors::ClassRelevance::eta);
  EXPECT_EQ(e.laplacian_t, 2.5);
  EXPECT_TRUE(e.compat_reference);
  // The selectors' own defaults are written once, in selectors::Options.
  EXPECT_EQ(o.laplacian_t, selectors::Options{}.laplacian_t);
  // The table prints the struct's defaults.
  EXPECT_EQ(option_table().find("generations")->default_text, "100");
  EXPECT_EQ(option_table().find("ensemble_size")->short_flag, "-M");
  EXPECT_EQ(option_table().find("n_features_to_select")->default_text, "auto");
}

TEST(UbayfsOptions, EveryNumberHasAFiniteRange) {
  for (const auto* info : option_table().infos()) {
    if (info->kind != options::Kind::integer && info->kind != options::Kind::real) continue;
    EXPECT_TRUE(std::isfinite(info->range.lo) && std::isfinite(info->range.hi)) << info->key;
  }
  Options o;
  EXPECT_EQ(key_of_error(o), "");
  o.pop_size = 9;
  EXPECT_EQ(key_of_error(o), "pop_size");
  o = {};
  o.generations = 1000000;
  EXPECT_EQ(key_of_error(o), "generations");
  o = {};
  o.ensemble_size = 0;
  EXPECT_EQ(key_of_error(o), "ensemble_size");
  o = {};
  o.max_ties = 0;
  EXPECT_EQ(key_of_error(o), "max_ties");
  o = {};
  o.node_budget = 1e13;
  EXPECT_EQ(key_of_error(o), "node_budget");
  o = {};
  o.repeats = 100000;
  EXPECT_EQ(key_of_error(o), "repeats");
  o = {};
  o.decorrelate = 1.0;
  EXPECT_EQ(key_of_error(o), "decorrelate");
  // q·T is bounded: the sampler stores every draw.
  o = {};
  o.mh_chains = 10000;
  o.mh_steps = 10000;
  EXPECT_EQ(key_of_error(o), "mh_steps");
  // --repeats reruns the ensemble: not with given counts.
  o = {};
  o.repeats = 2;
  o.counts = "counts.csv";
  EXPECT_EQ(key_of_error(o), "repeats");
}

TEST(UbayfsOptions, FlagGrammarsParseThroughTheTableAndEchoTheirWords) {
  Options o;
  options::Json settings = {{"max_size", {"10@inf"}},
                            {"must_link", {"a,b@0.5", "c,d"}},
                            {"linear", {"x=1,y=-2<=3"}},
                            {"block", {"m=0..2"}},
                            {"block_cannot_link", {"m,n"}},
                            {"block_weights", {"m=0.5,n=2", "k=1"}},
                            {"weights", "1,2,3"},
                            {"selector", {"mrmr", "laplace"}},
                            {"generations", 20}};
  option_table().set_json(o, settings);
  ASSERT_EQ(o.max_size.size(), 1u);
  EXPECT_EQ(o.max_size[0].size, 10.0);
  EXPECT_EQ(o.max_size[0].rho, kHard);
  EXPECT_EQ(o.max_size[0].label, "max-size 10@inf");  // the label of the result's constraint rows
  ASSERT_EQ(o.must_link.size(), 2u);
  EXPECT_EQ(o.must_link[0].members, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(o.must_link[0].rho, 0.5);
  EXPECT_EQ(o.linear[0].b, 3.0);
  EXPECT_EQ(o.block_cannot_link[0].level, Level::block);
  ASSERT_EQ(o.blocks.size(), 1u);
  EXPECT_EQ(o.blocks[0].name, "m");
  EXPECT_EQ(o.block_weights.size(), 3u);
  EXPECT_EQ(std::get<std::vector<double>>(o.weights), (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(o.selectors, (std::vector<std::string>{"mrmr", "laplacian"}));
  EXPECT_EQ(o.generations, 20);
  const auto echo = options_json(o);
  EXPECT_EQ(echo["max_size"], options::Json::array({"10@inf"}));
  EXPECT_EQ(echo["must_link"], options::Json::array({"a,b@0.5", "c,d"}));
  EXPECT_EQ(echo["block"], options::Json::array({"m=0..2"}));
  EXPECT_EQ(echo["block_weights"]["n"], 2.0);
  EXPECT_EQ(echo["weights"], options::Json::array({1.0, 2.0, 3.0}));
  // The echo reads back to the same options.
  Options back;
  option_table().set_json(back, echo);
  EXPECT_EQ(options_json(back), echo);
  // Bad words are errors naming the flag's grammar.
  EXPECT_THROW(option_table().set_json(o, {{"max_size", {"-1"}}}), InputError);
  EXPECT_THROW(option_table().set_json(o, {{"block_weights", {"m"}}}), InputError);
  EXPECT_THROW(option_table().set_json(o, {{"selector", {"lasso"}}}), options::OptionError);
  // A word that is not a list of numbers is a weights file, read when the run starts.
  option_table().set(o, "weights", "w.csv");
  EXPECT_EQ(std::get<std::string>(o.weights), "w.csv");
  // Under compat reference the echo says polish is off.
  Options c;
  c.compat_reference = true;
  EXPECT_EQ(options_json(c)["polish"], false);
}

TEST(UbayfsOptions, SideFilesAreReadAndMergedInOrder) {
  const std::string dir = ::testing::TempDir();
  {
    std::ofstream(dir + "/blocks.csv") << "feature,block\nf0,file\nf1,file\n";
    std::ofstream(dir + "/c.json") << R"({"blocks": {"json": ["f3"]}, "constraints": [{"type": "max_size", "size": 2}]})";
    std::ofstream(dir + "/w.csv") << "feature,weight\nf0,1\nf1,2\nf2,3\nf3,4\n";
  }
  const std::vector<std::string> names{"f0", "f1", "f2", "f3"};
  Options o;
  o.blocks_file = dir + "/blocks.csv";
  o.constraints_file = dir + "/c.json";
  o.weights = dir + "/w.csv";
  option_table().set_json(o, {{"block", {"flag=f2"}}, {"cannot_link", {"f0,f1"}}, {"max_size", {"3"}}});
  o.constraints.push_back(o.max_size[0]);
  o.constraints.back().size = 1;
  const Options r = resolve_inputs(o, names);
  ASSERT_EQ(r.blocks.size(), 3u);
  EXPECT_EQ(r.blocks[0].name, "file");
  EXPECT_EQ(r.blocks[1].name, "flag");
  EXPECT_EQ(r.blocks[2].name, "json");
  ASSERT_EQ(r.constraints.size(), 4u);  // max_size, cannot_link, constraints, the file's
  EXPECT_EQ(r.constraints[0].size, 3.0);
  EXPECT_EQ(r.constraints[1].kind, RowKind::cannot_link);
  EXPECT_EQ(r.constraints[2].size, 1.0);
  EXPECT_EQ(r.constraints[3].size, 2.0);
  EXPECT_EQ(std::get<std::vector<double>>(r.weights), (std::vector<double>{1, 2, 3, 4}));
  EXPECT_TRUE(r.max_size.empty() && r.cannot_link.empty() && r.blocks_file.empty() && r.constraints_file.empty());
}

}  // namespace
}  // namespace featrel::ubayfs
