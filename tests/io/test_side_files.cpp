// The side-file grammars of src/io: tokens, UBayFS's weights, counts, blocks and constraints texts, CSV side files.
// Each case is one a wrong grammar would get wrong: a value misread, a malformed line accepted, an error that does
// not name the file and line.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>

#include "featrel/csv_side_files.hpp"
#include "featrel/error.hpp"
#include "featrel/pareto_inputs.hpp"
#include "featrel/text_tokens.hpp"
#include "featrel/ubayfs_inputs.hpp"

namespace {

using featrel::InputError;
namespace io = featrel::io;
namespace ub = featrel::ubayfs;

template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Tokens, NumbersAreWholeTokens) {
  EXPECT_EQ(io::parse_number(" 2.5 "), 2.5);
  EXPECT_EQ(io::parse_number("+3"), 3.0);
  EXPECT_EQ(io::parse_number("-1e-3"), -1e-3);
  EXPECT_EQ(io::parse_number("inf"), std::numeric_limits<double>::infinity());
  EXPECT_EQ(io::parse_number("Infinity"), std::numeric_limits<double>::infinity());
  EXPECT_FALSE(io::parse_number("+-1"));  // from_chars alone would read -1 after the '+'
  EXPECT_FALSE(io::parse_number("2.5x"));
  EXPECT_FALSE(io::parse_number("1 2"));
  EXPECT_FALSE(io::parse_number(""));
  EXPECT_FALSE(io::parse_number("   "));
  EXPECT_EQ(io::trim("\t a b \r\n"), "a b");
}

TEST(WeightsText, PlainNamedHeaderAndErrors) {
  const ub::WeightsInput plain = ub::parse_weights_text("weight\n1\n\n2.5\n", "w.csv");
  EXPECT_EQ(plain.values, (std::vector<double>{1.0, 2.5}));
  EXPECT_TRUE(plain.named.empty());
  const ub::WeightsInput named = ub::parse_weights_text("feature,weight\n\"a, b\",2\nc,0.5\n", "w.csv");
  ASSERT_EQ(named.named.size(), 2u);
  EXPECT_EQ(named.named[0].first, "a, b");
  EXPECT_EQ(named.named[1].second, 0.5);
  EXPECT_NE(error_of([] { ub::parse_weights_text("1\nx\n", "w.csv"); }).find("'w.csv' line 2"), std::string::npos);
  EXPECT_NE(error_of([] { ub::parse_weights_text("1\na,2\n", "w.csv"); }).find("mixes"), std::string::npos);
  EXPECT_NE(error_of([] { ub::parse_weights_text("a,b,3\n", "w.csv"); }).find("feature,weight"), std::string::npos);
  // A list on the flag is read as numbers, not as a file name.
  EXPECT_EQ(ub::parse_weights_input(" 1, 2 ,3").values, (std::vector<double>{1, 2, 3}));
}

TEST(CountsText, ReadsModelsAndRefusesBadRows) {
  const featrel::ubayfs::CountsInput in =
      ub::parse_counts_csv("\xEF\xBB\xBF# n_models = 40\r\nfeature,count\r\nx,3\r\ny,0\r\n", "c.csv");
  EXPECT_EQ(in.n_models, 40u);
  EXPECT_EQ(in.feature_names, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(in.counts, (std::vector<double>{3, 0}));
  EXPECT_EQ(ub::parse_counts_csv("feature,count\nx,1\n", "c.csv", 7).n_models, 7u);  // the option wins
  EXPECT_NE(error_of([] { ub::parse_counts_csv("# n_models: 2.5\nfeature,count\nx,1\n", "c.csv"); })
                .find("whole number"),
            std::string::npos);
  EXPECT_NE(error_of([] { ub::parse_counts_csv("feature,count\nx,1\nx,2\n", "c.csv", 3); }).find("listed twice"),
            std::string::npos);
  EXPECT_NE(error_of([] { ub::parse_counts_csv("feature,count\nx,inf\n", "c.csv", 3); }).find("line 2"),
            std::string::npos);
}

TEST(BlocksText, GroupsByFirstAppearance) {
  const auto blocks = ub::parse_blocks_csv("feature,block\nb,B2\na,B1\nc,B2\n", "b.csv");
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[0].name, "B2");
  EXPECT_EQ(blocks[0].members, (std::vector<std::string>{"b", "c"}));
  EXPECT_EQ(blocks[1].members, (std::vector<std::string>{"a"}));
  EXPECT_NE(error_of([] { ub::parse_blocks_csv("name,block\na,B\n", "b.csv"); }).find("header"), std::string::npos);
  EXPECT_NE(error_of([] { ub::parse_blocks_csv("feature,block\na,\n", "b.csv"); }).find("line 2"), std::string::npos);
}

TEST(ConstraintsJson, OverflowingNumbersAreInputErrors) {
  // nlohmann's out_of_range (not a parse_error) used to escape as an unknown exception; found by the fuzzer.
  const std::string e = error_of([] {
    ub::parse_constraints_json(R"({"constraints": [{"type": "max_size", "size": 1e999}]})", "c.json");
  });
  EXPECT_NE(e.find("'c.json' is not valid JSON"), std::string::npos) << e;
  EXPECT_NE(error_of([] { ub::parse_constraints_json(R"({"constraint": []})", "c.json"); }).find("unknown key"),
            std::string::npos);
}

TEST(ConstraintsJson, OptionalStringsOfAnotherTypeAreInputErrors) {
  // A numeric 'level' or group 'name' used to escape as nlohmann's type_error; found by the fuzzer.
  const std::string level = error_of([] {
    ub::parse_constraints_json(R"({"constraints": [{"type": "cannot_link", "level": 1, "features": ["a"]}]})", "c.json");
  });
  EXPECT_NE(level.find("constraints[0]: 'level' must be a string"), std::string::npos) << level;
  const std::string name = error_of([] {
    ub::parse_constraints_json(R"({"groups": [{"name": 2, "blocks": [["a"]], "A": [[1]], "b": [1]}]})", "c.json");
  });
  EXPECT_NE(name.find("groups[0]: 'name' must be a string"), std::string::npos) << name;
  const auto ok = ub::parse_constraints_json(
      R"({"constraints": [{"type": "cannot_link", "level": "block", "blocks": ["B"]}], )"
      R"("groups": [{"blocks": [["a"]], "A": [[1]], "b": [1]}]})",
      "c.json");
  EXPECT_EQ(ok.constraints.at(0).level, ub::Level::block);
  EXPECT_EQ(ok.groups.at(0).name, "");
}

TEST(ConstraintFlags, WordsRoundTrip) {
  const ub::ConstraintSpec lin =
      ub::parse_constraint_flag(ub::RowKind::linear, ub::Level::feature, "x=1,y=-2<=3@inf", "--linear");
  EXPECT_EQ(ub::constraint_word(lin), "x=1,y=-2<=3@inf");
  EXPECT_TRUE(std::isinf(lin.rho));
  ub::ConstraintSpec built = lin;
  built.label.clear();  // not from a flag: written from the fields
  EXPECT_EQ(ub::constraint_word(built), "x=1,y=-2<=3@inf");
  EXPECT_NE(error_of([] { ub::parse_rho("-1", "--must-link a,b@-1"); }).find(">= 0"), std::string::npos);
  EXPECT_NE(error_of([] { ub::parse_block_weights("B1=2,=3"); }).find("NAME=W"), std::string::npos);
}

TEST(CsvSideFiles, HeaderRowsAndColumns) {
  const io::CsvLines lines = io::csv_lines("x,\"split\"\r\n1,train\n\n  \n2\n3,test\n", "r.csv");
  EXPECT_EQ(lines.rows.size(), 3u);  // blank lines are not rows
  EXPECT_EQ(io::header_fields(lines), (std::vector<std::string>{"x", "split"}));
  const auto split = io::column_values(lines, "split");
  ASSERT_TRUE(split);
  EXPECT_EQ(*split, (std::vector<std::string>{"train", "", "test"}));  // a short row gives ""
  EXPECT_FALSE(io::column_values(lines, "role"));
  EXPECT_NE(error_of([] { io::csv_lines("", "empty.csv"); }).find("'empty.csv' is empty"), std::string::npos);
}

// A side file saved by Excel on Western European Windows (Windows-1252: "Größe" is 47 72 F6 DF 65) reads as the
// data reader reads such a data file, so its names match the data's columns; a UTF-8 file is left as it is.
class SideFileEncoding : public ::testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& bytes) {
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("featrel_side_encoding_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(SideFileEncoding, Windows1252NamesReadAsTheDataReaderReadsThem) {
  const std::string cp = "Gr\xF6\xDF" "e", utf8 = "Gr\xC3\xB6\xC3\x9F" "e";  // "Größe"
  EXPECT_EQ(io::read_side_text(write("cp.txt", cp + ",caf\xE9 \x80\n")), utf8 + ",caf\xC3\xA9 \xE2\x82\xAC\n");
  EXPECT_EQ(io::read_side_text(write("u8.txt", utf8 + "\n")), utf8 + "\n");

  const auto blocks = ub::read_blocks_csv(write("blocks.csv", "feature,block\n" + cp + ",K\xF6rper\n"));
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].name, "K\xC3\xB6rper");
  EXPECT_EQ(blocks[0].members, (std::vector<std::string>{utf8}));

  const auto counts = ub::read_counts_csv(write("counts.csv", "feature,count\n" + cp + ",3\n"), 10);
  EXPECT_EQ(counts.feature_names, (std::vector<std::string>{utf8}));

  const auto weights = ub::parse_weights_input(write("weights.csv", "feature,weight\n" + cp + ",2\n"));
  ASSERT_EQ(weights.named.size(), 1u);
  EXPECT_EQ(weights.named[0].first, utf8);

  const auto impacts =
      featrel::pareto::read_impact_table(write("impacts.csv", "criterion," + cp + ",x\nrf:accuracy,0.1,0.2\n"));
  EXPECT_EQ(impacts.features, (std::vector<std::string>{utf8, "x"}));

  const auto roles = io::read_csv_lines(write("roles.csv", cp + ",role\n1,train\n"));
  EXPECT_EQ(io::header_fields(roles), (std::vector<std::string>{utf8, "role"}));
}

}  // namespace
