// MI(r) = −½·ln(1 − r²), |r| clamped to ≤ 1 − 1e−12 (mRMRe returns +∞ at |r| = 1; the clamp keeps a perfectly
// correlated pair finite and still the largest).
//
// ln(1 + x) for x = −r² is computed here rather than by the C library: mRMR takes one per candidate and pick, and
// a branch-free formula that the compiler vectorises is several times faster than libm's log1p. It is the
// classic argument reduction and polynomial (as in fdlibm's log1p): 1 + x = u rounded, with the lost part
// c = (x − (u − 1))/u added back; u = 2^k·m with m in [√½, √2); ln m = f − ½f² + s·(½f² + R(s²)) with f = m − 1,
// s = f/(2 + f) and R the minimax polynomial of degree 14 in s. The error is below one unit in the last place
// (tests/selectors/test_mrmr_deferred.cpp compares with std::log1p). Only +, −, ×, ÷ and bit operations on each
// value, built with -ffp-contract=off.
#include "gaussian_mi.hpp"

#include <cstdint>
#include <cstring>

#include "featrel/selectors.hpp"

namespace featrel::selectors {

namespace {

// Four values at a time (GCC/Clang vector extensions): a 256-bit, a 128-bit and a scalar build give the same bits.
using Lanes = double __attribute__((vector_size(32)));
using Bits = std::uint64_t __attribute__((vector_size(32)));

[[gnu::always_inline]] inline Lanes mi_of(Lanes r) {
  constexpr double max_abs = 1.0 - 1e-12;
  constexpr double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
  constexpr double Lg1 = 6.666666666666735130e-01, Lg2 = 3.999999999940941908e-01, Lg3 = 2.857142874366239149e-01,
                   Lg4 = 2.222219843214978396e-01, Lg5 = 1.818357216161805012e-01, Lg6 = 1.531383769920937332e-01,
                   Lg7 = 1.479819860511658591e-01;
  constexpr std::uint64_t sqrt_half_bits = 0x3fe6a09e667f3bcdULL, one_bits = 0x3ff0000000000000ULL;
  const Lanes zero = {0.0, 0.0, 0.0, 0.0}, one = zero + 1.0, cap = zero + max_abs;
  const Lanes abs_r = reinterpret_cast<Lanes>(reinterpret_cast<Bits>(r) & 0x7fffffffffffffffULL);
  const Lanes a = abs_r > cap ? cap : abs_r;  // a NaN stays NaN
  const Lanes x = zero - a * a;  // in [−(1 − 2e−12), 0], so u below is a positive normal number ≤ 1
  const Lanes u = one + x;
  const Lanes c = (x - (u - one)) / u;
  // Shift the exponent so that the mantissa lands in [√½, √2): k from the exponent bits (via 2^52 + e − 2^52,
  // exact), m from the mantissa bits with √½'s exponent.
  const Bits bits = reinterpret_cast<Bits>(u) + (one_bits - sqrt_half_bits);
  const Lanes k = (reinterpret_cast<Lanes>((bits >> 52) | 0x4330000000000000ULL) - 4503599627370496.0) - 1023.0;
  const Lanes m = reinterpret_cast<Lanes>((bits & 0x000fffffffffffffULL) + sqrt_half_bits);
  const Lanes f = m - one;
  const Lanes hfsq = 0.5 * f * f;
  const Lanes s = f / (2.0 + f);
  const Lanes z = s * s, w = z * z;
  const Lanes R = z * (Lg1 + w * (Lg3 + w * (Lg5 + w * Lg7))) + w * (Lg2 + w * (Lg4 + w * Lg6));
  const Lanes log1p_x = s * (hfsq + R) + (k * ln2_lo + c) - hfsq + f + k * ln2_hi;
  // + 0 turns the −0 of x = 0 into +0, as −½·log1p(−0) is.
  return -0.5 * log1p_x + zero;
}

}  // namespace

double gaussian_mi(double r) { return mi_of(Lanes{r, 0.0, 0.0, 0.0})[0]; }

namespace detail {

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
__attribute__((target_clones("avx2", "default")))
#endif
void gaussian_mi_many(const double* r, std::size_t n, double* out) {
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    Lanes v;
    std::memcpy(&v, r + i, sizeof v);
    v = mi_of(v);
    std::memcpy(out + i, &v, sizeof v);
  }
  if (i < n) {
    Lanes v = {0.0, 0.0, 0.0, 0.0};
    std::memcpy(&v, r + i, (n - i) * sizeof(double));
    v = mi_of(v);
    std::memcpy(out + i, &v, (n - i) * sizeof(double));
  }
}

}  // namespace detail

}  // namespace featrel::selectors
