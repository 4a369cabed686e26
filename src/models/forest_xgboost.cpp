// The xgboost engine (docs/boruta.md#the-random-forest table): the same forest through the XGBoost C API in random-forest
// mode, kept for cross-checks. XGBoost reads the bin codes (0..B−1 as floats, NaN for missing), so its cuts
// coincide with featrel's bins; one UpdateOneIter with num_parallel_tree = T and learning_rate 1 gives
// margin = base + mean leaf value. It samples rows by Bernoulli draws and has its own random stream, so it agrees
// with the native engine statistically, not bit for bit. nthread = 1: parallelism belongs to the caller's tasks.
#include <xgboost/c_api.h>

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "models/forest_detail.hpp"

namespace featrel::forest::detail {

namespace {

void check(int rc, const char* what) {
  if (rc != 0) throw SolverError(std::string("xgboost: ") + what + " failed: " + XGBGetLastError());
}

struct DMatrix {
  DMatrixHandle h = nullptr;
  DMatrix() = default;
  DMatrix(const DMatrix&) = delete;
  DMatrix& operator=(const DMatrix&) = delete;
  ~DMatrix() {
    if (h) XGDMatrixFree(h);
  }
};

struct Booster {
  BoosterHandle h = nullptr;
  Booster() = default;
  Booster(const Booster&) = delete;
  Booster& operator=(const Booster&) = delete;
  ~Booster() {
    if (h) XGBoosterFree(h);
  }
};

// Row-major float codes of the given design rows; NaN for the missing code.
void make_dmatrix(DMatrix& out, const Design& design, const std::vector<std::uint32_t>* rows) {
  const std::size_t m = design.n_cols();
  const std::size_t nr = rows ? rows->size() : design.n_rows();
  std::vector<float> data(nr * m);
  for (std::size_t c = 0; c < m; ++c) {
    const std::uint8_t* codes = design.codes(c);
    const int miss = design.n_bins(c);
    for (std::size_t q = 0; q < nr; ++q) {
      const std::uint8_t v = codes[rows ? (*rows)[q] : q];
      data[q * m + c] = v == miss ? std::numeric_limits<float>::quiet_NaN() : static_cast<float>(v);
    }
  }
  check(XGDMatrixCreateFromMat_omp(data.data(), nr, m, std::numeric_limits<float>::quiet_NaN(), &out.h, 1),
        "XGDMatrixCreateFromMat");
}

void set(BoosterHandle b, const char* name, const std::string& value) {
  check(XGBoosterSetParam(b, name, value.c_str()), "XGBoosterSetParam");
}

// The trees of XGBoost's JSON model as featrel trees over the design's columns. A split sends x < cond left;
// for integer codes that is code ≤ ⌈cond⌉ − 1.
Model export_model(BoosterHandle b, const Design& design, const Target& target, std::size_t rounds) {
  bst_ulong len = 0;
  const char* buf = nullptr;
  check(XGBoosterSaveModelToBuffer(b, R"({"format": "json"})", &len, &buf), "XGBoosterSaveModelToBuffer");
  const nlohmann::json j = nlohmann::json::parse(buf, buf + len);
  const nlohmann::json& learner = j.at("learner");
  const double base_score = std::stod(learner.at("learner_model_param").at("base_score").get<std::string>());
  Model m;
  m.objective = target.objective();
  m.n_outputs = target.n_outputs();
  m.n_rounds = rounds;
  // binary:logistic stores the base as a probability; softprob and squared error store the margin itself.
  const double base = m.objective == Objective::binary ? std::log(base_score / (1.0 - base_score)) : base_score;
  m.base.assign(m.n_outputs, base);
  const nlohmann::json& model = learner.at("gradient_booster").at("model");
  const nlohmann::json& trees = model.at("trees");
  const nlohmann::json& info = model.at("tree_info");
  for (std::size_t t = 0; t < trees.size(); ++t) {
    const nlohmann::json& tj = trees[t];
    const auto left = tj.at("left_children").get<std::vector<int>>();
    const auto right = tj.at("right_children").get<std::vector<int>>();
    const auto index = tj.at("split_indices").get<std::vector<long>>();
    const auto cond = tj.at("split_conditions").get<std::vector<double>>();
    const auto def = tj.at("default_left").get<std::vector<int>>();
    Tree tree;
    tree.output = info[t].get<std::uint32_t>();
    tree.nodes.resize(left.size());
    for (std::size_t q = 0; q < left.size(); ++q) {
      Node& nd = tree.nodes[q];
      if (left[q] < 0) {
        nd.value = cond[q];
        continue;
      }
      nd.left = left[q];
      nd.right = right[q];
      nd.column = static_cast<std::uint32_t>(index[q]);
      const double c = std::ceil(cond[q]) - 1.0;
      nd.bin = static_cast<std::uint8_t>(std::clamp(c, 0.0, 254.0));
      nd.missing = static_cast<std::uint8_t>(design.n_bins(nd.column));
      nd.missing_left = def[q] != 0;
    }
    m.trees.push_back(std::move(tree));
  }
  return m;
}

}  // namespace

FitResult fit_xgboost(const Design& design, const Target& target, const Params& params, std::uint64_t seed,
                      const FitRequest& request, const FitSetup& setup) {
  const std::size_t m = design.n_cols(), n = design.n_rows(), K = target.n_outputs();
  DMatrix train;
  make_dmatrix(train, design, &setup.rows);
  std::vector<float> label(setup.rows.size());
  for (std::size_t q = 0; q < setup.rows.size(); ++q) {
    const std::uint32_t r = setup.rows[q];
    label[q] = target.objective() == Objective::regression ? static_cast<float>(target.values()[r])
                                                           : static_cast<float>(target.labels()[r]);
  }
  check(XGDMatrixSetFloatInfo(train.h, "label", label.data(), label.size()), "XGDMatrixSetFloatInfo");

  Booster b;
  check(XGBoosterCreate(&train.h, 1, &b.h), "XGBoosterCreate");
  set(b.h, "verbosity", "0");
  set(b.h, "nthread", "1");
  set(b.h, "booster", "gbtree");
  switch (target.objective()) {
    case Objective::binary: set(b.h, "objective", "binary:logistic"); break;
    case Objective::multiclass:
      set(b.h, "objective", "multi:softprob");
      set(b.h, "num_class", std::to_string(target.n_classes()));
      break;
    case Objective::regression: set(b.h, "objective", "reg:squarederror"); break;
  }
  set(b.h, "num_parallel_tree", std::to_string(params.n_trees));
  set(b.h, "learning_rate", "1");
  set(b.h, "subsample", format_number(params.row_fraction));
  const std::size_t k = setup.columns_per_draw;
  const std::string colsample = k >= m ? std::string("1") : format_number(xgboost_colsample(k, m));
  const bool per_tree = params.feature_sampling == FeatureSampling::tree;
  set(b.h, "colsample_bytree", per_tree ? colsample : "1");
  set(b.h, "colsample_bynode", per_tree ? "1" : colsample);
  set(b.h, "max_depth", std::to_string(params.max_depth));
  // Depth-wise growth needs a depth limit; an unlimited tree grows leaf-wise without a leaf budget, which splits
  // the same nodes.
  set(b.h, "grow_policy", params.max_depth > 0 ? "depthwise" : "lossguide");
  set(b.h, "min_child_weight",
      format_number(xgboost_min_child_weight(target.objective(), target.n_classes(), params.min_leaf_rows)));
  set(b.h, "reg_lambda", format_number(params.lambda));
  set(b.h, "reg_alpha", "0");
  set(b.h, "gamma", "0");
  set(b.h, "tree_method", "hist");
  set(b.h, "max_bin", "256");
  set(b.h, "base_score", target.objective() == Objective::regression ? format_number(setup.base[0]) : "0.5");
  set(b.h, "seed", std::to_string(seed % (std::uint64_t{1} << 31)));
  check(XGBoosterUpdateOneIter(b.h, 0, train.h), "XGBoosterUpdateOneIter");

  FitResult r;
  r.n_trees = params.n_trees * K;
  r.importance.assign(m, 0.0);
  {
    bst_ulong n_feat = 0, dim = 0;
    const char** names = nullptr;
    const bst_ulong* shape = nullptr;
    const float* scores = nullptr;
    check(XGBoosterFeatureScore(b.h, R"({"importance_type": "total_gain"})", &n_feat, &names, &dim, &shape, &scores),
          "XGBoosterFeatureScore");
    for (bst_ulong q = 0; q < n_feat; ++q) {
      const std::string name = names[q];  // "f<index>"; features without a split are absent (importance 0)
      if (name.size() < 2 || name[0] != 'f') continue;
      const std::size_t c = std::stoul(name.substr(1));
      if (c < m) r.importance[c] = scores[q];
    }
  }
  if (request.margins) {
    DMatrix all;
    const bool same = setup.rows.size() == n;
    if (!same) make_dmatrix(all, design, nullptr);
    const bst_ulong* shape = nullptr;
    bst_ulong dim = 0;
    const float* out = nullptr;
    check(XGBoosterPredictFromDMatrix(
              b.h, same ? train.h : all.h,
              R"({"type": 1, "training": false, "iteration_begin": 0, "iteration_end": 0, "strict_shape": false})",
              &shape, &dim, &out),
          "XGBoosterPredictFromDMatrix");
    r.margins.resize(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(K));
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t o = 0; o < K; ++o)
        r.margins(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(o)) = out[i * K + o];
  }
  if (request.keep_model) r.model = export_model(b.h, design, target, params.n_trees);
  return r;
}

}  // namespace featrel::forest::detail
