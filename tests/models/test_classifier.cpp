// classify::fit_binary, pareto's five classifiers (docs/pareto.md#classifiers) on WDBC's 426/143 split: each reaches the accuracy the
// spec's reference reports, is deterministic for a seed, predicts the same from several threads at once, and its
// delta predictor (ColumnScorer, docs/pareto.md#performance) gives the plain path's decisions for permuted columns — bit for bit where the
// sums are re-added in the same order (rf, nb), to rounding otherwise. Option checks and unknown keys.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "classifier_test_data.hpp"
#include "featrel/classifier.hpp"
#include "featrel/error.hpp"
#include "featrel/preprocess.hpp"
#include "featrel/rng.hpp"

namespace {

namespace cl = featrel::classify;
using featrel::test::accuracy;

const featrel::test::TrainTestData& wdbc() {
  static const featrel::test::TrainTestData d = featrel::test::wdbc_split(featrel::rng::derive(1, "split", 0));
  return d;
}

// One fitted model per key (seed 1), shared by the tests.
const cl::BinaryClassifier& fitted(const std::string& key) {
  static std::map<std::string, std::unique_ptr<cl::BinaryClassifier>> cache;
  auto it = cache.find(key);
  if (it == cache.end())
    it = cache.emplace(key, cl::fit_binary(key, wdbc().train.X, wdbc().train.y, 1, cl::ClassifierOptions{})).first;
  return *it->second;
}

Eigen::VectorXd decide(const cl::BinaryClassifier& c, const Eigen::MatrixXd& X) {
  Eigen::VectorXd out;
  c.decision(X, out);
  return out;
}

// Permutation q of the test rows for column j.
std::vector<std::size_t> permutation(std::size_t j, int q, std::size_t n) {
  return featrel::rng::Rng(featrel::rng::derive(5, j, q)).permutation(n);
}

Eigen::VectorXd permuted_column(const Eigen::MatrixXd& X, std::size_t j, const std::vector<std::size_t>& perm) {
  Eigen::VectorXd v(X.rows());
  for (Eigen::Index i = 0; i < X.rows(); ++i) v(i) = X(static_cast<Eigen::Index>(perm[static_cast<std::size_t>(i)]), static_cast<Eigen::Index>(j));
  return v;
}

TEST(Classifier, KeysInTheSpecsOrder) {
  EXPECT_EQ(cl::classifier_keys(), (std::vector<std::string>{"rf", "nb", "mlp", "svm", "logreg"}));
  try {
    cl::fit_binary("knn", wdbc().train.X, wdbc().train.y, 1, {});
    FAIL() << "no error";
  } catch (const featrel::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("rf, nb, mlp, svm, logreg"), std::string::npos) << e.what();
  }
}

TEST(Classifier, WdbcAccuracies) {
  // Reference medians (scikit-learn, docs/pareto.md#statistical-cases S3): rf 0.96, nb 0.94, svm 0.92, raw mlp 0.92 (min 0.62).
  // logreg is standardised by the caller, as pareto does by default.
  const auto& d = wdbc();
  EXPECT_GE(accuracy(d.test.y, decide(fitted("rf"), d.test.X)), 0.93);
  EXPECT_GE(accuracy(d.test.y, decide(fitted("nb"), d.test.X)), 0.90);
  EXPECT_GE(accuracy(d.test.y, decide(fitted("svm"), d.test.X)), 0.88);
  {
    // Always predicting the majority class (benign) scores 90 of 143 = 0.629 here, so the MLP must predict both
    // classes and beat that rate by a margin: 0.88 is the reference median 0.92 less the 0.04 allowed nb and
    // svm above (measured at seed 1: 0.951, 54 rows predicted malignant of 53).
    const Eigen::VectorXd f = decide(fitted("mlp"), d.test.X);
    const int n = int(d.test.y.size());
    int predicted = 0, truth = 0;
    for (Eigen::Index i = 0; i < f.size(); ++i) predicted += f(i) > 0.0;
    for (int y : d.test.y) truth += y;
    EXPECT_EQ(n, 143);
    EXPECT_EQ(n - truth, 90);  // the majority rate 90/143
    EXPECT_GT(predicted, 0);
    EXPECT_LT(predicted, n);
    EXPECT_GE(accuracy(d.test.y, f), 0.88);
  }
  const featrel::Standardizer s = featrel::Standardizer::fit(d.train.X, {}, featrel::SdDivisor::population);
  const auto logreg = cl::fit_binary("logreg", s.transform(d.train.X), d.train.y, 1, {});
  EXPECT_GE(accuracy(d.test.y, decide(*logreg, s.transform(d.test.X))), 0.95);
}

TEST(Classifier, NativeForestEngineIsSelectable) {
  cl::ClassifierOptions o;
  o.rf_engine = featrel::forest::Engine::native;
  const auto rf = cl::fit_binary("rf", wdbc().train.X, wdbc().train.y, 1, o);
  const Eigen::MatrixXd& X = wdbc().test.X;
  EXPECT_GE(accuracy(wdbc().test.y, decide(*rf, X)), 0.93);
  // Its delta predictor is exact too.
  const auto scorer = rf->column_scorer(X);
  for (std::size_t j = 0; j < static_cast<std::size_t>(X.cols()); j += 7) {
    const Eigen::VectorXd v = permuted_column(X, j, permutation(j, 0, static_cast<std::size_t>(X.rows())));
    Eigen::MatrixXd copy = X;
    copy.col(static_cast<Eigen::Index>(j)) = v;
    Eigen::VectorXd fast;
    scorer->decision_with_column(j, v, fast);
    EXPECT_EQ(fast, decide(*rf, copy)) << j;
  }
}

// --engine auto: XGBoost (the spec's forest) while the estimate of its histograms, 16 bytes × features × bins ×
// 0.4·(rows per tree) expanded nodes, stays within 1 GiB; the native forest beyond.
TEST(Classifier, AutoEngineKeepsXgboostUntilItsHistogramsOutgrowTheBudget) {
  const cl::ClassifierOptions o;
  EXPECT_FALSE(o.rf_engine.has_value());
  // 150 training rows: 150 bins per column, 0.4 · 0.632 · 150 = 37.92 nodes.
  EXPECT_NEAR(cl::xgboost_histogram_bytes(150, 20000, o), 16.0 * 20000 * 150 * 37.92, 1.0);
  // 600 rows: bins capped at 255; a depth-5 tree has at most 64 nodes.
  EXPECT_NEAR(cl::xgboost_histogram_bytes(600, 5000, o), 16.0 * 5000 * 255 * 151.68, 1.0);
  cl::ClassifierOptions shallow;
  shallow.rf_max_depth = 5;
  EXPECT_NEAR(cl::xgboost_histogram_bytes(600, 5000, shallow), 16.0 * 5000 * 255 * 64, 1e-6);
  EXPECT_EQ(cl::rf_engine_for(426, 30, o), featrel::forest::Engine::xgboost);
  EXPECT_EQ(cl::rf_engine_for(150, 2000, o), featrel::forest::Engine::xgboost);
  EXPECT_EQ(cl::rf_engine_for(150, 20000, o), featrel::forest::Engine::native);
  EXPECT_EQ(cl::rf_engine_for(600, 5000, o), featrel::forest::Engine::native);
  EXPECT_EQ(cl::rf_engine_for(600, 5000, shallow), featrel::forest::Engine::native);  // 1.3 GB
  shallow.rf_max_depth = 3;
  EXPECT_EQ(cl::rf_engine_for(600, 5000, shallow), featrel::forest::Engine::xgboost);  // 16 nodes: 0.33 GB
  // A set engine is kept whatever the shape.
  cl::ClassifierOptions forced;
  forced.rf_engine = featrel::forest::Engine::xgboost;
  EXPECT_EQ(cl::rf_engine_for(150, 20000, forced), featrel::forest::Engine::xgboost);
  forced.rf_engine = featrel::forest::Engine::native;
  EXPECT_EQ(cl::rf_engine_for(426, 30, forced), featrel::forest::Engine::native);
  // On WDBC auto is XGBoost: the same decisions as the forced XGBoost fit, not the native forest's.
  const Eigen::MatrixXd& X = wdbc().test.X;
  forced.rf_engine = featrel::forest::Engine::xgboost;
  const auto xgb = cl::fit_binary("rf", wdbc().train.X, wdbc().train.y, 1, forced);
  forced.rf_engine = featrel::forest::Engine::native;
  const auto native = cl::fit_binary("rf", wdbc().train.X, wdbc().train.y, 1, forced);
  EXPECT_EQ(decide(fitted("rf"), X), decide(*xgb, X));
  EXPECT_NE(decide(fitted("rf"), X), decide(*native, X));
}

TEST(Classifier, DeterministicForASeed) {
  const auto& d = wdbc();
  for (const std::string& key : cl::classifier_keys()) {
    const auto again = cl::fit_binary(key, d.train.X, d.train.y, 1, {});
    EXPECT_EQ(decide(*again, d.test.X), decide(fitted(key), d.test.X)) << key;
  }
  // The seeded models change with the seed.
  for (const std::string key : {"rf", "mlp"}) {
    const auto other = cl::fit_binary(key, d.train.X, d.train.y, 2, {});
    EXPECT_NE(decide(*other, d.test.X), decide(fitted(key), d.test.X)) << key;
  }
}

TEST(Classifier, DeltaPredictorsMatchThePlainPath) {
  const Eigen::MatrixXd& X = wdbc().test.X;
  const std::size_t n = static_cast<std::size_t>(X.rows()), d = static_cast<std::size_t>(X.cols());
  for (const std::string& key : cl::classifier_keys()) {
    const cl::BinaryClassifier& c = fitted(key);
    const std::unique_ptr<cl::ColumnScorer> scorer = c.column_scorer(X);
    EXPECT_EQ(scorer->base(), decide(c, X)) << key;
    const bool exact = key == "rf" || key == "nb";
    double worst = 0.0;
    int label_flips = 0;
    for (std::size_t j = 0; j < d; ++j)
      for (int q = 0; q < 3; ++q) {
        const Eigen::VectorXd v = permuted_column(X, j, permutation(j, q, n));
        Eigen::MatrixXd copy = X;
        copy.col(static_cast<Eigen::Index>(j)) = v;
        const Eigen::VectorXd plain = decide(c, copy);
        Eigen::VectorXd fast;
        scorer->decision_with_column(j, v, fast);
        if (exact) {
          ASSERT_EQ(fast, plain) << key << " column " << j;
        }
        worst = std::max(worst, ((fast - plain).array() / (1.0 + plain.array().abs())).abs().maxCoeff());
        for (Eigen::Index i = 0; i < plain.size(); ++i)
          if ((fast(i) > 0) != (plain(i) > 0) && std::abs(plain(i)) >= 1e-9) ++label_flips;
      }
    EXPECT_LT(worst, 1e-9) << key;
    EXPECT_EQ(label_flips, 0) << key;
  }
}

TEST(Classifier, ConcurrentDecisionsEqualSerialOnes) {
  const Eigen::MatrixXd& X = wdbc().test.X;
  const std::size_t n = static_cast<std::size_t>(X.rows()), d = static_cast<std::size_t>(X.cols());
  for (const std::string& key : cl::classifier_keys()) {
    const cl::BinaryClassifier& c = fitted(key);
    const std::unique_ptr<cl::ColumnScorer> scorer = c.column_scorer(X);
    std::vector<Eigen::VectorXd> serial(d), plain_serial(d);
    for (std::size_t j = 0; j < d; ++j) {
      scorer->decision_with_column(j, permuted_column(X, j, permutation(j, 0, n)), serial[j]);
      Eigen::MatrixXd copy = X;
      copy.col(static_cast<Eigen::Index>(j)) = permuted_column(X, j, permutation(j, 0, n));
      c.decision(copy, plain_serial[j]);
    }
    std::vector<Eigen::VectorXd> a(d), b(d), pa(d);
    auto work = [&](std::vector<Eigen::VectorXd>& out, std::vector<Eigen::VectorXd>* plain, bool reverse) {
      for (std::size_t q = 0; q < d; ++q) {
        const std::size_t j = reverse ? d - 1 - q : q;
        const Eigen::VectorXd v = permuted_column(X, j, permutation(j, 0, n));
        scorer->decision_with_column(j, v, out[j]);
        if (plain) {
          Eigen::MatrixXd copy = X;
          copy.col(static_cast<Eigen::Index>(j)) = v;
          c.decision(copy, (*plain)[j]);
        }
      }
    };
    std::thread t1(work, std::ref(a), &pa, false), t2(work, std::ref(b), nullptr, true);
    t1.join();
    t2.join();
    EXPECT_EQ(a, serial) << key;
    EXPECT_EQ(b, serial) << key;
    EXPECT_EQ(pa, plain_serial) << key;
  }
}

TEST(Classifier, WarningsOnlyWhenSomethingHappened) {
  // The raw WDBC MLP (features up to ~4000) usually runs to the epoch cap; with a cap of 2 it always does.
  cl::ClassifierOptions o;
  o.mlp_max_epochs = 2;
  const auto m = cl::fit_binary("mlp", wdbc().train.X, wdbc().train.y, 1, o);
  ASSERT_EQ(m->warnings().size(), 1u);
  EXPECT_NE(m->warnings()[0].find("2-epoch cap"), std::string::npos);
  EXPECT_TRUE(fitted("nb").warnings().empty());
  EXPECT_TRUE(fitted("rf").warnings().empty());
}

TEST(Classifier, OptionChecks) {
  EXPECT_NO_THROW(cl::validate(cl::ClassifierOptions{}));
  auto bad = [](auto change) {
    cl::ClassifierOptions o;
    change(o);
    return o;
  };
  EXPECT_THROW(cl::validate(bad([](cl::ClassifierOptions& o) { o.rf_trees = 0; })), featrel::InputError);
  EXPECT_THROW(cl::validate(bad([](cl::ClassifierOptions& o) { o.rf_subsample = 1.5; })), featrel::InputError);
  EXPECT_THROW(cl::validate(bad([](cl::ClassifierOptions& o) { o.mlp_hidden = {}; })), featrel::InputError);
  EXPECT_THROW(cl::validate(bad([](cl::ClassifierOptions& o) { o.mlp_batch = 0; })), featrel::InputError);
  EXPECT_THROW(cl::validate(bad([](cl::ClassifierOptions& o) { o.svm_degree = 0; })), featrel::InputError);
  EXPECT_THROW(cl::validate(bad([](cl::ClassifierOptions& o) { o.svm_c = 0.0; })), featrel::InputError);
  EXPECT_THROW(cl::validate(bad([](cl::ClassifierOptions& o) { o.logreg_c = -1.0; })), featrel::InputError);
  EXPECT_THROW(cl::validate(bad([](cl::ClassifierOptions& o) { o.nb_var_smoothing = -1e-9; })), featrel::InputError);
  EXPECT_EQ(cl::parse_svm_gamma("scale"), cl::SvmGamma::scale());
  EXPECT_EQ(cl::parse_svm_gamma("auto"), cl::SvmGamma::automatic());
  EXPECT_EQ(cl::parse_svm_gamma("0.25"), cl::SvmGamma::fixed(0.25));
  EXPECT_EQ(cl::parse_svm_gamma("0.25").to_string(), "0.25");
  EXPECT_THROW(cl::parse_svm_gamma("0"), featrel::InputError);
  EXPECT_THROW(cl::parse_svm_gamma("1x"), featrel::InputError);
  EXPECT_THROW(cl::parse_svm_gamma(""), featrel::InputError);
  // Training data: one class only, or labels other than 0/1.
  const auto& d = wdbc();
  EXPECT_THROW(cl::fit_binary("nb", d.train.X, std::vector<int>(d.train.y.size(), 1), 1, {}), featrel::InputError);
  std::vector<int> y = d.train.y;
  y[0] = 2;
  EXPECT_THROW(cl::fit_binary("svm", d.train.X, y, 1, {}), featrel::InputError);
  EXPECT_THROW(fitted("rf").column_scorer(Eigen::MatrixXd::Zero(3, 4)), featrel::InputError);
}

}  // namespace
