// The permutation impact (docs/pareto.md#permutation-impact, docs/pareto.md#exact-cases E6, docs/pareto.md#statistical-cases S1) with hand-made scorers, and the full pipeline:
// exact zeros for a constant column, thread-count independence, the binarisation of K > 2 classes, and the
// errors of docs/pareto.md#errors-and-edge-cases.
#include <gtest/gtest.h>

#include <set>

#include "common/wide_table.hpp"
#include "featrel/error.hpp"
#include "featrel/rng.hpp"
#include "featrel/selectors.hpp"
#include "featrel/splits.hpp"
#include "methods/pareto/pareto_internal.hpp"
#include "pareto_test_util.hpp"

using namespace featrel;
using namespace featrel::pareto;
using metrics::Measure;

namespace {

// "Positive iff x0 > 0.5" on a fixed test matrix (S1); other columns are ignored.
class ThresholdScorer : public classify::ColumnScorer {
 public:
  explicit ThresholdScorer(const Eigen::MatrixXd& X) : X_(X), base_(X.col(0).array() - 0.5) {}
  const Eigen::VectorXd& base() const override { return base_; }
  void decision_with_column(std::size_t j, const Eigen::Ref<const Eigen::VectorXd>& values,
                            Eigen::VectorXd& out) const override {
    out = j == 0 ? Eigen::VectorXd(values.array() - 0.5) : base_;
  }

 private:
  Eigen::MatrixXd X_;
  Eigen::VectorXd base_;
};

// Records every permuted column it is shown (single-threaded use only).
class RecordingScorer : public classify::ColumnScorer {
 public:
  explicit RecordingScorer(std::size_t n) : base_(Eigen::VectorXd::Ones(Eigen::Index(n))) {}
  const Eigen::VectorXd& base() const override { return base_; }
  void decision_with_column(std::size_t, const Eigen::Ref<const Eigen::VectorXd>& values,
                            Eigen::VectorXd& out) const override {
    seen.emplace_back(values.begin(), values.end());
    out = base_;
  }
  mutable std::vector<std::vector<double>> seen;

 private:
  Eigen::VectorXd base_;
};

Dataset wdbc() {
  CsvOptions o;
  o.target = "malignant";
  return read_csv(std::string(FEATREL_DATA_DIR) + "/breast_cancer_wisconsin_diagnostic.csv", o);
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST(ParetoImpact, S1ExpectedImpactsOfAThresholdModel) {
  const std::size_t n = 100;
  Eigen::MatrixXd X = Eigen::MatrixXd::Zero(Eigen::Index(n), 2);
  std::vector<int> y(n, 0);
  for (std::size_t i = 0; i < 40; ++i) y[i] = 1;
  for (std::size_t i = 0; i < n; ++i) X(Eigen::Index(i), 0) = y[i];
  const ThresholdScorer scorer(X);
  const metrics::Confusion base = detail::confusion_of(scorer.base(), y);
  EXPECT_EQ(base.tp, 40);
  EXPECT_EQ(base.tn, 60);
  const std::vector<Measure> ms{Measure::accuracy, Measure::sensitivity, Measure::specificity, Measure::fnr,
                                Measure::mcc};
  const auto ti = detail::permutation_impact(scorer, X.col(0), 0, y, base, ms, 10000, rng::derive(1, "perm", 0, 0));
  EXPECT_NEAR(ti.mean[0], -0.48, 0.004);
  EXPECT_NEAR(ti.mean[1], -0.6, 0.004);
  EXPECT_NEAR(ti.mean[2], -0.4, 0.004);
  EXPECT_EQ(ti.mean[3], -ti.mean[1]);  // FNR = 1 − sensitivity, from integer sums: exact negatives
  EXPECT_NEAR(ti.sd[0], 0.048, 0.004);
  EXPECT_NEAR(ti.sd[1], 0.060, 0.005);
  // The ignored column: exactly 0 for every measure, sd 0.
  const auto zero = detail::permutation_impact(scorer, X.col(1), 1, y, base, ms, 50, 7);
  for (std::size_t q = 0; q < ms.size(); ++q) {
    EXPECT_EQ(zero.mean[q], 0.0);
    EXPECT_EQ(zero.sd[q], 0.0);
  }
}

TEST(ParetoImpact, FreshDistinctPermutationsPerTask) {
  const std::size_t n = 143, k = 100;
  Eigen::VectorXd column = Eigen::VectorXd::Zero(Eigen::Index(n));
  for (std::size_t i = 0; i < n; ++i) column[Eigen::Index(i)] = double(i);
  const std::vector<int> y(n, 1);
  const std::vector<Measure> ms{Measure::sensitivity};
  RecordingScorer a(n), b(n);
  detail::permutation_impact(a, column, 0, y, {}, ms, k, rng::derive(0, "perm", 0, 0));
  detail::permutation_impact(b, column, 1, y, {}, ms, k, rng::derive(0, "perm", 0, 1));
  ASSERT_EQ(a.seen.size(), k);
  std::set<std::vector<double>> distinct(a.seen.begin(), a.seen.end());
  EXPECT_EQ(distinct.size(), k);  // GEENAGE reused one permutation k times (docs/pareto.md#departures-from-the-references item 1)
  for (const auto& p : a.seen) {
    std::vector<double> sorted = p;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(sorted[i], double(i));  // a permutation of the column
  }
  EXPECT_NE(a.seen, b.seen);
}

TEST(ParetoPipeline, ConstantColumnHasZeroImpactAndThreadsDoNotMatter) {
  Dataset d = wdbc();
  // Keep 8 columns and add a constant one, so that the run is quick.
  Eigen::MatrixXd X(d.X.rows(), 9);
  X.leftCols(8) = d.X.leftCols(8);
  X.col(8).setConstant(2.5);
  std::vector<std::string> names(d.feature_names.begin(), d.feature_names.begin() + 8);
  names.push_back("constant");
  std::vector<std::string> target;
  for (int v : d.labels) target.push_back(d.classes[std::size_t(v)]);
  CsvOptions co;
  co.target = "malignant";
  const Dataset data = make_dataset(X, names, target, co);
  Options o;
  o.classifiers = {"nb", "logreg", "rf"};
  o.measures.clear();
  for (Measure m : metrics::all_measures) o.measures.emplace_back(metrics::key(m));
  o.permutations = 8;
  RunContext one, two;
  one.seed = two.seed = 5;
  one.threads = 1;
  two.threads = 2;
  const Result r1 = run(data, o, one);
  const Result r2 = run(data, o, two);
  ASSERT_EQ(r1.criteria.size(), 39u);
  for (Eigen::Index c = 0; c < r1.impact.rows(); ++c) {
    EXPECT_EQ(r1.impact(c, 8), 0.0);
    EXPECT_EQ(r1.oriented(c, 8), 0.0);
  }
  EXPECT_TRUE(r1.features[8].constant);
  EXPECT_FALSE(r1.features[8].important);
  EXPECT_EQ(r1.features[8].layer, 0);
  const report::Json j = to_json(r1);
  EXPECT_TRUE(j["features"][8]["layer"].is_null());
  EXPECT_TRUE(j["features"][8]["reading"].is_null());
  EXPECT_EQ(report::strip_timing(to_json(r1)).dump(), report::strip_timing(to_json(r2)).dump());
  // Complements are exact negatives (integer count sums).
  const std::size_t sens = 0, fnr = 2;
  for (Eigen::Index j = 0; j < 8; ++j) EXPECT_EQ(r1.impact(Eigen::Index(sens), j), -r1.impact(Eigen::Index(fnr), j));
  EXPECT_EQ(r1.classifiers[0].n_test, 143u);
  EXPECT_EQ(r1.classifiers[0].n_train, 426u);
  EXPECT_TRUE(r1.classifiers[1].standardized);
  EXPECT_FALSE(r1.classifiers[0].standardized);
}

// Constant columns are left out of every fit, so they are no competitor either (docs/pareto.md#front-and-layers):
// with impacts of 0 they would be on the front beside features whose impacts are mixed. The analysis is that of
// the other columns, mapped back; the constant one gets no layer, no M(f), no terms and no reading.
TEST(ParetoAnalysis, ConstantColumnsAreNeverOnTheFront) {
  ImpactTable t;
  t.criteria = {"rf:sensitivity", "rf:specificity", "nb:accuracy"};
  t.classifiers = {"rf", "rf", "nb"};
  t.measures = {"sensitivity", "specificity", "accuracy"};
  t.features = {"a", "k", "b", "c"};
  t.values.resize(3, 4);
  t.values << -0.2, 0, 0.1, 0.05,  //
      0.1, 0, -0.3, 0.2,           //
      -0.1, 0, -0.1, 0.3;
  ImpactTable without_k = t;
  without_k.features = {"a", "b", "c"};
  without_k.values.resize(3, 3);
  without_k.values << t.values.col(0), t.values.col(2), t.values.col(3);
  const Result plain = analyse(without_k, {});
  Result r = analyse(t, {});
  ASSERT_EQ(r.front, (std::vector<std::size_t>{0, 1, 2}));  // as a competitor, k (all 0) is on the front
  r.constant = {false, true, false, false};
  r.warnings.clear();
  r.seconds.clear();
  detail::analyse_criteria(r);
  EXPECT_EQ(r.front, (std::vector<std::size_t>{0, 2}));
  ASSERT_EQ(r.layers.size(), plain.layers.size());
  EXPECT_EQ(r.layers[1], (std::vector<std::size_t>{3}));
  EXPECT_EQ(r.context_objects, (std::vector<std::size_t>{0, 2}));
  const FeatureReport& k = r.features[1];
  EXPECT_TRUE(k.constant);
  EXPECT_EQ(k.layer, 0);
  EXPECT_FALSE(k.important);
  EXPECT_TRUE(k.minimal_sets.empty());
  EXPECT_TRUE(k.terms.empty());
  EXPECT_TRUE(k.reading.empty());
  EXPECT_EQ(k.n_dominated_by, 0u);
  const std::size_t in_plain[] = {0, 1, 2}, in_r[] = {0, 2, 3};
  for (std::size_t q = 0; q < 3; ++q) {
    const FeatureReport &f = r.features[in_r[q]], &g = plain.features[in_plain[q]];
    EXPECT_EQ(f.name, g.name);
    EXPECT_FALSE(f.constant);
    EXPECT_EQ(f.layer, g.layer);
    EXPECT_EQ(f.minimal_sets, g.minimal_sets);
    EXPECT_EQ(f.reading, g.reading);
    EXPECT_EQ(f.n_dominated_by, g.n_dominated_by);
  }
  EXPECT_EQ(r.features[3].dominated_by, (std::vector<std::size_t>{0}));
  EXPECT_EQ(r.lattice.concepts.size(), plain.lattice.concepts.size());
}

// --engine auto at width: 1,000 rows × 1,500 columns (750 training rows) put XGBoost's histograms at about 1.2 GB,
// so the run uses the native forest, says so, and echoes the engine it used; the result is the forced native run's.
// On WDBC auto is XGBoost's run.
TEST(ParetoPipeline, AutoEngineTakesTheNativeForestWhereXgboostWouldOutgrowItsBudget) {
  // Runs rf alone with engine auto, then with `forced`; checks the engine auto chose and that both agree.
  const auto auto_then = [](const Dataset& data, Options o, forest::Engine forced, forest::Engine expected) {
    o.classifiers = {"rf"};
    RunContext ctx;
    ctx.seed = 3;
    const Result automatic = run(data, o, ctx);
    o.classifier.rf_engine = forced;
    const Result chosen = run(data, o, ctx);
    EXPECT_EQ(automatic.options.classifier.rf_engine, expected);
    EXPECT_EQ(automatic.impact, chosen.impact);
    return std::make_pair(automatic, chosen);
  };
  const auto says = [](const Result& res) {
    return std::any_of(res.warnings.begin(), res.warnings.end(), [](const std::string& w) {
      return w.find("the native forest stands in for XGBoost's (--engine auto)") != std::string::npos &&
             w.find("about 1.2 GB for 1500 features × 750 training rows") != std::string::npos;
    });
  };
  Options wide_options;
  wide_options.permutations = 1;
  wide_options.classifier.rf_trees = 2;
  wide_options.prefilter = 0;  // every column: with --prefilter auto the forest sees 50
  const auto [wide_auto, wide_native] = auto_then(featrel_test::wide_table(1000, 1500, 2, 2, 11), wide_options,
                                                  forest::Engine::native, forest::Engine::native);
  EXPECT_TRUE(says(wide_auto));
  EXPECT_FALSE(says(wide_native));  // a forced engine is the user's choice, not ours to explain
  Options narrow_options;
  narrow_options.permutations = 2;
  const auto [narrow_auto, narrow_xgb] =
      auto_then(wdbc(), narrow_options, forest::Engine::xgboost, forest::Engine::xgboost);
  EXPECT_FALSE(says(narrow_auto));
}

TEST(ParetoPipeline, TheRunSeedDecidesSplitsFitsAndPermutations) {
  const Dataset data = wdbc();
  const auto run_seed = [&](const Options& o, std::uint64_t seed) {
    RunContext ctx;
    ctx.seed = seed;
    ctx.threads = 1;
    return run(data, o, ctx);
  };
  const auto same_confusion = [](const metrics::Confusion& a, const metrics::Confusion& b) {
    return a.tp == b.tp && a.fn == b.fn && a.fp == b.fp && a.tn == b.tn;
  };
  // Held out: naive Bayes is fitted without randomness, so another seed changes its scores only through the split.
  Options held;
  held.classifiers = {"nb"};
  held.permutations = 5;
  const Result h1 = run_seed(held, 1);
  EXPECT_EQ(report::strip_timing(to_json(h1)).dump(), report::strip_timing(to_json(run_seed(held, 1))).dump());
  const Result h2 = run_seed(held, 2);
  EXPECT_FALSE(same_confusion(h1.classifiers[0].confusion, h2.classifiers[0].confusion));
  // Resubstitution (no split): the MLP's scores change with the seed through its fit; naive Bayes keeps its scores,
  // and its impacts change through the permutations alone.
  Options resub;
  resub.classifiers = {"mlp", "nb"};
  resub.standardize = {"mlp"};
  resub.classifier.mlp_max_epochs = 50;
  resub.permutations = 5;
  resub.split = SplitMode::resubstitution;
  const Result r1 = run_seed(resub, 1), r2 = run_seed(resub, 2);
  EXPECT_EQ(report::strip_timing(to_json(r1)).dump(), report::strip_timing(to_json(run_seed(resub, 1))).dump());
  EXPECT_FALSE(same_confusion(r1.classifiers[0].confusion, r2.classifiers[0].confusion));
  EXPECT_TRUE(same_confusion(r1.classifiers[1].confusion, r2.classifiers[1].confusion));
  const Eigen::Index m = Eigen::Index(resub.measures.size());
  ASSERT_EQ(r1.impact.rows(), 2 * m);
  EXPECT_NE(r1.impact.bottomRows(m), r2.impact.bottomRows(m));
}

TEST(ParetoPipeline, MulticlassNeedsPositiveAndIsBinarised) {
  CsvOptions co;
  co.target = "species";
  co.supported = {Task::binary, Task::multiclass};  // numeric labels: multiclass for a class-only method
  const Dataset iris = read_csv(std::string(FEATREL_DATA_DIR) + "/iris.csv", co);
  Options o;
  o.classifiers = {"nb"};
  o.permutations = 5;
  RunContext ctx;
  ctx.threads = 1;
  EXPECT_NE(error_of([&] { run(iris, o, ctx); }).find("classes; pareto needs a binary target"), std::string::npos);
  o.positive = iris.classes[0];
  const Result r = run(iris, o, ctx);
  EXPECT_EQ(r.positive_class, iris.classes[0]);
  bool warned = false;
  for (const auto& w : r.warnings) warned = warned || w.find("target binarised: " + iris.classes[0]) == 0;
  EXPECT_TRUE(warned);
  o.positive = "no_such_label";
  EXPECT_NE(error_of([&] { run(iris, o, ctx); }).find("positive class 'no_such_label' does not occur"),
            std::string::npos);
}

TEST(ParetoPipeline, OptionErrors) {
  Options o;
  o.classifiers = {"rf", "rf"};
  EXPECT_NE(error_of([&] { validate(o); }).find("listed twice"), std::string::npos);
  o = Options{};
  o.measures = {"auc"};
  EXPECT_NE(error_of([&] { validate(o); }).find("unknown measure 'auc'"), std::string::npos);
  o = Options{};
  o.permutations = 0;
  EXPECT_NE(error_of([&] { validate(o); }).find("option 'permutations' must be an integer in [1, 100000], got 0"), std::string::npos);
  o = Options{};
  o.test_fraction = 1.0;
  EXPECT_NE(error_of([&] { validate(o); }).find("option 'test_fraction' must be a finite number in (0, 1), got 1"), std::string::npos);
  o = Options{};
  o.classifiers = {"rf", "nb", "mlp", "svm", "logreg"};
  o.measures = {"sensitivity", "specificity", "accuracy", "fscore", "mcc"};
  o.analysis.depth = 2;
  EXPECT_NE(error_of([&] { validate(o); }).find("m = 25 exceeds 20"), std::string::npos);
}

TEST(ParetoPipeline, TooFewRowsAndLargeTies) {
  Eigen::MatrixXd X(6, 1);
  X << 1, 2, 3, 4, 5, 6;
  CsvOptions co;
  co.target = "y";
  const Dataset tiny = make_dataset(X, {"x"}, {"0", "0", "0", "0", "0", "1"}, co);
  Options o;
  o.classifiers = {"nb"};
  EXPECT_NE(error_of([&] { run(tiny, o, RunContext{}); }).find("class '1' has 1 row; need at least 3"),
            std::string::npos);

  // Two front features tied on 25 criteria: M(f) would need 2^25 candidates.
  ImpactTable t;
  t.features = {"a", "b"};
  t.values = Eigen::MatrixXd::Zero(27, 2);
  t.values(0, 0) = -1;
  t.values(1, 1) = -1;
  for (int c = 0; c < 27; ++c) {
    t.criteria.push_back("rf:accuracy" + std::to_string(c));
    t.classifiers.push_back("rf" + std::to_string(c));
    t.measures.push_back("accuracy");
  }
  EXPECT_NE(error_of([&] { analyse(t, {}); }).find("tie on 25 criteria"), std::string::npos);
}

TEST(ParetoImpact, FastAndPlainPredictionsGiveTheSameLabels) {
  // docs/pareto.md#exact-cases E6 on a smaller scale (5 classifiers × 30 features × 4 permutations of the 143-row WDBC test set): the
  // delta path the pipeline uses and a plain prediction of the permuted copy agree on every label, rows with
  // |decision| < 1e-9 excepted (counted; expected none).
  const Dataset d = wdbc();
  const auto parts = stratified_partition(d.labels, 2, {143, d.n_samples() - 143}, 11, {1, 2});
  auto rows = [&](const std::vector<std::size_t>& idx) {
    Eigen::MatrixXd out(Eigen::Index(idx.size()), d.X.cols());
    for (std::size_t i = 0; i < idx.size(); ++i) out.row(Eigen::Index(i)) = d.X.row(Eigen::Index(idx[i]));
    return out;
  };
  const Eigen::MatrixXd X_test = rows(parts[0]), X_train = rows(parts[1]);
  std::vector<int> y_train;
  for (std::size_t i : parts[1]) y_train.push_back(d.labels[i]);
  std::size_t near_zero = 0, compared = 0;
  for (const auto& key : classify::classifier_keys()) {
    const auto model = classify::fit_binary(key, X_train, y_train, 3, classify::ClassifierOptions{});
    const auto scorer = model->column_scorer(X_test);
    rng::Rng g(rng::derive(3, "check", key));
    Eigen::VectorXd fast, plain;
    for (Eigen::Index j = 0; j < X_test.cols(); ++j)
      for (int i = 0; i < 4; ++i) {
        const auto p = g.permutation(std::size_t(X_test.rows()));
        Eigen::VectorXd col(X_test.rows());
        for (Eigen::Index r = 0; r < X_test.rows(); ++r) col[r] = X_test(Eigen::Index(p[std::size_t(r)]), j);
        Eigen::MatrixXd copy = X_test;
        copy.col(j) = col;
        scorer->decision_with_column(std::size_t(j), col, fast);
        model->decision(copy, plain);
        for (Eigen::Index r = 0; r < X_test.rows(); ++r) {
          if (std::abs(plain[r]) < 1e-9) {
            ++near_zero;
            continue;
          }
          ++compared;
          ASSERT_EQ(fast[r] > 0, plain[r] > 0) << key << " feature " << j << " row " << r;
        }
      }
  }
  EXPECT_EQ(near_zero, 0u);
  EXPECT_EQ(compared, 5u * 30u * 4u * 143u);
}

TEST(ParetoPipeline, RegressionLookingTargetIsNamed) {
  Eigen::MatrixXd X(30, 1);
  std::vector<std::string> y;
  for (int i = 0; i < 30; ++i) {
    X(i, 0) = i;
    y.push_back(std::to_string(i) + ".5");
  }
  CsvOptions co;
  co.target = "y";
  co.supported = {Task::binary, Task::multiclass};
  const Dataset d = make_dataset(X, {"x"}, y, co);
  Options o;
  o.classifiers = {"nb"};
  EXPECT_NE(error_of([&] { run(d, o, RunContext{}); }).find("looks like a regression target"), std::string::npos);
}

// P(X ≥ k) for X ~ Bin(n, q), summed term by term: the test's own arithmetic, not the library's binomial tail.
double upper_tail_by_terms(long k, long n, double q) {
  double s = 0;
  for (long i = k; i <= n; ++i)
    s += std::exp(std::lgamma(double(n) + 1) - std::lgamma(double(i) + 1) - std::lgamma(double(n - i) + 1) +
                  double(i) * std::log(q) + double(n - i) * std::log1p(-q));
  return s;
}

TEST(ParetoPipeline, ClassifiersAreTestedAgainstTheMajorityClass) {
  // Signal: breast cancer's first 8 columns. Every classifier beats the majority class by far; no warning.
  Dataset d = wdbc();
  Options o;
  o.classifiers = {"nb", "rf"};
  o.permutations = 2;
  RunContext ctx;
  ctx.seed = 3;
  std::vector<std::string> target;
  for (int v : d.labels) target.push_back(d.classes[std::size_t(v)]);
  CsvOptions co;
  co.target = "malignant";
  std::vector<std::string> names8(d.feature_names.begin(), d.feature_names.begin() + 8);
  const Result signal = run(make_dataset(d.X.leftCols(8), names8, target, co), o, ctx);
  for (const ClassifierReport& c : signal.classifiers) {
    ASSERT_TRUE(c.p_vs_majority.has_value());
    const auto& k = c.confusion;
    const double q = double(std::max(k.positives(), k.negatives())) / double(k.total());
    EXPECT_NEAR(*c.p_vs_majority, upper_tail_by_terms(k.tp + k.tn, k.total(), q), 1e-12) << c.key;
    EXPECT_LT(*c.p_vs_majority, 1e-6) << c.key;
  }
  for (const std::string& w : signal.warnings) EXPECT_EQ(w.find("no classifier predicts"), std::string::npos) << w;
  EXPECT_TRUE(to_json(signal)["classifiers"][0]["p_vs_majority"].is_number());

  // No signal: 80 rows, 120 columns of noise, labels drawn apart from them. The front must be called noise.
  rng::Rng g(11);
  Eigen::MatrixXd X(80, 120);
  for (Eigen::Index i = 0; i < X.rows(); ++i)
    for (Eigen::Index j = 0; j < X.cols(); ++j) X(i, j) = g.normal();
  std::vector<std::string> names, labels;
  for (Eigen::Index j = 0; j < X.cols(); ++j) names.push_back("n" + std::to_string(j));
  for (Eigen::Index i = 0; i < X.rows(); ++i) labels.push_back(i % 2 ? "a" : "b");
  CsvOptions cn;
  cn.target = "y";
  cn.positive = "a";
  o.classifiers = {"nb", "rf", "logreg"};
  const Dataset noise = make_dataset(X, names, labels, cn);
  // --prefilter auto (120 features, 60 training rows): the advice names the filter.
  const Result filtered = run(noise, o, ctx);
  ASSERT_EQ(filtered.prefilter, kAutoPrefilter);
  ASSERT_FALSE(filtered.warnings.empty());
  EXPECT_NE(filtered.warnings.front().find("no classifier predicts the 20 held-out rows better"), std::string::npos)
      << filtered.warnings.front();
  EXPECT_NE(filtered.warnings.front().find("each classifier trained on the 50 of 120 features that mRMR ranked first "
                                           "on its 60 training rows (--prefilter)"),
            std::string::npos)
      << filtered.warnings.front();
  for (const ClassifierReport& c : filtered.classifiers) EXPECT_GT(*c.p_vs_majority, kBeatsMajorityLevel) << c.key;
  o.prefilter = 0;
  const Result r = run(noise, o, ctx);
  ASSERT_FALSE(r.warnings.empty());
  EXPECT_NE(r.warnings.front().find("no classifier predicts the 20 held-out rows better"), std::string::npos)
      << r.warnings.front();
  EXPECT_NE(r.warnings.front().find("with 120 features and 60 training rows, narrow the features first"),
            std::string::npos)
      << r.warnings.front();
  for (const ClassifierReport& c : r.classifiers) EXPECT_GT(*c.p_vs_majority, kBeatsMajorityLevel) << c.key;
  o.prefilter.reset();

  // Resubstitution scores the training rows: there is nothing held out to test, so no p-value and no claim.
  o.split = SplitMode::resubstitution;
  const Result resub = run(noise, o, ctx);
  for (const ClassifierReport& c : resub.classifiers) EXPECT_FALSE(c.p_vs_majority.has_value()) << c.key;
  for (const std::string& w : resub.warnings) EXPECT_EQ(w.find("no classifier predicts"), std::string::npos) << w;
}

// --prefilter (docs/pareto.md#wide-data-the-prefilter): with more features than training rows each classifier trains
// on the 50 features mRMR ranks first on its own training rows; a feature it did not train on has impact exactly 0
// on its criteria; the planted feature is the front; the thread count does not matter; the filter is mRMR's
// pick on the training rows (checked exactly under resubstitution, where those are all rows); 0, a K of at least
// the feature count, and narrow data train on every feature.
TEST(ParetoPipeline, PrefilterTrainsEachClassifierOnMrmrsFirstKOnItsTrainingRows) {
  const Dataset data = featrel_test::wide_table(120, 400, 1, 2, 5);  // x0 is the target plus a little noise
  Options o;
  o.classifiers = {"nb", "logreg", "rf"};
  o.permutations = 5;
  RunContext ctx;
  ctx.seed = 4;
  ctx.threads = 2;
  const Result r = run(data, o, ctx);
  ASSERT_EQ(r.prefilter, kAutoPrefilter);
  const std::size_t n_meas = o.measures.size();
  for (std::size_t c = 0; c < r.classifiers.size(); ++c) {
    const std::vector<std::size_t>& kept = r.classifiers[c].features;
    ASSERT_EQ(kept.size(), kAutoPrefilter) << r.classifiers[c].key;
    EXPECT_TRUE(std::is_sorted(kept.begin(), kept.end()));
    EXPECT_TRUE(std::binary_search(kept.begin(), kept.end(), std::size_t{0})) << r.classifiers[c].key;
    std::size_t nonzero = 0;
    for (std::size_t j = 0; j < data.n_features(); ++j)
      for (std::size_t q = 0; q < n_meas; ++q) {
        const double v = r.impact(Eigen::Index(c * n_meas + q), Eigen::Index(j));
        if (!std::binary_search(kept.begin(), kept.end(), j)) ASSERT_EQ(v, 0.0) << r.classifiers[c].key << " x" << j;
        nonzero += v != 0.0 ? 1 : 0;
      }
    EXPECT_GT(nonzero, 0u) << r.classifiers[c].key;
    EXPECT_LT(*r.classifiers[c].p_vs_majority, 1e-3) << r.classifiers[c].key;  // x0 predicts y
  }
  EXPECT_TRUE(r.features[0].important);
  EXPECT_EQ(r.front, std::vector<std::size_t>{0});
  const auto doc = to_json(r);
  EXPECT_EQ(doc["prefilter"]["method"], "mrmr");
  EXPECT_EQ(doc["prefilter"]["k"], kAutoPrefilter);
  EXPECT_EQ(doc["classifiers"][0]["features"].size(), kAutoPrefilter);
  EXPECT_NE(summary_text(r, 0).find("prefilter: each classifier trained on the 50 features mRMR ranks first on its "
                                    "own training rows (--prefilter auto)"),
            std::string::npos);
  RunContext one = ctx;
  one.threads = 1;
  EXPECT_EQ(report::strip_timing(to_json(run(data, o, one))).dump(), report::strip_timing(doc).dump());

  // Under resubstitution the training rows are all rows: the kept columns are mrmr's first K on the whole table.
  Options resub = o;
  resub.split = SplitMode::resubstitution;
  resub.classifiers = {"nb"};
  resub.prefilter = 20;
  const Result rr = run(data, resub, ctx);
  selectors::Prepared prep = selectors::prepare_matrix(data);
  prep.y.task = Task::binary;
  std::vector<std::size_t> expected;
  for (int q : selectors::mrmr(prep.Z, prep.y, 20).selected)
    expected.push_back(std::size_t(prep.columns[std::size_t(q)]));
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(rr.prefilter, 20u);
  EXPECT_EQ(rr.classifiers[0].features, expected);

  // Off: 0, a K of at least the feature count, and a table with fewer features than training rows.
  for (const std::size_t k : {std::size_t{0}, std::size_t{400}}) {
    Options all = o;
    all.classifiers = {"nb"};
    all.prefilter = k;
    const Result ra = run(data, all, ctx);
    EXPECT_EQ(ra.prefilter, 0u);
    EXPECT_TRUE(ra.classifiers[0].features.empty());
    const auto da = to_json(ra);
    EXPECT_TRUE(da["prefilter"].is_null());
    EXPECT_FALSE(da["classifiers"][0].contains("features"));
  }
  Options narrow;
  narrow.classifiers = {"nb"};
  narrow.permutations = 2;
  EXPECT_EQ(run(wdbc(), narrow, ctx).prefilter, 0u);
}
