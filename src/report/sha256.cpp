// SHA-256 engines (sha256.hpp) and the public sha256_hex / sha256_file of provenance.hpp.
#include "report/sha256.hpp"

#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#include "featrel/error.hpp"
#include "featrel/provenance.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>
#define FEATREL_SHA_X86 1
#endif

namespace featrel::report {

namespace detail {

namespace {

constexpr std::array<std::uint32_t, 64> kRound = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
    0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
    0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
    0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2};

constexpr std::array<std::uint32_t, 8> kInitial = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

void compress_portable(std::array<std::uint32_t, 8>& h, const unsigned char* blocks, std::size_t count) {
  for (std::size_t b = 0; b < count; ++b) {
    const unsigned char* p = blocks + 64 * b;
    std::array<std::uint32_t, 64> w{};
    for (int i = 0; i < 16; ++i)
      w[i] = (std::uint32_t(p[4 * i]) << 24) | (std::uint32_t(p[4 * i + 1]) << 16) |
             (std::uint32_t(p[4 * i + 2]) << 8) | std::uint32_t(p[4 * i + 3]);
    for (int i = 16; i < 64; ++i) {
      const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    auto [a, bb, c, d, e, f, g, hh] = h;
    for (int i = 0; i < 64; ++i) {
      const std::uint32_t t1 = hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + kRound[i] + w[i];
      const std::uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & bb) ^ (a & c) ^ (bb & c));
      hh = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = bb;
      bb = a;
      a = t1 + t2;
    }
    const std::array<std::uint32_t, 8> add{a, bb, c, d, e, f, g, hh};
    for (int i = 0; i < 8; ++i) h[i] += add[i];
  }
}

#ifdef FEATREL_SHA_X86
// The SHA extensions keep the state as two registers, ABEF and CDGH (lane 3 first), and run two rounds per
// sha256rnds2 with the round constants already added to the message words; sha256msg1/msg2 extend the schedule
// four words at a time.
__attribute__((target("sha,sse4.1,ssse3"))) void compress_sha_extensions(std::array<std::uint32_t, 8>& h,
                                                                        const unsigned char* blocks,
                                                                        std::size_t count) {
  const __m128i big_endian = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
  __m128i dcba = _mm_loadu_si128(reinterpret_cast<const __m128i*>(h.data()));
  __m128i hgfe = _mm_loadu_si128(reinterpret_cast<const __m128i*>(h.data() + 4));
  const __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
  const __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
  __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
  __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
  for (std::size_t b = 0; b < count; ++b) {
    const unsigned char* p = blocks + 64 * b;
    const __m128i abef_in = abef, cdgh_in = cdgh;
    __m128i w[4];  // the last 16 schedule words: words 4q … 4q+3 live in w[q % 4]
    for (int q = 0; q < 4; ++q)
      w[q] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * q)), big_endian);
    for (int q = 0; q < 16; ++q) {
      if (q >= 4) {
        // words 4q … 4q+3 from words 4q−16 … 4q−1
        __m128i next = _mm_sha256msg1_epu32(w[q % 4], w[(q + 1) % 4]);
        next = _mm_add_epi32(next, _mm_alignr_epi8(w[(q + 3) % 4], w[(q + 2) % 4], 4));
        w[q % 4] = _mm_sha256msg2_epu32(next, w[(q + 3) % 4]);
      }
      __m128i msg = _mm_add_epi32(w[q % 4], _mm_loadu_si128(reinterpret_cast<const __m128i*>(kRound.data() + 4 * q)));
      cdgh = _mm_sha256rnds2_epu32(cdgh, abef, msg);
      msg = _mm_shuffle_epi32(msg, 0x0E);
      abef = _mm_sha256rnds2_epu32(abef, cdgh, msg);
    }
    abef = _mm_add_epi32(abef, abef_in);
    cdgh = _mm_add_epi32(cdgh, cdgh_in);
  }
  const __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
  const __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
  dcba = _mm_blend_epi16(feba, dchg, 0xF0);
  hgfe = _mm_alignr_epi8(dchg, feba, 8);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(h.data()), dcba);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(h.data() + 4), hgfe);
}
#endif

}  // namespace

bool sha_extensions_available() {
#ifdef FEATREL_SHA_X86
  static const bool available = [] {
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (__get_cpuid(1, &a, &b, &c, &d) == 0) return false;
    const bool ssse3 = (c & bit_SSSE3) != 0, sse41 = (c & bit_SSE4_1) != 0;
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d) == 0) return false;
    const bool sha = (b & (1u << 29)) != 0;  // CPUID.(EAX=7, ECX=0):EBX.SHA[bit 29]
    return ssse3 && sse41 && sha;
  }();
  return available;
#else
  return false;
#endif
}

Sha256Engine fastest_sha256_engine() {
  return sha_extensions_available() ? Sha256Engine::sha_extensions : Sha256Engine::portable;
}

Sha256::Sha256(Sha256Engine engine) : engine_(engine), h_(kInitial) {
  if (engine_ == Sha256Engine::sha_extensions && !sha_extensions_available())
    throw std::invalid_argument("sha256: this processor has no SHA extensions");
}

void Sha256::compress(const unsigned char* blocks, std::size_t count) {
#ifdef FEATREL_SHA_X86
  if (engine_ == Sha256Engine::sha_extensions) {
    compress_sha_extensions(h_, blocks, count);
    return;
  }
#endif
  compress_portable(h_, blocks, count);
}

void Sha256::update(std::string_view bytes) {
  length_ += bytes.size();
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  std::size_t left = bytes.size();
  if (fill_ > 0) {
    const std::size_t take = std::min(left, 64 - fill_);
    std::memcpy(block_.data() + fill_, p, take);
    fill_ += take;
    p += take;
    left -= take;
    if (fill_ < 64) return;
    compress(block_.data(), 1);
    fill_ = 0;
  }
  const std::size_t whole = left / 64;
  if (whole > 0) compress(p, whole);  // straight from the input, no copy
  p += 64 * whole;
  left -= 64 * whole;
  std::memcpy(block_.data(), p, left);
  fill_ = left;
}

std::string Sha256::hex() {
  const std::uint64_t bits = length_ * 8;
  // Padding: 0x80, zeros up to 56 bytes mod 64, then the message length in bits, big-endian.
  std::array<unsigned char, 72> pad{};
  pad[0] = 0x80;
  const std::size_t zeros = (fill_ < 56 ? 56 - fill_ : 120 - fill_) - 1;
  for (int i = 0; i < 8; ++i) pad[1 + zeros + static_cast<std::size_t>(i)] = static_cast<unsigned char>(bits >> (56 - 8 * i));
  const std::uint64_t length = length_;
  update(std::string_view(reinterpret_cast<const char*>(pad.data()), 1 + zeros + 8));
  length_ = length;
  std::string out;
  char buf[9];
  for (std::uint32_t v : h_) {
    std::snprintf(buf, sizeof buf, "%08x", v);
    out += buf;
  }
  return out;
}

std::string sha256_hex(std::string_view bytes, Sha256Engine engine) {
  Sha256 s(engine);
  s.update(bytes);
  return s.hex();
}

}  // namespace detail

std::string sha256_hex(std::string_view bytes) { return detail::sha256_hex(bytes, detail::fastest_sha256_engine()); }

std::string sha256_file(const std::string& path) {
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> in(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!in) throw InputError("cannot read '" + path + "' to hash it");
  detail::Sha256 s;
  std::vector<char> buf(std::size_t{1} << 20);
  for (;;) {
    const std::size_t got = std::fread(buf.data(), 1, buf.size(), in.get());
    s.update(std::string_view(buf.data(), got));
    if (got < buf.size()) break;
  }
  if (std::ferror(in.get())) throw InputError("cannot read '" + path + "' to hash it");
  return s.hex();
}

}  // namespace featrel::report
