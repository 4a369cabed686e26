// Quality of a feature selection against a known truth (`featrel evaluate`, docs/evaluate.md#algorithm).
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "featrel/metrics.hpp"
#include "stats/detail.hpp"

namespace featrel::metrics {

SelectionQuality selection_quality(const std::vector<bool>& selected, const std::vector<bool>& relevant) {
  stats::detail::require_same_size(selected.size(), relevant.size(), "selection_quality");
  SelectionQuality q{};
  for (std::size_t i = 0; i < selected.size(); ++i) {
    if (selected[i] && relevant[i]) ++q.tp;
    else if (selected[i]) ++q.fp;
    else if (relevant[i]) ++q.fn;
  }
  q.n_selected = q.tp + q.fp;
  q.n_relevant = q.tp + q.fn;
  // Precision of an empty selection is undefined (docs/evaluate.md#algorithm: null). Recall with nothing relevant is 0/0 too;
  // it is NaN rather than a made-up 0 or 1, so the report shows null.
  if (q.n_selected > 0) q.precision = static_cast<double>(q.tp) / static_cast<double>(q.n_selected);
  q.recall = q.n_relevant > 0 ? static_cast<double>(q.tp) / static_cast<double>(q.n_relevant)
                              : std::numeric_limits<double>::quiet_NaN();
  // F1 = 2TP/(2TP+FP+FN); when nothing is selected and nothing is relevant the selection is exactly right, so 1.
  const std::size_t den = 2 * q.tp + q.fp + q.fn;
  q.f1 = den == 0 ? 1.0 : 2.0 * static_cast<double>(q.tp) / static_cast<double>(den);
  return q;
}

SelectionQuality selection_quality_by_class(const std::vector<int>& predicted_class,
                                            const std::vector<int>& true_class, int cls) {
  stats::detail::require_same_size(predicted_class.size(), true_class.size(), "selection_quality_by_class");
  std::vector<bool> sel(predicted_class.size()), rel(true_class.size());
  for (std::size_t i = 0; i < sel.size(); ++i) {
    sel[i] = predicted_class[i] == cls;
    rel[i] = true_class[i] == cls;
  }
  return selection_quality(sel, rel);
}

std::map<std::string, double> recall_by_role(const std::vector<bool>& selected,
                                             const std::vector<std::string>& roles) {
  stats::detail::require_same_size(selected.size(), roles.size(), "recall_by_role");
  std::map<std::string, std::pair<std::size_t, std::size_t>> counts;  // role → (selected, total)
  for (std::size_t i = 0; i < roles.size(); ++i) {
    auto& c = counts[roles[i]];
    c.first += selected[i];
    ++c.second;
  }
  std::map<std::string, double> out;
  for (const auto& [role, c] : counts) out[role] = static_cast<double>(c.first) / static_cast<double>(c.second);
  return out;
}

nlohmann::ordered_json to_json(const SelectionQuality& q) {
  using stats::detail::number_or_null;
  return nlohmann::ordered_json{{"precision", number_or_null(q.precision)},
                        {"recall", number_or_null(q.recall)},
                        {"f1", number_or_null(q.f1)},
                        {"tp", q.tp},
                        {"fp", q.fp},
                        {"fn", q.fn},
                        {"n_selected", q.n_selected},
                        {"n_relevant", q.n_relevant}};
}

}  // namespace featrel::metrics
