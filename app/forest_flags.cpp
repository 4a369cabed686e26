// The shared forest flags of boruta and sfc (forest_flags.hpp).
#include "forest_flags.hpp"

#include "featrel/error.hpp"

namespace featrel::cli {

CLI::App* add_forest_flags(CLI::App& sub, ForestFlags& f) {
  CLI::App* g = sub.add_option_group("Forest", "the random forest every fit uses (specs/sfc_boruta.md §3.1)");
  g->add_option("--max-depth", f.max_depth, "Tree depth (0 = unlimited)")->capture_default_str();
  g->add_option("--row-fraction", f.row_fraction, "Rows drawn without replacement per tree, in (0, 1]")
      ->capture_default_str();
  g->add_option("--min-leaf", f.min_leaf, "Rows each child of a split keeps at least")->capture_default_str();
  g->add_option("--max-bins", f.max_bins, "Histogram bins per feature (2..255)")->capture_default_str();
  g->add_option("--engine", f.engine, "native (fast, the default) or xgboost (cross-checks)")
      ->capture_default_str()
      ->type_name("ENGINE");
  g->add_option("--feature-sampling", f.feature_sampling, "Columns drawn per tree or per node (default: the method's)")
      ->type_name("tree|node");
  return g;
}

std::optional<std::size_t> parse_tree_count(const std::string& text, const std::string& flag) {
  if (text == "auto") return std::nullopt;
  try {
    std::size_t used = 0;
    const long long v = std::stoll(text, &used);
    if (used == text.size() && v >= 1) return static_cast<std::size_t>(v);
  } catch (const std::exception&) {
  }
  throw InputError(flag + " must be 'auto' or an integer >= 1, got '" + text + "'");
}

}  // namespace featrel::cli
