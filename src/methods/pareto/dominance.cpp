// Pairwise better/worse masks, strict dominance, the Pareto front and its layers (docs/pareto.md#criteria-and-orientation to #front-and-layers).
#include <cmath>
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
  better_.assign(n_ * n_, CritSet{});
  for (std::size_t f = 0; f < n_; ++f)
    for (std::size_t g = 0; g < n_; ++g) {
      if (f == g) continue;
      CritSet& b = better_[f * n_ + g];
      for (std::size_t c = 0; c < m_; ++c)
        if (v(Eigen::Index(c), Eigen::Index(f)) < v(Eigen::Index(c), Eigen::Index(g))) b.set(c);
    }
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
  for (std::size_t g = 0; g < n_; ++g)
    if (g != f && dominates(g, f, x)) return false;
  return true;
}

std::vector<std::size_t> DominanceTable::front(const CritSet& x) const {
  std::vector<std::size_t> out;
  for (std::size_t f = 0; f < n_; ++f)
    if (on_front(f, x)) out.push_back(f);
  return out;
}

std::vector<int> DominanceTable::layers(const CritSet& x) const {
  // Kahn's algorithm by levels on the dominance order: a feature's level is one more than the highest level of
  // the features dominating it, i.e. the length of the longest chain ending at it.
  std::vector<int> layer(n_, 0);
  std::vector<std::size_t> dominators(n_, 0);
  std::vector<std::vector<std::size_t>> dominated(n_);
  for (std::size_t f = 0; f < n_; ++f)
    for (std::size_t g = 0; g < n_; ++g)
      if (g != f && dominates(g, f, x)) {
        ++dominators[f];
        dominated[g].push_back(f);
      }
  std::vector<std::size_t> current;
  for (std::size_t f = 0; f < n_; ++f)
    if (dominators[f] == 0) current.push_back(f);
  int level = 1;
  while (!current.empty()) {
    std::vector<std::size_t> next;
    for (std::size_t g : current) {
      layer[g] = level;
      for (std::size_t f : dominated[g])
        if (--dominators[f] == 0) next.push_back(f);
    }
    current.swap(next);
    ++level;
  }
  return layer;
}

std::vector<std::size_t> DominanceTable::dominated_by(std::size_t f, const CritSet& x) const {
  std::vector<std::size_t> out;
  for (std::size_t g = 0; g < n_; ++g)
    if (g != f && dominates(g, f, x)) out.push_back(g);
  return out;
}

std::size_t DominanceTable::tie_count() const {
  std::size_t ties = 0;
  for (std::size_t f = 0; f < n_; ++f)
    for (std::size_t g = f + 1; g < n_; ++g) ties += equal(f, g).count();
  return ties;
}

}  // namespace featrel::pareto
