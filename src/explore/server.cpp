// featrel::explore::Server (featrel/explore.hpp): cpp-httplib on 127.0.0.1, the token and Host checks, and the
// API of docs/explore.md over a persistent fri::Session and the method registry.
#include <httplib.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <random>
#include <thread>

#include "explore/page.hpp"
#include "featrel/common_options.hpp"
#include "featrel/error.hpp"
#include "featrel/explore.hpp"
#include "featrel/format.hpp"
#include "featrel/fri.hpp"
#include "featrel/fri_session.hpp"
#include "featrel/method_registry.hpp"
#include "featrel/provenance.hpp"

namespace featrel::explore {

namespace {

using report::Json;

std::string random_token() {
  std::random_device rd;
  static const char* hex = "0123456789abcdef";
  std::string t;
  for (int i = 0; i < 32; ++i) t += hex[rd() & 15u];
  return t;
}

// Equal strings in time independent of where they differ (the token).
bool same(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

// A word as a POSIX shell reads it back (for the exported command line).
std::string shell_word(const std::string& w) {
  const bool plain = !w.empty() && std::all_of(w.begin(), w.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("-_./=:,+@").find(c) != std::string_view::npos;
  });
  if (plain) return w;
  std::string q = "'";
  for (char c : w) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string number_word(double v) { return format_number(v); }

void send_json(httplib::Response& res, int status, const Json& doc) {
  res.status = status;
  res.set_content(report::json_text(doc), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& kind, const std::string& message,
                Json extra = Json::object()) {
  Json e = Json::object();
  e["kind"] = kind;
  e["message"] = message;
  for (auto it = extra.begin(); it != extra.end(); ++it) e[it.key()] = it.value();
  Json doc = Json::object();
  doc["error"] = e;
  send_json(res, status, doc);
}

// Progress of one background analysis, read by GET requests while it runs.
struct Progress {
  mutable std::mutex m;
  std::string state = "idle";  // idle, running, done, failed, cancelled
  std::string stage;
  std::size_t done = 0, total = 0;
  std::string error;
  Json json() const {
    std::lock_guard<std::mutex> lock(m);
    Json j = Json::object();
    j["state"] = state;
    j["stage"] = stage;
    j["done"] = done;
    j["total"] = total;
    if (!error.empty()) j["error"] = error;
    return j;
  }
  void set(std::string_view s, std::size_t d, std::size_t t) {
    std::lock_guard<std::mutex> lock(m);
    stage = std::string(s);
    done = d;
    total = t;
  }
  void finish(const std::string& st, const std::string& err = "") {
    std::lock_guard<std::mutex> lock(m);
    state = st;
    error = err;
  }
};

// One run of a registry method (POST /api/run/METHOD).
struct MethodRun {
  std::atomic<bool> cancel{false};
  Progress progress;
  std::mutex m;
  Json document;  // when done
};

// Errors of an analysis as HTTP answers: bad input 400 (with the option key or the pinned features named),
// cancelled 409, solver trouble 500.
template <class F>
void answer(httplib::Response& res, F&& f, const std::vector<std::string>& pinned = {}) {
  try {
    f();
  } catch (const fri::PresetError& e) {
    Json names = Json::array();
    const std::string msg = e.what();
    for (const std::string& n : pinned)
      if (msg.find(n) != std::string::npos) names.push_back(n);
    Json extra = Json::object();
    extra["features"] = names;
    send_error(res, 400, "preset", msg, extra);
  } catch (const options::OptionError& e) {
    Json extra = Json::object();
    extra["key"] = e.key();
    send_error(res, 400, "option", e.what(), extra);
  } catch (const InputError& e) {
    send_error(res, 400, "input", e.what());
  } catch (const Cancelled&) {
    send_error(res, 409, "cancelled", "a newer request replaced this one");
  } catch (const SolverError& e) {
    send_error(res, 500, "solver", e.what());
  } catch (const Json::exception& e) {
    send_error(res, 400, "input", std::string("malformed request: ") + e.what());
  } catch (const std::exception& e) {
    send_error(res, 500, "internal", e.what());
  }
}

// The JSON body of a POST: an object, else InputError.
Json body_object(const httplib::Request& req) {
  if (req.body.empty()) return Json::object();
  Json j;
  try {
    j = Json::parse(req.body);
  } catch (const Json::parse_error& e) {
    throw InputError(std::string("the request body is not JSON: ") + e.what());
  }
  if (!j.is_object()) throw InputError("the request body must be a JSON object");
  return j;
}

// {"presets": {"NAME": [lo, hi] | v, ...}} in the order given.
std::vector<fri::Preset> read_presets(const Json& body) {
  for (auto it = body.begin(); it != body.end(); ++it)
    if (it.key() != "presets") throw InputError("unknown field '" + it.key() + "' (expected \"presets\")");
  std::vector<fri::Preset> out;
  if (!body.contains("presets")) return out;
  const Json& p = body["presets"];
  if (!p.is_object()) throw InputError("\"presets\" must be an object {\"NAME\": [lo, hi], ...}");
  for (auto it = p.begin(); it != p.end(); ++it) {
    fri::Preset q;
    q.feature = it.key();
    const Json& v = it.value();
    if (v.is_number()) {
      q.lo = q.hi = v.get<double>();
    } else if (v.is_array() && v.size() == 2 && v[0].is_number() && v[1].is_number()) {
      q.lo = v[0].get<double>();
      q.hi = v[1].get<double>();
    } else {
      throw fri::PresetError("fri: preset " + q.feature + ": the value must be a number or [lo, hi], got " + v.dump());
    }
    out.push_back(q);
  }
  return out;
}

// UBayFS settings a page may send: the user's knowledge and the objective, never a file name.
const std::array<const char*, 9> kUbayfsKeys{"weights",    "max_size", "must_link", "cannot_link", "linear",
                                             "lambda",     "admissibility", "n_features_to_select", "block"};

Json ubayfs_settings(const Json& body) {
  Json s = Json::object();
  for (auto it = body.begin(); it != body.end(); ++it) {
    if (std::find_if(kUbayfsKeys.begin(), kUbayfsKeys.end(), [&](const char* k) { return it.key() == k; }) ==
        kUbayfsKeys.end())
      throw options::OptionError(it.key(), "ubayfs: option '" + it.key() + "' cannot be set from the explorer");
    Json v = it.value();
    if (it.key() == "weights") {
      // Numbers only: a string would also be read as a file name.
      if (v.is_array()) {
        std::string w;
        for (const Json& x : v) {
          if (!x.is_number()) throw options::OptionError("weights", "ubayfs: weights must be numbers");
          if (!w.empty()) w += ',';
          w += number_word(x.get<double>());
        }
        v = w;
      } else if (v.is_number()) {
        v = number_word(v.get<double>());
      } else {
        throw options::OptionError("weights", "ubayfs: weights must be a number or a list of numbers");
      }
    }
    // A size as a number, or one word, is the list of words the option reads (S[@RHO]).
    if (it.key() == "max_size" && v.is_number()) v = number_word(v.get<double>());
    if (it.key() == "max_size" && v.is_string()) v = Json::array({v});
    s[it.key()] = v;
  }
  return s;
}

}  // namespace

struct Server::Impl {
  Dataset data;
  ServerOptions opt;
  fri::Options fri_options;
  std::string token;
  int port = 0;
  httplib::Server http;
  std::thread listener, fitter;
  std::atomic<bool> stopping{false};
  std::atomic<bool> listen_returned{false};

  // The FRI fit.
  mutable std::mutex fit_m;
  mutable std::condition_variable fit_cv;
  bool fit_finished = false;
  std::unique_ptr<fri::Session> session;
  Json fri_document;
  Progress fit_progress;

  // One interactive analysis at a time; a newer one cancels the older.
  std::mutex analysis_m;
  std::mutex cancel_m;
  std::shared_ptr<std::atomic<bool>> current_cancel;

  // Registry method runs, one at a time, the latest per method kept.
  std::mutex runs_m;
  std::map<std::string, std::shared_ptr<MethodRun>> runs;
  std::vector<std::thread> run_threads;
  std::mutex run_exec_m;

  RunContext context(const std::atomic<bool>* cancel) const {
    RunContext ctx;
    ctx.seed = opt.seed;
    ctx.threads = opt.threads;
    ctx.cancel = cancel;
    return ctx;
  }

  // `featrel fri DATA --target T [non-default data and FRI options] [--preset ...]` for this state.
  std::string fri_command(const std::vector<fri::Preset>& presets) const {
    std::string c = "featrel fri " + shell_word(opt.data_path.empty() ? data.source : opt.data_path);
    const Json defaults = data_option_table().to_json(CsvOptions{});
    for (auto it = opt.data_options.begin(); it != opt.data_options.end(); ++it) {
      const options::Info* info = data_option_table().find(it.key());
      if (!info || (defaults.contains(it.key()) && defaults[it.key()] == it.value())) continue;
      const Json& v = it.value();
      const auto words = v.is_array() ? v : Json::array({v});
      for (const Json& w : words) {
        if (w.is_boolean()) {
          if (w.get<bool>()) c += " " + info->flag;
          continue;
        }
        c += " " + info->flag + " " + shell_word(w.is_string() ? w.get<std::string>() : w.dump());
      }
    }
    for (auto it = opt.fri_settings.begin(); it != opt.fri_settings.end(); ++it) {
      const options::Info* info = fri::option_table().find(it.key());
      if (!info || it.key() == "presets") continue;
      const Json& v = it.value();
      c += " " + info->flag;
      if (!v.is_boolean()) c += " " + shell_word(v.is_string() ? v.get<std::string>() : v.dump());
    }
    for (const fri::Preset& p : presets)
      c += " --preset " + shell_word(p.feature + "=" + number_word(p.lo) +
                                     (p.lo == p.hi ? std::string() : ":" + number_word(p.hi)));
    if (opt.seed != 0) c += " --seed " + std::to_string(opt.seed);
    return c;
  }

  Json with_provenance(Json doc, const std::string& command) const {
    report::Provenance p;
    p.input_path = opt.data_path;
    p.target = data.target_name;
    p.task = doc.contains("task") && doc["task"].is_string() ? doc["task"].get<std::string>() : to_string(data.task);
    p.data_options = opt.data_options;
    p.command_line = command;
    p.seed = opt.seed;
    p.threads = context(nullptr).resolved_threads();
    doc["provenance"] = report::provenance_json(p);
    return doc;
  }

  void fit() {
    fit_progress.finish("running");
    RunContext ctx = context(&stopping);
    ctx.progress = [this](std::string_view s, std::size_t d, std::size_t t) { fit_progress.set(s, d, t); };
    std::unique_ptr<fri::Session> s;
    Json doc;
    std::string error;
    try {
      s = std::make_unique<fri::Session>(data, fri_options, ctx);
      doc = with_provenance(fri::method_result(s->data(), s->result())->to_json(), fri_command({}));
    } catch (const Cancelled&) {
      error = "cancelled";
    } catch (const std::exception& e) {
      error = e.what();
    }
    {
      std::lock_guard<std::mutex> lock(fit_m);
      session = std::move(s);
      fri_document = std::move(doc);
      fit_finished = true;
    }
    fit_progress.finish(error.empty() ? "done" : "failed", error);
    fit_cv.notify_all();
  }

  bool wait_fitted() const {
    std::unique_lock<std::mutex> lock(fit_m);
    fit_cv.wait(lock, [this] { return fit_finished; });
    return session != nullptr;
  }

  // Runs f(ctx) as the one interactive analysis, cancelling an older one.
  template <class F>
  void interactive(httplib::Response& res, F&& f, const std::vector<std::string>& pinned = {}) {
    auto flag = std::make_shared<std::atomic<bool>>(false);
    {
      std::lock_guard<std::mutex> lock(cancel_m);
      if (current_cancel) current_cancel->store(true);
      current_cancel = flag;
    }
    std::lock_guard<std::mutex> lock(analysis_m);
    answer(res, [&] {
      if (flag->load()) throw Cancelled();
      f(context(flag.get()));
    }, pinned);
  }

  void fri_not_ready(httplib::Response& res) const {
    const Json p = fit_progress.json();
    send_error(res, 503, "fit_failed", "the FRI fit failed: " + p.value("error", std::string()));
  }

  void start_method_run(const std::string& name, const Json& body, httplib::Response& res) {
    const MethodSpec& spec = method(name);  // InputError for an unknown method
    Json settings = body.contains("settings") ? body["settings"] : Json::object();
    if (!settings.is_object()) throw InputError("\"settings\" must be an object {option: value}");
    for (auto it = body.begin(); it != body.end(); ++it)
      if (it.key() != "settings") throw InputError("unknown field '" + it.key() + "' (expected \"settings\")");
    if (name == "ubayfs") settings = ubayfs_settings(settings);
    for (auto it = settings.begin(); it != settings.end(); ++it)
      if (it.key().find("file") != std::string::npos || it.key() == "counts" || it.key() == "impacts" ||
          it.key() == "dot" || it.key() == "poset")
        throw options::OptionError(it.key(), name + ": option '" + it.key() + "' cannot be set from the explorer");
    spec.check(settings);
    auto run = std::make_shared<MethodRun>();
    run->progress.finish("running");
    {
      std::lock_guard<std::mutex> lock(runs_m);
      auto old = runs.find(name);
      if (old != runs.end()) old->second->cancel.store(true);
      runs[name] = run;
      run_threads.emplace_back([this, run, &spec, settings, name] {
        std::lock_guard<std::mutex> exec(run_exec_m);  // one method run at a time
        RunContext ctx = context(&run->cancel);
        ctx.progress = [run](std::string_view s, std::size_t d, std::size_t t) { run->progress.set(s, d, t); };
        try {
          if (run->cancel.load() || stopping.load()) throw Cancelled();
          auto result = spec.run(data, settings, ctx);
          Json doc = with_provenance(result->to_json(), "POST /api/run/" + name + " " + settings.dump());
          {
            std::lock_guard<std::mutex> lock(run->m);
            run->document = std::move(doc);
          }
          run->progress.finish("done");
        } catch (const Cancelled&) {
          run->progress.finish("cancelled");
        } catch (const std::exception& e) {
          run->progress.finish("failed", e.what());
        }
      });
    }
    Json ok = Json::object();
    ok["method"] = name;
    ok["state"] = "running";
    send_json(res, 202, ok);
  }

  void method_status(const std::string& name, httplib::Response& res) {
    std::shared_ptr<MethodRun> run;
    {
      std::lock_guard<std::mutex> lock(runs_m);
      auto it = runs.find(name);
      if (it != runs.end()) run = it->second;
    }
    if (!run) {
      (void)method(name);
      send_error(res, 404, "not_started", "no run of " + name + " yet: POST /api/run/" + name);
      return;
    }
    Json j = run->progress.json();
    j["method"] = name;
    if (j["state"] == "done") {
      std::lock_guard<std::mutex> lock(run->m);
      j["result"] = run->document;
    }
    send_json(res, 200, j);
  }

  // 403 unless the token and the Host header are right (pre-routing: before any handler or body parsing).
  bool allowed(const httplib::Request& req) const {
    const std::string host = req.get_header_value("Host");
    const std::string p = std::to_string(port);
    if (host != "127.0.0.1:" + p && host != "localhost:" + p) return false;
    return req.has_param("token") && same(req.get_param_value("token"), token);
  }

  void routes() {
    http.set_payload_max_length(opt.max_body_bytes);
    http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
      if (allowed(req)) return httplib::Server::HandlerResponse::Unhandled;
      send_error(res, 403, "forbidden", "a valid token and the server's own Host are required");
      return httplib::Server::HandlerResponse::Handled;
    });
    http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
      send_error(res, 500, "internal", "unexpected error");
    });
    http.Get("/", [](const httplib::Request&, httplib::Response& res) { serve_page(res, "index.html"); });
    http.Get(R"(/static/([A-Za-z0-9_.-]+))", [](const httplib::Request& req, httplib::Response& res) {
      serve_page(res, req.matches[1].str());
    });
    http.Get("/api/status", [this](const httplib::Request&, httplib::Response& res) {
      Json j = Json::object();
      j["data"] = opt.data_path.empty() ? data.source : opt.data_path;
      j["target"] = data.target_name;
      j["task"] = to_string(data.task);
      j["features"] = data.feature_names;
      j["fri"] = fit_progress.json();
      Json methods_j = Json::array();
      for (const MethodSpec& m : methods())
        if (std::find(m.tasks.begin(), m.tasks.end(), data.task) != m.tasks.end()) methods_j.push_back(m.name);
      j["methods"] = methods_j;
      Json runs_j = Json::object();
      {
        std::lock_guard<std::mutex> lock(runs_m);
        for (const auto& [name, run] : runs) runs_j[name] = run->progress.json();
      }
      j["runs"] = runs_j;
      j["fri_command"] = fri_command({});
      send_json(res, 200, j);
    });
    http.Get("/api/fri", [this](const httplib::Request&, httplib::Response& res) {
      if (!wait_fitted()) return fri_not_ready(res);
      std::lock_guard<std::mutex> lock(fit_m);
      send_json(res, 200, fri_document);
    });
    http.Post("/api/fri/constrain", [this](const httplib::Request& req, httplib::Response& res) {
      std::vector<fri::Preset> presets;
      std::vector<std::string> names;
      bool ok = false;
      answer(res, [&] {
        presets = read_presets(body_object(req));
        for (const auto& p : presets) names.push_back(p.feature);
        ok = true;
      }, names);
      if (!ok) return;
      if (!wait_fitted()) return fri_not_ready(res);
      interactive(res, [&](const RunContext& ctx) {
        const fri::Result r = session->constrain(presets, ctx);
        send_json(res, 200, with_provenance(fri::method_result(session->data(), r)->to_json(), fri_command(presets)));
      }, names);
    });
    http.Get("/api/ubayfs", [this](const httplib::Request& req, httplib::Response& res) {
      // UBayFS needs a maximum size (docs/ubayfs.md): ?max_size=S, by default 10 (or every feature when fewer).
      Json settings = Json::object();
      std::string size = std::to_string(std::min<std::size_t>(10, data.n_features()));
      if (req.has_param("max_size")) size = req.get_param_value("max_size");
      settings["max_size"] = Json::array({size});
      interactive(res, [&](const RunContext& ctx) {
        auto r = method("ubayfs").run(data, settings, ctx);
        send_json(res, 200, with_provenance(r->to_json(), "GET /api/ubayfs max_size=" + size));
      });
    });
    http.Post("/api/ubayfs/constrain", [this](const httplib::Request& req, httplib::Response& res) {
      Json settings;
      bool ok = false;
      answer(res, [&] {
        settings = ubayfs_settings(body_object(req));
        method("ubayfs").check(settings);
        ok = true;
      });
      if (!ok) return;
      interactive(res, [&](const RunContext& ctx) {
        auto r = method("ubayfs").run(data, settings, ctx);
        send_json(res, 200, with_provenance(r->to_json(), "POST /api/ubayfs/constrain " + settings.dump()));
      });
    });
    http.Post(R"(/api/run/([a-z_]+))", [this](const httplib::Request& req, httplib::Response& res) {
      const std::string name = req.matches[1].str();
      answer(res, [&] { start_method_run(name, body_object(req), res); });
    });
    http.Get(R"(/api/run/([a-z_]+))", [this](const httplib::Request& req, httplib::Response& res) {
      const std::string name = req.matches[1].str();
      answer(res, [&] { method_status(name, res); });
    });
  }

  static void serve_page(httplib::Response& res, const std::string& name) {
    const PageFile* f = page_file(name);
    if (!f) {
      send_error(res, 404, "not_found", "no such page file: " + name);
      return;
    }
    res.set_content(std::string(f->content), std::string(f->mime));
    res.set_header("Cache-Control", "no-store");
    res.set_header("X-Content-Type-Options", "nosniff");
  }
};

Server::Server(Dataset data, ServerOptions options) : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  m.data = std::move(data);
  m.opt = std::move(options);
  if (!m.opt.fri_settings.is_object()) throw InputError("explore: the FRI settings must be an object");
  if (m.opt.fri_settings.contains("presets"))
    throw options::OptionError("presets", "explore: pin features in the page or with POST /api/fri/constrain, "
                                          "not with --preset");
  fri::option_table().set_json(m.fri_options, m.opt.fri_settings);
  fri::validate(m.fri_options);
  // Pinning recomputes every interval from the exact unpinned ones (docs/fri.md#screening).
  if (m.fri_options.screen)
    throw options::OptionError("screen", "explore: option 'screen' cannot be used here: pinning features needs "
                                         "every feature's exact interval; run without screen");
  m.token = m.opt.token.empty() ? random_token() : m.opt.token;
  m.routes();
}

Server::~Server() { stop(); }

void Server::start() {
  Impl& m = *impl_;
  if (m.opt.port < 0 || m.opt.port > 65535) throw InputError("explore: --port must be 0..65535");
  if (m.opt.port == 0) {
    m.port = m.http.bind_to_any_port("127.0.0.1");
  } else {
    m.port = m.http.bind_to_port("127.0.0.1", m.opt.port) ? m.opt.port : -1;
  }
  if (m.port <= 0)
    throw InputError("explore: cannot listen on 127.0.0.1:" + std::to_string(m.opt.port) + " (port in use?)");
  m.listener = std::thread([&m] {
    m.http.listen_after_bind();
    m.listen_returned.store(true);
  });
  // stop() before the accept loop runs would not stop it: wait until it runs.
  while (!m.http.is_running() && !m.listen_returned.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  m.fitter = std::thread([&m] { m.fit(); });
}

void Server::stop() {
  Impl& m = *impl_;
  m.stopping.store(true);
  {
    std::lock_guard<std::mutex> lock(m.cancel_m);
    if (m.current_cancel) m.current_cancel->store(true);
  }
  {
    std::lock_guard<std::mutex> lock(m.runs_m);
    for (auto& [name, run] : m.runs) run->cancel.store(true);
  }
  m.http.stop();
  if (m.listener.joinable()) m.listener.join();
  if (m.fitter.joinable()) m.fitter.join();
  std::vector<std::thread> threads;
  {
    std::lock_guard<std::mutex> lock(m.runs_m);
    threads.swap(m.run_threads);
  }
  for (auto& t : threads)
    if (t.joinable()) t.join();
}

int Server::port() const { return impl_->port; }
const std::string& Server::token() const { return impl_->token; }
std::string Server::url() const {
  return "http://127.0.0.1:" + std::to_string(impl_->port) + "/?token=" + impl_->token;
}
bool Server::wait_fitted() const { return impl_->wait_fitted(); }

}  // namespace featrel::explore
