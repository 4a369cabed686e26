// JSON helpers and file I/O shared by every writer (include/featrel/report.hpp).
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "featrel/error.hpp"
#include "featrel/report.hpp"

namespace featrel::report {

namespace {

template <class J>
void sanitize_impl(J& doc) {
  if (doc.is_number_float()) {
    if (!std::isfinite(doc.template get<double>())) doc = nullptr;
  } else if (doc.is_array() || doc.is_object()) {
    for (auto& child : doc) sanitize_impl(child);
  }
}

template <class J>
std::string json_text_impl(const J& doc) {
  // nlohmann writes non-finite floats as null already; sanitising a copy first would cost a deep copy of every
  // result, so we rely on that (a test holds it) and keep sanitize_non_finite for in-memory documents.
  std::string text = doc.dump(2, ' ', false, J::error_handler_t::replace);
  text += '\n';
  return text;
}

std::string io_reason() {
  // errno is set by the underlying open/write on POSIX; fall back to a generic reason otherwise.
  return errno != 0 ? std::string(std::strerror(errno)) : std::string("I/O error");
}

}  // namespace

Json json_number(double v) {
  if (!std::isfinite(v)) return Json(nullptr);
  return Json(v);
}

Json json_optional(std::optional<double> v) { return v ? json_number(*v) : Json(nullptr); }

void sanitize_non_finite(Json& doc) { sanitize_impl(doc); }
void sanitize_non_finite(nlohmann::json& doc) { sanitize_impl(doc); }

std::string json_text(const Json& doc) { return json_text_impl(doc); }
std::string json_text(const nlohmann::json& doc) { return json_text_impl(doc); }

void write_json_file(const std::string& path, const Json& doc) { write_text_file(path, json_text(doc)); }
void write_json_file(const std::string& path, const nlohmann::json& doc) { write_text_file(path, json_text(doc)); }

Json parse_json_text(std::string_view text, std::string_view source) {
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::exception& e) {
    // e.what() is "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error ..." (or an
    // out_of_range.406 "number overflow parsing '1e999'"); keep the part after the bracket, which names the place.
    std::string what = e.what();
    const auto at = what.find("] ");
    if (at != std::string::npos) what.erase(0, at + 2);
    throw InputError("'" + std::string(source) + "' is not valid JSON: " + what);
  }
}

Json read_json_file(const std::string& path) { return parse_json_text(read_text_file(path), path); }

void write_text_file(const std::string& path, std::string_view text) {
  errno = 0;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) {
    throw InputError("cannot write '" + path + "': " + io_reason() + "; check that the folder exists and is writable");
  }
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.flush();
  if (!out) throw InputError("cannot write '" + path + "': " + io_reason());
}

std::string read_text_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError("cannot read '" + path + "': it is a directory");
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read '" + path + "': " + io_reason());
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw InputError("cannot read '" + path + "': " + io_reason());
  return buffer.str();
}

}  // namespace featrel::report
