// [statistical] The paper's data sets with the default classifiers and measures, seeds 0–9 (docs/pareto.md#statistical-cases
// S2, S3). To keep the suite at a few seconds the runs use k = 30 permutations instead of 100 (with k = 100 the
// CLI gives: Pima glucose on the front 10/10, fronts of 1–7 features; WDBC worst area 10/10, worst concave
// points 9/10, front sizes 13–23, median Jaccard with the paper's front 0.58; k = 30 gives the same memberships).
// Memberships and overlaps are asserted, never whole fronts; the counts are those measured.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "featrel/pareto.hpp"

using namespace featrel;
using namespace featrel::pareto;

namespace {

// Sanitizer builds (CI runs every test under ASan+UBSan at -O1, many times slower) use seeds 0-2 so that each test
// stays short; the counts below scale with the seeds (9 of 10 becomes 2 of 3).
#if defined(__SANITIZE_ADDRESS__)
constexpr int seeds = 3;
#else
constexpr int seeds = 10;
#endif
// At least this share of the seeds, rounded down (0.9 -> 9 of 10, 2 of 3).
int at_least(double share) { return static_cast<int>(share * seeds + 1e-9); }

Dataset load(const std::string& file, const std::string& target, const std::string& positive) {
  CsvOptions o;
  o.target = target;
  o.positive = positive;
  return read_csv(std::string(FEATREL_DATA_DIR) + "/" + file, o);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// The default pipeline with k = 30 for seeds 0..seeds-1, 2 threads.
std::vector<Result> runs(const Dataset& data) {
  Options o;
  o.permutations = 30;
  std::vector<Result> out;
  for (int s = 0; s < seeds; ++s) {
    RunContext ctx;
    ctx.seed = std::uint64_t(s);
    ctx.threads = 2;
    out.push_back(run(data, o, ctx));
  }
  return out;
}

// Test-set accuracy of every classifier of every run, by classifier key.
std::map<std::string, std::vector<double>> accuracies(const std::vector<Result>& rs) {
  std::map<std::string, std::vector<double>> out;
  for (const Result& r : rs)
    for (const auto& c : r.classifiers)
      for (const auto& [k, v] : c.baseline)
        if (k == "accuracy") out[c.key].push_back(v);
  return out;
}

}  // namespace

TEST(ParetoStatistical, PimaGlucoseOnTheFront) {
  const Dataset data = load("pima_indians_diabetes.csv", "diabetes", "pos");
  const std::size_t glucose = data.feature_index("glucose");
  int with_glucose = 0;
  std::vector<double> sizes;
  const auto rs = runs(data);
  for (const Result& r : rs) {
    with_glucose += std::count(r.front.begin(), r.front.end(), glucose) > 0;
    sizes.push_back(double(r.front.size()));
  }
  EXPECT_GE(with_glucose, at_least(0.9));
  EXPECT_LE(median(sizes), 5.0);
  auto acc = accuracies(rs);
  EXPECT_GE(median(acc["rf"]), 0.72);
  EXPECT_GE(median(acc["nb"]), 0.72);
  EXPECT_GE(median(acc["svm"]), 0.72);
  // The MLP (raw inputs) must do better than always predicting the majority class (125 of the 192 stratified
  // test rows, 0.651), predicting both classes. Measured with k = 30: median 0.690 over seeds 0-9 (0.693 over
  // 0-2); every run predicts both classes, and all but seeds 3 and 4 (1 positive each) give each class at least
  // 10 % of the test rows. The margin 0.025 is twice the standard error of a median of 10 accuracies
  // (1.25·sd/√10 with the binomial sd √(0.69·0.31/192) = 0.033 of one accuracy: 0.013).
  double majority = 0;
  int balanced = 0;
  for (const Result& r : rs)
    for (const auto& c : r.classifiers)
      if (c.key == "mlp") {
        const metrics::Confusion& m = c.confusion;
        const double n = double(m.tp + m.fn + m.fp + m.tn);
        majority = std::max(double(m.tp + m.fn), double(m.fp + m.tn)) / n;
        EXPECT_FALSE(c.degenerate) << "seed " << r.seed;
        EXPECT_GT(m.tp + m.fp, 0) << "seed " << r.seed;
        EXPECT_GT(m.tn + m.fn, 0) << "seed " << r.seed;
        balanced += std::min(m.tp + m.fp, m.tn + m.fn) >= 0.1 * n;
      }
  EXPECT_NEAR(majority, 125.0 / 192.0, 1e-12);
  EXPECT_GE(median(acc["mlp"]), majority + 0.025);
  EXPECT_GE(balanced, at_least(0.8));
}

TEST(ParetoStatistical, WdbcWorstAreaAndWorstConcavePoints) {
  const Dataset data = load("breast_cancer_wisconsin_diagnostic.csv", "malignant", "");
  const std::set<std::size_t> paper{0, 1, 2, 3, 6, 13, 20, 21, 22, 23, 25, 26, 27};
  int with_23 = 0, with_27 = 0;
  std::vector<double> sizes, jaccard;
  const auto rs = runs(data);
  for (const Result& r : rs) {
    const std::set<std::size_t> front(r.front.begin(), r.front.end());
    with_23 += front.count(23) > 0;
    with_27 += front.count(27) > 0;
    std::size_t inter = 0;
    for (std::size_t f : front) inter += paper.count(f);
    jaccard.push_back(double(inter) / double(front.size() + paper.size() - inter));
    sizes.push_back(double(front.size()));
  }
  EXPECT_EQ(data.feature_names[23], "worst area");
  EXPECT_EQ(data.feature_names[27], "worst concave points");
  // Measured with k = 30 over seeds 0-9: worst area on every front, worst concave points on 9 (all but seed 3).
  EXPECT_GE(with_23, at_least(1.0));
  EXPECT_GE(with_27, at_least(0.9));
  EXPECT_GE(median(jaccard), 0.4);
  EXPECT_GE(median(sizes), 7.0);
  EXPECT_LE(median(sizes), 22.0);
  auto acc = accuracies(rs);
  EXPECT_GE(median(acc["rf"]), 0.93);
  EXPECT_GE(median(acc["nb"]), 0.90);
  EXPECT_GE(median(acc["svm"]), 0.88);
  RecordProperty("wdbc_front_sizes", ::testing::PrintToString(sizes));
}
