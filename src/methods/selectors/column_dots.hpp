// Dot products of zero-padded columns whose value does not depend on how they are batched (docs/selectors.md#mrmr).
// mRMR's deferred greedy computes the correlation of a pair either in a block with many other pairs or alone, when
// it checks one candidate; the pick must not depend on which, so every pair is summed lane by lane in one fixed
// order, whatever the block and whatever the instruction set the kernel runs with.
// Internal to src/methods/selectors.
#pragma once

#include <cstddef>

namespace featrel::selectors::detail {

// Columns are stored with a stride that is a multiple of kDotLanes, the rows past n zero.
inline constexpr std::size_t kDotLanes = 4;
inline std::size_t padded_stride(std::size_t n) { return (n + kDotLanes - 1) / kDotLanes * kDotLanes; }

// out[i * n_b + j] = a[i] · b[j] over `stride` values, for every i < n_a and j < n_b, with the widest kernel the
// processor has. The kernels below give the same bits; they are exposed so that tests can compare them.
void column_dots(const double* const* a, std::size_t n_a, const double* const* b, std::size_t n_b, std::size_t stride,
                 double* out);

// 256-bit (AVX2) or plain vectors, chosen at load time.
void column_dots_narrow(const double* const* a, std::size_t n_a, const double* const* b, std::size_t n_b,
                        std::size_t stride, double* out);

// Whether column_dots_wide can run here: an x86-64 GCC build on a processor with AVX-512F.
bool wide_dots_available();

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define FEATREL_DOTS_WIDE 1
// 512-bit vectors, two pairs per register; only where wide_dots_available().
void column_dots_wide(const double* const* a, std::size_t n_a, const double* const* b, std::size_t n_b,
                      std::size_t stride, double* out);
#endif

}  // namespace featrel::selectors::detail
