// The provenance block: SHA-256 against the FIPS 180-4 test vectors, and the block's fields for a real file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "featrel/provenance.hpp"

using featrel::report::sha256_hex;

TEST(Provenance, Sha256MatchesTheStandardVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
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
