#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "featrel/error.hpp"
#include "featrel/report.hpp"
#include "temp_file.hpp"

namespace featrel::report {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// Runs f, expects an InputError, and returns its message.
template <class F>
std::string input_error_message(F f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no InputError thrown";
  return {};
}

TEST(JsonNumber, FiniteValuesStayNumbers) {
  EXPECT_EQ(json_number(1.5), Json(1.5));
  EXPECT_EQ(json_number(0.0), Json(0.0));
  EXPECT_TRUE(json_number(-3.25).is_number_float());
}

TEST(JsonNumber, NonFiniteValuesBecomeNull) {
  EXPECT_TRUE(json_number(kNaN).is_null());
  EXPECT_TRUE(json_number(kInf).is_null());
  EXPECT_TRUE(json_number(-kInf).is_null());
}

TEST(JsonOptional, EmptyAndNonFiniteAreNull) {
  EXPECT_TRUE(json_optional(std::nullopt).is_null());
  EXPECT_TRUE(json_optional(kNaN).is_null());
  EXPECT_EQ(json_optional(2.0), Json(2.0));
}

TEST(SanitizeNonFinite, ReplacesAtAnyDepth) {
  Json doc = Json::object();
  doc["a"] = kNaN;
  doc["b"] = Json::array({1, kInf, Json{{"c", -kInf}, {"d", "x"}}});
  doc["e"] = 0.5;
  sanitize_non_finite(doc);
  EXPECT_EQ(doc.dump(), R"({"a":null,"b":[1,null,{"c":null,"d":"x"}],"e":0.5})");
}

TEST(SanitizeNonFinite, WorksOnPlainJsonToo) {
  nlohmann::json doc = {{"x", kNaN}, {"y", {1.0, -kInf}}};
  sanitize_non_finite(doc);
  EXPECT_EQ(doc.dump(), R"({"x":null,"y":[1.0,null]})");
}

TEST(JsonText, PrettyTwoSpacesKeyOrderAndTrailingNewline) {
  Json doc = Json::object();
  doc["b"] = 1;
  doc["a"] = Json::array({0.1, true});
  EXPECT_EQ(json_text(doc), "{\n  \"b\": 1,\n  \"a\": [\n    0.1,\n    true\n  ]\n}\n");
}

TEST(JsonText, NonFiniteNumbersPrintAsNull) {
  Json doc = Json::object();
  doc["x"] = kNaN;
  doc["y"] = -kInf;
  EXPECT_EQ(json_text(doc), "{\n  \"x\": null,\n  \"y\": null\n}\n");
  nlohmann::json plain = {{"x", kNaN}};
  EXPECT_EQ(json_text(plain), "{\n  \"x\": null\n}\n");
}

TEST(JsonText, InvalidUtf8IsReplacedNotThrown) {
  Json doc = Json::object();
  doc["name"] = std::string("caf\xE9");  // Latin-1 é
  EXPECT_EQ(json_text(doc), "{\n  \"name\": \"caf\xEF\xBF\xBD\"\n}\n");
}

TEST(JsonFile, WriteThenReadKeepsBytesAndOrder) {
  test::TempFile file;
  Json doc = Json::object();
  doc["zeta"] = 1;
  doc["alpha"] = "two";
  doc["mid"] = kNaN;
  write_json_file(file.path(), doc);
  EXPECT_EQ(read_text_file(file.path()), "{\n  \"zeta\": 1,\n  \"alpha\": \"two\",\n  \"mid\": null\n}\n");
  const Json back = read_json_file(file.path());
  std::vector<std::string> keys;
  for (const auto& [k, v] : back.items()) keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"zeta", "alpha", "mid"}));
  EXPECT_TRUE(back["mid"].is_null());
}

TEST(JsonFile, UnwritablePathIsInputErrorNamingIt) {
  const std::string path = "/nonexistent-featrel-dir/out.json";
  const std::string msg = input_error_message([&] { write_json_file(path, Json::object()); });
  EXPECT_NE(msg.find(path), std::string::npos) << msg;
}

TEST(JsonFile, MissingFileIsInputErrorNamingIt) {
  const std::string path = "/nonexistent-featrel-dir/in.json";
  const std::string msg = input_error_message([&] { read_json_file(path); });
  EXPECT_NE(msg.find(path), std::string::npos) << msg;
}

TEST(JsonFile, InvalidJsonNamesFileLineAndColumn) {
  test::TempFile file;
  write_text_file(file.path(), "{\n  \"a\": 1,\n  \"b\": nope\n}\n");
  const std::string msg = input_error_message([&] { read_json_file(file.path()); });
  EXPECT_NE(msg.find(file.path()), std::string::npos) << msg;
  EXPECT_NE(msg.find("line 3"), std::string::npos) << msg;
  EXPECT_NE(msg.find("column"), std::string::npos) << msg;
  EXPECT_EQ(msg.find("[json.exception"), std::string::npos) << msg;
}

TEST(JsonFile, EmptyFileIsInputError) {
  test::TempFile file;
  write_text_file(file.path(), "");
  const std::string msg = input_error_message([&] { read_json_file(file.path()); });
  EXPECT_NE(msg.find(file.path()), std::string::npos) << msg;
}

TEST(TextFile, WritesBytesExactly) {
  test::TempFile file(".txt");
  write_text_file(file.path(), std::string("a\r\nb\0c", 6));
  EXPECT_EQ(read_text_file(file.path()), std::string("a\r\nb\0c", 6));
}

}  // namespace
}  // namespace featrel::report
