// crfe and rfe in the method registry: one MethodSpec each over the shared Options (rfe sets method = rfe), their
// option tables, run, result document, chart, text and selection shape, and the data loading that reads the row
// roles (split_column or the role files) into the `roles` setting.
#include "featrel/crfe.hpp"
#include "featrel/crfe_chart.hpp"
#include "featrel/method_registry.hpp"

namespace featrel::crfe {

namespace {

MethodSpec spec_of(Method method) {
  const bool is_crfe = method == Method::crfe;
  MethodSpec spec;
  spec.name = to_string(method);
  if (is_crfe) {
    spec.question = "Which features make the conformal predictor's non-conformity largest, and in what order can "
                    "they go?";
    spec.description =
        "Conformal recursive feature elimination (CRFE): which features make the conformal predictor's\n"
        "non-conformity largest, and in what order can they go? Fits one-vs-all linear SVMs on the training\n"
        "rows, gives every feature its share β of the non-conformity of the selection rows, and removes the\n"
        "largest β first. Prints the ranking, the stop (the β rule, or a fixed size with -k) and the conformal\n"
        "coverage, inefficiency and certainty of all features and of the selected subset on the test rows.\n"
        "Binary and multiclass targets. See docs/crfe.md.";
  } else {
    spec.question = "Recursive feature elimination (RFE), CRFE's baseline: which features have the smallest SVM "
                    "weights?";
    spec.description =
        "Recursive feature elimination (RFE, Guyon et al.), CRFE's baseline: refit one-vs-all linear SVMs\n"
        "and remove the feature with the smallest squared weight until one is left. Prints the ranking, the\n"
        "subset (-k, or --stop cv for the RFECV size choice) and the same conformal evaluation as crfe.\n"
        "Binary and multiclass targets. See docs/crfe.md.";
  }
  spec.tasks = {Task::binary, Task::multiclass};
  spec.sort_keys = {"rank", "index"};
  const options::Table<Options>& table = option_table(method);

  MethodParts<Options, Result> parts;
  parts.table = &table;
  parts.validate = [method](const Options& o) {
    Options m = o;
    m.method = method;
    validate(m);
  };
  parts.run = [method](const Dataset& d, const Options& o, const RunContext& ctx) {
    Options m = o;
    m.method = method;
    return run(d, m, ctx);
  };
  parts.to_json = [](const Result& r, const Dataset& d) { return r.to_json(d); };
  parts.chart = [](const Result& r, const Dataset& d) { return elimination_chart_svg(r, d); };
  parts.text = [](const Result& r, const Dataset& d, std::string_view sort, std::size_t max_rows) {
    return text_report(r, d, sort, max_rows);
  };
  parts.warnings = [](const Result& r) { return r.warnings; };
  // Rank: the method's own (1 = the last feature standing). Score: the β (rfe: importance) at the feature's
  // removal for one split, the selection frequency with repeats.
  parts.selection = [](const Result& r, const Dataset&) {
    const bool repeated = r.runs.size() > 1;
    Selection s;
    s.score_name = repeated ? "selection_frequency"
                            : std::string(r.method == Method::crfe ? "beta" : "importance") + "_at_removal";
    for (const auto& f : r.features) {
      FeatureSelection e;
      e.selected = f.selected;
      e.score = repeated ? f.selection_frequency : f.score_at_removal;
      if (f.rank > 0) e.rank = static_cast<int>(f.rank);
      s.features.push_back(e);
    }
    return s;
  };
  bind_method(spec, std::move(parts));

  // The row roles: read split_column or the role files with the data, and hand the roles to the run.
  spec.load = [&table, method](const std::string& path, const CsvOptions& csv, Settings& settings) {
    Options o{};
    table.set_json(o, settings);
    o.method = method;
    Dataset data = read_data(path, csv, o);
    if (!o.roles.empty()) {
      report::Json words = report::Json::array();
      for (Role role : o.roles) words.push_back(to_string(role));
      settings["roles"] = std::move(words);
    }
    return data;
  };
  return spec;
}

}  // namespace

MethodSpec method_spec() { return spec_of(Method::crfe); }

}  // namespace featrel::crfe

namespace featrel::rfe {

MethodSpec method_spec() { return crfe::spec_of(crfe::Method::rfe); }

}  // namespace featrel::rfe
