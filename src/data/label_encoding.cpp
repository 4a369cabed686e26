// Target encoding and task resolution (docs/architecture.md#label-encoding-and-the-positive-class).
//
// Labels: the distinct target values sorted numerically when all parse as numbers (so "1" and "1.0" are one
// class, and "10" sorts after "9"), otherwise by bytes; codes 0..K-1. For numeric labels the string kept is
// the one written in the file's first row with that value. K = 2: code 1 is the positive class, unless
// --positive names the other label.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "data/dataset_internal.hpp"
#include "featrel/error.hpp"

namespace featrel::detail {
namespace {

struct Levels {
  std::vector<std::size_t> first_rows;  // per code: the first row with that value
  std::vector<std::string> classes;  // label strings in code order
  std::vector<double> values;        // numeric levels in code order (numeric targets only)
  std::vector<int> codes;            // per row
};

// Groups rows with equal keys; `less` orders the keys. A stable sort of the row indices makes the first row of
// each group the first occurrence in the file.
template <typename Less, typename Equal>
Levels group_levels(std::size_t n, Less less, Equal equal) {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), less);
  Levels levels;
  levels.codes.assign(n, 0);
  int code = -1;
  for (std::size_t k = 0; k < n; ++k) {
    if (k == 0 || !equal(order[k - 1], order[k])) {
      ++code;
      levels.first_rows.push_back(order[k]);
    }
    levels.codes[order[k]] = code;
  }
  return levels;
}

bool supports(const std::vector<Task>& supported, Task task) {
  return supported.empty() || std::find(supported.begin(), supported.end(), task) != supported.end();
}

std::string task_list(const std::vector<Task>& tasks) {
  std::string out;
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    if (i > 0) out += i + 1 == tasks.size() ? " and " : ", ";
    out += to_string(tasks[i]);
  }
  return out;
}

void require_supported(const CsvOptions& options, Task task, const std::string& target_name) {
  if (supports(options.supported, task)) return;
  const std::string word = to_string(task);
  std::string hint = "choose another --target or --task, or another method";
  // An ordinal target can always be read as classes or as numbers instead.
  if (task == Task::ordinal) {
    std::vector<std::string> alt;
    for (Task t : {Task::multiclass, Task::regression})
      if (supports(options.supported, t)) alt.push_back("--task " + to_string(t));
    if (!alt.empty()) hint = "use " + alt.front() + (alt.size() > 1 ? " or " + alt.back() : "") + " instead";
  }
  throw InputError("target '" + target_name + "' is " + (word == "ordinal" ? "an " : "a ") + word + " target, but " +
                   options.command + " supports only " + task_list(options.supported) + " targets; " + hint);
}

}  // namespace

void encode_target(const RawTable& raw, const CsvOptions& options, Dataset& out) {
  const std::vector<std::string>& values = raw.target;
  const std::size_t n = values.size();
  const std::string& name = raw.target_name;
  out.target_name = name;

  // A task asked for explicitly that the method cannot do is the first thing to say.
  switch (options.task) {
    case TaskRequest::binary: require_supported(options, Task::binary, name); break;
    case TaskRequest::multiclass: require_supported(options, Task::multiclass, name); break;
    case TaskRequest::regression: require_supported(options, Task::regression, name); break;
    case TaskRequest::ordinal: require_supported(options, Task::ordinal, name); break;
    default: break;
  }

  std::vector<double> numbers(n, 0.0);
  std::size_t first_text = n;  // first row whose value is not a number
  for (std::size_t i = 0; i < n; ++i) {
    if (is_missing_value(values[i], options.na_values)) {
      const std::vector<std::size_t> missing = missing_target_rows(raw, options);
      const std::string count = missing.size() == 1 ? std::string()
                                                    : " (" + std::to_string(missing.size()) + " of " +
                                                          std::to_string(n) + " rows: " +
                                                          row_numbers_text(raw, missing) + ")";
      throw InputError(where_row(raw, i) + ", target '" + name + "': the value is missing (" +
                       quote_value(values[i]) + ")" + count + "; every row needs a target value — fill " +
                       (missing.size() == 1 ? "it in or remove the row" : "them in or remove those rows") +
                       ", or leave such rows out with --drop-missing-target (--impute fills features only)");
    }
    NumberParse status = NumberParse::ok;
    if (i < raw.target_numbers.size()) {  // make_dataset's numeric target: the values, not their text read back
      numbers[i] = raw.target_numbers[i];
      if (!std::isfinite(numbers[i])) status = NumberParse::not_finite;
    } else {
      status = parse_number(values[i], numbers[i], raw.decimal_comma);
    }
    if (status == NumberParse::not_finite) {
      throw InputError(where_row(raw, i) + ", target '" + name + "': value " + quote_value(values[i]) +
                       " is not finite; correct it or remove the row");
    }
    if (status == NumberParse::not_number && first_text == n) first_text = i;
  }
  const bool numeric = first_text == n;
  auto require_numeric = [&](const char* task) {
    if (numeric) return;
    throw InputError(where_row(raw, first_text) + ", target '" + name + "': value " +
                     quote_value(values[first_text]) + " is not numeric; " + task + " target must be numeric");
  };

  if (options.task == TaskRequest::regression) {
    require_numeric("a regression");
    out.task = Task::regression;
    out.y = Eigen::Map<const Eigen::VectorXd>(numbers.data(), static_cast<Eigen::Index>(n));
    out.labels.clear();
    out.classes.clear();
    if (!options.positive.empty()) {
      throw InputError("--positive applies to a binary target; target '" + name + "' is a regression target");
    }
    return;
  }

  Levels levels;
  if (numeric) {
    levels = group_levels(
        n, [&](std::size_t a, std::size_t b) { return numbers[a] < numbers[b]; },
        [&](std::size_t a, std::size_t b) { return numbers[a] == numbers[b]; });
  } else {
    levels = group_levels(
        n, [&](std::size_t a, std::size_t b) { return values[a] < values[b]; },
        [&](std::size_t a, std::size_t b) { return values[a] == values[b]; });
  }
  for (std::size_t row : levels.first_rows) {  // each label as written where it first appears
    levels.classes.push_back(values[row]);
    if (numeric) levels.values.push_back(numbers[row]);
  }
  const std::size_t K = levels.classes.size();
  if (K < 2) {
    throw InputError("target '" + name + "' has only one class (" + quote_value(levels.classes.at(0)) +
                     " in all " + std::to_string(n) + " rows); featrel needs at least 2 classes — check --target");
  }

  Task task = Task::binary;
  switch (options.task) {
    case TaskRequest::automatic:
      if (K == 2) {
        task = Task::binary;
      } else if (!numeric || (!supports(options.supported, Task::regression) &&
                              !supports(options.supported, Task::ordinal))) {
        task = Task::multiclass;
      } else {
        std::vector<std::string> choices;
        for (Task t : {Task::multiclass, Task::regression, Task::ordinal})
          if (supports(options.supported, t)) choices.push_back("--task " + to_string(t));
        std::string said;
        for (std::size_t i = 0; i < choices.size(); ++i) said += (i == 0 ? "" : (i + 1 == choices.size() ? " or " : ", ")) + choices[i];
        throw InputError("target '" + name + "' has " + std::to_string(K) +
                         " distinct numeric values, which could be classes, ordered levels or a quantity; say "
                         "which with " + said);
      }
      break;
    case TaskRequest::classification: task = K == 2 ? Task::binary : Task::multiclass; break;
    case TaskRequest::binary:
      if (K != 2) {
        throw InputError("--task binary needs a target with 2 classes; '" + name + "' has " + std::to_string(K) +
                         " (" + name_list(levels.classes) + "); use --task multiclass or classification");
      }
      task = Task::binary;
      break;
    case TaskRequest::multiclass:
      if (K < 3) {
        throw InputError("--task multiclass needs at least 3 classes; '" + name + "' has 2 (" +
                         name_list(levels.classes) + "); use --task binary or classification");
      }
      task = Task::multiclass;
      break;
    case TaskRequest::ordinal:
      require_numeric("an ordinal");
      task = Task::ordinal;
      break;
    case TaskRequest::regression: break;  // handled above
  }
  require_supported(options, task, name);

  if (task == Task::ordinal) {
    // Levels are ranked 0..K-1 in numeric order; levels that are not consecutive integers are still ranked
    // consecutively, which is worth a warning (docs/fri.md#errors-and-edge-cases).
    const bool integers = std::all_of(levels.values.begin(), levels.values.end(),
                                      [](double v) { return std::floor(v) == v; });
    if (!integers || levels.values.back() - levels.values.front() != static_cast<double>(K - 1)) {
      out.warnings.push_back("ordinal target '" + name + "': the levels " + name_list(levels.classes) +
                             " are not consecutive integers; they are ranked 0.." + std::to_string(K - 1) +
                             " in numeric order");
    }
  }

  if (!options.positive.empty()) {
    if (task != Task::binary) {
      throw InputError("--positive applies to a binary target; target '" + name + "' is " + to_string(task) +
                       " with " + std::to_string(K) + " classes");
    }
    std::size_t pos = K;
    for (std::size_t k = 0; k < K; ++k)
      if (levels.classes[k] == options.positive) pos = k;
    double wanted = 0.0;
    if (pos == K && numeric && parse_number(options.positive, wanted, raw.decimal_comma) == NumberParse::ok) {
      for (std::size_t k = 0; k < K; ++k)
        if (levels.values[k] == wanted) pos = k;  // "--positive 1" finds the label written "1.0"
    }
    if (pos == K) {
      throw InputError("--positive '" + options.positive + "' is not a label of target '" + name +
                       "'; its labels are " + name_list(levels.classes));
    }
    if (pos == 0) {
      std::swap(levels.classes[0], levels.classes[1]);
      for (int& c : levels.codes) c = 1 - c;
    }
  } else if (task == Task::binary && !numeric) {
    out.warnings.push_back("positive label chosen implicitly: '" + levels.classes[1] + "' (target '" + name +
                           "', labels in byte order " + name_list(levels.classes) +
                           "); use --positive LABEL to choose");
  }

  out.task = task;
  out.classes = std::move(levels.classes);
  out.labels = std::move(levels.codes);
  out.y.resize(static_cast<Eigen::Index>(n));
  for (std::size_t i = 0; i < n; ++i) out.y[static_cast<Eigen::Index>(i)] = out.labels[i];
}

}  // namespace featrel::detail
