// Random numbers with one run seed and per-task streams (docs/architecture.md#seeds-and-random-streams).
//
// Every random stream is an Rng seeded from rng::derive(seed, w1, ..., wk); a string tag such as "probe" enters
// as its 64-bit FNV-1a hash. The engine is xoshiro256** seeded through SplitMix64, and all transforms (uniform
// double, bounded integer, normal, permutation) are featrel's own, so a seed gives the same numbers on every
// platform and standard library. There is no global generator: a task only ever reads its own Rng.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <vector>

namespace featrel::rng {

// SplitMix64 output function for state x: the golden-ratio increment followed by the SplitMix64 finaliser
// (the increment keeps mix(0) from being 0, so derive(0, 0, ...) does not collapse to 0).
std::uint64_t mix(std::uint64_t x);

// 64-bit FNV-1a hash of a tag's bytes.
std::uint64_t tag(std::string_view name);

// One path word: an integer or a string tag.
struct Word {
  std::uint64_t value;
  Word(std::uint64_t v) : value(v) {}                          // NOLINT(google-explicit-constructor)
  Word(int v) : value(static_cast<std::uint64_t>(static_cast<std::int64_t>(v))) {}  // NOLINT
  Word(long v) : value(static_cast<std::uint64_t>(static_cast<std::int64_t>(v))) {}  // NOLINT
  Word(unsigned v) : value(v) {}                               // NOLINT
  Word(const char* s) : value(tag(s)) {}                       // NOLINT
  Word(std::string_view s) : value(tag(s)) {}                  // NOLINT
};

// h = mix(seed); then h = mix(h XOR w) for each word.
std::uint64_t derive(std::uint64_t seed, std::initializer_list<Word> path = {});

template <typename... Ws>
std::uint64_t derive(std::uint64_t seed, Ws... words) {
  return derive(seed, std::initializer_list<Word>{Word(words)...});
}

// xoshiro256** with featrel's own transforms.
class Rng {
 public:
  explicit Rng(std::uint64_t seed);

  std::uint64_t next_u64();
  // Uniform on [0, 1) with 53 random bits.
  double uniform();
  // Uniform on [lo, hi).
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  // Unbiased integer in [0, n) (Lemire's multiply-shift with rejection); n must be > 0.
  std::uint64_t bounded(std::uint64_t n);
  // Standard normal (Marsaglia polar method; the second value is cached).
  double normal();
  double normal(double mean, double sd) { return mean + sd * normal(); }
  // Uniform random permutation of 0..n-1 (Fisher-Yates from n-1 down to 1).
  std::vector<std::size_t> permutation(std::size_t n);
  // Shuffle v in place with the same Fisher-Yates order.
  template <typename T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) {
      std::size_t j = static_cast<std::size_t>(bounded(i));
      std::swap(v[i - 1], v[j]);
    }
  }
  // k distinct values from 0..n-1 in draw order (partial Fisher-Yates), k <= n.
  std::vector<std::size_t> sample_without_replacement(std::size_t n, std::size_t k);

 private:
  std::uint64_t s_[4];
  bool has_spare_ = false;
  double spare_ = 0.0;
};

}  // namespace featrel::rng
