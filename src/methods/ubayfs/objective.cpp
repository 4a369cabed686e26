// The compiled UBayFS objective and its incremental state (objective.hpp; docs/ubayfs.md#admissibility to #optimisers).
#include "objective.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace featrel::ubayfs::detail {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Row values are sums of the user's coefficients; a violation must exceed b by more than rounding.
constexpr double kSlack = 1e-9;

double softplus(double x) { return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x)); }

bool is_global_max_size(const Group& g, const Row& r, std::size_t n) {
  if (g.level != Level::feature || r.kind != RowKind::max_size || r.a.size() != n) return false;
  return std::all_of(r.a.begin(), r.a.end(), [](const auto& p) { return p.second == 1.0; });
}

}  // namespace

Compiled::Compiled(const Problem& p, AdmissibilityMode m)
    : n(p.n_features()), lambda(p.lambda), mode(m), epsilon(p.epsilon), reference_scoring(p.reference_scoring) {
  alpha_post.resize(n);
  for (std::size_t j = 0; j < n; ++j) alpha_post[j] = p.prior[j] + p.counts[j];
  total = std::accumulate(alpha_post.begin(), alpha_post.end(), 0.0);
  const double scale = (mode == AdmissibilityMode::paper && p.rho_scaling) ? total : 1.0;
  for (std::size_t gi = 0; gi < p.groups.size(); ++gi) {
    const Group& g = p.groups[gi];
    CompiledGroup cg;
    cg.feature_level = g.level == Level::feature;
    cg.n_units = g.n_units(n);
    cg.unit_rows.resize(cg.n_units);
    if (!cg.feature_level) {
      cg.feature_units.resize(n);
      cg.unit_members = g.blocks;
      for (std::size_t w = 0; w < g.blocks.size(); ++w)
        for (std::size_t j : g.blocks[w]) cg.feature_units[j].push_back(w);
    }
    for (const Row& r : g.rows) {
      const std::size_t k = rows.size();
      CompiledRow cr;
      cr.b = r.b;
      cr.hard = r.hard();
      cr.rho = cr.hard ? kInf : r.rho * scale;
      cr.global_max_size = is_global_max_size(g, r, n);
      cr.group = groups.size();
      for (const auto& [unit, a] : r.a) {
        cg.unit_rows[unit].push_back({k, a});
        if (a < 0) cr.negative.push_back({unit, a});
      }
      rows.push_back(std::move(cr));
      row_rho_raw.push_back(r.rho);
    }
    groups.push_back(std::move(cg));
  }
}

double Compiled::log_phi(std::size_t k, double u) const {
  const CompiledRow& r = rows[k];
  const double v = u - r.b;
  if (mode == AdmissibilityMode::reference) {
    if (v <= kSlack) return 0.0;
    if (r.hard) return -kInf;
    return std::log(2.0) - softplus(r.rho * v);
  }
  if (r.hard) return v <= kSlack ? 0.0 : -kInf;
  // log σ(ρ̃(b + ε − u)), applied whether the row is satisfied or not (the paper's eq. 8–9).
  return -softplus(-r.rho * (r.b + epsilon - u));
}

double Compiled::utility(double alpha_sum, double log_adm_soft, int hard_violated) const {
  const double s = alpha_sum / total;
  if (hard_violated > 0) return reference_scoring ? s : -kInf;
  return s + lambda * std::exp(log_adm_soft);
}

bool Compiled::only_max_size() const {
  return std::all_of(rows.begin(), rows.end(), [](const CompiledRow& r) { return r.global_max_size; });
}

std::vector<std::size_t> Compiled::order_by_theta() const {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return alpha_post[a] > alpha_post[b]; });
  return order;
}

// ---- State ---------------------------------------------------------------------------------------------------

State::State(const Compiled& c) : c_(&c), bits_(c.n, 0) {
  counts_.resize(c.groups.size());
  for (std::size_t g = 0; g < c.groups.size(); ++g)
    if (!c.groups[g].feature_level) counts_[g].assign(c.groups[g].n_units, 0);
  u_.assign(c.rows.size(), 0.0);
  log_phi_.assign(c.rows.size(), 0.0);
  rebuild();
}

void State::clear() {
  std::fill(bits_.begin(), bits_.end(), 0);
  rebuild();
}

void State::assign(const std::vector<std::uint8_t>& bits) {
  bits_ = bits;
  rebuild();
}

void State::set_active(const std::vector<std::uint8_t>& active) {
  active_ = active;
  active_violated_ = 0;
  for (std::size_t k = 0; k < active_.size(); ++k)
    if (active_[k] && u_[k] > c_->rows[k].b + kSlack) ++active_violated_;
}

void State::rebuild() {
  const Compiled& c = *c_;
  card_ = 0;
  alpha_sum_ = 0;
  for (std::size_t j = 0; j < c.n; ++j)
    if (bits_[j]) {
      ++card_;
      alpha_sum_ += c.alpha_post[j];
    }
  std::fill(u_.begin(), u_.end(), 0.0);
  for (std::size_t g = 0; g < c.groups.size(); ++g) {
    const CompiledGroup& cg = c.groups[g];
    if (cg.feature_level) {
      for (std::size_t j = 0; j < c.n; ++j)
        if (bits_[j])
          for (const auto& [k, a] : cg.unit_rows[j]) u_[k] += a;
    } else {
      std::fill(counts_[g].begin(), counts_[g].end(), 0);
      for (std::size_t j = 0; j < c.n; ++j)
        if (bits_[j])
          for (std::size_t w : cg.feature_units[j]) ++counts_[g][w];
      for (std::size_t w = 0; w < cg.n_units; ++w)
        if (counts_[g][w] > 0)
          for (const auto& [k, a] : cg.unit_rows[w]) u_[k] += a;
    }
  }
  log_soft_ = 0;
  hard_violated_ = 0;
  active_violated_ = 0;
  for (std::size_t k = 0; k < c.rows.size(); ++k) {
    log_phi_[k] = c.log_phi(k, u_[k]);
    if (c.rows[k].hard) {
      if (log_phi_[k] == -kInf) ++hard_violated_;
    } else {
      log_soft_ += log_phi_[k];
    }
    if (!active_.empty() && active_[k] && u_[k] > c.rows[k].b + kSlack) ++active_violated_;
  }
  flips_ = 0;
}

void State::update_row(std::size_t k, double delta) {
  const Compiled& c = *c_;
  const double before = u_[k];
  u_[k] += delta;
  const double lp = c.log_phi(k, u_[k]);
  if (c.rows[k].hard) {
    hard_violated_ += (lp == -kInf) - (log_phi_[k] == -kInf);
  } else {
    log_soft_ += lp - log_phi_[k];
  }
  log_phi_[k] = lp;
  if (!active_.empty() && active_[k]) {
    const double b = c.rows[k].b + kSlack;
    active_violated_ += (u_[k] > b) - (before > b);
  }
}

void State::flip(std::size_t j) {
  const Compiled& c = *c_;
  const bool on = bits_[j] == 0;
  bits_[j] = on ? 1 : 0;
  const double d = on ? 1.0 : -1.0;
  card_ = on ? card_ + 1 : card_ - 1;
  alpha_sum_ += d * c.alpha_post[j];
  for (std::size_t g = 0; g < c.groups.size(); ++g) {
    const CompiledGroup& cg = c.groups[g];
    if (cg.feature_level) {
      for (const auto& [k, a] : cg.unit_rows[j]) update_row(k, d * a);
      continue;
    }
    for (std::size_t w : cg.feature_units[j]) {
      std::size_t& count = counts_[g][w];
      const bool toggles = on ? count == 0 : count == 1;
      count = on ? count + 1 : count - 1;
      if (toggles)
        for (const auto& [k, a] : cg.unit_rows[w]) update_row(k, d * a);
    }
  }
  // Incremental sums drift by rounding; a periodic rebuild bounds it (docs/ubayfs.md#optimisers).
  if (++flips_ >= (1u << 16)) rebuild();
}

double State::log_admissibility() const { return hard_violated_ > 0 ? -kInf : log_soft_; }

// ---- helpers -------------------------------------------------------------------------------------------------

double exact_utility(const Compiled& c, const std::vector<std::uint8_t>& bits) {
  std::vector<double> chosen;
  for (std::size_t j = 0; j < c.n; ++j)
    if (bits[j]) chosen.push_back(c.alpha_post[j]);
  std::sort(chosen.begin(), chosen.end());
  double sum = 0;
  for (double v : chosen) sum += v;
  State s(c);
  s.assign(bits);
  return c.utility(sum, s.log_adm_soft(), s.hard_violated());
}

std::vector<std::size_t> to_indices(const std::vector<std::uint8_t>& bits) {
  std::vector<std::size_t> idx;
  for (std::size_t j = 0; j < bits.size(); ++j)
    if (bits[j]) idx.push_back(j);
  return idx;
}

std::vector<std::uint8_t> to_bits(const std::vector<std::size_t>& idx, std::size_t n) {
  std::vector<std::uint8_t> bits(n, 0);
  for (std::size_t j : idx) bits[j] = 1;
  return bits;
}

std::vector<std::vector<std::size_t>> collect_ties(const Compiled& c, std::vector<std::vector<std::uint8_t>> cands,
                                                   std::size_t max_ties, bool& truncated) {
  std::sort(cands.begin(), cands.end());
  cands.erase(std::unique(cands.begin(), cands.end()), cands.end());
  struct Scored {
    double u;
    std::vector<std::size_t> idx;
  };
  std::vector<Scored> scored;
  double best = -kInf;
  for (const auto& b : cands) {
    const double u = exact_utility(c, b);
    if (std::isnan(u)) continue;
    best = std::max(best, u);
    scored.push_back({u, to_indices(b)});
  }
  std::vector<std::vector<std::size_t>> out;
  if (best == -kInf) return out;
  std::vector<Scored> kept;
  for (auto& s : scored)
    if (s.u >= best - c.tolerance()) kept.push_back(std::move(s));
  std::sort(kept.begin(), kept.end(), [](const Scored& a, const Scored& b) {
    if (a.u != b.u) return a.u > b.u;
    return a.idx < b.idx;
  });
  if (kept.size() > max_ties) {
    truncated = true;
    kept.resize(max_ties);
  }
  for (auto& s : kept) out.push_back(std::move(s.idx));
  return out;
}

}  // namespace featrel::ubayfs::detail
