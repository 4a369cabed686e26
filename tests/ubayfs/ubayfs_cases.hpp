// The exact optimisation cases of docs/ubayfs.md#optimisation-cases (counts, weights and constraints on the bcw features),
// shared by the UBayFS optimisation tests.
#pragma once

#include <string>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/ubayfs.hpp"

namespace featrel::ubayfs::cases {

inline const Dataset& bcw() {
  static const Dataset d = [] {
    CsvOptions o;
    o.target = "malignant";
    return read_csv(std::string(FEATREL_DATA_DIR) + "/breast_cancer_wisconsin_diagnostic.csv", o);
  }();
  return d;
}

inline const std::vector<double> y_pub = {0, 10, 68, 0, 0, 0, 100, 100, 0, 0, 0,   0,  3,  100, 0,
                                          0, 4,  0,  0, 0, 100, 89, 100, 100, 2, 24, 100, 100, 0, 0};
inline const std::vector<double> y_s1 = {0, 9, 76, 0, 0, 0, 100, 100, 0, 0, 0,   0,  3,  100, 0,
                                         0, 4, 0,  0, 0, 100, 89, 100, 100, 1, 18, 100, 100, 0, 0};
inline const std::vector<double> y_auto = {50, 56, 76, 61, 38, 51, 86, 94, 32, 7,  45, 27, 65, 93, 21,
                                           23, 61, 49, 25, 11, 84, 80, 100, 92, 57, 72, 93, 95, 46, 22};

inline std::vector<double> w_v() {
  const double base[10] = {10, 15, 20, 16, 15, 10, 12, 17, 21, 14};
  std::vector<double> w;
  for (int r = 0; r < 3; ++r)
    for (double b : base) w.push_back(b / 450.0);
  return w;
}

inline std::vector<double> w_t() {
  const double base[10] = {1, 100, 10, 20, 100, 20, 50, 30, 40, 90};
  std::vector<double> w;
  for (int r = 0; r < 3; ++r)
    for (double b : base) w.push_back(b);
  return w;
}

inline ConstraintSpec max_size(double s, double rho, Level level = Level::feature) {
  ConstraintSpec c;
  c.kind = RowKind::max_size;
  c.level = level;
  c.size = s;
  c.rho = rho;
  return c;
}

inline ConstraintSpec link(RowKind kind, std::vector<std::string> members, double rho, Level level = Level::feature) {
  ConstraintSpec c;
  c.kind = kind;
  c.level = level;
  c.members = std::move(members);
  c.rho = rho;
  return c;
}

inline CountsInput counts(const std::vector<double>& y) { return {bcw().feature_names, y, 100, "<test>"}; }

// V: max_size 10 hard, must_link {0,10,20} ρ 0.1, cannot_link {0,9} and {19,22,23} ρ 1; weights w_v.
inline Options vignette() {
  Options o;
  o.weights = w_v();
  o.constraints = {max_size(10, kHard), link(RowKind::must_link, {"0", "10", "20"}, 0.1),
                   link(RowKind::cannot_link, {"0", "9"}, 1.0), link(RowKind::cannot_link, {"19", "22", "23"}, 1.0)};
  return o;
}

// B: block weights 0.5/1/2 on mean/error/worst; feature max_size 3; block max_size 1 and must_link {mean, error}.
inline Options block_case() {
  Options o;
  o.blocks = {{"mean", {"0..9"}}, {"error", {"10..19"}}, {"worst", {"20..29"}}};
  o.block_weights = {{"mean", 0.5}, {"error", 1.0}, {"worst", 2.0}};
  o.constraints = {max_size(3, 1.0), max_size(1, 1.0, Level::block),
                   link(RowKind::must_link, {"mean", "error"}, 1.0, Level::block)};
  return o;
}

inline Options max_size_case(double rho = 1.0) {
  Options o;
  o.constraints = {max_size(10, rho)};
  return o;
}

// D2's block group: the ten characteristic blocks {k, k+10, k+20}, max_size 2 with ρ 10.
inline Options characteristic_blocks() {
  Options o = max_size_case();
  for (int k = 0; k < 10; ++k)
    o.blocks.push_back({"c" + std::to_string(k), {std::to_string(k), std::to_string(k + 10), std::to_string(k + 20)}});
  o.constraints.push_back(max_size(2, 10.0, Level::block));
  return o;
}

inline std::vector<std::vector<std::size_t>> b_ties() {
  std::vector<std::vector<std::size_t>> out;
  const std::size_t f[5] = {20, 22, 23, 26, 27};
  for (int a = 0; a < 5; ++a)
    for (int b = a + 1; b < 5; ++b)
      for (int c = b + 1; c < 5; ++c) out.push_back({f[a], f[b], f[c]});
  return out;
}

}  // namespace featrel::ubayfs::cases
