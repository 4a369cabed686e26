// Input checks shared by the classifiers (see classifier_checks.hpp).
#include "models/classifier_checks.hpp"

#include <string>

#include "featrel/error.hpp"

namespace featrel::models {

std::vector<std::size_t> check_labelled_rows(const Eigen::MatrixXd& X, const std::vector<int>& labels,
                                             std::size_t n_classes, std::string_view who) {
  const std::string name(who);
  if (n_classes < 2) throw InputError(name + ": needs at least 2 classes, got " + std::to_string(n_classes));
  if (X.cols() == 0) throw InputError(name + ": the training matrix has no columns");
  if (static_cast<std::size_t>(X.rows()) != labels.size())
    throw InputError(name + ": " + std::to_string(labels.size()) + " labels for " + std::to_string(X.rows()) +
                     " training rows");
  if (!X.allFinite()) throw InputError(name + ": the training matrix has a missing or infinite value");
  std::vector<std::size_t> counts(n_classes, 0);
  for (int y : labels) {
    if (y < 0 || static_cast<std::size_t>(y) >= n_classes)
      throw InputError(name + ": class code " + std::to_string(y) + " outside 0.." + std::to_string(n_classes - 1));
    ++counts[static_cast<std::size_t>(y)];
  }
  for (std::size_t c = 0; c < n_classes; ++c)
    if (counts[c] == 0) throw InputError(name + ": class " + std::to_string(c) + " has no training row");
  return counts;
}

void check_rows_to_predict(const Eigen::MatrixXd& X, Eigen::Index columns, std::string_view who) {
  if (X.cols() != columns)
    throw InputError(std::string(who) + ": rows to predict have " + std::to_string(X.cols()) +
                     " columns; the model was trained on " + std::to_string(columns));
  if (!X.allFinite()) throw InputError(std::string(who) + ": a row to predict has a missing or infinite value");
}

}  // namespace featrel::models
