// Repeated splits (docs/crfe.md#repeats-and-consistency): the consensus over the runs (ranking by mean rank, majority selection,
// selection frequencies, mean metrics), the stability indices of the top-k sets and of the selected sets (through
// featrel/stability.hpp, never reimplemented here), and the CRFE-vs-RFE similarity of --with-rfe.
#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "methods/crfe/crfe_internal.hpp"

namespace featrel::crfe::detail {

namespace {

std::vector<std::size_t> top_k(const std::vector<std::size_t>& ranking, std::size_t k) {
  std::vector<std::size_t> s(ranking.begin(),
                             ranking.begin() + static_cast<std::ptrdiff_t>(std::min(k, ranking.size())));
  std::sort(s.begin(), s.end());
  return s;
}

std::optional<double> mean_of_defined(const std::vector<std::optional<double>>& v) {
  double sum = 0.0;
  std::size_t n = 0;
  for (const auto& x : v)
    if (x) {
      sum += *x;
      ++n;
    }
  if (n == 0) return std::nullopt;
  return sum / static_cast<double>(n);
}

SizeDistribution distribution(const stability::Sets& sets) {
  SizeDistribution d;
  const double M = static_cast<double>(sets.size());
  std::map<std::size_t, std::size_t> hist;
  d.min = sets.empty() ? 0 : sets[0].size();
  for (const auto& s : sets) {
    d.mean += static_cast<double>(s.size());
    d.min = std::min(d.min, s.size());
    d.max = std::max(d.max, s.size());
    ++hist[s.size()];
  }
  d.mean /= M;
  for (const auto& s : sets)
    d.sd += (static_cast<double>(s.size()) - d.mean) * (static_cast<double>(s.size()) - d.mean);
  d.sd = std::sqrt(d.sd / M);
  d.histogram.assign(hist.begin(), hist.end());
  return d;
}

// Means of the metrics over the runs, for the labels every run evaluated (in run 0's order).
std::optional<Evaluation> mean_evaluation(const std::vector<Run>& runs) {
  if (runs.empty() || !runs[0].evaluation) return std::nullopt;
  Evaluation ev;
  ev.significance = runs[0].evaluation->significance;
  ev.pvalue = runs[0].evaluation->pvalue;
  ev.n_runs = runs.size();
  for (const SubsetEvaluation& first : runs[0].evaluation->subsets) {
    std::vector<const SubsetEvaluation*> same;
    for (const Run& run : runs) {
      if (!run.evaluation) break;
      for (const SubsetEvaluation& e : run.evaluation->subsets)
        if (e.label == first.label) {
          same.push_back(&e);
          break;
        }
    }
    if (same.size() != runs.size()) continue;
    SubsetEvaluation m;
    m.label = first.label;
    const double M = static_cast<double>(same.size());
    for (const SubsetEvaluation* e : same) {
      m.n_features += e->n_features / M;
      m.svm_accuracy += e->svm_accuracy / M;
      const ConformalMetrics& c = e->metrics;
      ConformalMetrics& t = m.metrics;
      t.coverage += c.coverage / M;
      t.inefficiency += c.inefficiency / M;
      t.certainty += c.certainty / M;
      t.uncertainty += c.uncertainty / M;
      t.mistrust += c.mistrust / M;
      t.credibility += c.credibility / M;
      t.confidence += c.confidence / M;
      t.s_score += c.s_score / M;
      t.fuzziness += c.fuzziness / M;
      t.pvalue_accuracy += c.pvalue_accuracy / M;
    }
    ev.subsets.push_back(std::move(m));
  }
  return ev;
}

}  // namespace

void combine_runs(Result& r, std::size_t p) {
  const std::vector<Run>& runs = r.runs;
  const std::size_t M = runs.size();
  const Options& o = r.options;

  // Consensus table: mean rank (ties to the lower index), majority selection, frequencies, mean scores.
  std::vector<double> mean_rank(p, 0.0);
  r.features.assign(p, FeatureResult{});
  for (std::size_t j = 0; j < p; ++j) {
    std::size_t chosen = 0;
    std::vector<std::optional<double>> initial, at_removal;
    bool constant = false;
    for (const Run& run : runs) {
      const FeatureResult& f = run.features[j];
      mean_rank[j] += static_cast<double>(f.rank) / static_cast<double>(M);
      chosen += f.selected;
      initial.push_back(f.score_initial);
      at_removal.push_back(f.score_at_removal);
      constant = constant || f.constant;
    }
    FeatureResult& f = r.features[j];
    f.selection_frequency = static_cast<double>(chosen) / static_cast<double>(M);
    f.selected = 2 * chosen > M;
    f.mean_rank = mean_rank[j];
    f.score_initial = mean_of_defined(initial);
    f.score_at_removal = mean_of_defined(at_removal);
    f.constant = constant;
  }
  r.ranking.resize(p);
  std::iota(r.ranking.begin(), r.ranking.end(), std::size_t{0});
  std::stable_sort(r.ranking.begin(), r.ranking.end(), [&](std::size_t a, std::size_t b) {
    if (mean_rank[a] != mean_rank[b]) return mean_rank[a] < mean_rank[b];
    return a < b;
  });
  for (std::size_t q = 0; q < p; ++q) r.features[r.ranking[q]].rank = q + 1;
  r.selected.clear();
  for (std::size_t j = 0; j < p; ++j)
    if (r.features[j].selected) r.selected.push_back(j);
  r.evaluation = mean_evaluation(runs);

  // Stability of the top-k sets and of the selected sets.
  std::vector<std::size_t> sizes = o.stability_sizes;
  if (sizes.empty()) {
    sizes.resize(p);
    std::iota(sizes.begin(), sizes.end(), std::size_t{1});
  }
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  Stability st;
  for (std::size_t k : sizes) {
    stability::Sets sets;
    for (const Run& run : runs) sets.push_back(top_k(run.ranking, k));
    st.per_size.emplace_back(k, stability::stability(sets, p, o.iw_variant));
  }
  stability::Sets selected;
  for (const Run& run : runs) selected.push_back(run.selected);
  st.selected = stability::stability(selected, p, o.iw_variant);
  st.sizes = distribution(selected);
  r.stability = std::move(st);

  // CRFE against RFE on the same splits: pairwise Jaccard and Kuncheva per run, I_W over the 2M pooled sets.
  if (r.rfe_runs.size() == M) {
    for (std::size_t k : sizes) {
      SimilarityAtSize sim;
      sim.k = k;
      stability::Sets pooled;
      double kun = 0.0;
      bool kun_defined = true;
      for (std::size_t rep = 0; rep < M; ++rep) {
        const auto a = top_k(runs[rep].ranking, k);
        const auto b = top_k(r.rfe_runs[rep].ranking, k);
        sim.jaccard += stability::jaccard_multi({a, b}, p) / static_cast<double>(M);
        const std::optional<double> kp = stability::kuncheva_pair(a, b, p);
        if (kp)
          kun += *kp / static_cast<double>(M);
        else
          kun_defined = false;
        pooled.push_back(a);
        pooled.push_back(b);
      }
      if (kun_defined) sim.kuncheva = kun;
      sim.iw = o.iw_variant == stability::IwVariant::reference
                   ? stability::weighted_iw(pooled, p, o.iw_variant, M + 1, M)
                   : stability::weighted_iw(pooled, p, o.iw_variant);
      r.similarity.push_back(sim);
    }
  }
}

}  // namespace featrel::crfe::detail
