// Synthetic data with a known ground truth, for `featrel generate` and for the tests of every method.
//
// Two generators (docs/generate.md#algorithm). `relevance` (the default) is docs/generate.md#relevance-generator: strongly relevant
// columns, groups of weakly relevant (mutually redundant) columns, repeats and irrelevant columns, for linear
// classification, regression, ordinal regression and an XOR-like non-linear classification variant; with
// `privileged` it writes LUPI data (docs/generate.md#privileged-information-lupi): a noisy normal block x0.. and
// its noise-free privileged counterpart p0...
// `clusters` is scikit-learn's make_classification algorithm (docs/generate.md#clusters-generator) with the CRFE authors' extras.
// Both return the matrix, the target and a Truth that says what every column is; the same options and seed give
// byte-identical CSV on every platform, because every random number comes from featrel::rng (one Rng per call,
// seeded with rng::derive(seed, "generate")) in the draw order the specs fix.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/option_table.hpp"

namespace featrel::gen {

enum class Kind { relevance, clusters };

std::string to_string(Kind kind);
// "relevance" or "clusters"; InputError naming --kind otherwise.
Kind parse_kind(std::string_view word);

// docs/generate.md#relevance-generator. Field names are the snake_case of the `generate` flags (--n-strong -> n_strong).
struct RelevanceOptions {
  std::string task = "classification";  // classification | regression | ordinal
  bool nonlinear = false;               // XOR-like clusters; classification only
  std::size_t n_samples = 100, n_features = 10, n_strong = 2, n_weak = 2;
  // Sizes of the weak groups; empty = the default: [n_weak] (none when n_weak = 0), or [2, n_weak - 2] for
  // non-linear data without strong columns. Every part >= 2 and the parts sum to n_weak.
  std::vector<std::size_t> partition;
  std::size_t n_repeated = 0;
  // Per-entry feature-noise SD sigma; unset = 0.1 for classification, 0 otherwise.
  std::optional<double> noise;
  double target_noise = 0;  // tau: SD of the noise added to the regression (and ordinal) target
  double flip_y = 0;        // fraction f of rows whose label is negated (classification): floor(f*N) rows
  std::size_t n_levels = 3; // K ordinal levels (ordinal only; any other value with another task is an error)
  // LUPI data: the noise-free columns become the privileged block p0.., and the normal block x0.. is a copy with
  // N(0, (c / sd)^2) noise per entry, sd the SD of all privileged entries. Needs noise unset or 0; linear only.
  bool privileged = false;
  std::optional<double> privileged_noise;  // c; unset = 0.65 classification, 0.5 regression, 0.2 ordinal
  std::string preset;       // the recipe these options came from ("fri-sim1"...), recorded in the truth
};

// Paper Table I recipes fri-sim1..fri-sim5 (classification, N = 500, D = 30, sigma = 0, f = 0); the caller
// overrides fields the user set explicitly. InputError naming --preset for any other name.
RelevanceOptions relevance_preset(std::string_view name);

// docs/generate.md#clusters-generator: scikit-learn make_classification names and defaults.
struct ClustersOptions {
  std::size_t n_samples = 100, n_features = 20, n_informative = 2, n_redundant = 2, n_repeated = 0;
  std::size_t n_classes = 2, n_clusters_per_class = 2;
  // Class proportions, length K or K - 1 (then the last is 1 - sum); empty = equal. Each >= 0, sum <= 1.
  std::vector<double> weights;
  double flip_y = 0.01;  // each row, with this probability, gets a label drawn uniformly from all K
  double class_sep = 1.0;
  bool hypercube = true;
  double shift = 0.0;         // added to every column (before scale) ...
  bool shift_random = false;  // ... or U(-class_sep, class_sep) per column (--shift random)
  double scale = 1.0;         // multiplies every column ...
  bool scale_random = false;  // ... or 1 + 100 U(0, 1) per column (--scale random)
  bool shuffle = true;        // permute the rows, then the columns
  std::size_t append_int_noise = 0;  // columns of integers uniform on 0..9, appended after the shuffle
  bool row_zscore = false;           // finally centre each row and divide it by its population SD (0 -> 1)
};

// What each column is. JSON (docs/generate.md#truth-file): kind, task, seed, params, names and per column roles,
// relevant, classes (relevance kind only), groups (0 = none), repeat_of (source column index or null) and, for
// privileged (LUPI) data only, block.
struct Truth {
  std::string kind;  // "relevance" | "clusters"
  std::string task;  // relevance: classification | regression | ordinal; clusters: classification
  std::uint64_t seed = 0;
  nlohmann::json params;  // every generator parameter after defaults and presets were applied
  std::vector<std::string> names;
  // relevance: strong | weak | irrelevant (the word of `classes`); clusters: informative | redundant | repeated |
  // noise | int_noise.
  std::vector<std::string> roles;
  std::vector<bool> relevant;
  std::vector<int> classes;  // relevance only: 2 strong, 1 weak, 0 irrelevant; empty for clusters
  std::vector<int> groups;   // 1.. for columns that substitute each other, 0 = none
  std::vector<std::optional<std::size_t>> repeat_of;
  // "normal" | "privileged" per column; empty unless the data are privileged (files without it read as empty).
  std::vector<std::string> block;

  std::size_t n_features() const { return names.size(); }
  nlohmann::json to_json() const;
  // InputError naming the missing or malformed field.
  static Truth from_json(const nlohmann::json& j);
};

struct GeneratedData {
  Eigen::MatrixXd X;  // n x d (privileged data: the normal block, then the privileged block)
  // Relevance classification: -1/+1; regression: real; ordinal: level 0..K-1; clusters: class 0..K-1.
  Eigen::VectorXd y;
  std::vector<std::string> names;  // x0 .. x{d-1}; privileged data: x0 .. x{D-1}, p0 .. p{D-1}
  std::string target_name = "y";
  Truth truth;

  // Header `names...,y`, one line per row ending in '\n', every number via featrel::format_number
  // (labels come out as -1, 1, 0, 2 ...).
  std::string to_csv() const;
  // The data as `featrel` would read to_csv() back: labels as their CSV strings, task resolved from `task`.
  Dataset to_dataset(TaskRequest task = TaskRequest::automatic) const;
};

// InputError (naming the option by its flag) when the options are invalid.
GeneratedData generate_relevance(const RelevanceOptions& options, std::uint64_t seed);
GeneratedData generate_clusters(const ClustersOptions& options, std::uint64_t seed);

// What `featrel generate` (and the Python package) asks for: the generator, a preset, and every option either set
// or left to the generator's (or the preset's) default. Options of the other generator must stay unset.
struct Request {
  std::string kind = "relevance";  // relevance | clusters
  std::string preset;              // relevance: fri-sim1 .. fri-sim5
  std::optional<std::size_t> n_samples, n_features, n_repeated;
  std::optional<double> flip_y;
  // relevance
  std::optional<std::string> task;  // classification | regression | ordinal
  bool nonlinear = false;
  std::optional<std::size_t> n_strong, n_weak, n_levels;
  std::vector<std::size_t> partition;
  std::optional<double> noise, target_noise;
  bool privileged = false;
  std::optional<double> privileged_noise;
  // clusters
  std::optional<std::size_t> n_informative, n_redundant, n_classes, n_clusters_per_class, append_int_noise;
  std::vector<double> weights;
  std::optional<double> class_sep;
  std::optional<std::string> shift, scale;  // a number or "random"
  bool hypercube = true, shuffle = true, row_zscore = false;
};
const options::Table<Request>& request_option_table();
// Resolves the request (preset, then the options given) and runs its generator. OptionError naming an option that
// does not apply to the kind or is malformed; InputError from the generator.
GeneratedData generate(const Request& request, std::uint64_t seed);

}  // namespace featrel::gen
