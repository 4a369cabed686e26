// The MLP of docs/pareto.md#classifiers (see mlp.hpp): forward pass, back-propagation and Adam, scikit-learn MLPClassifier
// semantics for a single logistic output.
#include "featrel/mlp.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/rng.hpp"
#include "models/classifier_checks.hpp"

namespace featrel::mlp {

namespace {

constexpr double kLogitClip = 30.0;

double sigmoid(double z) {
  if (z >= 0.0) return 1.0 / (1.0 + std::exp(-z));
  const double e = std::exp(z);
  return e / (1.0 + e);
}

// −[y log σ(z) + (1 − y) log(1 − σ(z))] = softplus(z) − y·z, computed without overflow.
double log_loss(double z, double y) {
  const double zc = std::clamp(z, -kLogitClip, kLogitClip);
  return std::max(zc, 0.0) + std::log1p(std::exp(-std::abs(zc))) - y * zc;
}

// Activations of every layer: A[0] = X, A[l] = ReLU(A[l−1]·W + b) for hidden layers, A[L] = the logits (n × 1).
void forward(const Network& net, const Eigen::MatrixXd& X, std::vector<Eigen::MatrixXd>& A) {
  const std::size_t L = net.W.size();
  A.resize(L + 1);
  A[0] = X;
  for (std::size_t l = 0; l < L; ++l) {
    A[l + 1].noalias() = A[l] * net.W[l];
    A[l + 1].rowwise() += net.b[l];
    if (l + 1 < L) A[l + 1] = A[l + 1].cwiseMax(0.0);
  }
}

double penalty(const Network& net) {
  double s = 0.0;
  for (const Eigen::MatrixXd& w : net.W) s += w.squaredNorm();
  return s;
}

}  // namespace

void validate(const Options& o) {
  if (o.hidden.empty()) throw InputError("mlp: --mlp-hidden needs at least one layer");
  for (std::size_t h : o.hidden)
    if (h < 1) throw InputError("mlp: --mlp-hidden layer sizes must be ≥ 1");
  if (o.batch < 1) throw InputError("mlp: --mlp-batch must be ≥ 1");
  if (o.max_epochs < 1) throw InputError("mlp: --mlp-max-epochs must be ≥ 1");
  if (!(o.learning_rate > 0.0) || !std::isfinite(o.learning_rate))
    throw InputError("mlp: --mlp-lr must be > 0, got " + format_number(o.learning_rate));
  if (!(o.alpha >= 0.0) || !std::isfinite(o.alpha))
    throw InputError("mlp: --mlp-alpha must be ≥ 0, got " + format_number(o.alpha));
  if (!(o.beta1 >= 0.0 && o.beta1 < 1.0) || !(o.beta2 >= 0.0 && o.beta2 < 1.0) || !(o.epsilon > 0.0) ||
      !(o.tol >= 0.0))
    throw InputError("mlp: Adam needs 0 ≤ β₁, β₂ < 1, ε > 0 and tol ≥ 0");
}

Eigen::MatrixXd Network::first_layer(const Eigen::MatrixXd& X) const {
  Eigen::MatrixXd Z = X * W.front();
  Z.rowwise() += b.front();
  return Z;
}

Eigen::VectorXd Network::logits_from_first_layer(const Eigen::MatrixXd& Z1) const {
  const std::size_t L = W.size();
  if (L == 1) return Z1.col(0);
  Eigen::MatrixXd a = Z1.cwiseMax(0.0);
  for (std::size_t l = 1; l < L; ++l) {
    Eigen::MatrixXd z = a * W[l];
    z.rowwise() += b[l];
    if (l + 1 < L) a = z.cwiseMax(0.0);
    else return z.col(0);
  }
  return a.col(0);  // not reached
}

Eigen::VectorXd Network::logits(const Eigen::MatrixXd& X) const {
  models::check_rows_to_predict(X, static_cast<Eigen::Index>(n_inputs()), "mlp");
  return logits_from_first_layer(first_layer(X));
}

double Network::loss(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, double alpha) const {
  const Eigen::VectorXd z = logits_from_first_layer(first_layer(X));
  double s = 0.0;
  for (Eigen::Index i = 0; i < z.size(); ++i) s += log_loss(z(i), y(i));
  const double n = static_cast<double>(X.rows());
  return s / n + 0.5 * alpha * penalty(*this) / n;
}

double Network::loss_and_gradient(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, double alpha,
                                  std::vector<Eigen::MatrixXd>& dW, std::vector<Eigen::RowVectorXd>& db) const {
  const std::size_t L = W.size();
  const double n = static_cast<double>(X.rows());
  std::vector<Eigen::MatrixXd> A;
  forward(*this, X, A);
  double s = 0.0;
  Eigen::MatrixXd delta(X.rows(), 1);
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    const double z = A[L](i, 0);
    s += log_loss(z, y(i));
    delta(i, 0) = (sigmoid(z) - y(i)) / n;
  }
  dW.resize(L);
  db.resize(L);
  for (std::size_t l = L; l-- > 0;) {
    dW[l].noalias() = A[l].transpose() * delta;
    dW[l] += (alpha / n) * W[l];
    db[l] = delta.colwise().sum();
    if (l > 0) {
      Eigen::MatrixXd back = delta * W[l].transpose();
      delta = back.cwiseProduct((A[l].array() > 0.0).cast<double>().matrix());  // ReLU'(z) = [a > 0]
    }
  }
  return s / n + 0.5 * alpha * penalty(*this) / n;
}

Network initial_network(const std::vector<std::size_t>& sizes, std::uint64_t seed) {
  rng::Rng r(seed);
  Network net;
  for (std::size_t l = 0; l + 1 < sizes.size(); ++l) {
    const auto fan_in = static_cast<Eigen::Index>(sizes[l]), fan_out = static_cast<Eigen::Index>(sizes[l + 1]);
    const double bound = std::sqrt(6.0 / static_cast<double>(fan_in + fan_out));
    Eigen::MatrixXd w(fan_in, fan_out);
    for (Eigen::Index i = 0; i < fan_in; ++i)
      for (Eigen::Index j = 0; j < fan_out; ++j) w(i, j) = r.uniform(-bound, bound);
    Eigen::RowVectorXd b(fan_out);
    for (Eigen::Index j = 0; j < fan_out; ++j) b(j) = r.uniform(-bound, bound);
    net.W.push_back(std::move(w));
    net.b.push_back(std::move(b));
  }
  return net;
}

Model fit(const Eigen::MatrixXd& X, const std::vector<int>& y, std::uint64_t seed, const Options& options) {
  validate(options);
  models::check_labelled_rows(X, y, 2, "mlp");
  const std::size_t n = static_cast<std::size_t>(X.rows());
  std::vector<std::size_t> sizes{static_cast<std::size_t>(X.cols())};
  sizes.insert(sizes.end(), options.hidden.begin(), options.hidden.end());
  sizes.push_back(1);

  Model model;
  Network& net = model.net;
  net = initial_network(sizes, rng::derive(seed, "init"));
  const std::size_t L = net.W.size();
  std::vector<Eigen::MatrixXd> mW(L), vW(L), dW;
  std::vector<Eigen::RowVectorXd> mb(L), vb(L), db;
  for (std::size_t l = 0; l < L; ++l) {
    mW[l] = vW[l] = Eigen::MatrixXd::Zero(net.W[l].rows(), net.W[l].cols());
    mb[l] = vb[l] = Eigen::RowVectorXd::Zero(net.b[l].size());
  }

  rng::Rng shuffler(rng::derive(seed, "shuffle"));
  std::vector<Eigen::Index> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<Eigen::Index>(i);
  const std::size_t batch = std::min(options.batch, n);
  double best = std::numeric_limits<double>::infinity();
  std::size_t no_improvement = 0;
  std::uint64_t t = 0;
  Eigen::MatrixXd Xb;
  Eigen::VectorXd yb;
  std::vector<Eigen::Index> rows;
  for (std::size_t epoch = 0; epoch < options.max_epochs; ++epoch) {
    shuffler.shuffle(order);
    double accumulated = 0.0;
    for (std::size_t start = 0; start < n; start += batch) {
      const std::size_t stop = std::min(start + batch, n);
      rows.assign(order.begin() + static_cast<std::ptrdiff_t>(start), order.begin() + static_cast<std::ptrdiff_t>(stop));
      Xb = X(rows, Eigen::all);
      yb.resize(static_cast<Eigen::Index>(rows.size()));
      for (std::size_t q = 0; q < rows.size(); ++q)
        yb(static_cast<Eigen::Index>(q)) = y[static_cast<std::size_t>(rows[q])];
      const double batch_loss = net.loss_and_gradient(Xb, yb, options.alpha, dW, db);
      accumulated += batch_loss * static_cast<double>(rows.size());
      ++t;
      const double step = options.learning_rate * std::sqrt(1.0 - std::pow(options.beta2, static_cast<double>(t))) /
                          (1.0 - std::pow(options.beta1, static_cast<double>(t)));
      const double b1 = options.beta1, b2 = options.beta2, eps = options.epsilon;
      for (std::size_t l = 0; l < L; ++l) {
        mW[l] = b1 * mW[l] + (1.0 - b1) * dW[l];
        vW[l] = b2 * vW[l] + (1.0 - b2) * dW[l].cwiseAbs2();
        net.W[l].array() -= step * mW[l].array() / (vW[l].array().sqrt() + eps);
        mb[l] = b1 * mb[l] + (1.0 - b1) * db[l];
        vb[l] = b2 * vb[l] + (1.0 - b2) * db[l].cwiseAbs2();
        net.b[l].array() -= step * mb[l].array() / (vb[l].array().sqrt() + eps);
      }
    }
    const double epoch_loss = accumulated / static_cast<double>(n);
    model.loss_curve.push_back(epoch_loss);
    model.epochs = epoch + 1;
    // scikit-learn's _update_no_improvement_count (early_stopping=False).
    if (epoch_loss > best - options.tol) ++no_improvement;
    else no_improvement = 0;
    if (epoch_loss < best) best = epoch_loss;
    if (no_improvement > options.n_iter_no_change) {
      model.converged = true;
      break;
    }
  }
  return model;
}

}  // namespace featrel::mlp
