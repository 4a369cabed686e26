// SHA-256 (FIPS 180-4) for the provenance block's input hash. Two engines compute the same digest: the portable
// one, and the x86 SHA extensions where the processor has them (about 8× faster; a 80 MB table hashed in about
// 0.05 s instead of 0.35 s). Written here because the hash is the only thing featrel would need a crypto library
// for; the engine is chosen at run time, so one binary runs everywhere.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace featrel::report::detail {

enum class Sha256Engine { portable, sha_extensions };

// Whether this processor can run Sha256Engine::sha_extensions (x86 with SHA, SSSE3 and SSE4.1).
bool sha_extensions_available();

// The fastest engine this processor has.
Sha256Engine fastest_sha256_engine();

class Sha256 {
 public:
  explicit Sha256(Sha256Engine engine = fastest_sha256_engine());
  void update(std::string_view bytes);
  // The digest as lower-case hex; the object is spent afterwards.
  std::string hex();

 private:
  void compress(const unsigned char* blocks, std::size_t count);

  Sha256Engine engine_;
  std::array<std::uint32_t, 8> h_;
  std::array<unsigned char, 64> block_{};
  std::size_t fill_ = 0;
  std::uint64_t length_ = 0;
};

std::string sha256_hex(std::string_view bytes, Sha256Engine engine);

}  // namespace featrel::report::detail
