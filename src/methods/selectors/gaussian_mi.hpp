// mRMR's Gaussian "mutual information" MI(r) = −½·ln(1 − r²) for a whole block of correlations at once, with the
// bits of selectors::gaussian_mi for every value (docs/selectors.md#mrmr). Internal to src/methods/selectors.
#pragma once

#include <cstddef>

namespace featrel::selectors::detail {

// out[i] = gaussian_mi(r[i]) for i < n.
void gaussian_mi_many(const double* r, std::size_t n, double* out);

}  // namespace featrel::selectors::detail
