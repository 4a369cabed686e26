// The UBayFS ensemble stage (docs/ubayfs.md#ensemble-stage): sub-sample sizes per rule, identical results for 1 and N
// threads (with "auto" n, pooled selectors and a serial user selector), the failure rule ⌈R/K⌉ < ⌈M/2⌉,
// duplicate and out-of-range picks dropped, the n_features_to_select cap, constant columns, bad input, and the
// warning when auto k with mRMR is slow at the data's width.
#include <gtest/gtest.h>

#include <atomic>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "ensemble_test_data.hpp"
#include "featrel/error.hpp"
#include "featrel/rng.hpp"
#include "featrel/ubayfs_ensemble.hpp"

namespace {

using namespace featrel;
using ensemble_test::bcw;
using ensemble_test::diabetes;
using ensemble_test::iris;
using ensemble_test::wine;

ubayfs::Ensemble run(const Dataset& d, const std::vector<ubayfs::Selector>& sel, const ubayfs::EnsembleOptions& o,
                     std::uint64_t seed = 1, unsigned threads = 2) {
  RunContext ctx;
  ctx.threads = threads;
  return ubayfs::run_ensemble(d, sel, o, seed, ctx);
}

std::size_t count_label(const Dataset& d, const std::vector<std::size_t>& rows, int code) {
  std::size_t n = 0;
  for (std::size_t r : rows) n += d.labels[r] == code ? 1 : 0;
  return n;
}

TEST(EnsembleSubsample, PerClassFloorAndReferenceRule) {
  const std::uint64_t s = rng::derive(1, "split", 0);
  // bcw: ⌊0.75·212⌋ = 159 malignant and ⌊0.75·357⌋ = 267 benign, in both modes (binary).
  for (bool compat : {false, true}) {
    const auto rows = ubayfs::ensemble_subsample(bcw(), 0.75, compat, s);
    EXPECT_EQ(rows.size(), 426u);
    EXPECT_EQ(count_label(bcw(), rows, 1), 159u);
    EXPECT_TRUE(std::is_sorted(rows.begin(), rows.end()));
  }
  // iris: 37 per class stratified; the reference draws ⌊0.75·150⌋ = 112 rows at random.
  const auto strat = ubayfs::ensemble_subsample(iris(), 0.75, false, s);
  EXPECT_EQ(strat.size(), 111u);
  for (int c = 0; c < 3; ++c) EXPECT_EQ(count_label(iris(), strat, c), 37u);
  EXPECT_EQ(ubayfs::ensemble_subsample(iris(), 0.75, true, s).size(), 112u);
  // A tiny share still takes one row of each class.
  const auto tiny = ubayfs::ensemble_subsample(iris(), 0.01, false, s);
  EXPECT_EQ(tiny.size(), 3u);
  // Regression: ⌊0.75·442⌋ rows.
  EXPECT_EQ(ubayfs::ensemble_subsample(diabetes(), 0.75, false, s).size(), 331u);
}

TEST(Ensemble, FixedNGivesRowsOfSizeNAndCountsAreColumnSums) {
  ubayfs::EnsembleOptions o;
  o.M = 12;
  o.n_features_to_select = 4;
  const auto sel = ubayfs::builtin_selectors({"mrmr", "fisher", "laplace"}, o);
  EXPECT_EQ(sel[2].name, "laplacian");
  const auto e = run(wine(), sel, o);
  ASSERT_EQ(e.n_models, 36u);
  ASSERT_EQ(e.rows.size(), 36u);
  std::vector<double> sums(13, 0.0);
  for (std::size_t r = 0; r < e.rows.size(); ++r) {
    EXPECT_EQ(std::accumulate(e.rows[r].begin(), e.rows[r].end(), 0), 4);
    EXPECT_EQ(e.row_split[r], r / 3);  // split-major, then selector
    EXPECT_EQ(e.row_selector[r], r % 3);
    for (std::size_t j = 0; j < 13; ++j) sums[j] += e.rows[r][j];
  }
  EXPECT_EQ(e.counts, sums);
  EXPECT_EQ(e.nr_features_per_split, std::vector<int>(12, 4));
  EXPECT_TRUE(e.failures.empty());
}

TEST(Ensemble, SameCountsForOneAndManyThreadsWithAutoNAndASerialSelector) {
  ubayfs::EnsembleOptions o;
  o.M = 12;  // n_features_to_select = auto
  auto sel = ubayfs::builtin_selectors({"mrmr", "fisher", "laplacian"}, o);
  // A non-thread-safe user selector: a counter it owns, called serially in split order, and its seed argument.
  auto calls = std::make_shared<std::vector<std::uint64_t>>();
  sel.push_back({"seeded", [calls](const Eigen::MatrixXd& Z, const selectors::Target&, int n,
                                   const std::vector<int>&, std::uint64_t seed) {
                   calls->push_back(seed);
                   rng::Rng r(seed);
                   std::vector<int> out;
                   for (std::size_t c : r.sample_without_replacement(static_cast<std::size_t>(Z.cols()),
                                                                     static_cast<std::size_t>(n)))
                     out.push_back(static_cast<int>(c));
                   return out;
                 },
                 false});
  const auto one = run(wine(), sel, o, 5, 1);
  const auto seeds_one = *calls;
  calls->clear();
  const auto many = run(wine(), sel, o, 5, 4);
  EXPECT_EQ(one.counts, many.counts);
  EXPECT_EQ(one.rows, many.rows);
  EXPECT_EQ(one.nr_features_per_split, many.nr_features_per_split);
  EXPECT_EQ(seeds_one, *calls);
  ASSERT_EQ(calls->size(), 12u);
  // "auto": n drawn per split from 1..13, shared by the split's selectors; Σ counts = 4·Σ n.
  std::set<int> distinct(one.nr_features_per_split.begin(), one.nr_features_per_split.end());
  EXPECT_GT(distinct.size(), 3u);
  for (int n : one.nr_features_per_split) EXPECT_TRUE(n >= 1 && n <= 13);
  const double total = std::accumulate(one.counts.begin(), one.counts.end(), 0.0);
  EXPECT_EQ(total, 4.0 * std::accumulate(one.nr_features_per_split.begin(), one.nr_features_per_split.end(), 0));
  // Another seed gives other splits.
  EXPECT_NE(run(wine(), sel, o, 6, 2).counts, one.counts);
}

ubayfs::Selector failing_after(std::string name, std::size_t ok_calls) {
  auto calls = std::make_shared<std::size_t>(0);
  return {std::move(name),
          [calls, ok_calls](const Eigen::MatrixXd&, const selectors::Target&, int n, const std::vector<int>&,
                            std::uint64_t) -> std::vector<int> {
            if ((*calls)++ >= ok_calls) throw std::runtime_error("boom");
            std::vector<int> out(static_cast<std::size_t>(n));
            std::iota(out.begin(), out.end(), 0);
            return out;
          },
          false};
}

TEST(Ensemble, FailureRuleOfTheReference) {
  ubayfs::EnsembleOptions o;
  o.M = 10;
  o.n_features_to_select = 3;
  // K = 1: 5 successful rows meet ⌈M/2⌉ = 5; the 5 failures are recorded in split order with a warning.
  const auto e = run(iris(), {failing_after("flaky", 5)}, o);
  EXPECT_EQ(e.n_models, 5u);
  ASSERT_EQ(e.failures.size(), 5u);
  EXPECT_EQ(e.failures[0].split, 5u);
  EXPECT_EQ(e.failures[4].split, 9u);
  EXPECT_EQ(e.failures[0].selector, "flaky");
  EXPECT_EQ(e.failures[0].message, "boom");
  EXPECT_EQ(e.counts[0], 5.0);
  EXPECT_FALSE(e.warnings.empty());
  // 4 successes: ⌈4/1⌉ < 5 fails the run, naming the count and the first error.
  try {
    run(iris(), {failing_after("flaky", 4)}, o);
    FAIL() << "expected InputError";
  } catch (const InputError& err) {
    const std::string msg = err.what();
    EXPECT_NE(msg.find("6 of 10"), std::string::npos) << msg;
    EXPECT_NE(msg.find("split 4, selector 'flaky': boom"), std::string::npos) << msg;
  }
  // K = 2, one selector always failing: R = 10, ⌈10/2⌉ = 5 still passes (the reference's lenient rule) ...
  const auto sel = ubayfs::builtin_selectors({"fisher"}, o);
  EXPECT_EQ(run(iris(), {sel[0], failing_after("never", 0)}, o).n_models, 10u);
  // ... but with two more failures R = 8 and ⌈8/2⌉ = 4 < 5.
  EXPECT_THROW(run(iris(), {failing_after("late", 8), failing_after("never", 0)}, o), InputError);
}

TEST(Ensemble, DuplicateAndOutOfRangePicksAreDroppedWithAWarning) {
  ubayfs::EnsembleOptions o;
  o.M = 4;
  o.n_features_to_select = 2;
  ubayfs::Selector messy{"messy", [](const Eigen::MatrixXd& Z, const selectors::Target&, int,
                                     const std::vector<int>&, std::uint64_t) {
                           return std::vector<int>{1, 1, -1, static_cast<int>(Z.cols()), 3};
                         }};
  const auto e = run(iris(), {messy}, o);
  ASSERT_EQ(e.n_models, 4u);
  for (const auto& row : e.rows) EXPECT_EQ(row, (std::vector<std::uint8_t>{0, 1, 0, 1}));
  ASSERT_EQ(e.warnings.size(), 1u);
  EXPECT_NE(e.warnings[0].find("4 duplicate indices and 8 out-of-range indices"), std::string::npos)
      << e.warnings[0];
}

TEST(Ensemble, ConstantColumnsAreSkippedAndTheCapWarnsOnce) {
  // iris plus a column that is constant everywhere and one that varies in a single row, so that many
  // sub-samples see it constant: n_features_to_select = 6 is capped to the columns that vary.
  const Dataset& base = iris();
  Eigen::MatrixXd X(base.X.rows(), 6);
  X.leftCols(4) = base.X;
  X.col(4).setConstant(2.5);
  X.col(5).setZero();
  X(60, 5) = 1.0;
  std::vector<std::string> names = base.feature_names;
  names.push_back("flat");
  names.push_back("rare");
  std::vector<std::string> target;
  for (int c : base.labels) target.push_back(base.classes[static_cast<std::size_t>(c)]);
  CsvOptions csv;
  csv.task = TaskRequest::multiclass;
  const Dataset d = make_dataset(X, names, target, csv);
  ubayfs::EnsembleOptions o;
  o.M = 20;
  o.n_features_to_select = 6;
  const auto e = run(d, ubayfs::builtin_selectors({"fisher"}, o), o);
  EXPECT_EQ(e.counts[4], 0.0);
  for (int j = 0; j < 4; ++j) EXPECT_EQ(e.counts[static_cast<std::size_t>(j)], 20.0);
  std::size_t capped_splits = 0;
  for (int n : e.nr_features_per_split) {
    EXPECT_TRUE(n == 4 || n == 5);
    capped_splits += n == 4 ? 1 : 0;
  }
  EXPECT_EQ(e.counts[5], static_cast<double>(20 - capped_splits));
  EXPECT_GT(capped_splits, 0u);
  std::size_t cap_warnings = 0;
  for (const auto& w : e.warnings) cap_warnings += w.find("capped") != std::string::npos ? 1 : 0;
  EXPECT_EQ(cap_warnings, 1u);
}

TEST(Ensemble, CompatReferenceMakesMrmrUseSomersD) {
  ubayfs::EnsembleOptions o;
  o.M = 8;
  o.n_features_to_select = 2;
  o.compat_reference = true;
  const auto sel = ubayfs::builtin_selectors({"mrmr"}, o);
  EXPECT_EQ(sel[0].name, "mrmr");
  const auto compat = run(iris(), sel, o);
  o.mrmr_relevance = selectors::ClassRelevance::somers;
  EXPECT_EQ(run(iris(), ubayfs::builtin_selectors({"mrmr"}, o), o).rows, compat.rows);
  // The same selections straight from the selector on each split's prepared rows.
  for (std::size_t m = 0; m < o.M; ++m) {
    const auto rows = ubayfs::ensemble_subsample(iris(), o.tt_split, true, rng::derive(1, "split", m));
    EXPECT_EQ(rows.size(), 112u);
    const auto prep = selectors::prepare_matrix(iris(), rows);
    const auto picks = selectors::mrmr(prep.Z, prep.y, 2, selectors::ClassRelevance::somers).selected;
    std::vector<std::uint8_t> row(4, 0);
    for (int c : picks) row[static_cast<std::size_t>(prep.columns[static_cast<std::size_t>(c)])] = 1;
    EXPECT_EQ(compat.rows[m], row) << "split " << m;
  }
}

TEST(Ensemble, RegressionTargetUsesSimpleSubsamplesAndPearsonMrmr) {
  ubayfs::EnsembleOptions o;
  o.M = 10;
  o.n_features_to_select = 2;
  const auto e = run(diabetes(), ubayfs::builtin_selectors({"mrmr", "laplacian"}, o), o);
  EXPECT_EQ(e.n_models, 20u);
  EXPECT_EQ(std::accumulate(e.counts.begin(), e.counts.end(), 0.0), 40.0);
}

TEST(Ensemble, BadInputIsAnInputErrorNamingTheOption) {
  auto expect_error = [](const Dataset& d, const std::vector<std::string>& names, ubayfs::EnsembleOptions o,
                         const std::string& needle) {
    try {
      const auto sel = ubayfs::builtin_selectors(names, o);
      RunContext ctx;
      ubayfs::run_ensemble(d, sel, o, 1, ctx);
      ADD_FAILURE() << "expected InputError mentioning " << needle;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  ubayfs::EnsembleOptions o;
  o.M = 0;
  expect_error(bcw(), {"mrmr"}, o, "ensemble_size");
  o = {};
  o.M = 3;
  for (double tt : {0.0, 1.0, 1.5, -0.2, std::nan("")}) {
    o.tt_split = tt;
    expect_error(bcw(), {"mrmr"}, o, "tt_split");
  }
  o.tt_split = 0.75;
  o.n_features_to_select = 0;
  expect_error(bcw(), {"mrmr"}, o, "n_features_to_select");
  o.n_features_to_select = 31;
  expect_error(bcw(), {"mrmr"}, o, "n_features_to_select");
  o.n_features_to_select = 2;
  expect_error(diabetes(), {"fisher"}, o, "regression");
  expect_error(bcw(), {"lasso"}, o, "unknown selector 'lasso'");
  expect_error(bcw(), {}, o, "no selector");
  o.laplacian_t = 0.0;
  expect_error(bcw(), {"laplacian"}, o, "laplacian_t");
  EXPECT_THROW(ubayfs::builtin_selector("boruta"), InputError);
  // A class with a single row.
  const Dataset& base = iris();
  std::vector<std::string> target;
  for (int c : base.labels) target.push_back(base.classes[static_cast<std::size_t>(c)]);
  target[0] = "lonely";
  CsvOptions csv;
  csv.task = TaskRequest::multiclass;
  const Dataset d = make_dataset(base.X, base.feature_names, target, csv);
  ubayfs::EnsembleOptions ok;
  ok.M = 3;
  expect_error(d, {"mrmr"}, ok, "'lonely'");
}

TEST(Ensemble, TtSplitOutsideTheUsualRangeWarns) {
  ubayfs::EnsembleOptions o;
  o.M = 3;
  o.n_features_to_select = 2;
  o.tt_split = 0.3;
  const auto e = run(bcw(), ubayfs::builtin_selectors({"fisher"}, o), o);
  ASSERT_FALSE(e.warnings.empty());
  EXPECT_NE(e.warnings[0].find("0.5, 0.99"), std::string::npos);
}

TEST(Ensemble, AutoKWithMrmrWarnsAtGeneExpressionWidthOnly) {
  ubayfs::EnsembleOptions o;  // defaults: M = 100, tt_split 0.75, auto k
  const auto mrmr = ubayfs::builtin_selectors({"mrmr"}, o);
  const auto fisher = ubayfs::builtin_selectors({"fisher"}, o);
  // 200 × 20,000: 100·150·20,000²/3 = 2·10¹² multiply-adds.
  const std::string wide = ubayfs::auto_mrmr_cost_warning(200, 20000, mrmr, o);
  EXPECT_NE(wide.find("2000·10⁹"), std::string::npos) << wide;
  EXPECT_NE(wide.find("--n-features-to-select"), std::string::npos) << wide;
  // 200 × 2,000 runs in seconds; Fisher's cost does not grow with k; a fixed k is what the warning asks for.
  EXPECT_EQ(ubayfs::auto_mrmr_cost_warning(200, 2000, mrmr, o), "");
  // The line is 10¹²: 200 × 10,000 (5·10¹¹) is under it, 200 × 16,000 (1.28·10¹²) over.
  EXPECT_EQ(ubayfs::auto_mrmr_cost_warning(200, 10000, mrmr, o), "");
  EXPECT_NE(ubayfs::auto_mrmr_cost_warning(200, 16000, mrmr, o), "");
  EXPECT_EQ(ubayfs::auto_mrmr_cost_warning(200, 20000, fisher, o), "");
  o.n_features_to_select = 100;
  EXPECT_EQ(ubayfs::auto_mrmr_cost_warning(200, 20000, mrmr, o), "");
  // The run carries it: 30 columns need M large enough to cross the line (never run that far here).
  ubayfs::EnsembleOptions small;
  small.M = 2;
  EXPECT_TRUE(run(bcw(), ubayfs::builtin_selectors({"mrmr"}, small), small).warnings.empty());
}

TEST(Ensemble, CancelFlagStopsTheRun) {
  std::atomic<bool> flag{true};
  RunContext ctx;
  ctx.cancel = &flag;
  ubayfs::EnsembleOptions o;
  EXPECT_THROW(ubayfs::run_ensemble(bcw(), ubayfs::builtin_selectors({"mrmr"}, o), o, 1, ctx), Cancelled);
}

}  // namespace
