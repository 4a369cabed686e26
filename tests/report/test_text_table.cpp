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

TEST(TextTable, RowWidthMustMatch) {
  TextTable t({"a", "b"});
  EXPECT_THROW(t.add_row({"1"}), std::logic_error);
  EXPECT_THROW(t.set_align(2, Align::left), std::logic_error);
}

}  // namespace
}  // namespace featrel::report
