// `generate --kind clusters`: scikit-learn's make_classification algorithm (docs/generate.md#clusters-generator), drawn from
// featrel's Rng in scikit-learn's own draw order, so it matches in distribution (not bit for bit), plus the CRFE
// authors' extras (integer noise columns, row z-scores).
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/generate.hpp"
#include "generate/internal.hpp"

namespace featrel::gen {

namespace {

std::string num(double v) { return format_number(v); }

// Weights resolved to length K: equal (scikit-learn: 1/K each, the last 1 - the others' sum), or the user's,
// completed with 1 - sum when K - 1 were given.
std::vector<double> resolve_weights(const ClustersOptions& o) {
  const std::size_t K = o.n_classes;
  std::vector<double> w = o.weights;
  if (w.empty()) w.assign(K - 1, 1.0 / static_cast<double>(K));
  if (w.size() != K && w.size() != K - 1)
    throw InputError("--weights has " + std::to_string(w.size()) + " values; --n-classes = " + std::to_string(K) +
                     " needs " + std::to_string(K) + " or " + std::to_string(K - 1));
  double sum = 0;
  for (double v : w) {
    if (!std::isfinite(v) || v < 0) throw InputError("--weights value " + num(v) + " must be a finite number >= 0");
    sum += v;
  }
  // The cluster sizes ⌊n·w/n_cpc⌋ must fit into n rows; a tolerance lets 0.3,0.7 through.
  if (sum > 1 + 1e-9) throw InputError("--weights sum to " + num(sum) + "; they must not exceed 1");
  if (w.size() == K - 1) w.push_back(std::max(0.0, 1.0 - sum));
  return w;
}

void validate(const ClustersOptions& o) {
  if (o.n_samples < 1) throw InputError("--n-samples = 0; at least 1 row is needed");
  if (o.n_features < 1) throw InputError("--n-features = 0; at least 1 column is needed");
  if (o.n_classes < 2) throw InputError("--n-classes = " + std::to_string(o.n_classes) + "; at least 2 are needed");
  if (o.n_clusters_per_class < 1) throw InputError("--n-clusters-per-class = 0; at least 1 is needed");
  if (o.n_informative < 1) throw InputError("--n-informative = 0; at least 1 informative column is needed");
  const std::size_t used = o.n_informative + o.n_redundant + o.n_repeated;
  if (used > o.n_features)
    throw InputError("--n-informative + --n-redundant + --n-repeated = " + std::to_string(used) +
                     " exceeds --n-features = " + std::to_string(o.n_features));
  // Every cluster sits on its own vertex of the n_informative-dimensional hypercube.
  const std::size_t max_size = std::numeric_limits<std::size_t>::max();
  const bool overflow = o.n_classes > max_size / o.n_clusters_per_class;
  const std::size_t clusters = overflow ? max_size : o.n_classes * o.n_clusters_per_class;
  if (overflow || (o.n_informative < 63 && clusters > (std::size_t{1} << o.n_informative)))
    throw InputError("--n-classes x --n-clusters-per-class = " +
                     (overflow ? std::string("too many") : std::to_string(clusters)) +
                     " exceeds 2^--n-informative = 2^" + std::to_string(o.n_informative) +
                     " hypercube vertices; raise --n-informative or lower the cluster count");
  // Above 30 dimensions only the last 30 coordinates are kept distinct (scikit-learn), which bounds the count.
  if (clusters > (std::size_t{1} << 30))
    throw InputError("--n-classes x --n-clusters-per-class = " + std::to_string(clusters) +
                     " exceeds 2^30 clusters");
  if (!std::isfinite(o.flip_y) || o.flip_y < 0 || o.flip_y > 1)
    throw InputError("--flip-y = " + num(o.flip_y) + "; it must lie in [0, 1]");
  if (!std::isfinite(o.class_sep) || o.class_sep < 0)
    throw InputError("--class-sep = " + num(o.class_sep) + "; it must be a finite number >= 0");
  if (!o.shift_random && !std::isfinite(o.shift))
    throw InputError("--shift = " + num(o.shift) + "; it must be a finite number or 'random'");
  if (!o.scale_random && !std::isfinite(o.scale))
    throw InputError("--scale = " + num(o.scale) + "; it must be a finite number or 'random'");
}

}  // namespace

GeneratedData generate_clusters(const ClustersOptions& o, std::uint64_t seed) {
  validate(o);
  const std::vector<double> weights = resolve_weights(o);
  const std::size_t N = o.n_samples, D = o.n_features, K = o.n_classes, cpc = o.n_clusters_per_class;
  const std::size_t C = K * cpc, n_inf = o.n_informative, n_red = o.n_redundant, n_rep = o.n_repeated;
  const std::size_t n_block = n_inf + n_red;  // informative + redundant: the sources of repeats
  const std::size_t D_total = D + o.append_int_noise;
  const auto n = static_cast<Eigen::Index>(N);
  const auto ni = static_cast<Eigen::Index>(n_inf);

  // Step 2: cluster c has class c mod K and ⌊n·w/n_cpc⌋ rows; the rest go one by one to clusters 0, 1, ...
  std::vector<std::size_t> sizes(C);
  std::size_t total = 0;
  for (std::size_t c = 0; c < C; ++c) {
    sizes[c] = static_cast<std::size_t>(std::floor(static_cast<double>(N) * weights[c % K] / static_cast<double>(cpc)));
    total += sizes[c];
  }
  if (total > N) throw InputError("--weights sum to more than 1; the clusters would need " + std::to_string(total) +
                                  " rows of --n-samples = " + std::to_string(N));
  for (std::size_t i = 0; i < N - total; ++i) ++sizes[i % C];

  // One stream, scikit-learn's draw order: centroids (and their random factors), informative normals, per-cluster
  // covariance matrices, redundant mixing matrix, repeat sources, noise columns, label noise, shift, scale, row
  // permutation, column permutation; then featrel's extras: integer noise column by column.
  rng::Rng rng = detail::generator_rng(seed);

  // Step 3: centroids on distinct hypercube vertices, mapped to ±class_sep.
  const auto vertices = detail::hypercube_vertices(rng, C, n_inf);
  Eigen::MatrixXd centroids(static_cast<Eigen::Index>(C), ni);
  for (std::size_t c = 0; c < C; ++c)
    for (std::size_t j = 0; j < n_inf; ++j)
      centroids(static_cast<Eigen::Index>(c), static_cast<Eigen::Index>(j)) =
          vertices[c][j] ? o.class_sep : -o.class_sep;
  if (!o.hypercube) {
    for (Eigen::Index c = 0; c < static_cast<Eigen::Index>(C); ++c) centroids.row(c) *= rng.uniform();
    for (Eigen::Index j = 0; j < ni; ++j) centroids.col(j) *= rng.uniform();
  }

  // Step 4: informative block.
  Eigen::MatrixXd X = Eigen::MatrixXd::Zero(n, static_cast<Eigen::Index>(D_total));
  Eigen::VectorXd y(n);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < ni; ++j) X(i, j) = rng.normal();
  Eigen::Index start = 0;
  for (std::size_t c = 0; c < C; ++c) {
    const auto size = static_cast<Eigen::Index>(sizes[c]);
    Eigen::MatrixXd A(ni, ni);
    for (Eigen::Index a = 0; a < ni; ++a)
      for (Eigen::Index b = 0; b < ni; ++b) A(a, b) = rng.uniform(-1.0, 1.0);
    const Eigen::MatrixXd block = X.block(start, 0, size, ni) * A;
    X.block(start, 0, size, ni) = block;
    X.block(start, 0, size, ni).rowwise() += centroids.row(static_cast<Eigen::Index>(c));
    y.segment(start, size).setConstant(static_cast<double>(c % K));
    start += size;
  }

  // Step 5: redundant = informative x B; repeats copy a column of the informative + redundant block; the rest noise.
  if (n_red > 0) {
    Eigen::MatrixXd B(ni, static_cast<Eigen::Index>(n_red));
    for (Eigen::Index a = 0; a < ni; ++a)
      for (Eigen::Index b = 0; b < static_cast<Eigen::Index>(n_red); ++b) B(a, b) = rng.uniform(-1.0, 1.0);
    X.middleCols(ni, static_cast<Eigen::Index>(n_red)).noalias() = X.leftCols(ni) * B;
  }
  std::vector<std::optional<std::size_t>> source(D);  // before the column shuffle
  for (std::size_t r = 0; r < n_rep; ++r) {
    const auto src =
        static_cast<std::size_t>(static_cast<double>(n_block - 1) * rng.uniform() + 0.5);  // ⌊(m−1)·U + 0.5⌋
    X.col(static_cast<Eigen::Index>(n_block + r)) = X.col(static_cast<Eigen::Index>(src));
    source[n_block + r] = src;
  }
  for (Eigen::Index i = 0; i < n; ++i)
    for (std::size_t j = n_block + n_rep; j < D; ++j) X(i, static_cast<Eigen::Index>(j)) = rng.normal();

  // Step 6: label noise; a flipped row may draw its own label again.
  {
    std::vector<Eigen::Index> flipped;
    for (Eigen::Index i = 0; i < n; ++i)
      if (rng.uniform() < o.flip_y) flipped.push_back(i);
    for (Eigen::Index i : flipped) y(i) = static_cast<double>(rng.bounded(K));
  }

  // Step 7: X <- (X + shift) * scale, per column.
  const auto d = static_cast<Eigen::Index>(D);
  std::vector<double> shift(D, o.shift), scale(D, o.scale);
  if (o.shift_random)
    for (double& s : shift) s = rng.uniform(-o.class_sep, o.class_sep);
  if (o.scale_random)
    for (double& s : scale) s = 1.0 + 100.0 * rng.uniform();
  for (Eigen::Index j = 0; j < d; ++j)
    X.col(j) = (X.col(j).array() + shift[static_cast<std::size_t>(j)]) * scale[static_cast<std::size_t>(j)];

  // Step 8: permute rows (new row i = old row perm[i]), then columns (new column j = old column cperm[j]).
  std::vector<std::size_t> cperm(D);
  for (std::size_t j = 0; j < D; ++j) cperm[j] = j;
  if (o.shuffle) {
    const auto perm = rng.permutation(N);
    Eigen::MatrixXd Xs(n, static_cast<Eigen::Index>(D_total));
    Eigen::VectorXd ys(n);
    for (Eigen::Index i = 0; i < n; ++i) {
      const auto p = static_cast<Eigen::Index>(perm[static_cast<std::size_t>(i)]);
      Xs.row(i) = X.row(p);
      ys(i) = y(p);
    }
    cperm = rng.permutation(D);
    for (Eigen::Index j = 0; j < d; ++j) X.col(j) = Xs.col(static_cast<Eigen::Index>(cperm[static_cast<std::size_t>(j)]));
    y = std::move(ys);
  }

  // Extras: integer noise columns after the shuffle, then row z-scores over every column.
  for (std::size_t m = 0; m < o.append_int_noise; ++m)
    for (Eigen::Index i = 0; i < n; ++i) X(i, static_cast<Eigen::Index>(D + m)) = static_cast<double>(rng.bounded(10));
  if (o.row_zscore) {
    const double cols = static_cast<double>(D_total);
    for (Eigen::Index i = 0; i < n; ++i) {
      const double mean = X.row(i).sum() / cols;
      X.row(i).array() -= mean;
      const double sd = std::sqrt(X.row(i).squaredNorm() / cols);  // population SD
      if (sd > 0) X.row(i) /= sd;  // a constant row (one column) stays at 0, as standardisation's sd 0 -> 1
    }
  }

  // Truth at the final column positions.
  std::vector<std::size_t> inverse(D);
  for (std::size_t j = 0; j < D; ++j) inverse[cperm[j]] = j;
  auto role_before = [&](std::size_t old) -> std::string {
    if (old < n_inf) return "informative";
    if (old < n_block) return "redundant";
    if (old < n_block + n_rep) return "repeated";
    return "noise";
  };
  GeneratedData out;
  Truth& t = out.truth;
  t.roles.resize(D_total);
  t.relevant.assign(D_total, false);
  t.groups.assign(D_total, 0);
  t.repeat_of.assign(D_total, std::nullopt);
  for (std::size_t j = 0; j < D; ++j) {
    const std::size_t old = cperm[j];
    t.roles[j] = role_before(old);
    t.relevant[j] = t.roles[j] != "noise";
    if (source[old]) t.repeat_of[j] = inverse[*source[old]];
  }
  for (std::size_t j = D; j < D_total; ++j) t.roles[j] = "int_noise";
  // A repeated column and its source substitute each other: they share a group, numbered 1, 2, ... in the order
  // of the sources' final positions.
  std::map<std::size_t, int> group_of_source;
  for (std::size_t j = 0; j < D; ++j)
    if (t.repeat_of[j]) group_of_source[*t.repeat_of[j]] = 0;
  int next = 1;
  for (auto& [src, id] : group_of_source) {
    id = next++;
    t.groups[src] = id;
  }
  for (std::size_t j = 0; j < D; ++j)
    if (t.repeat_of[j]) t.groups[j] = group_of_source[*t.repeat_of[j]];

  out.X = std::move(X);
  out.y = std::move(y);
  out.names = detail::column_names(D_total);
  t.kind = "clusters";
  t.task = "classification";
  t.seed = seed;
  t.params = nlohmann::json{{"n_samples", N},
                            {"n_features", D},
                            {"n_informative", n_inf},
                            {"n_redundant", n_red},
                            {"n_repeated", n_rep},
                            {"n_classes", K},
                            {"n_clusters_per_class", cpc},
                            {"weights", weights},
                            {"flip_y", o.flip_y},
                            {"class_sep", o.class_sep},
                            {"hypercube", o.hypercube},
                            {"shift", o.shift_random ? nlohmann::json("random") : nlohmann::json(o.shift)},
                            {"scale", o.scale_random ? nlohmann::json("random") : nlohmann::json(o.scale)},
                            {"shuffle", o.shuffle},
                            {"append_int_noise", o.append_int_noise},
                            {"row_zscore", o.row_zscore}};
  t.names = out.names;
  return out;
}

}  // namespace featrel::gen
