// Resampled repeats for every registered method: how stable is a method's selection under a change of sample?
// (docs/stability.md#resampled-repeats-for-every-method)
//
// The method runs once on all rows (its ordinary result) and R more times on resamples of the rows: subsamples of
// a fraction of the rows without replacement (default: half, as in Meinshausen & Bühlmann's stability selection)
// or bootstrap samples. Each repeat is an independent Task (plain data: its index, its seed and its rows, so a
// backend can ship it to another process) run through parallel_for on the run's executor. The repeats' selections
// give each feature's selection frequency (and, for methods with relevance classes, the share of repeats calling
// it strong, weak or irrelevant) and Nogueira's stability with its confidence interval (stability.hpp). With
// min_frequency > 0 the selection becomes the stability selection: the features selected in at least that share
// of the repeats.
//
// Tasks are seeded by rng::derive(seed, "resample", i) (rows) and rng::derive(seed, "repeat", i) (the method's
// run), so the result does not depend on the thread count or the executor. Methods with their own repeats
// (MethodSpec::own_repeats: crfe, rfe, ubayfs) are not wrapped; they report selection_frequency themselves.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "featrel/dataset.hpp"
#include "featrel/method_registry.hpp"
#include "featrel/option_table.hpp"
#include "featrel/report.hpp"
#include "featrel/run_context.hpp"
#include "featrel/stability.hpp"

namespace featrel::resampling {

enum class Scheme { subsample, bootstrap };

struct Options {
  std::size_t repeats = 0;             // resampled repeats besides the full-data run; 0 or 1 = off
  Scheme scheme = Scheme::subsample;   // without replacement (default) or bootstrap
  double fraction = 0.5;               // subsample: share of the rows in each repeat
  bool stratified = true;              // classification: every class keeps its share in each resample
  double min_frequency = 0.0;          // > 0: stability selection (selected iff frequency >= min_frequency)
  std::string frequency_svg;           // CLI: write the selection-frequency chart here (not echoed)
};

// The shared resampling option set (keys repeats, resample, subsample_fraction, stratified, min_frequency,
// frequency_svg; flags their kebab-case).
const options::Table<Options>& option_table();
// Range checks plus the combinations: min_frequency and frequency_svg need repeats >= 2. OptionError naming the key.
void validate(const Options& o);

std::string to_string(Scheme s);

// One repeat: plain data.
struct Task {
  std::size_t index = 0;
  std::uint64_t seed = 0;          // the method's run seed for this repeat
  std::vector<std::size_t> rows;   // rows of the data set, ascending (a bootstrap lists a row once per draw)
};

// The R = o.repeats resamples (none when repeats < 2). Subsample: ⌊fraction·n⌋ rows without replacement,
// stratified by class (largest-remainder shares, every class at least two rows, or all of a smaller class) for
// classification and ordinal targets unless o.stratified is false. Bootstrap: n draws with replacement, per class
// n_c draws from the class when stratified. Every class keeps min(2, n_c) rows in every resample (unstratified
// draws are redrawn until it does, at most 100 times); InputError when that is impossible (a subsample smaller
// than Σ min(2, n_c), or fewer than 2 rows).
std::vector<Task> plan(const Dataset& data, const Options& o, std::uint64_t seed);

// Runs the method on the task's rows with the task's seed (progress and log silenced; a nested parallel_for runs
// inline inside an executor task). An error of the method is rethrown with the repeat named.
Selection run_task(const MethodSpec& spec, const Dataset& data, const Settings& settings, const Task& task,
                   const RunContext& ctx);

// Share of repeats calling a feature strong, weak or irrelevant.
struct ClassFrequency {
  double strong = 0;
  double weak = 0;
  double irrelevant = 0;
};

struct Summary {
  std::size_t n_repeats = 0;
  Options options;                               // how the repeats were drawn
  std::size_t rows = 0;                          // rows per resample (0 = unknown)
  std::vector<double> selection_frequency;       // per feature, in [0, 1]
  // Per feature, when every repeat gave every feature a relevance class; empty otherwise.
  std::vector<ClassFrequency> class_frequency;
  stability::StabilityResult stability;          // over the repeats' selected sets (Nogueira with its CI)
  double threshold = 0;                          // options.min_frequency (0 = off)
  std::vector<std::size_t> stable_selected;      // threshold > 0: features with frequency >= threshold
  double mean_size = 0;                          // mean number of features a repeat selected
  std::vector<std::string> warnings;             // low or undefined stability
};

// Frequencies and stability of the repeats' selections. InputError when runs is empty or a run has another
// feature count.
Summary summarise(const std::vector<Selection>& runs, std::size_t n_features, const Options& o);

// Adds features[].selection_frequency (and class_frequency {strong, weak, irrelevant}), a `stability` block (the
// shared shape plus `resampling`, `set_sizes` and `threshold`) and the summary's warnings to diagnostics.warnings.
// With a threshold, features[].selected, `selected`, `selected_names` and the `selection` block hold the stability
// selection, and features[].selected_full_data keeps the method's own selection on all rows.
void merge_into(report::Json& document, const Summary& summary);

// The frequency chart: one row per feature, sorted by frequency, bars of the selection frequency (stacked
// strong/weak shares where the method has classes), the threshold as a dashed line. `title` names the run.
std::string frequency_chart_svg(const Summary& summary, const std::vector<std::string>& feature_names,
                                const std::string& title);

// A full-data run with its repeats: the document, text, selection and warnings include the frequencies;
// chart_svg() is the method's own chart of the full-data run; extra_files() adds the frequency chart when
// options.frequency_svg is set.
class RepeatedResult final : public MethodResult {
 public:
  RepeatedResult(std::unique_ptr<MethodResult> full, const Dataset& data, std::string method, Summary summary,
                 std::vector<std::string> repeat_warnings);
  report::Json to_json() const override;
  std::string chart_svg() const override;
  std::string text(std::string_view sort, std::size_t max_rows = 0) const override;
  std::vector<std::string> warnings() const override;
  Selection selection() const override;
  std::vector<std::pair<std::string, std::string>> extra_files() const override;

  const Summary& summary() const { return summary_; }
  const MethodResult& full_run() const { return *full_; }
  std::string frequency_chart() const;

 private:
  std::unique_ptr<MethodResult> full_;
  const Dataset* data_;  // the caller keeps the data alive as long as the result
  std::string method_;
  Summary summary_;
  std::vector<std::string> repeat_warnings_;
};

// The full-data run plus o.repeats resampled runs as independent tasks through parallel_for. With repeats < 2 it
// is spec.run. OptionError (key "repeats") for a method with its own repeats.
std::unique_ptr<MethodResult> run_with_repeats(const MethodSpec& spec, const Dataset& data, const Settings& settings,
                                               const Options& o, const RunContext& ctx);

}  // namespace featrel::resampling
