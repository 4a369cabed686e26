// Provenance of a result: which input (path, size, SHA-256), which target, task and data settings, which command
// line, featrel version and source commit, seed, threads and when. Front ends add it to the result document as
// `provenance`, so that a result file says how to reproduce it; `featrel evaluate` and `stability` ignore it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "featrel/report.hpp"

namespace featrel::report {

struct Provenance {
  std::string input_path;         // as given; "-" for standard input
  std::string target;             // the target column used
  std::string task;               // the task the method ran
  Json data_options = Json::object();  // the data settings (drop, impute, categorical, ...)
  std::string command_line;       // the full command line, or the API call that made the result
  std::uint64_t seed = 0;
  unsigned threads = 0;
};

// Lower-case hex SHA-256 of bytes / of a file's contents (InputError naming the file when it cannot be read).
std::string sha256_hex(std::string_view bytes);
std::string sha256_file(const std::string& path);

// The commit featrel was built from ("unknown" outside a git checkout).
const char* source_commit();

// {input_path, input_bytes, input_sha256, target, task, data_options, command_line, featrel_version,
//  source_commit, seed, threads, timestamp (UTC, ISO 8601)}. Size and hash are null for standard input or a
// missing path.
Json provenance_json(const Provenance& provenance);

}  // namespace featrel::report
