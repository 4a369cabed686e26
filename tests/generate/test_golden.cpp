// Pinned CSV bytes: the same options and seed must give the same file on every platform and in every build
// (docs/architecture.md#seeds-and-random-streams), and an accidental change of the draw order would silently change every generated data set
// and the statistical targets measured on them. Each value is the FNV-1a hash (rng::tag) of the CSV text.
// Change a pinned value only together with a deliberate change of a generator's draws, and say so in the commit.
#include <gtest/gtest.h>

#include "featrel/generate.hpp"
#include "featrel/rng.hpp"

namespace featrel::gen {
namespace {

std::uint64_t csv_hash(const GeneratedData& g) { return rng::tag(g.to_csv()); }

TEST(GeneratorGolden, RelevanceCsvBytesArePinned) {
  RelevanceOptions o;
  o.n_samples = 20;
  o.n_features = 6;
  o.n_repeated = 1;
  o.flip_y = 0.1;
  const GeneratedData g = generate_relevance(o, 2024);
  // The first value, readable: x0 of row 0 is the first normal draw of the "generate" stream.
  const std::string csv = g.to_csv();
  EXPECT_EQ(csv.substr(0, csv.find(',', csv.find('\n'))), "x0,x1,x2,x3,x4,x5,y\n-0.9810520674287926");
  EXPECT_EQ(csv_hash(g), 0x447327aefbc24959ULL);
  o.nonlinear = true;
  EXPECT_EQ(csv_hash(generate_relevance(o, 2024)), 0xc3607c17f3760a50ULL);
  RelevanceOptions r;
  r.task = "ordinal";
  r.n_samples = 20;
  r.n_features = 6;
  r.target_noise = 0.1;
  r.noise = 0.05;
  EXPECT_EQ(csv_hash(generate_relevance(r, 2024)), 0xd3555f03357ecccaULL);
}

TEST(GeneratorGolden, ClustersCsvBytesArePinned) {
  ClustersOptions c;
  c.n_samples = 20;
  c.n_features = 8;
  c.n_repeated = 1;
  c.shift_random = true;
  c.scale_random = true;
  c.append_int_noise = 2;
  c.hypercube = false;
  EXPECT_EQ(csv_hash(generate_clusters(c, 2024)), 0x62d0790ed6b684d6ULL);
}

}  // namespace
}  // namespace featrel::gen
