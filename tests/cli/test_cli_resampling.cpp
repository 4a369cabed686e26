// End-to-end runs of the shared resampled repeats (`--repeats`, docs/stability.md#resampled-repeats-for-every-method)
// on data the binary generates itself: the document carries features[].selection_frequency and the stability
// block, the table prints the frequencies, --frequency-svg writes the frequency chart while --svg keeps the
// method's chart, --min-frequency makes `selected` the stability selection, and crfe's own repeats report the
// same field.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using featrel::test::read_file;
using featrel::test::run_cli;
using featrel::test::TempDir;

namespace {

std::string generated(const TempDir& dir) {
  const std::string csv = dir / "data.csv";
  const auto g = run_cli("generate --out " + csv + " --n-samples 120 --n-features 6 --n-strong 2 --n-weak 0 --seed 4");
  EXPECT_EQ(g.code, 0) << g.err;
  return csv;
}

}  // namespace

TEST(CliResampling, RepeatsAddFrequenciesStabilityTableAndCharts) {
  TempDir dir;
  const std::string csv = generated(dir);
  const auto r = run_cli("boruta " + csv + " --repeats 5 --seed 2 --json " + (dir / "r.json") + " --svg " +
                         (dir / "method.svg") + " --frequency-svg " + (dir / "freq.svg"));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Resampled repeats: 5 subsamples of 50% of the rows (60 rows each, stratified)"),
            std::string::npos) << r.out;
  EXPECT_NE(r.out.find("selection_frequency"), std::string::npos);
  const auto doc = nlohmann::ordered_json::parse(read_file(dir / "r.json"));
  for (const auto& f : doc["features"]) {
    ASSERT_TRUE(f.contains("selection_frequency"));
    const double v = f["selection_frequency"].get<double>();
    EXPECT_NEAR(v * 5, std::round(v * 5), 1e-12);  // a share of 5 repeats
  }
  EXPECT_EQ(doc["stability"]["n_sets"], 5);
  EXPECT_EQ(doc["stability"]["resampling"]["repeats"], 5);
  EXPECT_TRUE(doc["stability"]["nogueira"].contains("ci_upper"));
  // The method's options echo is untouched (the resampling settings live in the stability block).
  EXPECT_FALSE(doc["options"].contains("repeats"));
  const std::string method_svg = read_file(dir / "method.svg"), freq_svg = read_file(dir / "freq.svg");
  EXPECT_NE(method_svg.find("Boruta"), std::string::npos);
  EXPECT_NE(freq_svg.find("selection frequency over 5 subsamples, data.csv"), std::string::npos);
  EXPECT_EQ(freq_svg.find(dir / ""), std::string::npos);  // base name only in the title
}

TEST(CliResampling, MinFrequencyMakesSelectedTheStabilitySelection) {
  TempDir dir;
  const std::string csv = generated(dir);
  const auto r = run_cli("fri " + csv + " --repeats 6 --resample bootstrap --min-frequency 0.5 --quiet --json " +
                         (dir / "r.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = nlohmann::ordered_json::parse(read_file(dir / "r.json"));
  std::vector<std::size_t> expected;
  for (const auto& f : doc["features"]) {
    const bool above = f["selection_frequency"].get<double>() >= 0.5;
    EXPECT_EQ(f["selected"].get<bool>(), above);
    EXPECT_TRUE(f.contains("selected_full_data"));
    EXPECT_TRUE(f.contains("class_frequency"));  // fri has relevance classes
    if (above) expected.push_back(f["index"].get<std::size_t>());
  }
  EXPECT_EQ(doc["selected"].get<std::vector<std::size_t>>(), expected);
  EXPECT_EQ(doc["selection"]["rule"], "stability_selection");
  EXPECT_EQ(doc["stability"]["resampling"]["resample"], "bootstrap");
  EXPECT_EQ(doc["stability"]["threshold"], 0.5);
}

TEST(CliResampling, OwnRepeatsReportTheSameField) {
  TempDir dir;
  const std::string csv = generated(dir);
  const auto r = run_cli("crfe " + csv + " --repeats 3 --quiet --json " + (dir / "c.json"));
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = nlohmann::ordered_json::parse(read_file(dir / "c.json"));
  for (const auto& f : doc["features"]) EXPECT_TRUE(f["selection_frequency"].is_number());
}
