// Forest parameters (docs/boruta.md#the-random-forest table): the column-count rule, the values the XGBoost
// engine needs to draw the same number of columns and rows per leaf, and validation.
#include <algorithm>
#include <cmath>
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/forest.hpp"
#include "featrel/splits.hpp"

namespace featrel::forest {

std::size_t column_count(double fraction, std::size_t m) {
  const double k = std::floor(fraction * static_cast<double>(m) + 0.5);
  return k < 1.0 ? 1 : static_cast<std::size_t>(k);
}

std::size_t ColumnFraction::count(std::size_t m) const {
  if (kind == Kind::sqrt) {
    std::size_t k = static_cast<std::size_t>(std::sqrt(static_cast<double>(m)));
    // Guard the float square root at perfect squares.
    while ((k + 1) * (k + 1) <= m) ++k;
    while (k * k > m) --k;
    return k < 1 ? 1 : k;
  }
  return column_count(value, m);
}

std::string ColumnFraction::to_string() const { return kind == Kind::sqrt ? "sqrt" : format_number(value); }

ColumnFraction parse_column_fraction(std::string_view word, std::string_view flag) {
  if (word == "sqrt") return ColumnFraction::sqrt();
  if (word == "all") return ColumnFraction::fraction(1.0);
  const std::string s(word);
  std::size_t used = 0;
  double v = 0.0;
  try {
    v = std::stod(s, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != s.size() || s.empty() || !(v > 0.0 && v <= 1.0))
    throw InputError("option " + std::string(flag) + " must be sqrt, all or a fraction in (0, 1], got '" + s + "'");
  return ColumnFraction::fraction(v);
}

double xgboost_colsample(std::size_t k, std::size_t m) {
  return (static_cast<double>(k) + 0.5) / static_cast<double>(m);
}

double xgboost_min_child_weight(Objective objective, std::size_t n_classes, std::size_t min_leaf_rows) {
  double h0 = 1.0;
  if (objective == Objective::binary) h0 = 0.25;
  if (objective == Objective::multiclass) {
    const double p = 1.0 / static_cast<double>(n_classes);
    h0 = 2.0 * p * (1.0 - p);
  }
  return (static_cast<double>(min_leaf_rows) - 0.5) * h0;
}

LeafSize resolve_min_leaf(const ForestShape& shape, std::size_t n_train, std::size_t leaves_per_tree) {
  LeafSize out;
  if (shape.min_leaf) {
    out.rows = *shape.min_leaf;
    return out;
  }
  const std::size_t per_tree = floor_count(shape.row_fraction, n_train);
  if (leaves_per_tree > 0)
    out.rows = std::clamp(per_tree / leaves_per_tree, kSmallestSharedLeaf, kDefaultMinLeaf);
  if (per_tree >= 2 * kDefaultMinLeaf) return out;
  // Two leaves of that size do not fit: a quarter of the sampled rows keeps room for two levels of splits, which a stump
  // (half of them) would not; smaller leaves than needed make the gain forest confirm noise (docs/boruta.md).
  const std::size_t quarter = std::max<std::size_t>(1, per_tree / 4), wanted = out.rows;
  if (quarter >= wanted) return out;
  out.rows = quarter;
  out.adapted = true;
  out.note = "small_cohort: --min-leaf auto uses " + std::to_string(out.rows) + " rows per leaf instead of " +
             std::to_string(wanted) + ", because a tree samples only " + std::to_string(per_tree) +
             " of " + std::to_string(n_train) + " rows (--row-fraction " + format_number(shape.row_fraction) +
             "), too few for two leaves of " + std::to_string(wanted) +
             "; smaller leaves make importances noisier (pass --min-leaf N to choose)";
  return out;
}

void validate(const Params& p, std::string_view prefix) {
  const std::string pre(prefix);
  auto bad = [&](const std::string& name, const std::string& range, const std::string& got) {
    throw InputError("option " + name + " (--" + pre + name + ") must be " + range + ", got " + got);
  };
  if (p.n_trees < 1) bad("trees", ">= 1", std::to_string(p.n_trees));
  if (p.max_depth < 0) bad("max-depth", ">= 0 (0 = unlimited)", std::to_string(p.max_depth));
  if (p.feature_fraction.kind == ColumnFraction::Kind::fraction &&
      !(p.feature_fraction.value > 0.0 && p.feature_fraction.value <= 1.0))
    bad("feature-fraction", "sqrt, all or in (0, 1]", format_number(p.feature_fraction.value));
  if (!(p.row_fraction > 0.0 && p.row_fraction <= 1.0)) bad("row-fraction", "in (0, 1]", format_number(p.row_fraction));
  if (p.min_leaf_rows < 1) bad("min-leaf", ">= 1", std::to_string(p.min_leaf_rows));
  if (!(p.lambda >= 0.0 && std::isfinite(p.lambda))) bad("lambda", "finite and >= 0", format_number(p.lambda));
}

}  // namespace featrel::forest
