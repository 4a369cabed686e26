// The confusion-matrix measures of docs/pareto.md#measures-and-terms (Table I) with the section's 0/0 conventions, and the
// measures' metadata (key, term, orientation, parent term).
#include <cmath>
#include <string>

#include "featrel/metrics.hpp"
#include "stats/detail.hpp"

namespace featrel::metrics {

namespace {

using stats::detail::require;

void check(const Confusion& c) {
  require(c.tp >= 0 && c.fn >= 0 && c.fp >= 0 && c.tn >= 0, "confusion measure",
          "negative count in confusion matrix (tp " + std::to_string(c.tp) + ", fn " + std::to_string(c.fn) +
              ", fp " + std::to_string(c.fp) + ", tn " + std::to_string(c.tn) + ")");
}

// num/den, or the measure's worst value flagged undefined when den = 0.
MeasureValue ratio(long num, long den, double worst) {
  if (den == 0) return {worst, true};
  return {static_cast<double>(num) / static_cast<double>(den), false};
}

struct Info {
  Measure measure;
  std::string_view key, term;
  int orientation;
  ParentTerm parent;
};

// docs/pareto.md#measures-and-terms: a complement keeps its measure's parent; measures combining both classes (or recognition with
// error avoidance) are discrimination.
constexpr Info kInfo[] = {
    {Measure::sensitivity, "sensitivity", "Sensitivity", +1, ParentTerm::prediction},
    {Measure::specificity, "specificity", "Specificity", +1, ParentTerm::prediction},
    {Measure::fnr, "fnr", "FNR", -1, ParentTerm::prediction},
    {Measure::fpr, "fpr", "FPR", -1, ParentTerm::prediction},
    {Measure::precision, "precision", "Precision", +1, ParentTerm::correctness},
    {Measure::npv, "npv", "NPV", +1, ParentTerm::correctness},
    {Measure::fdr, "fdr", "FDR", -1, ParentTerm::correctness},
    {Measure::for_rate, "for", "FOR", -1, ParentTerm::correctness},
    {Measure::accuracy, "accuracy", "Accuracy", +1, ParentTerm::discrimination},
    {Measure::fscore, "fscore", "FScore", +1, ParentTerm::discrimination},
    {Measure::mcc, "mcc", "MCC", +1, ParentTerm::discrimination},
    {Measure::lr_plus, "lr_plus", "LR+", +1, ParentTerm::discrimination},
    {Measure::lr_minus, "lr_minus", "LR-", -1, ParentTerm::discrimination},
};

const Info& info(Measure m) { return kInfo[static_cast<int>(m)]; }

}  // namespace

Confusion confusion(const std::vector<int>& y_true, const std::vector<int>& y_pred, int positive) {
  stats::detail::require_same_size(y_true.size(), y_pred.size(), "confusion");
  Confusion c;
  for (std::size_t i = 0; i < y_true.size(); ++i) {
    const bool t = y_true[i] == positive, p = y_pred[i] == positive;
    if (t && p) ++c.tp;
    else if (t) ++c.fn;
    else if (p) ++c.fp;
    else ++c.tn;
  }
  return c;
}

MeasureValue sensitivity(const Confusion& c) { check(c); return ratio(c.tp, c.positives(), 0.0); }
MeasureValue specificity(const Confusion& c) { check(c); return ratio(c.tn, c.negatives(), 0.0); }
MeasureValue fnr(const Confusion& c) { check(c); return ratio(c.fn, c.positives(), 1.0); }
MeasureValue fpr(const Confusion& c) { check(c); return ratio(c.fp, c.negatives(), 1.0); }
MeasureValue precision(const Confusion& c) { check(c); return ratio(c.tp, c.tp + c.fp, 0.0); }
MeasureValue npv(const Confusion& c) { check(c); return ratio(c.tn, c.tn + c.fn, 0.0); }
MeasureValue fdr(const Confusion& c) { check(c); return ratio(c.fp, c.tp + c.fp, 1.0); }
MeasureValue for_rate(const Confusion& c) { check(c); return ratio(c.fn, c.tn + c.fn, 1.0); }
MeasureValue accuracy(const Confusion& c) { check(c); return ratio(c.tp + c.tn, c.total(), 0.0); }
MeasureValue fscore(const Confusion& c) { check(c); return ratio(2 * c.tp, 2 * c.tp + c.fp + c.fn, 0.0); }

MeasureValue mcc(const Confusion& c) {
  check(c);
  // In doubles: the product of the four margins overflows a long for counts beyond ~5e4.
  const double tp = c.tp, fn = c.fn, fp = c.fp, tn = c.tn;
  const double den2 = (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn);
  if (den2 == 0.0) return {0.0, true};  // scikit-learn's convention, the worst value of docs/pareto.md#measures-and-terms
  return {(tp * tn - fp * fn) / std::sqrt(den2), false};
}

MeasureValue lr_plus(const Confusion& c) {
  check(c);
  // sens/FPR divides by zero when FP = 0 and sens is itself 0/0 when P = 0: both take Haldane–Anscombe's 0.5
  // added to every cell, which gives a finite ratio ordered like the uncorrected one.
  if (c.fp == 0 || c.positives() == 0) {
    const double tp = c.tp + 0.5, fn = c.fn + 0.5, fp = c.fp + 0.5, tn = c.tn + 0.5;
    return {(tp / (tp + fn)) / (fp / (fp + tn)), true};
  }
  const double sens = static_cast<double>(c.tp) / static_cast<double>(c.positives());
  const double fpr_v = static_cast<double>(c.fp) / static_cast<double>(c.negatives());
  return {sens / fpr_v, false};
}

MeasureValue lr_minus(const Confusion& c) {
  check(c);
  // FNR/spec divides by zero when TN = 0 (which includes N = 0) and FNR is 0/0 when P = 0.
  if (c.tn == 0 || c.positives() == 0) {
    const double tp = c.tp + 0.5, fn = c.fn + 0.5, fp = c.fp + 0.5, tn = c.tn + 0.5;
    return {(fn / (tp + fn)) / (tn / (fp + tn)), true};
  }
  const double fnr_v = static_cast<double>(c.fn) / static_cast<double>(c.positives());
  const double spec = static_cast<double>(c.tn) / static_cast<double>(c.negatives());
  return {fnr_v / spec, false};
}

MeasureValue evaluate(Measure m, const Confusion& c) {
  switch (m) {
    case Measure::sensitivity: return sensitivity(c);
    case Measure::specificity: return specificity(c);
    case Measure::fnr: return fnr(c);
    case Measure::fpr: return fpr(c);
    case Measure::precision: return precision(c);
    case Measure::npv: return npv(c);
    case Measure::fdr: return fdr(c);
    case Measure::for_rate: return for_rate(c);
    case Measure::accuracy: return accuracy(c);
    case Measure::fscore: return fscore(c);
    case Measure::mcc: return mcc(c);
    case Measure::lr_plus: return lr_plus(c);
    case Measure::lr_minus: return lr_minus(c);
  }
  throw InputError("evaluate: unknown measure");
}

std::string_view key(Measure m) { return info(m).key; }
std::string_view term(Measure m) { return info(m).term; }
int orientation(Measure m) { return info(m).orientation; }
ParentTerm parent(Measure m) { return info(m).parent; }

std::string_view key(ParentTerm t) {
  switch (t) {
    case ParentTerm::prediction: return "prediction";
    case ParentTerm::correctness: return "correctness";
    case ParentTerm::discrimination: return "discrimination";
  }
  return "discrimination";
}

std::optional<Measure> measure_from_key(std::string_view k) {
  for (const Info& i : kInfo)
    if (i.key == k) return i.measure;
  return std::nullopt;
}

}  // namespace featrel::metrics
