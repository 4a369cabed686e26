// `featrel generate`: synthetic data with known truth (relevance kind: specs/fri.md Appendix A; clusters kind:
// specs/crfe.md §6.4). Parses options, calls featrel::gen, writes the CSV and the truth JSON.
#include <iostream>
#include <optional>

#include "cli_common.hpp"
#include "commands.hpp"
#include "featrel/error.hpp"
#include "featrel/generate.hpp"
#include "featrel/report.hpp"

namespace featrel::cli {
namespace {

struct GenerateArgs {
  std::string kind = "relevance";
  std::string out, truth, preset;
  std::uint64_t seed = 0;
  bool quiet = false;
  // Shared by both kinds (their defaults differ, so "given or not" matters).
  std::optional<std::size_t> n_samples, n_features, n_repeated;
  std::optional<double> flip_y;
  // relevance
  std::optional<std::string> task;
  bool nonlinear = false;
  std::optional<std::size_t> n_strong, n_weak, n_levels;
  std::vector<std::size_t> partition;
  std::optional<double> noise, target_noise;
  // clusters
  std::optional<std::size_t> n_informative, n_redundant, n_classes, n_clusters_per_class, append_int_noise;
  std::vector<double> weights;
  std::optional<double> class_sep;
  std::optional<std::string> shift, scale;
  bool no_hypercube = false, no_shuffle = false, row_zscore = false;
};

template <typename T>
void set_if(const std::optional<T>& value, T& target) {
  if (value) target = *value;
}

double number_or_random(const std::string& flag, const std::string& text, bool& random) {
  if (text == "random") {
    random = true;
    return 0.0;
  }
  try {
    std::size_t used = 0;
    const double v = std::stod(text, &used);
    if (used == text.size()) return v;
  } catch (const std::exception&) {
  }
  throw InputError(flag + " must be a number or 'random', got '" + text + "'");
}

void reject_for_kind(const CLI::App& sub, const std::vector<std::string>& flags, const std::string& kind) {
  for (const auto& f : flags)
    if (sub.get_option(f)->count() > 0)
      throw InputError(f + " does not apply to --kind " + kind + "; see `featrel generate --help`");
}

void run_generate(const CLI::App& sub, const GenerateArgs& a) {
  const gen::Kind kind = gen::parse_kind(a.kind);
  gen::GeneratedData data;
  if (kind == gen::Kind::relevance) {
    reject_for_kind(sub,
                    {"--n-informative", "--n-redundant", "--n-classes", "--n-clusters-per-class", "--weights",
                     "--class-sep", "--no-hypercube", "--shift", "--scale", "--no-shuffle", "--append-int-noise",
                     "--row-zscore"},
                    "relevance");
    gen::RelevanceOptions o = a.preset.empty() ? gen::RelevanceOptions{} : gen::relevance_preset(a.preset);
    set_if(a.task, o.task);
    o.nonlinear = o.nonlinear || a.nonlinear;
    set_if(a.n_samples, o.n_samples);
    set_if(a.n_features, o.n_features);
    set_if(a.n_strong, o.n_strong);
    set_if(a.n_weak, o.n_weak);
    if (!a.partition.empty()) o.partition = a.partition;
    set_if(a.n_repeated, o.n_repeated);
    if (a.noise) o.noise = a.noise;
    set_if(a.target_noise, o.target_noise);
    set_if(a.flip_y, o.flip_y);
    set_if(a.n_levels, o.n_levels);
    data = gen::generate_relevance(o, a.seed);
  } else {
    reject_for_kind(sub, {"--preset", "--task", "--nonlinear", "--n-strong", "--n-weak", "--partition", "--noise",
                          "--target-noise", "--n-levels"},
                    "clusters");
    gen::ClustersOptions o;
    set_if(a.n_samples, o.n_samples);
    set_if(a.n_features, o.n_features);
    set_if(a.n_informative, o.n_informative);
    set_if(a.n_redundant, o.n_redundant);
    set_if(a.n_repeated, o.n_repeated);
    set_if(a.n_classes, o.n_classes);
    set_if(a.n_clusters_per_class, o.n_clusters_per_class);
    o.weights = a.weights;
    set_if(a.flip_y, o.flip_y);
    set_if(a.class_sep, o.class_sep);
    o.hypercube = !a.no_hypercube;
    if (a.shift) o.shift = number_or_random("--shift", *a.shift, o.shift_random);
    if (a.scale) o.scale = number_or_random("--scale", *a.scale, o.scale_random);
    o.shuffle = !a.no_shuffle;
    set_if(a.append_int_noise, o.append_int_noise);
    o.row_zscore = a.row_zscore;
    data = gen::generate_clusters(o, a.seed);
  }
  report::write_text_file(a.out, data.to_csv());
  if (!a.truth.empty()) report::write_json_file(a.truth, data.truth.to_json());
  if (!a.quiet) {
    std::size_t relevant = 0;
    for (bool r : data.truth.relevant) relevant += r;
    std::cerr << "generate: wrote " << a.out << " (" << data.X.rows() << " rows, " << data.X.cols()
              << " features, " << relevant << " relevant)";
    if (!a.truth.empty()) std::cerr << " and " << a.truth;
    std::cerr << "\n";
  }
}

}  // namespace

void add_generate_command(CLI::App& app) {
  auto args = std::make_shared<GenerateArgs>();
  CLI::App* sub = app.add_subcommand(
      "generate",
      "Synthetic data with known truth.\n"
      "  --kind relevance (default): strong, weak (redundant groups) and irrelevant columns for\n"
      "    classification, regression or ordinal targets (FRI paper generator; --preset fri-sim1..fri-sim5).\n"
      "  --kind clusters: scikit-learn's make_classification recipe (informative, redundant, repeated,\n"
      "    noise columns; CRFE paper generator).\n"
      "Writes DATA.csv (x0..x{D-1}, y) and, with --truth, each column's true role as JSON.");
  auto& a = *args;
  sub->add_option("--kind", a.kind, "relevance or clusters")->capture_default_str();
  sub->add_option("--out", a.out, "CSV file to write")->required()->type_name("DATA.csv");
  sub->add_option("--truth", a.truth, "Write each column's true role to this JSON file")->type_name("TRUTH.json");
  sub->add_option("--seed", a.seed, "Seed; the same seed gives byte-identical files")->capture_default_str();
  sub->add_flag("--quiet", a.quiet, "Print nothing on success");
  sub->add_option("--n-samples", a.n_samples, "Rows N (default 100)");
  sub->add_option("--n-features", a.n_features, "Columns D (default: relevance 10, clusters 20)");
  sub->add_option("--n-repeated", a.n_repeated, "Columns that copy another column (default 0)");
  sub->add_option("--flip-y", a.flip_y,
                  "relevance: share of rows whose label is negated (default 0); clusters: probability that a row "
                  "gets a random label (default 0.01)");
  // relevance
  sub->add_option("--preset", a.preset, "relevance: recipe fri-sim1..fri-sim5 (FRI paper Table I); flags override it");
  sub->add_option("--task", a.task, "relevance: classification (default), regression or ordinal");
  sub->add_flag("--nonlinear", a.nonlinear, "relevance: XOR-like classes no linear model separates");
  sub->add_option("--n-strong", a.n_strong, "relevance: strongly relevant columns (default 2)");
  sub->add_option("--n-weak", a.n_weak, "relevance: weakly relevant columns, in redundant groups (default 2)");
  sub->add_option("--partition", a.partition, "relevance: sizes of the weak groups, e.g. 3,2 (default: one group)")
      ->delimiter(',');
  sub->add_option("--noise", a.noise, "relevance: SD of the noise added to every feature value (default: "
                                      "classification 0.1, otherwise 0; presets 0)");
  sub->add_option("--target-noise", a.target_noise, "relevance: SD of the noise on a regression/ordinal target (default 0)");
  sub->add_option("--n-levels", a.n_levels, "relevance: ordinal levels K (default 3)");
  // clusters
  sub->add_option("--n-informative", a.n_informative, "clusters: informative columns (default 2)");
  sub->add_option("--n-redundant", a.n_redundant, "clusters: linear combinations of informative columns (default 2)");
  sub->add_option("--n-classes", a.n_classes, "clusters: classes K (default 2)");
  sub->add_option("--n-clusters-per-class", a.n_clusters_per_class, "clusters: clusters per class (default 2)");
  sub->add_option("--weights", a.weights, "clusters: class proportions, K or K-1 values (default equal)")
      ->delimiter(',');
  sub->add_option("--class-sep", a.class_sep, "clusters: distance of the cluster centres (default 1.0)");
  sub->add_flag("--no-hypercube", a.no_hypercube, "clusters: centres not on hypercube vertices");
  sub->add_option("--shift", a.shift, "clusters: add this to every column, or 'random' (default 0)");
  sub->add_option("--scale", a.scale, "clusters: multiply every column, or 'random' = 1 + 100 U(0,1) (default 1)");
  sub->add_flag("--no-shuffle", a.no_shuffle, "clusters: keep rows and columns in construction order");
  sub->add_option("--append-int-noise", a.append_int_noise, "clusters: append N integer noise columns (0..9)");
  sub->add_flag("--row-zscore", a.row_zscore, "clusters: centre each row and divide it by its SD");
  sub->callback([sub, args]() { run_generate(*sub, *args); });
}

}  // namespace featrel::cli
