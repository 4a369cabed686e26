// pareto in the method registry: training classifiers and permuting features (a data file), or analysing a given
// impact table (--impacts, no data file); extra outputs --dot and --impacts-out.
#include "featrel/pareto_inputs.hpp"
#include "featrel/method_registry.hpp"
#include "featrel/pareto.hpp"

namespace featrel::pareto {

MethodSpec method_spec() {
  MethodSpec spec;
  spec.name = "pareto";
  spec.question = "Which features are best for some (classifier, measure) criterion, and are they predictive or "
                  "discriminant?";
  spec.description =
      "Most predictive and discriminant features (Pareto/FCA): trains several classifiers, measures each\n"
      "feature's permutation impact on several performance measures of each model, keeps the features on the\n"
      "Pareto front of these criteria, and explains each one by the measures that keep it there (predictive of\n"
      "the positive or negative class, discriminant, ...) with a concept lattice. --impacts FILE analyses a\n"
      "given impact table instead. See docs/pareto.md.";
  spec.tasks = {Task::binary, Task::multiclass};
  spec.sort_keys = {"layer"};
  // The positive class is applied by pareto (it also binarises K > 2 classes), so the reader gets none.
  spec.load = [](const std::string& path, const CsvOptions& csv, Settings& settings) {
    CsvOptions c = csv;
    if (!c.positive.empty()) settings["positive"] = c.positive;
    c.positive.clear();
    return read_csv(path, c);
  };
  spec.data_alternative = "--impacts FILE";
  spec.runs_without_data = [](const Settings& settings) {
    return settings.contains("impacts") && settings["impacts"].is_string() &&
           !settings["impacts"].get<std::string>().empty();
  };
  MethodParts<Options, Result> parts;
  parts.table = &option_table();
  parts.validate = [](const Options& o) { validate(o); };
  parts.run = [](const Dataset& data, const Options& o, const RunContext& ctx) {
    if (!o.impacts.empty()) {
      Result r = analyse(read_impact_table(o.impacts), o.analysis);
      r.source = o.impacts;
      const AnalysisOptions analysis = r.options.analysis;
      r.options = o;
      r.options.analysis = analysis;
      return r;
    }
    return run(data, o, ctx);
  };
  parts.to_json = [](const Result& r, const Dataset&) { return to_json(r); };
  parts.chart = [](const Result& r, const Dataset&) { return lattice_svg(r); };
  parts.text = [](const Result& r, const Dataset&, std::string_view, std::size_t max_rows) {
    return summary_text(r, max_rows);
  };
  parts.warnings = [](const Result& r) { return r.warnings; };
  parts.selection = [](const Result& r, const Dataset&) {
    Selection s;
    s.score_name = "layer";
    for (std::size_t j = 0; j < r.features.size(); ++j) {
      FeatureSelection e;
      e.selected = r.features[j].important;
      if (r.features[j].layer > 0) {  // a constant column has no layer
        e.score = r.features[j].layer;
        e.rank = r.features[j].layer;
      }
      s.features.push_back(e);
    }
    return s;
  };
  parts.extra_files = [](const Result& r) {
    std::vector<std::pair<std::string, std::string>> files;
    if (!r.options.dot.empty()) files.emplace_back(r.options.dot, lattice_dot(r));
    if (!r.options.impacts_out.empty()) files.emplace_back(r.options.impacts_out, impacts_csv(r));
    return files;
  };
  bind_method(spec, std::move(parts));
  return spec;
}

}  // namespace featrel::pareto
