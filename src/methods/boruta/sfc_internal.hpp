// Internals of the SFC files: the rows fits train and score on, the forest-backed fit provider, the seed paths of
// docs/boruta.md#sfc-steps, and the null-interval and strong-test steps.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "featrel/forest.hpp"
#include "featrel/sfc.hpp"
#include "featrel/task_plan.hpp"

namespace featrel::sfc::detail {

// Rows SFC's fits train on (empty = all) and rows their scores are computed on (empty = the training rows).
struct ScoreRows {
  std::vector<std::size_t> train;
  std::vector<std::size_t> score;
};

// `holdout`: one stratified split (regression: a plain random split) with seed derive(seed, 10); ⌈f·n⌉ rows held
// out. InputError when a class has no row in either part. Other score kinds: all rows.
ScoreRows score_rows(const Dataset& data, const Options& o, std::uint64_t seed);

// SFC's fits on the forest of docs/boruta.md#the-random-forest (one thread each: they run as parallel tasks). A query without columns is the
// constant model (majority class of the training rows; the training mean for regression).
FitProvider forest_fits(const forest::BinnedData& bins, const forest::Target& target, const Options& o,
                        const ScoreRows& rows, std::size_t test_min_leaf);

// The unscored shadow-null fits `nulls` at once (forest::last_column_importances): entry s is
// forest_fits(...)(nulls[s]).importance.back() to the bit. nullopt when they cannot share trees: scored nulls
// (--null-matrix all), fresh seeds, node sampling or the XGBoost engine. Nulls with equal fit seeds share trees.
std::optional<std::vector<double>> shared_shadow_importances(const forest::BinnedData& bins,
                                                             const forest::Target& target, const Options& o,
                                                             const ScoreRows& rows,
                                                             const std::vector<FitQuery>& nulls, unsigned threads);

// What every fit of a run shares: the options with their automatic settings resolved (min_leaf auto becomes a
// number for the rows the fits train on), and those rows. InputError when the data cannot carry the forest.
struct FitSetup {
  Options o;
  ScoreRows rows;
  forest::LeafSize leaf;       // the fits on all columns: Boruta step, importance model, shadow null
  forest::LeafSize test_leaf;  // the fits on V: score null, tests, partner and cluster tests
};
FitSetup fit_setup(const Dataset& data, const Options& options, std::uint64_t seed);

// How a pool of fits may leave the process: the run's own options and seed (a worker rebuilds the fits from them)
// and the data's shape; options null for a scripted FitProvider, whose fits only run here.
struct FitPlan {
  const Options* options = nullptr;
  std::uint64_t seed = 0;
  std::size_t n_columns = 0, n_rows = 0;
};

// One pool of independent fits, in query order: through ctx.plan_executor as the task plan "sfc.fits" when one is
// set and the plan allows it, otherwise on the run's threads.
std::vector<FitOutcome> run_fits(const std::vector<FitQuery>& queries, const FitProvider& fits, const FitPlan& plan,
                                 const RunContext& ctx, std::string_view stage);

// Answers one task of an "sfc.fits" plan with `fits`: {"outcomes": [{"importance", "score"}, …]} in query order.
TaskPlan::Json answer_block(const TaskPlan::Json& task, const FitProvider& fits, std::size_t n_columns,
                            std::size_t n_rows, const RunContext& ctx);

// Leaves a tree's sampled rows should hold in the fits on V under min_leaf auto (forest::resolve_min_leaf;
// docs/boruta.md, row 20): 20 rows per leaf would leave a tree on 94 of 150 rows 4 leaves; at n >= 633 the rule
// keeps 20. The fits on all columns keep 20 rows: there deeper trees only add noise splits, at d times the cost.
inline constexpr std::size_t kLeavesPerTree = 20;

// Seeds (docs/boruta.md#sfc-steps and its options): the null forests' and the test forests' fit seeds.
std::uint64_t null_fit_seed(const Options& o, std::uint64_t seed, std::size_t s);
// The shadow nulls' forest seeds (step 3). M compares imp_j from the importance model, whose forest seed is its own,
// with the shadows' importances, so the shadow null must vary the forest seed too: sample s gets seed
// derive(seed, 5, 1 + (s − 1) mod kShadowSeedGroups) (fresh: derive(seed, 5, s)); a group of nulls with one seed
// still shares its trees. With --null-matrix all the shadow nulls are the score nulls and keep null_fit_seed.
inline constexpr std::size_t kShadowSeedGroups = 10;
std::uint64_t shadow_fit_seed(const Options& o, std::uint64_t seed, std::size_t s);
std::uint64_t test_fit_seed(const Options& o, std::uint64_t seed, std::size_t j, std::size_t r);
// The permutation seed of test j, repeat r: derive(seed, 7, j), and derive(seed, 7, j, r) for r ≥ 1.
std::uint64_t test_permutation_seed(std::uint64_t seed, std::size_t j, std::size_t r);

// A null sample's query: column c_s drawn uniformly from `pool` and a permutation of n rows, both from one stream
// seeded with `stream_seed`; the design is `base` followed by the permuted c_s.
FitQuery null_query(FitKind kind, std::size_t s, const std::vector<std::size_t>& base,
                    const std::vector<std::size_t>& pool, std::size_t n, std::uint64_t stream_seed,
                    std::uint64_t fit_seed);

// The interval of null values (both bounds; `sides` names the ones the decision uses) with t_{α−1}⁻¹(1 − fpr),
// its half-width using max(σ, sd_floor).
Interval null_interval(const std::vector<double>& values, const Options& o, stats::Sides sides,
                       const std::string& matrix, double n_new, double sd_floor = 0.0);
// The paired tests' score interval (step 6): mean ± t·max(σ, sd_floor)·√(1 + 1/r), with t for the tail
// test_alpha/m per side (halved with sided two), m = max(1, tests): a test compares the mean of r perturbed
// fits with one unperturbed baseline, which under the null is one more draw of the same spread.
Interval paired_score_interval(const std::vector<double>& values, const Options& o, const std::string& matrix,
                               double sd_floor, std::size_t tests);

// Γ's interval (docs/boruta.md#sfc-steps step 4) from the shadow importances γ_s, on the scale of
// `shadow_scale`: under cube-root the t interval of the cube roots, its bounds cubed back into importance units.
Interval shadow_null_interval(const std::vector<double>& importances, const Options& o);

// The score's resolution on the scored rows (the score interval's SD floor): 1/n_score for accuracy (one row) and
// for R² (one row's average share of the total sum of squares), mean|y − ȳ|/n_score for mae.
double score_resolution(const Dataset& data, const Options& o, const ScoreRows& rows);

// A test's scale in units of σ: √(1/r + 1/α) for the mean of r new draws against the mean of α null draws (the
// paper's), √(1 + 1/r) when paired with one unperturbed baseline, which under the null is one more draw.
double test_width_factor(bool paired, double r, double alpha);

// One tested feature's verdict from the mean of its test scores against the score interval.
struct TestVerdict {
  bool strong = false;
  std::optional<double> statistic;  // (score − mean)/(sd_used·w), w as the interval's; null when sd_used = 0
  std::optional<double> p_value;    // Student-t with α − 1 df: lower tail, or both tails under `two`
};
TestVerdict strong_test(double score, const Interval& interval, const Options& o);
// The run's m paired tests (strong, partner, cluster) as one family (docs/boruta.md#sfc-steps step 7): sets each
// test's adjusted p-value (o.test_correction over m), and under Holm calls strong (tested features) or weak
// (candidates) every test whose adjusted p is within test_alpha and whose score fell below its baseline, in
// addition to those strong_test's first-step (Bonferroni) interval already called. Rebuilds partners_added and
// clusters_added in candidate order.
void adjust_tests(Result& r, std::size_t m, const Options& o);

// Step 8's candidates: every non-constant feature outside V whose |r| (pearson_complete) with some member of V is at
// least min_r, in column order, with those members (its partners) and its design (V without them, the candidate in
// their place, in column order).
struct PartnerCandidate {
  std::size_t feature = 0;
  std::vector<std::size_t> partners;
  std::vector<std::size_t> peers;  // step 8b: the features outside V it correlates with; partners then empty
  double correlation = 0.0;  // the largest |r| with a partner (8b: with a peer)
  std::vector<std::size_t> design;
};
std::vector<PartnerCandidate> partner_candidates(const Eigen::MatrixXd& X, const std::vector<std::size_t>& V,
                                                 const std::vector<bool>& constant, double min_r);

// For each of `columns` of X, the positions in `columns` of the others whose |r| (pearson_complete) is at least
// min_r, ascending, and the largest such |r| (0 when none). Complete columns are screened by one matrix product
// of standardised columns per block and every pair found is confirmed by pearson_complete; a column with missing
// values is compared pair by pair.
struct CorrelatedPairs {
  std::vector<std::vector<std::size_t>> peers;
  std::vector<double> largest;
};
CorrelatedPairs correlated_pairs(const Eigen::MatrixXd& X, const std::vector<std::size_t>& columns, double min_r);

// Features outside V searched by step 8b at most: the pairwise correlations cost pool²·n.
inline constexpr std::size_t kClusterPool = 2000;

// Step 8b's candidates: the pool is the non-constant features outside V, ranked by `priority` (higher first,
// then column order) and cut at max_pool; a member of the pool that is not a partner candidate and has |r| >= min_r
// with another member qualifies. The max_tests qualifying features ranked first are the candidates, in column
// order, each with its peers (in column order), no partners, and its design V ∪ {it}.
// With copy_r > 0, one feature per group of near copies among the qualified (|r| >= copy_r; the one with the largest
// priority) is tested and the others are `represented`: they follow its class through step 8c. The cap then applies
// to the representatives.
struct ClusterSearch {
  std::vector<PartnerCandidate> candidates;
  std::size_t pool = 0, qualified = 0, represented = 0;
};
ClusterSearch cluster_candidates(const Eigen::MatrixXd& X, const std::vector<std::size_t>& V,
                                 const std::vector<bool>& constant, const std::vector<PartnerCandidate>& partners,
                                 const std::vector<double>& priority, double min_r, std::size_t max_tests,
                                 std::size_t max_pool = kClusterPool, double copy_r = 0.0);

// Steps 8 and 8b on a run whose steps 1–7 are done (r.relevant, r.score_interval set): tests `candidates`
// (partner_candidates on V, then cluster candidates) with the test
// forest seeds, each paired with its design's own unperturbed baseline, and gives those found relevant class 1.
// Returns the number of fits.
std::size_t partner_step(const Dataset& data, const std::vector<PartnerCandidate>& candidates, const Options& o,
                         std::uint64_t seed, const FitProvider& fits, const FitPlan& plan, const RunContext& ctx,
                         Result& r);
// |r| of columns a and b (pearson_complete) when it is at least min_r over at least 10 rows both have (a near copy,
// step 8c), else nullopt.
std::optional<double> near_copy_correlation(const Eigen::MatrixXd& X, std::size_t a, std::size_t b, double min_r);
// Step 8c, after adjust_tests: features of class 0 (not constant) with |r| >= min_r to a relevant feature, and copies
// of those, become weak (near_copy, copies_added); a strong feature with such a copy among the relevant ones becomes
// weak (copies_demoted). min_r 0: nothing.
void copy_step(const Dataset& data, const std::vector<bool>& constant, double min_r, Result& r);
// After adjust_tests: the warning `partner_copies_irrelevant` for near-exact copies of members of V (|r| >= 0.99)
// whose partner tests were not significant.
void partner_copies_warning(const Dataset& data, Result& r);

// The borderline bound (docs/boruta.md#borderline-features), without its counts: the ⌈(1 − kBorderlineTail)(α + 1)⌉-th
// smallest shadow importance. nullopt when Γ's own tail is no smaller, or the null is sparse, constant or has
// fewer than 19 samples.
std::optional<BorderlineBound> borderline_bound(const std::vector<double>& shadow_importances, const Options& o,
                                                bool sparse_null);
// When every class is known: flags the non-constant features of class 0 whose importance exceeds r.borderline,
// fills its counts, and warns `borderline_features` when chance puts so many there with probability <= 5 %.
void mark_borderline(const Dataset& data, Result& r);

}  // namespace featrel::sfc::detail
