// The explorer's HTTP API (featrel/explore.hpp, docs/explore.md) against a server started in-process on a free
// port: every endpoint, the 403s (no token, wrong token, a foreign Host), the 400s (malformed JSON, unknown
// feature, lo > hi, a bad value), 413 for an oversize body, and that a pin over HTTP equals the library's
// fri::run with the same preset (the document without timing and provenance).
#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <thread>

#include "featrel/explore.hpp"
#include "featrel/fri_session.hpp"
#include "featrel/method_registry.hpp"
#include "featrel/result_json.hpp"
#include "fri/fri_test_data.hpp"

namespace {

using featrel::report::Json;

// 60 rows: f0 and the copies h1 = h2 carry the signal (docs/fri.md#exact-reference-data).
featrel::Dataset data() { return fri_test::ref61(fri_test::Ref61::classification); }

featrel::explore::ServerOptions server_options() {
  featrel::explore::ServerOptions o;
  o.threads = 1;
  o.seed = 5;
  o.fri_settings = Json::object();
  o.fri_settings["C"] = "1";
  o.fri_settings["slack"] = "0.01";
  o.data_path = "ref61.csv";
  return o;
}

featrel::fri::Options fri_options() {
  featrel::fri::Options o;
  o.C = 1.0;
  o.slack = 0.01;
  return o;
}

std::string stripped(const Json& doc) { return featrel::report::json_text(featrel::report::strip_timing(doc)); }

// The library's document for these presets: what `featrel fri --json --preset ...` writes.
std::string library_document(const std::vector<featrel::fri::Preset>& presets) {
  const featrel::Dataset d = data();
  featrel::fri::Options o = fri_options();
  o.presets = presets;
  featrel::RunContext ctx = fri_test::context(5, 1);
  return stripped(featrel::fri::method_result(d, featrel::fri::run(d, o, ctx))->to_json());
}

class ExploreServer : public ::testing::Test {
 protected:
  void SetUp() override {
    server = std::make_unique<featrel::explore::Server>(data(), server_options());
    server->start();
    ASSERT_GT(server->port(), 0);
    client = std::make_unique<httplib::Client>("127.0.0.1", server->port());
    client->set_read_timeout(120, 0);
  }
  void TearDown() override { server->stop(); }
  std::string path(const std::string& p) const { return p + "?token=" + server->token(); }
  httplib::Result post(const std::string& p, const std::string& body) {
    return client->Post(path(p).c_str(), body, "application/json");
  }
  static Json json(const httplib::Result& r) { return Json::parse(r->body); }

  std::unique_ptr<featrel::explore::Server> server;
  std::unique_ptr<httplib::Client> client;
};

TEST_F(ExploreServer, UrlHasTheTokenAndTheFreePort) {
  EXPECT_EQ(server->url(), "http://127.0.0.1:" + std::to_string(server->port()) + "/?token=" + server->token());
  EXPECT_EQ(server->token().size(), 32u);
  featrel::explore::Server other(data(), server_options());
  EXPECT_NE(other.token(), server->token());
}

TEST_F(ExploreServer, FriDocumentEqualsTheLibrarys) {
  auto r = client->Get(path("/api/fri").c_str());
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  const Json doc = json(r);
  EXPECT_EQ(stripped(doc), library_document({}));
  EXPECT_EQ(doc["provenance"]["command_line"], "featrel fri ref61.csv --C 1 --slack 0.01 --seed 5");
}

TEST_F(ExploreServer, ConstrainEqualsTheLibrarysPresetRun) {
  auto r = post("/api/fri/constrain", R"({"presets": {"h1": [0, 0], "f0": 0.5}})");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  const Json doc = json(r);
  EXPECT_EQ(stripped(doc), library_document({{"h1", 0.0, 0.0}, {"f0", 0.5, 0.5}}));
  EXPECT_EQ(doc["provenance"]["command_line"],
            "featrel fri ref61.csv --C 1 --slack 0.01 --preset h1=0 --preset f0=0.5 --seed 5");
  // The redundant partner's lower bound rises once its copy is pinned to 0.
  const Json& h2 = doc["constrained"]["features"][2];
  EXPECT_GT(h2["lower"].get<double>(), 0.1) << h2.dump();
  // An empty pin set is the unconstrained document again.
  auto none = post("/api/fri/constrain", R"({"presets": {}})");
  ASSERT_EQ(none->status, 200);
  EXPECT_EQ(stripped(json(none)), library_document({}));
}

TEST_F(ExploreServer, BadPinsAre400WithAMessage) {
  struct Case {
    std::string body, needle;
  };
  const std::vector<Case> cases{
      {"{not json", "not JSON"},
      {R"([1, 2])", "JSON object"},
      {R"({"presets": {"nope": [0, 0]}})", "nope"},
      {R"({"presets": {"h1": [0.3, 0.1]}})", "LO must not exceed HI"},
      {R"({"presets": {"h1": "zero"}})", "number or [lo, hi]"},
      {R"({"presets": {"h1": [0, 0, 1]}})", "number or [lo, hi]"},
      {R"({"presets": [["h1", 0]]})", "must be an object"},
      {R"({"pins": {}})", "unknown field 'pins'"},
      {R"({"presets": {"h1": [-1, 0]}})", ">= 0"},
  };
  for (const Case& c : cases) {
    auto r = post("/api/fri/constrain", c.body);
    ASSERT_TRUE(r) << c.body;
    EXPECT_EQ(r->status, 400) << c.body << " -> " << r->body;
    const Json e = json(r)["error"];
    EXPECT_NE(e["message"].get<std::string>().find(c.needle), std::string::npos) << e.dump();
  }
  // The server is still there and unchanged.
  auto ok = client->Get(path("/api/fri").c_str());
  EXPECT_EQ(ok->status, 200);
}

TEST_F(ExploreServer, InfeasiblePinsAreAnErrorObjectNamingThem) {
  const std::string body = R"({"presets": {"f0": [0.99, 0.99]}})";
  auto r = post("/api/fri/constrain", body);
  ASSERT_EQ(r->status, 400) << r->body;
  const Json e = json(r)["error"];
  EXPECT_EQ(e["kind"], "preset");
  EXPECT_EQ(e["features"], Json::array({"f0"}));
  // The library's own PresetError message.
  featrel::fri::Options o = fri_options();
  o.presets = {{"f0", 0.99, 0.99}};
  const featrel::Dataset d = data();
  try {
    featrel::fri::run(d, o, fri_test::context(5, 1));
    FAIL() << "expected a PresetError";
  } catch (const featrel::fri::PresetError& x) {
    EXPECT_EQ(e["message"], x.what());
  }
}

TEST_F(ExploreServer, EveryRequestWithoutTheTokenOrAForeignHostIs403) {
  for (const std::string p : {"/", "/api/fri", "/api/status", "/api/run/boruta", "/api/ubayfs"}) {
    EXPECT_EQ(client->Get(p.c_str())->status, 403) << p;
    EXPECT_EQ(client->Get((p + "?token=wrong").c_str())->status, 403) << p;
    EXPECT_EQ(client->Get((p + "?token=" + server->token().substr(1)).c_str())->status, 403) << p;
  }
  EXPECT_EQ(client->Post("/api/fri/constrain", R"({"presets": {}})", "application/json")->status, 403);
  // DNS rebinding: the right token, but the page came from another name.
  for (const std::string& host : std::vector<std::string>{"evil.example:" + std::to_string(server->port()),
                                                          "127.0.0.1:1", "127.0.0.1"}) {
    httplib::Headers h{{"Host", host}};
    EXPECT_EQ(client->Get(path("/api/status").c_str(), h)->status, 403) << host;
  }
  httplib::Headers local{{"Host", "localhost:" + std::to_string(server->port())}};
  EXPECT_EQ(client->Get(path("/api/status").c_str(), local)->status, 200);
}

TEST_F(ExploreServer, OversizeBodyIs413) {
  const std::string big = R"({"presets": {"h1": [0, 0]}, "x": ")" + std::string(70000, 'a') + "\"}";
  auto r = post("/api/fri/constrain", big);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 413);
  EXPECT_EQ(client->Get(path("/api/status").c_str())->status, 200);
}

TEST_F(ExploreServer, StatusNamesTheDataAndMethods) {
  ASSERT_TRUE(server->wait_fitted());
  auto r = client->Get(path("/api/status").c_str());
  ASSERT_EQ(r->status, 200);
  const Json s = json(r);
  EXPECT_EQ(s["features"], Json::array({"f0", "h1", "h2", "f3", "f4"}));
  EXPECT_EQ(s["fri"]["state"], "done");
  EXPECT_NE(std::find(s["methods"].begin(), s["methods"].end(), Json("boruta")), s["methods"].end());
}

TEST_F(ExploreServer, PageFilesAreServed) {
  auto r = client->Get(path("/").c_str());
  ASSERT_EQ(r->status, 200);
  EXPECT_NE(r->body.find("<html"), std::string::npos);
  EXPECT_EQ(client->Get(path("/static/app.js").c_str())->status, 200);
  EXPECT_EQ(client->Get(path("/static/nothing.js").c_str())->status, 404);
}

TEST_F(ExploreServer, MethodRunsWithProgressAndEqualsTheRegistry) {
  auto start = post("/api/run/mrmr", R"({"settings": {"n_features_to_select": 2}})");
  ASSERT_TRUE(start);
  ASSERT_EQ(start->status, 202) << start->body;
  Json s;
  for (int i = 0; i < 600; ++i) {
    s = json(client->Get(path("/api/run/mrmr").c_str()));
    if (s["state"] != "running") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(s["state"], "done") << s.dump();
  const featrel::Dataset d = data();
  featrel::RunContext ctx = fri_test::context(5, 1);
  Json settings = Json::object();
  settings["n_features_to_select"] = 2;
  EXPECT_EQ(stripped(s["result"]), stripped(featrel::method("mrmr").run(d, settings, ctx)->to_json()));
  // Errors: an unknown method, a bad option, a file option, a method that has not run.
  EXPECT_EQ(post("/api/run/nosuch", "{}")->status, 400);
  EXPECT_EQ(post("/api/run/mrmr", R"({"settings": {"n_features_to_select": -3}})")->status, 400);
  EXPECT_EQ(post("/api/run/ubayfs", R"({"settings": {"constraints_file": "/etc/passwd"}})")->status, 400);
  EXPECT_EQ(client->Get(path("/api/run/boruta").c_str())->status, 404);
}

TEST_F(ExploreServer, UbayfsWithWeightsAndConstraints) {
  auto base = client->Get(path("/api/ubayfs").c_str());
  ASSERT_EQ(base->status, 200) << base->body;
  const featrel::Dataset d = data();
  featrel::RunContext ctx = fri_test::context(5, 1);
  Json defaults = Json::object();
  defaults["max_size"] = Json::array({"5"});  // 10, or every feature when fewer
  EXPECT_EQ(stripped(json(base)), stripped(featrel::method("ubayfs").run(d, defaults, ctx)->to_json()));
  EXPECT_EQ(client->Get(path("/api/ubayfs").append("&max_size=abc").c_str())->status, 400);
  auto r = post("/api/ubayfs/constrain", R"({"weights": [1, 1, 1, 5, 1], "max_size": 2, "cannot_link": ["h1,h2"]})");
  ASSERT_EQ(r->status, 200) << r->body;
  Json settings = Json::object();
  settings["weights"] = "1,1,1,5,1";
  settings["max_size"] = Json::array({"2"});
  settings["cannot_link"] = Json::array({"h1,h2"});
  EXPECT_EQ(stripped(json(r)), stripped(featrel::method("ubayfs").run(d, settings, ctx)->to_json()));
  EXPECT_EQ(post("/api/ubayfs/constrain", R"({"weights": "/etc/passwd"})")->status, 400);
  EXPECT_EQ(post("/api/ubayfs/constrain", R"({"counts": "x.csv"})")->status, 400);
  EXPECT_EQ(post("/api/ubayfs/constrain", R"({"must_link": ["h1,nope"]})")->status, 400);
}

TEST_F(ExploreServer, ANewerPinCancelsAnOlderOne) {
  ASSERT_TRUE(server->wait_fitted());
  // Many pins at once from several clients: every answer is either the right document or 409 (replaced), and
  // the last request always completes.
  std::vector<std::thread> threads;
  std::vector<int> status(6, 0);
  for (int i = 0; i < 6; ++i)
    threads.emplace_back([&, i] {
      httplib::Client c("127.0.0.1", server->port());
      c.set_read_timeout(120, 0);
      auto r = c.Post(path("/api/fri/constrain").c_str(), R"({"presets": {"h1": [0, 0]}})", "application/json");
      status[static_cast<std::size_t>(i)] = r ? r->status : -1;
    });
  for (auto& t : threads) t.join();
  for (int s : status) EXPECT_TRUE(s == 200 || s == 409) << s;
  EXPECT_EQ(post("/api/fri/constrain", R"({"presets": {"h1": [0, 0]}})")->status, 200);
}

// Pinning needs every exact interval and both ends of every signed range, so FRI settings with screening or the
// one-side rule are refused when the server starts (auto solves both ends in an explorer session).
// Pinning recomputes every interval from the exact unpinned ones: screening is refused; the one-side rule keeps the
// intervals exact and pins decide its certified sides (docs/fri.md#one-side-per-feature), so it is accepted.
TEST(ExploreServerSettings, ScreeningIsRefusedAndOneSideAccepted) {
  featrel::explore::ServerOptions o = server_options();
  o.fri_settings["screen"] = true;
  try {
    featrel::explore::Server server(data(), o);
    ADD_FAILURE() << "expected an error for screen";
  } catch (const featrel::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'screen'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("cannot be used here: pinning features"), std::string::npos) << e.what();
  }
  featrel::explore::ServerOptions bound = server_options();
  bound.fri_settings["signed_range"] = "bound";
  EXPECT_NO_THROW(featrel::explore::Server server(data(), bound));
}

}  // namespace
