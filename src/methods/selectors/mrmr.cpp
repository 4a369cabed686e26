// mRMRe's classic mRMR greedy (docs/selectors.md#mrmr): start from the most relevant feature, then repeatedly add
// the feature whose relevance minus mean redundancy with the picked ones is largest. The redundancies are
// brought up to date lazily (only for candidates that can still win), with the same sums as the plain greedy.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <limits>
#include <string>
#include <utility>

#include "featrel/error.hpp"
#include "featrel/selectors.hpp"
#include "column_dots.hpp"
#include "gaussian_mi.hpp"
#include "selectors_internal.hpp"

namespace featrel::selectors {

namespace {

// MI(f, y) for every column of Z.
std::vector<double> column_relevance(const Eigen::MatrixXd& Z, const Target& y, ClassRelevance mode) {
  const auto p = static_cast<std::size_t>(Z.cols());
  std::vector<double> mi(p);
  const bool regression = y.task == Task::regression;
  bool use_eta = false;
  if (!regression) {
    if (mode == ClassRelevance::eta) use_eta = true;
    else if (mode == ClassRelevance::automatic) use_eta = y.task == Task::multiclass;
  }
  for (std::size_t j = 0; j < p; ++j) {
    const auto col = Z.col(static_cast<Eigen::Index>(j));
    if (regression) {
      mi[j] = gaussian_mi(pearson(col, y.y));
    } else if (use_eta) {
      // η² is already r²; MI takes r = √η².
      mi[j] = gaussian_mi(std::sqrt(eta_squared(col, y.labels, y.n_classes)));
    } else {
      mi[j] = y.ascending_rows.size() == p ? gaussian_mi(somers_d(col, y.labels, y.n_classes, y.ascending_rows[j]))
                                           : gaussian_mi(somers_d(col, y.labels, y.n_classes));
    }
  }
  return mi;
}

}  // namespace

Ranking mrmr(const Eigen::MatrixXd& Z, const Target& y, int n) { return mrmr(Z, y, n, ClassRelevance::automatic); }

Ranking mrmr(const Eigen::MatrixXd& Z, const Target& y, int n, ClassRelevance mode) {
  return detail::mrmr_deferred(Z, y, n, mode, detail::kMrmrMaxDeferred);
}

namespace detail {

Ranking mrmr_deferred(const Eigen::MatrixXd& Z, const Target& y, int n, ClassRelevance mode, std::size_t max_deferred) {
  check_selector_input(Z, &y, n, "mrmr");
  const auto p = static_cast<std::size_t>(Z.cols());
  const auto picks = static_cast<std::size_t>(std::min<long>(n, static_cast<long>(p)));
  max_deferred = std::max<std::size_t>(max_deferred, 1);
  Ranking out;
  out.column_scores = column_relevance(Z, y, mode);
  const std::vector<double>& rel = out.column_scores;

  // Unit-norm centred columns, zero-padded for column_dots: the Pearson r of two columns is one dot product.
  const auto rows = static_cast<std::size_t>(Z.rows());
  const std::size_t stride = padded_stride(rows);
  std::vector<double> unit(p * stride, 0.0);
  const Eigen::RowVectorXd mean = Z.colwise().mean();
  for (std::size_t j = 0; j < p; ++j) {
    Eigen::Map<Eigen::VectorXd> u(unit.data() + j * stride, static_cast<Eigen::Index>(rows));
    u = Z.col(static_cast<Eigen::Index>(j)).array() - mean[static_cast<Eigen::Index>(j)];
    const double norm = u.norm();
    if (norm > 0.0) u /= norm;
  }

  // Candidate slots: the first `active` slots hold the features not yet picked; a pick swaps its slot with the
  // last candidate. Slot c holds feature[c], its relevance slot_relevance[c], its column data[c], and
  // redundancy[c] = Σ MI(f, s) over the first counted[c] picks, always added in pick order. Every slot has counted
  // at least `flushed`.
  std::vector<std::size_t> feature(p);
  std::vector<const double*> data(p);
  std::vector<double> slot_relevance = rel;
  for (std::size_t c = 0; c < p; ++c) {
    feature[c] = c;
    data[c] = unit.data() + c * stride;
  }
  std::vector<double> redundancy(p, 0.0);
  std::vector<std::size_t> counted(p, 0), slot_of(p);
  std::iota(slot_of.begin(), slot_of.end(), std::size_t{0});
  std::vector<char> is_picked(p, 0);
  std::vector<const double*> picked;  // the picks' columns, in pick order
  std::size_t active = p, flushed = 0;

  std::vector<double> dots;
  // Brings slot c's redundancy up to all l picks (no-op when it is there).
  const auto catch_up = [&](std::size_t c, std::size_t l) {
    const std::size_t from = counted[c];
    if (from == l) return;
    dots.resize(l - from);
    column_dots(&data[c], 1, picked.data() + from, l - from, stride, dots.data());
    gaussian_mi_many(dots.data(), dots.size(), dots.data());
    for (const double mi : dots) redundancy[c] += mi;
    counted[c] = l;
  };
  // Every candidate up to all l picks, a block of candidates at a time against the picks since the last flush.
  const auto flush = [&](std::size_t l) {
    constexpr std::size_t kBlock = 64;
    const std::size_t width = l - flushed;
    dots.resize(kBlock * width);
    for (std::size_t c0 = 0; c0 < active; c0 += kBlock) {
      const std::size_t nc = std::min(kBlock, active - c0);
      column_dots(&data[c0], nc, picked.data() + flushed, width, stride, dots.data());
      gaussian_mi_many(dots.data(), nc * width, dots.data());
      for (std::size_t i = 0; i < nc; ++i) {
        const std::size_t c = c0 + i;
        for (std::size_t q = counted[c]; q < l; ++q) redundancy[c] += dots[i * width + q - flushed];
        counted[c] = l;
      }
    }
    flushed = l;
  };
  // After a flush at step l: every candidate's bound for all the steps until the next flush, l … last, is at most
  // relevance − redundancy/last (the redundancy only grows, the divisor is largest there; rounding keeps both
  // orders). `order` lists the candidates by that bound, highest first, ties by feature; a step reads it from the
  // top and stops at the first bound below the best value found, so it touches a few candidates, not all.
  std::vector<std::pair<double, std::size_t>> order;  // (bound until the next flush, feature)
  std::size_t order_start = 0;
  const auto deferral = [&](std::size_t l) { return std::clamp<std::size_t>(l / 4, 1, max_deferred); };
  const auto sort_candidates = [&](std::size_t l) {
    std::size_t next = l + 1;
    while (next - l < deferral(next)) ++next;
    const auto last = static_cast<double>(next - 1);
    order.clear();
    for (std::size_t c = 0; c < active; ++c) order.emplace_back(slot_relevance[c] - redundancy[c] / last, feature[c]);
    std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
      return a.first > b.first || (a.first == b.first && a.second < b.second);
    });
    order_start = 0;
  };
  const auto wins = [&](double value, std::size_t c, double best_value, std::size_t best) {
    // Ties keep the lower feature index, whatever the candidates' order.
    return value > best_value || (value == best_value && feature[c] < feature[best]);
  };

  for (std::size_t l = 0; l < picks; ++l) {
    std::size_t best = 0;
    double best_value = 0.0;
    if (l == 0) {
      best_value = rel[0];
      for (std::size_t c = 1; c < active; ++c)
        if (wins(rel[c], c, best_value, best)) best = c, best_value = rel[c];
    } else {
      // The redundancy of a candidate only grows as picks are counted (MI ≥ 0, and so does a rounded sum), so
      // relevance − redundancy/l over the counted picks bounds its value from above. The picks since the last
      // flush are counted only for the candidates whose bound can still win. A flush every few picks (more as l
      // grows and one pick moves the mean less; a quarter of l leaves about 1 candidate in 1,000 to bring up to
      // date between flushes) keeps the bounds tight and does the bulk of the products in blocks.
      if (l - flushed >= deferral(l)) {
        flush(l);
        sort_candidates(l);
      }
      const auto dl = static_cast<double>(l);
      bool found = false;
      for (std::size_t i = order_start; i < order.size(); ++i) {
        const auto [until_flush, f] = order[i];
        if (is_picked[f]) {
          if (i == order_start) ++order_start;
          continue;
        }
        if (found && until_flush < best_value) break;  // every later candidate is bounded below the best
        const std::size_t c = slot_of[f];
        if (found && !wins(slot_relevance[c] - redundancy[c] / dl, c, best_value, best)) continue;
        catch_up(c, l);
        const double value = slot_relevance[c] - redundancy[c] / dl;
        if (!found || wins(value, c, best_value, best)) best = c, best_value = value, found = true;
      }
    }
    out.selected.push_back(static_cast<int>(feature[best]));
    // mRMRe counts the target among the ancestors of its redundancy average: ((l−1)/l)·score for the l-th pick.
    const double scale = l == 0 ? 1.0 : static_cast<double>(l) / static_cast<double>(l + 1);
    out.scores.push_back(scale * best_value);
    is_picked[feature[best]] = 1;
    --active;
    std::swap(slot_of[feature[best]], slot_of[feature[active]]);
    std::swap(feature[best], feature[active]);
    std::swap(slot_relevance[best], slot_relevance[active]);
    std::swap(data[best], data[active]);
    std::swap(redundancy[best], redundancy[active]);
    std::swap(counted[best], counted[active]);
    picked.push_back(data[active]);
  }
  return out;
}

}  // namespace detail

}  // namespace featrel::selectors
