#include <gtest/gtest.h>

#include <stdexcept>

#include "featrel/report.hpp"

namespace featrel::report {
namespace {

TEST(DisplayWidth, CountsCodePoints) {
  EXPECT_EQ(display_width(""), 0u);
  EXPECT_EQ(display_width("abc"), 3u);
  EXPECT_EQ(display_width("\xC3\xA9t\xC3\xA9"), 3u);  // "été"
  EXPECT_EQ(display_width("\xCE\xB2_1"), 3u);          // "β_1"
}

TEST(TextTable, NumbersRightTextLeft) {
  TextTable t({"feature", "class", "weight"});
  t.add_row({"x0", "strong", "0.25"});
  t.add_row({"longer_name", "weak", "-12.5"});
  t.add_row({"x2", "irrelevant", "nan"});
  EXPECT_EQ(t.render(),
            "feature      class       weight\n"
            "-----------  ----------  ------\n"
            "x0           strong        0.25\n"
            "longer_name  weak         -12.5\n"
            "x2           irrelevant     nan\n");
}

TEST(TextTable, NoTrailingSpacesAndEmptyCells) {
  TextTable t({"n", "name"});
  t.add_row({"1", "a"});
  t.add_row({"", "bbb"});
  t.add_row({"10", ""});
  EXPECT_EQ(t.render(),
            " n  name\n"
            "--  ----\n"
            " 1  a\n"
            "    bbb\n"
            "10\n");
}

TEST(TextTable, ExplicitAlignmentOverridesDetection) {
  TextTable t({"id", "score"});
  t.set_align(0, Align::left).set_align(1, Align::right);
  t.add_row({"7", "high"});
  t.add_row({"123", "low"});
  EXPECT_EQ(t.render(),
            "id   score\n"
            "---  -----\n"
            "7     high\n"
            "123    low\n");
}

TEST(TextTable, Utf8CellsAlignByCodePoints) {
  TextTable t({"name", "v"});
  t.add_row({"\xCE\xB2", "1"});  // β
  t.add_row({"ab", "2"});
  EXPECT_EQ(t.render(),
            "name  v\n"
            "----  -\n"
            "\xCE\xB2     1\n"
            "ab    2\n");
}

TEST(TextTable, HeaderOnly) {
  TextTable t({"a", "bb"});
  EXPECT_EQ(t.render(), "a  bb\n-  --\n");
}

// Wide data: a folded table keeps the marked rows in place, fills up to max_rows with the first others, sizes its
// columns to what it shows, and says how many rows it left out.
TEST(TextTable, FoldKeepsMarkedRowsAndCountsTheRest) {
  TextTable t({"feature", "class"});
  t.add_row({"x0", "irrelevant"});
  t.add_row({"x1", "strong"}, true);
  t.add_row({"a_much_longer_name", "irrelevant"});
  t.add_row({"x3", "irrelevant"});
  t.add_row({"x4", "weak"}, true);
  t.fold(3, "features", "relevant");
  EXPECT_EQ(t.render(),
            "feature  class\n"
            "-------  ----------\n"
            "x0       irrelevant\n"
            "x1       strong\n"
            "x4       weak\n"
            "... 2 more features, none of them relevant (--rows 0 prints them; --csv or --json writes every row)\n");
}

TEST(TextTable, FoldShowsEveryKeptRowEvenPastTheLimit) {
  TextTable t({"f"});
  for (int i = 0; i < 6; ++i) t.add_row({"x" + std::to_string(i)}, i % 2 == 1);
  t.fold(2, "features", "selected");
  EXPECT_EQ(t.render(), "f\n--\nx1\nx3\nx5\n"
                        "... 3 more features, none of them selected (--rows 0 prints them; --csv or --json writes "
                        "every row)\n");
}

TEST(TextTable, FoldWithoutKeptWordAndUnfoldedCases) {
  TextTable t({"f"});
  for (int i = 0; i < 4; ++i) t.add_row({"x" + std::to_string(i)});
  const std::string all = "f\n--\nx0\nx1\nx2\nx3\n";
  EXPECT_EQ(t.render(), all);                          // no fold asked
  EXPECT_EQ(t.fold(0, "features", "").render(), all);  // 0: every row
  EXPECT_EQ(t.fold(4, "features", "").render(), all);  // not longer than the limit
  EXPECT_EQ(t.fold(1, "features", "").render(),
            "f\n--\nx0\n... 3 more features (--rows 0 prints them; --csv or --json writes every row)\n");
}

TEST(TextTable, RowWidthMustMatch) {
  TextTable t({"a", "b"});
  EXPECT_THROW(t.add_row({"1"}), std::logic_error);
  EXPECT_THROW(t.set_align(2, Align::left), std::logic_error);
}

}  // namespace
}  // namespace featrel::report
