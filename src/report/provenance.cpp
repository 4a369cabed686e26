// Provenance blocks (the SHA-256 they record is in sha256.cpp).
#include "featrel/provenance.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>

#include "featrel/result_json.hpp"
#include "featrel_source_commit.h"  // FEATREL_SOURCE_COMMIT, written at build time by cmake/source_commit.cmake

namespace featrel::report {

namespace {

std::string utc_timestamp() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

const char* source_commit() { return FEATREL_SOURCE_COMMIT; }

Json provenance_json(const Provenance& p) {
  Json j = Json::object();
  j["input_path"] = p.input_path;
  std::error_code ec;
  const bool file = p.input_path != "-" && !p.input_path.empty() && std::filesystem::is_regular_file(p.input_path, ec);
  j["input_bytes"] = file ? Json(std::filesystem::file_size(p.input_path, ec)) : Json(nullptr);
  j["input_sha256"] = file ? Json(sha256_file(p.input_path)) : Json(nullptr);
  j["target"] = p.target;
  j["task"] = p.task;
  j["data_options"] = p.data_options;
  j["command_line"] = p.command_line;
  j["featrel_version"] = featrel_version();
  j["source_commit"] = source_commit();
  j["seed"] = p.seed;
  j["threads"] = p.threads;
  j["timestamp"] = utc_timestamp();
  return j;
}

}  // namespace featrel::report
