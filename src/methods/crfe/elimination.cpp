// The recursive elimination loop of docs/crfe.md#recursive-elimination, shared by CRFE (remove the largest β) and RFE (remove the
// smallest squared weight): fit the OvA SVMs on the surviving columns (warm-started from the previous step with
// the removed coordinates deleted), score, feed the stopping rule, remove, repeat down to the floor. The path keeps
// every step's model, so the conformal evaluation of any path size needs no refit.
#include <algorithm>
#include <chrono>
#include <cmath>

#include "methods/crfe/crfe_internal.hpp"

namespace featrel::crfe::detail {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Features removed at a step of |F| = size (before the floor and the fixed-k target clip it).
std::size_t raw_step(const PathSettings& s, std::size_t size) {
  if (s.step_fraction > 0.0) {
    const auto v = static_cast<std::size_t>(std::floor(s.step_fraction * static_cast<double>(size)));
    return std::max<std::size_t>(1, v);
  }
  return s.step;
}

std::size_t clipped_step(const PathSettings& s, std::size_t size) {
  const std::size_t target = (s.fixed_k > 0 && size > s.fixed_k) ? s.fixed_k : s.min_features;
  return std::min(raw_step(s, size), size - target);
}

std::size_t loop_floor(const PathSettings& s) {
  return (s.truncate && s.fixed_k > 0) ? std::max(s.fixed_k, s.min_features) : s.min_features;
}

// Steps of the full path from p0 (for progress).
std::size_t count_steps(const PathSettings& s, std::size_t p0) {
  std::size_t steps = 0;
  for (std::size_t size = p0; size > loop_floor(s); size -= clipped_step(s, size)) ++steps;
  return steps;
}

}  // namespace

Path eliminate(const PathInput& in, PathSettings s, std::size_t p_total, const RunContext& inner,
               const RunContext* progress, const std::string& stage) {
  Path path;
  path.initial.assign(p_total, std::nullopt);
  path.last.assign(p_total, std::nullopt);
  path.step_of.assign(p_total, std::nullopt);
  const bool crfe = s.method == Method::crfe;
  const std::size_t floor = loop_floor(s);
  const std::size_t total_steps = count_steps(s, in.start.size());

  std::vector<std::size_t> F = in.start;
  path.start = in.start;
  Eigen::MatrixXd warm;
  // With more columns than rows the Newton solver works in row space; its k × k systems come from X̃X̃ᵀ, which
  // is kept across steps by downdating the removed columns (O(n²) each instead of O(k²p) per Newton step) and
  // recomputed once as many columns were downdated as remain, so rounding cannot build up.
  const auto n_rows = static_cast<std::size_t>(in.X->rows());
  SvmRowSpace row_space;
  Eigen::MatrixXd& gram = row_space.gram;
  std::size_t downdated = 0;
  std::vector<char> kept;  // per step: whether its model stays once the next step is fitted
  std::size_t t = 0;
  bool stop_loop = false;
  // X̃ = [X_F, 1] in the solver's layout, gathered once and then compacted in place after each step (the kept
  // columns slide left in order): a fresh gather per step copied n·p²/2 numbers over a step-1 path, 320 GB at
  // 200 × 20,000, more time than the fits.
  Eigen::MatrixXd Xt;
  if (F.size() > floor) {
    Xt.resize(in.X->rows(), static_cast<Eigen::Index>(F.size()) + 1);
    Xt.leftCols(static_cast<Eigen::Index>(F.size())) = (*in.X)(Eigen::all, as_index(F));
    Xt.col(static_cast<Eigen::Index>(F.size())).setOnes();
  }
  while (F.size() > floor && !stop_loop) {
    inner.check_cancel();
    const auto p_t = static_cast<Eigen::Index>(F.size());
    const auto Xf = Xt.leftCols(p_t);
    auto t0 = Clock::now();
    const bool use_gram = s.row_gram && F.size() + 1 > n_rows && uses_newton(s.svm, F.size() + 1, n_rows);
    if (!use_gram) {
      gram.resize(0, 0);
      row_space.beta.resize(0, 0);
    } else if (gram.size() == 0 || downdated >= F.size()) {
      gram = linear_svm_row_gram(Xf);
      downdated = 0;
    }
    const LinearSvmModel model = fit_linear_svm_augmented(Xt, *in.y, in.n_classes, s.svm,
                                                          s.warm_start ? warm : Eigen::MatrixXd(), inner,
                                                          use_gram ? &row_space : nullptr);
    path.seconds_fit += seconds_since(t0);
    path.n_fits += model.n_rows();
    path.iterations += model.total_iterations();
    for (const std::string& w : model.warnings)
      path.warnings.push_back("step " + std::to_string(t) + " (" + std::to_string(F.size()) + " features): " + w);

    t0 = Clock::now();
    const Eigen::VectorXd scores = crfe ? beta_fast(*in.sums, model.W, s.lambda, F) : rfe_importance(model.W);
    path.seconds_beta += seconds_since(t0);

    Step st;
    st.step = t;
    st.n_features = F.size();
    st.score_mean = scores.mean();
    st.score_max = scores.maxCoeff();
    st.solver_iterations = model.total_iterations();
    st.solver = model.solver_summary();
    if (s.rule) st.stop = s.rule->observe(st.score_mean);

    std::size_t count = clipped_step(s, F.size());
    if (s.rule && st.stop.fired && !path.fired) {
      path.fired = true;
      path.stop_step = t;
      // paper: the firing step's removal still happens (selected = F_{t+1}); reference: nothing is removed.
      const bool paper = s.rule->mode() == StopMode::paper;
      path.stop_size = paper ? F.size() - count : F.size();
      if (s.truncate) {
        stop_loop = true;
        if (!paper) count = 0;
      }
    }

    const std::vector<std::size_t> removal = removal_order(scores, count, crfe);
    for (std::size_t q = 0; q < F.size(); ++q) {
      if (t == 0) path.initial[F[q]] = scores[static_cast<Eigen::Index>(q)];
      path.last[F[q]] = scores[static_cast<Eigen::Index>(q)];
    }
    std::vector<char> gone(F.size(), 0);
    if (use_gram && !removal.empty()) {
      std::vector<Eigen::Index> cols;
      for (std::size_t q : removal) cols.push_back(static_cast<Eigen::Index>(q));
      gram.selfadjointView<Eigen::Lower>().rankUpdate(Xf(Eigen::all, cols), -1.0);
      downdated += removal.size();
    }
    for (std::size_t q : removal) {
      gone[q] = 1;
      st.removed.push_back(F[q]);
      path.step_of[F[q]] = t;
      path.removed.push_back(F[q]);
    }
    if (s.keep_betas)
      path.betas.push_back(BetaSnapshot{F, std::vector<double>(scores.data(), scores.data() + scores.size())});
    if (path.fired && path.stop_step == t) s.model_sizes.push_back(path.stop_size);
    path.sizes.push_back(F.size());
    path.models.push_back(model.stacked());
    if (s.on_step) s.on_step(t, F, path.models.back());
    // A subset of size k is this step's set (k = |F_t|) or warm-starts its refit from it (|F_t| > k > |F_t+1|).
    const std::size_t next_size = F.size() - removal.size();
    kept.push_back(s.keep_all_models || std::any_of(s.model_sizes.begin(), s.model_sizes.end(), [&](std::size_t k) {
                     return k == F.size() || (k < F.size() && k > next_size);
                   }));
    if (t > 0 && !kept[t - 1]) path.models[t - 1] = Eigen::MatrixXd();  // the last step's model always stays
    path.steps.push_back(std::move(st));

    // The next step's columns and its warm start: this step's (w, b) with the removed coordinates deleted.
    std::vector<std::size_t> next;
    std::vector<Eigen::Index> keep;
    for (std::size_t q = 0; q < F.size(); ++q)
      if (!gone[q]) {
        next.push_back(F[q]);
        keep.push_back(static_cast<Eigen::Index>(q));
      }
    keep.push_back(static_cast<Eigen::Index>(F.size()));  // the bias
    warm = path.models.back()(Eigen::all, keep);
    // Compact X̃ to the next step's columns: from the first removed one on, each kept column moves to its new
    // place (never onto a column still to be read), then the bias column, then the storage shrinks in place.
    if (next.size() != F.size()) {
      const Eigen::Index rows = Xt.rows();
      Eigen::Index to = 0;
      while (to < p_t && !gone[static_cast<std::size_t>(to)]) ++to;
      for (Eigen::Index q = to; q < p_t; ++q)
        if (!gone[static_cast<std::size_t>(q)]) Xt.col(to++) = Xt.col(q);
      Xt.col(to).setOnes();
      Xt.conservativeResize(rows, to + 1);
    }
    F = std::move(next);
    ++t;
    if (progress) progress->report(stage, std::min(t, total_steps), total_steps);
  }
  path.survivors = F;
  return path;
}

const Eigen::MatrixXd& Path::model_at(std::size_t t) const {
  if (models.at(t).size() == 0)
    throw std::logic_error("crfe: the model of step " + std::to_string(t) + " was not kept (PathSettings::model_sizes)");
  return models[t];
}

std::vector<std::size_t> Path::features_at(std::size_t t) const {
  std::vector<char> gone_before(step_of.size(), 0);
  for (std::size_t q = 0; q < start.size() - sizes.at(t); ++q) gone_before[removed[q]] = 1;
  std::vector<std::size_t> F;
  F.reserve(sizes[t]);
  for (std::size_t j : start)
    if (!gone_before[j]) F.push_back(j);
  return F;
}

std::vector<std::size_t> ranking_of(const Path& path, Method method, const std::vector<std::size_t>& tail) {
  std::vector<std::size_t> ranking = path.survivors;
  const auto score = [&](std::size_t j) { return path.last[j].value_or(0.0); };
  std::stable_sort(ranking.begin(), ranking.end(), [&](std::size_t a, std::size_t b) {
    const double va = score(a), vb = score(b);
    if (va != vb) return method == Method::crfe ? va < vb : va > vb;
    return a < b;
  });
  ranking.insert(ranking.end(), path.removed.rbegin(), path.removed.rend());
  ranking.insert(ranking.end(), tail.begin(), tail.end());
  return ranking;
}

Model model_for(const PathInput& in, Path& path, const std::vector<std::size_t>& subset, const PathSettings& s,
                const RunContext& inner) {
  Model m;
  m.features = subset;
  const Eigen::Index k = static_cast<Eigen::Index>(subset.size());
  for (std::size_t t = 0; t < path.n_steps(); ++t) {
    if (path.sizes[t] == subset.size() && path.features_at(t) == subset) {
      m.W = path.model_at(t).leftCols(k);
      m.b = path.model_at(t).col(k);
      return m;
    }
  }
  // One extra fit, warm-started from the smallest step that still holds every column of the subset: column j is
  // in F_t while t ≤ its removal step.
  Eigen::MatrixXd warm;
  std::optional<std::size_t> last_step;
  if (path.n_steps() > 0) {
    std::size_t t_max = path.n_steps() - 1;
    bool held = true;
    for (std::size_t j : subset) {
      if (!std::binary_search(path.start.begin(), path.start.end(), j)) held = false;
      else if (path.step_of[j]) t_max = std::min(t_max, *path.step_of[j]);
    }
    if (held) last_step = t_max;
  }
  if (last_step) {
    const std::vector<std::size_t> Ft = path.features_at(*last_step);
    std::vector<Eigen::Index> pos;
    for (std::size_t j : subset)
      pos.push_back(static_cast<Eigen::Index>(std::lower_bound(Ft.begin(), Ft.end(), j) - Ft.begin()));
    pos.push_back(static_cast<Eigen::Index>(Ft.size()));
    warm = path.model_at(*last_step)(Eigen::all, pos);
  }
  const Eigen::MatrixXd Xs = (*in.X)(Eigen::all, as_index(subset));
  const auto t0 = Clock::now();
  const LinearSvmModel fit =
      fit_linear_svm(Xs, *in.y, in.n_classes, s.svm, s.warm_start ? warm : Eigen::MatrixXd(), inner);
  path.seconds_fit += seconds_since(t0);
  path.n_fits += fit.n_rows();
  path.iterations += fit.total_iterations();
  for (const std::string& w : fit.warnings)
    path.warnings.push_back("fit of " + std::to_string(subset.size()) + " features: " + w);
  m.W = fit.W;
  m.b = fit.b;
  return m;
}

}  // namespace featrel::crfe::detail
