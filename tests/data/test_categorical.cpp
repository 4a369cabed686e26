// Categorical feature columns (detected or named) as indicator columns, the origin of every feature,
// make_dataset with text columns (read as the CSV reader reads them) and make_dataset with a numeric target.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/error.hpp"

namespace featrel {
namespace {

using Names = std::vector<std::string>;
using Groups = std::vector<std::vector<std::size_t>>;

std::string text_error(const std::string& text, const CsvOptions& options = CsvOptions{}) {
  try {
    read_csv_text(text, options, "data.csv");
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an InputError for:\n" << text;
  return "";
}

void expect_parts(const std::string& message, const std::vector<std::string>& parts) {
  for (const auto& part : parts) EXPECT_NE(message.find(part), std::string::npos) << "'" << part << "' not in: " << message;
}

std::vector<double> column(const Dataset& d, std::size_t j) {
  const auto c = d.X.col(static_cast<Eigen::Index>(j));
  return std::vector<double>(c.data(), c.data() + c.size());
}

TEST(Categorical, TextColumnBecomesOneIndicatorPerLevel) {
  const Dataset d = read_csv_text("age,site,y\n30,B,0\n40,A,1\n50,C,0\n60,A,1\n", CsvOptions{});
  EXPECT_EQ(d.feature_names, (Names{"age", "site=A", "site=B", "site=C"}));
  EXPECT_EQ(column(d, 0), (std::vector<double>{30, 40, 50, 60}));
  EXPECT_EQ(column(d, 1), (std::vector<double>{0, 1, 0, 1}));
  EXPECT_EQ(column(d, 2), (std::vector<double>{1, 0, 0, 0}));
  EXPECT_EQ(column(d, 3), (std::vector<double>{0, 0, 1, 0}));
  EXPECT_EQ(d.source_columns, (Names{"age", "site"}));
  ASSERT_EQ(d.origins.size(), 4u);
  EXPECT_EQ(d.origins[0].column, "age");
  EXPECT_EQ(d.origins[0].level, "");
  EXPECT_EQ(d.origins[0].source_index, 0u);
  EXPECT_EQ(d.origins[3].column, "site");
  EXPECT_EQ(d.origins[3].level, "C");
  EXPECT_EQ(d.origins[3].source_index, 1u);
  EXPECT_EQ(d.columns_by_source(), (Groups{{0}, {1, 2, 3}}));
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_EQ(d.warnings[0], "column 'site' is categorical (3 levels: A, B, C); encoded as 3 indicator columns");
  EXPECT_EQ(d.constant, (std::vector<bool>{false, false, false, false}));
}

TEST(Categorical, TwoLevelsGiveOneColumnForTheSecond) {
  const Dataset d = read_csv_text("sex,x,y\nM,1,0\nF,2,1\nM,3,0\n", CsvOptions{});
  EXPECT_EQ(d.feature_names, (Names{"sex=M", "x"}));
  EXPECT_EQ(column(d, 0), (std::vector<double>{1, 0, 1}));
  EXPECT_EQ(d.origins[0].level, "M");
  EXPECT_EQ(d.columns_by_source(), (Groups{{0}, {1}}));
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_EQ(d.warnings[0], "column 'sex' is categorical (2 levels: F, M); encoded as 1 indicator column 'sex=M'");
}

TEST(Categorical, LevelsSortBytewiseForText) {
  const Dataset d = read_csv_text("c,y\nb,0\nB,1\na,0\nb,1\n", CsvOptions{});
  EXPECT_EQ(d.feature_names, (Names{"c=B", "c=a", "c=b"}));  // 'B' (0x42) < 'a' < 'b'
  EXPECT_EQ(column(d, 2), (std::vector<double>{1, 0, 0, 1}));
}

TEST(Categorical, NamedNumericColumnSortsNumericallyWithoutAWarning) {
  CsvOptions o;
  o.categorical = {"grade"};
  const Dataset d = read_csv_text("grade,x,y\n10,1,0\n9,2,1\n2,3,0\n2.0,4,1\n", o);
  // Numeric order (not "10" < "2" < "9"), and "2" and "2.0" are one level named as first written.
  EXPECT_EQ(d.feature_names, (Names{"grade=2", "grade=9", "grade=10", "x"}));
  EXPECT_EQ(column(d, 0), (std::vector<double>{0, 0, 1, 1}));
  EXPECT_EQ(column(d, 2), (std::vector<double>{1, 0, 0, 0}));
  EXPECT_TRUE(d.warnings.empty());
  // By 0-based column index, as --drop does.
  CsvOptions by_index;
  by_index.categorical = {"0"};
  EXPECT_EQ(read_csv_text("grade,x,y\n10,1,0\n9,2,1\n2,3,0\n2.0,4,1\n", by_index).feature_names, d.feature_names);
}

TEST(Categorical, MixedNumbersAndTextSortAsText) {
  const Dataset d = read_csv_text("dose,y\n1,0\n2,1\nhigh,0\n10,1\n", CsvOptions{});
  EXPECT_EQ(d.feature_names, (Names{"dose=1", "dose=10", "dose=2", "dose=high"}));
}

TEST(Categorical, MissingCategoryIsNaNInEveryLevelColumn) {
  const std::string text = "site,x,y\nA,1,0\nNA,2,1\nB,3,0\nC,4,1\n,5,0\n";
  CsvOptions keep;
  keep.impute = Impute::keep;
  const Dataset d = read_csv_text(text, keep);
  EXPECT_EQ(d.feature_names, (Names{"site=A", "site=B", "site=C", "x"}));
  for (std::size_t j = 0; j < 3; ++j) {
    EXPECT_TRUE(std::isnan(d.X(1, static_cast<Eigen::Index>(j))));
    EXPECT_TRUE(std::isnan(d.X(4, static_cast<Eigen::Index>(j))));
    EXPECT_FALSE(std::isnan(d.X(0, static_cast<Eigen::Index>(j))));
  }
  EXPECT_EQ(d.missing_counts, (std::vector<std::size_t>{2, 2, 2, 0}));
  // The missing marker is not a level.
  EXPECT_EQ(d.warnings.front(), "column 'site' is categorical (3 levels: A, B, C); encoded as 3 indicator columns");

  // Mean imputation: the share of each level among the observed rows.
  CsvOptions mean;
  mean.impute = Impute::mean;
  const Dataset m = read_csv_text(text, mean);
  EXPECT_DOUBLE_EQ(m.X(1, 0), 1.0 / 3.0);
  EXPECT_DOUBLE_EQ(m.X(4, 2), 1.0 / 3.0);
  EXPECT_EQ(m.missing_counts, d.missing_counts);  // as read, before imputation

  // Without --impute, the error names the column of the file, not an indicator column.
  expect_parts(text_error(text), {"data.csv, row 2 (line 3), column 'site': missing value (2 missing", "--impute"});
}

TEST(Categorical, ExtraMissingMarkersApplyToCategories) {
  CsvOptions o;
  o.impute = Impute::keep;
  o.na_values = {"unknown"};
  const Dataset d = read_csv_text("site,y\nA,0\nunknown,1\nB,0\nC,1\n", o);
  EXPECT_EQ(d.feature_names, (Names{"site=A", "site=B", "site=C"}));
  EXPECT_TRUE(std::isnan(d.X(1, 0)));
}

TEST(Categorical, TooManyLevelsIsAnErrorSuggestingCategoricalOrDrop) {
  std::string text = "x,code,y\n";
  for (int i = 0; i < 25; ++i) text += std::to_string(i) + ",c" + std::to_string(i % 21) + "," + std::to_string(i % 2) + "\n";
  expect_parts(text_error(text), {"data.csv, row 1 (line 2), column 'code': value 'c0' is not numeric",
                                  "21 distinct values", "more than the 20", "--categorical code", "--drop"});
  // A different value in every row hints at an identifier.
  std::string ids = "id,x,y\n";
  for (int i = 0; i < 25; ++i) ids += "P" + std::to_string(100 + i) + "," + std::to_string(i) + "," + std::to_string(i % 2) + "\n";
  expect_parts(text_error(ids), {"a different one in every row: an identifier?", "--drop"});
  // Raised limit, or named explicitly: encoded.
  CsvOptions more;
  more.max_levels = 21;
  EXPECT_EQ(read_csv_text(text, more).n_features(), 22u);
  CsvOptions named;
  named.categorical = {"code"};
  EXPECT_EQ(read_csv_text(text, named).n_features(), 22u);
  // The limit is inclusive: 21 levels with max_levels 20 failed above, 20 levels pass.
  std::string twenty = "code,y\n";
  for (int i = 0; i < 40; ++i) twenty += "c" + std::to_string(i % 20) + "," + std::to_string(i % 2) + "\n";
  EXPECT_EQ(read_csv_text(twenty, CsvOptions{}).n_features(), 20u);
}

TEST(Categorical, ErrorsForTargetAndUnknownColumns) {
  CsvOptions target;
  target.categorical = {"y"};
  expect_parts(text_error("a,y\n1,0\n2,1\n", target), {"--categorical names the target column 'y'"});
  CsvOptions unknown;
  unknown.categorical = {"colour"};
  expect_parts(text_error("a,y\n1,0\n2,1\n", unknown), {"--categorical column 'colour' is not in data.csv"});
  // An encoded name that another column already has.
  expect_parts(text_error("c,c=b,y\na,1,0\nb,2,1\n"), {"'c=b' is also the name of another column"});
}

TEST(Categorical, NumericFileMapsEveryColumnToItself) {
  CsvOptions o;
  o.drop = {"id"};
  o.target = "y";
  const Dataset d = read_csv_text("id,a,y,b\n1,0.5,0,2\n2,1.5,1,3\n", o);
  EXPECT_EQ(d.source_columns, (Names{"a", "b"}));
  ASSERT_EQ(d.origins.size(), 2u);
  EXPECT_EQ(d.origins[1].column, "b");
  EXPECT_EQ(d.origins[1].level, "");
  EXPECT_EQ(d.origins[1].source_index, 1u);
  EXPECT_EQ(d.columns_by_source(), (Groups{{0}, {1}}));
  EXPECT_EQ(d.missing_counts, (std::vector<std::size_t>{0, 0}));
}

TEST(Categorical, HandBuiltDatasetMapsFeaturesToThemselves) {
  Dataset d;
  d.X = Eigen::MatrixXd::Zero(3, 2);
  d.feature_names = {"p", "q"};
  EXPECT_EQ(d.columns_by_source(), (Groups{{0}, {1}}));
}

TEST(Categorical, MakeDatasetEncodesNamedColumns) {
  Eigen::MatrixXd X(4, 2);
  X << 1, 0.5, 2, 1.5, 1, 2.5, 3, 3.5;
  CsvOptions o;
  o.categorical = {"g"};
  const Dataset d = make_dataset(X, {"g", "v"}, std::vector<std::string>{"a", "b", "a", "b"}, o);
  EXPECT_EQ(d.feature_names, (Names{"g=1", "g=2", "g=3", "v"}));
  EXPECT_EQ(column(d, 0), (std::vector<double>{1, 0, 1, 0}));
  EXPECT_EQ(d.columns_by_source(), (Groups{{0, 1, 2}, {3}}));
  EXPECT_EQ(d.source_columns, (Names{"g", "v"}));
  o.categorical = {"1"};  // by index
  EXPECT_EQ(make_dataset(X, {"g", "v"}, std::vector<std::string>{"a", "b", "a", "b"}, o).feature_names,
            (Names{"g", "v=0.5", "v=1.5", "v=2.5", "v=3.5"}));
}

// ---- make_dataset with text columns (a data frame's strings and categories) -----------------------------------

// The same table as CSV text and from memory with text columns give the same data set.
void expect_same_data(const Dataset& a, const Dataset& b) {
  EXPECT_EQ(a.feature_names, b.feature_names);
  EXPECT_EQ(a.source_columns, b.source_columns);
  EXPECT_EQ(a.warnings, b.warnings);
  EXPECT_EQ(a.missing_counts, b.missing_counts);
  EXPECT_EQ(a.columns_by_source(), b.columns_by_source());
  ASSERT_EQ(a.X.rows(), b.X.rows());
  ASSERT_EQ(a.X.cols(), b.X.cols());
  for (Eigen::Index j = 0; j < a.X.cols(); ++j)
    for (Eigen::Index i = 0; i < a.X.rows(); ++i)
      EXPECT_TRUE(a.X(i, j) == b.X(i, j) || (std::isnan(a.X(i, j)) && std::isnan(b.X(i, j)))) << i << "," << j;
}

TEST(MakeDatasetText, TextColumnsReadAsTheCsvReaderReadsThem) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Eigen::MatrixXd X(5, 4);
  X << 30, nan, nan, nan, 40, nan, nan, nan, 50, nan, nan, nan, 60, nan, nan, nan, 70, nan, nan, nan;
  // site: text with a missing value; smoker: two levels; dose: numbers written as text (numeric, as in a file).
  const std::vector<std::vector<std::string>> text{
      {}, {"B", "A", "", "C", "A"}, {"no", "yes", "no", "NA", "yes"}, {"1.5", " 2", "", "4e-1", "5"}};
  const Eigen::VectorXd y = (Eigen::VectorXd(5) << 0, 1, 0, 1, 0).finished();
  CsvOptions o;
  o.impute = Impute::mean;
  const Dataset memory = make_dataset(X, {"age", "site", "smoker", "dose"}, text, y, o);
  const Dataset csv = read_csv_text("age,site,smoker,dose,target\n30,B,no,1.5,0\n40,A,yes, 2,1\n50,,no,,0\n"
                                    "60,C,NA,4e-1,1\n70,A,yes,5,0\n", o);
  expect_same_data(memory, csv);
  EXPECT_EQ(memory.feature_names, (Names{"age", "site=A", "site=B", "site=C", "smoker=yes", "dose"}));
  EXPECT_EQ(memory.missing_counts, (std::vector<std::size_t>{0, 1, 1, 1, 1, 1}));
  // Named columns are categories whatever their levels, without the warning, as with --categorical; the levels
  // keep their spelling, as in a file.
  o.categorical = {"site", "dose"};
  expect_same_data(make_dataset(X, {"age", "site", "smoker", "dose"}, text, y, o),
                   read_csv_text("age,site,smoker,dose,target\n30,B,no,1.5,0\n40,A,yes, 2,1\n50,,no,,0\n"
                                 "60,C,NA,4e-1,1\n70,A,yes,5,0\n", o));
  EXPECT_EQ(make_dataset(X, {"age", "site", "smoker", "dose"}, text, y, o).feature_names,
            (Names{"age", "site=A", "site=B", "site=C", "smoker=yes", "dose=4e-1", "dose=1.5", "dose=2", "dose=5"}));
}

TEST(MakeDatasetText, RefusalsNameTheColumn) {
  Eigen::MatrixXd X = Eigen::MatrixXd::Zero(25, 2);
  Eigen::VectorXd y(25);
  std::vector<std::vector<std::string>> text{{}, {}};
  for (int i = 0; i < 25; ++i) {
    text[1].push_back("P" + std::to_string(100 + i));
    y[i] = i % 2;
  }
  try {
    make_dataset(X, {"x", "patient"}, text, y, CsvOptions{});
    FAIL();
  } catch (const InputError& e) {
    expect_parts(e.what(), {"<memory>, row 1, column 'patient': value 'P100' is not numeric", "an identifier?",
                            "--categorical patient", "--drop"});
  }
  // Named with --categorical, text categories are read as asked and draw no warning; a column of numbers with
  // more than --max-levels values does (25 levels, 25 indicator columns).
  CsvOptions forced;
  forced.categorical = {"patient"};
  const auto asks = [](const std::string& w) { return w.find("--categorical asks") != std::string::npos; };
  const Dataset as_text = make_dataset(X, {"x", "patient"}, text, y, forced);
  EXPECT_EQ(as_text.n_features(), 26u);
  EXPECT_TRUE(std::none_of(as_text.warnings.begin(), as_text.warnings.end(), asks));
  for (int i = 0; i < 25; ++i) text[1][static_cast<std::size_t>(i)] = std::to_string(100 + i);
  const Dataset ids = make_dataset(X, {"x", "patient"}, text, y, forced);
  EXPECT_EQ(ids.n_features(), 26u);
  const auto said = std::find_if(ids.warnings.begin(), ids.warnings.end(), asks);
  ASSERT_NE(said, ids.warnings.end());
  expect_parts(*said, {"column 'patient' of numbers is read as categories as --categorical asks", "25 distinct values",
                                 "an identifier?", "25 indicator columns", "more than the 20"});
  text[1].assign(25, "inf");
  EXPECT_THROW(make_dataset(X, {"x", "patient"}, text, y, CsvOptions{}), InputError);
  text[1].resize(3);  // not one value per row
  EXPECT_THROW(make_dataset(X, {"x", "patient"}, text, y, CsvOptions{}), InputError);
  EXPECT_THROW(make_dataset(X, {"x", "patient"}, std::vector<std::vector<std::string>>{{}}, y, CsvOptions{}),
               InputError);
  // Every value missing: no categories.
  text[1].assign(25, "");
  text[1][0] = "NA";
  CsvOptions named;
  named.categorical = {"patient"};
  expect_parts([&] {
    try {
      make_dataset(X, {"x", "patient"}, text, y, named);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  }(), {"column 'patient': every value is missing"});
}

// ---- make_dataset with a numeric target ----------------------------------------------------------------------

TEST(MakeDatasetNumericTarget, BinaryLabelsEncodeLikeTheirText) {
  Eigen::MatrixXd X(4, 1);
  X << 1, 2, 3, 4;
  Eigen::VectorXd y(4);
  y << 1, 0, 0, 1;
  const Dataset d = make_dataset(X, {"x"}, y, CsvOptions{});
  const Dataset s = make_dataset(X, {"x"}, std::vector<std::string>{"1", "0", "0", "1"}, CsvOptions{});
  EXPECT_EQ(d.task, Task::binary);
  EXPECT_EQ(d.classes, (Names{"0", "1"}));
  EXPECT_EQ(d.labels, (std::vector<int>{1, 0, 0, 1}));
  EXPECT_EQ(d.classes, s.classes);
  EXPECT_EQ(d.labels, s.labels);
  EXPECT_EQ(d.warnings, s.warnings);
  EXPECT_EQ(d.source_columns, (Names{"x"}));
}

TEST(MakeDatasetNumericTarget, MulticlassLabelsAreShortestText) {
  Eigen::MatrixXd X = Eigen::MatrixXd::Zero(5, 1);
  X(0, 0) = 1;
  Eigen::VectorXd y(5);
  y << 2.5, 10, 2.5, 1, 10;
  CsvOptions o;
  o.task = TaskRequest::classification;
  const Dataset d = make_dataset(X, {"x"}, y, o);
  EXPECT_EQ(d.task, Task::multiclass);
  EXPECT_EQ(d.classes, (Names{"1", "2.5", "10"}));
  EXPECT_EQ(d.labels, (std::vector<int>{1, 2, 1, 0, 2}));
  // Under --task auto, three numeric values need a task, exactly as for text.
  try {
    make_dataset(X, {"x"}, y, CsvOptions{});
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    expect_parts(e.what(), {"3 distinct numeric values", "--task"});
  }
}

TEST(MakeDatasetNumericTarget, RegressionKeepsTheValuesExactly) {
  Eigen::MatrixXd X(4, 1);
  X << 1, 2, 3, 4;
  Eigen::VectorXd y(4);
  y << 1.0 / 3.0, 0.1 + 0.2, -2.718281828459045e-7, 123456789.123456789;
  CsvOptions o;
  o.task = TaskRequest::regression;
  const Dataset d = make_dataset(X, {"x"}, y, o);
  EXPECT_EQ(d.task, Task::regression);
  for (Eigen::Index i = 0; i < 4; ++i) EXPECT_EQ(d.y[i], y[i]) << i;  // bit for bit, no 6-digit text
  EXPECT_TRUE(d.classes.empty());
}

TEST(MakeDatasetNumericTarget, MissingAndInfiniteTargetValuesAreErrors) {
  Eigen::MatrixXd X(3, 1);
  X << 1, 2, 3;
  Eigen::VectorXd y(3);
  y << 0, std::numeric_limits<double>::quiet_NaN(), 1;
  try {
    make_dataset(X, {"x"}, y, CsvOptions{});
    FAIL();
  } catch (const InputError& e) {
    expect_parts(e.what(), {"row 2, target 'target': the value is missing"});
  }
  y[1] = std::numeric_limits<double>::infinity();
  try {
    make_dataset(X, {"x"}, y, CsvOptions{});
    FAIL();
  } catch (const InputError& e) {
    expect_parts(e.what(), {"row 2, target 'target'", "is not finite"});
  }
  Eigen::VectorXd short_y(2);
  short_y << 0, 1;
  EXPECT_THROW(make_dataset(X, {"x"}, short_y, CsvOptions{}), InputError);
}

}  // namespace
}  // namespace featrel
