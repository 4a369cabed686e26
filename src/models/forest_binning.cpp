// Binning once per run (docs/boruta.md#the-random-forest item 1): every column quantised into at most max_bins ordered
// bins plus a missing code, stored as uint8 codes column-major. Every forest of a run reads these codes; test rows
// are coded with the training edges (bin_like), so a model fitted on one BinnedData predicts another.
#include <algorithm>
#include <cmath>
#include <string>

#include "featrel/error.hpp"
#include "featrel/forest.hpp"

namespace featrel::forest {

namespace {

// Upper edges of the closed bins of one column's sorted finite values.
std::vector<double> column_edges(const std::vector<double>& sorted, int max_bins) {
  std::vector<double> edges;
  const std::size_t n_f = sorted.size();
  if (n_f == 0) return edges;
  std::size_t distinct = 1;
  for (std::size_t i = 1; i < n_f; ++i)
    if (sorted[i] != sorted[i - 1]) ++distinct;
  if (distinct <= static_cast<std::size_t>(max_bins)) {
    // One bin per value: the edges are every distinct value but the largest (whose bin is the open last one).
    edges.reserve(distinct - 1);
    for (std::size_t i = 0; i + 1 < n_f; ++i)
      if (sorted[i] != sorted[i + 1]) edges.push_back(sorted[i]);
    return edges;
  }
  const std::size_t B = static_cast<std::size_t>(max_bins);
  edges.reserve(B - 1);
  for (std::size_t b = 1; b < B; ++b) {
    const std::size_t pos = (b * n_f + B - 1) / B - 1;  // ⌈b·n_f/B⌉ − 1 in integers
    const double v = sorted[pos];
    if (edges.empty() || v != edges.back()) edges.push_back(v);
  }
  return edges;
}

std::uint8_t code_of(const std::vector<double>& edges, double x) {
  if (std::isnan(x)) return static_cast<std::uint8_t>(edges.size() + 1);  // missing code = n_bins
  // First edge >= x: x lies in (edge[b−1], edge[b]]; beyond the last edge it is the open last bin.
  return static_cast<std::uint8_t>(std::lower_bound(edges.begin(), edges.end(), x) - edges.begin());
}

}  // namespace

std::uint8_t BinnedData::code(std::size_t j, double x) const {
  if (std::isnan(x)) return static_cast<std::uint8_t>(n_bins_[j]);
  if (n_bins_[j] == 0) return 0;  // an all-missing column has no bin for a value; code 0 is its missing code
  return code_of(edges_[j], x);
}

BinnedData bin(const Eigen::Ref<const Eigen::MatrixXd>& X, int max_bins) {
  if (max_bins < 2 || max_bins > 255)
    throw InputError("forest: max_bins (--max-bins) must be in [2, 255], got " + std::to_string(max_bins));
  BinnedData out;
  const std::size_t n = static_cast<std::size_t>(X.rows()), d = static_cast<std::size_t>(X.cols());
  out.n_rows_ = n;
  out.codes_.resize(n * d);
  out.n_bins_.assign(d, 0);
  out.has_missing_.assign(d, 0);
  out.edges_.resize(d);
  std::vector<double> sorted;
  for (std::size_t j = 0; j < d; ++j) {
    const auto col = X.col(static_cast<Eigen::Index>(j));
    sorted.clear();
    for (std::size_t i = 0; i < n; ++i) {
      const double v = col(static_cast<Eigen::Index>(i));
      if (std::isnan(v)) continue;
      if (!std::isfinite(v))
        throw InputError("forest: column " + std::to_string(j) + ", row " + std::to_string(i + 1) +
                         " is infinite; only finite values and NaN (missing) can be binned");
      sorted.push_back(v);
    }
    std::sort(sorted.begin(), sorted.end());
    out.edges_[j] = column_edges(sorted, max_bins);
    out.n_bins_[j] = sorted.empty() ? 0 : static_cast<int>(out.edges_[j].size() + 1);
    out.has_missing_[j] = sorted.size() < n ? 1 : 0;
    std::uint8_t* codes = out.codes_.data() + j * n;
    for (std::size_t i = 0; i < n; ++i) codes[i] = out.code(j, col(static_cast<Eigen::Index>(i)));
  }
  return out;
}

BinnedData bin_like(const BinnedData& reference, const Eigen::Ref<const Eigen::MatrixXd>& X) {
  const std::size_t n = static_cast<std::size_t>(X.rows()), d = static_cast<std::size_t>(X.cols());
  if (d != reference.n_cols())
    throw InputError("forest: rows to code have " + std::to_string(d) + " columns, the binning has " +
                     std::to_string(reference.n_cols()));
  BinnedData out;
  out.n_rows_ = n;
  out.codes_.resize(n * d);
  out.n_bins_ = reference.n_bins_;
  out.edges_ = reference.edges_;
  out.has_missing_.assign(d, 0);
  for (std::size_t j = 0; j < d; ++j) {
    std::uint8_t* codes = out.codes_.data() + j * n;
    for (std::size_t i = 0; i < n; ++i) {
      const double v = X(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j));
      if (!std::isnan(v) && !std::isfinite(v))
        throw InputError("forest: column " + std::to_string(j) + ", row " + std::to_string(i + 1) +
                         " is infinite; only finite values and NaN (missing) can be binned");
      codes[i] = out.code(j, v);
      // A test column may have missing values the training rows had not: the missing code still routes them.
      if (std::isnan(v)) out.has_missing_[j] = 1;
    }
    // has_missing of a coded set also keeps the reference's flag, so that designs over either set agree on the
    // column layout the trees were fitted with.
    if (reference.has_missing(j)) out.has_missing_[j] = 1;
  }
  return out;
}

}  // namespace featrel::forest
