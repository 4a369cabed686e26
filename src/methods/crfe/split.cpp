// Split preparation (docs/crfe.md#preparation-and-split): the row roles (a seeded stratified partition, or fixed roles), the checks
// that need them (docs/crfe.md#errors-and-edge-cases, docs/architecture.md#data-handling: a class without training or calibration rows is an error),
// standardisation with the training rows' mean and population sd, the training-constant columns, and the class-wise
// column sums of the β rows that make every later β an O(K·p_t) computation.
#include <algorithm>
#include <chrono>
#include <cmath>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/preprocess.hpp"
#include "featrel/splits.hpp"
#include "methods/crfe/crfe_internal.hpp"

namespace featrel::crfe::detail {

std::vector<Eigen::Index> as_index(const std::vector<std::size_t>& v) {
  return std::vector<Eigen::Index>(v.begin(), v.end());
}

namespace {

std::vector<int> labels_of(const Dataset& data, const std::vector<std::size_t>& rows) {
  std::vector<int> y;
  y.reserve(rows.size());
  for (std::size_t r : rows) y.push_back(data.labels[r]);
  return y;
}

std::vector<std::size_t> counts_of(const std::vector<int>& y, std::size_t K) {
  std::vector<std::size_t> c(K, 0);
  for (int v : y) ++c[static_cast<std::size_t>(v)];
  return c;
}

std::string quoted(const Dataset& data, std::size_t k) { return "'" + data.classes[k] + "'"; }

// docs/crfe.md#preparation-and-split sizes: n_test = ⌈f_test·n⌉, n_train = ⌊f_train·(n − n_test)⌋, the rest h held out and split
// into selection (⌊f_sel·h⌋) and calibration, or given wholly to one of them.
Rows random_rows(const Dataset& data, const Options& o, std::uint64_t seed) {
  const std::size_t n = data.n_samples();
  const std::size_t n_test = ceil_count(o.test_fraction, n);
  const std::size_t n_train = floor_count(o.train_fraction, n - n_test);
  const std::size_t h = n - n_test - n_train;
  std::size_t n_sel = 0, n_cal = 0;
  bool shared = false;
  if (o.beta_rows == BetaRows::train) {
    n_cal = h;  // β comes from the training rows; everything held out calibrates
  } else if (o.reuse_calibration) {
    n_cal = h;  // the paper's layout: one held-out part both selects and calibrates
    shared = true;
  } else if (n_test == 0) {
    n_sel = h;  // no evaluation, so no calibration either
  } else {
    n_sel = floor_count(o.selection_fraction, h);
    n_cal = h - n_sel;
  }
  // Parts: test, train, selection, calibration; every class keeps at least one training row.
  const auto parts =
      stratified_partition(data.labels, data.n_classes(), {n_test, n_train, n_sel, n_cal}, seed, {0, 1, 0, 0});
  Rows rows;
  rows.test = parts[0];
  rows.train = parts[1];
  rows.selection = shared ? parts[3] : parts[2];
  if (o.method == Method::rfe && !shared) {
    // RFE has no use for selection rows (they give CRFE its β): it trains on CRFE's training and selection rows,
    // so that its ranking sees every row the evaluation leaves (200 rows: 112 instead of 75), and the same seed
    // gives both the same calibration and test rows. crfe --with-rfe runs RFE on CRFE's own split instead.
    rows.train.insert(rows.train.end(), rows.selection.begin(), rows.selection.end());
    std::sort(rows.train.begin(), rows.train.end());
    rows.selection.clear();
  }
  rows.calibration = parts[3];
  rows.split_seed = seed;
  rows.reuse_calibration = shared;
  return rows;
}

Rows fixed_rows(const Dataset& data, const Options& o) {
  const std::size_t n = data.n_samples();
  const std::string cmd = to_string(o.method);
  if (o.roles.size() != n)
    throw InputError(cmd + ": " + std::to_string(o.roles.size()) + " row roles for " + std::to_string(n) + " rows");
  Rows rows;
  for (std::size_t i = 0; i < n; ++i) {
    switch (o.roles[i]) {
      case Role::train:
        rows.train.push_back(i);
        break;
      case Role::selection:
        rows.selection.push_back(i);
        break;
      case Role::calibration:
        rows.calibration.push_back(i);
        break;
      case Role::test:
        rows.test.push_back(i);
        break;
    }
  }
  if (o.reuse_calibration && o.beta_rows == BetaRows::selection) {
    if (!rows.selection.empty())
      throw InputError(cmd + ": reuse_calibration takes the selection rows from the calibration rows, but " +
                       std::to_string(rows.selection.size()) + " rows have the role 'selection'");
    rows.selection = rows.calibration;
    rows.reuse_calibration = true;
  }
  return rows;
}

}  // namespace

Prepared prepare_split(const Dataset& data, const Options& o, std::optional<std::uint64_t> split_seed) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::string cmd = to_string(o.method);
  Prepared prep;
  const std::size_t K = data.n_classes();
  const std::size_t n = data.n_samples();
  prep.n_classes = K;
  prep.p = data.n_features();
  prep.rows = o.roles.empty() ? random_rows(data, o, split_seed.value_or(0)) : fixed_rows(data, o);
  const Rows& rows = prep.rows;

  prep.y_train = labels_of(data, rows.train);
  const auto train_counts = counts_of(prep.y_train, K);
  for (std::size_t k = 0; k < K; ++k)
    if (train_counts[k] == 0)
      throw InputError(cmd + ": class " + quoted(data, k) + " has no training rows (" +
                       std::to_string(data.class_counts()[k]) + " rows in total)");

  const std::vector<std::size_t>& beta_rows = o.beta_rows == BetaRows::train ? rows.train : rows.selection;
  if (o.method == Method::crfe && beta_rows.empty())
    throw InputError(cmd + ": no selection rows to compute β on (" + std::to_string(n) +
                     " rows); lower --train-fraction, raise --selection-fraction or use --beta-rows train");

  if (!rows.test.empty()) {
    prep.y_test = labels_of(data, rows.test);
    prep.y_cal = labels_of(data, rows.calibration);
    const auto cal_counts = counts_of(prep.y_cal, K);
    for (std::size_t k = 0; k < K; ++k)
      if (cal_counts[k] == 0)
        throw InputError(cmd + ": class " + quoted(data, k) + " has no calibration rows (" +
                         std::to_string(data.class_counts()[k]) + " rows in total, " +
                         std::to_string(rows.calibration.size()) +
                         " calibration rows); give that class more rows, raise the held-out fractions, or use "
                         "--test-fraction 0 to skip the conformal evaluation");
    const auto test_counts = counts_of(prep.y_test, K);
    for (std::size_t k = 0; k < K; ++k)
      if (test_counts[k] == 0) prep.warnings.push_back("class " + quoted(data, k) + " has no test rows");
    const double eps = o.significance;
    if ((static_cast<double>(rows.calibration.size()) + 1.0) * eps < 1.0)
      prep.warnings.push_back("calibration set too small for significance ε = " + format_number(eps) + " (" +
                              std::to_string(rows.calibration.size()) +
                              " rows): every p-value exceeds ε and every prediction set is full");
  }
  if (o.method == Method::crfe) {
    const auto sel_counts = counts_of(labels_of(data, beta_rows), K);
    const std::string part = o.beta_rows == BetaRows::train ? "training" : "selection";
    for (std::size_t k = 0; k < K; ++k)
      if (sel_counts[k] == 0)
        prep.warnings.push_back("class " + quoted(data, k) + " has no " + part + " rows; its β column sums are 0");
  }
  if (rows.reuse_calibration)
    prep.warnings.push_back("calibration rows also chose the features; conformal validity is not guaranteed");

  // Standardise with the training rows (population sd); their constant columns are flagged either way.
  const Standardizer st = Standardizer::fit(data.X, rows.train, SdDivisor::population);
  prep.constant = st.constant;
  const Eigen::MatrixXd Z = o.standardize == Standardize::train ? st.transform(data.X) : data.X;
  std::vector<std::size_t> constants;
  for (std::size_t j = 0; j < prep.p; ++j) {
    if (prep.constant[j]) constants.push_back(j);
    if (!prep.constant[j] || o.keep_constant) prep.active.push_back(j);
  }
  if (prep.active.empty())
    throw InputError(cmd + ": every feature is constant on the " + std::to_string(rows.train.size()) +
                     " training rows; nothing to rank");
  if (!constants.empty()) {
    std::string names;
    for (std::size_t q = 0; q < constants.size() && q < 8; ++q)
      names += (q ? ", " : "") + ("'" + data.feature_names[constants[q]] + "'");
    if (constants.size() > 8) names += ", …";
    prep.warnings.push_back(
        std::to_string(constants.size()) + " column(s) constant on the training rows (" + names +
        (o.keep_constant ? "): kept in the elimination loop" : "): left out of the fits and ranked last"));
  }

  prep.Z_train = Z(as_index(rows.train), Eigen::all);
  if (!rows.test.empty()) {
    prep.Z_cal = Z(as_index(rows.calibration), Eigen::all);
    prep.Z_test = Z(as_index(rows.test), Eigen::all);
  }
  if (o.method == Method::crfe) {
    const Eigen::MatrixXd Zb = Z(as_index(beta_rows), Eigen::all);
    prep.sums = class_sums(Zb, labels_of(data, beta_rows), K);
  }
  prep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return prep;
}

}  // namespace featrel::crfe::detail
