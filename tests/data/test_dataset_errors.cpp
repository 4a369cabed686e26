// Bad input yields an InputError that says what, where (file, row, line, column) and what to do.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/error.hpp"

namespace featrel {
namespace {

std::string text_error(const std::string& text, const CsvOptions& options = CsvOptions{}) {
  try {
    read_csv_text(text, options, "data.csv");
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an InputError for:\n" << text;
  return "";
}

std::string file_error(const std::string& path) {
  try {
    read_csv(path, CsvOptions{});
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an InputError for " << path;
  return "";
}

void expect_parts(const std::string& message, const std::vector<std::string>& parts) {
  for (const auto& part : parts) EXPECT_NE(message.find(part), std::string::npos) << "'" << part << "' not in: " << message;
}

TEST(DatasetErrors, MissingFile) {
  expect_parts(file_error("/nonexistent/featrel/none.csv"),
               {"cannot read '/nonexistent/featrel/none.csv': no such file"});
}

TEST(DatasetErrors, DirectoryInsteadOfFile) {
  const std::string dir = std::filesystem::temp_directory_path().string();
  expect_parts(file_error(dir), {"is a directory, not a CSV file"});
}

TEST(DatasetErrors, EmptyFile) {
  const auto path = std::filesystem::temp_directory_path() / "featrel_test_empty.csv";
  { std::ofstream out(path); }
  const std::string message = file_error(path.string());
  std::filesystem::remove(path);
  expect_parts(message, {path.string() + " is empty", "header row and at least 2 data rows"});
  expect_parts(text_error("\n\n  \r\n"), {"data.csv is empty"});
}

TEST(DatasetErrors, HeaderRowRequired) {
  expect_parts(text_error("1.5,2,0\n3,4,1\n5,6,0\n"),
               {"data.csv, line 1: the first row looks like data", "a header row with the column names is required"});
}

TEST(DatasetErrors, DuplicateColumnNames) {
  expect_parts(text_error("a,b,a,y\n1,2,3,0\n4,5,6,1\n"),
               {"column name 'a' appears twice (columns 1 and 3)", "must be unique"});
}

TEST(DatasetErrors, EmptyColumnName) {
  expect_parts(text_error("\"\",a,y\n1,2,0\n3,4,1\n"), {"column 1 has an empty name"});
}

TEST(DatasetErrors, RaggedRowNamesRowAndCounts) {
  expect_parts(text_error("a,b,y\n1,2,0\n3,4\n5,6,1\n"),
               {"data.csv, row 2 (line 3) has 2 fields but the header has 3 columns"});
  expect_parts(text_error("a,b,y\n1,2,0\n3,4,1,9\n"), {"row 2 (line 3) has 4 fields but the header has 3"});
  // A ragged row is reported as such even when its shifted values are also bad.
  expect_parts(text_error("a,b,y\n1,2,0\nx,y\n"), {"row 2 (line 3) has 2 fields"});
}

TEST(DatasetErrors, NonNumericFeatureNamesRowLineColumnAndValue) {
  CsvOptions strict;
  strict.max_levels = 0;  // with detection on, 'x4' (2 values) would be read as a categorical column
  expect_parts(text_error("x1,x2,x3,x4,y\n1,2,3,4,0\n1,2,3,abc,1\n", strict),
               {"data.csv, row 2 (line 3), column 'x4': value 'abc' is not numeric",
                "featrel needs numeric features", "--categorical x4", "--drop"});
}

TEST(DatasetErrors, NonFiniteFeatureValues) {
  for (const std::string bad : {"nan", "inf", "-Inf", "NaN", "1e999"}) {
    expect_parts(text_error("a,y\n1,0\n" + bad + ",1\n"),
                 {"data.csv, row 2 (line 3), column 'a': value '" + bad + "' is not finite"});
  }
}

TEST(DatasetErrors, MissingValuesWithoutImpute) {
  for (const std::string missing : {"", "NA", "?"}) {
    expect_parts(text_error("a,b,y\n1,2,0\n3," + missing + ",1\n5,NA,0\n"),
                 {"data.csv, row 2 (line 3), column 'b': missing value (2 missing in this column)",
                  "--impute mean or --impute median"});
  }
}

TEST(DatasetErrors, AllMissingColumnCannotBeImputed) {
  CsvOptions o;
  o.impute = Impute::mean;
  expect_parts(text_error("a,b,y\n1,NA,0\n3,NA,1\n", o), {"column 'b': every value is missing", "--drop"});
}

TEST(DatasetErrors, UnknownTargetColumn) {
  CsvOptions o;
  o.target = "outcome";
  expect_parts(text_error("a,b,y\n1,2,0\n3,4,1\n", o),
               {"target column 'outcome' is not in data.csv", "'a', 'b', 'y'"});
  o.target = "7";  // an index beyond the columns
  expect_parts(text_error("a,b,y\n1,2,0\n3,4,1\n", o), {"target column '7' is not in data.csv"});
}

TEST(DatasetErrors, UnknownDropColumn) {
  CsvOptions o;
  o.drop = {"id"};
  expect_parts(text_error("a,b,y\n1,2,0\n3,4,1\n", o), {"--drop column 'id' is not in data.csv"});
}

TEST(DatasetErrors, DroppingTheTarget) {
  CsvOptions o;
  o.drop = {"y"};
  expect_parts(text_error("a,b,y\n1,2,0\n3,4,1\n", o), {"--drop names the target column 'y'"});
}

TEST(DatasetErrors, TargetWithOneClass) {
  expect_parts(text_error("a,y\n1,yes\n2,yes\n3,yes\n"),
               {"target 'y' has only one class ('yes' in all 3 rows)", "at least 2 classes"});
}

TEST(DatasetErrors, FewerThanTwoRows) {
  expect_parts(text_error("a,y\n"), {"data.csv has a header row but no data rows"});
  expect_parts(text_error("a,y\n1,0\n"), {"data.csv has only 1 data row; featrel needs at least 2 rows"});
}

TEST(DatasetErrors, NoFeatureColumns) {
  expect_parts(text_error("y\n0\n1\n"), {"data.csv has no feature columns"});
  CsvOptions o;
  o.drop = {"id"};
  expect_parts(text_error("id,y\n1,0\n2,1\n", o), {"data.csv has no feature columns", "at least one feature"});
  // A ';' file read with an explicit ',' separator (a detected one would read it fine).
  CsvOptions comma;
  comma.sep = ',';
  expect_parts(text_error("a;b;y\n1;2;0\n3;4;1\n", comma),
               {"has no feature columns", "the header has a single column", "--sep ';'"});
}

TEST(DatasetErrors, QuotingErrors) {
  expect_parts(text_error("a,y\n\"1,0\n2,1\n"), {"data.csv, line 2: a quoted field is never closed"});
  expect_parts(text_error("a,y\n\"1\"x,0\n2,1\n"), {"data.csv, line 2: unexpected character 'x' after a closing quote"});
}

TEST(DatasetErrors, ClassWithFewerSamplesThanFolds) {
  const Dataset d = read_csv_text("a,y\n1,p\n2,q\n3,p\n4,q\n5,p\n", CsvOptions{});
  EXPECT_NO_THROW(require_min_class_size(d, 2));
  try {
    require_min_class_size(d, 3);
    FAIL();
  } catch (const InputError& e) {
    expect_parts(e.what(), {"class 'q' of target 'y' has 2 rows, fewer than the 3 folds", "use fewer folds"});
  }
  try {
    require_min_class_size(d, 3, "cv folds");
    FAIL();
  } catch (const InputError& e) {
    expect_parts(e.what(), {"fewer than the 3 cv folds"});
  }
}

TEST(DatasetErrors, WordsParseAndPrintBack) {
  for (TaskRequest t : {TaskRequest::automatic, TaskRequest::binary, TaskRequest::multiclass,
                        TaskRequest::classification, TaskRequest::regression, TaskRequest::ordinal})
    EXPECT_EQ(parse_task_request(to_string(t)), t);
  for (Impute m : {Impute::none, Impute::mean, Impute::median, Impute::keep}) EXPECT_EQ(parse_impute(to_string(m)), m);
  EXPECT_EQ(to_string(TaskRequest::automatic), "auto");
  EXPECT_EQ(to_string(Task::multiclass), "multiclass");
  try {
    parse_task_request("clasification");
    FAIL();
  } catch (const InputError& e) {
    expect_parts(e.what(), {"--task 'clasification' is not a task", "auto, binary, multiclass"});
  }
  try {
    parse_impute("zero");
    FAIL();
  } catch (const InputError& e) {
    expect_parts(e.what(), {"--impute 'zero'", "mean, median"});
  }
}

}  // namespace
}  // namespace featrel
