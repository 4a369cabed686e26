// Internals of featrel::pareto shared by the files of src/methods/pareto.
#pragma once

#include <chrono>

#include "featrel/pareto.hpp"

namespace featrel::pareto::detail {

// Steps 3.6–3.12 on a Result whose criteria (classifier, measure), oriented values, feature names and options are
// set: resolves terms, computes dominance, front, layers, M(f), the context and the lattice, and appends the
// "pareto" and "fca" phases to r.seconds. Warnings go to r.warnings.
void analyse_criteria(Result& r);

// The permutation impact of one (classifier, feature) task (docs/pareto.md#permutation-impact): k fresh permutations of the test column drawn
// from Rng(seed), decisions through the classifier's ColumnScorer, per measure the mean change (count sums for
// sensitivity, specificity, FNR, FPR and accuracy), the sample sd of the k changes, and how many permuted
// evaluations hit a 0/0 convention.
struct TaskImpact {
  std::vector<double> mean, sd;        // per measure
  std::vector<std::size_t> undefined;  // per measure
  double seconds = 0;
};
TaskImpact permutation_impact(const classify::ColumnScorer& scorer, const Eigen::Ref<const Eigen::VectorXd>& column,
                              std::size_t j, const std::vector<int>& y_test, const metrics::Confusion& baseline,
                              const std::vector<metrics::Measure>& measures, std::size_t k, std::uint64_t seed);
// Counts of the decisions (positive iff > 0) against 0/1 labels.
metrics::Confusion confusion_of(const Eigen::VectorXd& decision, const std::vector<int>& y);

// "c1", "c2", … for criterion index 0, 1, … (built by appending: GCC 12 warns falsely on "c" + to_string).
inline std::string criterion_id(std::size_t index) {
  std::string id(1, 'c');
  id += std::to_string(index + 1);
  return id;
}

// Seconds since `start`.
inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace featrel::pareto::detail
