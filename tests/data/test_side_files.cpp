// Splitting small CSV side files: quotes, doubled quotes, trimming, empty fields, an unterminated quote, and line
// endings with a byte-order mark.
#include <gtest/gtest.h>

#include "featrel/dataset.hpp"
#include "featrel/error.hpp"

namespace {

using Fields = std::vector<std::string>;

TEST(SideFiles, SplitsQuotedFieldsAndTrimsUnquotedOnes) {
  EXPECT_EQ(featrel::split_csv_fields(" a , b,c ", "t"), (Fields{"a", "b", "c"}));
  EXPECT_EQ(featrel::split_csv_fields("\"x, y\",\" keep \",\"say \"\"hi\"\"\"", "t"),
            (Fields{"x, y", " keep ", "say \"hi\""}));
  EXPECT_EQ(featrel::split_csv_fields(",,", "t"), (Fields{"", "", ""}));
  EXPECT_EQ(featrel::split_csv_fields("", "t"), (Fields{""}));
}

TEST(SideFiles, UnterminatedQuoteNamesTheFile) {
  try {
    featrel::split_csv_fields("a,\"b", "counts.csv line 3");
    FAIL() << "no error";
  } catch (const featrel::InputError& e) {
    EXPECT_STREQ(e.what(), "counts.csv line 3: unterminated quoted field");
  }
}

TEST(SideFiles, LinesWithAnyEndingAndNoBom) {
  EXPECT_EQ(featrel::text_lines("\xEF\xBB\xBFh\r\na\rb\nc"), (Fields{"h", "a", "b", "c"}));
  EXPECT_EQ(featrel::text_lines("x\n\ny\n"), (Fields{"x", "", "y"}));
  EXPECT_TRUE(featrel::text_lines("").empty());
}

}  // namespace
