// The forest flags `featrel boruta` and `featrel sfc` share (specs/sfc_boruta.md §5): tree shape, row and column
// sampling, binning and engine. Parsing only; the methods' validate() checks the ranges.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "featrel/forest.hpp"

namespace featrel::cli {

struct ForestFlags {
  int max_depth = 5;
  double row_fraction = 0.632;
  std::size_t min_leaf = 20;
  int max_bins = 255;
  std::string engine = "native";
  std::string feature_sampling;  // "" = the method's default
};

// --max-depth, --row-fraction, --min-leaf, --max-bins, --engine, --feature-sampling in an option group "Forest".
CLI::App* add_forest_flags(CLI::App& sub, ForestFlags& f);

// "auto" → nullopt, otherwise a positive integer; InputError naming `flag`.
std::optional<std::size_t> parse_tree_count(const std::string& text, const std::string& flag);

}  // namespace featrel::cli
