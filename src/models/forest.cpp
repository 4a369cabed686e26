// The forest's engine interface (docs/boruta.md#the-random-forest): fit() checks its inputs once and hands them to the
// chosen engine; a kept Model predicts any design with the training design's column layout.
#include <algorithm>
#include <string>

#include "featrel/error.hpp"
#include "featrel/splits.hpp"
#include "models/forest_detail.hpp"

namespace featrel::forest {

double Tree::leaf_value(const Design& design, std::size_t row) const {
  std::int32_t id = 0;
  for (;;) {
    const Node& nd = nodes[static_cast<std::size_t>(id)];
    if (nd.left < 0) return nd.value;
    const std::uint8_t c = design.codes(nd.column)[row];
    const bool left = c == nd.missing ? nd.missing_left : c <= nd.bin;
    id = left ? nd.left : nd.right;
  }
}

Eigen::MatrixXd Model::margins(const Design& design) const {
  const std::size_t n = design.n_rows();
  for (const Tree& t : trees)
    for (const Node& nd : t.nodes)
      if (nd.left >= 0 && nd.column >= design.n_cols())
        throw InputError("forest: the design to predict has " + std::to_string(design.n_cols()) +
                         " columns; the model was fitted on more");
  Eigen::MatrixXd m(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n_outputs));
  for (std::size_t o = 0; o < n_outputs; ++o) m.col(static_cast<Eigen::Index>(o)).setConstant(base[o]);
  for (const Tree& t : trees) {
    auto col = m.col(static_cast<Eigen::Index>(t.output));
    for (std::size_t i = 0; i < n; ++i) col(static_cast<Eigen::Index>(i)) += t.leaf_value(design, i);
  }
  return m;
}

namespace {

// The checked inputs of a fit of `design`.
detail::FitSetup checked_setup(const Design& design, const Target& target, const Params& params,
                               const FitRequest& request) {
  validate(params);
  const std::size_t n = design.n_rows();
  if (design.n_cols() == 0) throw InputError("forest: a fit needs at least one column");
  if (target.n_rows() != n)
    throw InputError("forest: the target has " + std::to_string(target.n_rows()) + " rows, the design " +
                     std::to_string(n));
  if (request.importance_of && (*request.importance_of >= design.n_cols() || request.margins || request.oob ||
                                request.keep_model))
    throw InputError("forest: importance_of needs a column of the design and no margins, out-of-bag scores or model");
  if (request.oob && params.engine == Engine::xgboost)
    throw InputError("out-of-bag scores (--score oob) need the native engine; use --engine native");

  detail::FitSetup setup;
  if (request.rows.empty()) {
    setup.rows.resize(n);
    for (std::size_t i = 0; i < n; ++i) setup.rows[i] = static_cast<std::uint32_t>(i);
  } else {
    setup.rows.reserve(request.rows.size());
    for (std::size_t q = 0; q < request.rows.size(); ++q) {
      const std::size_t r = request.rows[q];
      if (r >= n || (q > 0 && r <= request.rows[q - 1]))
        throw InputError("forest: training rows must be ascending row indices below " + std::to_string(n));
      setup.rows.push_back(static_cast<std::uint32_t>(r));
    }
  }
  setup.sample_size = floor_count(params.row_fraction, setup.rows.size());
  if (setup.sample_size < 1)
    throw InputError("forest: --row-fraction " + std::to_string(params.row_fraction) + " of " +
                     std::to_string(setup.rows.size()) + " rows leaves no row for a tree");
  setup.columns_per_draw = params.feature_fraction.count(design.n_cols());

  const std::size_t K = target.n_outputs();
  setup.base.assign(K, 0.0);
  if (target.objective() == Objective::regression) {
    // base = mean(y) over the training rows, summed in row order.
    double s = 0.0;
    for (std::uint32_t r : setup.rows) s += target.values()[r];
    setup.base[0] = s / static_cast<double>(setup.rows.size());
  }
  return setup;
}

}  // namespace

FitResult fit(const Design& design, const Target& target, const Params& params, std::uint64_t seed,
              const FitRequest& request) {
  const detail::FitSetup setup = checked_setup(design, target, params, request);
  if (params.engine == Engine::xgboost) return detail::fit_xgboost(design, target, params, seed, request, setup);
  return detail::fit_native(design, target, params, seed, request, setup);
}

std::vector<double> last_column_importances(const std::vector<const Design*>& designs, const Target& target,
                                            const Params& params, std::uint64_t seed, const FitRequest& request) {
  if (designs.empty()) return {};
  const Design& first = *designs.front();
  const std::size_t m = first.n_cols();
  if (request.margins || request.oob || request.keep_model || request.importance_of)
    throw InputError("forest: last_column_importances reads importances only (no margins, out-of-bag scores, model "
                     "or importance_of)");
  for (const Design* d : designs) {
    bool same = d->n_cols() == m && &d->data() == &first.data();
    for (std::size_t c = 0; same && c + 1 < m; ++c) same = d->codes(c) == first.codes(c);
    if (!same)
      throw InputError("forest: last_column_importances needs designs that share every column but the last");
  }
  FitRequest rq = request;
  rq.importance_of = m - 1;
  if (params.engine != Engine::native || params.feature_sampling != FeatureSampling::tree) {
    // Node sampling draws columns as a tree grows, so trees cannot be shared: one fit per design.
    std::vector<double> r;
    for (const Design* d : designs) r.push_back(fit(*d, target, params, seed, rq).importance.back());
    return r;
  }
  const detail::FitSetup setup = checked_setup(first, target, params, rq);
  return detail::last_column_importances_native(designs, target, params, seed, request, setup);
}

}  // namespace featrel::forest
