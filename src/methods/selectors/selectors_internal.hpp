// Helpers the three selectors share: input checks and "the n best columns by a score".
#pragma once

#include <Eigen/Dense>
#include <string_view>
#include <vector>

#include "featrel/selectors.hpp"

namespace featrel::selectors::detail {

// InputError (naming the selector) for n < 1, an empty Z, a non-finite entry, or a target (when given) whose size
// or codes do not fit Z.
void check_selector_input(const Eigen::MatrixXd& Z, const Target* y, int n, std::string_view selector);

// The min(n, size) columns with the largest (descending) or smallest scores, ties to the lower index, NaN last.
// Fills selected and scores (the picked columns' scores) of a Ranking whose column_scores are `scores`.
Ranking top_columns(std::vector<double> scores, int n, bool descending);

}  // namespace featrel::selectors::detail
