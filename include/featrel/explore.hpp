// The explorer's local web server (`featrel explore`, docs/explore.md): one data set, a persistent FRI session
// (fri_session.hpp) and the HTTP API the browser page uses — the FRI result, pins re-solved on the fitted session,
// UBayFS with the user's weights and constraints, and any registered method on the same data, with progress.
//
// Security: it listens on 127.0.0.1 only; every request must carry ?token=T (a random token unless given; 403
// otherwise) and a Host header naming the server's own address (127.0.0.1:PORT or localhost:PORT; 403 otherwise,
// against DNS rebinding); request bodies are size-limited (413) and validated (400 with a message). One FRI or
// UBayFS analysis runs at a time: a newer request cancels the older one (which answers 409).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "featrel/dataset.hpp"
#include "featrel/report.hpp"
#include "featrel/run_context.hpp"

namespace featrel::explore {

struct ServerOptions {
  int port = 0;                         // 0: a free port
  std::string token;                    // empty: 32 random hex digits
  std::size_t max_body_bytes = 1 << 16; // larger bodies answer 413
  std::uint64_t seed = 0;               // every analysis's seed
  unsigned threads = 0;                 // 0: all hardware threads
  report::Json fri_settings = report::Json::object();  // FRI options {key: value} (the fri option table)
  // For the documents' provenance and the exported command line: the data file and its data options.
  std::string data_path;
  report::Json data_options = report::Json::object();
};

class Server {
 public:
  // Keeps `data`. OptionError/InputError for bad FRI settings (checked before anything starts).
  Server(Dataset data, ServerOptions options);
  ~Server();  // stop()
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds 127.0.0.1:port (InputError when it cannot), starts serving and the FRI fit in the background.
  void start();
  // Cancels running analyses and stops serving; waits for the threads. Idempotent.
  void stop();

  int port() const;
  const std::string& token() const;
  // http://127.0.0.1:PORT/?token=TOKEN
  std::string url() const;
  // Blocks until the FRI fit has finished (or failed); true when it succeeded.
  bool wait_fitted() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace featrel::explore
