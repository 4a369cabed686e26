// Designs and targets (docs/boruta.md#the-random-forest items 1–2): the columns a fit sees, as views of the run's codes or
// permuted copies of one column (shadows), and the target every row of a design carries.
#include <algorithm>
#include <cmath>
#include <string>

#include "featrel/error.hpp"
#include "featrel/forest.hpp"
#include "featrel/rng.hpp"

namespace featrel::forest {

std::size_t Design::add(std::size_t j) {
  if (j >= data_->n_cols())
    throw InputError("forest: design column " + std::to_string(j) + " does not exist (" +
                     std::to_string(data_->n_cols()) + " columns)");
  cols_.push_back(Column{data_->column(j), j, false});
  return cols_.size() - 1;
}

std::size_t Design::add_permuted(std::size_t j, const std::vector<std::size_t>& permutation) {
  if (j >= data_->n_cols())
    throw InputError("forest: design column " + std::to_string(j) + " does not exist (" +
                     std::to_string(data_->n_cols()) + " columns)");
  const std::size_t n = data_->n_rows();
  if (permutation.size() != n)
    throw InputError("forest: a permutation of " + std::to_string(permutation.size()) + " rows for " +
                     std::to_string(n) + " rows");
  const std::uint8_t* src = data_->column(j);
  std::vector<std::uint8_t> buf(n);
  for (std::size_t i = 0; i < n; ++i) buf[i] = src[permutation[i]];
  owned_.push_back(std::move(buf));
  cols_.push_back(Column{owned_.back().data(), j, true});
  return cols_.size() - 1;
}

std::size_t Design::add_permuted(std::size_t j, std::uint64_t seed) {
  rng::Rng r(seed);
  return add_permuted(j, r.permutation(data_->n_rows()));
}

std::string to_string(Objective objective) {
  switch (objective) {
    case Objective::binary: return "binary";
    case Objective::multiclass: return "multiclass";
    case Objective::regression: return "regression";
  }
  return "binary";
}

Target Target::classification(std::vector<int> labels, std::size_t n_classes) {
  if (n_classes < 2) throw InputError("forest: target has a single class; a forest needs at least 2");
  if (n_classes > 65535) throw InputError("forest: target has more than 65535 classes");
  for (int c : labels)
    if (c < 0 || static_cast<std::size_t>(c) >= n_classes)
      throw InputError("forest: class code " + std::to_string(c) + " is outside 0.." + std::to_string(n_classes - 1));
  Target t;
  t.objective_ = n_classes == 2 ? Objective::binary : Objective::multiclass;
  t.n_classes_ = n_classes;
  t.labels_ = std::move(labels);
  return t;
}

Target Target::regression(std::vector<double> values) {
  for (std::size_t i = 0; i < values.size(); ++i)
    if (!std::isfinite(values[i]))
      throw InputError("forest: target value of row " + std::to_string(i + 1) + " is not finite");
  Target t;
  t.objective_ = Objective::regression;
  t.values_ = std::move(values);
  return t;
}

Target Target::of(const Dataset& data) {
  switch (data.task) {
    case Task::binary:
    case Task::multiclass:
      return classification(data.labels, data.n_classes());
    case Task::regression:
      return regression(std::vector<double>(data.y.data(), data.y.data() + data.y.size()));
    case Task::ordinal:
      break;
  }
  throw InputError("forest: an ordinal target is not supported; use --task multiclass or --task regression");
}

double Target::hessian() const {
  switch (objective_) {
    case Objective::binary: return 0.25;
    case Objective::multiclass: {
      const double p = 1.0 / static_cast<double>(n_classes_);
      return 2.0 * p * (1.0 - p);
    }
    case Objective::regression: return 1.0;
  }
  return 1.0;
}

}  // namespace featrel::forest
