// SFC step 8, partners (docs/boruta.md#sfc-steps): a feature outside V that correlates strongly with members of V
// may carry their information although Boruta and M missed it: a forest splits a group of near-copies' importance
// among them, and a 10 % column draw rarely meets the partners an interaction needs. It is weakly relevant when it
// carries information V lacks without those members: destroying it in V \ partners ∪ {it} lowers the score below
// the score interval, judged against its own design's unperturbed forest as the strong tests are. Step 8b's
// cluster candidates (sfc_clusters.cpp) are tested the same way, on V with them added.
#include <algorithm>
#include <cmath>

#include "featrel/format.hpp"
#include "featrel/rng.hpp"
#include "methods/boruta/sfc_internal.hpp"

namespace featrel::sfc::detail {

std::vector<PartnerCandidate> partner_candidates(const Eigen::MatrixXd& X, const std::vector<std::size_t>& V,
                                                 const std::vector<bool>& constant, double min_r) {
  std::vector<PartnerCandidate> out;
  if (min_r <= 0.0 || V.empty()) return out;
  const std::size_t n = static_cast<std::size_t>(X.rows()), d = static_cast<std::size_t>(X.cols());
  std::vector<bool> in_v(d, false);
  for (std::size_t j : V) in_v[j] = true;
  for (std::size_t k = 0; k < d; ++k) {
    if (in_v[k] || constant[k]) continue;
    PartnerCandidate c;
    c.feature = k;
    for (std::size_t j : V) {
      const double r = std::abs(stats::pearson_complete(X.col(static_cast<Eigen::Index>(k)).data(),
                                                        X.col(static_cast<Eigen::Index>(j)).data(), n));
      if (r >= min_r) {
        c.partners.push_back(j);
        c.correlation = std::max(c.correlation, r);
      }
    }
    if (c.partners.empty()) continue;
    for (std::size_t j : V)
      if (!std::binary_search(c.partners.begin(), c.partners.end(), j)) c.design.push_back(j);
    c.design.insert(std::upper_bound(c.design.begin(), c.design.end(), k), k);
    out.push_back(std::move(c));
  }
  return out;
}

std::size_t partner_step(const Dataset& data, const std::vector<PartnerCandidate>& cands, const Options& o,
                         std::uint64_t seed, const FitProvider& fits, const FitPlan& plan, const RunContext& ctx,
                         Result& r) {
  if (cands.empty()) return 0;
  const std::size_t n = data.n_samples(), reps = static_cast<std::size_t>(o.test_repeats);
  // Per candidate: its test repeats, then one baseline per distinct test forest seed (one under fixed and shared).
  std::vector<FitQuery> qs;
  std::vector<std::size_t> first(cands.size()), n_base(cands.size());
  for (std::size_t c = 0; c < cands.size(); ++c) {
    const PartnerCandidate& pc = cands[c];
    const std::size_t k = pc.feature;
    const std::size_t pos = static_cast<std::size_t>(
        std::find(pc.design.begin(), pc.design.end(), k) - pc.design.begin());
    first[c] = qs.size();
    std::vector<std::uint64_t> seeds;
    for (std::size_t rep = 0; rep < reps; ++rep) {
      FitQuery q;
      q.kind = FitKind::partner_test;
      q.sample = k;
      q.repeat = rep;
      q.fit_seed = test_fit_seed(o, seed, k, rep);
      if (o.perturbation == Perturbation::permute) {
        q.columns = pc.design;
        q.permuted = pos;
        rng::Rng pr(test_permutation_seed(seed, k, rep));
        q.permutation = pr.permutation(n);
      } else {
        for (std::size_t j : pc.design)
          if (j != k) q.columns.push_back(j);
      }
      if (std::find(seeds.begin(), seeds.end(), q.fit_seed) == seeds.end()) seeds.push_back(q.fit_seed);
      qs.push_back(std::move(q));
    }
    for (std::size_t b = 0; b < seeds.size(); ++b) {
      FitQuery q;
      q.kind = FitKind::partner_baseline;
      q.sample = k;
      q.repeat = b;
      q.columns = pc.design;
      q.fit_seed = seeds[b];
      qs.push_back(std::move(q));
    }
    n_base[c] = seeds.size();
  }
  const std::vector<FitOutcome> out = run_fits(qs, fits, plan, ctx, "sfc: partners");
  const Interval& iv = *r.score_interval;
  for (std::size_t c = 0; c < cands.size(); ++c) {
    const PartnerCandidate& pc = cands[c];
    const std::size_t b0 = first[c] + reps;
    double sum = 0.0, base = 0.0;
    for (std::size_t rep = 0; rep < reps; ++rep) {
      sum += out[first[c] + rep].score;
      for (std::size_t b = 0; b < n_base[c]; ++b)
        if (qs[b0 + b].fit_seed == qs[first[c] + rep].fit_seed) base += out[b0 + b].score;
    }
    PartnerTest t;
    t.partners = pc.partners;
    t.peers = pc.peers;
    t.correlation = pc.correlation;
    t.score = sum / static_cast<double>(reps);
    t.baseline_score = base / static_cast<double>(reps);
    // Paired with its own design's forest, as the strong tests (step 7); only a lower score is evidence.
    const TestVerdict v = strong_test(iv.mean + (t.score - t.baseline_score), iv, o);
    t.statistic = v.statistic;
    t.p_value = v.p_value;
    t.relevant = v.strong && t.score < t.baseline_score;
    FeatureResult& f = r.features[pc.feature];
    const bool cluster = pc.partners.empty();  // step 8b
    (cluster ? r.cluster_candidates : r.partner_candidates).push_back(pc.feature);
    if (t.relevant) {
      f.cls = 1;
      (cluster ? r.clusters_added : r.partners_added).push_back(pc.feature);
    }
    f.partner_test = std::move(t);
  }
  return qs.size();
}

void partner_copies_warning(const Dataset& data, Result& r) {
  // A near-exact copy of a relevant feature that its test could not show relevant contradicts its partners' class:
  // said out loud, with how to read it.
  std::string copies;
  std::size_t n_copies = 0;
  for (std::size_t k : r.partner_candidates) {
    const PartnerTest& t = *r.features[k].partner_test;
    if (t.relevant || r.features[k].cls > 0 || t.correlation < kNearCopyCorrelation || t.partners.empty())
      continue;
    if (++n_copies <= 5) copies += (copies.empty() ? "" : ", ") + data.feature_names[k];
  }
  if (n_copies > 0)
    r.warnings.push_back("partner_copies_irrelevant: " + std::to_string(n_copies) + " feature(s) (" + copies +
                         (n_copies > 5 ? ", ..." : "") + ") nearly copy relevant features (|r| >= " +
                         format_number(kNearCopyCorrelation) +
                         ") but their partner tests did not show their information (the score moved less than the "
                         "null's spread), and copy_correlation does not make them weak, so they are reported "
                         "irrelevant; read each as a member of its partners' group, or confirm with --test-repeats or "
                         "more rows");
}

}  // namespace featrel::sfc::detail
