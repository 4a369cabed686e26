// Splits and resampling (include/featrel/splits.hpp).
#include "featrel/splits.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

#include "featrel/error.hpp"
#include "featrel/rng.hpp"

namespace featrel {
namespace {

// Rows of each class in ascending order. Labels outside 0..n_classes-1 are a caller bug.
std::vector<std::vector<std::size_t>> rows_by_class(const std::vector<int>& labels, std::size_t n_classes) {
  std::vector<std::vector<std::size_t>> rows(n_classes);
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if (labels[i] < 0 || static_cast<std::size_t>(labels[i]) >= n_classes) {
      throw std::invalid_argument("label " + std::to_string(labels[i]) + " of row " + std::to_string(i) +
                                  " is outside 0.." + std::to_string(n_classes) + "-1");
    }
    rows[static_cast<std::size_t>(labels[i])].push_back(i);
  }
  return rows;
}

// Feasibility of the remaining round-up choices: rows (parts) s need demand[s] round-ups, each in a distinct
// class c with allowed[s][c], and class c takes exactly need[c]. By max-flow/min-cut on
// source -> part -> class -> sink this holds iff, for every set S of parts,
// sum_{s in S} demand[s] <= sum_c min(need[c], #{s in S : allowed[s][c]}) (the totals already agree).
bool round_ups_feasible(const std::vector<std::size_t>& demand, const std::vector<std::vector<char>>& allowed,
                        const std::vector<std::size_t>& need) {
  const std::size_t P = demand.size();
  std::vector<std::size_t> active;
  for (std::size_t s = 0; s < P; ++s)
    if (demand[s] > 0) active.push_back(s);  // parts with no demand never tighten the condition
  const std::size_t A = active.size();
  if (A >= 8 * sizeof(unsigned long long) - 1) throw std::length_error("stratified_allocation: too many parts");
  for (unsigned long long mask = 1; mask < (1ULL << A); ++mask) {
    std::size_t want = 0;
    for (std::size_t a = 0; a < A; ++a)
      if (mask & (1ULL << a)) want += demand[active[a]];
    std::size_t can = 0;
    for (std::size_t c = 0; c < need.size() && can < want; ++c) {
      std::size_t reach = 0;
      for (std::size_t a = 0; a < A; ++a)
        if ((mask & (1ULL << a)) && allowed[active[a]][c]) ++reach;
      can += std::min(need[c], reach);
    }
    if (can < want) return false;
  }
  return true;
}

void check_fraction(double value, bool zero_ok, bool one_ok, const char* name) {
  const bool ok = std::isfinite(value) && (zero_ok ? value >= 0.0 : value > 0.0) && (one_ok ? value <= 1.0 : value < 1.0);
  if (!ok) {
    throw InputError(std::string(name) + " = " + std::to_string(value) + " is outside " + (zero_ok ? "[0" : "(0") +
                     ", 1" + (one_ok ? "]" : ")"));
  }
}

}  // namespace

std::size_t floor_count(double fraction, std::size_t n) {
  const double x = fraction * static_cast<double>(n);
  return static_cast<std::size_t>(std::floor(x + 1e-9 * std::max(1.0, x)));
}

std::size_t ceil_count(double fraction, std::size_t n) {
  const double x = fraction * static_cast<double>(n);
  return static_cast<std::size_t>(std::max(0.0, std::ceil(x - 1e-9 * std::max(1.0, x))));
}

std::vector<std::vector<std::size_t>> stratified_allocation(const std::vector<std::size_t>& class_sizes,
                                                            const std::vector<std::size_t>& part_totals,
                                                            const std::vector<std::size_t>& min_per_class) {
  const std::size_t K = class_sizes.size();
  const std::size_t P = part_totals.size();
  const std::size_t n = std::accumulate(class_sizes.begin(), class_sizes.end(), std::size_t{0});
  const std::size_t total = std::accumulate(part_totals.begin(), part_totals.end(), std::size_t{0});
  if (total != n) {
    throw InputError("split part sizes sum to " + std::to_string(total) + " but there are " + std::to_string(n) +
                     " rows; the parts must cover every row once");
  }
  if (!min_per_class.empty() && min_per_class.size() != P) {
    throw std::invalid_argument("stratified_allocation: min_per_class needs one entry per part");
  }
  std::vector<std::vector<std::size_t>> counts(P, std::vector<std::size_t>(K, 0));
  if (n == 0) return counts;

  // Exact quotas T_p·n_c/n as floor + remainder/n, in 128-bit integers so no rounding enters.
  std::vector<std::vector<std::size_t>> remainder(P, std::vector<std::size_t>(K, 0));
  std::vector<std::size_t> demand(P, 0);  // round-ups each part still needs
  std::vector<std::size_t> need(K, 0);    // round-ups each class still needs
  std::vector<std::vector<char>> allowed(P, std::vector<char>(K, 0));
  for (std::size_t p = 0; p < P; ++p) {
    std::size_t assigned = 0;
    for (std::size_t c = 0; c < K; ++c) {
      const unsigned __int128 m = static_cast<unsigned __int128>(part_totals[p]) * class_sizes[c];
      counts[p][c] = static_cast<std::size_t>(m / n);
      remainder[p][c] = static_cast<std::size_t>(m % n);
      allowed[p][c] = remainder[p][c] > 0;
      assigned += counts[p][c];
    }
    demand[p] = part_totals[p] - assigned;
  }
  for (std::size_t c = 0; c < K; ++c) {
    std::size_t assigned = 0;
    for (std::size_t p = 0; p < P; ++p) assigned += counts[p][c];
    need[c] = class_sizes[c] - assigned;
  }

  // Largest remainder part by part; a round-up is taken only if the later choices stay satisfiable (a
  // solution always exists: the exact quotas are a fractional one, and the flow polytope is integral).
  for (std::size_t p = 0; p < P; ++p) {
    std::vector<std::size_t> order;
    for (std::size_t c = 0; c < K; ++c)
      if (allowed[p][c]) order.push_back(c);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      if (remainder[p][a] != remainder[p][b]) return remainder[p][a] > remainder[p][b];
      if (class_sizes[a] != class_sizes[b]) return class_sizes[a] > class_sizes[b];
      return a < b;
    });
    for (std::size_t c : order) {
      allowed[p][c] = 0;  // decided now, either way
      if (demand[p] == 0 || need[c] == 0) continue;
      --demand[p];
      --need[c];
      if (round_ups_feasible(demand, allowed, need)) {
        ++counts[p][c];
      } else {
        ++demand[p];
        ++need[c];
      }
    }
    if (demand[p] != 0) throw std::logic_error("stratified_allocation: no feasible rounding (a bug)");
  }

  // Per-class minimums, by moving rows from the class's largest other part.
  if (!min_per_class.empty()) {
    for (std::size_t c = 0; c < K; ++c) {
      for (std::size_t p = 0; p < P; ++p) {
        while (counts[p][c] < min_per_class[p]) {
          std::size_t donor = P;
          for (std::size_t q = 0; q < P; ++q) {
            if (q == p || counts[q][c] <= min_per_class[q]) continue;
            if (donor == P || counts[q][c] > counts[donor][c]) donor = q;
          }
          if (donor == P) break;
          --counts[donor][c];
          ++counts[p][c];
        }
      }
    }
  }
  return counts;
}

std::vector<std::vector<std::size_t>> stratified_partition(const std::vector<int>& labels, std::size_t n_classes,
                                                           const std::vector<std::size_t>& part_totals,
                                                           std::uint64_t seed,
                                                           const std::vector<std::size_t>& min_per_class) {
  std::vector<std::vector<std::size_t>> by_class = rows_by_class(labels, n_classes);
  std::vector<std::size_t> sizes(n_classes);
  for (std::size_t c = 0; c < n_classes; ++c) sizes[c] = by_class[c].size();
  const auto counts = stratified_allocation(sizes, part_totals, min_per_class);

  rng::Rng rng(seed);
  std::vector<std::vector<std::size_t>> parts(part_totals.size());
  for (std::size_t c = 0; c < n_classes; ++c) {
    rng.shuffle(by_class[c]);
    std::size_t next = 0;
    for (std::size_t p = 0; p < parts.size(); ++p) {
      parts[p].insert(parts[p].end(), by_class[c].begin() + static_cast<std::ptrdiff_t>(next),
                      by_class[c].begin() + static_cast<std::ptrdiff_t>(next + counts[p][c]));
      next += counts[p][c];
    }
  }
  for (auto& part : parts) std::sort(part.begin(), part.end());
  return parts;
}

TrainTest stratified_train_test(const std::vector<int>& labels, std::size_t n_classes, double test_fraction,
                                std::uint64_t seed, std::size_t min_train_per_class) {
  check_fraction(test_fraction, true, false, "test_fraction");
  const std::size_t n = labels.size();
  const std::size_t n_test = ceil_count(test_fraction, n);
  if (n_test >= n) {
    throw InputError("test_fraction " + std::to_string(test_fraction) + " of " + std::to_string(n) +
                     " rows leaves no training row; use a smaller --test-fraction");
  }
  auto parts = stratified_partition(labels, n_classes, {n_test, n - n_test}, seed, {0, min_train_per_class});
  return TrainTest{std::move(parts[1]), std::move(parts[0])};
}

TrainCalibrationTest stratified_train_calibration_test(const std::vector<int>& labels, std::size_t n_classes,
                                                       double test_fraction, double train_fraction,
                                                       std::uint64_t seed, std::size_t min_train_per_class) {
  check_fraction(test_fraction, true, false, "test_fraction");
  check_fraction(train_fraction, false, true, "train_fraction");
  const std::size_t n = labels.size();
  const std::size_t n_test = ceil_count(test_fraction, n);
  const std::size_t n_train = n_test <= n ? floor_count(train_fraction, n - n_test) : 0;
  if (n_train == 0) {
    throw InputError("test_fraction " + std::to_string(test_fraction) + " and train_fraction " +
                     std::to_string(train_fraction) + " of " + std::to_string(n) +
                     " rows leave no training row; use larger fractions or more data");
  }
  auto parts = stratified_partition(labels, n_classes, {n_test, n_train, n - n_test - n_train}, seed,
                                    {0, min_train_per_class, 0});
  return TrainCalibrationTest{std::move(parts[1]), std::move(parts[2]), std::move(parts[0])};
}

void require_min_class_size(const std::vector<int>& labels, std::size_t n_classes, std::size_t folds,
                            std::string_view what) {
  const auto by_class = rows_by_class(labels, n_classes);
  for (std::size_t c = 0; c < n_classes; ++c) {
    if (by_class[c].size() < folds) {
      throw InputError("class code " + std::to_string(c) + " has " + std::to_string(by_class[c].size()) +
                       " row" + (by_class[c].size() == 1 ? "" : "s") + ", fewer than the " + std::to_string(folds) +
                       " " + std::string(what) + "; each class needs at least " + std::to_string(folds) +
                       " rows — use fewer " + std::string(what));
    }
  }
}

std::vector<int> stratified_kfold(const std::vector<int>& labels, std::size_t n_classes, std::size_t folds,
                                  std::uint64_t seed) {
  if (folds < 2) throw InputError("folds = " + std::to_string(folds) + "; k-fold needs at least 2 folds");
  require_min_class_size(labels, n_classes, folds, "folds");
  auto by_class = rows_by_class(labels, n_classes);
  rng::Rng rng(seed);
  std::vector<int> fold(labels.size(), 0);
  for (auto& rows : by_class) {
    rng.shuffle(rows);
    for (std::size_t pos = 0; pos < rows.size(); ++pos) fold[rows[pos]] = static_cast<int>(pos % folds);
  }
  return fold;
}

std::vector<int> regression_kfold(Eigen::Ref<const Eigen::VectorXd> y, std::size_t folds, std::uint64_t seed) {
  const auto n = static_cast<std::size_t>(y.size());
  if (folds < 2) throw InputError("folds = " + std::to_string(folds) + "; k-fold needs at least 2 folds");
  if (n < folds) {
    throw InputError(std::to_string(n) + " rows are fewer than the " + std::to_string(folds) +
                     " folds; use fewer folds");
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (!std::isfinite(y[static_cast<Eigen::Index>(i)])) {
      throw InputError("regression k-fold: target value of row " + std::to_string(i) + " is not finite");
    }
  }
  rng::Rng rng(seed);
  std::vector<std::size_t> order = rng.permutation(n);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return y[static_cast<Eigen::Index>(a)] < y[static_cast<Eigen::Index>(b)];
  });
  std::vector<int> fold(n, 0);
  for (std::size_t start = 0; start < n; start += folds) {
    const std::vector<std::size_t> ids = rng.permutation(folds);
    for (std::size_t j = 0; j < folds && start + j < n; ++j) fold[order[start + j]] = static_cast<int>(ids[j]);
  }
  return fold;
}

Bootstrap bootstrap(std::size_t n, std::uint64_t seed) {
  rng::Rng rng(seed);
  Bootstrap b;
  b.rows.resize(n);
  std::vector<char> drawn(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    b.rows[i] = static_cast<std::size_t>(rng.bounded(n));
    drawn[b.rows[i]] = 1;
  }
  for (std::size_t i = 0; i < n; ++i)
    if (!drawn[i]) b.out_of_bag.push_back(i);
  return b;
}

std::vector<std::size_t> subsample(std::size_t n, std::size_t k, std::uint64_t seed) {
  if (k > n) {
    throw InputError("cannot draw " + std::to_string(k) + " distinct rows from " + std::to_string(n));
  }
  rng::Rng rng(seed);
  std::vector<std::size_t> rows = rng.sample_without_replacement(n, k);
  std::sort(rows.begin(), rows.end());
  return rows;
}

std::vector<std::size_t> class_floor_subsample(const std::vector<int>& labels, std::size_t n_classes,
                                               double fraction, std::uint64_t seed) {
  check_fraction(fraction, false, true, "tt_split");
  const auto by_class = rows_by_class(labels, n_classes);
  rng::Rng rng(seed);
  std::vector<std::size_t> out;
  for (const auto& rows : by_class) {
    if (rows.empty()) continue;
    const std::size_t k = std::max<std::size_t>(1, floor_count(fraction, rows.size()));
    for (std::size_t draw : rng.sample_without_replacement(rows.size(), k)) out.push_back(rows[draw]);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::size_t> floor_subsample(std::size_t n, double fraction, std::uint64_t seed) {
  check_fraction(fraction, false, true, "tt_split");
  return subsample(n, floor_count(fraction, n), seed);
}

}  // namespace featrel
