// docs/crfe.md#real-data-cases: deterministic cases on the project's real data (no random numbers; exact rankings). Parity split:
// rows with an even 0-based index train, odd rows select (β); training mean and population sd; λ = 0.5, C = 1.
#include <gtest/gtest.h>

#include "crfe_test_data.hpp"

namespace {

using namespace featrel::crfe;
using crfe_test::parse_list;

featrel::Dataset load(const std::string& file, const std::string& target) {
  featrel::CsvOptions co;
  co.target = target;
  co.task = featrel::TaskRequest::classification;
  return featrel::read_csv(std::string(FEATREL_DATA_DIR) + "/" + file, co);
}

Options parity(const featrel::Dataset& data) {
  Options o;
  o.roles.resize(data.n_samples());
  for (std::size_t i = 0; i < data.n_samples(); ++i) o.roles[i] = i % 2 == 0 ? Role::train : Role::selection;
  return o;
}

TEST(CrfeRealData, Wine) {
  const featrel::Dataset data = load("wine.csv", "cultivar");
  Options o = parity(data);
  const Result r = run(data, o, crfe_test::context(0, 2));
  EXPECT_EQ(r.ranking, parse_list("9 12 6 0 10 11 3 2 8 7 4 5 1"));
  EXPECT_FALSE(r.evaluation.has_value());  // no test rows
  // Paper mode never fires; reference mode fires at t = 5 and keeps 8.
  EXPECT_FALSE(r.runs[0].stop.fired);
  EXPECT_EQ(r.runs[0].stop.reason, "beta_rule_not_fired");
  o.stop_mode = StopMode::reference;
  const Result ref = run(data, o, crfe_test::context(0));
  EXPECT_EQ(ref.ranking, r.ranking);
  EXPECT_TRUE(ref.runs[0].stop.fired);
  EXPECT_EQ(ref.runs[0].stop.step, 5u);
  EXPECT_EQ(ref.selected.size(), 8u);

  const Result rfe = featrel::rfe::run(data, parity(data), crfe_test::context(0));
  EXPECT_EQ(rfe.ranking, parse_list("9 12 6 0 10 11 2 3 1 7 4 8 5"));
  // The same rankings with liblinear (warm-started).
  o = parity(data);
  o.svm_solver = featrel::SvmSolver::liblinear;
  EXPECT_EQ(run(data, o, crfe_test::context(0)).ranking, r.ranking);
}

TEST(CrfeRealData, BreastCancerBinary) {
  const featrel::Dataset data = load("breast_cancer_wisconsin_diagnostic.csv", "malignant");
  ASSERT_EQ(data.task, featrel::Task::binary);
  Options o = parity(data);
  const Result r = run(data, o, crfe_test::context(0));
  EXPECT_EQ(r.ranking, parse_list("23 27 20 12 21 3 28 22 13 0 10 26 8 11 2 7 6 18 14 24 4 1 16 25 9 29 5 15 19 17"));
  // β rule: paper mode fires at t = 28 (→ 1 feature); reference mode at t = 7 (→ 23).
  EXPECT_TRUE(r.runs[0].stop.fired);
  EXPECT_EQ(r.runs[0].stop.step, 28u);
  EXPECT_EQ(r.selected.size(), 1u);
  o.stop_mode = StopMode::reference;
  const Result ref = run(data, o, crfe_test::context(0));
  EXPECT_EQ(ref.runs[0].stop.step, 7u);
  EXPECT_EQ(ref.selected.size(), 23u);

  const Result rfe = featrel::rfe::run(data, parity(data), crfe_test::context(0));
  EXPECT_EQ(rfe.ranking, parse_list("20 23 12 26 19 7 21 10 22 28 18 8 9 6 13 11 17 27 3 25 15 2 0 14 24 4 16 29 1 5"));
}

TEST(CrfeRealData, Dermatology) {
  const featrel::Dataset data = load("dermatology.csv", "34");
  ASSERT_EQ(data.n_classes(), 6u);
  const Result r = run(data, parity(data), crfe_test::context(0, 2));
  EXPECT_EQ(r.ranking,
            parse_list("19 21 26 14 24 4 30 11 28 20 8 13 27 25 23 7 1 5 6 29 3 9 12 22 32 15 31 33 17 10 18 2 16 0"));
}

}  // namespace
