// Data for the CRFE tests: the cross-check fixtures of docs/crfe.md#cross-check-fixtures (data/crfe/<name>/{train,calibration,test}.csv,
// loaded as one Dataset with fixed row roles), the project's real data sets, and generated data (docs/generate.md#clusters-generator).
#pragma once

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "featrel/crfe.hpp"
#include "featrel/dataset.hpp"
#include "featrel/format.hpp"
#include "featrel/generate.hpp"

namespace crfe_test {

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Fixture {
  featrel::Dataset data;
  std::vector<featrel::crfe::Role> roles;  // train, then calibration, then test rows
};

// The three files of data/crfe/<name> in one Dataset (one header, rows in file order).
inline Fixture fixture(const std::string& name) {
  const std::string dir = std::string(FEATREL_DATA_DIR) + "/crfe/" + name + "/";
  std::string text;
  Fixture f;
  const std::pair<const char*, featrel::crfe::Role> parts[] = {{"train.csv", featrel::crfe::Role::train},
                                                               {"calibration.csv", featrel::crfe::Role::calibration},
                                                               {"test.csv", featrel::crfe::Role::test}};
  for (const auto& [file, role] : parts) {
    std::istringstream in(read_file(dir + file));
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty()) continue;
      if (header) {
        header = false;
        if (text.empty()) text += line + "\n";
        continue;
      }
      text += line + "\n";
      f.roles.push_back(role);
    }
  }
  featrel::CsvOptions co;
  co.target = "y";
  co.task = featrel::TaskRequest::classification;
  f.data = featrel::read_csv_text(text, co, name);
  return f;
}

// The spec's rankings as vectors.
inline std::vector<std::size_t> parse_list(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::size_t> v;
  std::size_t x;
  while (in >> x) v.push_back(x);
  return v;
}

inline std::vector<double> parse_doubles(const std::string& s) {
  // The spec writes minus signs as U+2212 (bytes E2 88 92): turn each into '-' while copying.
  std::string ascii;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i + 2 < s.size() && s.compare(i, 3, "\xE2\x88\x92") == 0) {
      ascii.push_back('-');
      i += 2;
    } else {
      ascii.push_back(s[i]);
    }
  }
  std::istringstream in(ascii);
  std::vector<double> v;
  double x;
  while (in >> x) v.push_back(x);
  return v;
}

inline featrel::Dataset from_generated(const featrel::gen::GeneratedData& g) {
  std::vector<std::string> target;
  for (Eigen::Index i = 0; i < g.y.size(); ++i) target.push_back(featrel::format_number(g.y[i]));
  featrel::CsvOptions co;
  co.task = featrel::TaskRequest::classification;
  return featrel::make_dataset(g.X, g.names, target, co);
}

// The authors' recipe of docs/generate.md#clusters-generator (Suppl. Table 3; `authors35`): 10 informative columns, 4 classes, 25
// integer-noise columns, row-wise z-score.
inline featrel::gen::ClustersOptions authors_recipe() {
  featrel::gen::ClustersOptions o;
  o.n_samples = 350;
  o.n_features = 10;
  o.n_informative = 10;
  o.n_redundant = 0;
  o.n_classes = 4;
  o.n_clusters_per_class = 1;
  o.class_sep = 1.5;
  o.flip_y = 0.05;
  o.scale_random = true;
  o.append_int_noise = 25;
  o.row_zscore = true;
  return o;
}

inline featrel::RunContext context(std::uint64_t seed, unsigned threads = 1) {
  featrel::RunContext ctx;
  ctx.seed = seed;
  ctx.threads = threads;
  return ctx;
}

// Wide data for the elimination loop: n rows × p columns, the first 4 columns carry the class (shifted means), the
// rest is noise.
struct Wide {
  Eigen::MatrixXd X;
  std::vector<int> y;
};

inline Wide wide(std::size_t n, std::size_t p, std::size_t K, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> z(0.0, 1.0);
  Wide w;
  w.X.resize(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(p));
  for (std::size_t i = 0; i < n; ++i) {
    const int c = static_cast<int>(i % K);
    w.y.push_back(c);
    for (std::size_t j = 0; j < p; ++j)
      w.X(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) =
          z(rng) + (j < 4 && j % K == static_cast<std::size_t>(c) ? 1.5 : 0.0);
  }
  return w;
}

}  // namespace crfe_test
