#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>

#include "featrel/error.hpp"
#include "featrel/report.hpp"
#include "temp_file.hpp"

namespace featrel::report {
namespace {

TEST(CsvEscape, LeavesPlainFieldsAlone) {
  EXPECT_EQ(csv_escape("plain"), "plain");
  EXPECT_EQ(csv_escape(""), "");
  EXPECT_EQ(csv_escape(" spaced "), " spaced ");
  EXPECT_EQ(csv_escape("0.25"), "0.25");
}

TEST(CsvEscape, QuotesCommasQuotesAndLineBreaks) {
  EXPECT_EQ(csv_escape("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_escape("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_escape("\""), "\"\"\"\"");
  EXPECT_EQ(csv_escape("line\nbreak"), "\"line\nbreak\"");
  EXPECT_EQ(csv_escape("cr\r"), "\"cr\r\"");
}

TEST(CsvWriter, BuildsRowsOfTypedCells) {
  CsvWriter csv({"name", "value", "count", "flag", "missing"});
  csv.text("x,1").number(0.1).integer(-3).boolean(true).empty().end_row();
  csv.text("y").number(std::numeric_limits<double>::quiet_NaN()).integer(7).boolean(false).number(1e-7).end_row();
  csv.add_row({"z", "2", "3", "true", "a\"b"});
  EXPECT_EQ(csv.rows(), 3u);
  EXPECT_EQ(csv.str(),
            "name,value,count,flag,missing\n"
            "\"x,1\",0.1,-3,true,\n"
            "y,,7,false,1e-07\n"
            "z,2,3,true,\"a\"\"b\"\n");
}

TEST(CsvWriter, InfinityIsAnEmptyCellLikeJsonNull) {
  CsvWriter csv;
  csv.number(std::numeric_limits<double>::infinity()).number(-0.0).number(2.5).end_row();
  EXPECT_EQ(csv.str(), ",0,2.5\n");
}

TEST(CsvWriter, RowLengthMustMatchHeader) {
  CsvWriter csv({"a", "b"});
  csv.text("1");
  EXPECT_THROW(csv.end_row(), std::logic_error);
}

TEST(CsvWriter, StrWithOpenRowIsABug) {
  CsvWriter csv;
  csv.text("1");
  EXPECT_THROW(csv.str(), std::logic_error);
  csv.end_row();
  EXPECT_EQ(csv.str(), "1\n");
}

TEST(CsvWriter, SaveWritesTheText) {
  test::TempFile file(".csv");
  CsvWriter csv({"a"});
  csv.integer(1).end_row();
  csv.save(file.path());
  EXPECT_EQ(read_text_file(file.path()), "a\n1\n");
}

Json small_result() {
  Json r = Json::object();
  r["method"] = "fri";
  Json f = Json::array();
  Json a = Json::object();
  a["index"] = 0;
  a["name"] = "age, years";
  a["selected"] = true;
  a["constant"] = false;
  a["class"] = 2;
  a["relevance"] = "strong";
  a["lower"] = 0.25;
  a["upper"] = nullptr;
  a["per_class"] = Json::array({Json{{"lower", 0.1}}});
  f.push_back(a);
  Json b = Json::object();
  b["index"] = 1;
  b["name"] = "bmi";
  b["selected"] = false;
  b["constant"] = true;
  b["class"] = 0;
  b["relevance"] = "irrelevant";
  b["lower"] = 0;
  b["upper"] = 1e-07;
  b["per_class"] = Json::array();
  b["note"] = "only here";
  f.push_back(b);
  r["features"] = f;
  r["selected"] = Json::array({0});
  return r;
}

TEST(FeaturesCsv, ScalarFieldsInJsonOrder) {
  EXPECT_EQ(features_csv(small_result()),
            "index,name,selected,constant,class,relevance,lower,upper,note\n"
            "0,\"age, years\",true,false,2,strong,0.25,,\n"
            "1,bmi,false,true,0,irrelevant,0,1e-07,only here\n");
}

TEST(FeaturesCsv, KeyThatIsAnObjectAnywhereIsNotAColumn) {
  Json r = Json::object();
  r["features"] = Json::array({Json{{"name", "a"}, {"extra", nullptr}}, Json{{"name", "b"}, {"extra", {{"k", 1}}}}});
  EXPECT_EQ(features_csv(r), "name\na\nb\n");
}

TEST(FeaturesCsv, NoFeaturesArrayIsInputError) {
  EXPECT_THROW(features_csv(Json::object()), InputError);
  Json r = Json::object();
  r["features"] = 3;
  EXPECT_THROW(features_csv(r), InputError);
}

TEST(FeaturesCsv, EmptyFeaturesGiveEmptyText) {
  Json r = Json::object();
  r["features"] = Json::array();
  EXPECT_EQ(features_csv(r), "");
}

}  // namespace
}  // namespace featrel::report
