// The CSV reader on well-formed input: values, names, quoting, line endings, column selection, missing values
// and constant columns, each against hand-written expectations.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "featrel/dataset.hpp"
#include "featrel/error.hpp"

namespace featrel {
namespace {

CsvOptions classes_only() {
  CsvOptions o;
  o.supported = {Task::binary, Task::multiclass};
  return o;
}

TEST(CsvReader, ReadsNumericTableWithLastColumnAsTarget) {
  const Dataset d = read_csv_text("a,b,y\n1,2,0\n3,4.5,1\n-5,6e1,0\n", CsvOptions{}, "t.csv");
  ASSERT_EQ(d.n_samples(), 3u);
  ASSERT_EQ(d.n_features(), 2u);
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(d.target_name, "y");
  EXPECT_EQ(d.source, "t.csv");
  EXPECT_EQ(d.X(0, 0), 1.0);
  EXPECT_EQ(d.X(1, 1), 4.5);
  EXPECT_EQ(d.X(2, 0), -5.0);
  EXPECT_EQ(d.X(2, 1), 60.0);
  EXPECT_EQ(d.task, Task::binary);
  EXPECT_EQ(d.classes, (std::vector<std::string>{"0", "1"}));
  EXPECT_EQ(d.labels, (std::vector<int>{0, 1, 0}));
  EXPECT_EQ(d.y[1], 1.0);
  EXPECT_EQ(d.constant, (std::vector<bool>{false, false}));
  EXPECT_TRUE(d.warnings.empty());  // numeric binary labels: no implicit-positive warning
}

TEST(CsvReader, QuotedFieldsFollowRfc4180) {
  const std::string text =
      "\"id\",\"x \"\"q\"\"\",\"y\"\n"
      "\"a,b\",\"1.5\",\"pos\"\n"
      "\"c\"\"d\",  2 ,neg\n";
  CsvOptions o;
  o.drop = {"id"};
  const Dataset d = read_csv_text(text, o);
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"x \"q\""}));
  EXPECT_EQ(d.X(0, 0), 1.5);
  EXPECT_EQ(d.X(1, 0), 2.0);
  EXPECT_EQ(d.classes, (std::vector<std::string>{"neg", "pos"}));
  EXPECT_EQ(d.labels, (std::vector<int>{1, 0}));
}

TEST(CsvReader, ToleratesBomCrlfBlankLinesAndTrailingNewline) {
  const std::string text = "\xEF\xBB\xBFx1,x2,cls\r\n1,2,a\r\n\r\n3,4,b\r\n5,6,a\r\n\r\n";
  const Dataset d = read_csv_text(text, CsvOptions{});
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"x1", "x2"}));  // BOM stripped from the first name
  ASSERT_EQ(d.n_samples(), 3u);
  EXPECT_EQ(d.X(2, 1), 6.0);
  EXPECT_EQ(d.labels, (std::vector<int>{0, 1, 0}));
  EXPECT_EQ(d.classes[1], "b");  // no '\r' left on the label
}

TEST(CsvReader, NumberSpellings) {
  const Dataset d = read_csv_text("a,y\n+1.25,0\n 7 ,1\n1e-400,0\n.5,1\n-0,0\n", CsvOptions{});
  EXPECT_EQ(d.X(0, 0), 1.25);
  EXPECT_EQ(d.X(1, 0), 7.0);
  EXPECT_EQ(d.X(2, 0), 0.0);  // underflows to zero: a legitimate value, not an error
  EXPECT_EQ(d.X(3, 0), 0.5);
  EXPECT_EQ(d.X(4, 0), 0.0);
}

TEST(CsvReader, TargetAndDropByNameOrColumnIndex) {
  const std::string text = "id,y,f1,f2\n7,a,1,2\n8,b,3,4\n9,a,5,7\n";
  CsvOptions o;
  o.target = "y";
  o.drop = {"id"};
  const Dataset d = read_csv_text(text, o);
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"f1", "f2"}));
  EXPECT_EQ(d.target_name, "y");
  EXPECT_EQ(d.X(2, 1), 7.0);

  CsvOptions by_index;
  by_index.target = "1";  // no column is named "1": 0-based column index
  by_index.drop = {"0"};
  const Dataset e = read_csv_text(text, by_index);
  EXPECT_EQ(e.target_name, "y");
  EXPECT_EQ(e.feature_names, d.feature_names);
}

TEST(CsvReader, KeepReadsOnlyTheNamedColumnsByNameIndexOrIndicatorName) {
  const std::string text = "id,f1,site,f2,f3,y\n7,1,A,2,0,0\n8,3,B,4,1,1\n9,5,A,7,0,0\n";
  CsvOptions o;
  o.keep = {"f3", "1"};  // a name, and a 0-based column index (f1); the CSV order stays
  Dataset d = read_csv_text(text, o, "k.csv");
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"f1", "f3"}));
  EXPECT_EQ(d.X(2, 0), 5.0);
  EXPECT_EQ(d.X(1, 1), 1.0);
  EXPECT_TRUE(d.warnings.empty());  // a list given by hand is no pre-selection to warn about
  // A result names a categorical column's indicator columns "<col>=<level>": one keeps the column (two levels
  // make one indicator).
  o.keep = {"site=B", "f2"};
  d = read_csv_text(text, o, "k.csv");
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"site=B", "f2"}));
  // --drop still applies among the kept columns.
  o.keep = {"f1", "f2", "f3"};
  o.drop = {"f2"};
  EXPECT_EQ(read_csv_text(text, o, "k.csv").feature_names, (std::vector<std::string>{"f1", "f3"}));
  // The same from memory.
  Eigen::MatrixXd X(3, 3);
  X << 1, 2, 0, 3, 4, 1, 5, 7, 0;
  CsvOptions m;
  m.keep = {"f3", "f1"};
  const Dataset e = make_dataset(X, {"f1", "f2", "f3"}, std::vector<std::string>{"a", "b", "a"}, m);
  EXPECT_EQ(e.feature_names, (std::vector<std::string>{"f1", "f3"}));
  EXPECT_EQ(e.X(1, 1), 1.0);
}

TEST(CsvReader, KeepErrorsNameTheOptionAndTheColumns) {
  const std::string text = "f1,f2,y\n1,2,0\n3,4,1\n";
  CsvOptions o;
  o.keep = {"f9"};
  try {
    read_csv_text(text, o, "k.csv");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("--keep column 'f9' is not in k.csv; its columns are 'f1', 'f2', 'y'"),
              std::string::npos)
        << e.what();
  }
  o.keep = {"f1", "y"};
  try {
    read_csv_text(text, o, "k.csv");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("--keep names the target column 'y'"), std::string::npos) << e.what();
  }
  // A list that came from a result document names that option and file, and its note becomes a warning; a list
  // by hand adds to it.
  o.keep = {};
  o.keep_selected = "r.json";
  o.kept_by_selection = {"f2"};
  o.keep_note = "only the feature that mrmr selected in r.json is read";
  Dataset d = read_csv_text(text, o, "k.csv");
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"f2"}));
  EXPECT_EQ(d.warnings, (std::vector<std::string>{o.keep_note}));
  o.keep = {"f1"};
  d = read_csv_text(text, o, "k.csv");
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"f1", "f2"}));
  o.keep = {};
  o.kept_by_selection = {"f7"};
  try {
    read_csv_text(text, o, "k.csv");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("--keep-selected r.json: column 'f7' is not in k.csv"), std::string::npos)
        << e.what();
  }
  // A result file the front end never resolved is a programming error, not a silent read of every column.
  o.kept_by_selection.clear();
  o.keep_note.clear();
  EXPECT_THROW(read_csv_text(text, o, "k.csv"), std::logic_error);
}

TEST(CsvReader, HeaderOfColumnNumbersIsAHeader) {
  // dermatology.csv and the UCI heart-disease file name their columns 0..m-1; the target is named "2".
  const Dataset d = read_csv_text("0,1,2\n1.0,5.0,1\n2.0,6.0,2\n3.0,7.0,3\n", [] {
    CsvOptions o = classes_only();
    o.target = "2";
    return o;
  }());
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"0", "1"}));
  EXPECT_EQ(d.target_name, "2");
  EXPECT_EQ(d.task, Task::multiclass);
  EXPECT_EQ(d.classes, (std::vector<std::string>{"1", "2", "3"}));
  // A name wins over an index: feature "1" is column 1, not index 1 of something else.
  EXPECT_EQ(d.feature_index("1"), 1u);
  EXPECT_EQ(d.feature_index("0"), 0u);
}

TEST(CsvReader, MultiLineQuotedFieldKeepsLineNumbersRight) {
  // Row 1 spans lines 2-3, so the bad value of row 2 is on line 4.
  const std::string text = "id,x,y\n\"two\nlines\",1,a\nz,abc,b\n";
  CsvOptions o;
  o.drop = {"id"};
  o.max_levels = 0;  // no categorical columns: 'abc' is an error, as it was before categorical detection
  try {
    read_csv_text(text, o, "m.csv");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("m.csv, row 2 (line 4), column 'x': value 'abc' is not numeric"),
              std::string::npos)
        << e.what();
  }
}

TEST(CsvReader, ImputesMeanWithAWarningCountingValues) {
  const std::string text = "a,b,y\n1,NA,0\n,4,1\n3,?,0\n5,10,1\n";
  CsvOptions o;
  o.impute = Impute::mean;
  const Dataset d = read_csv_text(text, o);
  EXPECT_DOUBLE_EQ(d.X(1, 0), 3.0);   // mean of 1, 3, 5
  EXPECT_DOUBLE_EQ(d.X(0, 1), 7.0);   // mean of 4, 10
  EXPECT_DOUBLE_EQ(d.X(2, 1), 7.0);
  EXPECT_EQ(d.X(3, 1), 10.0);
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_EQ(d.warnings[0], "imputed 3 missing values in 2 columns ('a', 'b') with the column mean of the observed values");
}

TEST(CsvReader, ImputesMedian) {
  const std::string text = "a,b,y\n1,NA,0\n2,4,1\nNA,1,0\n4,100,1\n10,2,0\n";
  CsvOptions o;
  o.impute = Impute::median;
  const Dataset d = read_csv_text(text, o);
  EXPECT_EQ(d.X(2, 0), 3.0);  // median of 1, 2, 4, 10 = (2 + 4) / 2
  EXPECT_EQ(d.X(0, 1), 3.0);  // median of 4, 1, 100, 2 = (2 + 4) / 2
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_NE(d.warnings[0].find("imputed 2 missing values in 2 columns"), std::string::npos);
  EXPECT_NE(d.warnings[0].find("median"), std::string::npos);
}

TEST(CsvReader, KeepLeavesNaN) {
  CsvOptions o;
  o.impute = Impute::keep;
  const Dataset d = read_csv_text("a,b,y\n1,NA,0\n2,4,1\n3,5,0\n", o);
  EXPECT_TRUE(std::isnan(d.X(0, 1)));
  EXPECT_EQ(d.X(1, 1), 4.0);
  EXPECT_EQ(d.constant, (std::vector<bool>{false, false}));  // constancy judged on the observed values
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_EQ(d.warnings[0], "kept 1 missing value in 1 column ('b') as NaN (--impute keep)");
}

TEST(CsvReader, FlagsConstantColumnsWithAWarning) {
  // c is constant; b's 1000000.0000000001 reads as the double next to 1e6 (rounding), so b is constant too.
  const std::string text = "a,b,c,y\n1,1000000,5,0\n2,1000000.0000000001,5,1\n3,1000000,5,0\n";
  const Dataset d = read_csv_text(text, CsvOptions{});
  EXPECT_EQ(d.constant, (std::vector<bool>{false, true, true}));
  EXPECT_EQ(d.nonconstant_features(), (std::vector<std::size_t>{0}));
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_EQ(d.warnings[0], "2 constant columns ('b', 'c') left out of every model fit and reported with constant: true");
  EXPECT_EQ(d.X(0, 2), 5.0);  // still in X, so indices match the CSV
  EXPECT_GT(d.X(1, 1), 1e6);
}

TEST(CsvReader, SmallUnitsAndLargeOffsetsAreNotConstant) {
  // Picometres (sd ~1e-12) and 1e12 + x (sd ~1, 1e-12 of the mean) vary as x does.
  const std::string text = "pm,offset,y\n1e-12,1000000000001,0\n3e-12,1000000000000,1\n2e-12,1000000000002,0\n";
  const Dataset d = read_csv_text(text, CsvOptions{});
  EXPECT_EQ(d.constant, (std::vector<bool>{false, false}));
  EXPECT_TRUE(d.warnings.empty());
}

TEST(CsvReader, LargeTableIsTransposedCorrectly) {
  const int n = 300, d = 120;
  std::string text;
  for (int j = 0; j < d; ++j) text.append("x").append(std::to_string(j)).append(",");
  text += "y\n";
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < d; ++j) text += std::to_string(i * 1000 + j) + ",";
    text += std::to_string(i % 2) + "\n";
  }
  const Dataset ds = read_csv_text(text, CsvOptions{});
  ASSERT_EQ(ds.n_samples(), static_cast<std::size_t>(n));
  ASSERT_EQ(ds.n_features(), static_cast<std::size_t>(d));
  for (int i = 0; i < n; i += 7)
    for (int j = 0; j < d; j += 5) ASSERT_EQ(ds.X(i, j), i * 1000.0 + j);
  EXPECT_EQ(ds.class_counts(), (std::vector<std::size_t>{150, 150}));
}

TEST(CsvReader, ReadsAFileLikeItsText) {
  const auto path = std::filesystem::temp_directory_path() / "featrel_test_csv_reader_file.csv";
  const std::string text = "p,q,label\n0.5,1,x\n1.5,2,y\n2.5,4,x\n";
  {
    std::ofstream out(path, std::ios::binary);
    out << text;
  }
  const Dataset file = read_csv(path.string(), CsvOptions{});
  const Dataset mem = read_csv_text(text, CsvOptions{});
  std::filesystem::remove(path);
  EXPECT_EQ(file.source, path.string());
  EXPECT_EQ(file.X, mem.X);
  EXPECT_EQ(file.labels, mem.labels);
  EXPECT_EQ(file.classes, mem.classes);
  EXPECT_EQ(file.warnings, mem.warnings);
}

TEST(CsvReader, FeatureIndexByNameThenIndex) {
  const Dataset d = read_csv_text("alpha,beta,gamma,y\n1,2,3,0\n4,5,7,1\n", CsvOptions{});
  EXPECT_EQ(d.feature_index("gamma"), 2u);
  EXPECT_EQ(d.feature_index("1"), 1u);
  try {
    d.feature_index("delta");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'delta' is not a feature"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("'alpha', 'beta', 'gamma'"), std::string::npos) << e.what();
  }
  try {
    d.feature_index("3");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("out of range"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace featrel
