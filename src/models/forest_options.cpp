// The forest option set (forest.hpp): the word lists of the forest's enums and the option table of ForestShape,
// which every method with a random forest includes over its nested `forest` member.
#include "featrel/forest.hpp"

namespace featrel::forest {

const options::Choices<Engine>& engine_words() {
  static const options::Choices<Engine> words{{"native", Engine::native}, {"xgboost", Engine::xgboost}};
  return words;
}

const options::Choices<FeatureSampling>& feature_sampling_words() {
  static const options::Choices<FeatureSampling> words{{"tree", FeatureSampling::tree},
                                                       {"node", FeatureSampling::node}};
  return words;
}

std::string to_string(Engine engine) { return options::word_of(engine_words(), engine); }
std::string to_string(FeatureSampling sampling) { return options::word_of(feature_sampling_words(), sampling); }
Engine parse_engine(std::string_view word) { return options::value_of(engine_words(), word, "engine"); }
FeatureSampling parse_feature_sampling(std::string_view word) {
  return options::value_of(feature_sampling_words(), word, "feature_sampling");
}

const options::Table<ForestShape>& shape_option_table() {
  using options::Range;
  static const options::Table<ForestShape> table = [] {
    options::Table<ForestShape> t("forest");
    // Depth 64 is far beyond what any row count can fill; 0 grows until leaves are pure or at min_leaf.
    t.add("max_depth", &ForestShape::max_depth, "Tree depth (0 = unlimited)").range(Range::closed(0, 64));
    t.add("row_fraction", &ForestShape::row_fraction, "Rows drawn without replacement per tree")
        .range(Range::left_open(0, 1));
    t.add("min_leaf", &ForestShape::min_leaf,
          "Rows each child of a split keeps at least, or auto (20; sfc's fits on its relevant set: a tree's sampled "
          "rows / 20, within 5-20; a quarter of the sampled rows when that is smaller)")
        .range(Range::closed(1, 1e6))
        .value_name("N");
    t.add("max_bins", &ForestShape::max_bins, "Histogram bins per feature").range(Range::closed(2, 255));
    t.choice("engine", &ForestShape::engine, engine_words(),
             "native (fast, the default) or xgboost (XGBoost's random-forest mode, for cross-checks)");
    t.finish();
    return t;
  }();
  return table;
}

}  // namespace featrel::forest
