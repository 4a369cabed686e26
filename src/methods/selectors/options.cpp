// Options of `featrel mrmr|fisher|laplacian`: the word lists, the three option tables (one builder), validation
// with messages that name the option (docs/selectors.md) and the JSON echo.
#include <algorithm>
#include <cmath>
#include <string>

#include "featrel/error.hpp"
#include "featrel/option_table.hpp"
#include "featrel/selectors.hpp"

namespace featrel::selectors {

namespace {


const options::Choices<Method>& method_words() {
  static const options::Choices<Method> words{
      {"mrmr", Method::mrmr}, {"fisher", Method::fisher}, {"laplacian", Method::laplacian}};
  return words;
}

options::Table<Options> build_table(Method method) {
  using options::Range;
  options::Table<Options> t(to_string(method));
  t.group("Selection");
  t.add("n_features_to_select", &Options::n_features_to_select,
        "Number of features to pick; auto = 10, or every feature when there are fewer")
      .range(Range::closed(1, 1000000))
      .short_flag("-k")
      .value_name("N");
  t.add("all", &Options::all, "Rank every feature (instead of n_features_to_select)");
  if (method == Method::mrmr)
    t.choice("mrmr_relevance", &Options::mrmr_relevance, class_relevance_words(),
             "Relevance to a class target: auto (Somers' D for binary/ordinal, η² for multiclass), somers, eta");
  if (method == Method::laplacian)
    t.add("laplacian_t", &Options::laplacian_t, "Heat-kernel width t of the k-NN graph's weights exp(−d²/t)")
        .range(Range::left_open(0, 1e9))
        .value_name("T");
  if (method == Method::mrmr) {
    t.group("Compatibility");
    t.choice("compat", &Options::compat_reference, options::Choices<bool>{{"none", false}, {"reference", true}},
             "none, or reference: mRMRe's Somers' D for every class target");
  }
  t.finish();
  return t;
}

}  // namespace

const options::Choices<ClassRelevance>& class_relevance_words() {
  static const options::Choices<ClassRelevance> words{
      {"auto", ClassRelevance::automatic}, {"somers", ClassRelevance::somers}, {"eta", ClassRelevance::eta}};
  return words;
}

std::string to_string(Method v) { return options::word_of(method_words(), v); }
std::string to_string(ClassRelevance v) { return options::word_of(class_relevance_words(), v); }

Method parse_method(std::string_view word) {
  if (word == "laplace") return Method::laplacian;  // the R packages' name
  return options::value_of(method_words(), word, "method");
}

ClassRelevance parse_class_relevance(std::string_view word) {
  return options::value_of(class_relevance_words(), word, "mrmr_relevance");
}

const options::Table<Options>& option_table(Method method) {
  static const options::Table<Options> mrmr = build_table(Method::mrmr);
  static const options::Table<Options> fisher = build_table(Method::fisher);
  static const options::Table<Options> laplacian = build_table(Method::laplacian);
  switch (method) {
    case Method::mrmr: return mrmr;
    case Method::fisher: return fisher;
    case Method::laplacian: return laplacian;
  }
  return mrmr;
}

void validate(const Options& o) {
  option_table(o.method).check(o);
  if (o.all && o.n_features_to_select)
    throw options::OptionError("all", "option 'all' ranks every feature and excludes n_features_to_select (" +
                                          std::to_string(*o.n_features_to_select) + "); give one of them");
}

void validate(const Options& o, const Dataset& data) {
  validate(o);
  if (o.n_features_to_select && static_cast<std::size_t>(*o.n_features_to_select) > data.n_features())
    throw options::OptionError("n_features_to_select",
                               "option 'n_features_to_select' must be at most the " +
                                   std::to_string(data.n_features()) + " features, got " +
                                   std::to_string(*o.n_features_to_select));
  if (o.method == Method::fisher && data.task == Task::regression)
    throw InputError("fisher: the Fisher score needs class labels, but the target '" + data.target_name +
                     "' is a regression target; use mrmr or laplacian");
}

Options effective_options(const Options& options, const Dataset& data) {
  Options o = options;
  if (!o.all && !o.n_features_to_select)
    o.n_features_to_select = static_cast<int>(std::min<std::size_t>(kAutoFeatures, data.n_features()));
  // mRMRe treats every class target as an ordered factor: Somers' D throughout unless asked otherwise.
  if (o.compat_reference && o.mrmr_relevance == ClassRelevance::automatic) o.mrmr_relevance = ClassRelevance::somers;
  return o;
}

report::Json options_json(const Options& o) { return option_table(o.method).to_json(o); }

}  // namespace featrel::selectors
