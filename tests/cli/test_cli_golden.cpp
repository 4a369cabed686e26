// The result documents of a fixed set of commands stay what they were before the code was reorganised (option
// tables, method registry): every field of the stored document, numbers to 1e-9 relative, must be in the new one.
// New fields may be added; the `options` echo (whose keys were unified) and timing are not compared.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using featrel::test::read_file;
using featrel::test::run_cli;
using Json = nlohmann::ordered_json;

namespace {

const std::string golden_dir = std::string(FEATREL_TEST_DATA_DIR) + "/golden";

void strip_timing(Json& j) {
  if (j.is_object()) {
    if (j.contains("diagnostics") && j["diagnostics"].is_object()) {
      j["diagnostics"].erase("seconds");
      j["diagnostics"].erase("threads");
    }
    for (auto& [k, v] : j.items()) strip_timing(v);
  } else if (j.is_array()) {
    for (auto& v : j) strip_timing(v);
  }
}

// Simplex iteration counts depend on how CLP factorises bases: the stored documents were written with its dense
// LU (reference BLAS); a process on another BLAS uses the sparse LU (lp_factorization()), whose paths differ.
void strip_iterations_unless_dense(Json& old, Json& now) {
  if (!now.is_object()) return;
  const bool fri_sparse = now.contains("diagnostics") && now["diagnostics"].value("lp_factorization", "dense") != "dense";
  if (fri_sparse) {
    for (Json* doc : {&old, &now}) {
      Json& diag = (*doc)["diagnostics"];
      diag.erase("simplex_iterations");
      if (diag.contains("phases"))
        for (auto& [k, phase] : diag["phases"].items()) phase.erase("simplex_iterations");
    }
  }
  for (auto& [k, v] : now.items())
    if (v.is_object() && old.contains(k) && old[k].is_object()) strip_iterations_unless_dense(old[k], v);
}

// Every difference of `old` inside `now`, as "path: old vs new" lines.
void compare(const Json& old, const Json& now, const std::string& path, std::vector<std::string>& diffs) {
  if (diffs.size() > 20) return;
  if (old.is_number() && now.is_number()) {
    const double a = old.get<double>(), b = now.get<double>();
    if (!(a == b || std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)) + 1e-12))
      diffs.push_back(path + ": " + old.dump() + " vs " + now.dump());
    return;
  }
  if (old.type() != now.type()) {
    diffs.push_back(path + ": " + old.dump().substr(0, 80) + " vs " + now.dump().substr(0, 80));
    return;
  }
  if (old.is_object()) {
    for (const auto& [k, v] : old.items()) {
      if (!now.contains(k)) diffs.push_back(path + "/" + k + ": missing");
      else compare(v, now[k], path + "/" + k, diffs);
    }
  } else if (old.is_array()) {
    if (old.size() != now.size()) {
      diffs.push_back(path + ": " + std::to_string(old.size()) + " vs " + std::to_string(now.size()) + " entries");
      return;
    }
    for (std::size_t i = 0; i < old.size(); ++i) compare(old[i], now[i], path + "/" + std::to_string(i), diffs);
  } else if (old != now) {
    diffs.push_back(path + ": " + old.dump().substr(0, 80) + " vs " + now.dump().substr(0, 80));
  }
}

struct GoldenCase {
  std::string name, args;
};

std::vector<GoldenCase> cases() {
  std::ifstream in(golden_dir + "/commands.txt");
  std::vector<GoldenCase> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto bar = line.find('|');
    std::string args = line.substr(bar + 1);
    for (auto at = args.find("data/"); at != std::string::npos; at = args.find("data/", at + 1)) {
      args.replace(at, 5, std::string(FEATREL_DATA_DIR) + "/");
      at += std::string(FEATREL_DATA_DIR).size();
    }
    out.push_back({line.substr(0, bar), args});
  }
  return out;
}

// Test names and failure messages show the case's name, not its bytes.
void PrintTo(const GoldenCase& c, std::ostream* os) { *os << c.name; }

class Golden : public ::testing::TestWithParam<GoldenCase> {};

}  // namespace

TEST_P(Golden, ResultDocumentIsUnchanged) {
  const GoldenCase& c = GetParam();
  featrel::test::TempDir dir;
  const std::string out = dir / "result.json";
  const auto r = run_cli(c.args + " --quiet --threads 2 --json " + out);
  ASSERT_EQ(r.code, 0) << c.args << ": " << r.err;
  Json old = Json::parse(read_file(golden_dir + "/" + c.name + ".json"));
  Json now = Json::parse(read_file(out));
  strip_timing(old);
  strip_timing(now);
  strip_iterations_unless_dense(old, now);
  old.erase("options");
  // A result nested in another (sfc's `boruta`) carries its own options echo.
  for (auto& [k, v] : old.items())
    if (v.is_object() && v.contains("method") && v.contains("options")) v.erase("options");
  std::vector<std::string> diffs;
  compare(old, now, "", diffs);
  EXPECT_TRUE(diffs.empty()) << c.name << ":\n" << [&] {
    std::string s;
    for (const auto& d : diffs) s += "  " + d + "\n";
    return s;
  }();
}

INSTANTIATE_TEST_SUITE_P(Commands, Golden, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<GoldenCase>& info) { return info.param.name; });
