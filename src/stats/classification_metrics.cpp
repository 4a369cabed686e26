// Classification scores over label vectors: accuracy, support-weighted and macro F1 (docs/fri.md#hyperparameter-search), ROC AUC.
#include <cmath>
#include <limits>
#include <string>

#include "featrel/metrics.hpp"
#include "featrel/stats.hpp"
#include "stats/detail.hpp"

namespace featrel::metrics {

namespace {

using stats::detail::require;

void check_labels(const std::vector<int>& y, int K, const char* function, const char* which) {
  require(K >= 1, function, "class count K = " + std::to_string(K) + " must be at least 1");
  for (std::size_t i = 0; i < y.size(); ++i)
    require(y[i] >= 0 && y[i] < K, function,
            std::string(which) + " label " + std::to_string(y[i]) + " at position " + std::to_string(i) +
                " is outside 0.." + std::to_string(K - 1));
}

struct PerClass {
  std::vector<long> tp, fp, fn, support;
};

PerClass per_class_counts(const std::vector<int>& y_true, const std::vector<int>& y_pred, int K,
                          const char* function) {
  stats::detail::require_same_size(y_true.size(), y_pred.size(), function);
  require(!y_true.empty(), function, "no samples");
  check_labels(y_true, K, function, "true");
  check_labels(y_pred, K, function, "predicted");
  PerClass c{std::vector<long>(K, 0), std::vector<long>(K, 0), std::vector<long>(K, 0), std::vector<long>(K, 0)};
  for (std::size_t i = 0; i < y_true.size(); ++i) {
    ++c.support[y_true[i]];
    if (y_true[i] == y_pred[i]) {
      ++c.tp[y_true[i]];
    } else {
      ++c.fn[y_true[i]];
      ++c.fp[y_pred[i]];
    }
  }
  return c;
}

// F1_c = 2TP/(2TP+FP+FN), 0 when TP = 0 (which also covers the 0/0 of a class neither true nor predicted).
double f1_of(const PerClass& c, int k) {
  if (c.tp[k] == 0) return 0.0;
  return 2.0 * c.tp[k] / static_cast<double>(2 * c.tp[k] + c.fp[k] + c.fn[k]);
}

}  // namespace

double accuracy(const std::vector<int>& y_true, const std::vector<int>& y_pred) {
  stats::detail::require_same_size(y_true.size(), y_pred.size(), "accuracy");
  require(!y_true.empty(), "accuracy", "no samples");
  std::size_t hits = 0;
  for (std::size_t i = 0; i < y_true.size(); ++i) hits += y_true[i] == y_pred[i];
  return static_cast<double>(hits) / static_cast<double>(y_true.size());
}

double weighted_f1(const std::vector<int>& y_true, const std::vector<int>& y_pred, int K) {
  const PerClass c = per_class_counts(y_true, y_pred, K, "weighted_f1");
  double total = 0.0;
  for (int k = 0; k < K; ++k) total += static_cast<double>(c.support[k]) * f1_of(c, k);
  return total / static_cast<double>(y_true.size());
}

double macro_f1(const std::vector<int>& y_true, const std::vector<int>& y_pred, int K) {
  const PerClass c = per_class_counts(y_true, y_pred, K, "macro_f1");
  double total = 0.0;
  int present = 0;
  for (int k = 0; k < K; ++k) {
    if (c.support[k] == 0 && c.fp[k] == 0) continue;  // neither true nor predicted: not in the label set
    total += f1_of(c, k);
    ++present;
  }
  return total / present;  // present ≥ 1 because there is at least one sample
}

double roc_auc(const std::vector<int>& y01, const std::vector<double>& scores) {
  stats::detail::require_same_size(y01.size(), scores.size(), "roc_auc");
  for (std::size_t i = 0; i < y01.size(); ++i) {
    require(y01[i] == 0 || y01[i] == 1, "roc_auc",
            "label " + std::to_string(y01[i]) + " at position " + std::to_string(i) + " is not 0 or 1");
    require(std::isfinite(scores[i]), "roc_auc", "score at position " + std::to_string(i) + " is not finite");
  }
  const std::vector<double> ranks = stats::average_ranks(scores);
  double rank_sum = 0.0, n_pos = 0.0, n_neg = 0.0;
  for (std::size_t i = 0; i < y01.size(); ++i) {
    if (y01[i] == 1) {
      rank_sum += ranks[i];
      n_pos += 1.0;
    } else {
      n_neg += 1.0;
    }
  }
  if (n_pos == 0.0 || n_neg == 0.0) return std::numeric_limits<double>::quiet_NaN();
  // Mann–Whitney U of the positives divided by the number of (positive, negative) pairs.
  return (rank_sum - n_pos * (n_pos + 1.0) / 2.0) / (n_pos * n_neg);
}

}  // namespace featrel::metrics
