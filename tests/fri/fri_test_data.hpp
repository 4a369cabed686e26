// Data sets for the FRI tests: the deterministic 60-row set of docs/fri.md#exact-reference-data, generated relevance data
// (docs/generate.md#relevance-generator), and small helpers to build Datasets and compare results.
#pragma once

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/fri.hpp"
#include "featrel/generate.hpp"
#include "featrel/result_json.hpp"

namespace fri_test {

// A Dataset from memory with the given task; targets written as shortest round-trip text.
inline featrel::Dataset dataset(const Eigen::MatrixXd& X, const std::vector<std::string>& names,
                                const std::vector<std::string>& target, featrel::TaskRequest task) {
  featrel::CsvOptions co;
  co.task = task;
  return featrel::make_dataset(X, names, target, co);
}

inline std::vector<std::string> as_text(const Eigen::VectorXd& y) {
  std::vector<std::string> t;
  for (Eigen::Index i = 0; i < y.size(); ++i) t.push_back(featrel::format_number(y[i]));
  return t;
}

// docs/fri.md#exact-reference-data: n = 60, frac(a) = (i·a) mod 1 for i = 1..60; raw columns [f0, h, h, f3, f4] (run() z-scores
// them with the population sd); targets from the raw values.
enum class Ref61 { classification, regression, ordinal };

inline double frac(int i, double a) {
  const double v = i * a;
  return v - std::floor(v);
}

inline featrel::Dataset ref61(Ref61 kind) {
  const int n = 60;
  Eigen::MatrixXd X(n, 5);
  Eigen::VectorXd f0(n), h(n);
  for (int i = 1; i <= n; ++i) {
    f0[i - 1] = 2 * frac(i, 0.6180339887) - 1;
    h[i - 1] = 2 * frac(i, 0.4142135624) - 1;
    X(i - 1, 0) = f0[i - 1];
    X(i - 1, 1) = h[i - 1];
    X(i - 1, 2) = h[i - 1];
    X(i - 1, 3) = 2 * frac(i, 0.7320508076) - 1;
    X(i - 1, 4) = 2 * frac(i, 0.2360679775) - 1;
  }
  const std::vector<std::string> names{"f0", "h1", "h2", "f3", "f4"};
  Eigen::VectorXd y_reg = 0.3 * (f0 + h);
  std::vector<std::string> target;
  switch (kind) {
    case Ref61::classification:
      for (int i = 0; i < n; ++i) target.push_back(f0[i] + h[i] > 0 ? "1" : "-1");
      return dataset(X, names, target, featrel::TaskRequest::binary);
    case Ref61::regression:
      return dataset(X, names, as_text(y_reg), featrel::TaskRequest::regression);
    case Ref61::ordinal: {
      std::vector<int> order(n);
      std::iota(order.begin(), order.end(), 0);
      std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return y_reg[a] < y_reg[b]; });
      target.assign(n, "");
      for (int r = 0; r < n; ++r) target[static_cast<std::size_t>(order[r])] = std::to_string(r / 20);
      return dataset(X, names, target, featrel::TaskRequest::ordinal);
    }
  }
  return {};
}

// Generated relevance data (docs/generate.md#relevance-generator) as a Dataset; classification labels −1/+1.
inline featrel::Dataset generated(const featrel::gen::RelevanceOptions& o, std::uint64_t seed,
                                  featrel::gen::Truth* truth = nullptr) {
  const featrel::gen::GeneratedData g = featrel::gen::generate_relevance(o, seed);
  if (truth) *truth = g.truth;
  featrel::TaskRequest task = featrel::TaskRequest::binary;
  if (o.task == "regression") task = featrel::TaskRequest::regression;
  if (o.task == "ordinal") task = featrel::TaskRequest::ordinal;
  return dataset(g.X, g.names, as_text(g.y), task);
}

// Data wider than tall for `task`: n rows, d columns, 3 strong and 4 weak features, little noise.
inline featrel::gen::RelevanceOptions wide(const std::string& task, std::size_t n, std::size_t d) {
  featrel::gen::RelevanceOptions g;
  g.task = task;
  g.n_samples = n;
  g.n_features = d;
  g.n_strong = 3;
  g.n_weak = 4;
  g.noise = 0.1;
  if (task == "regression") g.target_noise = 0.1;
  return g;
}

inline featrel::gen::RelevanceOptions sim(const std::string& preset, std::size_t n) {
  featrel::gen::RelevanceOptions o = featrel::gen::relevance_preset(preset);
  o.n_samples = n;
  return o;
}

// Options for the docs/fri.md#exact-reference-data tables: fixed C (and ε), Δ on both budgets (the fixed loss
// budget in both modes: the tables are the reference's class).
inline featrel::fri::Options fixed(double C, double delta, bool reference, double epsilon = -1) {
  featrel::fri::Options o;
  o.C = C;
  o.budget = featrel::fri::Budget::fixed;
  if (epsilon >= 0) o.epsilon = epsilon;
  o.w_l1_slack = o.loss_slack = delta;
  o.reference = reference;
  return o;
}

inline featrel::RunContext context(std::uint64_t seed = 0, unsigned threads = 1) {
  featrel::RunContext ctx;
  ctx.seed = seed;
  ctx.threads = threads;
  return ctx;
}

inline std::string classes_string(const std::vector<featrel::fri::FeatureResult>& f) {
  std::string s;
  for (const auto& x : f) s += std::to_string(x.cls);
  return s;
}

// Every option set is refused before any fit with an InputError naming `key` ('screen', 'signed_range', ...).
inline void expect_refused(const featrel::Dataset& d, const std::vector<featrel::fri::Options>& sets,
                           const std::string& key) {
  for (const featrel::fri::Options& o : sets) {
    try {
      featrel::fri::run(d, o, context());
      ADD_FAILURE() << "expected an error naming '" << key << "'";
    } catch (const featrel::InputError& e) {
      EXPECT_NE(std::string(e.what()).find("'" + key + "'"), std::string::npos) << e.what();
    }
  }
}

// LP solves of the bounds phase.
inline long bound_lps(const featrel::fri::Result& r) {
  for (const auto& p : r.diagnostics.phases)
    if (p.name == "bounds") return p.lp_solves;
  return -1;
}

// Three classes (one against the rest) on 90 rows and 200 columns, 4 of them informative: a wide multiclass table.
inline featrel::Dataset three_classes_wide(std::uint64_t seed) {
  featrel::gen::ClustersOptions g;
  g.n_samples = 90;
  g.n_features = 200;
  g.n_informative = 4;
  g.n_redundant = 0;
  g.n_classes = 3;
  g.n_clusters_per_class = 1;
  const featrel::gen::GeneratedData gd = featrel::gen::generate_clusters(g, seed);
  return dataset(gd.X, gd.names, as_text(gd.y), featrel::TaskRequest::multiclass);
}

inline void expect_intervals(const std::vector<featrel::fri::FeatureResult>& f,
                             const std::vector<std::pair<double, double>>& expected, double tol = 1e-4) {
  ASSERT_EQ(f.size(), expected.size());
  for (std::size_t j = 0; j < expected.size(); ++j) {
    EXPECT_NEAR(f[j].lower, expected[j].first, tol) << "feature " << j << " lower";
    EXPECT_NEAR(f[j].upper, expected[j].second, tol) << "feature " << j << " upper";
  }
}

}  // namespace fri_test
