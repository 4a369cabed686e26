#include "featrel/rng.hpp"

#include <cmath>
#include <numeric>
#include <unordered_map>
#include <utility>

namespace featrel::rng {

std::uint64_t mix(std::uint64_t x) {
  std::uint64_t z = x + 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

std::uint64_t tag(std::string_view name) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (unsigned char c : name) {
    h ^= c;
    h *= 0x100000001B3ULL;
  }
  return h;
}

std::uint64_t derive(std::uint64_t seed, std::initializer_list<Word> path) {
  std::uint64_t h = mix(seed);
  for (const Word& w : path) h = mix(h ^ w.value);
  return h;
}

namespace {
inline std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

Rng::Rng(std::uint64_t seed) {
  // SplitMix64 stream from the seed fills the xoshiro state (never all zero).
  std::uint64_t state = seed;
  for (auto& s : s_) {
    s = mix(state);
    state += 0x9E3779B97F4A7C15ULL;
  }
}

std::uint64_t Rng::next_u64() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

double Rng::uniform() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

std::uint64_t Rng::bounded(std::uint64_t n) {
  // Lemire (2019): multiply-shift with rejection of the biased low part.
  unsigned __int128 m = static_cast<unsigned __int128>(next_u64()) * n;
  std::uint64_t low = static_cast<std::uint64_t>(m);
  if (low < n) {
    const std::uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      m = static_cast<unsigned __int128>(next_u64()) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

double Rng::normal() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  double u, v, s;
  do {
    u = 2.0 * uniform() - 1.0;
    v = 2.0 * uniform() - 1.0;
    s = u * u + v * v;
  } while (s >= 1.0 || s == 0.0);
  const double f = std::sqrt(-2.0 * std::log(s) / s);
  spare_ = v * f;
  has_spare_ = true;
  return u * f;
}

std::vector<std::size_t> Rng::permutation(std::size_t n) {
  std::vector<std::size_t> p(n);
  std::iota(p.begin(), p.end(), std::size_t{0});
  shuffle(p);
  return p;
}

std::vector<std::size_t> Rng::sample_without_replacement(std::size_t n, std::size_t k) {
  if (k * 16 < n) {
    // The same partial Fisher-Yates on a sparse pool: only the swapped slots are stored, so a few draws from a wide
    // range (a forest node's columns at 20,000 features) cost O(k), not O(n).
    std::unordered_map<std::size_t, std::size_t> moved;
    moved.reserve(2 * k);
    auto at = [&](std::size_t i) {
      const auto it = moved.find(i);
      return it == moved.end() ? i : it->second;
    };
    std::vector<std::size_t> out;
    out.reserve(k);
    for (std::size_t i = 0; i < k; ++i) {
      const std::size_t j = i + static_cast<std::size_t>(bounded(n - i));
      const std::size_t vi = at(i), vj = at(j);
      moved[j] = vi;
      moved[i] = vj;
      out.push_back(vj);
    }
    return out;
  }
  std::vector<std::size_t> pool(n);
  std::iota(pool.begin(), pool.end(), std::size_t{0});
  std::vector<std::size_t> out;
  out.reserve(k);
  for (std::size_t i = 0; i < k; ++i) {
    std::size_t j = i + static_cast<std::size_t>(bounded(n - i));
    std::swap(pool[i], pool[j]);
    out.push_back(pool[i]);
  }
  return out;
}

}  // namespace featrel::rng
