// Boruta in the method registry: its option table, run, result document, chart, text and selection shape.
#include "featrel/boruta.hpp"
#include "featrel/boruta_chart.hpp"
#include "featrel/method_registry.hpp"

namespace featrel::boruta {

MethodSpec method_spec() {
  MethodSpec spec;
  spec.name = "boruta";
  spec.question = "Which features carry any information about the target (all relevant ones, redundant included)?";
  spec.description =
      "Boruta (the BorutaPy algorithm): which features carry any information about the target? Each iteration\n"
      "fits a random forest on the features plus shuffled copies of them (shadows); a feature that beats the\n"
      "shadows significantly often is confirmed, one that loses significantly often is rejected, the rest stay\n"
      "tentative. Finds all relevant features, redundant ones included. See docs/boruta.md.";
  spec.tasks = {Task::binary, Task::multiclass, Task::regression};
  spec.keeps_missing = true;  // the native forest's missing-value code
  spec.sort_keys = {"rank", "index"};
  auto parts = conventional_parts<Options, Result>(option_table());
  parts.chart = [](const Result& r, const Dataset& d) { return importance_chart_svg(r, d); };
  parts.selection = [](const Result& r, const Dataset&) {
    // Selected: confirmed. Rank: BorutaPy's ranking_ (1 confirmed, 2 kept tentative, 3+ the rest). No classes:
    // Boruta does not tell strong from weak.
    Selection s;
    s.score_name = "median_importance";
    for (const auto& f : r.features) {
      FeatureSelection e;
      e.selected = f.decision == Decision::confirmed;
      e.score = f.median_importance;
      e.rank = f.rank;
      s.features.push_back(e);
    }
    return s;
  };
  bind_method(spec, std::move(parts));
  return spec;
}

}  // namespace featrel::boruta
