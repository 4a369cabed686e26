// The full pareto pipeline (docs/pareto.md#data-preparation to #permutation-impact): binary target, splits, classifiers, permutation impacts;
// then the analysis of analysis.cpp.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/preprocess.hpp"
#include "featrel/rng.hpp"
#include "featrel/selectors.hpp"
#include "featrel/splits.hpp"
#include "featrel/stats.hpp"
#include "featrel/thread_pool.hpp"
#include "pareto_internal.hpp"

namespace featrel::pareto {
namespace {

using metrics::Confusion;
using metrics::Measure;

struct BinaryTarget {
  std::vector<int> y;  // 0/1
  std::string positive, negative;
};

BinaryTarget binary_target(const Dataset& data, const Options& o, std::vector<std::string>& warnings) {
  if (!data.is_classification())
    throw InputError("pareto: target '" + data.target_name + "' is a " + to_string(data.task) +
                     " target; pareto needs a binary classification target");
  const std::size_t k = data.n_classes();
  auto label_list = [&]() {
    std::string s;
    for (const auto& c : data.classes) s += (s.empty() ? "" : ", ") + c;
    return s;
  };
  // Many distinct non-integer numbers are a measured quantity, not classes: say so instead of "K classes".
  std::size_t fractional = 0;
  for (const auto& c : data.classes) {
    char* end = nullptr;
    const double v = std::strtod(c.c_str(), &end);
    if (end != c.c_str() && *end == '\0' && std::floor(v) != v) ++fractional;
  }
  if (k > 20 && fractional > 0)
    throw InputError("pareto: target '" + data.target_name + "' looks like a regression target (" + std::to_string(k) +
                     " distinct numeric values, not all integers); pareto needs a binary classification target");
  BinaryTarget t;
  std::size_t pos_code = 1;
  if (!o.positive.empty()) {
    auto it = std::find(data.classes.begin(), data.classes.end(), o.positive);
    if (it == data.classes.end()) {
      // "--positive 1" also finds a label written "1.0".
      char* end = nullptr;
      const double wanted = std::strtod(o.positive.c_str(), &end);
      if (end != o.positive.c_str() && *end == '\0')
        it = std::find_if(data.classes.begin(), data.classes.end(), [&](const std::string& c) {
          char* e = nullptr;
          const double v = std::strtod(c.c_str(), &e);
          return e != c.c_str() && *e == '\0' && v == wanted;
        });
    }
    if (it == data.classes.end())
      throw InputError("pareto: positive class '" + o.positive + "' does not occur in '" + data.target_name +
                       "' (labels: " + label_list() + ")");
    pos_code = static_cast<std::size_t>(it - data.classes.begin());
  } else if (k != 2) {
    throw InputError("pareto: target '" + data.target_name + "' has " + std::to_string(k) +
                     " classes; pareto needs a binary target (use --positive VALUE to binarise one class against the rest)");
  }
  if (k < 2) throw InputError("pareto: target '" + data.target_name + "' has a single class");
  t.positive = data.classes[pos_code];
  if (k == 2) {
    t.negative = data.classes[1 - pos_code];
  } else {
    t.negative = "not " + t.positive;
    warnings.push_back("target binarised: " + t.positive + " vs the other " + std::to_string(k - 1) + " classes");
  }
  t.y.resize(data.labels.size());
  for (std::size_t i = 0; i < t.y.size(); ++i) t.y[i] = static_cast<std::size_t>(data.labels[i]) == pos_code ? 1 : 0;
  return t;
}

struct Split {
  std::vector<std::size_t> train, test;
};

Eigen::MatrixXd rows_of(const Eigen::MatrixXd& X, const std::vector<std::size_t>& rows,
                        const std::vector<std::size_t>& cols) {
  Eigen::MatrixXd out(Eigen::Index(rows.size()), Eigen::Index(cols.size()));
  for (std::size_t j = 0; j < cols.size(); ++j)
    for (std::size_t i = 0; i < rows.size(); ++i) out(Eigen::Index(i), Eigen::Index(j)) = X(Eigen::Index(rows[i]), Eigen::Index(cols[j]));
  return out;
}

Confusion count(const Eigen::VectorXd& decision, const std::vector<int>& y) {
  Confusion cm;
  for (std::size_t i = 0; i < y.size(); ++i) {
    const bool predicted = decision[Eigen::Index(i)] > 0;
    if (y[i] == 1)
      (predicted ? cm.tp : cm.fn) += 1;
    else
      (predicted ? cm.fp : cm.tn) += 1;
  }
  return cm;
}

// Measures whose denominator the permutation cannot change: their impacts come from integer count sums, so that
// complements are exact negatives and equal sums give bit-equal values (docs/pareto.md#permutation-impact item 3).
bool count_based(Measure m) {
  return m == Measure::sensitivity || m == Measure::specificity || m == Measure::fnr || m == Measure::fpr ||
         m == Measure::accuracy;
}

// (numerator count, denominator) of a count-based measure.
std::pair<long, long> count_parts(Measure m, const Confusion& c) {
  switch (m) {
    case Measure::sensitivity: return {c.tp, c.positives()};
    case Measure::specificity: return {c.tn, c.negatives()};
    case Measure::fnr: return {c.fn, c.positives()};
    case Measure::fpr: return {c.fp, c.negatives()};
    default: return {c.tp + c.tn, c.total()};
  }
}

struct FittedClassifier {
  std::vector<std::size_t> columns;  // the data columns it trains on (X_test's columns), ascending
  std::unique_ptr<classify::BinaryClassifier> model;
  std::unique_ptr<classify::ColumnScorer> scorer;
  Eigen::MatrixXd X_test;
  std::vector<int> y_test;
  Confusion baseline;
  ClassifierReport report;
};

// What the fits and the permutations depend on besides the data and the seed. run() and a plan worker build it
// the same way, so a worker's classifier is the local one to the last bit.
struct Setup {
  Options o;  // effective options
  BinaryTarget target;
  std::vector<std::size_t> active;
  std::vector<Measure> measures;
  bool holdout = true;
  std::size_t n_test = 0;
  std::size_t prefilter = 0;  // --prefilter resolved for this shape: K, or 0 = every active feature
};

// --engine auto (docs/pareto.md#classifiers): fixes the rf's engine for this shape in the options the run echoes,
// and says so when the native forest stands in for the spec's XGBoost.
void resolve_rf_engine(Setup& su, std::size_t n, std::vector<std::string>& warnings) {
  classify::ClassifierOptions& c = su.o.classifier;
  if (c.rf_engine || std::find(su.o.classifiers.begin(), su.o.classifiers.end(), "rf") == su.o.classifiers.end())
    return;
  const std::size_t n_train = su.holdout ? n - su.n_test : n;
  const std::size_t d = su.prefilter > 0 ? su.prefilter : su.active.size();
  c.rf_engine = classify::rf_engine_for(n_train, d, c);
  if (*c.rf_engine == forest::Engine::native)
    warnings.push_back("classifier 'rf': the native forest stands in for XGBoost's (--engine auto): XGBoost's "
                       "histograms would need about " +
                       format_fixed(classify::xgboost_histogram_bytes(n_train, d, c) / 1e9, 1) + " GB for " +
                       std::to_string(d) + " features × " + std::to_string(n_train) +
                       " training rows. The native forest grows trees with the same settings and its own random "
                       "draws, in memory proportional to the data; --engine xgboost forces XGBoost");
}

Setup make_setup(const Dataset& data, const Options& options, std::vector<std::string>& warnings) {
  Setup su;
  su.o = effective_options(options);
  const Options& o = su.o;
  su.target = binary_target(data, o, warnings);
  const std::size_t n = data.n_samples();
  std::vector<std::size_t> n_class(2, 0);
  for (int v : su.target.y) n_class[static_cast<std::size_t>(v)] += 1;
  su.holdout = o.split == SplitMode::holdout;
  const std::size_t need = su.holdout ? 3 : 1;
  for (int c = 0; c < 2; ++c)
    if (n_class[std::size_t(c)] < need)
      throw InputError("pareto: class '" + (c == 1 ? su.target.positive : su.target.negative) + "' has " +
                       std::to_string(n_class[std::size_t(c)]) + " row" + (n_class[std::size_t(c)] == 1 ? "" : "s") +
                       "; need at least " + std::to_string(need));
  su.n_test = su.holdout ? ceil_count(o.test_fraction, n) : n;
  if (su.holdout && su.n_test < 2)
    throw InputError("pareto: the test set would have " + std::to_string(su.n_test) + " row; need at least 2 (raise "
                     "--test-fraction)");
  if (su.holdout && n - su.n_test < 4)
    throw InputError("pareto: the training set would have " + std::to_string(n - su.n_test) + " rows; need at least 4 "
                     "(lower --test-fraction)");

  su.active = data.nonconstant_features();
  if (su.active.empty()) throw InputError("pareto: every feature column is constant; nothing to train on");
  for (const auto& k : o.measures) su.measures.push_back(*metrics::measure_from_key(k));
  // --prefilter (docs/pareto.md#wide-data-the-prefilter): a K at least the feature count filters nothing.
  const std::size_t d = su.active.size(), n_train = su.holdout ? n - su.n_test : n;
  const std::size_t k = o.prefilter ? *o.prefilter : (d > n_train ? kAutoPrefilter : 0);
  su.prefilter = k < d ? k : 0;
  resolve_rf_engine(su, n, warnings);
  return su;
}

// --prefilter (docs/pareto.md#wide-data-the-prefilter): the k columns mRMR picks first on the training rows alone, so
// that the held-out rows the impacts are measured on play no part in the choice; ascending. A column constant on
// these rows is never picked.
std::vector<std::size_t> prefiltered_columns(const Dataset& data, const std::vector<std::size_t>& train,
                                             const std::vector<int>& y_train, std::size_t k) {
  selectors::Prepared prep = selectors::prepare_matrix(data, train);
  selectors::Target target;  // the binary target (binarised by --positive), not the data set's classes
  target.task = Task::binary;
  target.n_classes = 2;
  target.labels = y_train;
  target.y = Eigen::Map<const Eigen::VectorXi>(y_train.data(), Eigen::Index(y_train.size())).cast<double>();
  std::vector<std::size_t> out;
  if (prep.Z.cols() == 0) return out;
  for (int q : selectors::mrmr(prep.Z, target, int(k)).selected)
    out.push_back(std::size_t(prep.columns[std::size_t(q)]));
  std::sort(out.begin(), out.end());
  return out;
}

// Classifier c on its own split (docs/pareto.md#classifiers), its column scorer on the test rows and its baseline.
void fit_classifier(FittedClassifier& fc, const Dataset& data, const Setup& su, std::size_t c, std::uint64_t seed) {
    const auto t0 = std::chrono::steady_clock::now();
        const Options& o = su.o;
  const std::size_t n = data.n_samples();
  const std::string& key = o.classifiers[c];
    Split s;
    if (!su.holdout) {
      s.train.resize(n);
      std::iota(s.train.begin(), s.train.end(), std::size_t{0});
      s.test = s.train;
    } else {
      const std::uint64_t split_seed = rng::derive(seed, "split", o.shared_split ? std::size_t{0} : c);
      if (o.stratify) {
        const auto parts = stratified_partition(su.target.y, 2, {su.n_test, n - su.n_test}, split_seed, {1, 2});
        s.test = parts[0];
        s.train = parts[1];
      } else {
        s.test = subsample(n, su.n_test, split_seed);
        std::vector<bool> in_test(n, false);
        for (std::size_t i : s.test) in_test[i] = true;
        for (std::size_t i = 0; i < n; ++i)
          if (!in_test[i]) s.train.push_back(i);
      }
    }
    std::vector<int> y_train;
    for (std::size_t i : s.train) y_train.push_back(su.target.y[i]);
    for (std::size_t i : s.test) fc.y_test.push_back(su.target.y[i]);
    if (std::count(y_train.begin(), y_train.end(), 1) == 0 || std::count(y_train.begin(), y_train.end(), 0) == 0)
      throw InputError("pareto: the training rows of classifier '" + key + "' miss a class; use a stratified "
                       "split (drop --no-stratify)");
    const bool standardized = std::find(o.standardize.begin(), o.standardize.end(), key) != o.standardize.end();
    fc.columns = su.active;
    if (su.prefilter > 0) {
      fc.columns = prefiltered_columns(data, s.train, y_train, su.prefilter);
      if (fc.columns.empty())
        throw InputError("pareto: every feature is constant on the training rows of classifier '" + key + "'");
      fc.report.features = fc.columns;
    }
    Eigen::MatrixXd X_train = rows_of(data.X, s.train, fc.columns);
    fc.X_test = rows_of(data.X, s.test, fc.columns);
    if (standardized) {
      // Training statistics only; permuting a standardised column equals standardising the permuted one.
      const Standardizer z = Standardizer::fit(X_train, {}, SdDivisor::population);
      z.apply(X_train);
      z.apply(fc.X_test);
    }
    fc.model = classify::fit_binary(key, X_train, y_train, rng::derive(seed, "fit", c), o.classifier);
    fc.scorer = fc.model->column_scorer(fc.X_test);
    fc.baseline = count(fc.scorer->base(), fc.y_test);
    ClassifierReport& rep = fc.report;
    rep.key = key;
    rep.n_train = s.train.size();
    rep.n_test = s.test.size();
    rep.standardized = standardized;
    rep.confusion = fc.baseline;
    for (Measure m : metrics::all_measures)
      rep.baseline.emplace_back(std::string(metrics::key(m)), metrics::evaluate(m, fc.baseline).value);
    rep.degenerate = fc.baseline.tp + fc.baseline.fp == 0 || fc.baseline.tn + fc.baseline.fn == 0;
    if (su.holdout) {
      const long majority = std::max(fc.baseline.positives(), fc.baseline.negatives());
      const long correct = fc.baseline.tp + fc.baseline.tn;
      rep.p_vs_majority = stats::binomial_upper_tail(int(correct), int(fc.baseline.total()),
                                                     double(majority) / double(fc.baseline.total()));
    }
    rep.fit_seconds = detail::seconds_since(t0);
}

// The permutation impacts of classifier c's columns lo..hi-1 (docs/pareto.md#permutation-impact), each
// with its own stream, as the JSON a plan task returns: {"impacts": [{mean, sd, undefined, seconds}, ...]}.
TaskPlan::Json permutation_block(const FittedClassifier& fc, const Setup& su, std::size_t c, std::size_t lo,
                                 std::size_t hi, std::uint64_t seed) {
  TaskPlan::Json impacts = TaskPlan::Json::array();
  for (std::size_t a = lo; a < hi; ++a) {
    const auto t0 = std::chrono::steady_clock::now();
    const detail::TaskImpact ti = detail::permutation_impact(*fc.scorer, fc.X_test.col(Eigen::Index(a)), a,
                                                             fc.y_test, fc.baseline, su.measures, su.o.permutations,
                                                             rng::derive(seed, "perm", c, fc.columns[a]));
    impacts.push_back(TaskPlan::Json{{"mean", ti.mean},
                                     {"sd", ti.sd},
                                     {"undefined", ti.undefined},
                                     {"seconds", detail::seconds_since(t0)}});
  }
  return TaskPlan::Json{{"impacts", std::move(impacts)}};
}

// At most this many permutation tasks per run: enough to keep a pool or a cluster busy, few enough that a worker's
// refit of its classifier is paid rarely.
constexpr std::size_t kMaxPermutationTasks = 32;

// A permutation impact measures how much a classifier relies on a feature; a classifier that predicts no better
// than always answering the majority class relies on nothing real, so when every classifier is there (wide data,
// few rows: a model on 20,000 columns and 150 rows) the front ranks noise, and the user must hear it.
void warn_if_no_classifier_beats_chance(Result& r, std::size_t d) {
  const ClassifierReport* best = nullptr;
  for (const ClassifierReport& c : r.classifiers) {
    if (!c.p_vs_majority) return;  // resubstitution: no held-out rows to test on
    if (*c.p_vs_majority <= kBeatsMajorityLevel) return;
    if (best == nullptr || *c.p_vs_majority < *best->p_vs_majority) best = &c;
  }
  if (best == nullptr) return;
  const Confusion& k = best->confusion;
  std::string msg =
      "no classifier predicts the " + std::to_string(best->n_test) +
      " held-out rows better than always answering the majority class (best: " + best->key + ", " +
      std::to_string(k.tp + k.tn) + " correct vs " + std::to_string(std::max(k.positives(), k.negatives())) +
      ", one-sided binomial p = " + format_fixed(*best->p_vs_majority, 3) + " > " +
      format_number(kBeatsMajorityLevel) +
      "): every impact is permutation noise and the Pareto front is not evidence of relevance";
  if (r.prefilter > 0)
    msg += "; each classifier trained on the " + std::to_string(r.prefilter) + " of " + std::to_string(d) +
           " features that mRMR ranked first on its " + std::to_string(best->n_train) +
           " training rows (--prefilter): the signal may be too weak for this many rows, or lie in features the "
           "filter missed (try another --prefilter K, or boruta, which uses every row)";
  else if (d > best->n_train)
    msg += "; with " + std::to_string(d) + " features and " + std::to_string(best->n_train) +
           " training rows, narrow the features first (e.g. featrel boruta or mrmr) and run pareto on those";
  else
    msg += "; check the classifiers' settings, or the target";
  r.warnings.insert(r.warnings.begin(), std::move(msg));
}

}  // namespace

namespace detail {

Confusion confusion_of(const Eigen::VectorXd& decision, const std::vector<int>& y) { return count(decision, y); }

TaskImpact permutation_impact(const classify::ColumnScorer& scorer, const Eigen::Ref<const Eigen::VectorXd>& column,
                              std::size_t j, const std::vector<int>& y_test, const Confusion& baseline,
                              const std::vector<Measure>& measures, std::size_t k, std::uint64_t seed) {
  const std::size_t nt = y_test.size(), n_meas = measures.size();
  rng::Rng gen(seed);
  std::vector<std::size_t> perm(nt);
  Eigen::VectorXd values = Eigen::VectorXd::Zero(Eigen::Index(nt)), out = values;
  std::vector<Confusion> cms(k);
  for (std::size_t i = 0; i < k; ++i) {
    // A fresh uniform permutation each time (Fisher–Yates with Lemire draws), unlike GEENAGE's reused one.
    std::iota(perm.begin(), perm.end(), std::size_t{0});
    gen.shuffle(perm);
    for (std::size_t row = 0; row < nt; ++row) values[Eigen::Index(row)] = column[Eigen::Index(perm[row])];
    scorer.decision_with_column(j, values, out);
    cms[i] = count(out, y_test);
  }
  TaskImpact ti;
  ti.mean.assign(n_meas, 0.0);
  ti.sd.assign(n_meas, 0.0);
  ti.undefined.assign(n_meas, 0);
  std::vector<double> diff(k);
  for (std::size_t q = 0; q < n_meas; ++q) {
    const Measure m = measures[q];
    const double base = metrics::evaluate(m, baseline).value;
    for (std::size_t i = 0; i < k; ++i) {
      const auto v = metrics::evaluate(m, cms[i]);
      diff[i] = v.value - base;
      if (v.undefined) ti.undefined[q] += 1;
    }
    double mean = 0;
    if (count_based(m)) {
      long sum = 0;
      for (const Confusion& cm : cms) sum += count_parts(m, cm).first;
      const auto [num0, den] = count_parts(m, baseline);
      const long delta = sum - static_cast<long>(k) * num0;
      mean = den == 0 || delta == 0 ? 0.0 : double(delta) / (double(k) * double(den));
    } else {
      // Summed in the order i = 1..k.
      for (double x : diff) mean += x;
      mean /= double(k);
    }
    double plain_mean = 0, ss = 0;
    for (double x : diff) plain_mean += x;
    plain_mean /= double(k);
    for (double x : diff) ss += (x - plain_mean) * (x - plain_mean);
    ti.mean[q] = mean;
    ti.sd[q] = k > 1 ? std::sqrt(ss / double(k - 1)) : 0.0;
  }
  return ti;
}

}  // namespace detail

Result run(const Dataset& data, const Options& options, const RunContext& ctx) {
  const auto t_start = std::chrono::steady_clock::now();
  validate(options);
  Result r;
  r.seed = ctx.seed;
  r.threads = ctx.resolved_threads();
  r.source = data.source;
  r.feature_names = data.feature_names;
  r.constant = data.constant;
  r.n_samples = data.n_samples();
  // A positive class given here overrides the reader's implicit choice, so its warning no longer applies.
  for (const auto& w : data.warnings)
    if (options.positive.empty() || w.rfind("positive label chosen implicitly", 0) != 0) r.warnings.push_back(w);
  const Setup su = make_setup(data, options, r.warnings);
  const Options& o = su.o;
  r.options = o;
  r.prefilter = su.prefilter;
  const BinaryTarget& target = su.target;
  r.positive_class = target.positive;
  r.negative_class = target.negative;
  r.header = report::dataset_header(data, "pareto", Task::binary, ctx.seed);
  r.header.classes = {target.negative, target.positive};
  r.header.positive_class = target.positive;

  const std::size_t d = data.n_features();
  const bool holdout = su.holdout;
  if (o.permutations == 1) r.warnings.emplace_back("k = 1 permutation: each impact is a single random draw");
  if (!holdout)
    r.warnings.emplace_back("split resubstitution: classifiers are scored on their training rows, so impacts "
                            "measure memorisation");
  for (const auto& key : o.standardize)
    if (key == "svm" && std::find(o.classifiers.begin(), o.classifiers.end(), "svm") != o.classifiers.end())
      r.warnings.emplace_back("standardising the polynomial SVM with coef0 = 0 makes its kernel even in x, so it "
                              "loses linear effects (docs/pareto.md#classifiers note d)");

  const std::vector<Measure>& measures = su.measures;
  const std::size_t n_cls = o.classifiers.size(), n_meas = measures.size();

  // ---- Fit every classifier on its own split, in parallel, each single-threaded.
  const auto t_fit = std::chrono::steady_clock::now();
  std::vector<FittedClassifier> fitted(n_cls);
  parallel_for(n_cls, [&](std::size_t c) { fit_classifier(fitted[c], data, su, c, ctx.seed); }, ctx, "fit");
  r.seconds.emplace_back("fit", detail::seconds_since(t_fit));

  // ---- Permutation impacts: one task per (classifier, column it trains on), each with its own stream.
  const auto t_perm = std::chrono::steady_clock::now();
  // A plan of (classifier, block of features) tasks (featrel/task_plan.hpp): locally each block uses the fitted
  // classifier; a worker elsewhere refits classifier c from the data, the options and the seed (fit_classifier is
  // deterministic), so both give the same impacts. Results are read back from their JSON either way.
  TaskPlan plan;
  plan.kind = "pareto.permutations";
  plan.stage = "permute";
  std::vector<std::size_t> first_task(n_cls + 1, 0);  // classifier c's impacts are tasks[first_task[c] + a]
  for (std::size_t c = 0; c < n_cls; ++c) {
    const std::size_t n_cols = fitted[c].columns.size();
    first_task[c + 1] = first_task[c] + n_cols;
    const std::size_t blocks = std::min(n_cols, std::max<std::size_t>(1, kMaxPermutationTasks / n_cls));
    for (std::size_t b = 0; b < blocks; ++b) {
      const auto [lo, hi] = plan_block_range(b, blocks, n_cols);
      plan.tasks.push_back(TaskPlan::Json{{"classifier", c}, {"lo", lo}, {"hi", hi}});
    }
  }
  if (ctx.plan_executor != nullptr)
    plan.shared = TaskPlan::Json{{"options", option_table().to_json(options)}, {"seed", ctx.seed}};
  const std::vector<TaskPlan::Json> blocks_out = run_plan(
      plan,
      [&](std::size_t t) {
        const TaskPlan::Json& task = plan.tasks[t];
        const std::size_t c = task.at("classifier").get<std::size_t>();
        return permutation_block(fitted[c], su, c, task.at("lo").get<std::size_t>(), task.at("hi").get<std::size_t>(),
                                 ctx.seed);
      },
      ctx);
  std::vector<detail::TaskImpact> tasks;
  tasks.reserve(first_task[n_cls]);
  for (const TaskPlan::Json& out : blocks_out)
    for (const TaskPlan::Json& e : out.at("impacts")) {
      detail::TaskImpact ti;
      ti.mean = e.at("mean").get<std::vector<double>>();
      ti.sd = e.at("sd").get<std::vector<double>>();
      ti.undefined = e.at("undefined").get<std::vector<std::size_t>>();
      ti.seconds = e.at("seconds").get<double>();
      if (ti.mean.size() != measures.size() || ti.sd.size() != measures.size() ||
          ti.undefined.size() != measures.size())
        throw SolverError("pareto: a permutation task returned impacts for " + std::to_string(ti.mean.size()) +
                          " measures, expected " + std::to_string(measures.size()));
      tasks.push_back(std::move(ti));
    }
  if (tasks.size() != first_task[n_cls])
    throw SolverError("pareto: the permutation tasks returned " + std::to_string(tasks.size()) + " impacts for " +
                      std::to_string(first_task[n_cls]));
  r.seconds.emplace_back("permute", detail::seconds_since(t_perm));

  // ---- Criteria and matrices, combined in task order.
  const std::size_t m_total = n_cls * n_meas;
  r.impact = Eigen::MatrixXd::Zero(Eigen::Index(m_total), Eigen::Index(d));
  r.impact_sd = Eigen::MatrixXd::Zero(Eigen::Index(m_total), Eigen::Index(d));
  r.oriented = Eigen::MatrixXd::Zero(Eigen::Index(m_total), Eigen::Index(d));
  for (std::size_t c = 0; c < n_cls; ++c) {
    double permute_seconds = 0;
    const std::vector<std::size_t>& columns = fitted[c].columns;
    for (std::size_t a = 0; a < columns.size(); ++a) permute_seconds += tasks[first_task[c] + a].seconds;
    fitted[c].report.permute_seconds = permute_seconds;
    bool all_zero = true;
    for (std::size_t q = 0; q < n_meas; ++q) {
      const std::size_t row = c * n_meas + q;
      Criterion cr;
      cr.id = detail::criterion_id(row);
      cr.classifier = o.classifiers[c];
      cr.measure = o.measures[q];
      cr.orientation = metrics::orientation(measures[q]);
      cr.baseline = metrics::evaluate(measures[q], fitted[c].baseline).value;
      for (std::size_t a = 0; a < columns.size(); ++a) {
        const detail::TaskImpact& ti = tasks[first_task[c] + a];
        const auto j = Eigen::Index(columns[a]);
        r.impact(Eigen::Index(row), j) = ti.mean[q];
        r.impact_sd(Eigen::Index(row), j) = ti.sd[q];
        // No -0.0 for an ignored feature under orientation −1.
        r.oriented(Eigen::Index(row), j) = ti.mean[q] == 0.0 ? 0.0 : cr.orientation * ti.mean[q];
        cr.undefined_events += ti.undefined[q];
        if (ti.mean[q] != 0.0) all_zero = false;
      }
      r.criteria.push_back(cr);
    }
    const ClassifierReport& rep = fitted[c].report;
    const std::string& key = rep.key;
    for (const auto& w : fitted[c].model->warnings()) r.warnings.push_back("classifier '" + key + "': " + w);
    if (rep.degenerate)
      r.warnings.push_back("classifier '" + key + "' predicts one class for the whole test set; its sensitivity and "
                           "specificity criteria are then constant");
    const double acc = metrics::accuracy(rep.confusion).value;
    const double majority = double(std::max(rep.confusion.positives(), rep.confusion.negatives())) /
                            double(std::max<long>(1, rep.confusion.total()));
    if (acc <= majority + 0.02)
      r.warnings.push_back("classifier '" + key + "' is barely better than the majority class (" + format_fixed(acc, 2) +
                           " vs " + format_fixed(majority, 2) + "); its criteria add noise" +
                           (key == "mlp" && !rep.standardized ? "; consider --standardize mlp" : ""));
    if (all_zero) r.warnings.push_back("all impacts of classifier '" + key + "' are 0: no permutation changed a prediction");
    r.classifiers.push_back(rep);
    r.seconds.emplace_back("fit_" + key, rep.fit_seconds);
    r.seconds.emplace_back("permute_" + key, rep.permute_seconds);
  }
  warn_if_no_classifier_beats_chance(r, d);
  detail::analyse_criteria(r);
  r.seconds.emplace_back("total", detail::seconds_since(t_start));
  return r;
}

}  // namespace featrel::pareto

namespace featrel::pareto {

TaskPlan::Json run_plan_block(const Dataset& data, const TaskPlan::Json& shared, const TaskPlan::Json& task,
                              const RunContext& ctx) {
  (void)ctx;  // a block is one classifier's fit and its permutations: single-threaded work
  Options options;
  option_table().set_json(options, shared.at("options"));
  validate(options);
  std::vector<std::string> warnings;  // the run that made the plan reports them
  const Setup su = make_setup(data, options, warnings);
  const std::size_t c = task.at("classifier").get<std::size_t>();
  const std::size_t lo = task.at("lo").get<std::size_t>(), hi = task.at("hi").get<std::size_t>();
  const auto bad_task = [&](std::size_t n_cols) {
    return InputError("pareto: a task plan names classifier " + std::to_string(c) + " and features " +
                      std::to_string(lo) + ".." + std::to_string(hi) + " of " +
                      std::to_string(su.o.classifiers.size()) + " classifiers and " + std::to_string(n_cols) +
                      " features");
  };
  if (c >= su.o.classifiers.size() || lo > hi || hi > su.active.size()) throw bad_task(su.active.size());
  FittedClassifier fc;
  const std::uint64_t seed = shared.at("seed").get<std::uint64_t>();
  fit_classifier(fc, data, su, c, seed);
  if (hi > fc.columns.size()) throw bad_task(fc.columns.size());
  return permutation_block(fc, su, c, lo, hi, seed);
}

}  // namespace featrel::pareto
