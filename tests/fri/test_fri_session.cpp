// fri::Session (featrel/fri_session.hpp): a constrained result equals fri::run with the same presets — the whole
// document without timing, for binary, regression, multiclass and grouped runs, for 1 and 2 threads — and a bad
// or infeasible pin is the same PresetError. Also the pin round trip on the breast cancer data.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <iostream>

#include "featrel/fri_session.hpp"
#include "fri_test_data.hpp"

namespace {

using featrel::fri::Options;
using featrel::fri::Preset;
using featrel::fri::Session;

std::string doc(const featrel::fri::Result& r, const featrel::Dataset& d) {
  return featrel::report::json_text(featrel::report::strip_timing(r.to_json(d)));
}

Options with_presets(Options o, const std::vector<Preset>& p) {
  o.presets = p;
  return o;
}

// The message of the error fri::run and Session::constrain throw (empty if none).
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const featrel::fri::PresetError& e) {
    return std::string("PresetError: ") + e.what();
  } catch (const std::exception& e) {
    return std::string("other: ") + e.what();
  }
  return "";
}

void expect_same_as_run(const featrel::Dataset& d, const Options& o, const std::vector<std::vector<Preset>>& pins) {
  const Session session(d, o, fri_test::context(7, 1));
  EXPECT_EQ(doc(session.result(), d), doc(featrel::fri::run(d, o, fri_test::context(7, 1)), d));
  for (const auto& p : pins) {
    const std::string expected = doc(featrel::fri::run(d, with_presets(o, p), fri_test::context(7, 1)), d);
    for (unsigned threads : {1u, 2u}) {
      // The session's seed wins over the call's: the fitted state belongs to it.
      EXPECT_EQ(doc(session.constrain(p, fri_test::context(99, threads)), d), expected) << "threads " << threads;
    }
  }
}

TEST(FriSession, ConstrainEqualsRunWithPresetsBinary) {
  const featrel::Dataset d = fri_test::ref61(fri_test::Ref61::classification);
  const Options o = fri_test::fixed(1.0, 0.01, false);
  expect_same_as_run(d, o, {{{"h1", 0.0, 0.0}}, {{"h2", 0.05, 0.2}}, {{"f0", 0.5, 0.5}, {"h1", 0.0, 0.0}}, {}});
}

TEST(FriSession, ConstrainEqualsRunWithSearchGroupingAndRegression) {
  featrel::Dataset d = fri_test::ref61(fri_test::Ref61::classification);
  Options o;  // the C search and the probes as the CLI runs them
  o.grouping = true;
  o.n_probes = 20;
  expect_same_as_run(d, o, {{{"h1", 0.0, 0.0}}});
  const featrel::Dataset r = fri_test::ref61(fri_test::Ref61::regression);
  expect_same_as_run(r, fri_test::fixed(1.0, 0.01, false, 0.01), {{{"h2", 0.0, 0.0}}, {{"3", 0.0, 0.05}}});
}

TEST(FriSession, ConstrainEqualsRunMulticlass) {
  featrel::gen::RelevanceOptions g = fri_test::sim("fri-sim1", 90);
  const featrel::Dataset base = fri_test::generated(g, 3);
  // Three classes from the binary target and the first feature's sign.
  std::vector<std::string> target;
  for (std::size_t i = 0; i < base.n_samples(); ++i)
    target.push_back(base.labels[i] == 1 ? "a" : (base.X(static_cast<Eigen::Index>(i), 0) > 0 ? "b" : "c"));
  const featrel::Dataset d = fri_test::dataset(base.X, base.feature_names, target, featrel::TaskRequest::multiclass);
  Options o = fri_test::fixed(1.0, 0.01, false);
  o.n_probes = 10;
  // Ranges that meet every class's interval (a pin must be feasible in each one-vs-rest model class).
  expect_same_as_run(d, o, {{{base.feature_names.back(), 0.0, 1.0}}, {{base.feature_names[1], 0.0, 1.0}}});
}

TEST(FriSession, PinningOneOfTwoCopiesRaisesThePartnersLowerBound) {
  const featrel::Dataset d = fri_test::ref61(fri_test::Ref61::classification);
  const Session session(d, fri_test::fixed(1.0, 0.01, false), fri_test::context());
  const auto& free = session.result().features;
  EXPECT_EQ(free[1].lower, 0.0);  // h1 and h2 are copies: either can carry the weight alone
  EXPECT_EQ(free[2].lower, 0.0);
  const featrel::fri::Result pinned = session.constrain({{"h1", 0.0, 0.0}}, fri_test::context());
  const auto& c = pinned.models.front().constrained->features;
  EXPECT_GT(c[2].lower, 0.1);
  EXPECT_EQ(c[2].cls, 2);  // without its copy, h2 is needed by every model
  EXPECT_EQ(c[1].upper, 0.0);
}

TEST(FriSession, BadPinsAreTheRunsPresetErrors) {
  const featrel::Dataset d = fri_test::ref61(fri_test::Ref61::classification);
  const Options o = fri_test::fixed(1.0, 0.01, false);
  const Session session(d, o, fri_test::context());
  const std::vector<std::vector<Preset>> bad{
      {{"nope", 0.0, 0.0}},                       // unknown
      {{"h1", 0.3, 0.1}},                         // lo > hi
      {{"h1", -1.0, 0.0}},                        // negative
      {{"h1", 0.0, 0.0}, {"1", 0.0, 0.0}},        // duplicate (name and index)
      {{"f0", 0.99, 0.99}},                       // outside its interval
      {{"f0", 0.3, 0.3}, {"h1", 0.5, 0.5}, {"h2", 0.5, 0.5}},  // budget
  };
  for (const auto& p : bad) {
    const std::string from_run = error_of([&] { featrel::fri::run(d, with_presets(o, p), fri_test::context()); });
    ASSERT_NE(from_run.rfind("PresetError: ", 0), std::string::npos) << from_run;
    EXPECT_EQ(error_of([&] { session.constrain(p, fri_test::context()); }), from_run);
    EXPECT_NE(from_run.find(p.front().feature == "1" ? "h1" : p.front().feature), std::string::npos) << from_run;
  }
  // The session is unchanged by the failures.
  EXPECT_EQ(doc(session.constrain({}, fri_test::context()), d), doc(session.result(), d));
}

TEST(FriSession, CancelStopsConstrain) {
  const featrel::Dataset d = fri_test::ref61(fri_test::Ref61::classification);
  const Session session(d, fri_test::fixed(1.0, 0.01, false), fri_test::context());
  std::atomic<bool> cancel{true};
  featrel::RunContext ctx = fri_test::context();
  ctx.cancel = &cancel;
  EXPECT_THROW(session.constrain({{"h1", 0.0, 0.0}}, ctx), featrel::Cancelled);
}

// The pin round trip of docs/explore.md on the breast cancer data (30 features): measured and printed; the
// result equals fri::run with the same preset.
TEST(FriSession, BreastCancerPinRoundTrip) {
  featrel::CsvOptions co;
  co.target = "malignant";
  const featrel::Dataset d = featrel::read_csv(std::string(FEATREL_DATA_DIR) + "/breast_cancer_wisconsin_diagnostic.csv", co);
  ASSERT_EQ(d.n_features(), 30u);
  Options o;
  const Session session(d, o, fri_test::context(0, 2));
  // The feature with lower bound 0 and the largest upper bound, pinned to 0 (a feature "forbidden").
  const auto& free = session.result().features;
  std::size_t pick = free.size();
  for (std::size_t j = 0; j < free.size(); ++j)
    if (free[j].lower == 0 && (pick == free.size() || free[j].upper > free[pick].upper)) pick = j;
  ASSERT_LT(pick, free.size());
  const std::vector<Preset> pin{{d.feature_names[pick], 0.0, 0.0}};
  double best = 1e9;
  featrel::fri::Result r;
  for (int rep = 0; rep < 5; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    r = session.constrain(pin, fri_test::context(0, 2));
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::cout << "breast cancer pin round trip: " << best * 1000 << " ms (best of 5, 2 threads)\n";
  RecordProperty("pin_round_trip_ms", std::to_string(best * 1000));
  EXPECT_EQ(doc(r, d), doc(featrel::fri::run(d, with_presets(o, pin), fri_test::context(0, 2)), d));
}

}  // namespace
