// `generate --kind relevance`: docs/generate.md#relevance-generator, which also says how the
// SFC paper's different description of the non-linear variant is resolved, and its LUPI variant
// (docs/generate.md#privileged-lupi-data).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/generate.hpp"
#include "generate/internal.hpp"

namespace featrel::gen {

namespace {

std::string num(double v) { return format_number(v); }

// The options after defaults are applied (partition, sigma), checked against every rule of docs/generate.md#relevance-generator.
struct Resolved {
  std::vector<std::size_t> partition;
  double sigma = 0;
  double privileged_noise = 0;  // c (privileged data only)
  bool classification = false, regression = false, ordinal = false;
};

Resolved validate(const RelevanceOptions& o) {
  Resolved r;
  r.classification = o.task == "classification";
  r.regression = o.task == "regression";
  r.ordinal = o.task == "ordinal";
  if (!r.classification && !r.regression && !r.ordinal)
    throw InputError("--task must be classification, regression or ordinal (got '" + o.task + "')");
  const std::size_t N = o.n_samples, D = o.n_features, S = o.n_strong, W = o.n_weak, R = o.n_repeated;
  if (N < 2) throw InputError("--n-samples = " + std::to_string(N) + " is too small; at least 2 rows are needed");
  if (D < 1) throw InputError("--n-features = 0; at least 1 column is needed");
  if (S + W < 1) throw InputError("--n-strong + --n-weak = 0; at least one relevant column is needed");
  if (S + W + R > D)
    throw InputError("--n-strong + --n-weak + --n-repeated = " + std::to_string(S + W + R) +
                     " exceeds --n-features = " + std::to_string(D));
  if (S == 0 && W < 2)
    throw InputError("--n-weak = " + std::to_string(W) +
                     " with --n-strong = 0; a weak group needs at least 2 columns (raise --n-weak or --n-strong)");
  if (o.nonlinear && !r.classification)
    throw InputError("--nonlinear needs --task classification (got '" + o.task + "')");

  // Partition: the user's, or [W] (none when W = 0), or [2, W - 2] for non-linear data without strong columns
  // (two latent variables are needed to build the XOR-like clusters).
  if (!o.partition.empty()) {
    r.partition = o.partition;
  } else if (W > 0) {
    if (o.nonlinear && S == 0) {
      if (W < 4)
        throw InputError("--nonlinear with --n-strong = 0 splits the weak columns into groups [2, W-2] and needs "
                         "--n-weak >= 4 (got " + std::to_string(W) + ")");
      r.partition = {2, W - 2};
    } else {
      r.partition = {W};
    }
  }
  std::size_t sum = 0;
  for (std::size_t part : r.partition) {
    // arfs_gen accepts a group of one, which is a single copy of its latent variable: strongly, not weakly,
    // relevant. docs/generate.md#relevance-generator forbids it so that the truth stays correct.
    if (part < 2)
      throw InputError("--partition has a group of " + std::to_string(part) +
                       " column; every weak group needs at least 2 columns");
    sum += part;
  }
  if (sum != W)
    throw InputError("--partition sums to " + std::to_string(sum) + " but --n-weak = " + std::to_string(W));
  if (o.nonlinear && S + r.partition.size() < 2)
    throw InputError("--nonlinear needs at least 2 latent variables: --n-strong + number of weak groups = " +
                     std::to_string(S + r.partition.size()));

  // Privileged data: the privileged block is the noise-free construction and --privileged-noise alone sets the
  // normal block's noise, so sigma defaults to 0 and a positive --noise is refused rather than given a second
  // meaning (noise on the privileged block, or added to c). An explicit 0 stays valid: presets set it.
  r.sigma = o.noise.value_or(r.classification && !o.privileged ? 0.1 : 0.0);
  if (!std::isfinite(r.sigma) || r.sigma < 0)
    throw InputError("--noise = " + num(r.sigma) + "; it must be a finite number >= 0");
  if (o.privileged_noise && !o.privileged) throw InputError("--privileged-noise needs --privileged");
  if (o.privileged) {
    if (r.sigma > 0)
      throw InputError("--noise = " + num(r.sigma) +
                       " with --privileged; the privileged block is noise-free and --privileged-noise sets the normal "
                       "block's noise (leave --noise unset or 0)");
    // The XOR-like clusters have no LUPI reference or consumer (the privileged FRI model is linear), and c is
    // calibrated for the linear blocks' scale only.
    if (o.nonlinear) throw InputError("--nonlinear cannot be combined with --privileged (LUPI data are linear)");
    r.privileged_noise = o.privileged_noise.value_or(r.classification ? 0.65 : r.regression ? 0.5 : 0.2);
    if (!std::isfinite(r.privileged_noise) || r.privileged_noise <= 0)
      throw InputError("--privileged-noise = " + num(r.privileged_noise) + "; it must be a finite number > 0");
  }
  if (!std::isfinite(o.target_noise) || o.target_noise < 0)
    throw InputError("--target-noise = " + num(o.target_noise) + "; it must be a finite number >= 0");
  // A target-noise SD, a flip fraction or a level count that the task would silently ignore is an error, so that
  // the truth's params never claim an effect that did not happen.
  if (r.classification && o.target_noise > 0)
    throw InputError("--target-noise applies to --task regression or ordinal only (got 'classification')");
  if (!std::isfinite(o.flip_y) || o.flip_y < 0 || o.flip_y >= 1)
    throw InputError("--flip-y = " + num(o.flip_y) + "; it must lie in [0, 1)");
  if (o.flip_y > 0 && !r.classification)
    throw InputError("--flip-y applies to --task classification only (got '" + o.task + "')");
  if (r.ordinal) {
    if (o.n_levels < 2)
      throw InputError("--n-levels = " + std::to_string(o.n_levels) + "; ordinal data needs at least 2 levels");
    if (o.n_levels > N)
      throw InputError("--n-levels = " + std::to_string(o.n_levels) + " exceeds --n-samples = " +
                       std::to_string(N) + "; every level needs at least one row");
  } else if (o.n_levels != RelevanceOptions{}.n_levels) {
    throw InputError("--n-levels applies to --task ordinal only (got '" + o.task + "')");
  }
  return r;
}

// ⌊f·N⌋ with a guard against the binary representation of decimal fractions (0.29·100 = 28.999999999999996
// must give 29 rows, as the user wrote it); f < 1 keeps the count below N.
std::size_t flip_count(double f, std::size_t N) {
  const double exact = f * static_cast<double>(N);
  const auto k = static_cast<std::size_t>(std::floor(exact + 1e-9 * std::max(1.0, exact)));
  return std::min(k, N - 1);
}

}  // namespace

RelevanceOptions relevance_preset(std::string_view name) {
  // Paper Table I (strong / weak / irrelevant of D = 30): sim1 4/4/22, sim2 12/8/10, sim3 4/0/26,
  // sim4 18/0/12, sim5 0/20/10; classification, N = 500, default partition, sigma = 0, f = 0.
  struct Row {
    std::string_view name;
    std::size_t strong, weak;
  };
  static constexpr Row table[] = {{"fri-sim1", 4, 4}, {"fri-sim2", 12, 8}, {"fri-sim3", 4, 0},
                                  {"fri-sim4", 18, 0}, {"fri-sim5", 0, 20}};
  for (const Row& row : table) {
    if (row.name != name) continue;
    RelevanceOptions o;
    o.task = "classification";
    o.n_samples = 500;
    o.n_features = 30;
    o.n_strong = row.strong;
    o.n_weak = row.weak;
    o.noise = 0.0;
    o.flip_y = 0.0;
    o.preset = std::string(name);
    return o;
  }
  throw InputError("--preset '" + std::string(name) +
                   "' is not a generator recipe; use fri-sim1, fri-sim2, fri-sim3, fri-sim4 or fri-sim5");
}

namespace {

// The plain generator: every draw of docs/generate.md#relevance-generator step 7 from `rng`.
GeneratedData build_relevance(const RelevanceOptions& o, const Resolved& res, std::uint64_t seed, rng::Rng& rng) {
  const std::size_t N = o.n_samples, D = o.n_features, S = o.n_strong, R = o.n_repeated;
  const std::size_t G = res.partition.size();
  const std::size_t k = S + G;  // latent variables: one per strong column and one per weak group
  const auto n = static_cast<Eigen::Index>(N);
  const auto kk = static_cast<Eigen::Index>(k);

  // Draw order (docs/generate.md#relevance-generator step 7): vertices, then per cluster A_c then points (non-linear) or Z row-major;
  // target noise; group offsets; repeat sources; irrelevant columns column by column; flip rows; feature noise
  // row-major; final shuffle. Draws whose scale is 0 (sigma, tau) are still made, so that changing sigma or tau
  // changes nothing but what they scale.
  Eigen::MatrixXd Z(n, kk);
  Eigen::VectorXd y(n);

  if (o.nonlinear) {
    // scikit-learn make_classification with n_informative = k, 2 classes x 2 clusters, class_sep 0.5, hypercube.
    const auto vertices = detail::hypercube_vertices(rng, 4, k);
    Eigen::Index start = 0;
    for (std::size_t c = 0; c < 4; ++c) {
      const auto size = static_cast<Eigen::Index>(N / 4 + (c < N % 4 ? 1 : 0));
      Eigen::MatrixXd A(kk, kk);
      for (Eigen::Index a = 0; a < kk; ++a)
        for (Eigen::Index b = 0; b < kk; ++b) A(a, b) = rng.uniform(-1.0, 1.0);
      Eigen::MatrixXd P(size, kk);
      for (Eigen::Index i = 0; i < size; ++i)
        for (Eigen::Index j = 0; j < kk; ++j) P(i, j) = rng.normal();
      Eigen::RowVectorXd vertex(kk);
      for (Eigen::Index j = 0; j < kk; ++j) vertex(j) = vertices[c][static_cast<std::size_t>(j)] ? 0.5 : -0.5;
      Z.middleRows(start, size).noalias() = P * A;
      Z.middleRows(start, size).rowwise() += vertex;
      y.segment(start, size).setConstant(c % 2 == 0 ? -1.0 : 1.0);
      start += size;
    }
  } else {
    for (Eigen::Index i = 0; i < n; ++i)
      for (Eigen::Index j = 0; j < kk; ++j) Z(i, j) = rng.normal();
    const Eigen::VectorXd s = Z.rowwise().sum();  // all true weights 1, bias 0
    if (res.classification) {
      for (Eigen::Index i = 0; i < n; ++i) y(i) = s(i) > 0 ? 1.0 : -1.0;
    } else {
      for (Eigen::Index i = 0; i < n; ++i) y(i) = 0.3 * s(i) + o.target_noise * rng.normal();
      if (res.ordinal) {
        // Stable ascending sort; blocks of ⌊N/K⌋ ranks get levels 0, 1, ...; the remainder joins level K-1.
        std::vector<std::size_t> order(N);
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
          return y(static_cast<Eigen::Index>(a)) < y(static_cast<Eigen::Index>(b));
        });
        const std::size_t block = N / o.n_levels;
        Eigen::VectorXd level(n);
        for (std::size_t rank = 0; rank < N; ++rank)
          level(static_cast<Eigen::Index>(order[rank])) = static_cast<double>(std::min(rank / block, o.n_levels - 1));
        y = level;
      }
    }
  }

  // Columns [strong | group 1 | ... | repeated | irrelevant] and their truth.
  Eigen::MatrixXd X = Eigen::MatrixXd::Zero(n, static_cast<Eigen::Index>(D));
  std::vector<int> classes(D, 0), groups(D, 0);
  std::vector<std::optional<std::size_t>> repeat_of(D);
  std::size_t col = 0;
  for (; col < S; ++col) {
    X.col(static_cast<Eigen::Index>(col)) = Z.col(static_cast<Eigen::Index>(col));
    classes[col] = 2;
  }
  for (std::size_t g = 0; g < G; ++g) {
    // Members are the group's latent variable plus a per-column offset: identical once standardised (sigma = 0).
    for (std::size_t l = 0; l < res.partition[g]; ++l, ++col) {
      const double offset = rng.uniform(1.0, 2.0);
      X.col(static_cast<Eigen::Index>(col)) = Z.col(static_cast<Eigen::Index>(S + g)).array() + offset;
      classes[col] = 1;
      groups[col] = static_cast<int>(g + 1);
    }
  }
  int next_group = static_cast<int>(G + 1);
  for (std::size_t r = 0; r < R; ++r, ++col) {
    // A copy of any column already filled (strong, weak, or an earlier copy).
    const auto src = static_cast<std::size_t>(rng.bounded(col));
    X.col(static_cast<Eigen::Index>(col)) = X.col(static_cast<Eigen::Index>(src));
    repeat_of[col] = src;
    if (classes[src] == 2) {
      // A strong column with a copy can be replaced by it: both become weak and form a new group.
      classes[src] = 1;
      groups[src] = next_group++;
    }
    classes[col] = 1;
    groups[col] = groups[src];
  }
  for (; col < D; ++col)
    for (Eigen::Index i = 0; i < n; ++i) X(i, static_cast<Eigen::Index>(col)) = rng.normal();

  if (res.classification) {
    // ⌊f·N⌋ distinct rows, labels negated (arfs_gen draws rows with replacement).
    const std::size_t n_flip = flip_count(o.flip_y, N);
    for (std::size_t row : rng.sample_without_replacement(N, n_flip)) {
      const auto i = static_cast<Eigen::Index>(row);
      y(i) = -y(i);
    }
  }

  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < static_cast<Eigen::Index>(D); ++j) X(i, j) += res.sigma * rng.normal();

  if (o.nonlinear) {
    // Rows come out cluster by cluster; shuffle them (new row i = old row perm[i]).
    const auto perm = rng.permutation(N);
    Eigen::MatrixXd Xs(n, static_cast<Eigen::Index>(D));
    Eigen::VectorXd ys(n);
    for (Eigen::Index i = 0; i < n; ++i) {
      const auto p = static_cast<Eigen::Index>(perm[static_cast<std::size_t>(i)]);
      Xs.row(i) = X.row(p);
      ys(i) = y(p);
    }
    X = std::move(Xs);
    y = std::move(ys);
  }

  GeneratedData out;
  out.X = std::move(X);
  out.y = std::move(y);
  out.names = detail::column_names(D);
  Truth& t = out.truth;
  t.kind = "relevance";
  t.task = o.task;
  t.seed = seed;
  t.params = nlohmann::json{{"task", o.task},
                            {"nonlinear", o.nonlinear},
                            {"n_samples", N},
                            {"n_features", D},
                            {"n_strong", S},
                            {"n_weak", o.n_weak},
                            {"partition", res.partition},
                            {"n_repeated", R},
                            {"noise", res.sigma},
                            {"target_noise", o.target_noise},
                            {"flip_y", o.flip_y},
                            {"n_levels", o.n_levels},
                            {"preset", o.preset.empty() ? nlohmann::json(nullptr) : nlohmann::json(o.preset)}};
  t.names = out.names;
  t.classes = classes;
  t.groups = groups;
  t.repeat_of = repeat_of;
  t.roles.reserve(D);
  t.relevant.reserve(D);
  for (int c : classes) {
    t.roles.push_back(c == 2 ? "strong" : c == 1 ? "weak" : "irrelevant");
    t.relevant.push_back(c > 0);
  }
  return out;
}

// Turns the plain (noise-free) data into LUPI data: the built columns become the privileged block p0.., and the
// normal block x0.. is their copy plus N(0, (c / sd)^2) per entry, drawn row-major after every other draw (so the
// privileged block is byte for byte the plain generator's output at sigma = 0), with sd the population SD of all
// N x D privileged entries. Truth: each block keeps the plain classes, roles and repeats (indices within the file);
// the privileged block's group ids are shifted past the normal block's, so no group spans both blocks.
void add_normal_block(GeneratedData& out, double c, rng::Rng& rng) {
  const Eigen::MatrixXd& P = out.X;
  const Eigen::Index n = P.rows(), D = P.cols();
  const double mean = P.mean();
  const double sd = std::sqrt((P.array() - mean).square().mean());
  const double scale = c / sd;
  Eigen::MatrixXd X(n, 2 * D);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < D; ++j) X(i, j) = P(i, j) + scale * rng.normal();
  X.rightCols(D) = P;
  out.X = std::move(X);

  const auto d = static_cast<std::size_t>(D);
  out.names = detail::column_names(d);
  for (std::size_t j = 0; j < d; ++j) out.names.push_back("p" + std::to_string(j));
  Truth& t = out.truth;
  t.names = out.names;
  const int group_shift = t.groups.empty() ? 0 : *std::max_element(t.groups.begin(), t.groups.end());
  for (std::size_t j = 0; j < d; ++j) {
    t.roles.push_back(t.roles[j]);
    t.relevant.push_back(t.relevant[j]);
    t.classes.push_back(t.classes[j]);
    t.groups.push_back(t.groups[j] == 0 ? 0 : t.groups[j] + group_shift);
    t.repeat_of.push_back(t.repeat_of[j] ? std::optional<std::size_t>(*t.repeat_of[j] + d) : std::nullopt);
  }
  t.block.assign(d, "normal");
  t.block.resize(2 * d, "privileged");
  t.params["privileged"] = true;
  t.params["privileged_noise"] = c;
  t.params["privileged_noise_sd"] = scale;  // the SD actually used, c / sd
}

}  // namespace

GeneratedData generate_relevance(const RelevanceOptions& o, std::uint64_t seed) {
  const Resolved res = validate(o);
  rng::Rng rng = detail::generator_rng(seed);
  GeneratedData out = build_relevance(o, res, seed, rng);
  if (o.privileged) add_normal_block(out, res.privileged_noise, rng);
  return out;
}

}  // namespace featrel::gen
