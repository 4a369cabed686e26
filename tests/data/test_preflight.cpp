// Pre-flight checks: each kind of issue on a small hand-made table where it must be found, and on one where it
// must not; plus a clean table where nothing is found. The chance floor against its closed form on independent
// columns.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/preflight.hpp"
#include "featrel/rng.hpp"
#include "featrel/stats.hpp"
#include "common/wide_table.hpp"
#include "data/chance_floor.hpp"

namespace featrel {
namespace {

std::vector<PreflightIssue> issues_of(const std::string& text, const CsvOptions& csv = CsvOptions{},
                                      const PreflightOptions& options = PreflightOptions{}) {
  return preflight(read_csv_text(text, csv, "t.csv"), options);
}

std::vector<PreflightIssue> of_kind(const std::vector<PreflightIssue>& issues, const std::string& kind) {
  std::vector<PreflightIssue> out;
  for (const auto& issue : issues)
    if (issue.kind == kind) out.push_back(issue);
  return out;
}

std::string all_messages(const std::vector<PreflightIssue>& issues) {
  std::string out;
  for (const auto& issue : issues) out += issue.kind + ": " + issue.message + "\n";
  return out;
}

void expect_parts(const std::string& message, const std::vector<std::string>& parts) {
  for (const auto& part : parts) EXPECT_NE(message.find(part), std::string::npos) << "'" << part << "' not in: " << message;
}

CsvOptions classification() {
  CsvOptions o;
  o.task = TaskRequest::classification;
  return o;
}

CsvOptions regression() {
  CsvOptions o;
  o.task = TaskRequest::regression;
  return o;
}

// 24 rows, two balanced classes, nothing wrong: x1 and x2 unsorted with repeats, a categorical column, a few
// missing values in one column.
const std::string kClean =
    "x1,x2,site,x3,y\n"
    "5.1,3,A,1.2,no\n4.9,2,B,0.4,yes\n6.3,3,A,NA,no\n5.8,1,C,2.2,yes\n7.1,2,B,1.1,no\n6.5,3,C,0.9,yes\n"
    "5.1,1,A,1.7,no\n4.4,2,B,0.2,yes\n6.0,3,C,1.3,no\n5.5,1,A,1.9,yes\n6.9,2,B,0.8,no\n5.2,3,C,1.4,yes\n"
    "6.1,1,A,1.5,no\n5.9,2,B,0.6,yes\n4.8,3,C,2.0,no\n6.7,1,A,1.0,yes\n5.0,2,B,1.6,no\n6.2,3,C,0.7,yes\n"
    "5.6,1,A,1.8,no\n6.4,2,B,0.3,yes\n5.7,3,C,1.2,no\n4.6,1,A,2.1,yes\n6.8,2,B,0.5,no\n5.3,3,C,1.1,yes\n";

TEST(Preflight, CleanTableHasNoIssues) {
  CsvOptions o;
  o.impute = Impute::mean;
  const auto issues = issues_of(kClean, o);
  EXPECT_TRUE(issues.empty()) << all_messages(issues);
}

// ---- id_like ---------------------------------------------------------------------------------------------------

std::string with_id_column(const std::vector<long long>& ids) {
  const double x[] = {5.1, 4.9, 6.3, 5.8, 7.1, 6.5, 5.1, 4.4, 6.0, 5.5, 6.9, 5.2,
                      6.1, 5.9, 4.8, 6.7, 5.0, 6.2, 5.6, 6.4, 5.7, 4.6, 6.8, 5.3};
  std::string text = "ID,x,y\n";
  for (std::size_t i = 0; i < ids.size(); ++i)
    text += std::to_string(ids[i]) + "," + std::to_string(x[i % 24]) + "," + (i % 2 == 0 ? "a" : "b") + "\n";
  return text;
}

TEST(Preflight, RowCounterIsIdLike) {
  std::vector<long long> ids;
  for (int i = 0; i < 24; ++i) ids.push_back(1001 + i);
  const auto found = of_kind(issues_of(with_id_column(ids)), "id_like");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].column, "ID");
  EXPECT_FALSE(found[0].fatal);
  expect_parts(found[0].message, {"column 'ID' looks like a row identifier", "increase", "--drop ID"});
}

TEST(Preflight, ShuffledDistinctIntegersAreIdLike) {
  std::vector<long long> ids;
  for (int i = 0; i < 24; ++i) ids.push_back((i * 7) % 24 + 500);  // a permutation, not sorted
  const auto found = of_kind(issues_of(with_id_column(ids)), "id_like");
  ASSERT_EQ(found.size(), 1u);
  expect_parts(found[0].message, {"every row has a different integer", "--drop ID"});
}

TEST(Preflight, IdWithAMissingValueIsJudgedOnTheValuesAsRead) {
  // Imputed, the missing ID becomes the mean (non-integer, out of order); the check must look past it.
  std::string text = "ID,x,y\n";
  for (int i = 0; i < 24; ++i)
    text += (i == 7 ? std::string("NA") : std::to_string(1001 + i)) + "," + std::to_string(i % 4) + "," + (i % 2 ? "a" : "b") + "\n";
  CsvOptions mean;
  mean.impute = Impute::mean;
  const auto found = of_kind(issues_of(text, mean), "id_like");
  ASSERT_EQ(found.size(), 1u);
  expect_parts(found[0].message, {"increase"});
  CsvOptions keep;
  keep.impute = Impute::keep;
  EXPECT_EQ(of_kind(issues_of(text, keep), "id_like").size(), 1u);
}

TEST(Preflight, DecreasingValuesAreIdLike) {
  std::string text = "t,x,y\n";
  for (int i = 0; i < 20; ++i) text += std::to_string(100.0 - i * 0.5) + "," + std::to_string(i % 3) + "," + (i % 2 ? "a" : "b") + "\n";
  const auto found = of_kind(issues_of(text), "id_like");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].column, "t");
  expect_parts(found[0].message, {"decrease"});
}

TEST(Preflight, NotIdLike) {
  // A repeated integer, and a sorted column in a table of fewer than 20 rows.
  std::vector<long long> ids;
  for (int i = 0; i < 24; ++i) ids.push_back((i * 7) % 24 + 500);
  ids[5] = ids[6];
  EXPECT_TRUE(of_kind(issues_of(with_id_column(ids)), "id_like").empty());
  std::vector<long long> few;
  for (int i = 0; i < 19; ++i) few.push_back(i + 1);
  EXPECT_TRUE(of_kind(issues_of(with_id_column(few)), "id_like").empty());
  // Distinct but not integers (and not sorted): a measurement.
  std::string text = "m,y\n";
  for (int i = 0; i < 24; ++i) text += std::to_string((i * 7) % 24 + 0.25) + "," + (i % 2 ? "a" : "b") + "\n";
  EXPECT_TRUE(of_kind(issues_of(text), "id_like").empty());
}

// ---- target_leak -----------------------------------------------------------------------------------------------

TEST(Preflight, ClassEncodedAsAFeatureIsALeak) {
  const std::string text = "x,code,y\n1,7,yes\n2,3,no\n3,7,yes\n4,3,no\n5,3,no\n6,7,yes\n";
  const auto found = of_kind(issues_of(text), "target_leak");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].column, "code");
  expect_parts(found[0].message, {"column 'code' determines the target", "3 for 'no', 7 for 'yes'", "--drop code"});
}

TEST(Preflight, CategoricalColumnMatchingTheClassesIsALeak) {
  const std::string text = "x,grp,y\n1,g1,a\n2,g2,b\n3,g3,c\n4,g1,a\n5,g2,b\n6,g3,c\n";
  const auto found = of_kind(issues_of(text, classification()), "target_leak");
  ASSERT_EQ(found.size(), 1u);  // one issue for the column, not one per indicator
  EXPECT_EQ(found[0].column, "grp");
  expect_parts(found[0].message, {"--drop grp"});
}

TEST(Preflight, LeakWithAMissingValueIsJudgedOnTheValuesAsRead) {
  CsvOptions mean;
  mean.impute = Impute::mean;
  const std::string text = "x,code,y\n1,7,yes\n2,3,no\n3,NA,yes\n4,3,no\n5,3,no\n6,7,yes\n";
  const auto found = of_kind(issues_of(text, mean), "target_leak");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].column, "code");
}

TEST(Preflight, RegressionTargetAsALinearFunctionIsALeak) {
  const std::string text = "x,double_y,y\n1,2.2,1.1\n2,4.6,2.3\n1,0.4,0.2\n5,8.0,4.0\n3,-1.0,-0.5\n";
  const auto found = of_kind(issues_of(text, regression()), "target_leak");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].column, "double_y");
  expect_parts(found[0].message, {"linear function of target 'y'", "Pearson r = 1.0000", "--drop double_y"});
}

TEST(Preflight, NoLeak) {
  // One value per class but the same value in both classes (constant), and one class with two values.
  EXPECT_TRUE(of_kind(issues_of("x,c,y\n1,7,yes\n2,7,no\n3,7,yes\n4,7,no\n"), "target_leak").empty());
  EXPECT_TRUE(of_kind(issues_of("x,code,y\n1,7,yes\n2,3,no\n3,8,yes\n4,3,no\n"), "target_leak").empty());
  // One value per class, but two classes share it: the column does not tell them apart.
  EXPECT_TRUE(of_kind(issues_of("x,code,y\n1,7,a\n2,3,b\n3,7,c\n4,3,b\n5,7,a\n6,7,c\n", classification()),
                      "target_leak")
                  .empty());
  // Strongly but not perfectly correlated (r ~ 0.999).
  const std::string text = "x,near_y,y\n3,1.0,1.0\n1,2.1,2.0\n4,2.9,3.0\n1,4.05,4.0\n5,5.0,5.0\n";
  EXPECT_TRUE(of_kind(issues_of(text, regression()), "target_leak").empty());
}

// ---- label_variants --------------------------------------------------------------------------------------------

TEST(Preflight, LabelsThatDifferOnlyInCaseOrBlanksAreNamed) {
  // "yes", "Yes " (read as "Yes"), "no" and "NO": four classes where the file means two.
  std::string text = "x,site,y\n";
  const char* labels[] = {"yes", "Yes ", "no", "NO"};
  const char* sites[] = {"A", "a", "B", "B"};
  for (int i = 0; i < 24; ++i)
    text += std::to_string(i % 7) + "," + sites[i % 4] + "," + labels[i % 4] + "\n";
  const auto found = of_kind(issues_of(text, classification()), "label_variants");
  ASSERT_EQ(found.size(), 2u) << all_messages(issues_of(text, classification()));
  EXPECT_EQ(found[0].column, "y");
  EXPECT_FALSE(found[0].fatal);
  expect_parts(found[0].message, {"target 'y': the labels 'NO' and 'no', and 'Yes' and 'yes' differ only in letter "
                                  "case or blanks", "(4 in all)"});
  EXPECT_EQ(found[1].column, "site");
  expect_parts(found[1].message, {"column 'site': the categories 'A' and 'a' differ only"});

  // Distinct words, and numbers, are not variants.
  CsvOptions clean = classification();
  clean.impute = Impute::mean;
  EXPECT_TRUE(of_kind(issues_of(kClean, clean), "label_variants").empty());
  std::string numbers = "x,y\n";
  for (int i = 0; i < 24; ++i) numbers += std::to_string(i % 5) + "," + (i % 2 ? "1.0" : "2.00") + "\n";
  EXPECT_TRUE(of_kind(issues_of(numbers, classification()), "label_variants").empty());
}

// ---- many_classes ----------------------------------------------------------------------------------------------

std::string many_numeric_labels(int n) {
  std::string text = "x,y\n";
  for (int i = 0; i < n; ++i) text += std::to_string(i % 5) + "," + std::to_string(100 + i * 3) + "\n";
  return text;
}

TEST(Preflight, QuantityReadAsClassesSuggestsRegression) {
  const auto issues = issues_of(many_numeric_labels(30), classification());
  const auto found = of_kind(issues, "many_classes");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].column, "y");
  EXPECT_FALSE(found[0].fatal);
  expect_parts(found[0].message, {"target 'y' has 30 distinct numeric values", "--task regression"});
  EXPECT_TRUE(of_kind(issues, "tiny_class").empty()) << "one issue, not 30 tiny classes";
}

TEST(Preflight, QuantityReadAsClassesIsFatalForAClassifierOnlyMethod) {
  PreflightOptions only;
  only.classification_only = true;
  const auto found = of_kind(issues_of(many_numeric_labels(30), classification(), only), "many_classes");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_TRUE(found[0].fatal);
  expect_parts(found[0].message, {"only classifies"});
}

TEST(Preflight, FewOrTextClassesAreNotMany) {
  // The limit is max(10, n / 10): 10 classes in 200 rows are not many (limit 20), 11 in 33 are (limit 10).
  std::string ten = "x,y\n";
  for (int i = 0; i < 200; ++i) ten += std::to_string(i % 7) + "," + std::to_string(i % 10) + "\n";
  EXPECT_TRUE(of_kind(issues_of(ten, classification()), "many_classes").empty());
  std::string eleven = "x,y\n";
  for (int i = 0; i < 33; ++i) eleven += std::to_string(i % 7) + "," + std::to_string(i % 11) + "\n";
  EXPECT_EQ(of_kind(issues_of(eleven, classification()), "many_classes").size(), 1u);
  // Text labels are classes whatever their number.
  std::string words = "x,y\n";
  for (int i = 0; i < 30; ++i) words += std::to_string(i % 5) + ",w" + std::to_string(i) + "\n";
  EXPECT_TRUE(of_kind(issues_of(words), "many_classes").empty());
}

// ---- tiny_class ------------------------------------------------------------------------------------------------

TEST(Preflight, TinyClass) {
  const std::string text = "x,y\n1,a\n2,a\n3,a\n4,a\n5,a\n6,b\n7,b\n8,b\n9,b\n10,b\n11,c\n12,c\n";
  const auto found = of_kind(issues_of(text), "tiny_class");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].column, "y");
  expect_parts(found[0].message, {"class 'c' of target 'y' has 2 rows (fewer than 5)"});
  PreflightOptions two;
  two.min_class_rows = 2;
  EXPECT_TRUE(of_kind(issues_of(text, CsvOptions{}, two), "tiny_class").empty());
}

TEST(Preflight, NoTinyClass) {
  const std::string text = "x,y\n1,a\n2,a\n3,a\n4,a\n5,a\n6,b\n7,b\n8,b\n9,b\n10,b\n";
  EXPECT_TRUE(of_kind(issues_of(text), "tiny_class").empty());
  EXPECT_TRUE(of_kind(issues_of("x,y\n1,0.5\n2,0.7\n", regression()), "tiny_class").empty());
}

// ---- mostly_missing --------------------------------------------------------------------------------------------

TEST(Preflight, MostlyMissingColumn) {
  CsvOptions o;
  o.impute = Impute::mean;
  const std::string text = "a,b,y\n1,NA,0\n2,,1\n3,5,0\n4,?,1\n5,6,0\n";
  const auto found = of_kind(issues_of(text, o), "mostly_missing");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].column, "b");
  expect_parts(found[0].message, {"column 'b' is missing in 3 of 5 rows (60%)", "--drop b"});
  // A categorical column: once, under its own name.
  const std::string cat = "a,site,y\n1,NA,0\n2,A,1\n3,NA,0\n4,B,1\n5,NA,0\n6,C,1\n7,NA,0\n";
  const auto in_cat = of_kind(issues_of(cat, o), "mostly_missing");
  ASSERT_EQ(in_cat.size(), 1u);
  EXPECT_EQ(in_cat[0].column, "site");
}

TEST(Preflight, HalfMissingIsNotMostlyMissing) {
  CsvOptions o;
  o.impute = Impute::median;
  EXPECT_TRUE(of_kind(issues_of("a,b,y\n1,NA,0\n2,,1\n3,5,0\n4,7,1\n", o), "mostly_missing").empty());
}

// ---- duplicate_column ------------------------------------------------------------------------------------------

TEST(Preflight, DuplicateColumnsNameBoth) {
  const std::string text = "a,b,c,y\n1,5,1,0\n2,6,2,1\n3,7,3,0\n-0,8,0,1\n";
  const auto found = of_kind(issues_of(text), "duplicate_column");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].column, "c");
  expect_parts(found[0].message, {"columns 'a' and 'c' are identical", "--drop c"});
}

TEST(Preflight, NoDuplicateColumns) {
  // Differs in one row; and two constant columns are reported as constant, not as duplicates.
  const std::string text = "a,b,c,k1,k2,y\n1,5,1,4,4,0\n2,6,2,4,4,1\n3,7,3,4,4,0\n4,8,5,4,4,1\n";
  const auto issues = issues_of(text);
  EXPECT_TRUE(of_kind(issues, "duplicate_column").empty()) << all_messages(issues);
  EXPECT_EQ(of_kind(issues, "constant").size(), 2u);
  // Equal after imputation (the mean of b fills row 2 with 2), but not as read.
  CsvOptions mean;
  mean.impute = Impute::mean;
  const auto imputed = issues_of("a,b,y\n1,1,0\n2,NA,1\n3,3,0\n2,2,1\n", mean);
  EXPECT_TRUE(of_kind(imputed, "duplicate_column").empty()) << all_messages(imputed);
}

// ---- constant --------------------------------------------------------------------------------------------------

TEST(Preflight, ConstantColumn) {
  const auto found = of_kind(issues_of("a,k,y\n1,3,0\n2,3,1\n3,3,0\n"), "constant");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].column, "k");
  expect_parts(found[0].message, {"column 'k' has the same value in every row", "--drop k"});
  EXPECT_TRUE(of_kind(issues_of("a,k,y\n1,3,0\n2,3,1\n3,4,0\n"), "constant").empty());
}

// ---- chance_floor -----------------------------------------------------------------------------------------------

Dataset wide(std::size_t n, std::size_t d, std::size_t planted, int classes, std::uint64_t seed) {
  return featrel_test::wide_table(n, d, planted, classes, seed);
}

// For d independent columns the largest |r| stays below c with probability (1 − p(c))^d, p(c) the two-sided
// p-value of r = c on n rows; the floor is the c where that is 0.95 (a median of the maxima would be 0.39 here).
TEST(Preflight, ChanceFloorIsTheFamilyWiseChanceLevelOfTheBestColumn) {
  const std::size_t n = 60, d = 300;
  const double p = 1.0 - std::pow(0.95, 1.0 / static_cast<double>(d));
  const double t = stats::student_t_quantile(static_cast<double>(n - 2), 1.0 - p / 2.0);
  const double expected = t / std::sqrt(static_cast<double>(n - 2) + t * t);  // 0.46
  for (const std::uint64_t seed : {1u, 2u, 3u}) {
    const Dataset data = wide(n, d, 3, 0, seed);
    const auto f = detail::chance_floor(data, 400, seed);
    EXPECT_EQ(f.columns, d);
    EXPECT_NEAR(f.floor, expected, 0.03) << seed;
    EXPECT_GE(f.above, 3u) << seed;  // the planted columns (|r| ≈ 1), and at most a chance one or two
    EXPECT_LE(f.above, 5u) << seed;
    EXPECT_GT(f.largest, 0.99);
    ASSERT_EQ(f.above_features.size(), f.above) << seed;
    EXPECT_TRUE(std::is_sorted(f.above_features.begin(), f.above_features.end()));
    EXPECT_EQ(std::vector<std::size_t>(f.above_features.begin(), f.above_features.begin() + 3),
              (std::vector<std::size_t>{0, 1, 2}))
        << seed;
    // The permutations come from the seed alone.
    const auto again = detail::chance_floor(data, 400, seed);
    EXPECT_EQ(again.floor, f.floor);
  }
}

TEST(Preflight, ChanceFloorUsesTheCorrelationRatioForClasses) {
  for (const int classes : {2, 3}) {
    const Dataset data = wide(60, 300, 2, classes, 7);
    const auto f = detail::chance_floor(data, 200, 7);
    // η of a column that is the class code plus little noise is close to 1; the chance level is far below it.
    EXPECT_GT(f.largest, 0.99) << classes;
    EXPECT_GT(f.floor, 0.3) << classes;
    EXPECT_LT(f.floor, 0.65) << classes;
    EXPECT_GE(f.above, 2u) << classes;
  }
  // Two classes: η is |Pearson r| with the class code, so it equals the regression statistic on the 0/1 target.
  const Dataset cls = wide(60, 300, 0, 2, 9);
  CsvOptions o;
  o.task = TaskRequest::regression;
  std::vector<std::string> names(cls.feature_names.begin(), cls.feature_names.end());
  Eigen::VectorXd codes(cls.X.rows());
  for (Eigen::Index i = 0; i < codes.size(); ++i) codes[i] = cls.labels[static_cast<std::size_t>(i)];
  const Dataset reg = make_dataset(cls.X, names, codes, o);
  EXPECT_NEAR(detail::chance_floor(cls, 50, 4).floor, detail::chance_floor(reg, 50, 4).floor, 1e-12);
  EXPECT_NEAR(detail::chance_floor(cls, 50, 4).largest, detail::chance_floor(reg, 50, 4).largest, 1e-12);
}

TEST(Preflight, ChanceFloorOnlyForWideTables) {
  const auto found = of_kind(preflight(wide(60, 300, 3, 0, 1)), "chance_floor");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].column, "target");
  expect_parts(found[0].message, {"wide data: 300 columns on 60 rows", "95th percentile over 100 permutations",
                                  "confirm it on more rows"});
  bool has_floor = false;
  for (const auto& [name, value] : found[0].numbers)
    if (name == "floor") has_floor = value > 0.3 && value < 0.6;
  EXPECT_TRUE(has_floor);
  EXPECT_TRUE(of_kind(preflight(wide(60, 50, 3, 0, 1)), "chance_floor").empty());  // narrow
  PreflightOptions off;
  off.chance_permutations = 0;
  EXPECT_TRUE(of_kind(preflight(wide(60, 300, 3, 0, 1), off), "chance_floor").empty());
}

// ---- shared ----------------------------------------------------------------------------------------------------

TEST(Preflight, RemedyQuotesNamesForTheShell) {
  const auto found = of_kind(issues_of("a,patient's id,y\n1,3,0\n2,3,1\n3,3,0\n"), "constant");
  ASSERT_EQ(found.size(), 1u);
  expect_parts(found[0].message, {"--drop 'patient'\\''s id'"});
}

TEST(Preflight, IssuesComeInAFixedOrder) {
  CsvOptions o;
  o.impute = Impute::mean;
  const std::string text = "k,a,a2,b,y\n3,1,1,NA,p\n3,2,2,NA,p\n3,3,3,1,q\n3,4,4,NA,q\n3,5,5,2,r\n";
  std::vector<std::string> kinds;
  for (const auto& issue : issues_of(text, o)) kinds.push_back(issue.kind);
  EXPECT_EQ(kinds, (std::vector<std::string>{"tiny_class", "tiny_class", "tiny_class", "mostly_missing",
                                             "duplicate_column", "constant"}));
}

}  // namespace
}  // namespace featrel
