// A data file that is not UTF-8 (Excel's Windows-1252 "CSV (Comma delimited)") is read as Windows-1252, with a
// warning naming the line; UTF-8 files are read as they are, without one.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "data/dataset_internal.hpp"
#include "featrel/text_encoding.hpp"
#include "featrel/dataset.hpp"

namespace featrel {
namespace {

std::string rows(const std::string& header, const std::string& a, const std::string& b) {
  std::string text = header + "\n";
  for (int i = 0; i < 12; ++i) text += std::to_string(i) + "," + std::to_string(i % 3) + "," + (i % 2 ? a : b) + "\n";
  return text;
}

TEST(TextEncoding, Windows1252FileIsDecodedWithAWarning) {
  // "Größe" and "café" as Windows-1252 bytes; the target named in UTF-8, as a terminal types it.
  CsvOptions o;
  o.target = "Stadt";
  const Dataset d = read_csv_text(rows("Gr\xF6\xDF" "e,b,Stadt", "caf\xE9", "K\xF6ln"), o, "data.csv");
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"Größe", "b"}));
  EXPECT_EQ(d.classes, (std::vector<std::string>{"Köln", "café"}));
  ASSERT_FALSE(d.warnings.empty());
  const std::string& w = d.warnings.front();
  EXPECT_NE(w.find("data.csv is not UTF-8 text (line 1 has the byte 0xF6)"), std::string::npos) << w;
  EXPECT_NE(w.find("that line reads \"Größe,b,Stadt\""), std::string::npos) << w;
  EXPECT_NE(w.find("iconv -f ENCODING -t UTF-8"), std::string::npos) << w;
  // The line of the first byte that is not UTF-8, past a valid header.
  const Dataset later = read_csv_text(rows("a,b,y", "\x93quoted\x94", "plain"), CsvOptions{}, "data.csv");
  EXPECT_EQ(later.classes, (std::vector<std::string>{"plain", "“quoted”"}));
  EXPECT_NE(later.warnings.front().find("(line 3 has the byte 0x93)"), std::string::npos) << later.warnings.front();
}

TEST(TextEncoding, Utf8FilesAreReadAsTheyAre) {
  const Dataset d = read_csv_text(rows("Größe,b,y", "café", "€"), CsvOptions{}, "data.csv");
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"Größe", "b"}));
  EXPECT_EQ(d.classes, (std::vector<std::string>{"café", "€"}));
  for (const auto& w : d.warnings) EXPECT_EQ(w.find("UTF-8"), std::string::npos) << w;
}

TEST(TextEncoding, Utf8ValidatorFindsTheFirstBadByte) {
  using featrel::first_invalid_utf8;
  constexpr auto npos = std::string::npos;
  EXPECT_EQ(first_invalid_utf8("plain ascii"), npos);
  EXPECT_EQ(first_invalid_utf8("Größe € 𝄞"), npos);
  EXPECT_EQ(first_invalid_utf8("ab\xF6" "c"), 2u);             // a Latin-1 byte
  EXPECT_EQ(first_invalid_utf8("ab\xC3"), 2u);                 // a sequence cut off at the end
  EXPECT_EQ(first_invalid_utf8("\xC0\xAF"), 0u);               // an overlong '/'
  EXPECT_EQ(first_invalid_utf8("x\xED\xA0\x80"), 1u);          // a surrogate
  EXPECT_EQ(first_invalid_utf8("x\xF4\x90\x80\x80"), 1u);      // above U+10FFFF
  EXPECT_EQ(first_invalid_utf8("\xE2\x82" "a"), 0u);           // a continuation byte missing
  EXPECT_EQ(windows1252_to_utf8("\x80\x81\xA0\xFF"), "€\xC2\x81\xC2\xA0ÿ");
}

}  // namespace
}  // namespace featrel
