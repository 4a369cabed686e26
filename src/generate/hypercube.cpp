#include <algorithm>
#include <cstdint>
#include <unordered_set>
#include <utility>

#include "generate/internal.hpp"

namespace featrel::gen::detail {

std::vector<std::vector<unsigned char>> hypercube_vertices(rng::Rng& rng, std::size_t count, std::size_t dim) {
  std::vector<std::vector<unsigned char>> out(count, std::vector<unsigned char>(dim, 0));
  const std::size_t low_dim = std::min<std::size_t>(dim, 30);
  const std::size_t high_dim = dim - low_dim;
  // Leading coordinates beyond 30 dimensions: free random bits (scikit-learn draws these first).
  for (std::size_t c = 0; c < count; ++c)
    for (std::size_t j = 0; j < high_dim; ++j) out[c][j] = static_cast<unsigned char>(rng.bounded(2));

  const std::uint64_t space = std::uint64_t{1} << low_dim;
  std::vector<std::uint64_t> codes;
  codes.reserve(count);
  if (low_dim <= 16) {
    // Small space: partial Fisher-Yates over all 2^dim codes (at most 65536 entries).
    for (std::size_t v : rng.sample_without_replacement(static_cast<std::size_t>(space), count)) codes.push_back(v);
  } else {
    // Large space: draw codes until `count` distinct ones are found; a full Fisher-Yates pool would need
    // 2^dim entries. Collisions are rare here because count is far below 2^dim in any sensible request.
    std::unordered_set<std::uint64_t> seen;
    while (codes.size() < count) {
      const std::uint64_t v = rng.bounded(space);
      if (seen.insert(v).second) codes.push_back(v);
    }
  }
  for (std::size_t c = 0; c < count; ++c)
    for (std::size_t j = 0; j < low_dim; ++j)
      out[c][high_dim + j] = static_cast<unsigned char>((codes[c] >> (low_dim - 1 - j)) & 1U);
  return out;
}

std::vector<std::string> column_names(std::size_t d) {
  std::vector<std::string> names;
  names.reserve(d);
  for (std::size_t j = 0; j < d; ++j) {
    // Appending (rather than "x" + to_string) avoids GCC 12's false -Wrestrict warning on operator+.
    std::string name = "x";
    name += std::to_string(j);
    names.push_back(std::move(name));
  }
  return names;
}

rng::Rng generator_rng(std::uint64_t seed) { return rng::Rng(rng::derive(seed, "generate")); }

}  // namespace featrel::gen::detail
