// pareto's option tables: the analysis of an impact table (shared by the pipeline and --impacts), the classifiers'
// hyper-parameters, and the pipeline's criteria and inputs. Defaults live in the structs of pareto.hpp and
// classifier.hpp; keys follow the shared vocabulary (trees, engine, max_depth, row_fraction, feature_fraction, C).
#include "featrel/format.hpp"
#include "featrel/pareto.hpp"

namespace featrel::pareto {

namespace {

using options::Range;

forest::ColumnFraction column_fraction_word(const options::Info& info, std::string_view word) {
  try {
    return forest::parse_column_fraction(word, info.flag);
  } catch (const InputError&) {
    options::detail::fail(info, "sqrt, all or a number in (0, 1]", "'" + std::string(word) + "'");
  }
}

classify::SvmGamma gamma_word(const options::Info& info, std::string_view word) {
  try {
    return classify::parse_svm_gamma(word, info.flag);
  } catch (const InputError&) {
    options::detail::fail(info, "scale, auto or a number > 0", "'" + std::string(word) + "'");
  }
}

}  // namespace

const options::Table<AnalysisOptions>& analysis_option_table() {
  static const options::Table<AnalysisOptions> table = [] {
    options::Table<AnalysisOptions> t("pareto analysis");
    t.group("Analysis");
    t.add("depth", &AnalysisOptions::depth, "Pareto layers kept as important").range(Range::closed(1, 1000));
    t.add("tie_tolerance", &AnalysisOptions::tie_tolerance, "Grid step for comparisons (0 = exact)")
        .range(Range::closed(0, 1e6));
    t.add("max_minimal_sets", &AnalysisOptions::max_minimal_sets, "Most minimal criteria sets listed per feature")
        .range(Range::closed(1, 1e7));
    t.add("poset", &AnalysisOptions::poset_file, "Custom interpretation poset (JSON: terms, parents, measure_terms)")
        .unset("builtin")
        .value_name("FILE");
    t.add("classifier_terms", &AnalysisOptions::classifier_terms,
          "Add the classifier (RF, NB, MLP, SVM, LR) to interpretations");
    t.choice("lattice_view", &AnalysisOptions::lattice_view,
             options::Choices<LatticeView>{{"full", LatticeView::full}, {"aoc", LatticeView::aoc}},
             "SVG drawing: the full lattice, or aoc (introducer concepts only)");
    t.finish();
    return t;
  }();
  return table;
}

const options::Table<classify::ClassifierOptions>& classifier_option_table() {
  using C = classify::ClassifierOptions;
  static const options::Table<C> table = [] {
    options::Table<C> t("pareto classifiers");
    t.group("Classifiers");
    t.add("trees", &C::rf_trees, "Random forest trees").range(Range::closed(1, 10000));
    t.choice("engine", &C::rf_engine, forest::engine_words(),
             "Forest engine: xgboost (the paper's), native, or auto: xgboost unless its histograms would need more "
             "than 1 GiB at this width (then native)")
        .unset("auto");
    t.add("max_depth", &C::rf_max_depth, "Tree depth limit (0 = unlimited)").range(Range::closed(0, 64));
    t.add("row_fraction", &C::rf_subsample, "Rows per tree, drawn without replacement").range(Range::left_open(0, 1));
    t.custom<forest::ColumnFraction>(
         "feature_fraction", &C::rf_max_features, "Columns per node: sqrt, all or a fraction", options::Kind::text,
         column_fraction_word, [](const forest::ColumnFraction& f) { return f.to_string(); },
         [](const forest::ColumnFraction& f) {
           return f.kind == forest::ColumnFraction::Kind::sqrt ? report::Json("sqrt") : report::Json(f.value);
         },
         [](const options::Info& info, const report::Json& j) {
           if (!j.is_number()) options::detail::fail(info, "sqrt, all or a number in (0, 1]", j.dump());
           return column_fraction_word(info, format_number(j.get<double>()));
         })
        .value_name("F");
    t.add("mlp_hidden", &C::mlp_hidden, "MLP hidden layer sizes").range(Range::closed(1, 10000));
    t.add("mlp_batch", &C::mlp_batch, "MLP mini-batch size").range(Range::closed(1, 1e6));
    t.add("mlp_max_epochs", &C::mlp_max_epochs, "MLP epochs").range(Range::closed(1, 1e6));
    t.add("mlp_lr", &C::mlp_learning_rate, "MLP Adam step").range(Range::left_open(0, 10));
    t.add("mlp_alpha", &C::mlp_alpha, "MLP L2 penalty").range(Range::closed(0, 1e6));
    t.add("svm_degree", &C::svm_degree, "Polynomial kernel degree").range(Range::closed(1, 10));
    t.add("svm_coef0", &C::svm_coef0, "Polynomial kernel coef0").range(Range::closed(-1e6, 1e6));
    t.add("C", &C::svm_c, "SVM box constraint").range(Range::closed(1e-8, 1e8)).flag("--C");
    t.custom<classify::SvmGamma>(
         "svm_gamma", &C::svm_gamma, "Kernel gamma: scale, auto or a number", options::Kind::text, gamma_word,
         [](const classify::SvmGamma& g) { return g.to_string(); },
         [](const classify::SvmGamma& g) {
           return g.kind == classify::SvmGamma::Kind::value ? report::Json(g.value) : report::Json(g.to_string());
         },
         [](const options::Info& info, const report::Json& j) {
           if (!j.is_number()) options::detail::fail(info, "scale, auto or a number > 0", j.dump());
           return gamma_word(info, format_number(j.get<double>()));
         })
        .value_name("G");
    t.add("logreg_c", &C::logreg_c, "Logistic regression inverse regularisation").range(Range::closed(1e-8, 1e8));
    t.add("nb_var_smoothing", &C::nb_var_smoothing, "Naive Bayes variance smoothing").range(Range::closed(0, 1));
    t.finish();
    return t;
  }();
  return table;
}

const options::Table<Options>& option_table() {
  static const options::Table<Options> table = [] {
    options::Table<Options> t("pareto");
    t.group("Inputs");
    t.add("impacts", &Options::impacts,
          "Analyse this impact table instead of training (CSV: criterion,<features>; rows model:measure; lower = "
          "more important)")
        .value_name("FILE");
    t.add("positive", &Options::positive, "Positive class label (set with --positive)").no_cli();
    t.group("Criteria");
    t.add("classifiers", &Options::classifiers, "Classifiers: rf, nb, mlp, svm, logreg").value_name("LIST");
    t.add("measures", &Options::measures,
          "Measures: sensitivity, specificity, fnr, fpr, precision, npv, fdr, for, accuracy, fscore, mcc, lr_plus, "
          "lr_minus")
        .value_name("LIST");
    t.add("permutations", &Options::permutations, "Fresh permutations per (classifier, feature)")
        .range(Range::closed(1, 100000));
    t.add("test_fraction", &Options::test_fraction, "Held-out share, n_test = ceil(F·n)").range(Range::open(0, 1));
    t.add("stratify", &Options::stratify, "Draw test rows per class (--no-stratify: uniformly)");
    t.add("shared_split", &Options::shared_split, "One split for all classifiers (default: one per classifier)");
    t.choice("split", &Options::split,
             options::Choices<SplitMode>{{"holdout", SplitMode::holdout},
                                         {"resubstitution", SplitMode::resubstitution}},
             "holdout, or resubstitution (score on the training rows)");
    t.add("standardize", &Options::standardize, "Classifiers fed z-scored inputs (none = all raw)")
        .value_name("LIST");
    t.add("prefilter", &Options::prefilter,
          "Each classifier trains on the K features mRMR ranks first on its training rows (0 = all; auto: " +
              std::to_string(kAutoPrefilter) + " when features outnumber training rows, else all)")
        .range(Range::closed(0, 1e6))
        .value_name("K");
    t.include(analysis_option_table(), &Options::analysis);
    t.include(classifier_option_table(), &Options::classifier);
    t.group("Compatibility");
    t.choice("compat", &Options::compat_reference, options::Choices<bool>{{"none", false}, {"reference", true}},
             "none, or reference: GEENAGE's settings for cross-checks");
    t.group("Output");
    t.add("dot", &Options::dot, "Write the concept lattice as Graphviz DOT").value_name("FILE").no_echo();
    t.add("impacts_out", &Options::impacts_out, "Write the criterion values in the --impacts format")
        .value_name("FILE")
        .no_echo();
    t.finish();
    return t;
  }();
  return table;
}

}  // namespace featrel::pareto
