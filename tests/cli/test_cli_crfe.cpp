// End-to-end runs of `featrel crfe` and `featrel rfe` on the bundled wine data (178 rows, 13 features, 3 classes):
// the shared result fields, a full ranking, a fixed subset size, the table and stop line, thread-count
// independence of the JSON, repeats with selection frequencies, the sweep and the SVG, fixed row roles from a
// column and from separate files, and bad input (exit 2).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "cli_runner.hpp"
#include "featrel/crfe.hpp"
#include "featrel/crfe_chart.hpp"
#include "featrel/result_json.hpp"

using featrel::test::read_file;
using featrel::test::run_cli;
using featrel::test::TempDir;
using Json = nlohmann::ordered_json;

namespace {

std::string data_file(const std::string& name) {
  std::string path = FEATREL_DATA_DIR;
  path += '/';
  path += name;
  return path;
}
std::string wine() { return data_file("wine.csv") + " --target cultivar"; }

featrel::Dataset wine_data() {
  featrel::CsvOptions co;
  co.target = "cultivar";
  co.task = featrel::TaskRequest::classification;  // what crfe's registered tasks tell the CLI's reader
  return featrel::read_csv(data_file("wine.csv"), co);
}

// The library's result for the run the CLI made (seed 0, the given options).
featrel::crfe::Result library_run(const featrel::crfe::Options& o, bool rfe = false) {
  featrel::RunContext ctx;
  ctx.seed = 0;
  ctx.threads = 2;
  return rfe ? featrel::rfe::run(wine_data(), o, ctx) : featrel::crfe::run(wine_data(), o, ctx);
}

// The CLI's document is the library's (timing and provenance stripped from both) plus the shared selection shape
// (a `selection` block, a `score` per feature: the score at removal, or the selection frequency with repeats)
// and the `preflight` block.
void expect_library_document(const Json& cli, const featrel::crfe::Result& r) {
  const Json lib = featrel::report::strip_timing(r.to_json(wine_data()));
  Json got = featrel::report::strip_timing(cli);
  const std::string score = r.runs.size() > 1 ? "selection_frequency"
                            : r.method == featrel::crfe::Method::rfe ? "importance_at_removal"
                                                                     : "beta_at_removal";
  EXPECT_EQ(got["selection"]["score"], score);
  EXPECT_EQ(got["selection"]["selected"], lib["selected"]);
  EXPECT_EQ(got["preflight"], Json::array());
  ASSERT_EQ(got["features"].size(), lib["features"].size());
  for (std::size_t j = 0; j < got["features"].size(); ++j) {
    EXPECT_EQ(got["features"][j]["score"], lib["features"][j][score]) << j;
    got["features"][j].erase("score");
  }
  got.erase("selection");
  got.erase("preflight");
  EXPECT_EQ(got.dump(1), lib.dump(1));
}

void expect_shared_fields(const Json& r, const std::string& method) {
  for (const char* key : {"method", "featrel_version", "task", "classes", "n_samples", "n_features", "feature_names",
                          "seed", "compat", "options", "features", "selected", "selected_names", "diagnostics"})
    EXPECT_TRUE(r.contains(key)) << key;
  EXPECT_EQ(r["method"], method);
  EXPECT_EQ(r["task"], "multiclass");
  EXPECT_EQ(r["n_samples"], 178);
  EXPECT_EQ(r["n_features"], 13);
  ASSERT_EQ(r["features"].size(), 13u);
  for (std::size_t j = 0; j < 13; ++j) {
    EXPECT_EQ(r["features"][j]["index"], j);
    EXPECT_TRUE(r["features"][j].contains("selected"));
    EXPECT_TRUE(r["features"][j].contains("constant"));
    EXPECT_TRUE(r["features"][j].contains("rank"));
  }
  // The ranking is a permutation of the 13 columns; selected is a prefix of it.
  ASSERT_EQ(r["ranking"].size(), 13u);
  std::set<int> seen;
  for (const auto& j : r["ranking"]) seen.insert(j.get<int>());
  EXPECT_EQ(seen.size(), 13u);
  const std::size_t k = r["selected"].size();
  ASSERT_GE(k, 1u);
  std::set<int> prefix, selected;
  for (std::size_t i = 0; i < k; ++i) prefix.insert(r["ranking"][i].get<int>());
  for (const auto& j : r["selected"]) selected.insert(j.get<int>());
  EXPECT_EQ(prefix, selected);
  EXPECT_EQ(r["selected_names"].size(), k);
  ASSERT_TRUE(r.contains("evaluation"));
  std::set<std::string> labels;
  for (const auto& s : r["evaluation"]["subsets"]) labels.insert(s["label"].get<std::string>());
  EXPECT_TRUE(labels.count("all"));
  EXPECT_TRUE(labels.count("selected"));
  EXPECT_TRUE(r["diagnostics"].contains("warnings"));
  EXPECT_TRUE(r["diagnostics"].contains("threads"));
}

// diagnostics.seconds and diagnostics.threads removed, at the top level and in every runs[] entry, and the
// provenance block (command line and time of the run).
Json strip_timing(Json j) {
  j.erase("provenance");
  j["diagnostics"].erase("seconds");
  j["diagnostics"].erase("threads");
  if (j.contains("runs"))
    for (auto& run : j["runs"]) {
      run["diagnostics"].erase("seconds");
      run["diagnostics"].erase("threads");
    }
  return j;
}

TEST(CliCrfe, WineResultHasSharedFieldsTableAndStopLine) {
  TempDir dir;
  const auto r = run_cli("crfe " + wine() + " --threads 2 --json " + (dir / "r.json") + " --csv " + (dir / "r.csv"));
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(read_file(dir / "r.json"));
  expect_shared_fields(j, "crfe");
  EXPECT_TRUE(j["features"][0].contains("beta_initial"));
  const featrel::crfe::Result lib = library_run({});
  expect_library_document(j, lib);
  EXPECT_NE(r.out.find("stop: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("coverage"), std::string::npos);
  EXPECT_NE(r.out.find("flavanoids"), std::string::npos);
  EXPECT_NE(r.out.find("β at removal"), std::string::npos);
  // One CSV row per feature plus the header.
  const std::string csv = read_file(dir / "r.csv");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 14);
  // The printed table is the library's.
  EXPECT_NE(r.out.find(featrel::crfe::text_report(lib, wine_data())), std::string::npos) << r.out;
}

TEST(CliCrfe, RfeWineResultHasSharedFields) {
  TempDir dir;
  const auto r = run_cli("rfe " + wine() + " --threads 2 --json " + (dir / "r.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(read_file(dir / "r.json"));
  expect_shared_fields(j, "rfe");
  EXPECT_TRUE(j["features"][0].contains("importance_initial"));
  expect_library_document(j, library_run({}, true));
  EXPECT_NE(r.out.find("importance at removal"), std::string::npos) << r.out;
}

TEST(CliCrfe, FixedSizeSelectsExactlyK) {
  TempDir dir;
  for (const std::string method : {"crfe", "rfe"}) {
    const auto r = run_cli(method + " " + wine() + " -k 5 --quiet --json " + (dir / (method + ".json")));
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(r.out.empty());
    const Json j = Json::parse(read_file(dir / (method + ".json")));
    EXPECT_EQ(j["selected"].size(), 5u) << method;
    EXPECT_EQ(j["stop"]["reason"], "fixed_size");
    std::size_t marked = 0;
    for (const auto& f : j["features"]) marked += f["selected"].get<bool>() ? 1 : 0;
    EXPECT_EQ(marked, 5u);
  }
  const auto long_name = run_cli("crfe " + wine() + " --n-features-to-select 4 --quiet --json " + (dir / "n.json"));
  ASSERT_EQ(long_name.code, 0) << long_name.err;
  EXPECT_EQ(Json::parse(read_file(dir / "n.json"))["selected"].size(), 4u);
}

TEST(CliCrfe, JsonIdenticalForAnyThreadCount) {
  TempDir dir;
  for (const std::string method : {"crfe", "rfe"}) {
    ASSERT_EQ(run_cli(method + " " + wine() + " --quiet --threads 1 --json " + (dir / "t1.json")).code, 0);
    ASSERT_EQ(run_cli(method + " " + wine() + " --quiet --threads 2 --json " + (dir / "t2.json")).code, 0);
    EXPECT_EQ(strip_timing(Json::parse(read_file(dir / "t1.json"))).dump(),
              strip_timing(Json::parse(read_file(dir / "t2.json"))).dump())
        << method;
  }
  // Repeats run the splits in parallel.
  ASSERT_EQ(run_cli("crfe " + wine() + " --repeats 3 --quiet --threads 1 --json " + (dir / "r1.json")).code, 0);
  ASSERT_EQ(run_cli("crfe " + wine() + " --repeats 3 --quiet --threads 2 --json " + (dir / "r2.json")).code, 0);
  EXPECT_EQ(strip_timing(Json::parse(read_file(dir / "r1.json"))).dump(),
            strip_timing(Json::parse(read_file(dir / "r2.json"))).dump());
}

TEST(CliCrfe, RepeatsPrintFrequenciesAndStability) {
  TempDir dir;
  const auto r = run_cli("crfe " + wine() + " --repeats 3 --threads 2 --json " + (dir / "r.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("selected in"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("stability of the 3 selected sets"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("majority over 3 runs"), std::string::npos) << r.out;
  const Json j = Json::parse(read_file(dir / "r.json"));
  EXPECT_EQ(j["runs"].size(), 3u);
  EXPECT_TRUE(j.contains("stability"));
  EXPECT_TRUE(j["features"][0].contains("selection_frequency"));
  featrel::crfe::Options o;
  o.repeats = 3;
  expect_library_document(j, library_run(o));
}

TEST(CliCrfe, SweepAndSvg) {
  TempDir dir;
  const auto r = run_cli("crfe " + wine() + " --sweep --quiet --threads 2 --svg " + (dir / "c.svg") + " --json " +
                         (dir / "c.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string svg = read_file(dir / "c.svg");
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("coverage"), std::string::npos);
  EXPECT_NE(svg.find("stop: "), std::string::npos);
  std::size_t sized = 0;
  const Json j = Json::parse(read_file(dir / "c.json"));
  for (const auto& s : j["evaluation"]["subsets"])
    sized += s["label"].get<std::string>().rfind("k=", 0) == 0 ? 1 : 0;
  EXPECT_GE(sized, 2u);
  // The document and the chart are the library's, the chart byte for byte.
  featrel::crfe::Options o;
  o.sweep = true;
  const featrel::crfe::Result lib = library_run(o);
  expect_library_document(j, lib);
  EXPECT_EQ(svg, featrel::crfe::elimination_chart_svg(lib, wine_data()));
}

TEST(CliCrfe, FixedRolesFromSeparateFilesAndFromAColumn) {
  TempDir dir;
  const std::string d = data_file("crfe/mc35/");
  const auto r = run_cli("crfe " + d + "train.csv --target y --calibration-csv " + d + "calibration.csv --test-csv " +
                         d + "test.csv --reuse-calibration --quiet --threads 2 --json " + (dir / "files.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  const Json files = Json::parse(read_file(dir / "files.json"));
  EXPECT_EQ(files["rows"]["train"], 131);
  EXPECT_EQ(files["rows"]["test"], 88);

  // The same roles as a column of one file.
  std::ofstream out(dir / "roles.csv");
  const std::pair<const char*, const char*> parts[] = {
      {"train.csv", "train"}, {"calibration.csv", "calibration"}, {"test.csv", "test"}};
  bool header = true;
  for (const auto& [file, role] : parts) {
    std::istringstream in(read_file(d + file));
    std::string line;
    bool first = true;
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      if (first) {
        first = false;
        if (header) out << line << ",role\n";
        header = false;
        continue;
      }
      out << line << "," << role << "\n";
    }
  }
  out.close();
  const auto c = run_cli("crfe " + (dir / "roles.csv") + " --target y --split-column role --reuse-calibration --quiet "
                         "--threads 2 --json " + (dir / "column.json"));
  ASSERT_EQ(c.code, 0) << c.err;
  const Json column = Json::parse(read_file(dir / "column.json"));
  EXPECT_EQ(column["n_features"], 35);
  EXPECT_EQ(column["ranking"], files["ranking"]);
  EXPECT_EQ(column["selected"], files["selected"]);
}

TEST(CliCrfe, BadInputExitsTwo) {
  TempDir dir;
  // k larger than the feature count.
  const auto k = run_cli("crfe " + wine() + " -k 14 --quiet");
  EXPECT_EQ(k.code, 2) << k.err;
  EXPECT_NE(k.err.find("14"), std::string::npos) << k.err;
  EXPECT_EQ(run_cli("rfe " + wine() + " -k 14 --quiet").code, 2);
  // A one-class target.
  std::ofstream one(dir / "one.csv");
  one << "a,b,y\n";
  for (int i = 0; i < 20; ++i) one << i << "," << (i * 7) % 5 << ",x\n";
  one.close();
  EXPECT_EQ(run_cli("crfe " + (dir / "one.csv") + " --quiet").code, 2);
  EXPECT_EQ(run_cli("rfe " + (dir / "one.csv") + " --quiet").code, 2);
  // Bad option words and values.
  EXPECT_EQ(run_cli("crfe " + wine() + " --standardize zscore --quiet").code, 2);
  EXPECT_EQ(run_cli("crfe " + wine() + " --stop cv --quiet").code, 2);
  EXPECT_EQ(run_cli("crfe " + wine() + " --significance 1.5 --quiet").code, 2);
  EXPECT_EQ(run_cli("crfe " + wine() + " --split-column nope --quiet").code, 2);
  // Counts out of their ranges name the flag (--step -1 used to run; --repeats -1 was an internal error).
  for (const std::string bad : {"--step -1", "--step 0", "--repeats -1", "--repeats 10001", "--eval-sizes 0"}) {
    const auto r = run_cli("crfe " + wine() + " " + bad + " --quiet");
    EXPECT_EQ(r.code, 2) << bad;
    EXPECT_NE(r.err.find(bad.substr(0, bad.find(' '))), std::string::npos) << bad << ": " << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
  }
  // Each command's stop rules; options of the other command are unknown flags.
  const auto cv = run_cli("crfe " + wine() + " --stop cv --quiet");
  EXPECT_NE(cv.err.find("--stop"), std::string::npos) << cv.err;
  EXPECT_EQ(run_cli("rfe " + wine() + " --stop beta --quiet").code, 2);
  EXPECT_EQ(run_cli("rfe " + wine() + " --sigma 3 --quiet").code, 2);
  EXPECT_EQ(run_cli("crfe " + wine() + " --cv-folds 3 --quiet").code, 2);
  // Fixed roles: a split column excludes role files, and repeats need random splits.
  const std::string d = data_file("crfe/mc35/");
  const auto both = run_cli("crfe " + d + "train.csv --target y --split-column y --test-csv " + d + "test.csv --quiet");
  EXPECT_EQ(both.code, 2);
  EXPECT_NE(both.err.find("--split-column"), std::string::npos) << both.err;
  const auto rep = run_cli("crfe " + d + "train.csv --target y --test-csv " + d + "test.csv --repeats 2 --quiet");
  EXPECT_EQ(rep.code, 2);
  EXPECT_NE(rep.err.find("--repeats"), std::string::npos) << rep.err;
  const auto absent = run_cli("crfe " + d + "train.csv --target y --test-csv " + (dir / "absent.csv") + " --quiet");
  EXPECT_EQ(absent.code, 2);
  EXPECT_NE(absent.err.find("--test-csv"), std::string::npos) << absent.err;
}

TEST(CliCrfe, HelpShowsDefaults) {
  const auto h = run_cli("crfe --help");
  ASSERT_EQ(h.code, 0);
  for (const char* flag : {"--n-features-to-select", "-k", "--sweep", "--repeats", "--compat", "--standardize",
                           "--split-column", "--selection-csv", "--calibration-csv", "--test-csv", "--sigma",
                           "--with-rfe"})
    EXPECT_NE(h.out.find(flag), std::string::npos) << flag;
  // The line of a flag in the help.
  const auto line_of = [&](const std::string& flag) {
    const auto at = h.out.find(flag + " ");
    if (at == std::string::npos) return std::string();
    const auto end = h.out.find('\n', at);
    return h.out.substr(at, end - at);
  };
  EXPECT_NE(line_of("--standardize").find("[default: train]"), std::string::npos);  // --standardize's default
  EXPECT_NE(line_of("--n-features-to-select").find("[default: 0]"), std::string::npos);  // -k's default
  const auto r = run_cli("rfe --help");
  ASSERT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("--cv-folds"), std::string::npos);
}

}  // namespace
