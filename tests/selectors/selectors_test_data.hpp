// Real data for the selector tests: the breast cancer (bcw) and iris sets of data/, loaded once.
#pragma once

#include <string>

#include "featrel/dataset.hpp"

namespace selectors_test {

// bcw: 569 x 30, target `malignant` (212 = 1), binary.
inline const featrel::Dataset& bcw() {
  static const featrel::Dataset data = [] {
    featrel::CsvOptions o;
    o.target = "malignant";
    return featrel::read_csv(std::string(FEATREL_DATA_DIR) + "/breast_cancer_wisconsin_diagnostic.csv", o);
  }();
  return data;
}

// iris: 150 x 4, target `species` (3 classes, multiclass).
inline const featrel::Dataset& iris() {
  static const featrel::Dataset data = [] {
    featrel::CsvOptions o;
    o.target = "species";
    o.task = featrel::TaskRequest::multiclass;
    return featrel::read_csv(std::string(FEATREL_DATA_DIR) + "/iris.csv", o);
  }();
  return data;
}

}  // namespace selectors_test
