// Shared statistics: distributions, prediction intervals, multiple-testing corrections, descriptive summaries.
//
// One implementation of each statistical building block the methods share (docs/architecture.md#shared-components), so that FRI's
// probe thresholds, SFC's shadow and score intervals and Boruta's binomial tests all compute the same numbers the
// same way. Quantiles and tail probabilities come from Boost.Math; everything else is a few lines written out so
// its conventions (which SD divisor, which percentile rule, how BH breaks ties) are visible and tested against the
// specs' reference values. Bad arguments raise featrel::InputError; nothing here prints or aborts.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace featrel::stats {

// ---- distributions (Boost.Math) -------------------------------------------------------------------------------

// Quantile of Student's t with `df` > 0 degrees of freedom at probability p ∈ (0, 1). Upper quantiles are taken
// through the complement (1 − p is exact for p near 1), which keeps t_{49}⁻¹(1 − 10⁻⁶) accurate to the last digit.
double student_t_quantile(double df, double p);
// Quantile of the standard normal at p ∈ (0, 1).
double normal_quantile(double p);

// Exact binomial tails for Bin(n, p), n ≥ 0, p ∈ [0, 1]: P(X ≥ k) and P(X ≤ k). k outside [0, n] gives 0 or 1.
// Boruta's tests (docs/boruta.md#the-boruta-loop): p_acc = binomial_upper_tail(hits, k, 0.5),
// p_rej = binomial_lower_tail(hits, k, 0.5).
double binomial_upper_tail(int k, int n, double p);
double binomial_lower_tail(int k, int n, double p);
// P(X ≥ k) for X ~ BetaBinomial(n, a, b), a binomial count whose success probability is Beta(a, b), a, b > 0.
// The number of n new exchangeable draws above the k-th smallest of α is BetaBinomial(n, α + 1 − k, k): SFC's
// borderline count (docs/boruta.md#borderline-features).
double beta_binomial_upper_tail(int k, int n, double a, double b);

// ---- descriptive ----------------------------------------------------------------------------------------------

// Which divisor an SD uses: n − 1 (`sample`, ddof 1) or n (`population`, ddof 0). The methods differ on purpose
// (FRI sample, SFC population), so there is never a default.
enum class SdKind { sample, population };

// Arithmetic mean; InputError when empty.
double mean(const std::vector<double>& values);
// Standard deviation with the given divisor; InputError for fewer than 2 values (sample) or none (population).
double sd(const std::vector<double>& values, SdKind kind);
// Median = percentile_linear(values, 50) (the mean of the two middle values for an even count).
double median(std::vector<double> values);
// numpy's default `linear` percentile: sort v₀ ≤ … ≤ v_{n−1}, r = perc/100·(n−1),
// result v_⌊r⌋ + (r − ⌊r⌋)(v_⌊r⌋+1 − v_⌊r⌋). perc ∈ [0, 100]; 100 gives the maximum. InputError when empty.
double percentile_linear(std::vector<double> values, double perc);
// Pearson correlation of columns a and b (n values each) over the rows where both are present (not NaN); 0 when
// fewer than 3 such rows or either side is constant there.
double pearson_complete(const double* a, const double* b, std::size_t n);
// 1-based ranks in ascending order, tied values sharing their average rank (R's rank(), scipy's rankdata).
// Used for Mann–Whitney AUC and Boruta's ranking. NaN values are an InputError.
std::vector<double> average_ranks(const std::vector<double>& values);

// ---- prediction intervals (docs/fri.md#probes-and-thresholds, docs/boruta.md#sfc-steps) ----------------------------------------------------------------

// Which bounds are finite. `two` uses the same per-tail t on both sides: each tail has probability `tail`
// (sfc: "fpr = 1e-6 (p in each tail)"), so a two-sided interval at tail τ covers 1 − 2τ.
enum class Sides { upper, lower, two };

struct PredictionInterval {
  double mean;   // of the reference values
  double sd;     // with the requested divisor
  double t;      // t_{n−1}⁻¹(1 − tail)
  double lower;  // −inf when sides = upper
  double upper;  // +inf when sides = lower
};

// Interval for the mean of n_new further values drawn like `values` (n = values.size() ≥ 2):
//   mean ± t_{n−1}⁻¹(1 − tail) · s · √(1/n_new + 1/n).
// n_new = 1 gives the usual √(1 + 1/n) of one new value; SFC's `--test-repeats r` passes n_new = r (the mean of
// r new values). tail ∈ (0, 0.5]; n_new > 0; values must be finite. Otherwise InputError.
PredictionInterval prediction_interval(const std::vector<double>& values, double tail, SdKind sd, Sides sides,
                                       double n_new = 1);

// ---- multiple testing (docs/boruta.md#the-boruta-loop) ------------------------------------------------------------------------------

// Benjamini–Hochberg step-up at level α ∈ (0, 1] over m = p.size() tests: sort ascending (stable, so ties keep
// input order), find the largest i with p₍ᵢ₎ ≤ i·α/m, and mark the first i. Result in input order. Because the
// largest such i never splits a run of tied values, tied p-values are always decided together.
// p-values must lie in [0, 1] (NaN is an InputError). Empty input gives an empty result.
std::vector<bool> benjamini_hochberg(const std::vector<double>& p, double alpha);
// BH-adjusted p-values (q-values): q₍ᵢ₎ = min_{j ≥ i} min(1, m·p₍ⱼ₎/j), in input order;
// benjamini_hochberg(p, α)[i] == (bh_adjusted(p)[i] ≤ α) up to rounding.
std::vector<double> bh_adjusted(const std::vector<double>& p);
// Bonferroni: p ≤ α/m with m = p.size() when m is 0. Boruta's `two_step=false` test passes m = d (all features).
std::vector<bool> bonferroni(const std::vector<double>& p, double alpha, std::size_t m = 0);

// Family-wise corrections of a family of m tests (SFC's paired tests): Bonferroni judges every test at α/m; Holm's
// step-down judges the i-th smallest p-value at α/(m − i + 1) and stops at the first that fails, so it rejects
// everything Bonferroni rejects, and more, at the same family-wise level under any dependence.
enum class Correction { holm, bonferroni };
// Adjusted p-values in input order, so that a test is rejected at level α iff its adjusted p ≤ α. Bonferroni:
// min(1, m·p). Holm: p̃₍ᵢ₎ = max_{k ≤ i} min(1, (m − k + 1)·p₍ₖ₎) over the ascending order (stable). m = p.size()
// when 0; a larger m counts tests whose p-values are not given (they are taken as the largest). p-values must
// lie in [0, 1] (NaN is an InputError); m < p.size() is an InputError.
std::vector<double> adjusted_p_values(const std::vector<double>& p, Correction correction, std::size_t m = 0);

// ---- option spellings -----------------------------------------------------------------------------------------

// "sample" / "population" and "upper" / "lower" / "two", the spellings of `--sd` and `--sided`; from_string
// raises InputError naming the accepted values.
std::string_view to_string(SdKind kind);
std::string_view to_string(Sides sides);
SdKind sd_kind_from_string(std::string_view s);
Sides sides_from_string(std::string_view s);

}  // namespace featrel::stats
