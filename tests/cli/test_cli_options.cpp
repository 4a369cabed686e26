// Walks every registered method's option table against the binary: --help lists each flag with its default,
// every range is enforced with exit 2 and a message naming the flag, and the JSON echo holds exactly the table's
// keys. The shared resampling table (resampling.hpp) is walked with every method that offers it (those without
// repeats of their own). Also checks the docs: each method page holds its generated option table.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <set>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "featrel/common_options.hpp"
#include "featrel/generate.hpp"
#include "featrel/method_registry.hpp"
#include "featrel/option_docs.hpp"
#include "featrel/resampling.hpp"

using featrel::test::read_file;
using featrel::test::run_cli;

namespace {

// Words just outside an option's range (and words no number option accepts).
std::vector<std::string> bad_words(const featrel::options::Info& info) {
  std::vector<std::string> out{"abc", "nan", "inf", "1e400"};
  const auto& r = info.range;
  if (std::isfinite(r.lo)) {
    const double below = info.integer_only ? r.lo - 1 : (r.lo_open ? r.lo : r.lo - 0.5);
    out.push_back(featrel::options::detail::number_text(below));
  }
  if (std::isfinite(r.hi)) {
    const double above = info.integer_only ? r.hi + std::max(1.0, std::abs(r.hi) * 1e-6) : (r.hi_open ? r.hi : r.hi * 2 + 1);
    out.push_back(featrel::options::detail::number_text(above));
  }
  if (info.integer_only) out.push_back("2.5");
  return out;
}

// bad_words, less the four generic ones when a same-kind option of this command already had them and this one has
// out-of-range words of its own.
std::vector<std::string> words_to_try(const featrel::options::Info& info, std::set<featrel::options::Kind>& generic_walked) {
  std::vector<std::string> words = bad_words(info);
  if (words.size() > 4 && !generic_walked.insert(info.kind).second) words.erase(words.begin(), words.begin() + 4);
  return words;
}

std::string quote(const std::string& s) { return "'" + s + "'"; }

}  // namespace

TEST(CliOptions, HelpListsEveryFlagWithItsDefault) {
  for (const auto& spec : featrel::methods()) {
    const auto r = run_cli(spec.name + " --help");
    ASSERT_EQ(r.code, 0) << spec.name;
    for (const auto* info : spec.schema->infos()) {
      if (!info->cli) continue;
      EXPECT_NE(r.out.find(info->flag), std::string::npos) << spec.name << " " << info->flag;
      if (info->kind != featrel::options::Kind::boolean && !info->default_text.empty())
        EXPECT_NE(r.out.find("[default: " + info->default_text + "]"), std::string::npos)
            << spec.name << " " << info->flag << " default " << info->default_text;
    }
    for (const auto* shared : {static_cast<const featrel::options::Schema*>(&featrel::data_option_table()),
                               static_cast<const featrel::options::Schema*>(&featrel::run_option_table())})
      for (const auto* info : shared->infos()) EXPECT_NE(r.out.find(info->flag), std::string::npos) << info->flag;
    // The shared resampled repeats: offered by every method without repeats of its own, with their defaults.
    for (const auto* info : featrel::resampling::option_table().infos()) {
      if (spec.own_repeats) continue;
      EXPECT_NE(r.out.find(info->flag), std::string::npos) << spec.name << " " << info->flag;
      if (info->kind != featrel::options::Kind::boolean && !info->default_text.empty())
        EXPECT_NE(r.out.find("[default: " + info->default_text + "]"), std::string::npos) << spec.name << " " << info->flag;
    }
    if (spec.own_repeats) EXPECT_EQ(r.out.find("--min-frequency"), std::string::npos) << spec.name;
  }
  const auto top = run_cli("--help");
  for (const auto& spec : featrel::methods()) EXPECT_NE(top.out.find(spec.name), std::string::npos) << spec.name;
}

TEST(CliOptions, EveryNumberOutsideItsRangeExitsTwoNamingTheFlag) {
  // Options are checked before the data file is read, so no data is needed to see the refusal. The four generic
  // words (not a number, NaN, infinite, overflowing) go through one parser per kind: each method gets them with its
  // first integer and its first real option, and with any option that has no out-of-range word to try. The shared
  // resampling table gets its out-of-range words with every method that offers it: the same table, wired into each
  // command. (One process per word: under the sanitizers a start costs ~0.3 s, so the walk is kept this lean.)
  for (const auto& spec : featrel::methods()) {
    std::vector<const featrel::options::Info*> infos = spec.schema->infos();
    for (const auto* info : featrel::run_option_table().infos()) infos.push_back(info);
    if (!spec.own_repeats)
      for (const auto* info : featrel::resampling::option_table().infos()) infos.push_back(info);
    std::set<featrel::options::Kind> generic_walked;
    for (const auto* info : infos) {
      if (!info->cli) continue;
      if (info->kind != featrel::options::Kind::integer && info->kind != featrel::options::Kind::real) continue;
      for (const auto& word : words_to_try(*info, generic_walked)) {
        const auto r = run_cli(spec.name + " missing.csv " + info->flag + "=" + quote(word));
        EXPECT_EQ(r.code, 2) << spec.name << " " << info->flag << "=" << word << ": " << r.err;
        EXPECT_NE(r.err.find(info->flag), std::string::npos) << spec.name << " " << info->flag << ": " << r.err;
        EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
      }
    }
  }
}

TEST(CliOptions, ChoicesAreEnforced) {
  for (const auto& spec : featrel::methods()) {
    std::vector<const featrel::options::Info*> infos = spec.schema->infos();
    if (!spec.own_repeats)
      for (const auto* info : featrel::resampling::option_table().infos()) infos.push_back(info);
    for (const auto* info : infos) {
      if (!info->cli || info->kind != featrel::options::Kind::choice) continue;
      const auto r = run_cli(spec.name + " missing.csv " + info->flag + " no-such-word");
      EXPECT_EQ(r.code, 2) << spec.name << " " << info->flag;
      EXPECT_NE(r.err.find("one of"), std::string::npos) << r.err;
    }
  }
}

TEST(CliOptions, ChoiceHelpListsItsWords) {
  // A choice whose table entry carries no words printed "(one of )" in --help (generate --kind did).
  std::vector<std::pair<std::string, const featrel::options::Info*>> infos;
  for (const auto& spec : featrel::methods())
    for (const auto* info : spec.schema->infos()) infos.emplace_back(spec.name, info);
  for (const auto* info : featrel::resampling::option_table().infos()) infos.emplace_back("resampling", info);
  for (const auto* info : featrel::gen::request_option_table().infos()) infos.emplace_back("generate", info);
  for (const auto& [table, info] : infos)
    if (info->kind == featrel::options::Kind::choice) EXPECT_FALSE(info->choices.empty()) << table << " " << info->key;
  const auto r = run_cli("generate --help");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out.find("(one of )"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("one of relevance, clusters"), std::string::npos) << r.out;
}

TEST(CliOptions, ResamplingCombinationsNeedRepeatsAndNameTheFlag) {
  // Refused before the data is read (the file does not exist), exit 2, naming the flag the user typed.
  const std::vector<std::pair<std::string, std::string>> cases{{"--min-frequency 0.6", "--min-frequency"},
                                                                {"--frequency-svg f.svg", "--frequency-svg"},
                                                                {"--repeats 1 --min-frequency 0.6", "--min-frequency"}};
  for (const auto& [args, flag] : cases) {
    const auto r = run_cli("boruta missing.csv " + args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.err;
    EXPECT_NE(r.err.find(flag), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("repeats"), std::string::npos) << r.err;
  }
  // Methods with their own repeats do not take the shared flags.
  EXPECT_EQ(run_cli("crfe missing.csv --min-frequency 0.6").code, 2);
}

TEST(CliOptions, JsonEchoHoldsExactlyTheTableKeys) {
  featrel::test::TempDir dir;
  const std::string data = std::string(FEATREL_DATA_DIR) + "/breast_cancer_wisconsin_diagnostic.csv";
  for (const auto& spec : featrel::methods()) {
    const std::string out = dir / (spec.name + ".json");
    const auto r = run_cli(spec.name + " " + data + " --target malignant --quiet --json " + out +
                           (spec.name == "fri" ? " --C 1 --n-probes 10" : "") +
                           (spec.name == "ubayfs" ? " --max-size 5" : ""));
    ASSERT_EQ(r.code, 0) << spec.name << ": " << r.err;
    const auto doc = nlohmann::ordered_json::parse(read_file(out));
    std::vector<std::string> keys, table;
    for (const auto& [k, v] : doc["options"].items()) keys.push_back(k);
    for (const auto* info : spec.schema->infos())
      if (info->echo) table.push_back(info->key);
    EXPECT_EQ(keys, table) << spec.name;
    // Every feature carries the shared selection shape.
    for (const auto& f : doc["features"]) {
      EXPECT_TRUE(f.contains("selected") && f.contains("score") && f.contains("rank")) << spec.name;
    }
    EXPECT_TRUE(doc.contains("selection")) << spec.name;
  }
}

TEST(CliOptions, DocsHoldEachMethodsGeneratedOptionTable) {
  for (const auto& spec : featrel::methods()) {
    const std::string page = std::string(FEATREL_DOCS_DIR) + "/" + spec.name + ".md";
    ASSERT_TRUE(std::filesystem::exists(page)) << page;
    const std::string text = read_file(page);
    const std::string begin = "<!-- options:" + spec.name + " -->\n", end = "<!-- /options:" + spec.name + " -->";
    const auto a = text.find(begin), b = text.find(end);
    ASSERT_NE(a, std::string::npos) << page << " lacks " << begin << "; paste `featrel options " << spec.name << "`";
    ASSERT_NE(b, std::string::npos) << page;
    EXPECT_EQ(text.substr(a + begin.size(), b - a - begin.size()), featrel::report::options_markdown(*spec.schema))
        << page << " differs from the option table; run scripts/update-option-docs.sh";
  }
}

TEST(CliOptions, CliPageHoldsTheSharedOptionTables) {
  const std::string text = read_file(std::string(FEATREL_DOCS_DIR) + "/cli.md");
  for (const auto* schema : {static_cast<const featrel::options::Schema*>(&featrel::data_option_table()),
                             static_cast<const featrel::options::Schema*>(&featrel::run_option_table()),
                             static_cast<const featrel::options::Schema*>(&featrel::output_option_table()),
                             static_cast<const featrel::options::Schema*>(&featrel::resampling::option_table())}) {
    const std::string begin = "<!-- options:" + schema->name() + " -->\n", end = "<!-- /options:" + schema->name() + " -->";
    const auto a = text.find(begin), b = text.find(end);
    ASSERT_NE(a, std::string::npos) << begin;
    ASSERT_NE(b, std::string::npos) << end;
    EXPECT_EQ(text.substr(a + begin.size(), b - a - begin.size()), featrel::report::options_markdown(*schema))
        << "docs/cli.md differs from the " << schema->name() << " option table; run scripts/update-option-docs.sh";
  }
}

TEST(CliOptions, OptionsCommandPrintsTheTable) {
  const auto r = run_cli("options fri");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, featrel::report::options_markdown(*featrel::method("fri").schema));
  const auto shared = run_cli("options resampling");
  ASSERT_EQ(shared.code, 0) << shared.err;
  EXPECT_EQ(shared.out, featrel::report::options_markdown(featrel::resampling::option_table()));
  EXPECT_EQ(run_cli("options no-such-method").code, 2);
}

TEST(CliOptions, GenerateRefusesOutOfRangeNumbers) {
  std::set<featrel::options::Kind> generic_walked;
  for (const auto* info : featrel::gen::request_option_table().infos()) {
    if (info->kind != featrel::options::Kind::integer && info->kind != featrel::options::Kind::real) continue;
    for (const auto& word : words_to_try(*info, generic_walked)) {
      const auto r = run_cli("generate --out /dev/null " + info->flag + "=" + quote(word));
      EXPECT_EQ(r.code, 2) << info->flag << "=" << word << ": " << r.err;
      EXPECT_NE(r.err.find(info->flag), std::string::npos) << info->flag << ": " << r.err;
    }
  }
  const auto other = run_cli("generate --out /dev/null --kind clusters --n-strong 3");
  EXPECT_EQ(other.code, 2);
  EXPECT_NE(other.err.find("--n-strong does not apply to the clusters generator"), std::string::npos) << other.err;
  const auto huge = run_cli("generate --out /dev/null --n-samples 10000000 --n-features 1000000");
  EXPECT_EQ(huge.code, 2);
  EXPECT_NE(huge.err.find("4 GB"), std::string::npos) << huge.err;
}
