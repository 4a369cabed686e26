// Target encoding and task resolution (docs/architecture.md#label-encoding-and-the-positive-class), through make_dataset and read_csv_text.
#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>
#include <string>

#include "featrel/dataset.hpp"
#include "featrel/error.hpp"

namespace featrel {
namespace {

// A one-feature data set with the given target values, from memory.
Dataset with_target(const std::vector<std::string>& target, const CsvOptions& options) {
  Eigen::MatrixXd X(static_cast<Eigen::Index>(target.size()), 1);
  for (Eigen::Index i = 0; i < X.rows(); ++i) X(i, 0) = static_cast<double>(i * i);
  return make_dataset(X, {"x"}, target, options);
}

CsvOptions supporting(std::initializer_list<Task> tasks, TaskRequest request = TaskRequest::automatic) {
  CsvOptions o;
  o.supported = tasks;
  o.task = request;
  return o;
}

std::string error_of(const std::vector<std::string>& target, const CsvOptions& options) {
  try {
    with_target(target, options);
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an InputError";
  return "";
}

#define EXPECT_CONTAINS(text, part) EXPECT_NE((text).find(part), std::string::npos) << (text)

TEST(LabelEncoding, NumericLabelsSortNumericallyNotByBytes) {
  const Dataset d = with_target({"10", "9", "2", "9", "10"}, supporting({Task::binary, Task::multiclass}));
  EXPECT_EQ(d.task, Task::multiclass);
  EXPECT_EQ(d.classes, (std::vector<std::string>{"2", "9", "10"}));
  EXPECT_EQ(d.labels, (std::vector<int>{2, 1, 0, 1, 2}));
  EXPECT_EQ(d.y[0], 2.0);
  EXPECT_EQ(d.class_counts(), (std::vector<std::size_t>{1, 2, 2}));
}

TEST(LabelEncoding, EqualNumbersAreOneClassWrittenAsFirstSeen) {
  const Dataset d = with_target({"1.0", "2", "1", "2.00", "-1e0"}, supporting({Task::binary, Task::multiclass}));
  EXPECT_EQ(d.classes, (std::vector<std::string>{"-1e0", "1.0", "2"}));
  EXPECT_EQ(d.labels, (std::vector<int>{1, 2, 1, 2, 0}));
}

TEST(LabelEncoding, TextLabelsSortByBytes) {
  const Dataset d = with_target({"b", "B", "a", "b", "10", "9"}, CsvOptions{});
  EXPECT_EQ(d.task, Task::multiclass);  // any non-numeric value: multiclass
  EXPECT_EQ(d.classes, (std::vector<std::string>{"10", "9", "B", "a", "b"}));
  EXPECT_EQ(d.labels, (std::vector<int>{4, 2, 3, 4, 0, 1}));
}

TEST(LabelEncoding, BinaryTextTargetWarnsAboutImplicitPositive) {
  const Dataset d = with_target({"neg", "pos", "pos", "neg"}, CsvOptions{});
  EXPECT_EQ(d.task, Task::binary);
  EXPECT_EQ(d.classes, (std::vector<std::string>{"neg", "pos"}));
  EXPECT_EQ(d.labels, (std::vector<int>{0, 1, 1, 0}));
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_EQ(d.warnings[0].rfind("positive label chosen implicitly: 'pos'", 0), 0u) << d.warnings[0];
}

TEST(LabelEncoding, PositiveLabelBecomesCodeOne) {
  CsvOptions o;
  o.positive = "neg";
  const Dataset d = with_target({"neg", "pos", "pos", "neg"}, o);
  EXPECT_EQ(d.classes, (std::vector<std::string>{"pos", "neg"}));
  EXPECT_EQ(d.labels, (std::vector<int>{1, 0, 0, 1}));
  EXPECT_EQ(d.y[0], 1.0);
  EXPECT_TRUE(d.warnings.empty());

  CsvOptions keep;
  keep.positive = "pos";  // already code 1: unchanged
  EXPECT_EQ(with_target({"neg", "pos"}, keep).labels, (std::vector<int>{0, 1}));
}

TEST(LabelEncoding, NumericPositiveMatchesByValue) {
  CsvOptions o;
  o.positive = "0";
  const Dataset d = with_target({"1.0", "0.0", "1.0"}, o);
  EXPECT_EQ(d.classes, (std::vector<std::string>{"1.0", "0.0"}));
  EXPECT_EQ(d.labels, (std::vector<int>{0, 1, 0}));
}

TEST(LabelEncoding, PositiveErrors) {
  CsvOptions absent;
  absent.positive = "maybe";
  const std::string e1 = error_of({"neg", "pos"}, absent);
  EXPECT_CONTAINS(e1, "--positive 'maybe' is not a label of target 'target'");
  EXPECT_CONTAINS(e1, "'neg', 'pos'");

  CsvOptions multi = supporting({Task::binary, Task::multiclass});
  multi.positive = "a";
  EXPECT_CONTAINS(error_of({"a", "b", "c"}, multi), "--positive applies to a binary target");
}

TEST(LabelEncoding, AutomaticNumericWithThreeValuesAsksForTask) {
  const std::string all = error_of({"1", "2", "3", "1"}, CsvOptions{});
  EXPECT_CONTAINS(all, "target 'target' has 3 distinct numeric values");
  EXPECT_CONTAINS(all, "--task multiclass, --task regression or --task ordinal");

  const std::string fri_like = error_of({"1", "2", "3"}, supporting({Task::binary, Task::regression, Task::ordinal}));
  EXPECT_CONTAINS(fri_like, "--task regression or --task ordinal");

  // A class-only method takes it as multiclass.
  EXPECT_EQ(with_target({"1", "2", "3"}, supporting({Task::binary, Task::multiclass})).task, Task::multiclass);
}

TEST(LabelEncoding, ClassificationRequestPicksBinaryOrMulticlass) {
  EXPECT_EQ(with_target({"1", "2", "1"}, supporting({}, TaskRequest::classification)).task, Task::binary);
  EXPECT_EQ(with_target({"1", "2", "3"}, supporting({}, TaskRequest::classification)).task, Task::multiclass);
}

TEST(LabelEncoding, ExplicitClassTasksCheckTheCount) {
  EXPECT_CONTAINS(error_of({"a", "b", "c"}, supporting({}, TaskRequest::binary)),
                  "--task binary needs a target with 2 classes; 'target' has 3");
  EXPECT_CONTAINS(error_of({"a", "b"}, supporting({}, TaskRequest::multiclass)),
                  "--task multiclass needs at least 3 classes");
}

TEST(LabelEncoding, RegressionKeepsValues) {
  const Dataset d = with_target({"1.5", "-2", "1e3"}, supporting({}, TaskRequest::regression));
  EXPECT_EQ(d.task, Task::regression);
  EXPECT_TRUE(d.labels.empty());
  EXPECT_TRUE(d.classes.empty());
  ASSERT_EQ(d.y.size(), 3);
  EXPECT_EQ(d.y[0], 1.5);
  EXPECT_EQ(d.y[1], -2.0);
  EXPECT_EQ(d.y[2], 1000.0);
  EXPECT_EQ(d.n_classes(), 0u);
}

TEST(LabelEncoding, RegressionNeedsNumbersAndNamesTheRow) {
  const std::string e = error_of({"1", "2", "x", "3"}, supporting({}, TaskRequest::regression));
  EXPECT_CONTAINS(e, "<memory>, row 3");
  EXPECT_CONTAINS(e, "value 'x' is not numeric; a regression target must be numeric");
}

TEST(LabelEncoding, OrdinalRanksLevelsAndWarnsAboutGaps) {
  const Dataset gaps = with_target({"4", "1", "2", "4", "1"}, supporting({}, TaskRequest::ordinal));
  EXPECT_EQ(gaps.task, Task::ordinal);
  EXPECT_EQ(gaps.classes, (std::vector<std::string>{"1", "2", "4"}));
  EXPECT_EQ(gaps.labels, (std::vector<int>{2, 0, 1, 2, 0}));
  ASSERT_EQ(gaps.warnings.size(), 1u);
  EXPECT_EQ(gaps.warnings[0],
            "ordinal target 'target': the levels '1', '2', '4' are not consecutive integers; they are ranked 0..2 "
            "in numeric order");

  const Dataset plain = with_target({"3", "1", "2"}, supporting({}, TaskRequest::ordinal));
  EXPECT_EQ(plain.labels, (std::vector<int>{2, 0, 1}));
  EXPECT_TRUE(plain.warnings.empty());

  EXPECT_CONTAINS(error_of({"low", "high", "low"}, supporting({}, TaskRequest::ordinal)),
                  "an ordinal target must be numeric");
}

TEST(LabelEncoding, UnsupportedTaskNamesTheSupportedOnes) {
  const std::string e = error_of({"1", "2", "3"}, supporting({Task::binary, Task::multiclass}, TaskRequest::regression));
  EXPECT_CONTAINS(e, "supports only binary and multiclass targets");
  // Resolved under auto: a text target with 3 classes for a binary-only method.
  CsvOptions binary_only = supporting({Task::binary});
  binary_only.command = "fri";
  EXPECT_CONTAINS(error_of({"a", "b", "c"}, binary_only),
                  "target 'target' is a multiclass target, but fri supports only binary targets");
}

TEST(LabelEncoding, MissingTargetIsAnErrorEvenWithImpute) {
  CsvOptions o;
  o.impute = Impute::mean;
  try {
    read_csv_text("x,y\n1,a\n2,NA\n3,b\n", o, "t.csv");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_CONTAINS(std::string(e.what()), "t.csv, row 2 (line 3), target 'y': the value is missing");
  }
}

TEST(LabelEncoding, MakeDatasetAppliesDropImputeAndNames) {
  Eigen::MatrixXd X(4, 3);
  X << 1, 10, 0, 2, NAN, 0, 3, 30, 0, 4, 20, 0;
  CsvOptions o;
  o.drop = {"id"};
  o.impute = Impute::median;
  o.target = "outcome";
  const Dataset d = make_dataset(X, {"a", "b", "id"}, {"u", "v", "u", "v"}, o);
  EXPECT_EQ(d.source, "<memory>");
  EXPECT_EQ(d.target_name, "outcome");
  EXPECT_EQ(d.feature_names, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(d.X(1, 1), 20.0);  // median of 10, 30, 20
  EXPECT_EQ(d.labels, (std::vector<int>{0, 1, 0, 1}));
}

TEST(LabelEncoding, MakeDatasetErrors) {
  Eigen::MatrixXd X(3, 2);
  X << 1, 2, 3, 4, 5, 6;
  auto err = [&](const Eigen::MatrixXd& M, const std::vector<std::string>& names,
                 const std::vector<std::string>& target) -> std::string {
    try {
      make_dataset(M, names, target, CsvOptions{});
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_CONTAINS(err(X, {"a"}, {"0", "1", "0"}), "X has 2 columns but 1 feature names");
  EXPECT_CONTAINS(err(X, {"a", "b"}, {"0", "1"}), "X has 3 rows but the target has 2 values");
  EXPECT_CONTAINS(err(X, {"a", "a"}, {"0", "1", "0"}), "feature name 'a' appears twice");
  Eigen::MatrixXd inf = X;
  inf(2, 1) = INFINITY;
  EXPECT_CONTAINS(err(inf, {"a", "b"}, {"0", "1", "0"}), "<memory>, row 3, column 'b': value is not finite");
  Eigen::MatrixXd missing = X;
  missing(1, 0) = NAN;
  EXPECT_CONTAINS(err(missing, {"a", "b"}, {"0", "1", "0"}), "<memory>, row 2, column 'a': missing value");
}

}  // namespace
}  // namespace featrel
