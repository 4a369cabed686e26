// column_dots: register tiles of 2 × 4 pairs. Each pair keeps kDotLanes partial sums (lane i adds the products of
// rows i, i + 4, i + 8, … in row order) and ends with (s0 + s1) + (s2 + s3); multiplications and additions are
// separate IEEE operations (this file is built with -ffp-contract=off), so a 256-bit, a 128-bit and a scalar
// build give the same bits.
#include "column_dots.hpp"

#include <algorithm>
#include <cstring>

namespace featrel::selectors::detail {

namespace {

// About 16 KiB of doubles: half the first-level data cache of current x86 cores.
constexpr std::size_t kCacheDoubles = 2048;

using Lanes = double __attribute__((vector_size(kDotLanes * sizeof(double))));

[[gnu::always_inline]] inline Lanes load(const double* p) {
  Lanes v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

[[gnu::always_inline]] inline double reduce(Lanes s) { return (s[0] + s[1]) + (s[2] + s[3]); }

template <std::size_t TA, std::size_t TB>
[[gnu::always_inline]] inline void tile(const double* const* a, const double* const* b, std::size_t stride,
                                        double* out, std::size_t ld) {
  Lanes acc[TA][TB] = {};
  for (std::size_t k = 0; k < stride; k += kDotLanes) {
    Lanes va[TA];
    for (std::size_t i = 0; i < TA; ++i) va[i] = load(a[i] + k);
    for (std::size_t j = 0; j < TB; ++j) {
      const Lanes vb = load(b[j] + k);
      for (std::size_t i = 0; i < TA; ++i) acc[i][j] += va[i] * vb;
    }
  }
  for (std::size_t i = 0; i < TA; ++i)
    for (std::size_t j = 0; j < TB; ++j) out[i * ld + j] = reduce(acc[i][j]);
}

template <std::size_t TA>
[[gnu::always_inline]] inline void row_of_tiles(const double* const* a, const double* const* b, std::size_t n_b,
                                                std::size_t stride, double* out, std::size_t ld) {
  std::size_t j = 0;
  for (; j + 4 <= n_b; j += 4) tile<TA, 4>(a, b + j, stride, out + j, ld);
  for (; j < n_b; ++j) tile<TA, 1>(a, b + j, stride, out + j, ld);
}

}  // namespace

// The AVX2 clone doubles the width of every operation; GCC picks it at load time where the CPU has it.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
__attribute__((target_clones("avx2", "default")))
#endif
void column_dots(const double* const* a, std::size_t n_a, const double* const* b, std::size_t n_b, std::size_t stride,
                 double* out) {
  // A chunk of b columns small enough to stay in the first-level cache while every tile of a passes over it.
  const std::size_t chunk = std::max<std::size_t>(4, kCacheDoubles / std::max<std::size_t>(stride, 1) / 4 * 4);
  for (std::size_t j0 = 0; j0 < n_b; j0 += chunk) {
    const std::size_t nb = std::min(chunk, n_b - j0);
    std::size_t i = 0;
    for (; i + 2 <= n_a; i += 2) row_of_tiles<2>(a + i, b + j0, nb, stride, out + i * n_b + j0, n_b);
    for (; i < n_a; ++i) row_of_tiles<1>(a + i, b + j0, nb, stride, out + i * n_b + j0, n_b);
  }
}

}  // namespace featrel::selectors::detail
