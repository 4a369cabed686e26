// FRI in the method registry: its option table, run, result document, chart, text and selection shape.
#include "featrel/fri.hpp"
#include "featrel/fri_chart.hpp"
#include "featrel/fri_session.hpp"
#include "featrel/method_registry.hpp"

namespace featrel::fri {

namespace {

const std::vector<Task>& tasks() {
  static const std::vector<Task> t{Task::binary, Task::multiclass, Task::regression, Task::ordinal};
  return t;
}

std::shared_ptr<const MethodParts<Options, Result>> parts() {
  static const auto shared = [] {
    auto parts = conventional_parts<Options, Result>(option_table());
    parts.chart = [](const Result& r, const Dataset& d) { return relevance_chart_svg(r, d); };
    parts.selection = [](const Result& r, const Dataset&) {
      Selection s;
      s.score_name = "upper";
      for (const auto& f : r.features) {
        FeatureSelection e;
        e.selected = f.selected();
        e.score = f.upper;
        e.relevance = f.cls;
        s.features.push_back(e);
      }
      rank_by_score(s);
      return s;
    };
    return std::make_shared<const MethodParts<Options, Result>>(std::move(parts));
  }();
  return shared;
}

}  // namespace

std::unique_ptr<MethodResult> method_result(const Dataset& data, Result result) {
  return std::make_unique<TypedMethodResult<Options, Result>>(parts(), data, std::move(result),
                                                              run_preflight(data, tasks()));
}

MethodSpec method_spec() {
  MethodSpec spec;
  spec.name = "fri";
  spec.question = "Over all linear models as good as the best sparse one, how small and how large can each "
                  "feature's weight be?";
  spec.description =
      "Feature relevance intervals (FRI): over all linear models as good as the best sparse one, how small and\n"
      "how large can each feature's weight be? Prints one interval [lower, upper] per feature, as a share of the\n"
      "baseline model's L1 norm, and its class: strong (every good model needs it), weak (some good model uses it,\n"
      "a redundant partner can replace it) or irrelevant (no more than a permuted noise probe). Binary targets use\n"
      "an L1 hinge SVM, regression an L1 epsilon-SVR, ordinal targets an L1 ordinal SVM, and multiclass targets one\n"
      "binary model per class against the rest. See docs/fri.md.";
  spec.tasks = tasks();
  spec.sort_keys = {"index", "upper", "lower", "class"};
  bind_method(spec, *parts());
  return spec;
}

}  // namespace featrel::fri
