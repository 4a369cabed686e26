// featrel::fri::detail::probe_range (probes.cpp, docs/fri.md#probes-and-thresholds): a refitted probe's upper and
// lower values are the same whether one of its two bound LPs is skipped on a certificate or both are solved, for
// all three tasks on data wider than tall; the skip happens (fewer LPs), and only for probes the refit leaves at 0.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "featrel/rng.hpp"
#include "fri_test_data.hpp"
#include "methods/fri/fri_internal.hpp"

namespace {

namespace detail = featrel::fri::detail;
using featrel::LpSense;
using featrel::LpSvm;
using featrel::fri::Options;
using featrel::fri::PhaseStats;

featrel::gen::RelevanceOptions wide(const std::string& task) { return fri_test::wide(task, 60, 150); }

// Probe k's column as the run draws it (the source column itself does not matter here, only that the probe is
// a permuted real column).
std::vector<double> probe_column(const detail::Problem& pb, int k) {
  featrel::rng::Rng g(featrel::rng::derive(pb.seed, "probe", static_cast<std::uint64_t>(k)));
  const int source = pb.active[static_cast<std::size_t>(k * 7) % pb.active.size()];
  return detail::permuted_column(pb, source, g.permutation(static_cast<std::size_t>(pb.n())));
}

class FriProbeRange : public ::testing::TestWithParam<std::string> {};

TEST_P(FriProbeRange, SkippingASideChangesNoProbeValue) {
  for (std::uint64_t seed : {1u, 2u}) {
    const featrel::Dataset data = fri_test::generated(wide(GetParam()), seed);
    Options options;
    options.n_probes = 10;
    const auto prepared = detail::prepare(data, options, seed);
    std::vector<PhaseStats> phases(detail::kPhaseCount);
    const detail::Problem& pb = prepared->problems.at(0);
    const Options& o = prepared->o;
    const detail::FittedProblem fp = detail::fit_problem(pb, o, fri_test::context(seed), phases);
    const detail::Fit& fit = fp.fit;
    LpSvm fast = detail::make_lp(pb, o, fit.epsilon);
    LpSvm plain = detail::make_lp(pb, o, fit.epsilon);
    int at_zero = 0;
    long fast_lps = 0, plain_lps = 0;
    for (int k = 0; k < 30; ++k) {
      const std::vector<double> z = probe_column(pb, k);
      double values[2][2];  // [fast, plain][upper, lower]
      for (LpSvm* lp : {&fast, &plain}) {
        if (lp->has_probe())
          lp->replace_probe_column(z);
        else
          lp->append_probe_column(z);
        const featrel::LpModelFit refit = lp->fit_baseline(fit.C, fit.basis);
        const featrel::LpBasis from = lp->save_basis();
        const featrel::fri::ModelClass mc = detail::model_class_of(refit, pb, o);
        lp->set_budget(mc.mu, mc.rho);
        const long before = lp->counters().lp_solves;
        detail::SignedRange r;
        if (lp == &fast) {
          r = detail::probe_range(*lp, mc, from, refit.probe_weight);
          fast_lps += lp->counters().lp_solves - before;
          at_zero += refit.probe_weight == 0.0;
        } else {
          r.a = lp->bound_probe(LpSense::minimize, from).objective;
          r.b = lp->bound_probe(LpSense::maximize, from).objective;
          plain_lps += lp->counters().lp_solves - before;
        }
        const featrel::fri::FeatureResult iv = detail::interval_of(r, refit.l1_norm, 0.0, detail::zero_tolerance(o));
        values[lp == &fast ? 0 : 1][0] = iv.upper;
        values[lp == &fast ? 0 : 1][1] = iv.lower;
      }
      // Both LPs of a side start from the same basis; 1e-12 leaves room for CLP's state between solves.
      EXPECT_NEAR(values[0][0], values[1][0], 1e-12) << "seed " << seed << ", probe " << k;
      EXPECT_NEAR(values[0][1], values[1][1], 1e-12) << "seed " << seed << ", probe " << k;
    }
    EXPECT_EQ(plain_lps, 60);
    EXPECT_GE(at_zero, 10) << "seed " << seed;
    // Some side was skipped, never more than one per probe left at 0.
    EXPECT_LT(fast_lps, plain_lps) << "seed " << seed;
    EXPECT_GE(fast_lps, plain_lps - at_zero) << "seed " << seed;
  }
}

INSTANTIATE_TEST_SUITE_P(Tasks, FriProbeRange, ::testing::Values("classification", "regression", "ordinal"));

}  // namespace
