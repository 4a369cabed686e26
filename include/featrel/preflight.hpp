// Pre-flight checks: problems in a Dataset that would not stop a method but would make its answer misleading.
//
// A row-ID column ranked as relevant, a feature that is the target in disguise, a quantity read as hundreds of
// classes, classes too small to cross-validate, columns mostly imputed, duplicated or constant columns: each
// is found here before any model runs, with a message that names the column and the option that fixes it
// (usually --drop NAME). Only a problem the calling method cannot work around is fatal; the rest are warnings.
// A wide table (more varying columns than rows) also gets its chance floor: the association with the target that
// the best of that many columns reaches by chance, below which a feature on its own is indistinguishable from noise.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "featrel/dataset.hpp"

namespace featrel {

struct PreflightIssue {
  // "id_like", "target_leak", "many_classes", "tiny_class", "mostly_missing", "duplicate_column", "constant",
  // "chance_floor"
  std::string kind;
  std::string column;   // the column to act on (for a class problem and the chance floor: the target)
  std::string message;  // names the column and the remedy, e.g. "--drop ID"
  bool fatal = false;
  std::vector<std::pair<std::string, double>> numbers = {};  // what the message quotes, for programs (chance_floor)
  std::vector<std::size_t> features = {};  // chance_floor: the features above the floor, ascending indices
};

struct PreflightOptions {
  // The method only classifies: a numeric target with many distinct values (many_classes) is then fatal,
  // as --task regression is not available to it.
  bool classification_only = false;
  // With classification_only: the commands that take a regression target, named in that message ("fri, sfc").
  std::string regression_methods;
  std::size_t min_class_rows = 5;     // tiny_class below this many rows
  double max_missing_share = 0.5;     // mostly_missing above this share of rows (before imputation)
  double leak_correlation = 0.9999;   // regression target_leak: |Pearson r| above this
  // id_like needs this many rows: in a small table, distinct integers or a sorted column happen by chance.
  std::size_t id_min_rows = 20;
  // chance_floor: target permutations (0 turns the check off), drawn from this seed only.
  std::size_t chance_permutations = 100;
  std::uint64_t chance_seed = 0;
};

// Runs every check on `data` as returned by read_csv or make_dataset; cells that were missing as read
// (Dataset::missing_rows, or NaN) are left out, so imputed values neither hide nor fake an issue.
// Issues come in a fixed order: target problems (many_classes, tiny_class), then id_like, target_leak,
// mostly_missing, duplicate_column and constant, each in column order, then chance_floor. Indicator columns of one
// categorical column are judged as that column (one issue, "--drop <column>").
std::vector<PreflightIssue> preflight(const Dataset& data, const PreflightOptions& options = {});

}  // namespace featrel
