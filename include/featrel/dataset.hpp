// The data every method reads: a numeric feature matrix, feature names, an encoded target and its task
// (docs/architecture.md#core-types, docs/architecture.md#data-handling), read from CSV or built from memory.
//
// Labels are encoded once here: distinct target values sorted numerically when all parse as numbers, otherwise
// by bytes; codes 0..K-1 with the original strings kept; for K = 2 the positive class is code 1 (or the label
// given as `positive`). Constant columns stay in the Dataset (so indices match the CSV) and are flagged.
// Categorical text columns are one-hot encoded; `origins` maps every encoded column back to its CSV column,
// so results can be reported per original column.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace featrel {

enum class Task { binary, multiclass, regression, ordinal };

// What the user asked for with --task; `automatic` and `classification` are resolved by read_csv (docs/architecture.md#task-resolution).
enum class TaskRequest { automatic, binary, multiclass, classification, regression, ordinal };

enum class Impute { none, mean, median, keep };

std::string to_string(Task task);
std::string to_string(TaskRequest task);
std::string to_string(Impute impute);
// Parse the command-line words ("auto", "binary", ..., "mean", ...); InputError on anything else.
TaskRequest parse_task_request(std::string_view word);
Impute parse_impute(std::string_view word);

// Where a feature column of a Dataset came from. A numeric column is its own source; a categorical column
// becomes one indicator column per level (one for two levels), each naming the level it indicates.
struct FeatureOrigin {
  std::string column;           // the original (CSV) column name
  std::string level;            // the level this 0/1 column indicates; empty for a numeric column
  std::size_t source_index = 0; // 0-based index among the original feature columns (Dataset::source_columns)
};

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
  // File name (or "<memory>", "<stdin>") for messages.
  std::string source = "<memory>";
  // Per feature: the original column (and level, for an indicator column of a categorical column).
  std::vector<FeatureOrigin> origins;
  // The original feature columns in CSV order (without target and dropped columns), before encoding.
  std::vector<std::string> source_columns;
  // Per feature: missing values as read, before imputation (a missing category counts in each of its columns).
  std::vector<std::size_t> missing_counts;
  // Per feature: which rows were missing as read (one flag per row), empty for a column without missing
  // values; so that checks on the values as read can leave the imputed ones out.
  std::vector<std::vector<bool>> missing_rows;
  // The source's data row (0-based) of each row, when rows were left out (CsvOptions::drop_missing_target);
  // empty when every row of the source is here, in order.
  std::vector<std::size_t> source_rows;

  std::size_t n_samples() const { return static_cast<std::size_t>(X.rows()); }
  std::size_t n_features() const { return static_cast<std::size_t>(X.cols()); }
  std::size_t n_classes() const { return classes.size(); }
  bool is_classification() const { return task == Task::binary || task == Task::multiclass; }
  // Rows per class code (classification and ordinal).
  std::vector<std::size_t> class_counts() const;
  // Indices of the non-constant features, ascending.
  std::vector<std::size_t> nonconstant_features() const;
  // Index of a feature named on the command line: by name first, then a non-negative integer is a 0-based
  // index (docs/architecture.md#feature-references-by-name-or-index). InputError naming the feature and what exists otherwise.
  std::size_t feature_index(std::string_view name_or_index) const;
  // For each original column (source_columns order), the indices of its encoded feature columns, ascending.
  // A Dataset without origins (built by hand) maps every feature to itself.
  std::vector<std::vector<std::size_t>> columns_by_source() const;
};

struct CsvOptions {
  std::string target;               // empty = the last column
  std::vector<std::string> drop;    // columns that are not features (ids)
  // Only these columns are features (names, or 0-based indices as for `drop`; a result's indicator name
  // "<col>=<level>" keeps its column <col>); every other column but the target is left out. Empty = all.
  std::vector<std::string> keep;
  // A result document (JSON) whose selected features are kept too. The readers do not open it (an unresolved
  // one is a logic_error): the front ends call keep_selected_features() (common_options.hpp), which fills the two
  // fields below; `keep` and `keep_selected` stay as the user gave them, for provenance and exported commands.
  std::string keep_selected;
  std::vector<std::string> kept_by_selection;  // the features that document selected
  std::string keep_note;  // what reading only them means for the answer; the readers add it to the warnings
  TaskRequest task = TaskRequest::automatic;
  // The tasks the calling method supports. Under `automatic`, a numeric target with >= 3 values becomes
  // multiclass unless regression or ordinal is supported (then it is an InputError asking for --task).
  // A resolved task outside this list is an InputError naming the supported ones. Empty = all tasks.
  std::vector<Task> supported;
  std::string positive;             // --positive LABEL: that label becomes code 1 of a binary target
  Impute impute = Impute::none;
  // Rows without a target value are left out (with a warning naming them) instead of being an InputError.
  bool drop_missing_target = false;
  std::string command = "featrel";  // subcommand name for messages
  // Field separator; 0 = detect from the header and the first rows among ',', ';', tab and '|' (the one that
  // splits every sampled line into the same number (> 1) of fields; ',' wins ties). With ';' or tab, a field
  // like "1,5" (^-?[0-9]+,[0-9]+$) is the decimal-comma number 1.5, as European spreadsheets write it.
  char sep = 0;
  // Missing-value markers besides the defaults (empty, NA, ?), compared with the whole field after trimming
  // blanks, e.g. "-999" or "n/a". They apply to features and target alike.
  std::vector<std::string> na_values;
  // Feature columns (names, or 0-based column indices as for `drop`) to encode as categories even if numeric.
  std::vector<std::string> categorical;
  // A feature column with a non-numeric value is read as categorical when it has at most this many distinct
  // values (otherwise an InputError); 0 turns the detection off, so any non-numeric value is an error.
  std::size_t max_levels = 20;
};

// Reads a CSV file (header row required; quoted fields; NA, empty and ? are missing). Every problem is an
// InputError saying what, where (file, row, column) and what to do. Rows in messages are data rows counted
// from 1, with the file line they start on: "data.csv, row 17 (line 18), column 'x4': ...".
// `target` and `drop` name columns by name, or by 0-based column index when no column has that name. A first
// row of numbers is taken as data (an error: a header is required) unless it counts the columns 0..m-1 or
// 1..m, as dermatology.csv's header does. Blank lines are skipped; CRLF, a UTF-8 BOM and blanks around
// unquoted fields are tolerated. At least 2 rows and 1 feature column are required.
// Categorical feature columns (options.categorical, or detected: non-numeric with at most max_levels distinct
// values) become indicator columns "<col>=<level>", one per level in label-encoding order (numeric when every
// level is a number, else bytewise), or the single column "<col>=<second level>" for two levels; a missing
// category is NaN in each of them. Every detected categorical column adds a warning.
// The path "-" reads standard input. Gzip content (a ".gz" name or the 1f 8b signature) is decompressed.
// Text is UTF-8; text that is not (Excel's Windows-1252 "CSV (Comma delimited)") is read as Windows-1252, with a
// warning naming the first line that is not UTF-8.
// Spreadsheets (.xlsx, .xls), Parquet and other binary files are an InputError saying how to export a CSV.
Dataset read_csv(const std::string& path, const CsvOptions& options);
// Same, from text already in memory; `source` names it in messages. Binary content is an InputError here too.
Dataset read_csv_text(std::string_view text, const CsvOptions& options, const std::string& source = "<memory>");

// Builds a Dataset from memory. `target` holds the raw target values as strings (labels) or numbers written
// as text; encoding and task resolution are those of read_csv. A NaN in X is a missing value (options.impute
// applies), an infinity is an InputError. options.target only names the target ("target" when empty);
// options.drop removes features by name; options.categorical (names, or indices into feature_names) encodes
// numeric columns as categories, as read_csv does.
Dataset make_dataset(const Eigen::MatrixXd& X, const std::vector<std::string>& feature_names,
                     const std::vector<std::string>& target, const CsvOptions& options);
// Same with a numeric target: each value is encoded as its shortest text would be (labels 0 and 1 give the
// classes "0" and "1"), but a regression target keeps the values exactly. NaN is a missing target value.
Dataset make_dataset(const Eigen::MatrixXd& X, const std::vector<std::string>& feature_names,
                     const Eigen::VectorXd& y, const CsvOptions& options);
// Same with text feature columns (a data frame's strings and categories): a non-empty text[j] holds column j's
// values as text and X's column j is not read. Such a column is read as read_csv reads a column of that text:
// numbers when every present value is one, else categorical when it has at most max_levels levels (with the
// warning) or named in options.categorical, else an InputError. "", NA and ? (and options.na_values) are
// missing. `text` is empty or has one entry per feature.
Dataset make_dataset(const Eigen::MatrixXd& X, const std::vector<std::string>& feature_names,
                     const std::vector<std::vector<std::string>>& text, const Eigen::VectorXd& y,
                     const CsvOptions& options);

// The rows `rows` of `data` (in that order; a row may repeat) as a Dataset of their own: labels, y and
// missing-value flags follow, and a column constant on these rows is flagged constant. The data's warnings are
// not carried over.
Dataset subset_rows(const Dataset& data, const std::vector<std::size_t>& rows);

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
