// Tests of the resampled repeats (include/featrel/resampling.hpp; docs/stability.md#resampled-repeats-for-every-method):
// the plan of resamples (deterministic, stratified, the right sizes, every class present, refusals), the summary
// of hand-made selections (exact frequencies, class shares and the stability module's Nogueira value), the
// document fields, and run_with_repeats on generated data with known truth for fri and boruta (identical for any
// thread count and executor, strong features found in nearly every repeat, two seeds within the binomial
// tolerance, stability selection by threshold), plus the selection_frequency of crfe's and ubayfs's own repeats.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "featrel/error.hpp"
#include "featrel/generate.hpp"
#include "featrel/method_registry.hpp"
#include "featrel/resampling.hpp"
#include "featrel/result_json.hpp"
#include "featrel/rng.hpp"
#include "featrel/stability.hpp"
#include "featrel/svg_chart.hpp"
#include "featrel/thread_pool.hpp"

namespace rs = featrel::resampling;
using featrel::Dataset;
using featrel::RunContext;

namespace {

// n rows of one feature with the given labels (codes 0..K-1).
Dataset labelled(const std::vector<int>& labels, std::size_t K) {
  Dataset d;
  const auto n = static_cast<Eigen::Index>(labels.size());
  d.X = Eigen::MatrixXd(n, 2);
  for (Eigen::Index i = 0; i < n; ++i) {
    d.X(i, 0) = static_cast<double>(i);
    d.X(i, 1) = static_cast<double>((i * 7) % 5);
  }
  d.feature_names = {"a", "b"};
  d.target_name = "y";
  d.task = K == 2 ? featrel::Task::binary : featrel::Task::multiclass;
  d.labels = labels;
  for (std::size_t c = 0; c < K; ++c) d.classes.push_back("c" + std::to_string(c));
  d.y = Eigen::VectorXd(n);
  for (Eigen::Index i = 0; i < n; ++i) d.y[i] = labels[static_cast<std::size_t>(i)];
  d.constant = {false, false};
  return d;
}

// 60 rows of class 0, 40 of class 1, interleaved.
Dataset sixty_forty() {
  std::vector<int> labels;
  for (int i = 0; i < 100; ++i) labels.push_back(i % 5 < 3 ? 0 : 1);
  return labelled(labels, 2);
}

std::vector<std::size_t> class_counts(const Dataset& d, const std::vector<std::size_t>& rows) {
  std::vector<std::size_t> c(d.n_classes(), 0);
  for (std::size_t i : rows) ++c[static_cast<std::size_t>(d.labels[i])];
  return c;
}

rs::Options repeats(std::size_t r) {
  rs::Options o;
  o.repeats = r;
  return o;
}

// Selections by hand: `sets` of selected indices over d features, with optional relevance classes.
std::vector<featrel::Selection> selections(const featrel::stability::Sets& sets, std::size_t d,
                                           const std::vector<std::vector<int>>& classes = {}) {
  std::vector<featrel::Selection> out;
  for (std::size_t r = 0; r < sets.size(); ++r) {
    featrel::Selection s;
    s.score_name = "x";
    s.features.resize(d);
    for (std::size_t j : sets[r]) s.features[j].selected = true;
    if (!classes.empty())
      for (std::size_t j = 0; j < d; ++j) s.features[j].relevance = classes[r][j];
    out.push_back(s);
  }
  return out;
}

// Generated relevance data with known truth: 3 strong columns (x0..x2) and 5 irrelevant ones, 200 rows.
const Dataset& generated() {
  static const Dataset d = [] {
    featrel::gen::RelevanceOptions o;
    o.n_samples = 200;
    o.n_features = 8;
    o.n_strong = 3;
    o.n_weak = 0;
    return featrel::gen::generate_relevance(o, 3).to_dataset();
  }();
  return d;
}

std::string stripped(const featrel::MethodResult& r) { return featrel::report::strip_timing(r.to_json()).dump(); }

// Runs tasks in reverse order on the calling thread: a backend that completes them in another order.
class ReverseExecutor final : public featrel::Executor {
 public:
  std::size_t tasks = 0;
  void run(std::size_t n, const std::function<void(std::size_t)>& task, unsigned, const RunContext& ctx,
           std::string_view stage) override {
    for (std::size_t k = n; k-- > 0;) {
      ctx.check_cancel();
      ++tasks;
      task(k);
    }
    ctx.report(stage, n, n);
  }
};

}  // namespace

// ---- plan -------------------------------------------------------------------------------------------------------

TEST(ResamplingPlan, OffBelowTwoRepeats) {
  EXPECT_TRUE(rs::plan(sixty_forty(), repeats(0), 1).empty());
  EXPECT_TRUE(rs::plan(sixty_forty(), repeats(1), 1).empty());
}

TEST(ResamplingPlan, DeterministicSeededByDeriveAndSeedSensitive) {
  const Dataset d = sixty_forty();
  const auto a = rs::plan(d, repeats(5), 11), b = rs::plan(d, repeats(5), 11), c = rs::plan(d, repeats(5), 12);
  ASSERT_EQ(a.size(), 5u);
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].index, i);
    EXPECT_EQ(a[i].rows, b[i].rows);
    EXPECT_EQ(a[i].seed, b[i].seed);
    EXPECT_EQ(a[i].seed, featrel::rng::derive(11, "resample-run", i));
    EXPECT_NE(a[i].rows, c[i].rows) << i;
    if (i > 0) EXPECT_NE(a[i].rows, a[i - 1].rows);
  }
}

TEST(ResamplingPlan, StratifiedSubsampleHasExactClassSharesAndDistinctAscendingRows) {
  const Dataset d = sixty_forty();
  rs::Options o = repeats(8);
  o.fraction = 0.5;
  for (const auto& t : rs::plan(d, o, 3)) {
    ASSERT_EQ(t.rows.size(), 50u);
    EXPECT_TRUE(std::is_sorted(t.rows.begin(), t.rows.end()));
    EXPECT_EQ(std::set<std::size_t>(t.rows.begin(), t.rows.end()).size(), 50u);
    EXPECT_EQ(class_counts(d, t.rows), (std::vector<std::size_t>{30, 20}));
  }
  o.fraction = 0.3;  // ⌊0.3·100⌋ = 30 rows: 18 and 12
  for (const auto& t : rs::plan(d, o, 3)) EXPECT_EQ(class_counts(d, t.rows), (std::vector<std::size_t>{18, 12}));
}

TEST(ResamplingPlan, BootstrapDrawsNWithReplacementAndKeepsClassSizesWhenStratified) {
  const Dataset d = sixty_forty();
  rs::Options o = repeats(6);
  o.scheme = rs::Scheme::bootstrap;
  bool duplicates = false;
  for (const auto& t : rs::plan(d, o, 5)) {
    ASSERT_EQ(t.rows.size(), 100u);
    EXPECT_TRUE(std::is_sorted(t.rows.begin(), t.rows.end()));
    EXPECT_EQ(class_counts(d, t.rows), (std::vector<std::size_t>{60, 40}));
    const std::size_t distinct = std::set<std::size_t>(t.rows.begin(), t.rows.end()).size();
    duplicates = duplicates || distinct < 100;
    // About 1 − 1/e ≈ 63 % distinct rows; far outside 45–80 would mean no replacement or a broken draw.
    EXPECT_GT(distinct, 45u);
    EXPECT_LT(distinct, 80u);
  }
  EXPECT_TRUE(duplicates);
  o.stratified = false;
  for (const auto& t : rs::plan(d, o, 5)) {
    EXPECT_EQ(t.rows.size(), 100u);
    for (std::size_t c : class_counts(d, t.rows)) EXPECT_GT(c, 0u);
  }
}

TEST(ResamplingPlan, EveryClassKeepsTwoRowsEvenWhenTinyAndRegressionIsPlain) {
  // 3 classes, one of them 2 rows (its proportional share of a half-sample is 1): every subsample holds both,
  // because the methods refuse a class with a single row.
  std::vector<int> labels(40, 0);
  for (int i = 20; i < 38; ++i) labels[static_cast<std::size_t>(i)] = 1;
  labels[38] = labels[39] = 2;
  const Dataset d = labelled(labels, 3);
  rs::Options o = repeats(10);
  for (const auto& t : rs::plan(d, o, 9)) {
    const auto c = class_counts(d, t.rows);
    EXPECT_EQ(c[2], 2u);
    EXPECT_EQ(c[0] + c[1] + c[2], t.rows.size());
    EXPECT_GE(c[0], 2u);
    EXPECT_GE(c[1], 2u);
  }
  o.stratified = false;  // redrawn until every class keeps two rows
  for (const auto& t : rs::plan(d, o, 9)) {
    EXPECT_EQ(t.rows.size(), 20u);
    EXPECT_EQ(class_counts(d, t.rows)[2], 2u);
  }
  // A class with a single row keeps it.
  labels[38] = 1;
  const Dataset single = labelled(labels, 3);
  for (const auto& t : rs::plan(single, repeats(5), 9)) EXPECT_EQ(class_counts(single, t.rows)[2], 1u);

  Dataset reg = d;
  reg.task = featrel::Task::regression;
  reg.labels.clear();
  reg.classes.clear();
  for (const auto& t : rs::plan(reg, repeats(3), 9)) EXPECT_EQ(t.rows.size(), 20u);
}

TEST(ResamplingPlan, RefusesWhenAResampleCannotHoldEveryClass) {
  std::vector<int> labels{0, 1, 2, 0, 1, 2, 0, 1};
  const Dataset d = labelled(labels, 3);
  rs::Options o = repeats(4);
  o.fraction = 0.3;  // 2 rows for 3 classes
  try {
    rs::plan(d, o, 1);
    FAIL() << "expected an InputError";
  } catch (const featrel::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot hold all 3 classes"), std::string::npos) << e.what();
  }
  o.fraction = 0.1;  // 0 rows
  EXPECT_THROW(rs::plan(d, o, 1), featrel::InputError);
}

TEST(ResamplingOptions, CombinationsNeedRepeats) {
  rs::Options o;
  o.min_frequency = 0.6;
  EXPECT_THROW(rs::validate(o), featrel::options::OptionError);
  o.repeats = 2;
  EXPECT_NO_THROW(rs::validate(o));
  o.fraction = 1.0;
  EXPECT_THROW(rs::validate(o), featrel::options::OptionError);
}

TEST(ResamplingSubset, RowsLabelsAndConstantOnTheSubset) {
  const Dataset d = sixty_forty();
  // Rows 0, 5, 10: column b = (7i mod 5) is 0 on all three, so it is constant there.
  const Dataset s = featrel::subset_rows(d, {0, 5, 10, 5});
  ASSERT_EQ(s.n_samples(), 4u);
  EXPECT_EQ(s.labels, (std::vector<int>{0, 0, 0, 0}));
  EXPECT_EQ(s.X(3, 0), 5.0);
  EXPECT_FALSE(s.constant[0]);
  EXPECT_TRUE(s.constant[1]);
}

TEST(ResamplingSubset, MissingValuesKeptAsNaNDoNotMakeAColumnConstant) {
  // --impute keep (boruta, sfc): a is judged on its observed values 1, 3 and 5, as the reader judges it.
  featrel::CsvOptions o;
  o.impute = featrel::Impute::keep;
  const Dataset d = featrel::read_csv_text("a,b,y\n1,2,0\nNA,2,1\n3,2,0\n5,2,1\n", o);
  const Dataset s = featrel::subset_rows(d, {0, 1, 2, 3});
  EXPECT_EQ(s.constant, (std::vector<bool>{false, true}));
  EXPECT_EQ(s.constant, d.constant);
}

// ---- summarise and merge_into -----------------------------------------------------------------------------------

TEST(ResamplingSummary, ExactFrequenciesClassSharesAndTheStabilityModulesNogueira) {
  // The reference sets of docs/stability.md: Φ̂ = 46/126, 95 % CI [0.0793, 0.6508].
  const featrel::stability::Sets sets{{0, 1, 2}, {0, 1, 3}, {0, 1, 2}, {0, 4, 5}};
  std::vector<std::vector<int>> classes(4, std::vector<int>(10, 0));
  for (std::size_t r = 0; r < 4; ++r)
    for (std::size_t j : sets[r]) classes[r][j] = j == 0 ? 2 : 1;
  rs::Options o = repeats(4);
  o.min_frequency = 0.5;
  const rs::Summary s = rs::summarise(selections(sets, 10, classes), 10, o);
  EXPECT_EQ(s.n_repeats, 4u);
  const std::vector<double> expected{1.0, 0.75, 0.5, 0.25, 0.25, 0.25, 0, 0, 0, 0};
  EXPECT_EQ(s.selection_frequency, expected);
  ASSERT_EQ(s.class_frequency.size(), 10u);
  EXPECT_EQ(s.class_frequency[0].strong, 1.0);
  EXPECT_EQ(s.class_frequency[1].weak, 0.75);
  EXPECT_EQ(s.class_frequency[1].irrelevant, 0.25);
  EXPECT_EQ(s.class_frequency[9].irrelevant, 1.0);
  const auto ref = featrel::stability::nogueira(sets, 10);
  EXPECT_EQ(s.stability.nogueira.value, ref.value);
  EXPECT_NEAR(s.stability.nogueira.value, 46.0 / 126.0, 1e-12);
  EXPECT_NEAR(s.stability.nogueira.ci_lower, 0.0793, 1e-4);
  EXPECT_NEAR(s.stability.nogueira.ci_upper, 0.6508, 1e-4);
  EXPECT_EQ(s.stable_selected, (std::vector<std::size_t>{0, 1, 2}));  // >= 0.5, 0.5 included
  EXPECT_DOUBLE_EQ(s.mean_size, 3.0);
  EXPECT_TRUE(s.warnings.empty());  // CI upper 0.65 is not below 0.4
  // Without classes on every repeat there are no class shares.
  EXPECT_TRUE(rs::summarise(selections(sets, 10), 10, repeats(4)).class_frequency.empty());
}

TEST(ResamplingSummary, LowStabilityWarnsAndNamesTheRemedy) {
  // Disjoint sets: Φ̂ < 0 with a CI far below 0.4.
  const featrel::stability::Sets sets{{0, 1}, {2, 3}, {4, 5}, {6, 7}, {8, 9}, {0, 2}};
  const rs::Summary s = rs::summarise(selections(sets, 12), 12, repeats(6));
  ASSERT_LT(s.stability.nogueira.ci_upper, 0.4);
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_NE(s.warnings[0].find("unstable"), std::string::npos);
  EXPECT_NE(s.warnings[0].find("selection_frequency"), std::string::npos);
  EXPECT_NE(s.warnings[0].find("--min-frequency"), std::string::npos);
}

TEST(ResamplingSummary, RefusesNoRunsAndMismatchedFeatureCounts) {
  EXPECT_THROW(rs::summarise({}, 3, repeats(2)), featrel::InputError);
  EXPECT_THROW(rs::summarise(selections({{0}, {1}}, 3), 4, repeats(2)), featrel::InputError);
}

TEST(ResamplingSummary, MergeIntoAddsFrequenciesStabilityAndTheStabilitySelection) {
  using featrel::report::Json;
  const featrel::stability::Sets sets{{0, 1}, {0, 1}, {0, 2}, {0}};
  rs::Options o = repeats(4);
  o.min_frequency = 0.6;
  rs::Summary s = rs::summarise(selections(sets, 3), 3, o);
  s.rows = 50;
  Json doc = Json::object();
  doc["features"] = Json::array();
  for (std::size_t j = 0; j < 3; ++j) doc["features"].push_back(featrel::report::feature_entry(j, "f" + std::to_string(j), j == 2, false));
  doc["selected"] = Json::array();
  doc["selected_names"] = Json::array();
  doc["diagnostics"] = featrel::report::diagnostics_block({}, {}, 1);
  doc["selection"] = Json{{"score", "x"}, {"selected", {2}}};
  rs::merge_into(doc, s);
  EXPECT_EQ(doc["features"][0]["selection_frequency"], 1.0);
  EXPECT_EQ(doc["features"][1]["selection_frequency"], 0.5);
  EXPECT_EQ(doc["features"][2]["selection_frequency"], 0.25);
  // Stability selection: >= 0.6 is feature 0 only; the method's own choice (feature 2) is kept aside.
  EXPECT_EQ(doc["selected"], Json::array({0}));
  EXPECT_EQ(doc["selected_names"], Json({"f0"}));
  EXPECT_EQ(doc["selection"]["selected"], Json::array({0}));
  EXPECT_EQ(doc["selection"]["rule"], "stability_selection");
  EXPECT_EQ(doc["features"][2]["selected"], false);
  EXPECT_EQ(doc["features"][2]["selected_full_data"], true);
  const Json& st = doc["stability"];
  for (const char* k : {"n_sets", "jaccard", "iw", "kuncheva", "nogueira", "resampling", "threshold"})
    EXPECT_TRUE(st.contains(k)) << k;
  EXPECT_EQ(st["n_sets"], 4);
  EXPECT_EQ(st["resampling"]["rows"], 50);
  EXPECT_EQ(st["resampling"]["resample"], "subsample");
  EXPECT_EQ(st["threshold"], 0.6);
}

// ---- run_with_repeats on generated data -------------------------------------------------------------------------

TEST(ResamplingRun, IdenticalDocumentsForThreadCountsAndACustomExecutor) {
  const Dataset& d = generated();
  for (const char* name : {"fri", "boruta"}) {
    const auto& spec = featrel::method(name);
    rs::Options o = repeats(4);
    featrel::Settings settings = featrel::Settings::object();
    RunContext one;
    one.seed = 5;
    one.threads = 1;
    RunContext two = one;
    two.threads = 2;
    ReverseExecutor reverse;
    RunContext custom = one;
    custom.threads = 2;
    custom.executor = &reverse;
    const std::string a = stripped(*rs::run_with_repeats(spec, d, settings, o, one));
    EXPECT_EQ(a, stripped(*rs::run_with_repeats(spec, d, settings, o, two))) << name;
    EXPECT_EQ(a, stripped(*rs::run_with_repeats(spec, d, settings, o, custom))) << name;
    EXPECT_GE(reverse.tasks, 4u) << name;  // the repeats went through the caller's executor
  }
}

TEST(ResamplingRun, StrongFeaturesNearlyAlwaysIrrelevantRarelyAndTwoSeedsAgree) {
  // Truth: x0..x2 strong, x3..x7 irrelevant. With R = 20 the frequency of a feature selected with probability p
  // on a resample is Binomial(R, p)/R given the data: two seeds are two independent draws, so their difference has
  // SD √(2p(1−p)/R). We allow 3.5 of those SDs (p from the mean of the two) plus one repeat (1/R) for the
  // discreteness; R = 20 keeps the test under a few seconds.
  const Dataset& d = generated();
  const std::size_t R = 20;
  for (const char* name : {"fri", "boruta"}) {
    const auto& spec = featrel::method(name);
    std::vector<std::vector<double>> freq;
    for (std::uint64_t seed : {1u, 2u}) {
      RunContext ctx;
      ctx.seed = seed;
      ctx.threads = 2;
      const auto result = rs::run_with_repeats(spec, d, featrel::Settings::object(), repeats(R), ctx);
      const auto& summary = dynamic_cast<const rs::RepeatedResult&>(*result).summary();
      freq.push_back(summary.selection_frequency);
      const auto doc = result->to_json();
      for (std::size_t j = 0; j < 8; ++j) EXPECT_EQ(doc["features"][j]["selection_frequency"], summary.selection_frequency[j]);
      EXPECT_GT(summary.stability.nogueira.value, 0.75) << name;
    }
    for (std::size_t j = 0; j < 8; ++j) {
      for (const auto& f : freq) {
        if (j < 3) EXPECT_GE(f[j], 0.85) << name << " strong x" << j;
        else EXPECT_LE(f[j], 0.15) << name << " irrelevant x" << j;
      }
      const double p = (freq[0][j] + freq[1][j]) / 2;
      const double tolerance = 3.5 * std::sqrt(2 * p * (1 - p) / static_cast<double>(R)) + 1.0 / static_cast<double>(R);
      EXPECT_LE(std::abs(freq[0][j] - freq[1][j]), tolerance) << name << " x" << j;
    }
  }
}

TEST(ResamplingRun, MinFrequencySelectsExactlyTheFeaturesAtOrAboveTheThreshold) {
  const Dataset& d = generated();
  rs::Options o = repeats(6);
  o.min_frequency = 0.5;
  o.frequency_svg = "freq.svg";
  RunContext ctx;
  ctx.seed = 4;
  const auto result = rs::run_with_repeats(featrel::method("boruta"), d, featrel::Settings::object(), o, ctx);
  const auto& s = dynamic_cast<const rs::RepeatedResult&>(*result).summary();
  const auto sel = result->selection();
  const auto doc = result->to_json();
  std::vector<std::size_t> expected;
  for (std::size_t j = 0; j < 8; ++j) {
    const bool above = s.selection_frequency[j] >= 0.5;
    if (above) expected.push_back(j);
    EXPECT_EQ(sel.features[j].selected, above) << j;
    EXPECT_EQ(doc["features"][j]["selected"], above) << j;
  }
  EXPECT_EQ(sel.selected_indices(), expected);
  EXPECT_EQ(doc["selected"].get<std::vector<std::size_t>>(), expected);
  EXPECT_FALSE(expected.empty());
  // The frequency chart is an extra file; the method's own chart stays the chart.
  const auto files = result->extra_files();
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0].first, "freq.svg");
  EXPECT_NE(files[0].second.find("selection frequency"), std::string::npos);
  EXPECT_EQ(result->chart_svg(), featrel::method("boruta").run(d, featrel::Settings::object(), ctx)->chart_svg());
  EXPECT_NE(result->text("index").find("selection_frequency"), std::string::npos);
}

TEST(ResamplingRun, DocumentListsTheWarningsOfTheRun) {
  // The pre-flight finding (column a counts the rows: id_like) and the summary's (fisher without -k selects every
  // feature, so stability is undefined) are warnings on stderr (warnings()) and in the document alike.
  RunContext ctx;
  ctx.seed = 4;
  const Dataset data = sixty_forty();  // the result reads the data it was run on: keep it alive
  const auto result =
      rs::run_with_repeats(featrel::method("fisher"), data, featrel::Settings::object(), repeats(3), ctx);
  const auto warnings = result->warnings();
  EXPECT_TRUE(std::any_of(warnings.begin(), warnings.end(),
                          [](const std::string& w) { return w.find("is undefined") != std::string::npos; }));
  EXPECT_EQ(result->to_json()["diagnostics"]["warnings"].get<std::vector<std::string>>(), warnings);
}

TEST(ResamplingRun, OffIsThePlainRunAndOwnRepeatsAreRefused) {
  const Dataset& d = generated();
  RunContext ctx;
  ctx.seed = 2;
  const auto& boruta = featrel::method("boruta");
  EXPECT_EQ(stripped(*rs::run_with_repeats(boruta, d, featrel::Settings::object(), repeats(1), ctx)),
            stripped(*boruta.run(d, featrel::Settings::object(), ctx)));
  for (const char* own : {"crfe", "rfe", "ubayfs"}) {
    EXPECT_TRUE(featrel::method(own).own_repeats) << own;
    EXPECT_THROW(rs::run_with_repeats(featrel::method(own), d, featrel::Settings::object(), repeats(3), ctx),
                 featrel::options::OptionError);
  }
  for (const char* plain : {"fri", "boruta", "sfc", "pareto", "mrmr", "fisher", "laplacian"})
    EXPECT_FALSE(featrel::method(plain).own_repeats) << plain;
}

// ---- methods with their own repeats report the same field --------------------------------------------------------

TEST(ResamplingOwnRepeats, CrfeAndUbayfsDocumentsCarrySelectionFrequency) {
  const Dataset& d = generated();
  RunContext ctx;
  ctx.seed = 3;
  {
    const auto doc = featrel::method("crfe").run(d, featrel::Settings{{"repeats", 3}}, ctx)->to_json();
    ASSERT_EQ(doc["runs"].size(), 3u);
    for (const auto& f : doc["features"]) {
      const double v = f["selection_frequency"].get<double>();
      EXPECT_GE(v, 0.0);
      EXPECT_LE(v, 1.0);
      EXPECT_NEAR(v * 3, std::round(v * 3), 1e-12);  // a share of 3 runs
    }
  }
  {
    const auto doc =
        featrel::method("ubayfs").run(d, featrel::Settings{{"repeats", 3}, {"max_size", "3"}}, ctx)->to_json();
    ASSERT_EQ(doc["runs"].size(), 3u);
    for (std::size_t j = 0; j < 8; ++j) {
      std::size_t chosen = 0;
      for (const auto& run : doc["runs"]) {
        const auto first = run["optima"].empty() ? std::vector<std::size_t>{}
                                                 : run["optima"][0].get<std::vector<std::size_t>>();
        chosen += std::count(first.begin(), first.end(), j);
      }
      EXPECT_EQ(doc["features"][j]["selection_frequency"].get<double>(), static_cast<double>(chosen) / 3.0) << j;
    }
  }
}

// ---- the frequency chart ------------------------------------------------------------------------------------------

namespace {
std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}
}  // namespace

TEST(ResamplingChart, OneBarPerSelectedFeatureLongNamesShortenedThresholdDrawn) {
  const featrel::stability::Sets sets{{0, 1}, {0, 1}, {0, 2}, {0}};
  rs::Options o = repeats(4);
  o.min_frequency = 0.6;
  const rs::Summary s = rs::summarise(selections(sets, 4), 4, o);
  const std::string long_name(60, 'n');
  const std::string title = "fri: selection frequency over 4 subsamples, a_rather_long_file_name_of_a_study.csv";
  const std::string svg = rs::frequency_chart_svg(s, {"a", long_name, "c", "d"}, title);
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  // Bars for the three features selected at least once (feature 3 never was), each with its tooltip.
  EXPECT_EQ(occurrences(svg, "of the repeats</title>"), 3u);
  EXPECT_NE(svg.find(">" + featrel::report::shorten_label(long_name, 28) + "<"), std::string::npos);
  EXPECT_NE(svg.find(long_name + "</title>"), std::string::npos);  // the full name stays in the tooltip
  EXPECT_NE(svg.find("stroke-dasharray"), std::string::npos);      // the threshold line
  // The canvas is wide enough for the title (no clipping).
  const auto w0 = svg.find("width=\"") + 7;
  const double width = std::stod(svg.substr(w0, svg.find('"', w0) - w0));
  EXPECT_GE(width, featrel::report::estimate_text_width(title, 15));
}
