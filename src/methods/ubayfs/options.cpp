// UBayFS options: the word lists, the option table (with the flag grammars of featrel/ubayfs_constraints.hpp as
// custom options), validation (docs/ubayfs.md#errors-and-edge-cases), the JSON echo, and reading the side files
// (weights, blocks, constraints) when a run starts.
#include <cmath>
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/option_table.hpp"
#include "featrel/ubayfs.hpp"
#include "featrel/text_tokens.hpp"
#include "featrel/ubayfs_inputs.hpp"

namespace featrel::ubayfs {

namespace {

using options::Json;

const options::Choices<AdmissibilityMode>& admissibility_words() {
  static const options::Choices<AdmissibilityMode> w{{"reference", AdmissibilityMode::reference},
                                                     {"paper", AdmissibilityMode::paper}};
  return w;
}
const options::Choices<OptimizerKind>& optimizer_words() {
  static const options::Choices<OptimizerKind> w{
      {"auto", OptimizerKind::automatic}, {"topk", OptimizerKind::topk}, {"enumerate", OptimizerKind::enumerate},
      {"exact", OptimizerKind::exact},    {"ga", OptimizerKind::ga},     {"mh", OptimizerKind::mh}};
  return w;
}
const options::Choices<InitRule>& init_rule_words() {
  static const options::Choices<InitRule> w{{"dropout", InitRule::dropout}, {"ratio", InitRule::ratio}};
  return w;
}
const options::Choices<Correlation>& correlation_words() {
  static const options::Choices<Correlation> w{
      {"spearman", Correlation::spearman}, {"pearson", Correlation::pearson}, {"kendall", Correlation::kendall}};
  return w;
}
const options::Choices<StabilityRows>& stability_rows_words() {
  static const options::Choices<StabilityRows> w{{"all_ties", StabilityRows::all_ties},
                                                 {"first", StabilityRows::first}};
  return w;
}
// The built-in selectors (builtin_selector); "laplace" is the R package's name of laplacian.
const options::Choices<std::string>& selector_words() {
  static const options::Choices<std::string> w{
      {"mrmr", "mrmr"}, {"fisher", "fisher"}, {"laplacian", "laplacian"}, {"laplace", "laplacian"}};
  return w;
}

// ---- codecs of the custom options -----------------------------------------------------------------------------

std::string join(const std::vector<std::string>& words, const char* sep) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : sep) + w;
  return out;
}

// A repeatable option's JSON value: one word, or a list of words (one per flag occurrence); each word gives
// zero or more items.
template <class T>
std::vector<T> items_from_json(const options::Info& info, const Json& j,
                               const std::function<std::vector<T>(std::string_view)>& parse_word) {
  if (!j.is_array()) options::detail::fail(info, "a list of words (" + info.value_name + ")", j.dump());
  std::vector<T> out;
  for (const auto& e : j) {
    if (!e.is_string()) options::detail::fail(info, "a list of words (" + info.value_name + ")", e.dump());
    for (auto& item : parse_word(e.get<std::string>())) out.push_back(std::move(item));
  }
  return out;
}

// One constraint flag: a repeatable option whose words are S[@RHO], F1,F2,..[@RHO] or NAME=A,..<=B[@RHO]. A
// max-size flag's S is checked against the range the caller gives the returned entry.
auto add_constraint_flag(options::Table<Options>& t, const char* key, std::vector<ConstraintSpec> Options::*member,
                         RowKind kind, Level level, const char* help, const char* value_name) {
  auto parse_word = [kind, level](const options::Info& info, std::string_view word) {
    ConstraintSpec spec = parse_constraint_flag(kind, level, word, info.flag);
    if (kind == RowKind::max_size) options::detail::check_number(info, spec.size, "'" + std::string(word) + "'");
    return std::vector<ConstraintSpec>{std::move(spec)};
  };
  return t.custom<std::vector<ConstraintSpec>>(
       key, member, help, options::Kind::text, parse_word,
       [](const std::vector<ConstraintSpec>& v) {
         std::vector<std::string> words;
         for (const auto& s : v) words.push_back(constraint_word(s));
         return join(words, " ");
       },
       [](const std::vector<ConstraintSpec>& v) {
         Json j = Json::array();
         for (const auto& s : v) j.push_back(constraint_word(s));
         return j;
       },
       [parse_word](const options::Info& info, const Json& j) {
         return items_from_json<ConstraintSpec>(
             info, j, [&](std::string_view w) { return parse_word(info, w); });
       })
      .value_name(value_name)
      .repeatable();
}

std::vector<double> weight_numbers(std::string_view word) {
  std::vector<double> out;
  for (const auto& tok : split_csv_fields(word, "ubayfs")) {
    const auto v = io::parse_number(tok);
    if (!v) return {};
    out.push_back(*v);
  }
  return out;
}

std::string block_word(const BlockSpec& b) { return b.name + "=" + join(b.members, ","); }

}  // namespace

std::string to_string(AdmissibilityMode v) { return options::word_of(admissibility_words(), v); }
std::string to_string(OptimizerKind v) { return options::word_of(optimizer_words(), v); }
std::string to_string(InitRule v) { return options::word_of(init_rule_words(), v); }
std::string to_string(Correlation v) { return options::word_of(correlation_words(), v); }
std::string to_string(StabilityRows v) { return options::word_of(stability_rows_words(), v); }

AdmissibilityMode parse_admissibility(std::string_view w) {
  return options::value_of(admissibility_words(), w, "admissibility");
}
OptimizerKind parse_optimizer(std::string_view w) { return options::value_of(optimizer_words(), w, "optimizer"); }
InitRule parse_init_rule(std::string_view w) { return options::value_of(init_rule_words(), w, "init_rule"); }
Correlation parse_correlation(std::string_view w) { return options::value_of(correlation_words(), w, "correlation"); }
StabilityRows parse_stability_rows(std::string_view w) {
  return options::value_of(stability_rows_words(), w, "stability_rows");
}

const options::Table<Options>& option_table() {
  using options::Range;
  static const options::Table<Options> table = [] {
    options::Table<Options> t("ubayfs");
    t.group("Given counts");
    t.add("counts", &Options::counts, "Skip the ensemble: optimise the counts in this CSV (feature,count)")
        .value_name("FILE");
    t.add("n_models", &Options::n_models, "Elementary models behind --counts (auto: the file's '# n_models: M')")
        .range(Range::closed(1, 1e9))
        .value_name("M");

    t.group("Ensemble");
    t.add("ensemble_size", &Options::ensemble_size, "Number of sub-samples M")
        .range(Range::closed(1, 10000))
        .short_flag("-M")
        .value_name("M");
    t.add("tt_split", &Options::tt_split, "Share of rows per sub-sample").range(Range::open(0, 1));
    t.add("n_features_to_select", &Options::n_features_to_select,
          "Features per elementary selection, or auto (a random 1..p per split)")
        .range(Range::closed(1, 1000000))
        .short_flag("-k")
        .value_name("N|auto");
    t.choice("selector", &Options::selectors, selector_words(), "Elementary selectors (comma-separated; rows pooled)");
    t.choice("mrmr_relevance", &Options::mrmr_relevance, selectors::class_relevance_words(),
             "Relevance of mRMR to a class target: auto (Somers' D for binary/ordinal, η² for multiclass), somers, "
             "eta");
    t.add("laplacian_t", &Options::laplacian_t, "Heat-kernel width t of the Laplacian score")
        .range(Range::left_open(0, 1e9))
        .value_name("T");

    t.group("Prior and blocks");
    t.custom<Weights>(
         "weights", &Options::weights, "Prior weights: one value, one per feature (comma-separated), or a file",
         options::Kind::text,
         [](const options::Info&, std::string_view word) -> Weights {
           if (io::trim(word).empty()) return std::vector<double>{};
           auto numbers = weight_numbers(word);
           if (!numbers.empty()) return numbers;
           return io::trim(word);
         },
         [](const Weights& w) {
           if (const auto* path = std::get_if<std::string>(&w)) return *path;
           std::vector<std::string> words;
           for (double v : std::get<std::vector<double>>(w)) words.push_back(format_number(v));
           return join(words, ",");
         },
         [](const Weights& w) {
           if (const auto* path = std::get_if<std::string>(&w)) return Json(*path);
           return Json(std::get<std::vector<double>>(w));
         },
         [](const options::Info& info, const Json& j) -> Weights {
           if (!j.is_array()) options::detail::fail(info, "a list of weights or a file", j.dump());
           std::vector<double> v;
           for (const auto& x : j) v.push_back(options::detail::json_real(info, x));
           return v;
         })
        .value_name("LIST|FILE");
    t.custom<std::vector<std::pair<std::string, double>>>(
         "block_weights", &Options::block_weights, "Per-block prior weights NAME=W (α = sum over blocks)",
         options::Kind::text,
         [](const options::Info&, std::string_view word) { return parse_block_weights(word); },
         [](const std::vector<std::pair<std::string, double>>& v) {
           std::vector<std::string> words;
           for (const auto& [n, w] : v) words.push_back(n + "=" + format_number(w));
           return join(words, ",");
         },
         [](const std::vector<std::pair<std::string, double>>& v) {
           Json j = Json::object();
           for (const auto& [n, w] : v) j[n] = w;
           return j;
         },
         [](const options::Info& info, const Json& j) {
           if (j.is_object()) {
             std::vector<std::pair<std::string, double>> v;
             for (const auto& [n, w] : j.items()) v.push_back({n, options::detail::json_real(info, w)});
             return v;
           }
           return items_from_json<std::pair<std::string, double>>(
               info, j, [](std::string_view w) { return parse_block_weights(w); });
         })
        .value_name("NAME=W,...")
        .repeatable();
    t.custom<std::vector<BlockSpec>>(
         "block", &Options::blocks, "A named block of features (names, indices, i..j ranges); repeatable",
         options::Kind::text,
         [](const options::Info&, std::string_view word) { return std::vector<BlockSpec>{parse_block_flag(word)}; },
         [](const std::vector<BlockSpec>& v) {
           std::vector<std::string> words;
           for (const auto& b : v) words.push_back(block_word(b));
           return join(words, " ");
         },
         [](const std::vector<BlockSpec>& v) {
           Json j = Json::array();
           for (const auto& b : v) j.push_back(block_word(b));
           return j;
         },
         [](const options::Info& info, const Json& j) {
           return items_from_json<BlockSpec>(
               info, j, [](std::string_view w) { return std::vector<BlockSpec>{parse_block_flag(w)}; });
         })
        .value_name("NAME=F1,F2,...")
        .repeatable();
    t.add("blocks_file", &Options::blocks_file, "Blocks from a CSV with header feature,block").value_name("CSV");

    t.group("Constraints");
    add_constraint_flag(t, "max_size", &Options::max_size, RowKind::max_size, Level::feature,
                        "At most S features (required); repeatable; @RHO is the relaxation (1, inf = hard)",
                        "S[@RHO]")
        .range(Range::at_least(smallest_max_size(Level::feature)));
    add_constraint_flag(t, "must_link", &Options::must_link, RowKind::must_link, Level::feature,
                        "All or none of these features; repeatable", "F1,F2,..[@RHO]");
    add_constraint_flag(t, "cannot_link", &Options::cannot_link, RowKind::cannot_link, Level::feature,
                        "At most one of these features; repeatable", "F1,F2,..[@RHO]");
    add_constraint_flag(t, "linear", &Options::linear, RowKind::linear, Level::feature,
                        "A general row Σ a·δ ≤ b over features; repeatable", "F=A,F=A<=B[@RHO]");
    add_constraint_flag(t, "block_max_size", &Options::block_max_size, RowKind::max_size, Level::block,
                        "At most S blocks with a selected feature; repeatable", "S[@RHO]")
        .range(Range::at_least(smallest_max_size(Level::block)));
    add_constraint_flag(t, "block_must_link", &Options::block_must_link, RowKind::must_link, Level::block,
                        "All or none of these blocks; repeatable", "B1,B2,..[@RHO]");
    add_constraint_flag(t, "block_cannot_link", &Options::block_cannot_link, RowKind::cannot_link, Level::block,
                        "At most one of these blocks; repeatable", "B1,B2,..[@RHO]");
    t.add("constraints_file", &Options::constraints_file, "Blocks and constraints from a JSON file (docs/ubayfs.md)")
        .flag("--constraints")
        .value_name("FILE.json");
    t.add("decorrelate", &Options::decorrelate, "Soft cannot-link for every pair with |Spearman| > LEVEL")
        .range(Range::right_open(0, 1))
        .unset("none")
        .value_name("LEVEL");

    t.group("Objective and optimiser");
    t.add("lambda", &Options::lambda, "Weight λ of the admissibility").range(Range::left_open(0, 1e9));
    t.choice("admissibility", &Options::admissibility, admissibility_words(),
             "reference (R 1.0) or paper (ε shift, ρ·‖α°‖₁ on every row)");
    t.add("epsilon", &Options::epsilon, "ε of the paper admissibility").range(Range::closed(-1e6, 1e6));
    t.add("rho_scaling", &Options::rho_scaling,
          "Paper admissibility with the ρ·‖α°‖₁ scaling (--no-rho-scaling: without)");
    t.choice("optimizer", &Options::optimizer, optimizer_words(), "auto, topk, enumerate, exact, ga or mh");
    t.add("pop_size", &Options::pop_size, "GA population").range(Range::closed(10, 10000));
    t.add("generations", &Options::generations, "GA generations").range(Range::closed(10, 100000));
    t.choice("init_rule", &Options::init_rule, init_rule_words(), "Algorithm 1: dropout (reference) or ratio (paper)");
    t.add("polish", &Options::polish,
          "Flip/swap polish and the plateau of ties after the GA (--no-polish: neither)");
    t.add("enumerate_max_n", &Options::enumerate_max_n, "auto enumerates all 2^N sets up to this N")
        .range(Range::closed(0, 30));
    t.add("node_budget", &Options::node_budget, "Branch-and-bound node budget").range(Range::closed(1, 1e12));
    t.add("max_ties", &Options::max_ties, "Most tied optima returned").range(Range::closed(1, 1000000));
    t.add("mh_chains", &Options::mh_chains, "MH chains q").range(Range::closed(1, 10000));
    t.add("mh_steps", &Options::mh_steps, "MH steps T per chain (q·T at most 1e7)").range(Range::closed(1, 100000));
    t.add("mh_eta", &Options::mh_eta, "η of the MH target").range(Range::left_open(0, 1000));

    t.group("Evaluation");
    t.choice("correlation", &Options::correlation, correlation_words(),
             "spearman, pearson or kendall (avg_abs_correlation)");
    t.add("repeats", &Options::repeats, "Outer stratified splits; >= 2 adds stability and logistic F1")
        .range(Range::closed(1, 1000));
    t.add("test_fraction", &Options::test_fraction, "Held-out share of each outer split").range(Range::open(0, 1));
    t.add("stability_alpha", &Options::stability_alpha, "Level of the Nogueira confidence interval")
        .range(Range::open(0, 1));
    t.choice("stability_rows", &Options::stability_rows, stability_rows_words(),
             "all_ties (one row per tied optimum) or first");
    t.add("keep_ensemble", &Options::keep_ensemble, "Store the ensemble matrix in the JSON");

    t.group("Compatibility");
    t.choice("compat", &Options::compat_reference, options::Choices<bool>{{"none", false}, {"reference", true}},
             "none, or reference: R UBayFS 1.0 scoring of hard rows, plain GA, reference sub-samples");
    t.finish();
    return t;
  }();
  return table;
}

void validate(const Options& o) {
  option_table().check(o);
  if (o.repeats > 1 && !o.counts.empty())
    throw options::OptionError("repeats", "option 'repeats' reruns the ensemble on outer splits and needs the data "
                                          "without counts, got " + std::to_string(o.repeats) + " with counts");
  // The sampler keeps q·T proposal draws and q·T states.
  if (static_cast<double>(o.mh_chains) * static_cast<double>(o.mh_steps) > 1e7)
    throw options::OptionError("mh_steps", "option 'mh_steps' times mh_chains must be at most 1e7 (the sampler "
                                           "stores every draw), got " + std::to_string(o.mh_steps) + " × " +
                                               std::to_string(o.mh_chains));
}

Options effective_options(const Options& options) {
  Options o = options;
  o.polish = o.polish && !o.compat_reference;
  return o;
}

report::Json options_json(const Options& o) { return option_table().to_json(effective_options(o)); }

Options resolve_inputs(const Options& o, const std::vector<std::string>& names) {
  Options r = o;
  r.blocks.clear();
  r.constraints.clear();
  if (!o.blocks_file.empty()) r.blocks = read_blocks_csv(o.blocks_file);
  r.blocks.insert(r.blocks.end(), o.blocks.begin(), o.blocks.end());
  for (const auto* rows : {&o.max_size, &o.must_link, &o.cannot_link, &o.linear, &o.block_max_size,
                           &o.block_must_link, &o.block_cannot_link, &o.constraints})
    r.constraints.insert(r.constraints.end(), rows->begin(), rows->end());
  if (!o.constraints_file.empty()) {
    ConstraintsFile f = read_constraints_file(o.constraints_file);
    r.blocks.insert(r.blocks.end(), f.blocks.begin(), f.blocks.end());
    r.constraints.insert(r.constraints.end(), f.constraints.begin(), f.constraints.end());
    r.groups.insert(r.groups.end(), f.groups.begin(), f.groups.end());
  }
  if (const auto* text = std::get_if<std::string>(&o.weights))
    r.weights = io::trim(*text).empty() ? std::vector<double>{} : parse_weights(*text, names);
  r.blocks_file.clear();
  r.constraints_file.clear();
  for (auto* rows : {&r.max_size, &r.must_link, &r.cannot_link, &r.linear, &r.block_max_size, &r.block_must_link,
                     &r.block_cannot_link})
    rows->clear();
  return r;
}

}  // namespace featrel::ubayfs
