// Input checks shared by the classifiers of src/models (naive Bayes, MLP, kernel SVM, logistic regression): the
// same bad training data gets the same InputError whichever model sees it.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <string_view>
#include <vector>

namespace featrel::models {

// Checks a training set for a classifier called `who` (the message prefix): at least one column, finite values,
// one label per row, codes in 0..n_classes−1 with n_classes ≥ 2 and every class present. Returns the row count
// of each class. InputError otherwise.
std::vector<std::size_t> check_labelled_rows(const Eigen::MatrixXd& X, const std::vector<int>& labels,
                                             std::size_t n_classes, std::string_view who);

// InputError unless X has `columns` columns and finite values (rows to predict).
void check_rows_to_predict(const Eigen::MatrixXd& X, Eigen::Index columns, std::string_view who);

}  // namespace featrel::models
