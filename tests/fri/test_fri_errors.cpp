// Bad options and inputs (docs/fri.md#errors-and-edge-cases, docs/fri.md#preset-constraints): each raises InputError (PresetError for presets) naming the option
// or feature and what is allowed; warnings for the allowed-but-doubtful settings.
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "featrel/fri_inputs.hpp"
#include "fri_test_data.hpp"

namespace {

using featrel::InputError;
using featrel::fri::Options;
using featrel::fri::PresetError;

featrel::Dataset data() { return fri_test::ref61(fri_test::Ref61::classification); }

// Runs and expects an exception of type E whose message contains every word.
template <typename E>
void expect_error(const featrel::Dataset& d, const Options& o, std::initializer_list<std::string> words) {
  try {
    featrel::fri::run(d, o, fri_test::context());
    ADD_FAILURE() << "expected an error mentioning " << *words.begin();
  } catch (const E& e) {
    const std::string m = e.what();
    for (const std::string& w : words) EXPECT_NE(m.find(w), std::string::npos) << "message: " << m << "\nmissing: " << w;
  }
}

template <typename F>
Options with(F f) {
  Options o;
  o.C = 1;
  f(o);
  return o;
}

TEST(FriErrors, OptionRanges) {
  const featrel::Dataset d = data();
  expect_error<InputError>(d, with([](Options& o) { o.C = -1; }), {"option 'C'", "in [1e-08, 1e+08]", "got -1"});
  expect_error<InputError>(d, with([](Options& o) { o.C = 0; }), {"C"});
  expect_error<InputError>(d, with([](Options& o) { o.epsilon = -0.1; }), {"option 'epsilon'", ">= 0", "got -0.1"});
  expect_error<InputError>(d, with([](Options& o) { o.w_l1_slack = -0.1; }), {"option 'w_l1_slack'", "in [0, 10]"});
  expect_error<InputError>(d, with([](Options& o) { o.loss_slack = -0.1; }), {"loss_slack"});
  expect_error<InputError>(d, with([](Options& o) { o.loss_floor = -1; }), {"loss_floor"});
  expect_error<InputError>(d, with([](Options& o) { o.p = 1.0; }), {"option 'p'", "in (0.5, 1)"});
  expect_error<InputError>(d, with([](Options& o) { o.p = 0.5; }), {"option 'p'"});
  expect_error<InputError>(d, with([](Options& o) { o.cv_folds = 1; }), {"option 'cv_folds'", "in [2, 100]"});
  expect_error<InputError>(d, with([](Options& o) { o.n_probes = 9; }), {"option 'n_probes'", "in [10, 100000]"});
  expect_error<InputError>(d, with([](Options& o) { o.c_grid = {1, -2}; }), {"c_grid"});
  expect_error<InputError>(d, with([](Options& o) { o.epsilon_grid = {}; }), {"epsilon_grid"});
  expect_error<InputError>(d, with([](Options& o) { o.min_relevance = -1; }), {"min_relevance"});
  expect_error<InputError>(d, with([](Options& o) { o.group_cutoff = 2; }), {"group_cutoff"});
  expect_error<InputError>(d, with([](Options& o) { o.lazy_margin = -1; }), {"lazy_margin"});
  EXPECT_THROW(featrel::fri::parse_threshold("median"), InputError);
  EXPECT_THROW(featrel::fri::parse_linkage("ward"), InputError);
  EXPECT_EQ(featrel::fri::parse_linkage("average"), featrel::fri::Linkage::average);
  EXPECT_EQ(featrel::fri::parse_threshold("normal"), featrel::fri::Threshold::normal);
  EXPECT_THROW(featrel::fri::log_grid(1, 0, 3), InputError);
}

TEST(FriErrors, Warnings) {
  const featrel::Dataset d = data();
  auto warnings = [&](const Options& o) {
    std::string all;
    for (const std::string& w : featrel::fri::run(d, o, fri_test::context()).diagnostics.warnings) all += w + "\n";
    return all;
  };
  EXPECT_NE(warnings(with([](Options& o) { o.n_probes = 20; })).find("n_probes = 20"), std::string::npos);
  EXPECT_NE(warnings(with([](Options& o) { o.w_l1_slack = 0; })).find("w_l1_slack or loss_slack is 0"),
            std::string::npos);
  EXPECT_EQ(warnings(with([](Options&) {})).find("n_probes"), std::string::npos);

  // Noisy copies of one signal (|corr| in (0.9, 0.9999)) under the fixed budget at δ < 0.01: suggest the calibrated
  // budget or --slack 0.05; not at δ = 0.05, and not under the calibrated budget (the default), which sizes the class
  // to the data.
  featrel::gen::RelevanceOptions g;
  g.n_samples = 100;
  g.n_features = 6;
  g.n_strong = 1;
  g.n_weak = 2;
  g.noise = 0.1;
  const featrel::Dataset noisy = fri_test::generated(g, 1);
  auto noisy_warnings = [&](const Options& o) {
    std::string all;
    for (const std::string& w : featrel::fri::run(noisy, o, fri_test::context()).diagnostics.warnings) all += w + "\n";
    return all;
  };
  const std::string fixed_warnings = noisy_warnings(with([](Options& o) { o.budget = featrel::fri::Budget::fixed; }));
  EXPECT_NE(fixed_warnings.find("correlated features (e.g. x1 and x2"), std::string::npos);
  EXPECT_NE(fixed_warnings.find("--budget calibrated or --slack 0.05"), std::string::npos);
  EXPECT_EQ(noisy_warnings(with([](Options& o) {
              o.budget = featrel::fri::Budget::fixed;
              o.w_l1_slack = o.loss_slack = 0.05;
            })).find("correlated"),
            std::string::npos);
  EXPECT_EQ(noisy_warnings(with([](Options&) {})).find("correlated"), std::string::npos);
}

TEST(FriErrors, Presets) {
  const featrel::Dataset d = data();
  using P = featrel::fri::Preset;
  expect_error<PresetError>(d, with([](Options& o) { o.presets = {P{"nope", 0, 0}}; }), {"nope", "not a feature"});
  expect_error<PresetError>(d, with([](Options& o) { o.presets = {P{"9", 0, 0}}; }), {"out of range"});
  expect_error<PresetError>(d, with([](Options& o) { o.presets = {P{"h1", 0, 0}, P{"1", 0, 0}}; }),
                            {"'h1' is preset twice"});
  expect_error<PresetError>(d, with([](Options& o) { o.presets = {P{"f0", -0.1, -0.1}}; }), {"f0", ">= 0"});
  expect_error<PresetError>(d, with([](Options& o) { o.presets = {P{"f0", 0.4, 0.3}}; }), {"f0", "LO must not exceed HI"});
  expect_error<PresetError>(d, with([](Options& o) { o.presets = {P{"f0", std::nan(""), 0.3}}; }), {"finite"});
  // Unknown names come first: an unknown and a duplicate preset report the unknown one.
  expect_error<PresetError>(d, with([](Options& o) { o.presets = {P{"f0", 0, 0}, P{"f0", 0, 0}, P{"zz", 0, 0}}; }),
                            {"zz"});
  // Σ lo beyond the L1 budget (each inside its own interval [0, .5737] at Δ = 0.1... but at Δ = 0.001 h1's UB is
  // .477, so use f0 [.50, .51] and the h pair at .3 each: 1.1 > 1.001).
  expect_error<PresetError>(d, with([](Options& o) {
                              o.presets = {P{"f0", 0.502, 0.505}, P{"h1", 0.3, 0.3}, P{"h2", 0.3, 0.3}};
                            }),
                            {"L1 share 1.102", "budget 1.001"});
  // PresetError is an InputError (CLI exit 2).
  expect_error<InputError>(d, with([](Options& o) { o.presets = {P{"nope", 0, 0}}; }), {"nope"});
}

TEST(FriErrors, ParsePreset) {
  const featrel::fri::Preset a = featrel::fri::parse_preset("x3=0.25");
  EXPECT_EQ(a.feature, "x3");
  EXPECT_EQ(a.lo, 0.25);
  EXPECT_EQ(a.hi, 0.25);
  const featrel::fri::Preset b = featrel::fri::parse_preset("age=0.1:0.4");
  EXPECT_EQ(b.feature, "age");
  EXPECT_EQ(b.lo, 0.1);
  EXPECT_EQ(b.hi, 0.4);
  EXPECT_THROW(featrel::fri::parse_preset("x3"), PresetError);
  EXPECT_THROW(featrel::fri::parse_preset("=1"), PresetError);
  EXPECT_THROW(featrel::fri::parse_preset("x3=abc"), PresetError);
  EXPECT_THROW(featrel::fri::parse_preset("x3=0.1:"), PresetError);
}

TEST(FriErrors, BadData) {
  // Only constant features.
  Eigen::MatrixXd X = Eigen::MatrixXd::Ones(20, 2);
  std::vector<std::string> y;
  for (int i = 0; i < 20; ++i) y.push_back(i % 2 ? "a" : "b");
  expect_error<InputError>(fri_test::dataset(X, {"u", "v"}, y, featrel::TaskRequest::binary), Options{},
                           {"constant"});

  // A value that is not finite (a Dataset built by hand).
  featrel::Dataset d = data();
  d.X(16, 3) = std::numeric_limits<double>::quiet_NaN();
  expect_error<InputError>(d, Options{}, {"row 17", "f3", "not finite"});

  // A binary task with three classes.
  featrel::Dataset three = data();
  three.classes = {"a", "b", "c"};
  expect_error<InputError>(three, Options{}, {"exactly 2 classes", "found 3", "--task ordinal"});

  // A constant regression target.
  featrel::Dataset flat = fri_test::ref61(fri_test::Ref61::regression);
  flat.y.setConstant(2.0);
  expect_error<InputError>(flat, Options{}, {"zero variance"});

  // A class smaller than the folds of the search; with C fixed there is no search and no error.
  Eigen::MatrixXd Z(12, 2);
  std::vector<std::string> t;
  for (int i = 0; i < 12; ++i) {
    Z(i, 0) = i;
    Z(i, 1) = (i * 7) % 5;
    t.push_back(i < 2 ? "1" : "-1");
  }
  const featrel::Dataset small = fri_test::dataset(Z, {"a", "b"}, t, featrel::TaskRequest::binary);
  expect_error<InputError>(small, Options{}, {"class '1' has 2 rows", "--C"});
  Options fixed;
  fixed.C = 1;
  EXPECT_NO_THROW(featrel::fri::run(small, fixed, fri_test::context()));

  // Fewer rows than 2·cv_folds.
  Options many;
  many.cv_folds = 7;
  expect_error<InputError>(small, many, {"2·cv_folds"});
}

}  // namespace

namespace {

// docs/fri.md#baseline-and-model-class: a C so small that the baseline has no weights gives the constant model: every feature irrelevant
// with a zero interval, no bounds or probes, and a warning.
TEST(FriErrors, ConstantModel) {
  const featrel::Dataset d = fri_test::ref61(fri_test::Ref61::classification);
  featrel::fri::Options o;
  o.C = 1e-6;
  const featrel::fri::Result r = featrel::fri::run(d, o, fri_test::context());
  EXPECT_TRUE(r.models[0].baseline.constant_model);
  EXPECT_EQ(fri_test::classes_string(r.features), "00000");
  for (const auto& f : r.features) EXPECT_EQ(f.upper, 0.0);
  EXPECT_EQ(r.diagnostics.phases[2].lp_solves, 0);  // bounds
  EXPECT_EQ(r.diagnostics.phases[3].lp_solves, 0);  // probes
  bool warned = false;
  for (const auto& w : r.diagnostics.warnings) warned |= w.find("no weights") != std::string::npos;
  EXPECT_TRUE(warned);
  const featrel::report::Json j = r.to_json(d);
  EXPECT_EQ(j["selected"].size(), 0u);
  EXPECT_EQ(j["probes"]["upper"]["values"].size(), 0u);
}

}  // namespace
