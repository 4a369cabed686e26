// Helpers the three selectors share: input checks and "the n best columns by a score".
#pragma once

#include <Eigen/Dense>
#include <cstddef>
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

// mrmr with at most max_deferred picks not yet counted into every candidate's redundancy (1: the plain greedy,
// every candidate up to date at every pick). The result is the same for any max_deferred; mrmr uses the default.
inline constexpr std::size_t kMrmrMaxDeferred = 128;
Ranking mrmr_deferred(const Eigen::MatrixXd& Z, const Target& y, int n, ClassRelevance mode, std::size_t max_deferred);

}  // namespace featrel::selectors::detail
