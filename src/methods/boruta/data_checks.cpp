// The data checks Boruta and SFC make before any fit (docs/boruta.md#errors-and-edge-cases, docs/architecture.md#data-handling): every message
// names the offending flag or value and what to do.
#include <cmath>
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/preprocess.hpp"
#include "featrel/splits.hpp"
#include "methods/boruta/boruta_internal.hpp"

namespace featrel::boruta::detail {

std::string count_word(std::size_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::vector<bool> constant_columns(const Dataset& data) {
  const std::size_t d = data.n_features();
  if (data.constant.size() == d) {
    std::vector<bool> c = data.constant;
    // An all-missing column has no value to split on either.
    for (std::size_t j = 0; j < d; ++j)
      if (!c[j] && data.X.col(static_cast<Eigen::Index>(j)).array().isNaN().all()) c[j] = true;
    return c;
  }
  std::vector<bool> c(d, false);
  for (std::size_t j = 0; j < d; ++j) c[j] = is_constant_column(data.X.col(static_cast<Eigen::Index>(j)));
  return c;
}

void check_data(const Dataset& data, std::string_view method, double row_fraction, std::size_t min_leaf,
                std::size_t n_train) {
  const std::string m(method);
  const std::size_t n = data.n_samples(), d = data.n_features();
  if (d == 0) throw InputError(m + ": " + data.source + " has no feature columns");
  if (data.task == Task::ordinal)
    throw InputError(m + ": an ordinal target is not supported (no reference implementation handles one); use "
                         "--task multiclass or --task regression");
  if (data.is_classification()) {
    if (data.n_classes() < 2)
      throw InputError(m + ": target has a single class" +
                       (data.classes.empty() ? std::string() : " ('" + data.classes[0] + "')") +
                       "; a forest needs at least 2 classes");
    if (data.labels.size() != n)
      throw InputError(m + ": the target has " + std::to_string(data.labels.size()) + " labels for " +
                       std::to_string(n) + " rows");
  } else {
    if (static_cast<std::size_t>(data.y.size()) != n)
      throw InputError(m + ": the target has " + std::to_string(data.y.size()) + " values for " + std::to_string(n) +
                       " rows");
    for (std::size_t i = 0; i < n; ++i)
      if (!std::isfinite(data.y(static_cast<Eigen::Index>(i))))
        throw InputError(m + ": target value missing or not finite in row " + std::to_string(i + 1) +
                         "; remove the row or fill the value");
  }
  for (std::size_t j = 0; j < d; ++j)
    for (std::size_t i = 0; i < n; ++i) {
      const double v = data.X(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j));
      if (std::isinf(v))
        throw InputError(m + ": row " + std::to_string(i + 1) + ", column " + data.feature_names[j] +
                         ": value is infinite");
    }
  if (floor_count(row_fraction, n_train) < 2 * min_leaf) {
    std::size_t need = 2 * min_leaf;
    while (floor_count(row_fraction, need) < 2 * min_leaf) ++need;
    throw InputError(m + ": a tree needs at least " + std::to_string(need) + " rows with --row-fraction " +
                     format_number(row_fraction) + " --min-leaf " + std::to_string(min_leaf) + "; got n=" +
                     std::to_string(n_train) + (min_leaf > 1 ? "; lower --min-leaf" : "; raise --row-fraction"));
  }
}

}  // namespace featrel::boruta::detail
