// `featrel generate`'s request: its option table (ranges that keep every generator within memory and meaning) and
// its resolution into the relevance or clusters generator's options.
#include <cmath>

#include "featrel/format.hpp"
#include "featrel/generate.hpp"

namespace featrel::gen {

namespace {

using options::Range;

// "random" or a finite number; OptionError naming the key otherwise.
double number_or_random(const std::string& key, const std::string& text, bool& random) {
  if (text == "random") {
    random = true;
    return 0.0;
  }
  options::Info info;
  info.key = key;
  info.kind = options::Kind::real;
  return options::detail::parse_real(info, text);
}

template <class T>
void set_if(const std::optional<T>& value, T& target) {
  if (value) target = *value;
}

}  // namespace

const options::Table<Request>& request_option_table() {
  static const options::Table<Request> table = [] {
    options::Table<Request> t("generate");
    t.group("Generator");
    t.choice("kind", &Request::kind,
             options::Choices<std::string>{{"relevance", "relevance"}, {"clusters", "clusters"}},
             "relevance: strong, weak and irrelevant columns (FRI paper); "
             "clusters: scikit-learn's make_classification");
    t.add("preset", &Request::preset, "relevance: recipe fri-sim1..fri-sim5 (FRI paper Table I); options override it")
        .value_name("NAME");
    t.add("n_samples", &Request::n_samples, "Rows N (default 100)").range(Range::closed(2, 1e7)).unset("default");
    t.add("n_features", &Request::n_features, "Columns D (default: relevance 10, clusters 20)")
        .range(Range::closed(1, 1e6))
        .unset("default");
    t.add("n_repeated", &Request::n_repeated, "Columns that copy another column (default 0)")
        .range(Range::closed(0, 1e6))
        .unset("default");
    t.add("flip_y", &Request::flip_y,
          "relevance: share of rows whose label is negated (default 0); clusters: probability that a row gets a "
          "random label (default 0.01)")
        .range(Range::closed(0, 1))
        .unset("default");
    t.group("Relevance generator");
    t.add("task", &Request::task, "classification (default), regression or ordinal").unset("default").value_name("WORD");
    t.add("nonlinear", &Request::nonlinear, "XOR-like classes no linear model separates");
    t.add("n_strong", &Request::n_strong, "Strongly relevant columns (default 2)")
        .range(Range::closed(0, 1e6))
        .unset("default");
    t.add("n_weak", &Request::n_weak, "Weakly relevant columns, in redundant groups (default 2)")
        .range(Range::closed(0, 1e6))
        .unset("default");
    t.add("partition", &Request::partition, "Sizes of the weak groups, e.g. 3,2 (default: one group)")
        .range(Range::closed(2, 1e6));
    t.add("noise", &Request::noise,
          "SD of the noise added to every feature value (default: classification 0.1, otherwise 0; presets 0)")
        .range(Range::closed(0, 1e6))
        .unset("default");
    t.add("target_noise", &Request::target_noise, "SD of the noise on a regression/ordinal target (default 0)")
        .range(Range::closed(0, 1e6))
        .unset("default");
    t.add("n_levels", &Request::n_levels, "Ordinal levels K (default 3)").range(Range::closed(2, 1000)).unset("default");
    t.add("privileged", &Request::privileged,
          "LUPI data: noisy columns x0.. plus their noise-free privileged copies p0.. (linear only; --noise 0)");
    t.add("privileged_noise", &Request::privileged_noise,
          "c: the normal block's noise SD is c / SD of all privileged values (default: classification 0.65, "
          "regression 0.5, ordinal 0.2)")
        .range(Range::left_open(0, 1e6))
        .unset("default");
    t.group("Clusters generator");
    t.add("n_informative", &Request::n_informative, "Informative columns (default 2)")
        .range(Range::closed(1, 1e6))
        .unset("default");
    t.add("n_redundant", &Request::n_redundant, "Linear combinations of informative columns (default 2)")
        .range(Range::closed(0, 1e6))
        .unset("default");
    t.add("n_classes", &Request::n_classes, "Classes K (default 2)").range(Range::closed(2, 1000)).unset("default");
    t.add("n_clusters_per_class", &Request::n_clusters_per_class, "Clusters per class (default 2)")
        .range(Range::closed(1, 1000))
        .unset("default");
    t.add("weights", &Request::weights, "Class proportions, K or K-1 values (default equal)")
        .range(Range::closed(0, 1));
    t.add("class_sep", &Request::class_sep, "Distance of the cluster centres (default 1.0)")
        .range(Range::closed(0, 1e6))
        .unset("default");
    t.add("hypercube", &Request::hypercube, "Centres on hypercube vertices (--no-hypercube: anywhere)");
    t.add("shift", &Request::shift, "Add this to every column, or 'random' (default 0)").unset("default").value_name("X");
    t.add("scale", &Request::scale, "Multiply every column, or 'random' = 1 + 100 U(0,1) (default 1)")
        .unset("default")
        .value_name("X");
    t.add("shuffle", &Request::shuffle, "Shuffle rows and columns (--no-shuffle: construction order)");
    t.add("append_int_noise", &Request::append_int_noise, "Append N integer noise columns (0..9)")
        .range(Range::closed(0, 1e6))
        .unset("default");
    t.add("row_zscore", &Request::row_zscore, "Centre each row and divide it by its SD");
    t.finish();
    return t;
  }();
  return table;
}

GeneratedData generate(const Request& r, std::uint64_t seed) {
  request_option_table().check(r);
  auto refuse = [&r](bool given, const std::string& key) {
    if (given)
      throw options::OptionError(key, "option '" + key + "' does not apply to the " + r.kind + " generator");
  };
  const std::size_t n = r.n_samples.value_or(100), d = r.n_features.value_or(r.kind == "clusters" ? 20 : 10);
  // Privileged data hold two blocks of d columns.
  const std::size_t width = r.privileged && r.kind == "relevance" ? 2 * d : d;
  if (static_cast<double>(n) * static_cast<double>(width) > 5e8)
    throw options::OptionError("n_samples", "option 'n_samples' times n_features must be at most 5e8 values (4 GB), got " +
                                                std::to_string(n) + " × " + std::to_string(width) +
                                                (width != d ? " (--privileged doubles the columns)" : ""));
  if (r.kind == "relevance") {
    refuse(r.n_informative.has_value(), "n_informative");
    refuse(r.n_redundant.has_value(), "n_redundant");
    refuse(r.n_classes.has_value(), "n_classes");
    refuse(r.n_clusters_per_class.has_value(), "n_clusters_per_class");
    refuse(!r.weights.empty(), "weights");
    refuse(r.class_sep.has_value(), "class_sep");
    refuse(!r.hypercube, "hypercube");
    refuse(r.shift.has_value(), "shift");
    refuse(r.scale.has_value(), "scale");
    refuse(!r.shuffle, "shuffle");
    refuse(r.append_int_noise.has_value(), "append_int_noise");
    refuse(r.row_zscore, "row_zscore");
    RelevanceOptions o = r.preset.empty() ? RelevanceOptions{} : relevance_preset(r.preset);
    set_if(r.task, o.task);
    o.nonlinear = o.nonlinear || r.nonlinear;
    set_if(r.n_samples, o.n_samples);
    set_if(r.n_features, o.n_features);
    set_if(r.n_strong, o.n_strong);
    set_if(r.n_weak, o.n_weak);
    if (!r.partition.empty()) o.partition = r.partition;
    set_if(r.n_repeated, o.n_repeated);
    if (r.noise) o.noise = r.noise;
    set_if(r.target_noise, o.target_noise);
    set_if(r.flip_y, o.flip_y);
    set_if(r.n_levels, o.n_levels);
    o.privileged = r.privileged;
    if (r.privileged_noise) o.privileged_noise = r.privileged_noise;
    return generate_relevance(o, seed);
  }
  refuse(!r.preset.empty(), "preset");
  refuse(r.task.has_value(), "task");
  refuse(r.nonlinear, "nonlinear");
  refuse(r.n_strong.has_value(), "n_strong");
  refuse(r.n_weak.has_value(), "n_weak");
  refuse(!r.partition.empty(), "partition");
  refuse(r.noise.has_value(), "noise");
  refuse(r.target_noise.has_value(), "target_noise");
  refuse(r.n_levels.has_value(), "n_levels");
  refuse(r.privileged, "privileged");
  refuse(r.privileged_noise.has_value(), "privileged_noise");
  ClustersOptions o;
  set_if(r.n_samples, o.n_samples);
  set_if(r.n_features, o.n_features);
  set_if(r.n_informative, o.n_informative);
  set_if(r.n_redundant, o.n_redundant);
  set_if(r.n_repeated, o.n_repeated);
  set_if(r.n_classes, o.n_classes);
  set_if(r.n_clusters_per_class, o.n_clusters_per_class);
  o.weights = r.weights;
  set_if(r.flip_y, o.flip_y);
  set_if(r.class_sep, o.class_sep);
  o.hypercube = r.hypercube;
  if (r.shift) o.shift = number_or_random("shift", *r.shift, o.shift_random);
  if (r.scale) o.scale = number_or_random("scale", *r.scale, o.scale_random);
  o.shuffle = r.shuffle;
  set_if(r.append_int_noise, o.append_int_noise);
  o.row_zscore = r.row_zscore;
  return generate_clusters(o, seed);
}

}  // namespace featrel::gen
