// The non-template parts of the option tables: number and word parsing with range checks, range texts, and the
// lookups of the type-erased Schema.
#include "featrel/option_table.hpp"

#include <charconv>
#include <sstream>

#include "featrel/format.hpp"

namespace featrel::options {

namespace {

std::string trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return "";
  const auto e = s.find_last_not_of(" \t");
  return std::string(s.substr(b, e - b + 1));
}

// Integers up to a million as integers ("100000", not "1e+05"); other values in shortest round-trip form.
std::string bound(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v == std::floor(v) && std::abs(v) <= 1e6) return std::to_string(static_cast<long long>(v));
  return format_number(v);
}

}  // namespace

bool Range::contains(double v) const {
  if (std::isnan(v)) return false;
  if (lo_open ? !(v > lo) : !(v >= lo)) return false;
  if (hi_open ? !(v < hi) : !(v <= hi)) return false;
  return true;
}

std::string Range::text() const {
  const bool has_lo = !std::isinf(lo), has_hi = !std::isinf(hi);
  if (!has_lo && !has_hi) return "";
  if (has_lo && !has_hi) return (lo_open ? "> " : ">= ") + bound(lo);
  if (!has_lo && has_hi) return (hi_open ? "< " : "<= ") + bound(hi);
  return std::string("in ") + (lo_open ? "(" : "[") + bound(lo) + ", " + bound(hi) + (hi_open ? ")" : "]");
}

std::string Info::range_text() const {
  if (kind == Kind::choice) return "one of " + detail::join_words(choices);
  if (kind == Kind::boolean) return "";
  return range.text();  // numbers, and the number in a custom word that declares a range (ubayfs's S[@RHO])
}

namespace detail {

void fail(const Info& info, const std::string& what, std::string_view got) {
  throw OptionError(info.key, "option '" + info.key + "' must be " + what + ", got " + std::string(got));
}

static std::string expectation(const Info& info) {
  std::string what = info.kind == Kind::integer ? "an integer" : "a finite number";
  const std::string r = info.range.text();
  if (!r.empty()) what += " " + r;
  return what;
}

double parse_real(const Info& info, std::string_view text) {
  const std::string t = trim(text);
  double v = 0.0;
  const char* first = t.data();
  const char* last = t.data() + t.size();
  if (!t.empty() && *first == '+') ++first;
  const auto [ptr, ec] = std::from_chars(first, last, v);
  if (t.empty() || ec == std::errc::invalid_argument || ptr != last)
    fail(info, expectation(info), "'" + std::string(text) + "'");
  if (ec == std::errc::result_out_of_range || !std::isfinite(v))
    fail(info, expectation(info), "'" + std::string(text) + "' (not a finite double)");
  check_number(info, v, t);
  return v;
}

long double parse_integer(const Info& info, std::string_view text, long double lo, long double hi) {
  const std::string t = trim(text);
  // Integers written as 1e3 or 100.0 are accepted when exact; anything with a fraction is refused.
  long double v = 0;
  bool ok = false;
  if (!t.empty()) {
    long long i = 0;
    const char* first = t.data();
    const char* last = t.data() + t.size();
    if (*first == '+') ++first;
    auto [ptr, ec] = std::from_chars(first, last, i);
    if (ec == std::errc() && ptr == last) {
      v = static_cast<long double>(i);
      ok = true;
    } else if (ec == std::errc::result_out_of_range) {
      fail(info, expectation(info), "'" + t + "' (too large)");
    } else {
      double d = 0;
      auto [p2, e2] = std::from_chars(first, last, d);
      if (e2 == std::errc() && p2 == last && std::isfinite(d) && d == std::floor(d)) {
        v = static_cast<long double>(d);
        ok = true;
      }
    }
  }
  if (!ok) fail(info, expectation(info), "'" + std::string(text) + "'");
  check_number(info, static_cast<double>(v), t);
  if (v < lo || v > hi) fail(info, expectation(info), "'" + t + "' (out of the representable range)");
  return v;
}

void check_number(const Info& info, double v, std::string_view got) {
  if (!std::isfinite(v) || !info.range.contains(v)) fail(info, expectation(info), got);
}

std::string number_text(double v) { return format_number(v); }

bool parse_bool(const Info& info, std::string_view text) {
  const std::string t = trim(text);
  if (t == "true" || t == "1" || t == "yes" || t == "on") return true;
  if (t == "false" || t == "0" || t == "no" || t == "off") return false;
  fail(info, "true or false", "'" + std::string(text) + "'");
}

std::vector<std::string> split_list(std::string_view text) {
  std::vector<std::string> out;
  if (trim(text).empty()) return out;
  std::size_t start = 0;
  for (;;) {
    const auto comma = text.find(',', start);
    out.push_back(trim(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

std::string join_list(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ",") + i;
  return out;
}

std::string join_words(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

double json_real(const Info& info, const Json& j) {
  if (j.is_string()) return parse_real(info, j.get<std::string>());
  if (!j.is_number()) fail(info, expectation(info), j.dump());
  return j.get<double>();
}

}  // namespace detail

const Info* Schema::find(std::string_view key) const {
  for (const Info* i : infos())
    if (i->key == key) return i;
  return nullptr;
}

std::string Schema::key_of_flag(std::string_view flag) const {
  for (const Info* i : infos())
    if (i->flag == flag || (!i->short_flag.empty() && i->short_flag == flag)) return i->key;
  return "";
}

}  // namespace featrel::options
