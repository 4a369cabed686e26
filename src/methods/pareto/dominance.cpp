// Pairwise better/worse masks, strict dominance, the Pareto front and its layers (docs/pareto.md#criteria-and-orientation to #front-and-layers).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "featrel/error.hpp"
#include "featrel/pareto_front.hpp"

namespace featrel::pareto {

std::vector<std::size_t> members(const CritSet& x) {
  std::vector<std::size_t> out;
  for (std::size_t c = 0; c < max_criteria; ++c)
    if (x.test(c)) out.push_back(c);
  return out;
}

bool set_order_less(const CritSet& a, const CritSet& b) {
  const std::size_t na = a.count(), nb = b.count();
  if (na != nb) return na < nb;
  const auto ma = members(a), mb = members(b);
  return ma < mb;
}

DominanceTable::DominanceTable(const Eigen::MatrixXd& values, double tie_tolerance)
    : m_(static_cast<std::size_t>(values.rows())), n_(static_cast<std::size_t>(values.cols())) {
  if (m_ == 0) throw InputError("pareto: the impact table has no criteria");
  if (m_ > max_criteria)
    throw InputError("pareto: " + std::to_string(m_) + " criteria exceed the limit of 128; use fewer classifiers or "
                     "measures");
  if (!(tie_tolerance >= 0) || !std::isfinite(tie_tolerance))
    throw InputError("pareto: tie_tolerance must be finite and >= 0");
  for (Eigen::Index c = 0; c < values.rows(); ++c)
    for (Eigen::Index j = 0; j < values.cols(); ++j)
      if (!std::isfinite(values(c, j)))
        throw InputError("pareto: impact of criterion " + std::to_string(c + 1) + ", feature " + std::to_string(j + 1) +
                         " is not a finite number");
  // With a tolerance every value becomes a grid index, so that "equal" is an equivalence relation.
  Eigen::MatrixXd v = values;
  if (tie_tolerance > 0) v = values.unaryExpr([tie_tolerance](double x) { return double(std::llround(x / tie_tolerance)); });
  v_.resize(n_ * m_);
  for (std::size_t f = 0; f < n_; ++f)
    for (std::size_t c = 0; c < m_; ++c) v_[f * m_ + c] = v(Eigen::Index(c), Eigen::Index(f));
  // Twin groups: features in lexicographic order of their values, equal neighbours joined.
  std::vector<std::size_t> order(n_);
  std::iota(order.begin(), order.end(), std::size_t{0});
  const auto row = [&](std::size_t f) { return v_.begin() + std::ptrdiff_t(f * m_); };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::lexicographical_compare(row(a), row(a) + std::ptrdiff_t(m_), row(b), row(b) + std::ptrdiff_t(m_));
  });
  std::vector<std::vector<std::size_t>> runs;
  for (std::size_t q = 0; q < n_; ++q) {
    if (q == 0 || !std::equal(row(order[q]), row(order[q]) + std::ptrdiff_t(m_), row(order[q - 1])))
      runs.emplace_back();
    runs.back().push_back(order[q]);  // ascending within a run: the sort is stable
  }
  std::sort(runs.begin(), runs.end(), [](const auto& a, const auto& b) { return a.front() < b.front(); });
  groups_ = std::move(runs);
  group_of_.assign(n_, 0);
  for (std::size_t k = 0; k < groups_.size(); ++k)
    for (std::size_t f : groups_[k]) group_of_[f] = k;
}

CritSet DominanceTable::all_criteria() const {
  CritSet all;
  for (std::size_t c = 0; c < m_; ++c) all.set(c);
  return all;
}

CritSet DominanceTable::equal(std::size_t f, std::size_t g) const {
  return all_criteria() & ~(better(f, g) | worse(f, g));
}

bool DominanceTable::on_front(std::size_t f, const CritSet& x) const {
  for (const auto& g : groups_)
    if (dominates(g.front(), f, x)) return false;  // a twin of f never dominates it
  return true;
}

std::vector<std::size_t> DominanceTable::front(const CritSet& x) const {
  std::vector<std::size_t> out;
  for (std::size_t f = 0; f < n_; ++f)
    if (on_front(f, x)) out.push_back(f);
  return out;
}

std::vector<int> DominanceTable::layers(const CritSet& x) const {
  // A feature's layer is one more than the highest layer of the features dominating it: the length of the longest
  // chain ending at it. If g dominates f on X, g's values on X come lexicographically before f's (g ≤ f on all of
  // X, < on one), so one pass in that order meets every dominator before the features it dominates: O(n²)
  // comparisons and O(n) memory (no list of dominance edges, which can hold a good share of n² pairs).
  // Twins share their layer (a chain never holds two twins), so the pass runs over the groups' first features.
  const std::vector<std::size_t> crit = members(x);
  const std::size_t n_groups = groups_.size();
  std::vector<std::size_t> order(n_groups);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t ka, std::size_t kb) {
    const std::size_t a = groups_[ka].front(), b = groups_[kb].front();
    for (std::size_t c : crit)
      if (v_[a * m_ + c] != v_[b * m_ + c]) return v_[a * m_ + c] < v_[b * m_ + c];
    return false;
  });
  std::vector<int> group_layer(n_groups, 0);
  for (std::size_t q = 0; q < n_groups; ++q) {
    const std::size_t k = order[q];
    int highest = 0;
    for (std::size_t r = 0; r < q; ++r) {
      const std::size_t kg = order[r];
      if (group_layer[kg] > highest && dominates(groups_[kg].front(), groups_[k].front(), x))
        highest = group_layer[kg];
    }
    group_layer[k] = highest + 1;
  }
  std::vector<int> layer(n_, 0);
  for (std::size_t f = 0; f < n_; ++f) layer[f] = group_layer[group_of_[f]];
  return layer;
}

std::vector<std::size_t> DominanceTable::dominated_by(std::size_t f, const CritSet& x) const {
  std::vector<std::size_t> out;
  for (std::size_t g = 0; g < n_; ++g)
    if (g != f && dominates(g, f, x)) out.push_back(g);
  return out;
}

std::size_t DominanceTable::tie_count() const {
  // Equal values counted directly (the same number as Σ |E(f,g)|, without building two sets per pair), per pair of
  // twin groups: k twins tie on all m criteria among themselves, and two groups' pairs tie as their first features.
  std::size_t ties = 0;
  for (std::size_t a = 0; a < groups_.size(); ++a) {
    const std::size_t ka = groups_[a].size();
    ties += m_ * ka * (ka - 1) / 2;
    const double* va = v_.data() + groups_[a].front() * m_;
    for (std::size_t b = a + 1; b < groups_.size(); ++b) {
      const double* vb = v_.data() + groups_[b].front() * m_;
      std::size_t equal = 0;
      for (std::size_t c = 0; c < m_; ++c) equal += va[c] == vb[c] ? 1 : 0;
      ties += equal * ka * groups_[b].size();
    }
  }
  return ties;
}

}  // namespace featrel::pareto
