// Rows without a target value: the reader's error names all of them and the option; with drop_missing_target
// they are left out, the warning names them, later messages still give the file's rows, and subsets and both
// readers (CSV text and memory) agree.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/error.hpp"

namespace featrel {
namespace {

const char* kFiveRows = "a,b,y\n1,10,0\n2,20,\n3,30,1\n4,40,NA\n5,50,0\n";

std::string error_of(const std::string& text, const CsvOptions& options) {
  try {
    read_csv_text(text, options, "t.csv");
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no InputError";
  return {};
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(MissingTarget, ErrorNamesEveryMissingRowAndTheOption) {
  const std::string e = error_of(kFiveRows, CsvOptions{});
  EXPECT_TRUE(has(e, "t.csv, row 2 (line 3), target 'y': the value is missing ('')")) << e;
  EXPECT_TRUE(has(e, "(2 of 5 rows: rows 2 and 4)")) << e;
  EXPECT_TRUE(has(e, "fill them in or remove those rows, or leave such rows out with --drop-missing-target")) << e;

  const std::string one = error_of("a,y\n1,0\n2,\n3,1\n", CsvOptions{});
  EXPECT_TRUE(has(one, "row 2 (line 3), target 'y': the value is missing (''); every row needs")) << one;
  EXPECT_TRUE(has(one, "fill it in or remove the row")) << one;

  std::string many = "a,y\n";
  for (int i = 0; i < 30; ++i) many += std::to_string(i) + "," + (i % 2 == 0 ? "" : std::to_string(i % 4 / 2)) + "\n";
  EXPECT_TRUE(has(error_of(many, CsvOptions{}), "(15 of 30 rows: rows 1, 3, 5, 7, 9, 11, 13, 15, 17, 19 and 5 more)"));
}

TEST(MissingTarget, DropLeavesTheRowsOutAndSaysWhich) {
  CsvOptions o;
  o.drop_missing_target = true;
  const Dataset d = read_csv_text(kFiveRows, o, "t.csv");
  ASSERT_EQ(d.n_samples(), 3u);
  EXPECT_EQ(d.X(0, 0), 1.0);
  EXPECT_EQ(d.X(1, 0), 3.0);
  EXPECT_EQ(d.X(2, 1), 50.0);
  EXPECT_EQ(d.labels, (std::vector<int>{0, 1, 0}));
  EXPECT_EQ(d.source_rows, (std::vector<std::size_t>{0, 2, 4}));
  bool warned = false;
  for (const auto& w : d.warnings)
    warned |= has(w, "target 'y' is missing in 2 of 5 rows (rows 2 and 4); they are left out "
                     "(--drop-missing-target) and the analysis uses the other 3") &&
              has(w, "not a random sample");
  EXPECT_TRUE(warned);

  // Nothing missing: nothing left out, no warning, no row map.
  const Dataset full = read_csv_text("a,y\n1,0\n2,1\n3,0\n", o, "t.csv");
  EXPECT_EQ(full.n_samples(), 3u);
  EXPECT_TRUE(full.source_rows.empty());
  EXPECT_TRUE(full.warnings.empty());
}

TEST(MissingTarget, LaterMessagesGiveTheFilesRows) {
  CsvOptions o;
  o.drop_missing_target = true;
  // Row 2 is left out; the missing feature value of row 3 is still row 3 (line 4).
  const std::string e = error_of("a,b,y\n1,1,0\n2,2,\n3,,1\n4,4,1\n", o);
  EXPECT_TRUE(has(e, "row 3 (line 4)")) << e;
  // A text column with too many levels quotes its first text value among the kept rows (row 1's is left out).
  o.max_levels = 2;
  const std::string t = error_of("a,c,y\n1,p,\n2,q,0\n3,r,1\n4,s,0\n", o);
  EXPECT_TRUE(has(t, "row 2 (line 3), column 'c': value 'q' is not numeric")) << t;
}

TEST(MissingTarget, FewerThanTwoRowsLeftIsAnError) {
  CsvOptions o;
  o.drop_missing_target = true;
  const std::string e = error_of("a,y\n1,\n2,NA\n3,1\n", o);
  EXPECT_TRUE(has(e, "target 'y' is missing in 2 of 3 rows, so --drop-missing-target leaves 1")) << e;
}

TEST(MissingTarget, MemoryDataAndSubsetsAgree) {
  CsvOptions o;
  o.drop_missing_target = true;
  Eigen::MatrixXd X(5, 2);
  X << 1, 10, 2, 20, 3, 30, 4, 40, 5, 50;
  Eigen::VectorXd y(5);
  y << 0, std::numeric_limits<double>::quiet_NaN(), 1, std::numeric_limits<double>::quiet_NaN(), 0;
  const Dataset m = make_dataset(X, {"a", "b"}, y, o);
  const Dataset c = read_csv_text(kFiveRows, o, "t.csv");
  EXPECT_EQ(m.source_rows, c.source_rows);
  EXPECT_EQ(m.labels, c.labels);
  EXPECT_TRUE(m.X.isApprox(c.X, 0.0));

  // A subset maps its rows back to the file's: rows 2 and 0 of the 3 read are the file's rows 4 and 0.
  const Dataset s = subset_rows(c, {2, 0});
  EXPECT_EQ(s.source_rows, (std::vector<std::size_t>{4, 0}));
  const Dataset plain = subset_rows(read_csv_text("a,y\n1,0\n2,1\n3,0\n", CsvOptions{}, "t.csv"), {1});
  EXPECT_EQ(plain.source_rows, (std::vector<std::size_t>{1}));
}

}  // namespace
}  // namespace featrel
