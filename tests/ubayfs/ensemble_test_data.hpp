// Data for the ensemble tests: bcw (target `malignant`), iris (3 classes), diabetes (regression), loaded once.
#pragma once

#include <string>

#include "featrel/dataset.hpp"

namespace ensemble_test {

// Sanitizer builds (CI runs every test under ASan+UBSan at -O1, several times slower) check the statistical bands
// on fewer seeds, so that each test stays within a few seconds; Release builds use the spec's 20.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr int statistical_seeds = 2;
#else
inline constexpr int statistical_seeds = 20;
#endif

inline featrel::Dataset load(const std::string& file, const std::string& target, featrel::TaskRequest task) {
  featrel::CsvOptions o;
  o.target = target;
  o.task = task;
  return featrel::read_csv(std::string(FEATREL_DATA_DIR) + "/" + file, o);
}

inline const featrel::Dataset& bcw() {
  static const featrel::Dataset d =
      load("breast_cancer_wisconsin_diagnostic.csv", "malignant", featrel::TaskRequest::automatic);
  return d;
}

inline const featrel::Dataset& iris() {
  static const featrel::Dataset d = load("iris.csv", "species", featrel::TaskRequest::multiclass);
  return d;
}

// wine: 178 x 13, target `cultivar` (3 classes).
inline const featrel::Dataset& wine() {
  static const featrel::Dataset d = load("wine.csv", "cultivar", featrel::TaskRequest::multiclass);
  return d;
}

inline const featrel::Dataset& diabetes() {
  static const featrel::Dataset d =
      load("diabetes_progression_regression.csv", "progression", featrel::TaskRequest::regression);
  return d;
}

}  // namespace ensemble_test
