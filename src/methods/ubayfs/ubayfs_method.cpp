// UBayFS in the method registry: the ensemble on DATA.csv, or --counts FILE without (or with) data; its option
// table, result document, chart, text and selection shape (selected = the first optimum, score = θ̂).
#include "featrel/method_registry.hpp"
#include "featrel/ubayfs.hpp"
#include "featrel/ubayfs_chart.hpp"

namespace featrel::ubayfs {

MethodSpec method_spec() {
  MethodSpec spec;
  spec.name = "ubayfs";
  spec.question = "Which feature set does an ensemble of selectors support, given expert weights and constraints?";
  spec.description =
      "UBayFS: which feature set does an ensemble of selectors support, given expert weights and constraints?\n"
      "Counts how often mRMR / Fisher / Laplacian selectors pick each feature on random sub-samples (or reads the\n"
      "counts with --counts), combines them with a Dirichlet prior, and returns every feature set that maximises\n"
      "ln(θ̂ᵀδ + λ·admissibility) under the constraints. --max-size is required. See docs/ubayfs.md.";
  spec.tasks = {Task::binary, Task::multiclass, Task::regression, Task::ordinal};
  spec.sort_keys = {"index", "theta", "count"};
  // With --counts the data file is optional (it adds the header fields and the correlations).
  spec.runs_without_data = [](const Settings& settings) {
    return settings.contains("counts") && settings["counts"].is_string() &&
           !settings["counts"].get<std::string>().empty();
  };
  spec.data_alternative = "--counts FILE";
  spec.data_with_alternative = true;
  auto parts = conventional_parts<Options, Result>(option_table());
  parts.chart = [](const Result& r, const Dataset& d) { return chart_svg(r, d); };
  parts.selection = [](const Result& r, const Dataset&) {
    Selection s;
    s.score_name = "posterior_mean";
    const std::vector<std::size_t> none;
    const auto& first = r.optima.empty() ? none : r.optima.front().features;
    for (std::size_t j = 0; j < r.problem.n_features(); ++j) {
      FeatureSelection e;
      e.selected = std::binary_search(first.begin(), first.end(), j);
      e.score = r.posterior_mean[j];
      s.features.push_back(e);
    }
    rank_by_score(s);
    return s;
  };
  bind_method(spec, std::move(parts));
  return spec;
}

}  // namespace featrel::ubayfs
