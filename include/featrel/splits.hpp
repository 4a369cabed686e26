// Splits and resampling shared by the methods (docs/architecture.md#splits, docs/architecture.md#shared-components): stratified partitions into
// train/calibration/test parts, stratified and regression k-fold, bootstrap, plain sub-samples and the
// per-class floor sub-sample of UBayFS.
//
// Every function takes the seed of its random stream and draws only from a featrel::rng::Rng seeded with it,
// so a seed gives the same rows on every platform and thread count. Pass a seed derived for the purpose,
// e.g. rng::derive(run_seed, "split", repeat); the functions do not derive further. Labels are class codes
// 0..n_classes-1 (Dataset::labels); returned row lists are ascending unless stated otherwise.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace featrel {

// ⌊fraction·n⌋ and ⌈fraction·n⌉, robust to the rounding of the product: 0.1·30 is 3.0000000000000004 in
// doubles, and its ceiling must still be 3.
std::size_t floor_count(double fraction, std::size_t n);
std::size_t ceil_count(double fraction, std::size_t n);

// How many rows of each class go to each part: counts[p][c]. Every class is spread over the parts in
// proportion: counts[p][c] is ⌊q⌋ or ⌈q⌉ of q = part_totals[p]·class_sizes[c]/n, each part gets exactly its
// total and each class exactly its size. Rounding up goes by largest remainder within a part (ties: larger
// class, then lower code), earlier parts choosing first, subject to the other parts still being satisfiable.
// Then, for each part p with min_per_class[p] > 0 (empty = no minimums) and each class short of it, rows of
// that class are moved one at a time from its largest other part that stays at or above its own minimum
// (ties: the lower part) — crfe's "every class gets a training row". A class too small to meet all minimums
// keeps what it could get; the method checks and reports. InputError if the totals do not sum to n.
std::vector<std::vector<std::size_t>> stratified_allocation(const std::vector<std::size_t>& class_sizes,
                                                            const std::vector<std::size_t>& part_totals,
                                                            const std::vector<std::size_t>& min_per_class = {});

// A stratified partition of rows 0..n-1 into parts of the given totals (sizes from stratified_allocation).
// Each class's rows are shuffled once (classes in code order, one stream) and dealt to the parts in order;
// each part is returned sorted by row index.
std::vector<std::vector<std::size_t>> stratified_partition(const std::vector<int>& labels, std::size_t n_classes,
                                                           const std::vector<std::size_t>& part_totals,
                                                           std::uint64_t seed,
                                                           const std::vector<std::size_t>& min_per_class = {});

struct TrainTest {
  std::vector<std::size_t> train;
  std::vector<std::size_t> test;
};

// n_test = ⌈test_fraction·n⌉ (test_fraction in [0, 1)), train = the rest; parts in the order test, train.
// InputError when no training row is left.
TrainTest stratified_train_test(const std::vector<int>& labels, std::size_t n_classes, double test_fraction,
                                std::uint64_t seed, std::size_t min_train_per_class = 0);

struct TrainCalibrationTest {
  std::vector<std::size_t> train;
  std::vector<std::size_t> calibration;
  std::vector<std::size_t> test;
};

// docs/crfe.md#preparation-and-split sizes: n_test = ⌈test_fraction·n⌉, n_train = ⌊train_fraction·(n − n_test)⌋, calibration = the rest
// (350 rows at 0.25 / 0.5: 88 test, 131 train, 131 calibration); parts in the order test, train, calibration.
// test_fraction in [0, 1), train_fraction in (0, 1]; InputError when no training row is left.
TrainCalibrationTest stratified_train_calibration_test(const std::vector<int>& labels, std::size_t n_classes,
                                                       double test_fraction, double train_fraction,
                                                       std::uint64_t seed, std::size_t min_train_per_class = 0);

// InputError unless every class has at least `folds` rows, naming the class code, its count and the folds.
// (Dataset callers prefer featrel::require_min_class_size(const Dataset&, ...), which names the label.)
void require_min_class_size(const std::vector<int>& labels, std::size_t n_classes, std::size_t folds,
                            std::string_view what = "folds");

// Fold id (0..folds-1) per row, docs/fri.md#hyperparameter-search: within each class (code order, one stream) shuffle its rows and give
// the row at position i fold i mod folds. InputError for folds < 2 or a class with fewer rows than folds.
std::vector<int> stratified_kfold(const std::vector<int>& labels, std::size_t n_classes, std::size_t folds,
                                  std::uint64_t seed);

// Fold id per row for a real target, docs/fri.md#hyperparameter-search: shuffle the rows, stable-sort them by y, and within each
// consecutive block of `folds` ranks assign a random permutation of the fold ids (a last, shorter block takes
// the first ids of its permutation). InputError for folds < 2, n < folds or a non-finite y.
std::vector<int> regression_kfold(Eigen::Ref<const Eigen::VectorXd> y, std::size_t folds, std::uint64_t seed);

struct Bootstrap {
  std::vector<std::size_t> rows;        // n draws with replacement, in draw order
  std::vector<std::size_t> out_of_bag;  // rows never drawn, ascending
};

Bootstrap bootstrap(std::size_t n, std::uint64_t seed);

// k distinct rows of 0..n-1, ascending. InputError if k > n.
std::vector<std::size_t> subsample(std::size_t n, std::size_t k, std::uint64_t seed);

// docs/ubayfs.md#ensemble-stage for a classification or ordinal target: from each class c (code order, one stream) draw
// max(1, ⌊fraction·n_c⌋) of its rows without replacement (none from an empty class); all rows, ascending.
// fraction in (0, 1].
std::vector<std::size_t> class_floor_subsample(const std::vector<int>& labels, std::size_t n_classes,
                                               double fraction, std::uint64_t seed);

// docs/ubayfs.md#ensemble-stage for a regression target (and `--compat reference` for multiclass): ⌊fraction·n⌋ rows, ascending.
std::vector<std::size_t> floor_subsample(std::size_t n, double fraction, std::uint64_t seed);

}  // namespace featrel
