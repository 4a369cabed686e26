// Tests of the option tables: words parse into members with range checks, bad numbers are errors naming the key,
// defaults come from the struct, the JSON echo reads back, shared sets are included over a nested member.
#include <gtest/gtest.h>

#include "featrel/option_table.hpp"

using featrel::options::Choices;
using featrel::options::OptionError;
using featrel::options::Range;
using featrel::options::Table;

namespace {

enum class Color { red, green };

struct Shared {
  int depth = 5;
};

struct Opts {
  double rate = 0.5;
  int folds = 3;
  std::size_t count = 10;
  bool refit = true;
  std::optional<double> C;
  std::vector<double> grid{1.0, 2.0};
  std::vector<std::string> names;
  Color color = Color::green;
  std::string label = "x";
  Shared forest;
};

const Table<Shared>& shared_table() {
  static const Table<Shared> t = [] {
    Table<Shared> s("forest");
    s.add("depth", &Shared::depth, "tree depth").range(Range::closed(0, 64));
    return s;
  }();
  return t;
}

const Table<Opts>& table() {
  static const Table<Opts> t = [] {
    Table<Opts> o("demo");
    o.group("Main");
    o.add("rate", &Opts::rate, "a rate").range(Range::open(0, 1));
    o.add("folds", &Opts::folds, "folds").range(Range::closed(2, 100)).short_flag("-f");
    o.add("count", &Opts::count, "count").range(Range::at_least(1));
    o.add("refit", &Opts::refit, "refit");
    o.add("C", &Opts::C, "cost").range(Range::above(0)).unset("searched").flag("--C");
    o.add("grid", &Opts::grid, "grid").range(Range::above(0));
    o.add("names", &Opts::names, "names");
    o.choice("color", &Opts::color, Choices<Color>{{"red", Color::red}, {"green", Color::green}}, "color");
    o.add("label", &Opts::label, "label");
    o.group("Forest");
    o.include(shared_table(), &Opts::forest);
    o.finish();
    return o;
  }();
  return t;
}

std::string error_of(const std::string& key, const std::string& word) {
  Opts o;
  try {
    table().set(o, key, word);
  } catch (const OptionError& e) {
    EXPECT_EQ(e.key(), key);
    return e.what();
  }
  return "";
}

}  // namespace

TEST(OptionTable, WordsSetMembers) {
  Opts o;
  const auto& t = table();
  t.set(o, "rate", "0.25");
  t.set(o, "folds", "7");
  t.set(o, "count", "1e3");
  t.set(o, "refit", "false");
  t.set(o, "C", "2.5");
  t.set(o, "grid", "0.1, 10");
  t.set(o, "names", "a,b");
  t.set(o, "color", "red");
  t.set(o, "depth", "9");
  EXPECT_EQ(o.rate, 0.25);
  EXPECT_EQ(o.folds, 7);
  EXPECT_EQ(o.count, 1000u);
  EXPECT_FALSE(o.refit);
  ASSERT_TRUE(o.C.has_value());
  EXPECT_EQ(*o.C, 2.5);
  EXPECT_EQ(o.grid, (std::vector<double>{0.1, 10}));
  EXPECT_EQ(o.names, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(o.color, Color::red);
  EXPECT_EQ(o.forest.depth, 9);
  t.set(o, "C", "searched");
  EXPECT_FALSE(o.C.has_value());
}

TEST(OptionTable, BadNumbersNameTheKeyAndTheRange) {
  EXPECT_EQ(error_of("folds", "1"), "option 'folds' must be an integer in [2, 100], got 1");
  EXPECT_EQ(error_of("rate", "1"), "option 'rate' must be a finite number in (0, 1), got 1");
  EXPECT_NE(error_of("rate", "nan").find("must be a finite number"), std::string::npos);
  EXPECT_NE(error_of("rate", "inf").find("must be a finite number"), std::string::npos);
  EXPECT_NE(error_of("rate", "1e400").find("not a finite double"), std::string::npos);
  EXPECT_NE(error_of("rate", "0.5x").find("got '0.5x'"), std::string::npos);
  EXPECT_NE(error_of("count", "-5").find("must be an integer >= 1"), std::string::npos);
  EXPECT_NE(error_of("count", "99999999999999999999999").find("too large"), std::string::npos);
  EXPECT_NE(error_of("folds", "2.5").find("an integer"), std::string::npos);
  EXPECT_NE(error_of("C", "0").find("> 0"), std::string::npos);
  EXPECT_NE(error_of("grid", "1,-2").find("got -2"), std::string::npos);
  EXPECT_EQ(error_of("color", "blue"), "option 'color' must be one of red, green, got 'blue'");
  EXPECT_NE(error_of("refit", "maybe").find("true or false"), std::string::npos);
  EXPECT_NE(error_of("depth", "65").find("option 'depth'"), std::string::npos);
  Opts o;
  EXPECT_THROW(table().set(o, "nope", "1"), OptionError);
}

TEST(OptionTable, CheckRefusesOutOfRangeStructs) {
  Opts o;
  EXPECT_NO_THROW(table().check(o));
  o.folds = -1;
  EXPECT_THROW(table().check(o), OptionError);
  o.folds = 3;
  o.forest.depth = 100;
  EXPECT_THROW(table().check(o), OptionError);
}

TEST(OptionTable, DefaultsAndDescriptionsComeFromTheTable) {
  const auto* rate = table().find("rate");
  ASSERT_NE(rate, nullptr);
  EXPECT_EQ(rate->default_text, "0.5");
  EXPECT_EQ(rate->flag, "--rate");
  EXPECT_EQ(rate->group, "Main");
  EXPECT_EQ(rate->range_text(), "in (0, 1)");
  EXPECT_EQ(table().find("C")->default_text, "searched");
  EXPECT_EQ(table().find("grid")->default_text, "1,2");
  EXPECT_EQ(table().find("refit")->default_text, "true");
  EXPECT_EQ(table().find("color")->range_text(), "one of red, green");
  EXPECT_EQ(table().find("depth")->group, "Forest");
  EXPECT_EQ(table().find("depth")->default_text, "5");
  EXPECT_EQ(table().key_of_flag("-f"), "folds");
}

TEST(OptionTable, JsonEchoReadsBack) {
  Opts o;
  o.rate = 0.125;
  o.C = 3.0;
  o.names = {"x", "y"};
  o.color = Color::red;
  o.forest.depth = 2;
  const auto j = table().to_json(o);
  EXPECT_EQ(j.dump(),
            R"({"rate":0.125,"folds":3,"count":10,"refit":true,"C":3.0,"grid":[1.0,2.0],"names":["x","y"],)"
            R"("color":"red","label":"x","depth":2})");
  Opts back;
  table().set_json(back, j);
  EXPECT_EQ(table().to_json(back), j);
  Opts bad;
  EXPECT_THROW(table().set_json(bad, featrel::options::Json::parse(R"({"folds": 1})")), OptionError);
  EXPECT_THROW(table().set_json(bad, featrel::options::Json::parse(R"({"folds": 2.5})")), OptionError);
  EXPECT_THROW(table().set_json(bad, featrel::options::Json::parse(R"({"rate": null})")), OptionError);
  table().set_json(bad, featrel::options::Json::parse(R"({"C": null, "folds": "4"})"));
  EXPECT_FALSE(bad.C.has_value());
  EXPECT_EQ(bad.folds, 4);
}
