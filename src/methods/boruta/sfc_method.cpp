// SFC in the method registry: its option table, run, result document, chart, text and selection shape.
#include <algorithm>
#include <numeric>

#include "featrel/boruta_chart.hpp"
#include "featrel/method_registry.hpp"
#include "featrel/sfc.hpp"

namespace featrel::sfc {

MethodSpec method_spec() {
  MethodSpec spec;
  spec.name = "sfc";
  spec.question = "Which relevant features are irreplaceable (strong), which replaceable (weak), with random forests?";
  spec.description =
      "Sequential feature classification (SFC): which features are strongly relevant (nothing can replace\n"
      "them), weakly relevant (a redundant partner can stand in) or irrelevant, with random forests, so non-linear\n"
      "effects count. Boruta finds the relevant features; a forest that concentrates importance finds a minimal\n"
      "set; permuting each feature of that set and comparing the score with a null interval tells strong from\n"
      "weak. See docs/boruta.md.";
  spec.tasks = {Task::binary, Task::multiclass, Task::regression};
  spec.keeps_missing = true;  // the native forest's missing-value code
  spec.sort_keys = {"class", "importance", "index"};
  auto parts = conventional_parts<Options, Result>(option_table());
  parts.chart = [](const Result& r, const Dataset& d) { return importance_chart_svg(r, d); };
  parts.selection = [](const Result& r, const Dataset&) {
    // Selected: strong or weak. Score: the importance model's total gain. Rank: by class, then importance (the
    // table's default order).
    Selection s;
    s.score_name = "importance";
    for (const auto& f : r.features) {
      FeatureSelection e;
      e.selected = f.cls > 0;
      e.score = f.importance;
      e.relevance = f.cls;
      s.features.push_back(e);
    }
    std::vector<std::size_t> order(r.features.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      if (r.features[a].cls != r.features[b].cls) return r.features[a].cls > r.features[b].cls;
      return r.features[a].importance > r.features[b].importance;
    });
    for (std::size_t k = 0; k < order.size(); ++k) s.features[order[k]].rank = static_cast<int>(k + 1);
    return s;
  };
  bind_method(spec, std::move(parts));
  return spec;
}

}  // namespace featrel::sfc
