// Metrics shared by all methods: confusion-matrix measures, classification and regression scores, and the quality
// of a feature selection against a known truth.
//
// Every method scores models with the same functions so that "accuracy" or "weighted F1" means one thing across
// fri, crfe, sfc, pareto and ubayfs. The confusion measures follow docs/pareto.md#measures-and-terms (Table I) including its
// rules for undefined 0/0 values: each measure returns a MeasureValue whose `undefined` flag says that a
// convention (worst value, or the Haldane–Anscombe correction for LR±) was applied, so pareto can count
// `undefined_measure_events`. Selection quality backs `featrel evaluate` (docs/evaluate.md#algorithm).
// Bad input (size mismatch, labels out of range, empty vectors) raises featrel::InputError.
#pragma once

#include <array>
#include <cstddef>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace featrel::metrics {

// ---- confusion measures (docs/pareto.md#measures-and-terms) -------------------------------------------------------------------------

// Counts of one binary prediction. P = tp + fn and N = fp + tn are fixed by the true labels.
struct Confusion {
  long tp = 0, fn = 0, fp = 0, tn = 0;
  long positives() const { return tp + fn; }
  long negatives() const { return fp + tn; }
  long total() const { return tp + fn + fp + tn; }
};

// Counts from label vectors of equal length: a label equal to `positive` is positive, any other negative.
Confusion confusion(const std::vector<int>& y_true, const std::vector<int>& y_pred, int positive);

// A measure's value and whether a 0/0 convention produced it (pareto's `undefined_measure_events`).
struct MeasureValue {
  double value;
  bool undefined;
};

// Undefined (0/0) values take the measure's worst value (sensitivity, specificity, precision, NPV, accuracy,
// F-score, MCC → 0; FNR, FPR, FDR, FOR → 1). LR+ = sens/FPR uses the Haldane–Anscombe correction (0.5 added to
// all four cells) when FP = 0 (and when P = 0, where sens itself is 0/0); LR− = FNR/spec does so when TN = 0
// (and when P = 0). Corrected LR values are finite and flagged undefined.
MeasureValue sensitivity(const Confusion& c);  // TP/P
MeasureValue specificity(const Confusion& c);  // TN/N
MeasureValue fnr(const Confusion& c);          // FN/P
MeasureValue fpr(const Confusion& c);          // FP/N
MeasureValue precision(const Confusion& c);    // TP/(TP+FP)
MeasureValue npv(const Confusion& c);          // TN/(TN+FN)
MeasureValue fdr(const Confusion& c);          // FP/(TP+FP)
MeasureValue for_rate(const Confusion& c);     // FN/(TN+FN)   (FOR; `for` is a keyword)
MeasureValue accuracy(const Confusion& c);     // (TP+TN)/(P+N)
MeasureValue fscore(const Confusion& c);       // 2TP/(2TP+FP+FN)
MeasureValue mcc(const Confusion& c);          // (TP·TN − FP·FN)/√((TP+FP)(TP+FN)(TN+FP)(TN+FN))
MeasureValue lr_plus(const Confusion& c);      // sens/FPR
MeasureValue lr_minus(const Confusion& c);     // FNR/spec

// The measures of Table I, in the table's order.
enum class Measure { sensitivity, specificity, fnr, fpr, precision, npv, fdr, for_rate, accuracy, fscore, mcc,
                     lr_plus, lr_minus };
inline constexpr std::array<Measure, 13> all_measures{
    Measure::sensitivity, Measure::specificity, Measure::fnr, Measure::fpr, Measure::precision, Measure::npv,
    Measure::fdr, Measure::for_rate, Measure::accuracy, Measure::fscore, Measure::mcc, Measure::lr_plus,
    Measure::lr_minus};

// The parent terms of Fig. 2; each has parent "classification".
enum class ParentTerm { prediction, correctness, discrimination };

MeasureValue evaluate(Measure m, const Confusion& c);
// JSON/CLI key: "sensitivity", "specificity", "fnr", "fpr", "precision", "npv", "fdr", "for", "accuracy",
// "fscore", "mcc", "lr_plus", "lr_minus".
std::string_view key(Measure m);
// Display term of Table I: "Sensitivity", …, "FOR", "FScore", "LR+", "LR-".
std::string_view term(Measure m);
// +1 when larger is better, −1 when smaller is better.
int orientation(Measure m);
ParentTerm parent(Measure m);
std::string_view key(ParentTerm t);  // "prediction", "correctness", "discrimination"
// Inverse of key(Measure); nullopt for an unknown key (callers turn it into an InputError naming the option).
std::optional<Measure> measure_from_key(std::string_view key);

// ---- classification scores (labels 0..K−1 unless stated) ------------------------------------------------------

// Fraction of equal labels.
double accuracy(const std::vector<int>& y_true, const std::vector<int>& y_pred);
// Support-weighted F1 over classes 0..K−1 (docs/fri.md#hyperparameter-search): Σ_c (n_c/n)·F1_c with F1_c = 2TP/(2TP+FP+FN), 0 when
// TP = 0. Classes absent from y_true weigh 0.
double weighted_f1(const std::vector<int>& y_true, const std::vector<int>& y_pred, int K);
// Unweighted mean of F1_c over the classes present in y_true or y_pred (scikit-learn's default label set).
double macro_f1(const std::vector<int>& y_true, const std::vector<int>& y_pred, int K);
// Area under the ROC curve as the Mann–Whitney statistic with average ranks for tied scores (a tie between a
// positive and a negative counts ½). y01 holds 0/1; NaN when one class is absent.
double roc_auc(const std::vector<int>& y01, const std::vector<double>& scores);

// ---- regression / ordinal scores ------------------------------------------------------------------------------

// 1 − SS_res/SS_tot; when y is constant (SS_tot = 0): 1 if the prediction is exact, else 0 (docs/fri.md#hyperparameter-search).
double r2(const std::vector<double>& y, const std::vector<double>& yhat);
// Mean absolute error.
double mae(const std::vector<double>& y, const std::vector<double>& yhat);
// Macro-averaged MAE for ordinal levels 0..K−1 (docs/fri.md#hyperparameter-search): the mean over levels present in true_levels of the
// mean |pred − true| of that level's rows.
double macro_mae(const std::vector<int>& true_levels, const std::vector<int>& pred, int K);

// ---- selection quality against a known truth (docs/evaluate.md#algorithm, `featrel evaluate`) --------------------------------

struct SelectionQuality {
  std::optional<double> precision;  // TP/n_selected; nullopt when nothing is selected
  double recall;                    // TP/n_relevant; NaN when nothing is relevant (JSON null)
  double f1;                        // 2TP/(2TP+FP+FN); 1 when nothing is selected and nothing is relevant
  std::size_t tp, fp, fn, n_selected, n_relevant;
};

// `selected` and `relevant` are per-feature masks of equal length.
SelectionQuality selection_quality(const std::vector<bool>& selected, const std::vector<bool>& relevant);
// Class c predicted against class c true (e.g. 2 = strong against 2, 1 = weak against 1).
SelectionQuality selection_quality_by_class(const std::vector<int>& predicted_class,
                                            const std::vector<int>& true_class, int cls);
// For each role present: the fraction of the features with that role that are selected (for noise roles this is
// the false-positive rate). Roles are the truth file's strings ("strong", "informative", "noise", …).
std::map<std::string, double> recall_by_role(const std::vector<bool>& selected,
                                             const std::vector<std::string>& roles);

// {"precision", "recall", "f1", "tp", "fp", "fn", "n_selected", "n_relevant"}; null for nullopt or NaN.
// (Declared with json_fwd.hpp; include <nlohmann/json.hpp> where the result is used.)
nlohmann::ordered_json to_json(const SelectionQuality& q);

}  // namespace featrel::metrics
