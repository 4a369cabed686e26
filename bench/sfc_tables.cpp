// The SFC paper's Tables 3 and 6 (and the class-level Tables 8 and 10) for featrel, with the protocol of
// docs/boruta.md#paper-targets: per set, generator seeds 0..S-1, one run each with run seed = data seed + 1000;
// precision, recall and F1 of the all-relevant set (class > 0 against truth > 0), and for SFC also of the strong
// (2 vs 2) and weak (1 vs 1) classes; undefined precision (nothing predicted) is skipped in the mean. Rows:
// featrel SFC (defaults), featrel Boruta (defaults: its confirmed set), and the paper's SQ column. Below each SFC row,
// where its errors come from, as counts per run: irrelevant features confirmed by the Boruta step (FP in A) or only
// in the minimal set (FP in M \ A); strong features missed because they are outside V, in V but not in M (never
// tested), or tested and not called strong; weak features called strong. A borderline line
// (docs/boruta.md#borderline-features): relevant features called irrelevant per run, those of them flagged
// borderline, irrelevant features flagged, and the share of runs with the borderline_features warning (and with the
// count's p <= 0.01). A near-copies line: features step 8c made weak per run, those of them truly irrelevant, strong
// features it made weak, and the all-relevant F1 with those copies irrelevant. With 20 seeds or more, a spread line:
// the standard error of the mean F1, the range of the means of blocks of 10 seeds (the paper's table size) and how
// many reach the paper's F1 less 0.02, and the F1 of
// the top-k columns by |r| with y (how separable the data is).
// Usage: sfc_tables [--seeds S] [--seed-start K] [--threads T] [--sets 1,5,NL1] [--set KEY=VALUE ...] [--no-boruta]
// [--irrelevant-cluster C] (bench/sfc_tables.sh runs it). --seed-start K uses data seeds K..K+S-1 (run seed = data
// seed + 1000), so results can be checked on seeds other than 0..S-1; --set changes an SFC option (the keys of
// `featrel options sfc`); --irrelevant-cluster C turns the first C irrelevant features of every set that has that
// many into near-copies (noise SD 0.1) of one latent independent of y, a redundant group that is irrelevant (the
// false-positive check of SFC's cluster step), and counts how many of them are called relevant.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "featrel/boruta.hpp"
#include "featrel/generate.hpp"
#include "featrel/metrics.hpp"
#include "featrel/rng.hpp"
#include "featrel/sfc.hpp"
#include "featrel/stats.hpp"

namespace {

struct Mean {
  double sum = 0.0;
  int n = 0;
  void add(double v) {
    if (std::isfinite(v)) sum += v, ++n;
  }
  void add(const std::optional<double>& v) {
    if (v) add(*v);
  }
  double value() const { return n ? sum / n : NAN; }
};

struct Scores {
  Mean p, r, f1, acc, strong_p, strong_r, weak_p, weak_r;
  // Error sources per run (see the header).
  Mean fp_a, fp_m, miss_v, miss_m, miss_test, weak_as_strong;
  // Relevant features called irrelevant, those of them flagged borderline, irrelevant ones flagged, runs warned,
  // and runs whose borderline count has p <= 0.01.
  Mean missed, missed_flagged, irrelevant_flagged, warned, p01;
  // Step 8c: features made weak as near copies, those of them truly irrelevant, strong features made weak (those of
  // them truly strong); and the all-relevant F1 with the copies irrelevant again (not the F1 of copy_correlation=0,
  // under which near copies are also tested one by one in steps 8 and 8b: run that with --set copy_correlation=0).
  Mean copies, copies_irrelevant, copies_demoted, demoted_strong, f1_without_copies;
  int cluster_members = 0, cluster_called = 0;  // --irrelevant-cluster
  int cluster_called_as_copies = 0;              // of cluster_called, those step 8c made weak
};

struct Set {
  const char* name;
  bool nonlinear;
  std::size_t n, strong, weak, irrelevant;
  // Paper SQ: all-relevant F1 (Table 3 / Table 6); precision and recall (Table 6, NL only, else NaN);
  // strong P/R and weak P/R (Tables 8 / 10).
  double f1, p, r, sp, sr, wp, wr;
};

constexpr double X = NAN;
// The paper's class-level values as printed (Tables 8 and 10), also where a set has no feature of that class.
const Set kSets[] = {
    {"Set 1", false, 150, 6, 0, 6, 0.98, X, X, 1.00, 0.95, 1.00, 1.00},
    {"Set 2", false, 150, 0, 6, 6, 0.92, X, X, 1.00, 1.00, 0.87, 1.00},
    {"Set 3", false, 150, 3, 4, 3, 0.97, X, X, 0.74, 0.99, 0.99, 0.72},
    {"Set 4", false, 256, 6, 6, 6, 0.93, X, X, 0.86, 0.99, 0.99, 0.68},
    {"Set 5", false, 512, 1, 2, 11, 0.99, X, X, 0.49, 1.00, 0.99, 0.50},
    {"Set 6", false, 200, 1, 20, 0, 0.99, X, X, 0.50, 1.00, 1.00, 0.93},
    {"Set 7", false, 200, 1, 20, 20, 0.95, X, X, 0.46, 1.00, 0.99, 0.88},
    {"Set 8", false, 2000, 10, 10, 50, 0.99, X, X, 0.90, 1.00, 1.00, 0.85},
    {"NL 1", true, 1000, 10, 0, 10, 0.98, 0.97, 1.00, 1.00, 0.59, X, X},
    {"NL 2", true, 1000, 4, 10, 6, 1.00, 1.00, 1.00, 1.00, 0.97, 0.99, 1.00},
    {"NL 3", true, 1000, 10, 10, 30, 0.70, 0.80, 0.63, 0.86, 0.87, 0.20, 0.14},
    {"NL 4", true, 1000, 10, 10, 60, 0.77, 0.62, 1.00, 0.65, 0.87, 0.18, 0.39},
};

std::string cell(double v) {
  if (!std::isfinite(v)) return "   - ";
  char b[16];
  std::snprintf(b, sizeof b, "%5.2f", v);
  return b;
}

// "Set 1" -> "1", "NL 1" -> "NL1": the names --sets takes.
std::string short_name(const char* name) {
  std::string s(name);
  if (s.rfind("Set ", 0) == 0) return s.substr(4);
  s.erase(std::remove(s.begin(), s.end(), ' '), s.end());
  return s;
}

// How well the data itself separates relevant from irrelevant columns, without a model: the all-relevant F1 of the
// k columns with the largest |Pearson r| with y, k the number of truly relevant columns (an oracle for k). On the
// linear sets a method far below it misses information the data holds; on the XOR-like NL sets a relevant column
// can have no marginal correlation, so the value is low there by construction.
double marginal_oracle_f1(const featrel::Dataset& data, const std::vector<bool>& relevant) {
  const std::size_t d = data.n_features(), n = static_cast<std::size_t>(data.X.rows());
  const Eigen::VectorXd& y = data.y;
  std::vector<std::pair<double, std::size_t>> r;
  for (std::size_t j = 0; j < d; ++j)
    r.emplace_back(-std::abs(featrel::stats::pearson_complete(data.X.col(static_cast<Eigen::Index>(j)).data(),
                                                              y.data(), n)),
                   j);
  std::sort(r.begin(), r.end());
  const std::size_t k = static_cast<std::size_t>(std::count(relevant.begin(), relevant.end(), true));
  std::vector<bool> sel(d, false);
  for (std::size_t i = 0; i < k; ++i) sel[r[i].second] = true;
  return featrel::metrics::selection_quality(sel, relevant).f1;
}

// The paper's tables average 10 data sets per row, so its numbers carry the spread of a 10-set mean. With at least
// 20 seeds: the standard error of the mean F1, and the means of the consecutive blocks of 10 seeds (min and max),
// with how many blocks reach the paper's F1 less 0.02 (the issue's bar): whether the gap to the paper's number is
// larger than the table's own sampling spread. Then the mean of marginal_oracle_f1 over the same data sets.
void print_spread(const std::vector<double>& f1, double paper, double oracle) {
  std::vector<double> v;
  for (double x : f1)
    if (std::isfinite(x)) v.push_back(x);
  if (v.size() < 20) return;
  const double mean = featrel::stats::mean(v);
  const double se = featrel::stats::sd(v, featrel::stats::SdKind::sample) / std::sqrt(static_cast<double>(v.size()));
  std::vector<double> blocks;
  for (std::size_t b = 0; b + 10 <= v.size(); b += 10) {
    double m = 0;
    for (std::size_t i = b; i < b + 10; ++i) m += v[i];
    blocks.push_back(m / 10);
  }
  const auto [lo, hi] = std::minmax_element(blocks.begin(), blocks.end());
  const long reach = std::count_if(blocks.begin(), blocks.end(), [&](double m) { return m >= paper - 0.02 - 1e-12; });
  std::printf("%-6s %-14s | F1 %.3f, SE %.3f; blocks of 10 seeds: %.2f-%.2f, %ld of %zu at >= paper - 0.02 (%.2f); "
              "top-k by |r|: %.3f\n",
              "", "  spread", mean, se, *lo, *hi, reach, blocks.size(), paper - 0.02, oracle);
}

}  // namespace

int main(int argc, char** argv) {
  int seeds = 10, seed_start = 0, irrelevant_cluster = 0;
  unsigned threads = 2;
  bool with_boruta = true;
  std::vector<std::string> only;
  featrel::sfc::Options options;
  std::string changed;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--no-boruta") {
      with_boruta = false;
      continue;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "sfc_tables: %s needs a value\n", a.c_str());
      return 2;
    }
    const std::string v = argv[++i];
    if (a == "--seeds") {
      seeds = std::atoi(v.c_str());
    } else if (a == "--irrelevant-cluster") {
      irrelevant_cluster = std::atoi(v.c_str());
    } else if (a == "--seed-start") {
      seed_start = std::atoi(v.c_str());
    } else if (a == "--threads") {
      threads = static_cast<unsigned>(std::atoi(v.c_str()));
    } else if (a == "--sets") {
      for (std::size_t b = 0, e; b <= v.size(); b = e + 1) {
        e = std::min(v.find(',', b), v.size());
        only.push_back(v.substr(b, e - b));
      }
    } else if (a == "--set") {
      const std::size_t eq = v.find('=');
      if (eq == std::string::npos) {
        std::fprintf(stderr, "sfc_tables: --set needs KEY=VALUE, got '%s'\n", v.c_str());
        return 2;
      }
      try {
        featrel::sfc::option_table().set(options, v.substr(0, eq), v.substr(eq + 1));
      } catch (const std::exception& e) {
        std::fprintf(stderr, "sfc_tables: %s\n", e.what());
        return 2;
      }
      changed += " " + v;
    } else {
      std::fprintf(stderr, "sfc_tables: unknown argument %s\n", a.c_str());
      return 2;
    }
  }
  std::printf("SFC paper (002) Tables 3/6 and 8/10 for featrel: %d generated data sets per row, seeds %d-%d, "
              "run seed = data seed + 1000, %u threads; SFC options: %s\n\n",
              seeds, seed_start, seed_start + seeds - 1, threads, changed.empty() ? "defaults" : changed.c_str() + 1);
  std::printf("%-6s %-14s | %-5s %-5s %-5s %-5s | %-5s %-5s %-5s %-5s | %-5s %-5s | %s\n", "set", "method", "P", "R",
              "F1", "acc", "S-P", "S-R", "W-P", "W-R", "paperF1", "", "seconds/run");
  Scores lin_sfc, nl_sfc, lin_bo, nl_bo;
  for (const Set& s : kSets) {
    if (!only.empty() && std::find(only.begin(), only.end(), short_name(s.name)) == only.end()) continue;
    Scores sfc_scores, bo_scores;
    std::vector<double> run_f1;  // per data seed, for the spread of a 10-data-set table
    Mean oracle;                 // marginal_oracle_f1 per data seed
    double sfc_seconds = 0, bo_seconds = 0;
    for (int seed = seed_start; seed < seed_start + seeds; ++seed) {
      featrel::gen::RelevanceOptions o;
      o.n_samples = s.n;
      o.n_features = s.strong + s.weak + s.irrelevant;
      o.n_strong = s.strong;
      o.n_weak = s.weak;
      o.nonlinear = s.nonlinear;
      o.noise = s.nonlinear ? 0.1 : 0.0;
      const auto g = featrel::gen::generate_relevance(o, static_cast<std::uint64_t>(seed));
      featrel::Dataset data = g.to_dataset();
      std::vector<std::size_t> cluster;
      if (irrelevant_cluster > 0 && s.irrelevant >= static_cast<std::size_t>(irrelevant_cluster)) {
        const std::size_t members = static_cast<std::size_t>(irrelevant_cluster);
        for (std::size_t j = 0; j < g.truth.classes.size() && cluster.size() < members; ++j)
          if (g.truth.classes[j] == 0) cluster.push_back(j);
        featrel::rng::Rng cr(featrel::rng::derive(static_cast<std::uint64_t>(seed), 77));
        for (Eigen::Index i = 0; i < data.X.rows(); ++i) {
          const double latent = cr.normal();
          for (std::size_t j : cluster) data.X(i, static_cast<Eigen::Index>(j)) = latent + 0.1 * cr.normal();
        }
      }
      featrel::RunContext ctx;
      ctx.threads = threads;
      ctx.seed = static_cast<std::uint64_t>(seed) + 1000;
      const std::size_t d = data.n_features();
      std::vector<bool> relevant(d);
      for (std::size_t j = 0; j < d; ++j) relevant[j] = g.truth.classes[j] > 0;

      auto t0 = std::chrono::steady_clock::now();
      const auto r = featrel::sfc::run(data, options, ctx);
      auto t1 = std::chrono::steady_clock::now();
      sfc_seconds += std::chrono::duration<double>(t1 - t0).count();
      std::vector<int> cls(d);
      std::vector<bool> sel(d);
      for (std::size_t j = 0; j < d; ++j) cls[j] = r.features[j].cls, sel[j] = cls[j] > 0;
      const auto all = featrel::metrics::selection_quality(sel, relevant);
      std::vector<bool> sel_without_copies = sel;
      double copies_irrelevant = 0, demoted_strong = 0;
      for (std::size_t j : r.copies_added) sel_without_copies[j] = false, copies_irrelevant += !relevant[j];
      for (std::size_t j : r.copies_demoted) demoted_strong += g.truth.classes[j] == 2;
      const double f1_without_copies = featrel::metrics::selection_quality(sel_without_copies, relevant).f1;
      const auto st = featrel::metrics::selection_quality_by_class(cls, g.truth.classes, 2);
      const auto wk = featrel::metrics::selection_quality_by_class(cls, g.truth.classes, 1);
      double fp_a = 0, fp_m = 0, miss_v = 0, miss_m = 0, miss_test = 0, weak_as_strong = 0;
      double missed = 0, missed_flagged = 0, irrelevant_flagged = 0;
      for (std::size_t j = 0; j < d; ++j) {
        const auto& f = r.features[j];
        const int truth = g.truth.classes[j];
        if (truth == 0 && f.in_all_relevant) ++fp_a;
        if (truth == 0 && !f.in_all_relevant && f.cls > 0) ++fp_m;
        if (truth == 2 && f.cls < 2) ++(f.cls == 0 ? miss_v : !f.in_minimal ? miss_m : miss_test);
        if (truth == 1 && f.cls == 2) ++weak_as_strong;
        if (truth > 0 && f.cls == 0) ++missed, missed_flagged += f.borderline;
        if (truth == 0) irrelevant_flagged += f.borderline;
      }
      const bool warned = std::any_of(r.warnings.begin(), r.warnings.end(), [](const std::string& w) {
        return w.rfind("borderline_features:", 0) == 0;
      });
      run_f1.push_back(all.f1);
      oracle.add(marginal_oracle_f1(data, relevant));
      for (Scores* sc : {&sfc_scores, s.nonlinear ? &nl_sfc : &lin_sfc}) {
        sc->cluster_members += static_cast<int>(cluster.size());
        for (std::size_t j : cluster) sc->cluster_called += r.features[j].cls > 0;
        for (std::size_t j : cluster)
          sc->cluster_called_as_copies += std::binary_search(r.copies_added.begin(), r.copies_added.end(), j);
        sc->fp_a.add(fp_a);
        sc->fp_m.add(fp_m);
        sc->miss_v.add(miss_v);
        sc->miss_m.add(miss_m);
        sc->miss_test.add(miss_test);
        sc->weak_as_strong.add(weak_as_strong);
        sc->copies.add(static_cast<double>(r.copies_added.size()));
        sc->copies_irrelevant.add(copies_irrelevant);
        sc->copies_demoted.add(static_cast<double>(r.copies_demoted.size()));
        sc->demoted_strong.add(demoted_strong);
        sc->f1_without_copies.add(f1_without_copies);
        sc->missed.add(missed);
        sc->missed_flagged.add(missed_flagged);
        sc->irrelevant_flagged.add(irrelevant_flagged);
        sc->warned.add(warned ? 1.0 : 0.0);
        sc->p01.add(r.borderline && r.borderline->flagged > 0 && r.borderline->p_value <= 0.01 ? 1.0 : 0.0);
        sc->p.add(all.precision);
        sc->r.add(all.recall);
        sc->f1.add(all.f1);
        sc->acc.add(r.model_score);
        sc->strong_p.add(st.precision);
        sc->strong_r.add(st.recall);
        sc->weak_p.add(wk.precision);
        sc->weak_r.add(wk.recall);
      }

      if (!with_boruta) continue;
      t0 = std::chrono::steady_clock::now();
      const auto b = featrel::boruta::run(data, featrel::boruta::Options{}, ctx);
      t1 = std::chrono::steady_clock::now();
      bo_seconds += std::chrono::duration<double>(t1 - t0).count();
      std::vector<bool> conf(d, false);
      for (std::size_t j : b.confirmed) conf[j] = true;
      const auto q = featrel::metrics::selection_quality(conf, relevant);
      for (Scores* sc : {&bo_scores, s.nonlinear ? &nl_bo : &lin_bo}) {
        sc->p.add(q.precision);
        sc->r.add(q.recall);
        sc->f1.add(q.f1);
      }
    }
    std::printf("%-6s %-14s | %s %s %s %s | %s %s %s %s | %s %5s | %.2f\n", s.name, "featrel SFC",
                cell(sfc_scores.p.value()).c_str(), cell(sfc_scores.r.value()).c_str(),
                cell(sfc_scores.f1.value()).c_str(), cell(sfc_scores.acc.value()).c_str(),
                cell(sfc_scores.strong_p.value()).c_str(), cell(sfc_scores.strong_r.value()).c_str(),
                cell(sfc_scores.weak_p.value()).c_str(), cell(sfc_scores.weak_r.value()).c_str(), cell(s.f1).c_str(), "",
                sfc_seconds / seeds);
    std::printf("%-6s %-14s | per run: FP in A %.2f, FP in M \\ A %.2f; strong missed: outside V %.2f, untested "
                "%.2f, test %.2f; weak called strong %.2f\n",
                "", "  errors", sfc_scores.fp_a.value(), sfc_scores.fp_m.value(), sfc_scores.miss_v.value(),
                sfc_scores.miss_m.value(), sfc_scores.miss_test.value(), sfc_scores.weak_as_strong.value());
    std::printf("%-6s %-14s | per run: relevant called irrelevant %.2f, of them flagged %.2f; irrelevant flagged "
                "%.2f; warning in %.0f %% of runs (p <= 0.01 in %.0f %%)\n",
                "", "  borderline", sfc_scores.missed.value(), sfc_scores.missed_flagged.value(),
                sfc_scores.irrelevant_flagged.value(), 100.0 * sfc_scores.warned.value(),
                100.0 * sfc_scores.p01.value());
    std::printf("%-6s %-14s | per run: made weak %.2f (truly irrelevant %.2f), strong made weak %.2f (truly strong "
                "%.2f); F1 with those copies irrelevant %.3f\n",
                "", "  near copies", sfc_scores.copies.value(), sfc_scores.copies_irrelevant.value(),
                sfc_scores.copies_demoted.value(), sfc_scores.demoted_strong.value(),
                sfc_scores.f1_without_copies.value());
    print_spread(run_f1, s.f1, oracle.value());
    if (sfc_scores.cluster_members > 0)
      std::printf("%-6s %-14s | irrelevant cluster: %d of %d members called relevant (%d of them as near copies)\n",
                  "", "  cluster", sfc_scores.cluster_called, sfc_scores.cluster_members,
                  sfc_scores.cluster_called_as_copies);
    if (with_boruta)
      std::printf("%-6s %-14s | %s %s %s %s | %s %s %s %s | %s %5s | %.2f\n", "", "featrel Boruta",
                cell(bo_scores.p.value()).c_str(), cell(bo_scores.r.value()).c_str(), cell(bo_scores.f1.value()).c_str(),
                cell(NAN).c_str(), cell(NAN).c_str(), cell(NAN).c_str(), cell(NAN).c_str(), cell(NAN).c_str(), "", "",
                bo_seconds / seeds);
    std::printf("%-6s %-14s | %s %s %s %s | %s %s %s %s |\n", "", "paper SQ", cell(s.p).c_str(), cell(s.r).c_str(),
                cell(s.f1).c_str(), cell(NAN).c_str(), cell(s.sp).c_str(), cell(s.sr).c_str(), cell(s.wp).c_str(),
                cell(s.wr).c_str());
    std::fflush(stdout);
  }
  // The spec's criterion (b): the mean of the four class-level F1 values, each the F1 of a mean precision and
  // mean recall (the paper's numbers give (0.85 + 0.89 + 0.85 + 0.48) / 4 = 0.77).
  auto f1 = [](double p, double r) { return p + r > 0 ? 2 * p * r / (p + r) : 0.0; };
  const double macro = (f1(lin_sfc.strong_p.value(), lin_sfc.strong_r.value()) +
                        f1(lin_sfc.weak_p.value(), lin_sfc.weak_r.value()) +
                        f1(nl_sfc.strong_p.value(), nl_sfc.strong_r.value()) +
                        f1(nl_sfc.weak_p.value(), nl_sfc.weak_r.value())) / 4;
  std::printf("\nmeans            | F1 all: SFC linear %.2f (paper 0.97), NL %.2f (paper 0.86); Boruta linear %.2f, "
              "NL %.2f\n",
              lin_sfc.f1.value(), nl_sfc.f1.value(), lin_bo.f1.value(), nl_bo.f1.value());
  std::printf("errors per run   | linear: FP in A %.2f, FP in M \\ A %.2f, strong missed %.2f (outside V %.2f, "
              "untested %.2f, test %.2f); NL: FP in A %.2f, FP in M \\ A %.2f, strong missed %.2f\n",
              lin_sfc.fp_a.value(), lin_sfc.fp_m.value(),
              lin_sfc.miss_v.value() + lin_sfc.miss_m.value() + lin_sfc.miss_test.value(), lin_sfc.miss_v.value(),
              lin_sfc.miss_m.value(), lin_sfc.miss_test.value(), nl_sfc.fp_a.value(), nl_sfc.fp_m.value(),
              nl_sfc.miss_v.value() + nl_sfc.miss_m.value() + nl_sfc.miss_test.value());
  std::printf("borderline       | per run, linear: relevant called irrelevant %.2f, of them flagged %.2f, irrelevant "
              "flagged %.2f; NL: %.2f, %.2f, %.2f\n",
              lin_sfc.missed.value(), lin_sfc.missed_flagged.value(), lin_sfc.irrelevant_flagged.value(),
              nl_sfc.missed.value(), nl_sfc.missed_flagged.value(), nl_sfc.irrelevant_flagged.value());
  std::printf("class level      | linear strong P/R %.2f/%.2f (paper 0.74/0.99), weak %.2f/%.2f (0.98/0.82); "
              "NL strong %.2f/%.2f (0.88/0.82), weak %.2f/%.2f (0.46/0.51)\n",
              lin_sfc.strong_p.value(), lin_sfc.strong_r.value(), lin_sfc.weak_p.value(), lin_sfc.weak_r.value(),
              nl_sfc.strong_p.value(), nl_sfc.strong_r.value(), nl_sfc.weak_p.value(), nl_sfc.weak_r.value());
  std::printf("macro mean of the four class-level F1 values: %.2f (paper 0.77; spec acceptance >= 0.72)\n", macro);
  return 0;
}
