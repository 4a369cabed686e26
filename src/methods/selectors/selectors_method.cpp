// mrmr, fisher and laplacian in the method registry: three commands over one Options struct, each with its own
// option table, the ranking as result, text and selection shape (selected = picked, score = the pick's score,
// rank = the pick order).
#include "featrel/method_registry.hpp"
#include "featrel/selectors.hpp"

namespace featrel::selectors {

MethodSpec method_spec(Method method) {
  MethodSpec spec;
  spec.name = to_string(method);
  switch (method) {
    case Method::mrmr:
      spec.question = "Which n features are most related to the target and least to each other (mRMR)?";
      spec.description =
          "Minimum-redundancy maximum-relevance (mRMRe classic): which n features are most related to the target\n"
          "and least to each other? Greedy picks; relevance is Somers' D (binary, ordinal), η² (multiclass) or\n"
          "Pearson r (regression) as Gaussian MI. One of UBayFS's elementary selectors. See docs/selectors.md.";
      spec.tasks = {Task::binary, Task::multiclass, Task::regression, Task::ordinal};
      break;
    case Method::fisher:
      spec.question = "Which n features separate the classes best, one at a time (Fisher score)?";
      spec.description =
          "Fisher score (Rdimtools do.fscore): which n features separate the classes best, one at a time?\n"
          "Between-class over within-class spread. Class targets only. See docs/selectors.md.";
      // Class targets only: under --task auto a numeric target with >= 3 values is multiclass; ordinal levels
      // count as classes when asked for (--task ordinal), so ordinal is supported only then.
      spec.tasks = {Task::binary, Task::multiclass, Task::ordinal};
      spec.load = [](const std::string& path, const CsvOptions& csv, Settings&) {
        CsvOptions c = csv;
        if (c.task != TaskRequest::ordinal) c.supported = {Task::binary, Task::multiclass};
        return read_csv(path, c);
      };
      break;
    case Method::laplacian:
      spec.question = "Which n features best preserve the neighbourhoods of the rows (Laplacian score)?";
      spec.description =
          "Laplacian score (Rdimtools do.lscore): which n features best preserve the neighbourhoods of the rows?\n"
          "Unsupervised (the target is read but not used). See docs/selectors.md.";
      spec.tasks = {Task::binary, Task::multiclass, Task::regression, Task::ordinal};
      break;
  }
  spec.sort_keys = {"rank", "index"};
  MethodParts<Options, Result> parts;
  parts.table = &option_table(method);
  // The tables do not hold the method: each command sets its own.
  parts.validate = [method](const Options& o) {
    Options m = o;
    m.method = method;
    validate(m);
  };
  parts.run = [method](const Dataset& data, const Options& o, const RunContext& ctx) {
    Options m = o;
    m.method = method;
    return rank(data, m, ctx);
  };
  parts.to_json = [](const Result& r, const Dataset& d) { return r.to_json(d); };
  parts.chart = [](const Result& r, const Dataset& d) { return chart_svg(r, d); };
  parts.text = [](const Result& r, const Dataset& d, std::string_view sort, std::size_t max_rows) {
    return text_report(r, d, sort, max_rows);
  };
  parts.warnings = [](const Result& r) { return r.warnings; };
  parts.selection = [method](const Result& r, const Dataset&) {
    Selection s;
    s.score_name = to_string(method) + "_score";
    for (const auto& f : r.features) {
      FeatureSelection e;
      e.selected = f.rank.has_value();
      e.score = f.pick_score;
      e.rank = f.rank;
      s.features.push_back(e);
    }
    return s;
  };
  bind_method(spec, std::move(parts));
  return spec;
}

}  // namespace featrel::selectors
