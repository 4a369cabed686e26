// The elimination loop keeps only the models its caller names (PathSettings::model_sizes): at p = 20,000 with step 1
// all of them would be p²/2 doubles, 1.6 GB. The kept models must be the keep-all path's, model_for must give the
// keep-all answer for every subset of a named size, a dropped model must never be read silently, and on_step must
// see every step's model.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

#include "crfe_test_data.hpp"
#include "methods/crfe/crfe_internal.hpp"

namespace {

using namespace featrel::crfe;
using featrel::crfe::detail::eliminate;
using featrel::crfe::detail::model_for;
using featrel::crfe::detail::Path;
using featrel::crfe::detail::PathInput;
using featrel::crfe::detail::PathSettings;
using featrel::crfe::detail::ranking_of;

std::vector<std::size_t> prefix(const std::vector<std::size_t>& ranking, std::size_t k) {
  std::vector<std::size_t> s(ranking.begin(), ranking.begin() + static_cast<std::ptrdiff_t>(k));
  std::sort(s.begin(), s.end());
  return s;
}

void expect_kept_models_work(Method method, double step_fraction) {
  constexpr std::size_t p = 120;
  const crfe_test::Wide w = crfe_test::wide(40, p, 2, 7);
  const ClassSums sums = class_sums(w.X, w.y, 2);
  PathInput in;
  in.X = &w.X;
  in.y = &w.y;
  in.n_classes = 2;
  for (std::size_t j = 0; j < p; ++j) in.start.push_back(j);
  in.sums = method == Method::crfe ? &sums : nullptr;
  PathSettings all;
  all.method = method;
  all.step_fraction = step_fraction;
  PathSettings few = all;
  few.keep_all_models = false;
  few.model_sizes = {p, 57, 9};
  std::vector<Eigen::MatrixXd> seen;
  few.on_step = [&](std::size_t t, const std::vector<std::size_t>& F, const Eigen::MatrixXd& model) {
    EXPECT_EQ(t, seen.size());
    EXPECT_EQ(static_cast<std::size_t>(model.cols()), F.size() + 1);
    seen.push_back(model);
  };
  featrel::RunContext ctx;
  Path full = eliminate(in, all, p, ctx, nullptr, "");
  Path kept = eliminate(in, few, p, ctx, nullptr, "");
  ASSERT_EQ(kept.removed, full.removed);
  ASSERT_EQ(kept.sizes, full.sizes);
  ASSERT_GE(full.n_steps(), 20u);

  // on_step saw every step's model; the kept ones are the keep-all path's to the bit, and few are kept.
  ASSERT_EQ(seen.size(), full.n_steps());
  std::size_t n_kept = 0;
  for (std::size_t t = 0; t < full.n_steps(); ++t) {
    EXPECT_EQ(seen[t], full.models[t]) << t;
    if (kept.models[t].size() == 0) {
      EXPECT_THROW(kept.model_at(t), std::logic_error) << t;
      continue;
    }
    ++n_kept;
    EXPECT_EQ(kept.models[t], full.models[t]) << t;
  }
  EXPECT_LE(n_kept, few.model_sizes.size() + 1);  // one step per named size, and the last
  EXPECT_GT(kept.models.back().size(), 0);

  // model_for on every named size's subset and on the survivors: the keep-all answer, bit for bit.
  const std::vector<std::size_t> ranking = ranking_of(full, method, {});
  std::vector<std::vector<std::size_t>> subsets{full.survivors};
  for (std::size_t k : few.model_sizes) subsets.push_back(prefix(ranking, k));
  for (const auto& subset : subsets) {
    const Model a = model_for(in, full, subset, all, ctx);
    const Model b = model_for(in, kept, subset, few, ctx);
    EXPECT_EQ(a.W, b.W) << subset.size();
    EXPECT_EQ(a.b, b.b) << subset.size();
  }
  // A size nobody named whose step was dropped: an error, not a silently different refit.
  bool refused = false;
  for (std::size_t k = 2; k < p && !refused; ++k) {
    if (std::find(few.model_sizes.begin(), few.model_sizes.end(), k) != few.model_sizes.end()) continue;
    try {
      model_for(in, kept, prefix(ranking, k), few, ctx);
    } catch (const std::logic_error&) {
      refused = true;
    }
  }
  EXPECT_TRUE(refused);
}

TEST(CrfeKeptModels, RfeStepOne) { expect_kept_models_work(Method::rfe, 0.0); }
TEST(CrfeKeptModels, CrfeFractionalStep) { expect_kept_models_work(Method::crfe, 0.1); }

}  // namespace
