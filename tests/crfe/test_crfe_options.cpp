// The crfe and rfe option tables (docs/crfe.md#options): which keys each command has, the ranges that refuse
// counts the old command line let through (step, repeats), the cross-option rules, the word lists behind
// to_string/parse, and reading fixed row roles from a split column or from role files (read_data).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "crfe_test_data.hpp"
#include "featrel/crfe.hpp"
#include "featrel/option_table.hpp"

namespace {

using featrel::crfe::Method;
using featrel::crfe::Options;
using featrel::crfe::Role;
using featrel::crfe::Stop;
using featrel::options::OptionError;

std::vector<std::string> keys(const featrel::options::Table<Options>& t) {
  std::vector<std::string> out;
  for (const auto* i : t.infos()) out.push_back(i->key);
  return out;
}

bool has(const std::vector<std::string>& v, const std::string& k) { return std::find(v.begin(), v.end(), k) != v.end(); }

// The key of the OptionError validate() throws, "" when it throws none.
std::string bad_key(const Options& o) {
  try {
    featrel::crfe::validate(o);
  } catch (const OptionError& e) {
    return e.key();
  }
  return "";
}

TEST(CrfeOptions, EachCommandHasItsOwnKeys) {
  const auto crfe = keys(featrel::crfe::option_table());
  const auto rfe = keys(featrel::rfe::option_table());
  for (const char* k : {"stop_mode", "sigma", "window_fraction", "window", "beta_rows", "with_rfe", "keep_betas"}) {
    EXPECT_TRUE(has(crfe, k)) << k;
    EXPECT_FALSE(has(rfe, k)) << k;
  }
  EXPECT_TRUE(has(rfe, "cv_folds"));
  EXPECT_FALSE(has(crfe, "cv_folds"));
  for (const char* k : {"n_features_to_select", "step", "step_fraction", "stop", "repeats", "split_column",
                        "selection_csv", "calibration_csv", "test_csv", "roles", "compat"}) {
    EXPECT_TRUE(has(crfe, k)) << k;
    EXPECT_TRUE(has(rfe, k)) << k;
  }
  EXPECT_EQ(featrel::crfe::option_table().find("n_features_to_select")->short_flag, "-k");
  EXPECT_FALSE(featrel::crfe::option_table().find("roles")->cli);
  // stop offers beta to crfe and cv to rfe.
  const auto& crfe_stop = featrel::crfe::option_table().find("stop")->choices;
  const auto& rfe_stop = featrel::rfe::option_table().find("stop")->choices;
  EXPECT_TRUE(has(crfe_stop, "beta"));
  EXPECT_FALSE(has(crfe_stop, "cv"));
  EXPECT_TRUE(has(rfe_stop, "cv"));
  EXPECT_FALSE(has(rfe_stop, "beta"));
}

TEST(CrfeOptions, CountsOutsideTheirRangesAreRefused) {
  const auto& t = featrel::crfe::option_table();
  Options o;
  // --step -1 used to be accepted; --repeats -1 ended in an internal error.
  EXPECT_THROW(t.set(o, "step", "-1"), OptionError);
  EXPECT_THROW(t.set(o, "step", "0"), OptionError);
  EXPECT_THROW(t.set(o, "repeats", "-1"), OptionError);
  EXPECT_THROW(t.set(o, "repeats", "10001"), OptionError);
  EXPECT_THROW(t.set(o, "eval_sizes", "3,0"), OptionError);
  EXPECT_THROW(t.set(o, "step_fraction", "1"), OptionError);
  EXPECT_THROW(t.set(o, "significance", "1"), OptionError);
  EXPECT_THROW(featrel::rfe::option_table().set(o, "cv_folds", "1"), OptionError);
  t.set(o, "repeats", "10000");
  EXPECT_EQ(o.repeats, 10000u);
  t.set(o, "step", "3");
  t.set(o, "step_fraction", "0.25");
  EXPECT_EQ(o.step, 3u);
  EXPECT_EQ(o.step_fraction, 0.25);
  // Filled by hand: validate names the key.
  Options by_hand;
  by_hand.repeats = 0;
  EXPECT_EQ(bad_key(by_hand), "repeats");
  by_hand = Options{};
  by_hand.step = 0;
  EXPECT_EQ(bad_key(by_hand), "step");
}

TEST(CrfeOptions, CrossOptionRulesNameTheOption) {
  Options o;
  o.stop = Stop::cv;
  EXPECT_EQ(bad_key(o), "stop");
  o.method = Method::rfe;
  EXPECT_EQ(bad_key(o), "");
  o.stop = Stop::beta;
  EXPECT_EQ(bad_key(o), "stop");
  o = Options{};
  o.stop = Stop::fixed;
  EXPECT_EQ(bad_key(o), "n_features_to_select");
  o.n_features_to_select = 3;
  EXPECT_EQ(bad_key(o), "");
  o.min_features = 4;
  EXPECT_EQ(bad_key(o), "n_features_to_select");
  o = Options{};
  o.split_column = "role";
  o.test_csv = "test.csv";
  EXPECT_EQ(bad_key(o), "split_column");
  o.test_csv.clear();
  o.repeats = 2;
  EXPECT_EQ(bad_key(o), "repeats");
}

TEST(CrfeOptions, WordsRoundTripAndEchoHoldsTheTableKeys) {
  using namespace featrel::crfe;
  for (Stop s : {Stop::automatic, Stop::beta, Stop::fixed, Stop::none, Stop::cv}) EXPECT_EQ(parse_stop(to_string(s)), s);
  for (Role r : {Role::train, Role::selection, Role::calibration, Role::test}) EXPECT_EQ(parse_role(to_string(r)), r);
  EXPECT_EQ(to_string(Stop::automatic), "auto");
  EXPECT_THROW(parse_pvalue("exact"), OptionError);
  Options o;
  o.roles = {Role::train, Role::test};
  const auto echo = options_json(effective_options(o));
  std::vector<std::string> echoed;
  for (const auto& [k, v] : echo.items()) echoed.push_back(k);
  EXPECT_EQ(echoed, keys(featrel::crfe::option_table()));
  EXPECT_EQ(echo["roles"], featrel::report::Json::array({"train", "test"}));
  EXPECT_EQ(echo["stop"], "beta");  // resolved
  EXPECT_EQ(echo["ncm_lambda"], 0.5);
  Options r;
  r.method = Method::rfe;
  const auto rfe_echo = options_json(effective_options(r));
  EXPECT_FALSE(rfe_echo.contains("sigma"));
  EXPECT_EQ(rfe_echo["stop"], "none");
  // The echo reads back into the same options.
  Options back;
  featrel::crfe::option_table().set_json(back, echo);
  EXPECT_EQ(back.roles, o.roles);
}

class TempDir {
 public:
  TempDir() {
    path_ = std::filesystem::temp_directory_path() /
            ("featrel_crfe_options_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

TEST(CrfeOptions, ReadDataTakesRolesFromAColumnOrFromFiles) {
  TempDir dir;
  write(dir / "col.csv", "a,b,role,y\n1,2,train,x\n3,4,test,z\n\n5,6,calibration,x\n7,8,selection,z\n");
  featrel::CsvOptions csv;
  csv.target = "y";
  Options o;
  o.split_column = "role";
  const featrel::Dataset d = featrel::crfe::read_data(dir / "col.csv", csv, o);
  EXPECT_EQ(d.n_features(), 2u);  // the split column is not a feature
  EXPECT_EQ(o.roles, (std::vector<Role>{Role::train, Role::test, Role::calibration, Role::selection}));

  // Rows left out for a missing target take their roles along.
  write(dir / "gap.csv", "a,b,role,y\n1,2,train,x\n3,4,test,\n5,6,calibration,x\n7,8,selection,z\n");
  featrel::CsvOptions drop = csv;
  drop.drop_missing_target = true;
  Options gap;
  gap.split_column = "role";
  const featrel::Dataset g = featrel::crfe::read_data(dir / "gap.csv", drop, gap);
  EXPECT_EQ(g.n_samples(), 3u);
  EXPECT_EQ(gap.roles, (std::vector<Role>{Role::train, Role::calibration, Role::selection}));

  Options missing;
  missing.split_column = "nope";
  try {
    featrel::crfe::read_data(dir / "col.csv", csv, missing);
    ADD_FAILURE() << "no error";
  } catch (const OptionError& e) {
    EXPECT_EQ(e.key(), "split_column");
  }
  write(dir / "badrole.csv", "a,role,y\n1,train,x\n2,holdout,z\n");
  Options bad;
  bad.split_column = "role";
  try {
    featrel::crfe::read_data(dir / "badrole.csv", csv, bad);
    ADD_FAILURE() << "no error";
  } catch (const OptionError& e) {
    EXPECT_EQ(e.key(), "split_column");
    EXPECT_NE(std::string(e.what()).find("'holdout' in data row 2"), std::string::npos) << e.what();
  }

  write(dir / "train.csv", "a,b,y\r\n1,2,x\r\n3,4,z\r\n");
  write(dir / "test.csv", "a,b,y\n5,6,x\n");
  write(dir / "cal.csv", "\xEF\xBB\xBF" "a,b,y\n7,8,z\n9,10,x\n");
  write(dir / "other.csv", "a,c,y\n7,8,z\n");
  Options files;
  files.test_csv = dir / "test.csv";
  files.calibration_csv = dir / "cal.csv";
  const featrel::Dataset f = featrel::crfe::read_data(dir / "train.csv", csv, files);
  EXPECT_EQ(f.n_samples(), 5u);
  EXPECT_EQ(files.roles,
            (std::vector<Role>{Role::train, Role::train, Role::calibration, Role::calibration, Role::test}));
  Options other;
  other.selection_csv = dir / "other.csv";
  try {
    featrel::crfe::read_data(dir / "train.csv", csv, other);
    ADD_FAILURE() << "no error";
  } catch (const OptionError& e) {
    EXPECT_EQ(e.key(), "selection_csv");
  }
  Options absent;
  absent.test_csv = dir / "absent.csv";
  try {
    featrel::crfe::read_data(dir / "train.csv", csv, absent);
    ADD_FAILURE() << "no error";
  } catch (const OptionError& e) {
    EXPECT_EQ(e.key(), "test_csv");
  }
  // Without role inputs the data are read as they are, with a random split.
  Options plain;
  EXPECT_EQ(featrel::crfe::read_data(dir / "train.csv", csv, plain).n_samples(), 2u);
  EXPECT_TRUE(plain.roles.empty());
}

TEST(CrfeOptions, RunRefusesRoleInputsWithoutRoles) {
  const auto fx = crfe_test::fixture("mc35");
  Options o;
  o.split_column = "role";
  EXPECT_THROW(featrel::crfe::run(fx.data, o, crfe_test::context(0)), featrel::InputError);
}

}  // namespace
