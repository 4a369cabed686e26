// The data every method reads: a numeric feature matrix, feature names, an encoded target and its task
// (DESIGN.md §3, specs/README.md §4), read from CSV or built from memory.
//
// Labels are encoded once here: distinct target values sorted numerically when all parse as numbers, otherwise
// by bytes; codes 0..K-1 with the original strings kept; for K = 2 the positive class is code 1 (or the label
// given as `positive`). Constant columns stay in the Dataset (so indices match the CSV) and are flagged.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace featrel {

enum class Task { binary, multiclass, regression, ordinal };

// What the user asked for with --task; `automatic` and `classification` are resolved by read_csv (§4).
enum class TaskRequest { automatic, binary, multiclass, classification, regression, ordinal };

enum class Impute { none, mean, median, keep };

std::string to_string(Task task);
std::string to_string(TaskRequest task);
std::string to_string(Impute impute);
// Parse the command-line words ("auto", "binary", ..., "mean", ...); InputError on anything else.
TaskRequest parse_task_request(std::string_view word);
Impute parse_impute(std::string_view word);

struct Dataset {
  Eigen::MatrixXd X;                       // n x d, column-major
  std::vector<std::string> feature_names;  // d names, CSV order without target and dropped columns
  std::string target_name;
  Task task = Task::binary;
  // Classification and ordinal: code per row (0..K-1). Empty for regression.
  std::vector<int> labels;
  // Classification and ordinal: the original label strings in code order. Empty for regression.
  std::vector<std::string> classes;
  // Regression: the target values. Classification and ordinal: the codes as doubles.
  Eigen::VectorXd y;
  // Per feature: population SD <= 1e-12 * max(1, |mean|) over all rows.
  std::vector<bool> constant;
  // Warnings raised while reading (constant columns, imputation, ordinal gaps, implicit positive class).
  std::vector<std::string> warnings;
  // File name (or "<memory>") for messages.
  std::string source = "<memory>";

  std::size_t n_samples() const { return static_cast<std::size_t>(X.rows()); }
  std::size_t n_features() const { return static_cast<std::size_t>(X.cols()); }
  std::size_t n_classes() const { return classes.size(); }
  bool is_classification() const { return task == Task::binary || task == Task::multiclass; }
  // Rows per class code (classification and ordinal).
  std::vector<std::size_t> class_counts() const;
  // Indices of the non-constant features, ascending.
  std::vector<std::size_t> nonconstant_features() const;
  // Index of a feature named on the command line: by name first, then a non-negative integer is a 0-based
  // index (specs/README.md §2.2 rule 5). InputError naming the feature and what exists otherwise.
  std::size_t feature_index(std::string_view name_or_index) const;
};

struct CsvOptions {
  std::string target;               // empty = the last column
  std::vector<std::string> drop;    // columns that are not features (ids)
  TaskRequest task = TaskRequest::automatic;
  // The tasks the calling method supports. Under `automatic`, a numeric target with >= 3 values becomes
  // multiclass unless regression or ordinal is supported (then it is an InputError asking for --task).
  // A resolved task outside this list is an InputError naming the supported ones. Empty = all tasks.
  std::vector<Task> supported;
  std::string positive;             // --positive LABEL: that label becomes code 1 of a binary target
  Impute impute = Impute::none;
  std::string command = "featrel";  // subcommand name for messages
};

// Reads a CSV file (header row required; quoted fields; NA, empty and ? are missing). Every problem is an
// InputError saying what, where (file, row, column) and what to do. Rows in messages are data rows counted
// from 1, with the file line they start on: "data.csv, row 17 (line 18), column 'x4': ...".
// `target` and `drop` name columns by name, or by 0-based column index when no column has that name. A first
// row of numbers is taken as data (an error: a header is required) unless it counts the columns 0..m-1 or
// 1..m, as dermatology.csv's header does. Blank lines are skipped; CRLF, a UTF-8 BOM and blanks around
// unquoted fields are tolerated. At least 2 rows and 1 feature column are required.
Dataset read_csv(const std::string& path, const CsvOptions& options);
// Same, from text already in memory; `source` names it in messages.
Dataset read_csv_text(std::string_view text, const CsvOptions& options, const std::string& source = "<memory>");

// Builds a Dataset from memory. `target` holds the raw target values as strings (labels) or numbers written
// as text; encoding and task resolution are those of read_csv. A NaN in X is a missing value (options.impute
// applies), an infinity is an InputError. options.target only names the target ("target" when empty);
// options.drop removes features by name.
Dataset make_dataset(const Eigen::MatrixXd& X, const std::vector<std::string>& feature_names,
                     const std::vector<std::string>& target, const CsvOptions& options);

// ---- small CSV side files (counts, impact tables, blocks, row roles) ----------------------------------------------

// One line split into fields: RFC 4180 double quotes ("" inside quotes is one quote; no embedded newlines),
// blanks around unquoted fields trimmed. An unterminated quote is an InputError "<where>: unterminated quoted field".
std::vector<std::string> split_csv_fields(std::string_view line, std::string_view where);
// The lines of a text with LF, CRLF or CR endings; a UTF-8 byte-order mark is dropped.
std::vector<std::string> text_lines(std::string_view text);

// InputError unless every class has at least `folds` samples (names the class, its count and the folds);
// for a regression target, unless there are at least `folds` rows. `what` names the unit ("folds").
void require_min_class_size(const Dataset& data, std::size_t folds, std::string_view what = "folds");

}  // namespace featrel
