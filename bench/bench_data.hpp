// Data sets several benchmarks share, loaded or generated once per process.
#pragma once

#include <string>

#include "featrel/dataset.hpp"
#include "featrel/generate.hpp"

namespace featrel::bench {

// The Wisconsin diagnostic breast cancer data (569 × 30, target `malignant`), bundled in data/.
inline const Dataset& breast_cancer() {
  static const Dataset data = [] {
    CsvOptions o;
    o.target = "malignant";
    return read_csv(std::string(FEATREL_DATA_DIR) + "/breast_cancer_wisconsin_diagnostic.csv", o);
  }();
  return data;
}

// UBayFS's 512 × 256 case (docs/ubayfs.md#performance): make_classification-style clusters, 16 informative and 6 redundant
// columns, generator seed 2024.
inline const Dataset& ubayfs_sim256() {
  static const Dataset data = [] {
    gen::ClustersOptions o;
    o.n_samples = 512;
    o.n_features = 256;
    o.n_informative = 16;
    o.n_redundant = 6;
    return gen::generate_clusters(o, 2024).to_dataset();
  }();
  return data;
}

}  // namespace featrel::bench
