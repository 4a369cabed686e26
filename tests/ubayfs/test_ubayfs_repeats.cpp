// The whole UBayFS pipeline on the breast cancer data: docs/ubayfs.md#ensemble-count-targets's end-to-end optimum and the paper's Table 3(a)
// protocol with --repeats (stability of the optima and the F1 of a logistic regression on them).
#include <gtest/gtest.h>

#include <map>

#include "featrel/result_json.hpp"
#include "ubayfs_cases.hpp"

namespace featrel::ubayfs {
namespace {

TEST(UbayfsRun, MrmrEnsembleThenOptimumOnBcw) {
  Options o;
  o.n_features_to_select = 10;
  o.constraints = {cases::max_size(10, 1.0)};
  int hits = 0;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    RunContext ctx;
    ctx.seed = seed;
    ctx.threads = 2;
    const Result r = run(cases::bcw(), o, ctx);
    EXPECT_DOUBLE_EQ(r.ensemble.total_selections, 1000.0);  // Σy = M·n
    ASSERT_FALSE(r.optima.empty());
    hits += r.optima[0].features == std::vector<std::size_t>{2, 6, 7, 13, 20, 21, 22, 23, 26, 27};
  }
  EXPECT_GE(hits, 4);  // the reference: 100 of 100 seeds
}

TEST(UbayfsRun, Table3BcwRepeatsStabilityAndF1) {
  CsvOptions csv;
  csv.target = "malignant";
  csv.positive = "0";  // benign, the paper's positive class
  const Dataset data = read_csv(std::string(FEATREL_DATA_DIR) + "/breast_cancer_wisconsin_diagnostic.csv", csv);
  Options o;
  o.n_features_to_select = 3;
  o.constraints = {cases::max_size(3, 1.0)};
  o.repeats = 10;
  RunContext ctx;
  ctx.seed = 11;
  ctx.threads = 2;
  const Result r = run(data, o, ctx);
  ASSERT_TRUE(r.stability.has_value());
  const auto& s = *r.stability;
  EXPECT_EQ(s.runs, 10u);
  EXPECT_GE(s.mean_f1, 0.93);
  EXPECT_GE(s.indices.nogueira.value, 0.80);
  std::map<std::vector<std::size_t>, int> freq;
  for (const auto& run : s.per_run) freq[run.optima.front()] += 1;
  const auto modal = std::max_element(freq.begin(), freq.end(), [](auto& a, auto& b) { return a.second < b.second; });
  EXPECT_EQ(modal->first, (std::vector<std::size_t>{13, 22, 27}));
  const auto j = r.to_json();
  EXPECT_EQ(j["runs"].size(), 10u);
  EXPECT_TRUE(j["stability"]["nogueira"]["value"].is_number());

  // Same result for another thread count.
  RunContext one = ctx;
  one.threads = 1;
  o.repeats = 2;
  const auto a = report::json_text(report::strip_timing(run(data, o, ctx).to_json()));
  const auto b = report::json_text(report::strip_timing(run(data, o, one).to_json()));
  EXPECT_EQ(a, b);
}

}  // namespace
}  // namespace featrel::ubayfs
