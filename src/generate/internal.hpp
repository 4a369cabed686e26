// Pieces shared by the two generators (not part of the public API).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "featrel/rng.hpp"

namespace featrel::gen::detail {

// `count` distinct vertices of {0,1}^dim, one row of 0/1 per vertex (scikit-learn's _generate_hypercube, drawn
// from featrel's Rng): integers in [0, 2^dim) without replacement whose bits, most significant first, are the
// coordinates; above 30 dimensions the leading dim - 30 coordinates are i.i.d. random bits drawn first, row by
// row, and only the last 30 are kept distinct. Requires count <= 2^min(dim, 30).
std::vector<std::vector<unsigned char>> hypercube_vertices(rng::Rng& rng, std::size_t count, std::size_t dim);

// x0 .. x{d-1}.
std::vector<std::string> column_names(std::size_t d);

// The one stream a generator call reads: rng::derive(seed, "generate"), so that a generated data set never
// shares a stream with a method run on the same seed.
rng::Rng generator_rng(std::uint64_t seed);

}  // namespace featrel::gen::detail
