// The paper's Metropolis–Hastings sampler over feature sets (docs/ubayfs.md#mh-sampler): an independence chain whose
// proposal is Algorithm 1, with the proposal mass estimated from a separate sample, targeting the paper-era
// posterior ln π(δ) = Σ_j (α°_j − 1)·ln(δ_j + η) + Σ_k ln φ_k^paper(δ). Reports the most frequent states (MAP) and
// posterior inclusion frequencies. Chains and proposal draws have their own derived seeds, so the outcome does
// not depend on the thread count.
#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

#include "featrel/thread_pool.hpp"
#include "objective.hpp"

namespace featrel::ubayfs::detail {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

double mh_log_pi(const Compiled& target, const State& state, double eta) {
  const double log_adm = state.log_admissibility();
  if (log_adm == -kInf) return -kInf;
  double base = 0;
  for (double a : target.alpha_post) base += (a - 1.0) * std::log(eta);
  const double gain = std::log1p(eta) - std::log(eta);
  return base + (state.alpha_sum() - static_cast<double>(state.cardinality())) * gain + log_adm;
}

MhOutcome optimise_mh(const Compiled& target, const MhSettings& st, const RunContext& ctx) {
  const std::size_t Q = static_cast<std::size_t>(st.chains), T = static_cast<std::size_t>(st.steps);
  const std::size_t draws = Q * T;
  // The proposal's mass: count(δ)/(qT) + 0.1/(qT) over a separate sample of qT draws.
  std::vector<std::vector<std::uint8_t>> sample(draws);
  parallel_for(
      draws,
      [&](std::size_t i) {
        rng::Rng r(rng::derive(st.seed, "mh-g", i));
        sample[i] = algorithm1(target, r, st.init_rule, st.whole_components);
      },
      ctx, "mh proposal");
  std::unordered_map<std::vector<std::uint8_t>, double, BitsHash> mass;
  for (const auto& b : sample) mass[b] += 1.0;
  const double qt = static_cast<double>(draws);
  auto log_g = [&](const std::vector<std::uint8_t>& b) {
    auto it = mass.find(b);
    const double count = it == mass.end() ? 0.0 : it->second;
    return std::log(count / qt + 0.1 / qt);
  };

  std::vector<std::vector<std::vector<std::uint8_t>>> states(Q);
  std::vector<std::size_t> accepted(Q, 0);
  parallel_for(
      Q,
      [&](std::size_t chain) {
        rng::Rng r(rng::derive(st.seed, "mh", chain));
        State s(target);
        s.assign(algorithm1(target, r, st.init_rule, st.whole_components));
        double lp = mh_log_pi(target, s, st.eta);
        double lg = log_g(s.bits());
        State prop(target);
        auto& out = states[chain];
        out.reserve(T);
        for (std::size_t t = 0; t < T; ++t) {
          prop.assign(algorithm1(target, r, st.init_rule, st.whole_components));
          const double lp2 = mh_log_pi(target, prop, st.eta);
          const double lg2 = log_g(prop.bits());
          bool accept = false;
          if (lp2 > -kInf) {
            if (lp == -kInf) accept = true;
            else accept = std::log(r.uniform()) < (lp2 - lp) + (lg - lg2);
          }
          if (accept) {
            s.assign(prop.bits());
            lp = lp2;
            lg = lg2;  // the proposal density of the new current state (the reference kept the old one)
            ++accepted[chain];
          }
          out.push_back(s.bits());
        }
      },
      ctx, "mh chains");

  MhOutcome o;
  o.inclusion.assign(target.n, 0.0);
  std::unordered_map<std::vector<std::uint8_t>, std::size_t, BitsHash> freq;
  std::size_t total_acc = 0;
  for (std::size_t c = 0; c < Q; ++c) {
    total_acc += accepted[c];
    for (const auto& b : states[c]) {
      ++freq[b];
      for (std::size_t j = 0; j < target.n; ++j) o.inclusion[j] += b[j];
    }
  }
  for (double& v : o.inclusion) v /= qt;
  std::size_t top = 0;
  for (const auto& [b, n] : freq) top = std::max(top, n);
  std::vector<std::vector<std::uint8_t>> maps;
  for (const auto& [b, n] : freq)
    if (n == top) maps.push_back(b);
  std::sort(maps.begin(), maps.end(), [](const auto& a, const auto& b) { return to_indices(a) < to_indices(b); });
  o.map_frequency.assign(maps.size(), static_cast<double>(top) / qt);
  o.found.sets = std::move(maps);
  o.found.evaluations = 2 * draws;
  o.report.chains = st.chains;
  o.report.steps = st.steps;
  o.report.acceptance_rate = static_cast<double>(total_acc) / qt;
  o.report.proposal_sample = draws;
  o.report.distinct_states = freq.size();
  o.report.map_count = top;
  return o;
}

}  // namespace featrel::ubayfs::detail
