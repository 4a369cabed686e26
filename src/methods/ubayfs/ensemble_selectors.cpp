// The built-in elementary selectors wrapped as ubayfs::Selector (docs/selectors.md#algorithm): each returns the column
// indices of Z that mrmr, fisher or laplacian picks; rank order is irrelevant to the ensemble.
#include <cmath>
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/option_table.hpp"
#include "featrel/ubayfs_ensemble.hpp"

namespace featrel::ubayfs {

Selector builtin_selector(std::string_view name, const selectors::Options& settings) {
  Selector s;
  if (name == "mrmr") {
    s.name = "mrmr";
    const selectors::ClassRelevance relevance = settings.mrmr_relevance;
    s.fn = [relevance](const Eigen::MatrixXd& Z, const selectors::Target& y, int n, const std::vector<int>&,
                       std::uint64_t) { return selectors::mrmr(Z, y, n, relevance).selected; };
  } else if (name == "fisher") {
    s.name = "fisher";
    s.fn = [](const Eigen::MatrixXd& Z, const selectors::Target& y, int n, const std::vector<int>&,
              std::uint64_t) { return selectors::fisher(Z, y, n).selected; };
  } else if (name == "laplace" || name == "laplacian") {
    s.name = "laplacian";
    const double t = settings.laplacian_t;
    if (!(t > 0.0) || !std::isfinite(t))
      throw options::OptionError("laplacian_t",
                                 "option 'laplacian_t' must be a positive number, got " + format_number(t));
    s.fn = [t](const Eigen::MatrixXd& Z, const selectors::Target&, int n, const std::vector<int>&, std::uint64_t) {
      return selectors::laplacian(Z, n, t).selected;
    };
  } else {
    throw InputError("ubayfs: unknown selector '" + std::string(name) +
                     "'; known selectors: mrmr, fisher, laplacian (laplace)");
  }
  s.builtin = true;
  return s;
}

std::vector<Selector> builtin_selectors(const std::vector<std::string>& names, const EnsembleOptions& options) {
  selectors::Options settings;
  // --compat reference: mRMRe treats every class target as an ordered factor, so Somers' D throughout (docs/ubayfs.md#parameters),
  // unless a relevance was asked for explicitly.
  settings.mrmr_relevance = options.compat_reference && options.mrmr_relevance == selectors::ClassRelevance::automatic
                                ? selectors::ClassRelevance::somers
                                : options.mrmr_relevance;
  settings.laplacian_t = options.laplacian_t;
  std::vector<Selector> out;
  out.reserve(names.size());
  for (const std::string& name : names) out.push_back(builtin_selector(name, settings));
  return out;
}

}  // namespace featrel::ubayfs
