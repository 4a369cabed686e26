// featrel._featrel: the pybind11 binding the Python package (python/featrel/) is built on. It is generic over the
// method registry: it lists every registered method with its option table, and runs a method by name on data in
// memory with settings {key: value}. The estimator classes, their parameters and their fitted attributes are
// made in Python from what this module lists, so a new method or option needs no change here.
//
// Runs release the GIL and go on a worker thread while the calling thread waits, wakes every 50 ms and, holding
// the GIL, runs Python's signal handlers (PyErr_CheckSignals): Ctrl-C sets the run's cancel flag and the fit ends
// with KeyboardInterrupt as soon as the method polls the flag. The same wake-up prints progress (verbose).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <Eigen/Dense>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "featrel/common_options.hpp"
#include "featrel/dataset.hpp"
#include "featrel/error.hpp"
#include "featrel/method_registry.hpp"
#include "featrel/missing_values.hpp"
#include "featrel/option_table.hpp"
#include "featrel/resampling.hpp"
#include "featrel/run_context.hpp"
#include "featrel/task_plan.hpp"

namespace py = pybind11;

namespace featrel::python {
namespace {

const char* kind_word(options::Kind kind) {
  switch (kind) {
    case options::Kind::boolean: return "boolean";
    case options::Kind::integer: return "integer";
    case options::Kind::real: return "real";
    case options::Kind::text: return "text";
    case options::Kind::choice: return "choice";
  }
  return "text";
}

py::dict info_dict(const options::Info& i) {
  py::dict d;
  d["key"] = i.key;
  d["flag"] = i.flag;
  d["group"] = i.group;
  d["help"] = i.help;
  d["value_name"] = i.value_name;
  d["kind"] = kind_word(i.kind);
  d["list"] = i.list;
  d["split_commas"] = i.split_commas;
  d["optional"] = i.optional;
  d["unset_word"] = i.unset_word;
  d["choices"] = i.choices;
  d["range"] = py::make_tuple(i.range.lo, i.range.hi, i.range.lo_open, i.range.hi_open);
  d["range_text"] = i.range_text();
  d["integer_only"] = i.integer_only;
  d["default_text"] = i.default_text;
  d["cli"] = i.cli;
  d["echo"] = i.echo;
  return d;
}

py::list schema_list(const options::Schema& schema) {
  py::list out;
  for (const auto* info : schema.infos()) out.append(info_dict(*info));
  return out;
}

py::list method_table() {
  py::list out;
  for (const auto& spec : methods()) {
    py::dict d;
    d["name"] = spec.name;
    d["question"] = spec.question;
    d["description"] = spec.description;
    py::list tasks;
    for (Task t : spec.tasks) tasks.append(to_string(t));
    d["tasks"] = tasks;
    d["has_chart"] = spec.has_chart;
    d["own_repeats"] = spec.own_repeats;
    d["sort_keys"] = spec.sort_keys;
    d["options"] = schema_list(*spec.schema);
    out.append(d);
  }
  return out;
}

Settings parse_settings(const std::string& text) {
  try {
    return Settings::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("settings are not valid JSON: ") + e.what());
  }
}

void check_settings(const std::string& name, const std::string& settings_json) {
  method(name).check(parse_settings(settings_json));
}

// The latest progress report of a run, handed from the worker to the waiting thread.
struct ProgressSlot {
  std::mutex mutex;
  std::string stage;
  std::size_t done = 0, total = 0;
  bool fresh = false;
};

// Runs `work` on a worker thread with the GIL released; the calling thread polls Python's signal handlers and
// prints progress. A Python exception from a handler (KeyboardInterrupt) sets `cancel` and is re-raised after the
// worker ended; an exception of the work is rethrown.
void run_interruptible(const std::function<void()>& work, std::atomic<bool>& cancel, ProgressSlot* progress,
                       const std::string& label) {
  std::mutex mutex;
  std::condition_variable finished_cv;
  bool finished = false;
  std::exception_ptr failure;
  PyObject *type = nullptr, *value = nullptr, *trace = nullptr;  // a pending Python exception from a handler
  {
    py::gil_scoped_release release;
    std::thread worker([&] {
      try {
        work();
      } catch (...) {
        failure = std::current_exception();
      }
      std::lock_guard<std::mutex> lock(mutex);
      finished = true;
      finished_cv.notify_all();
    });
    std::string last_stage;
    auto last_print = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex);
        if (finished_cv.wait_for(lock, std::chrono::milliseconds(50), [&] { return finished; })) break;
      }
      py::gil_scoped_acquire acquire;
      if (type == nullptr && PyErr_CheckSignals() != 0) {
        PyErr_Fetch(&type, &value, &trace);
        cancel.store(true);
      }
      if (progress != nullptr) {
        std::string line;
        {
          std::lock_guard<std::mutex> lock(progress->mutex);
          const auto now = std::chrono::steady_clock::now();
          if (progress->fresh && (progress->stage != last_stage || now - last_print > std::chrono::milliseconds(500))) {
            // stages usually start with the method ("fri: bounds"); name it otherwise
            const std::string prefix = progress->stage.rfind(label, 0) == 0 ? "" : label + ": ";
            line = "featrel " + prefix + progress->stage + " " + std::to_string(progress->done) + "/" +
                   std::to_string(progress->total) + "\n";
            progress->fresh = false;
            last_stage = progress->stage;
            last_print = now;
          }
        }
        if (!line.empty()) py::module_::import("sys").attr("stderr").attr("write")(line);
      }
    }
    worker.join();
  }
  if (type != nullptr) {
    PyErr_Restore(type, value, trace);
    throw py::error_already_set();
  }
  if (failure) std::rethrow_exception(failure);
}

Eigen::MatrixXd matrix_from(const py::array_t<double, py::array::f_style | py::array::forcecast>& X) {
  if (X.ndim() != 2) throw InputError("X must be a 2-d array, got " + std::to_string(X.ndim()) + " dimension(s)");
  Eigen::MatrixXd m(X.shape(0), X.shape(1));
  if (m.size() > 0) std::copy(X.data(), X.data() + m.size(), m.data());
  return m;
}

Eigen::VectorXd vector_from(const py::array_t<double, py::array::c_style | py::array::forcecast>& y) {
  if (y.ndim() != 1) throw InputError("y must be a 1-d array, got " + std::to_string(y.ndim()) + " dimension(s)");
  Eigen::VectorXd v(y.shape(0));
  if (v.size() > 0) std::copy(y.data(), y.data() + v.size(), v.data());
  return v;
}

// A data frame's text columns (strings, categories): one list of values per feature, empty for a numeric one.
using TextColumns = std::vector<std::vector<std::string>>;

// The data as the method reads it: make_dataset with the data options (task, ...) and the method's tasks.
Dataset dataset_for(const MethodSpec& spec, const Eigen::MatrixXd& X, const std::vector<std::string>& names,
                    const TextColumns& text_columns, const Eigen::VectorXd& y, const std::string& data_json) {
  CsvOptions csv;
  Settings settings = parse_settings(data_json);
  // The labels of a target the Python side coded 0..K-1 (any label type; not a data option of the CLI).
  std::vector<std::string> class_names;
  if (settings.is_object() && settings.contains("class_names")) {
    class_names = settings["class_names"].get<std::vector<std::string>>();
    settings.erase("class_names");
  }
  data_option_table().set_json(csv, settings);
  csv.supported = spec.tasks;
  csv.command = spec.name;
  if (static_cast<std::size_t>(X.rows()) != static_cast<std::size_t>(y.size()))
    throw InputError("X has " + std::to_string(X.rows()) + " rows but y has " + std::to_string(y.size()) +
                     " values");
  Dataset data = make_dataset(X, names, text_columns, y, csv);
  // Named as the CLI names a CSV file's labels, so that every label in the document (per-class results, warnings)
  // is the user's, not its code. Only when the codes came through as 0..K-1 in order.
  if (!class_names.empty() && data.classes.size() == class_names.size()) {
    bool codes = true;
    for (std::size_t k = 0; k < data.classes.size(); ++k) codes = codes && data.classes[k] == std::to_string(k);
    if (codes) data.classes = class_names;
  }
  return data;
}

RunContext context_for(std::uint64_t seed, unsigned threads, std::atomic<bool>& cancel, ProgressSlot* progress) {
  RunContext ctx;
  ctx.seed = seed;
  ctx.threads = threads;
  ctx.cancel = &cancel;
  if (progress != nullptr)
    ctx.progress = [progress](std::string_view stage, std::size_t done, std::size_t total) {
      std::lock_guard<std::mutex> lock(progress->mutex);
      progress->stage = std::string(stage);
      progress->done = done;
      progress->total = total;
      progress->fresh = true;
    };
  return ctx;
}

// ---- task plans (task_plan.hpp): a run's plain-data tasks handed to Python (joblib, and so a Dask cluster) ----

// The plan executor of a run whose plans go to a Python callable: callback(kind, stage, shared_json, [task_json])
// returns the results as JSON texts in task order (featrel._plans). It is called from the run's worker thread and
// takes the GIL; a worker's ValueError comes back as an InputError, KeyboardInterrupt as Cancelled, anything else
// as a SolverError naming the plan.
class PythonPlanExecutor final : public PlanExecutor {
 public:
  explicit PythonPlanExecutor(py::object callback) : callback_(std::move(callback)) {}
  std::vector<TaskPlan::Json> run(const TaskPlan& plan, const RunContext&) override {
    std::vector<std::string> texts;
    {
      py::gil_scoped_acquire gil;
      try {
        py::list tasks;
        for (const auto& t : plan.tasks) tasks.append(t.dump());
        const py::object results = callback_(plan.kind, plan.stage, plan.shared.dump(), tasks);
        for (py::handle h : results) texts.push_back(h.cast<std::string>());
      } catch (py::error_already_set& e) {
        if (e.matches(PyExc_KeyboardInterrupt)) throw Cancelled();
        if (e.matches(PyExc_ValueError)) throw InputError(e.what());
        throw SolverError("a task of the plan '" + plan.kind + "' failed: " + e.what());
      }
    }
    std::vector<TaskPlan::Json> out;
    for (const auto& t : texts) out.push_back(TaskPlan::Json::parse(t));
    return out;
  }

 private:
  py::object callback_;
};

// One task of a plan on the data rebuilt from the arrays: what a joblib worker (a thread, a process, a Dask worker)
// runs. Returns the task's result as JSON text.
std::string run_plan_task_py(const std::string& name,
                             const py::array_t<double, py::array::f_style | py::array::forcecast>& X,
                             const std::vector<std::string>& names, const TextColumns& text_columns,
                             const py::array_t<double, py::array::c_style | py::array::forcecast>& y,
                             const std::string& data_json, const std::string& kind, const std::string& shared_json,
                             const std::string& task_json, unsigned threads) {
  const MethodSpec& spec = method(name);
  const Eigen::MatrixXd matrix = matrix_from(X);
  const Eigen::VectorXd target = vector_from(y);
  const Settings shared = parse_settings(shared_json), task = parse_settings(task_json);
  std::atomic<bool> cancel{false};
  std::string out;
  run_interruptible(
      [&] {
        const Dataset data = dataset_for(spec, matrix, names, text_columns, target, data_json);
        out = featrel::run_plan_task(kind, data, shared, task, context_for(0, threads, cancel, nullptr)).dump();
      },
      cancel, nullptr, name);
  return out;
}

// Runs method `name` and returns {document (JSON text), chart_svg, text, warnings}.
py::dict fit(const std::string& name, const py::array_t<double, py::array::f_style | py::array::forcecast>& X,
             const std::vector<std::string>& names, const TextColumns& text_columns,
             const py::array_t<double, py::array::c_style | py::array::forcecast>& y, const std::string& data_json,
             const std::string& settings_json, std::uint64_t seed, unsigned threads, int verbose,
             const py::object& plan_callback) {
  const MethodSpec& spec = method(name);
  std::unique_ptr<PythonPlanExecutor> plans;
  if (!plan_callback.is_none()) plans = std::make_unique<PythonPlanExecutor>(plan_callback);
  const Settings settings = parse_settings(settings_json);
  spec.check(settings);  // bad options fail before the data is looked at, as in the CLI
  const Eigen::MatrixXd matrix = matrix_from(X);
  const Eigen::VectorXd target = vector_from(y);
  std::atomic<bool> cancel{false};
  ProgressSlot slot;
  ProgressSlot* progress = verbose > 0 ? &slot : nullptr;
  std::string document, chart, text;
  std::vector<std::string> warnings;
  run_interruptible(
      [&] {
        const Dataset data = dataset_for(spec, matrix, names, text_columns, target, data_json);
        RunContext ctx = context_for(seed, threads, cancel, progress);
        ctx.plan_executor = plans.get();
        const auto result = spec.run(data, settings, ctx);
        document = result->to_json().dump();
        if (spec.has_chart) chart = result->chart_svg();
        text = result->text(spec.sort_keys.front(), OutputSettings{}.rows);  // as the CLI prints it
        warnings = result->warnings();
      },
      cancel, progress, name);
  py::dict out;
  out["document"] = document;
  out["chart_svg"] = chart;
  out["text"] = text;
  out["warnings"] = warnings;
  return out;
}


// ---- resampled repeats (resampling.hpp) through Python: the full-data run here, the repeats as tasks that
// Python hands to joblib (and so to a Dask cluster), the summary here again. ---------------------------------------

resampling::Options resampling_options(const MethodSpec& spec, const std::string& resampling_json) {
  resampling::Options o;
  resampling::option_table().set_json(o, parse_settings(resampling_json));
  resampling::validate(o);
  if (o.repeats >= 2 && spec.own_repeats)
    throw options::OptionError("repeats", spec.name + " has its own option 'repeats'; the shared resampled repeats "
                                          "do not apply to it");
  return o;
}

using TaskTuple = std::tuple<std::size_t, std::uint64_t, std::vector<std::size_t>>;
// A selection as plain Python data (picklable): (score_name, [(selected, score, rank, relevance)]).
using FeatureTuple = std::tuple<bool, std::optional<double>, std::optional<int>, std::optional<int>>;
using SelectionTuple = std::tuple<std::string, std::vector<FeatureTuple>>;

SelectionTuple selection_tuple(const Selection& s) {
  SelectionTuple out{s.score_name, {}};
  for (const auto& f : s.features) std::get<1>(out).emplace_back(f.selected, f.score, f.rank, f.relevance);
  return out;
}

Selection selection_from(const SelectionTuple& t) {
  Selection s;
  s.score_name = std::get<0>(t);
  for (const auto& [selected, score, rank, relevance] : std::get<1>(t)) s.features.push_back({selected, score, rank, relevance});
  return s;
}

py::dict outputs_of(const MethodSpec& spec, const MethodResult& result) {
  py::dict out;
  out["document"] = result.to_json().dump();
  out["chart_svg"] = spec.has_chart ? result.chart_svg() : std::string();
  out["text"] = result.text(spec.sort_keys.front(), OutputSettings{}.rows);  // as the CLI prints it
  out["warnings"] = result.warnings();
  return out;
}

// A full-data run waiting for its repeats: holds the data (the result points into it) and the repeat plan.
class RepeatedFit {
 public:
  RepeatedFit(const std::string& name, const py::array_t<double, py::array::f_style | py::array::forcecast>& X,
              const std::vector<std::string>& names, const TextColumns& text_columns,
              const py::array_t<double, py::array::c_style | py::array::forcecast>& y, const std::string& data_json,
              const std::string& settings_json, const std::string& resampling_json, std::uint64_t seed,
              unsigned threads, int verbose)
      : spec_(&method(name)), settings_(parse_settings(settings_json)) {
    spec_->check(settings_);
    options_ = resampling_options(*spec_, resampling_json);
    const Eigen::MatrixXd matrix = matrix_from(X);
    const Eigen::VectorXd target = vector_from(y);
    std::atomic<bool> cancel{false};
    ProgressSlot slot;
    ProgressSlot* progress = verbose > 0 ? &slot : nullptr;
    run_interruptible(
        [&] {
          data_ = dataset_for(*spec_, matrix, names, text_columns, target, data_json);
          if (data_.n_samples() == 0)
            throw options::OptionError("repeats", "option 'repeats' resamples the rows; " + spec_->name + " got none");
          tasks_ = resampling::plan(data_, options_, seed);  // a refusal comes before any fit, as in the CLI
          full_ = spec_->run(data_, settings_, context_for(seed, threads, cancel, progress));
        },
        cancel, progress, name);
  }

  std::vector<TaskTuple> tasks() const {
    std::vector<TaskTuple> out;
    for (const auto& t : tasks_) out.emplace_back(t.index, t.seed, t.rows);
    return out;
  }

  // The document with the repeats' frequencies and stability (resampling::RepeatedResult, as the CLI writes it).
  py::dict finish(const std::vector<SelectionTuple>& runs) {
    if (!full_) throw InputError("finish() was called twice");
    if (runs.size() != tasks_.size())
      throw InputError("got " + std::to_string(runs.size()) + " repeat selections for " + std::to_string(tasks_.size()) +
                       " tasks");
    std::vector<Selection> selections;
    for (const auto& r : runs) selections.push_back(selection_from(r));
    resampling::Summary summary = resampling::summarise(selections, data_.n_features(), options_);
    summary.rows = tasks_.empty() ? 0 : tasks_.front().rows.size();
    const resampling::RepeatedResult result(std::move(full_), data_, spec_->name, std::move(summary), {});
    return outputs_of(*spec_, result);
  }

 private:
  const MethodSpec* spec_;
  Settings settings_;
  resampling::Options options_;
  Dataset data_;
  std::vector<resampling::Task> tasks_;
  std::unique_ptr<MethodResult> full_;
};

// One repeat: the data rebuilt from the arrays (so a task can run in another process or on another machine) and
// the method run on the task's rows with the task's seed.
SelectionTuple run_task(const std::string& name,
                        const py::array_t<double, py::array::f_style | py::array::forcecast>& X,
                        const std::vector<std::string>& names, const TextColumns& text_columns,
                        const py::array_t<double, py::array::c_style | py::array::forcecast>& y,
                        const std::string& data_json, const std::string& settings_json, std::size_t index,
                        std::uint64_t task_seed, const std::vector<std::size_t>& rows, unsigned threads) {
  const MethodSpec& spec = method(name);
  const Settings settings = parse_settings(settings_json);
  const Eigen::MatrixXd matrix = matrix_from(X);
  const Eigen::VectorXd target = vector_from(y);
  std::atomic<bool> cancel{false};
  Selection selection;
  run_interruptible(
      [&] {
        const Dataset data = dataset_for(spec, matrix, names, text_columns, target, data_json);
        resampling::Task task{index, task_seed, rows};
        selection = resampling::run_task(spec, data, settings, task, context_for(0, threads, cancel, nullptr));
      },
      cancel, nullptr, name);
  return selection_tuple(selection);
}

}  // namespace
}  // namespace featrel::python

PYBIND11_MODULE(_featrel, m) {
  using namespace featrel;
  m.doc() = "featrel's C++ core: the method registry and its runs (use the estimators of the featrel package)";
  m.attr("__version__") = FEATREL_VERSION;

  static py::exception<SolverError> solver_error(m, "SolverError", PyExc_RuntimeError);
  static py::exception<options::OptionError> option_error(m, "OptionError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const options::OptionError& e) {
      py::object error = py::reinterpret_borrow<py::object>(option_error.ptr())(e.what());
      error.attr("key") = e.key();
      PyErr_SetObject(option_error.ptr(), error.ptr());
    } catch (const InputError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const SolverError& e) {
      PyErr_SetString(solver_error.ptr(), e.what());
    } catch (const Cancelled&) {
      PyErr_SetString(PyExc_KeyboardInterrupt, "featrel: run cancelled");
    }
  });

  m.def("is_missing_text", [](const std::string& text) { return is_missing_text(text); }, py::arg("text"),
        "Whether featrel reads this text as a missing value (empty or blank, NA, ?), as in a CSV file");
  m.def("methods", &python::method_table, "Every registered method: name, question, tasks, options (the table)");
  m.def("data_options", [] { return python::schema_list(data_option_table()); },
        "The data option table (task, impute, ...)");
  m.def("check", &python::check_settings, py::arg("method"), py::arg("settings_json"),
        "Validates settings {key: value} (JSON text) of a method; OptionError naming the key");
  m.def("fit", &python::fit, py::arg("method"), py::arg("X"), py::arg("feature_names"), py::arg("text"),
        py::arg("y"), py::arg("data_json"), py::arg("settings_json"), py::arg("seed"), py::arg("threads"),
        py::arg("verbose"), py::arg("plan_callback") = py::none(),
        "Runs a method on X (n x d; text[j], when not empty, holds column j as text) and a numeric target y; "
        "returns document (JSON text), chart_svg, text, warnings. With plan_callback(kind, stage, shared_json, "
        "tasks), the run's task plans go to it");
  m.def("run_plan_task", &python::run_plan_task_py, py::arg("method"), py::arg("X"), py::arg("feature_names"),
        py::arg("text"), py::arg("y"), py::arg("data_json"), py::arg("kind"), py::arg("shared_json"),
        py::arg("task_json"), py::arg("threads") = 1,
        "One task of a run's task plan on the data; returns its result as JSON text");

  m.def("resampling_options", [] { return python::schema_list(resampling::option_table()); },
        "The option table of the shared resampled repeats (repeats, resample, ...)");
  m.def("check_resampling",
        [](const std::string& name, const std::string& json) { (void)python::resampling_options(method(name), json); },
        py::arg("method"), py::arg("resampling_json"));
  py::class_<python::RepeatedFit>(m, "RepeatedFit", "A full-data run waiting for its resampled repeats")
      .def(py::init<const std::string&, const py::array_t<double, py::array::f_style | py::array::forcecast>&,
                    const std::vector<std::string>&, const python::TextColumns&,
                    const py::array_t<double, py::array::c_style | py::array::forcecast>&, const std::string&,
                    const std::string&, const std::string&, std::uint64_t, unsigned, int>(),
           py::arg("method"), py::arg("X"), py::arg("feature_names"), py::arg("text"), py::arg("y"),
           py::arg("data_json"), py::arg("settings_json"), py::arg("resampling_json"), py::arg("seed"),
           py::arg("threads"), py::arg("verbose"))
      .def("tasks", &python::RepeatedFit::tasks, "The repeats as (index, seed, rows), plain data")
      .def("finish", &python::RepeatedFit::finish, py::arg("selections"),
           "The result with the repeats' selection frequencies and stability");
  m.def("run_task", &python::run_task, py::arg("method"), py::arg("X"), py::arg("feature_names"), py::arg("text"),
        py::arg("y"), py::arg("data_json"), py::arg("settings_json"), py::arg("index"), py::arg("seed"),
        py::arg("rows"), py::arg("threads"),
        "One repeat on its rows with its seed; returns its selection as plain data");
}
