// The steps of docs/pareto.md#criteria-and-orientation to #text-dot-and-svg-output: criteria terms, dominance, front and layers, M(f), the formal context,
// the concept lattice and the readings; analyse() on a user's impact table.
#include <algorithm>
#include <cctype>

#include "featrel/pareto_inputs.hpp"
#include "featrel/error.hpp"
#include "featrel/metrics.hpp"
#include "pareto_internal.hpp"

namespace featrel::pareto {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The classifier term of --classifier-terms (docs/pareto.md#interpretation-poset-and-context): RF, NB, MLP, SVM, LR; "nn" is the paper's name of the MLP.
std::string classifier_term(const std::string& classifier) {
  const std::string k = lower(classifier);
  if (k == "rf") return "RF";
  if (k == "nb") return "NB";
  if (k == "mlp" || k == "nn") return "MLP";
  if (k == "svm") return "SVM";
  if (k == "logreg" || k == "lr") return "LR";
  throw InputError("pareto: --classifier-terms needs a known classifier (rf, nb, mlp or nn, svm, logreg or lr), got '" +
                   classifier + "'");
}

TermPoset load_poset(const AnalysisOptions& o) {
  TermPoset p = o.poset_file ? TermPoset::from_spec(read_poset_file(*o.poset_file), *o.poset_file)
                             : TermPoset::builtin();
  if (o.classifier_terms)
    for (const char* t : {"RF", "NB", "MLP", "SVM", "LR"})
      if (!p.find(t)) p.add_term(t);
  return p;
}

bool has_term(const TermPoset& p, const Bits& row, const char* name) {
  const auto t = p.find(name);
  return t && row.test(*t);
}

}  // namespace

std::string reading(const TermPoset& p, const Bits& row) {
  std::vector<std::string> phrases;
  // FNR and FPR are the complements of sensitivity and specificity: the same class, the same impacts.
  const bool pos = has_term(p, row, "Sensitivity") || has_term(p, row, "FNR");
  const bool neg = has_term(p, row, "Specificity") || has_term(p, row, "FPR");
  if (pos && neg)
    phrases.emplace_back("predictive of both classes");
  else if (pos)
    phrases.emplace_back("predictive of the positive class");
  else if (neg)
    phrases.emplace_back("predictive of the negative class");
  else if (has_term(p, row, "Prediction"))
    phrases.emplace_back("predictive");
  if (has_term(p, row, "Discrimination")) phrases.emplace_back("discriminant");
  if (has_term(p, row, "Correctness")) phrases.emplace_back("good for correctness");
  if (phrases.empty())
    phrases.emplace_back(has_term(p, row, "Classification") ? "a compromise, good for classification"
                                                            : "no common interpretation");
  std::string s;
  for (const auto& ph : phrases) s += (s.empty() ? "" : "; ") + ph;
  return s;
}

std::vector<std::size_t> Result::important() const {
  std::vector<std::size_t> out;
  for (std::size_t j = 0; j < features.size(); ++j)
    if (features[j].important) out.push_back(j);
  return out;
}

namespace {

// Steps 3.6–3.12 on every column of r (detail::analyse_criteria without the constant columns' split).
void analyse_columns(Result& r) {
  const auto t0 = std::chrono::steady_clock::now();
  const AnalysisOptions& o = r.options.analysis;
  const std::size_t m = r.criteria.size(), n = r.feature_names.size();
  validate(o, m);
  if (n == 0) throw InputError("pareto: no feature to analyse");

  // Terms and interpretations I(c) of the criteria.
  r.poset = load_poset(o);
  const TermPoset& poset = r.poset;
  std::vector<Bits> interp(m);
  for (std::size_t c = 0; c < m; ++c) {
    Criterion& cr = r.criteria[c];
    auto t = poset.term_of_measure(cr.measure);
    if (!t) t = poset.find(cr.measure);
    if (!t) {
      std::string known;
      for (const auto& [k, v] : poset.measure_terms()) known += (known.empty() ? "" : ", ") + k;
      throw InputError("pareto: criterion '" + cr.classifier + ":" + cr.measure + "': unknown measure '" + cr.measure +
                       "' (measure keys: " + known + "; or a term of the poset)");
    }
    cr.term = poset.terms()[*t];
    interp[c] = poset.up(*t);
    if (o.classifier_terms) interp[c] |= poset.up(*poset.find(classifier_term(cr.classifier)));
  }

  // Dominance, front and layers on all criteria.
  const DominanceTable table(r.oriented, o.tie_tolerance);
  r.tie_count = table.tie_count();
  const CritSet all = table.all_criteria();
  const std::vector<int> layer = table.layers(all);
  const int n_layers = *std::max_element(layer.begin(), layer.end());
  r.layers.assign(static_cast<std::size_t>(n_layers), {});
  r.front.clear();
  r.features.assign(n, FeatureReport{});
  for (std::size_t j = 0; j < n; ++j) {
    FeatureReport& f = r.features[j];
    f.name = r.feature_names[j];
    f.constant = j < r.constant.size() && r.constant[j];
    f.layer = layer[j];
    f.important = layer[j] <= o.depth;
    // A dominator lies in a lower layer (layers are longest chains), so only those are compared. The full list
    // can hold most of the features; only its first kMaxListedDominators are kept, in a vector of their size
    // (at 20,000 features the full lists' capacity held 1 GB).
    // Twins have the same dominators: the list is made once per twin group.
    const std::size_t k = table.group_of(j);
    if (table.group(k).front() == j) {
      std::vector<std::size_t> dom;
      for (std::size_t kg = 0; kg < table.n_groups(); ++kg) {
        const std::vector<std::size_t>& g = table.group(kg);
        if (layer[g.front()] < layer[j] && table.dominates(g.front(), j, all))
          dom.insert(dom.end(), g.begin(), g.end());
      }
      std::sort(dom.begin(), dom.end());
      f.n_dominated_by = dom.size();
      if (dom.size() > kMaxListedDominators) {
        std::stable_sort(dom.begin(), dom.end(), [&](std::size_t a, std::size_t b) { return layer[a] < layer[b]; });
        dom.resize(kMaxListedDominators);
        std::sort(dom.begin(), dom.end());
      }
      f.dominated_by.assign(dom.begin(), dom.end());
    } else {
      const FeatureReport& first = r.features[table.group(k).front()];
      f.n_dominated_by = first.n_dominated_by;
      f.dominated_by = first.dominated_by;
    }
    r.layers[static_cast<std::size_t>(layer[j] - 1)].push_back(j);
    if (layer[j] == 1) r.front.push_back(j);
  }
  if (n == 1) r.warnings.emplace_back("a single feature: it is the front and M(f) holds every single criterion");
  if (n > 1 && r.tie_count == m * n * (n - 1) / 2)
    r.warnings.emplace_back("every feature ties on every criterion: all are on the front, each M(f) is every single "
                            "criterion and every row holds all terms");

  // Minimal criteria sets and context rows over all poset terms.
  std::vector<Bits> rows(n, Bits(poset.size()));
  if (o.depth == 1) {
    // Ties on many criteria make the candidate list of docs/pareto.md#minimal-criteria-sets explode: stop early with the features' names.
    for (std::size_t a = 0; a < r.front.size(); ++a)
      for (std::size_t b = a + 1; b < r.front.size(); ++b) {
        const std::size_t f = r.front[a], g = r.front[b];
        const std::size_t tied = table.equal(f, g).count();
        const bool twins = table.better(f, g).none() && table.worse(f, g).none();
        if (tied > 24 && !twins)
          throw InputError("pareto: features '" + r.feature_names[f] + "' and '" + r.feature_names[g] + "' tie on " +
                           std::to_string(tied) + " criteria; M(f) would need 2^" + std::to_string(tied) +
                           " candidates: use fewer classifiers or measures");
      }
    for (std::size_t j : r.front) {
      const MinimalSets ms = minimal_criteria_sets(table, j, r.front, o.max_minimal_sets);
      r.features[j].minimal_sets = ms.sets;
      r.features[j].minimal_sets_truncated = ms.truncated;
      // Rows by the fixpoint of docs/pareto.md#interpretation-poset-and-context, so that truncating M(f) never changes the context.
      for (std::size_t t = 0; t < poset.size(); ++t) {
        CritSet c_t;
        for (std::size_t c = 0; c < m; ++c)
          if (interp[c].test(t)) c_t.set(c);
        if (c_t.any() && largest_keeping_set(table, j, r.front, c_t).any()) rows[j].set(t);
      }
    }
  } else {
    const auto sets = enumerate_minimal_sets(table, o.depth, o.max_minimal_sets);
    for (std::size_t j = 0; j < n; ++j) {
      if (!r.features[j].important) continue;
      r.features[j].minimal_sets = sets[j].sets;
      r.features[j].minimal_sets_truncated = sets[j].truncated;
      for (const CritSet& x : sets[j].sets) {
        Bits ix(poset.size());
        ix.set();
        for (std::size_t c : members(x)) ix &= interp[c];
        rows[j] |= ix;
      }
    }
  }
  r.seconds.emplace_back("pareto", detail::seconds_since(t0));

  // Formal context: important features × the declared terms that occur in some I(c).
  const auto t1 = std::chrono::steady_clock::now();
  Bits used(poset.size());
  for (const Bits& i : interp) used |= i;
  r.context = FormalContext{};
  r.context_objects.clear();
  r.context_terms.clear();
  for (std::size_t t = 0; t < poset.size(); ++t)
    if (used.test(t)) {
      r.context_terms.push_back(t);
      r.context.attributes.push_back(poset.terms()[t]);
    }
  for (std::size_t j = 0; j < n; ++j) {
    FeatureReport& f = r.features[j];
    if (!f.important) continue;
    for (std::size_t t = 0; t < poset.size(); ++t)
      if (rows[j].test(t)) f.terms.push_back(t);
    f.most_specific_terms = poset.minimal(rows[j]);
    f.reading = reading(poset, rows[j]);
    Bits row(r.context_terms.size());
    for (std::size_t a = 0; a < r.context_terms.size(); ++a) row[a] = rows[j].test(r.context_terms[a]);
    r.context_objects.push_back(j);
    r.context.objects.push_back(f.name);
    r.context.rows.push_back(row);
  }
  r.lattice = concept_lattice(r.context);
  const LatticeDrawing drawing = lattice_layout(r.lattice, r.context, false);
  for (const auto& node : drawing.nodes) {
    r.lattice.concepts[node.concept_id].x = node.x;
    r.lattice.concepts[node.concept_id].y = node.y;
  }
  for (std::size_t o_idx = 0; o_idx < r.context_objects.size(); ++o_idx)
    r.features[r.context_objects[o_idx]].object_concept = r.lattice.object_concept[o_idx];
  r.seconds.emplace_back("fca", detail::seconds_since(t1));
}

}  // namespace

namespace detail {

void analyse_criteria(Result& r) {
  const std::size_t n = r.feature_names.size();
  std::vector<std::size_t> kept;
  for (std::size_t j = 0; j < n; ++j)
    if (!(j < r.constant.size() && r.constant[j])) kept.push_back(j);
  if (kept.size() == n) return analyse_columns(r);
  if (kept.empty()) throw InputError("pareto: every feature is constant; nothing to analyse");
  // Constant columns are left out of every fit (docs/architecture.md#constant-columns), so they are no competitor
  // either: their impact of 0 would put them on the front beside features whose impacts are mixed. The analysis
  // runs on the other columns; a constant column gets no layer, no M(f) and no reading.
  Result sub;
  sub.options = r.options;
  sub.criteria = r.criteria;
  sub.oriented.resize(r.oriented.rows(), static_cast<Eigen::Index>(kept.size()));
  for (std::size_t k = 0; k < kept.size(); ++k) {
    sub.feature_names.push_back(r.feature_names[kept[k]]);
    sub.oriented.col(static_cast<Eigen::Index>(k)) = r.oriented.col(static_cast<Eigen::Index>(kept[k]));
  }
  analyse_columns(sub);
  auto columns = [&](std::vector<std::size_t> v) {
    for (std::size_t& j : v) j = kept[j];
    return v;
  };
  r.criteria = std::move(sub.criteria);
  r.poset = std::move(sub.poset);
  r.tie_count = sub.tie_count;
  r.front = columns(sub.front);
  r.layers.clear();
  for (const auto& layer : sub.layers) r.layers.push_back(columns(layer));
  r.features.assign(n, FeatureReport{});
  for (std::size_t j = 0; j < n; ++j) {
    r.features[j].name = r.feature_names[j];
    r.features[j].constant = true;
  }
  for (std::size_t k = 0; k < kept.size(); ++k) {
    FeatureReport& f = r.features[kept[k]];
    f = std::move(sub.features[k]);
    f.dominated_by = columns(f.dominated_by);
  }
  r.context = std::move(sub.context);
  r.context_objects = columns(sub.context_objects);
  r.context_terms = std::move(sub.context_terms);
  r.lattice = std::move(sub.lattice);
  r.warnings.insert(r.warnings.end(), sub.warnings.begin(), sub.warnings.end());
  r.seconds.insert(r.seconds.end(), sub.seconds.begin(), sub.seconds.end());
}

}  // namespace detail

Result analyse(const ImpactTable& table, const AnalysisOptions& options) {
  Result r;
  r.from_impacts = true;
  r.options.analysis = options;
  r.feature_names = table.features;
  r.constant.assign(table.features.size(), false);
  r.oriented = table.values;
  for (std::size_t c = 0; c < table.criteria.size(); ++c) {
    Criterion cr;
    cr.id = detail::criterion_id(c);
    cr.classifier = table.classifiers[c];
    cr.measure = table.measures[c];
    const auto m = metrics::measure_from_key(cr.measure);
    cr.orientation = m ? metrics::orientation(*m) : 1;
    r.criteria.push_back(cr);
  }
  r.header.method = "pareto";
  r.header.task = "binary";
  r.header.n_features = table.features.size();
  r.header.feature_names = table.features;
  detail::analyse_criteria(r);
  return r;
}

}  // namespace featrel::pareto
