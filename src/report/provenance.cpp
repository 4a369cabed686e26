// Provenance blocks and the SHA-256 they record (FIPS 180-4; written here because the hash is the only thing
// featrel would need a crypto library for).
#include "featrel/provenance.hpp"

#include <array>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>

#include "featrel/error.hpp"
#include "featrel/result_json.hpp"

#ifndef FEATREL_SOURCE_COMMIT
#define FEATREL_SOURCE_COMMIT "unknown"
#endif

namespace featrel::report {

namespace {

constexpr std::array<std::uint32_t, 64> k = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
    0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
    0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
    0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2};

std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

class Sha256 {
 public:
  void update(std::string_view bytes) {
    for (unsigned char c : bytes) {
      block_[fill_++] = c;
      if (fill_ == 64) {
        compress();
        fill_ = 0;
      }
    }
    length_ += bytes.size();
  }
  std::string hex() {
    const std::uint64_t bits = length_ * 8;
    const std::string_view one("\x80", 1);
    update(one);
    const char zero = 0;
    while (fill_ != 56) update(std::string_view(&zero, 1));
    for (int i = 7; i >= 0; --i) {
      const char b = static_cast<char>((bits >> (8 * i)) & 0xff);
      update(std::string_view(&b, 1));
    }
    std::string out;
    char buf[9];
    for (std::uint32_t v : h_) {
      std::snprintf(buf, sizeof buf, "%08x", v);
      out += buf;
    }
    return out;
  }

 private:
  void compress() {
    std::array<std::uint32_t, 64> w{};
    for (int i = 0; i < 16; ++i)
      w[i] = (std::uint32_t(block_[4 * i]) << 24) | (std::uint32_t(block_[4 * i + 1]) << 16) |
             (std::uint32_t(block_[4 * i + 2]) << 8) | std::uint32_t(block_[4 * i + 3]);
    for (int i = 16; i < 64; ++i) {
      const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    auto [a, b, c, d, e, f, g, h] = h_;
    for (int i = 0; i < 64; ++i) {
      const std::uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[i] + w[i];
      const std::uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      h = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    const std::array<std::uint32_t, 8> add{a, b, c, d, e, f, g, h};
    for (int i = 0; i < 8; ++i) h_[i] += add[i];
  }

  std::array<std::uint32_t, 8> h_{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                  0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::array<unsigned char, 64> block_{};
  std::size_t fill_ = 0;
  std::uint64_t length_ = 0;
};

std::string utc_timestamp() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

std::string sha256_hex(std::string_view bytes) {
  Sha256 s;
  s.update(bytes);
  return s.hex();
}

std::string sha256_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read '" + path + "' to hash it");
  Sha256 s;
  std::array<char, 1 << 16> buf{};
  while (in) {
    in.read(buf.data(), buf.size());
    s.update(std::string_view(buf.data(), static_cast<std::size_t>(in.gcount())));
  }
  return s.hex();
}

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
