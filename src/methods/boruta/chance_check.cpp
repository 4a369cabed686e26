// "Nothing selected although the model beats chance" (docs/boruta.md#errors-and-edge-cases): when Boruta confirms
// no feature, or SFC finds no relevant one, one forest on every usable column is scored out of bag and compared
// with chance, so that an empty answer on data that do carry signal is said out loud with its remedies.
#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>

#include "featrel/format.hpp"
#include "featrel/result_json.hpp"
#include "methods/boruta/boruta_internal.hpp"

namespace featrel::boruta::detail {

ChanceCheck chance_check(const forest::BinnedData& bins, const forest::Target& target,
                         const std::vector<std::size_t>& columns, forest::Params params, std::uint64_t seed) {
  ChanceCheck c;
  if (columns.empty()) return c;
  forest::Design design(bins);
  for (std::size_t j : columns) design.add(j);
  params.engine = forest::Engine::native;  // out-of-bag rows exist only in the native engine
  forest::FitRequest request;
  request.oob = true;
  const forest::FitResult fit = forest::fit(design, target, params, seed, request);
  const Eigen::MatrixXd& m = fit.oob_margins;
  const std::size_t n = target.n_rows();
  if (target.objective() == forest::Objective::regression) {
    // Out-of-bag predictions against y: R² and a one-sided Pearson test (t with n − 2 df).
    std::vector<double> y, f;
    for (std::size_t i = 0; i < n; ++i)
      if (!std::isnan(m(static_cast<Eigen::Index>(i), 0))) {
        y.push_back(target.values()[i]);
        f.push_back(m(static_cast<Eigen::Index>(i), 0));
      }
    c.rows = y.size();
    if (c.rows < 3) return c;
    double my = 0, mf = 0;
    for (std::size_t i = 0; i < c.rows; ++i) my += y[i], mf += f[i];
    my /= static_cast<double>(c.rows), mf /= static_cast<double>(c.rows);
    double syy = 0, sff = 0, syf = 0, sse = 0;
    for (std::size_t i = 0; i < c.rows; ++i) {
      syy += (y[i] - my) * (y[i] - my);
      sff += (f[i] - mf) * (f[i] - mf);
      syf += (y[i] - my) * (f[i] - mf);
      sse += (y[i] - f[i]) * (y[i] - f[i]);
    }
    c.metric = "out-of-bag R²";
    c.score = syy > 0 ? 1.0 - sse / syy : 0.0;
    c.chance = 0.0;
    c.chance_label = "0 for predicting the mean";
    if (syy <= 0 || sff <= 0) return c;
    const double r = syf / std::sqrt(syy * sff);
    const double df = static_cast<double>(c.rows) - 2.0;
    const double t = r * std::sqrt(df) / std::sqrt(std::max(1e-300, 1.0 - r * r));
    c.p_value = boost::math::cdf(boost::math::complement(boost::math::students_t(df), t));
  } else {
    // Out-of-bag accuracy against always predicting the majority class: one-sided binomial test.
    const std::vector<int> pred = forest::predict_classes(m, target.objective());
    std::vector<std::size_t> counts(target.n_classes(), 0);
    std::size_t correct = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (std::isnan(m(static_cast<Eigen::Index>(i), 0))) continue;
      ++c.rows;
      ++counts[static_cast<std::size_t>(target.labels()[i])];
      correct += pred[i] == target.labels()[i] ? 1 : 0;
    }
    if (c.rows == 0) return c;
    std::size_t major = 0;
    for (std::size_t k : counts) major = std::max(major, k);
    c.metric = "out-of-bag accuracy";
    c.score = static_cast<double>(correct) / static_cast<double>(c.rows);
    c.chance = static_cast<double>(major) / static_cast<double>(c.rows);
    c.chance_label = std::to_string(major) + " of " + std::to_string(c.rows) + " for always predicting the majority class";
    if (c.chance >= 1.0) return c;
    const boost::math::binomial_distribution<double> b(static_cast<double>(c.rows), c.chance);
    c.p_value = correct == 0 ? 1.0 : boost::math::cdf(boost::math::complement(b, static_cast<double>(correct - 1)));
  }
  c.beats = c.p_value <= kChanceLevel && c.score > c.chance;
  return c;
}

}  // namespace featrel::boruta::detail

namespace featrel::boruta {

namespace {
std::string sig(double v) { return format_significant(v, 4); }  // four significant digits for messages
}  // namespace

std::string ChanceCheck::describe() const {
  return metric + " " + sig(score) + " (chance: " + chance_label + "; p = " + sig(p_value) + " on " +
         std::to_string(rows) + " rows)";
}

report::Json ChanceCheck::to_json() const {
  report::Json j = report::Json::object();
  j["metric"] = metric;
  j["score"] = report::json_number(score);
  j["chance"] = report::json_number(chance);
  j["p_value"] = report::json_number(p_value);
  j["rows"] = rows;
  j["beats_chance"] = beats;
  return j;
}

}  // namespace featrel::boruta
