// The provenance block: SHA-256 against the FIPS 180-4 test vectors, and the block's fields for a real file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <vector>

#include "featrel/error.hpp"
#include "featrel/provenance.hpp"
#include "report/sha256.hpp"

using featrel::report::sha256_hex;

TEST(Provenance, Sha256MatchesTheStandardVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

// Every engine this processor has, so that a machine with SHA extensions tests both.
std::vector<featrel::report::detail::Sha256Engine> engines() {
  using featrel::report::detail::Sha256Engine;
  std::vector<Sha256Engine> out{Sha256Engine::portable};
  if (featrel::report::detail::sha_extensions_available()) out.push_back(Sha256Engine::sha_extensions);
  return out;
}

TEST(Provenance, Sha256EnginesMatchTheVectorsAndEachOther) {
  using featrel::report::detail::Sha256;
  using featrel::report::detail::sha256_hex;
  for (const auto engine : engines()) {
    EXPECT_EQ(sha256_hex("abc", engine), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(sha256_hex(std::string(1000000, 'a'), engine),
              "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  }
  // Every length around the padding's block boundaries (55, 56, 63, 64, ...), fed whole and in uneven pieces:
  // each engine and each split gives the portable engine's digest of the whole.
  std::mt19937 rng(11);
  std::string bytes(300, '\0');
  for (char& c : bytes) c = static_cast<char>(rng() & 0xff);
  for (std::size_t len = 0; len <= bytes.size(); ++len) {
    const std::string_view msg(bytes.data(), len);
    const std::string want = sha256_hex(msg, featrel::report::detail::Sha256Engine::portable);
    for (const auto engine : engines()) {
      EXPECT_EQ(sha256_hex(msg, engine), want) << len;
      Sha256 pieces(engine);
      for (std::size_t at = 0; at < len;) {
        const std::size_t take = std::min<std::size_t>(len - at, 1 + rng() % 70);
        pieces.update(msg.substr(at, take));
        at += take;
      }
      EXPECT_EQ(pieces.hex(), want) << len;
    }
  }
}

TEST(Provenance, Sha256OfAFileLargerThanTheReadBuffer) {
  const auto path = std::filesystem::temp_directory_path() / "featrel_sha256_test.bin";
  std::string bytes(3 * (1 << 20) + 77, '\0');
  std::mt19937 rng(5);
  for (char& c : bytes) c = static_cast<char>(rng() & 0xff);
  { std::ofstream(path, std::ios::binary) << bytes; }
  EXPECT_EQ(featrel::report::sha256_file(path.string()),
            featrel::report::detail::sha256_hex(bytes, featrel::report::detail::Sha256Engine::portable));
  std::filesystem::remove(path);
  EXPECT_THROW(featrel::report::sha256_file(path.string()), featrel::InputError);
}

TEST(Provenance, BlockDescribesTheInput) {
  const auto path = std::filesystem::temp_directory_path() / "featrel_provenance_test.csv";
  { std::ofstream(path) << "a,y\n1,0\n2,1\n"; }
  featrel::report::Provenance p;
  p.input_path = path.string();
  p.target = "y";
  p.task = "binary";
  p.command_line = "featrel fri data.csv";
  p.seed = 7;
  p.threads = 2;
  const auto j = featrel::report::provenance_json(p);
  EXPECT_EQ(j["input_bytes"], 12);
  EXPECT_EQ(j["input_sha256"], sha256_hex("a,y\n1,0\n2,1\n"));
  EXPECT_EQ(j["seed"], 7);
  EXPECT_EQ(j["command_line"], "featrel fri data.csv");
  EXPECT_EQ(j["timestamp"].get<std::string>().size(), 20u);  // 2026-11-25T04:40:00Z
  EXPECT_FALSE(j["source_commit"].get<std::string>().empty());
  p.input_path = "-";
  EXPECT_TRUE(featrel::report::provenance_json(p)["input_sha256"].is_null());
  std::filesystem::remove(path);
}
