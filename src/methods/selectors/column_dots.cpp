// column_dots: register tiles of 2 × 4 pairs (4 × 8 with 512-bit vectors). Each pair keeps kDotLanes partial sums
// (lane i adds the products of rows i, i + 4, i + 8, … in row order) and ends with (s0 + s1) + (s2 + s3);
// multiplications and additions are separate IEEE operations (this file is built with -ffp-contract=off), so a
// 512-bit, a 256-bit, a 128-bit and a scalar build give the same bits.
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
void column_dots_narrow(const double* const* a, std::size_t n_a, const double* const* b, std::size_t n_b,
                        std::size_t stride, double* out) {
  // A chunk of b columns small enough to stay in the first-level cache while every tile of a passes over it.
  const std::size_t chunk = std::max<std::size_t>(4, kCacheDoubles / std::max<std::size_t>(stride, 1) / 4 * 4);
  for (std::size_t j0 = 0; j0 < n_b; j0 += chunk) {
    const std::size_t nb = std::min(chunk, n_b - j0);
    std::size_t i = 0;
    for (; i + 2 <= n_a; i += 2) row_of_tiles<2>(a + i, b + j0, nb, stride, out + i * n_b + j0, n_b);
    for (; i < n_a; ++i) row_of_tiles<1>(a + i, b + j0, nb, stride, out + i * n_b + j0, n_b);
  }
}

#ifdef FEATREL_DOTS_WIDE
namespace {

// One 512-bit register holds two pairs' kDotLanes partial sums: lanes 0–3 pair (i, j), lanes 4–7 pair (i, j + 1).
// Each lane still adds its own rows in row order, so the sums are those of the narrow kernel, twice as many per
// instruction and with 16 accumulators in flight instead of 8.
using Wide = double __attribute__((vector_size(2 * kDotLanes * sizeof(double))));

template <std::size_t TA, std::size_t TB2>
[[gnu::always_inline]] inline __attribute__((target("avx512f"))) void wide_tile(const double* const* a,
                                                                                const double* const* b,
                                                                                std::size_t stride, double* out,
                                                                                std::size_t ld) {
  Wide acc[TA][TB2] = {};
  for (std::size_t k = 0; k < stride; k += kDotLanes) {
    Wide va[TA];
    for (std::size_t i = 0; i < TA; ++i) {
      const Lanes x = load(a[i] + k);
      va[i] = __builtin_shufflevector(x, x, 0, 1, 2, 3, 0, 1, 2, 3);
    }
    for (std::size_t j = 0; j < TB2; ++j) {
      const Wide vb = __builtin_shufflevector(load(b[2 * j] + k), load(b[2 * j + 1] + k), 0, 1, 2, 3, 4, 5, 6, 7);
      for (std::size_t i = 0; i < TA; ++i) acc[i][j] += va[i] * vb;
    }
  }
  for (std::size_t i = 0; i < TA; ++i)
    for (std::size_t j = 0; j < TB2; ++j) {
      const Wide s = acc[i][j];
      out[i * ld + 2 * j] = (s[0] + s[1]) + (s[2] + s[3]);
      out[i * ld + 2 * j + 1] = (s[4] + s[5]) + (s[6] + s[7]);
    }
}

template <std::size_t TA>
[[gnu::always_inline]] inline __attribute__((target("avx512f"))) void wide_row_of_tiles(const double* const* a,
                                                                                        const double* const* b,
                                                                                        std::size_t n_b,
                                                                                        std::size_t stride,
                                                                                        double* out, std::size_t ld) {
  std::size_t j = 0;
  for (; j + 8 <= n_b; j += 8) wide_tile<TA, 4>(a, b + j, stride, out + j, ld);
  for (; j + 2 <= n_b; j += 2) wide_tile<TA, 1>(a, b + j, stride, out + j, ld);
  for (; j < n_b; ++j) tile<TA, 1>(a, b + j, stride, out + j, ld);
}

}  // namespace

__attribute__((target("avx512f"))) void column_dots_wide(const double* const* a, std::size_t n_a,
                                                         const double* const* b, std::size_t n_b,
                                                         std::size_t stride, double* out) {
  const std::size_t chunk = std::max<std::size_t>(8, kCacheDoubles / std::max<std::size_t>(stride, 1) / 8 * 8);
  for (std::size_t j0 = 0; j0 < n_b; j0 += chunk) {
    const std::size_t nb = std::min(chunk, n_b - j0);
    std::size_t i = 0;
    for (; i + 4 <= n_a; i += 4) wide_row_of_tiles<4>(a + i, b + j0, nb, stride, out + i * n_b + j0, n_b);
    for (; i + 2 <= n_a; i += 2) wide_row_of_tiles<2>(a + i, b + j0, nb, stride, out + i * n_b + j0, n_b);
    for (; i < n_a; ++i) wide_row_of_tiles<1>(a + i, b + j0, nb, stride, out + i * n_b + j0, n_b);
  }
}
#endif

bool wide_dots_available() {
#ifdef FEATREL_DOTS_WIDE
  static const bool available = __builtin_cpu_supports("avx512f");
  return available;
#else
  return false;
#endif
}

void column_dots(const double* const* a, std::size_t n_a, const double* const* b, std::size_t n_b, std::size_t stride,
                 double* out) {
#ifdef FEATREL_DOTS_WIDE
  if (wide_dots_available()) {
    column_dots_wide(a, n_a, b, n_b, stride, out);
    return;
  }
#endif
  column_dots_narrow(a, n_a, b, n_b, stride, out);
}

}  // namespace featrel::selectors::detail
