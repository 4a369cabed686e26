// One table per method that says everything about each of its options, once: the key (snake_case, as JSON, the
// Python package and set_option() name it), the struct member it sets, its default (read from the default-built
// options struct), its range or choices, its help line and its help group.
//
// Everything else is generated from the table: parsing a command-line word into the member with a range check
// (a negative, overflowing, non-finite or out-of-range number is an OptionError naming the key), the check of a
// struct filled in by hand (validate), the JSON echo of a result and reading options back from JSON, the CLI
// flags and their --help text (defaults printed from the table), and the option tables in docs/. Option sets
// several methods share (forest, linear SVM, resampling) are tables of their own, included into a method's table
// over a nested struct, so that their keys, defaults and help exist once.
//
// The generic code (CLI, Python binding, explorer, docs test) sees a table only through `Schema`: the option
// descriptions (`Info`) and string/JSON setters on an opaque options object.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "featrel/error.hpp"

namespace featrel::options {

using Json = nlohmann::ordered_json;

// A bad option value. The message names the key ("option 'cv_folds' must be >= 2, got 1"); front ends that
// spell options differently (the CLI's --cv-folds) translate the key with `key()`.
class OptionError : public InputError {
 public:
  OptionError(std::string key, const std::string& message) : InputError(message), key_(std::move(key)) {}
  const std::string& key() const { return key_; }

 private:
  std::string key_;
};

// A closed, open or half-open interval of allowed numbers (each bound may be infinite).
struct Range {
  double lo = -std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
  bool lo_open = false;
  bool hi_open = false;

  static Range any() { return {}; }
  static Range at_least(double v) { return {v, std::numeric_limits<double>::infinity(), false, false}; }
  static Range above(double v) { return {v, std::numeric_limits<double>::infinity(), true, false}; }
  static Range closed(double lo, double hi) { return {lo, hi, false, false}; }
  static Range open(double lo, double hi) { return {lo, hi, true, true}; }
  static Range left_open(double lo, double hi) { return {lo, hi, true, false}; }   // (lo, hi]
  static Range right_open(double lo, double hi) { return {lo, hi, false, true}; }  // [lo, hi)

  bool contains(double v) const;
  // ">= 2", "> 0", "in (0, 1)", "in [0, 1]", "any finite number".
  std::string text() const;
};

// How an option's value is written; the CLI and the Python binding pick their parsers from it.
enum class Kind { boolean, integer, real, text, choice };

// What every face needs to know about one option. Filled by the table; read-only elsewhere.
struct Info {
  std::string key;           // snake_case
  std::string flag;          // "--cv-folds" (from the key unless set)
  std::string short_flag;    // "-k", or empty
  std::string group;         // help group
  std::string help;          // one sentence, no default (the default is printed from the table)
  std::string value_name;    // metavar: "N", "X", "WORD", "A,B,..."
  Kind kind = Kind::text;
  bool list = false;         // several values: the flag repeatable
  bool split_commas = true;  // lists: one word may hold several comma-separated values
  bool optional = false;     // may be unset; `unset_word` says what unset means ("auto", "searched", "none")
  std::string unset_word;
  std::vector<std::string> choices;  // Kind::choice (and lists of choices)
  Range range;               // numbers (each element of a list)
  bool integer_only = false;
  std::string default_text;  // the default as the CLI would write it ("" = empty list or text)
  bool cli = true;           // a command-line flag (false: library, JSON and Python only)
  bool echo = true;          // written in the result's `options` echo (false: output paths and the like)
  std::string range_text() const;  // "" when unrestricted
};

// Case-sensitive word list of an enum.
template <class E>
using Choices = std::vector<std::pair<std::string, E>>;

// ---- value codecs -------------------------------------------------------------------------------------------------

namespace detail {

[[noreturn]] void fail(const Info& info, const std::string& what, std::string_view got);
// Parses a whole word as a number (no trailing characters, finite); OptionError otherwise.
double parse_real(const Info& info, std::string_view text);
// Parses an integer word exactly (no fraction, no overflow, within [lo, hi] of the C++ type).
long double parse_integer(const Info& info, std::string_view text, long double lo, long double hi);
void check_number(const Info& info, double v, std::string_view got);
std::string number_text(double v);
bool parse_bool(const Info& info, std::string_view text);
std::vector<std::string> split_list(std::string_view text);
std::string join_list(const std::vector<std::string>& items);
// "a, b, c" for messages.
std::string join_words(const std::vector<std::string>& items);
double json_real(const Info& info, const Json& j);

template <class T>
struct Codec;

template <>
struct Codec<bool> {
  static constexpr Kind kind = Kind::boolean;
  static void parse(const Info& i, std::string_view t, bool& v) { v = parse_bool(i, t); }
  static std::string text(const Info&, bool v) { return v ? "true" : "false"; }
  static Json json(const Info&, bool v) { return v; }
  static void from_json(const Info& i, const Json& j, bool& v) {
    if (j.is_boolean()) v = j.get<bool>();
    else if (j.is_string()) v = parse_bool(i, j.get<std::string>());
    else fail(i, "true or false", j.dump());
  }
  static void check(const Info&, bool) {}
};

template <>
struct Codec<double> {
  static constexpr Kind kind = Kind::real;
  static void parse(const Info& i, std::string_view t, double& v) { v = parse_real(i, t); }
  static std::string text(const Info&, double v) { return number_text(v); }
  static Json json(const Info&, double v) {
    return std::isfinite(v) ? Json(v) : Json(nullptr);
  }
  static void from_json(const Info& i, const Json& j, double& v) {
    v = json_real(i, j);
    check(i, v);
  }
  static void check(const Info& i, double v) { check_number(i, v, number_text(v)); }
};

template <class T>
struct IntegerCodec {
  static constexpr Kind kind = Kind::integer;
  static void parse(const Info& i, std::string_view t, T& v) {
    v = static_cast<T>(parse_integer(i, t, static_cast<long double>(std::numeric_limits<T>::lowest()),
                                     static_cast<long double>(std::numeric_limits<T>::max())));
  }
  static std::string text(const Info&, T v) { return std::to_string(v); }
  static Json json(const Info&, T v) { return v; }
  static void from_json(const Info& i, const Json& j, T& v) {
    if (j.is_string()) return parse(i, j.get<std::string>(), v);
    if (!j.is_number()) fail(i, "an integer", j.dump());
    if (j.is_number_float()) {
      const double d = j.get<double>();
      if (d != std::floor(d)) fail(i, "an integer", j.dump());
    }
    parse(i, j.dump(), v);
  }
  static void check(const Info& i, T v) { check_number(i, static_cast<double>(v), std::to_string(v)); }
};
template <> struct Codec<int> : IntegerCodec<int> {};
template <> struct Codec<long> : IntegerCodec<long> {};
template <> struct Codec<unsigned> : IntegerCodec<unsigned> {};
template <> struct Codec<unsigned long> : IntegerCodec<unsigned long> {};
template <> struct Codec<unsigned long long> : IntegerCodec<unsigned long long> {};

template <>
struct Codec<std::string> {
  static constexpr Kind kind = Kind::text;
  static void parse(const Info&, std::string_view t, std::string& v) { v = std::string(t); }
  static std::string text(const Info&, const std::string& v) { return v; }
  static Json json(const Info&, const std::string& v) { return v; }
  static void from_json(const Info& i, const Json& j, std::string& v) {
    if (!j.is_string()) fail(i, "a string", j.dump());
    v = j.get<std::string>();
  }
  static void check(const Info&, const std::string&) {}
};

}  // namespace detail

// ---- the table ------------------------------------------------------------------------------------------------------

// The type-erased view every front end uses. Options objects are passed as void* to the concrete table's type.
class Schema {
 public:
  virtual ~Schema() = default;
  // Method (or option set) name, for messages.
  virtual const std::string& name() const = 0;
  // Every option, in table order.
  virtual std::vector<const Info*> infos() const = 0;
  // nullptr when no option has this key.
  const Info* find(std::string_view key) const;
  // The key of the option whose flag (or short flag) is `flag`, "" when none.
  std::string key_of_flag(std::string_view flag) const;
};

// Fluent modifiers of the option just added.
class OptionBuilder {
 public:
  explicit OptionBuilder(std::shared_ptr<Info> info) : info_(std::move(info)) {}
  OptionBuilder& range(Range r) { info_->range = r; return *this; }
  OptionBuilder& flag(std::string f) { info_->flag = std::move(f); return *this; }
  OptionBuilder& short_flag(std::string f) { info_->short_flag = std::move(f); return *this; }
  OptionBuilder& value_name(std::string v) { info_->value_name = std::move(v); return *this; }
  OptionBuilder& unset(std::string word) { info_->unset_word = std::move(word); return *this; }
  OptionBuilder& no_cli() { info_->cli = false; return *this; }
  OptionBuilder& no_echo() { info_->echo = false; return *this; }
  // A custom list whose words each hold one item (commas belong to the item): the flag repeats.
  OptionBuilder& repeatable() {
    info_->list = true;
    info_->split_commas = false;
    return *this;
  }

 private:
  std::shared_ptr<Info> info_;
};

template <class O>
class Table final : public Schema {
 public:
  struct Entry {
    std::shared_ptr<Info> info;
    std::function<void(O&, std::string_view)> parse;  // one command-line word (lists: comma-separated)
    std::function<void(O&, std::string_view)> append;  // lists: add the items of one more word
    std::function<void(O&, const Json&)> from_json;
    std::function<Json(const O&)> to_json;
    std::function<std::string(const O&)> text;
    std::function<void(const O&)> check;
  };

  explicit Table(std::string name) : name_(std::move(name)) {}

  const std::string& name() const override { return name_; }
  std::vector<const Info*> infos() const override {
    std::vector<const Info*> out;
    for (const auto& e : entries_) out.push_back(e.info.get());
    return out;
  }
  const std::vector<Entry>& entries() const { return entries_; }

  // Subsequent options go into this help group.
  Table& group(std::string name) {
    group_ = std::move(name);
    return *this;
  }

  // A scalar, optional or list member of a supported type (bool, integers, double, std::string).
  template <class T>
  OptionBuilder add(std::string key, T O::*member, std::string help) {
    return add_at<T>(std::move(key), [member](O& o) -> T& { return o.*member; }, std::move(help));
  }
  // An enum (or optional/list of enums) member with its words.
  template <class T, class E>
  OptionBuilder choice(std::string key, T O::*member, Choices<E> words, std::string help) {
    return choice_at<T, E>(std::move(key), [member](O& o) -> T& { return o.*member; }, std::move(words),
                           std::move(help));
  }
  // A member with its own word grammar (e.g. "LO:HI:NUM"): parse sets the member from one word, text writes the
  // member as a word, json writes it for the echo (from_json accepts that JSON or a word).
  template <class T>
  OptionBuilder custom(std::string key, T O::*member, std::string help, Kind kind,
                       std::function<T(const Info&, std::string_view)> parse,
                       std::function<std::string(const T&)> text, std::function<Json(const T&)> json,
                       std::function<T(const Info&, const Json&)> from_json = {}) {
    auto info = new_info(std::move(key), std::move(help), kind);
    auto access = [member](O& o) -> T& { return o.*member; };
    Entry e;
    e.info = info;
    e.parse = [info, access, parse](O& o, std::string_view t) { access(o) = parse(*info, t); };
    e.text = [access, text](const O& o) { return text(access(const_cast<O&>(o))); };
    e.to_json = [access, json](const O& o) { return json(access(const_cast<O&>(o))); };
    e.from_json = [info, access, parse, from_json](O& o, const Json& j) {
      if (j.is_string()) access(o) = parse(*info, j.get<std::string>());
      else if (from_json) access(o) = from_json(*info, j);
      else detail::fail(*info, "a word (" + info->value_name + ")", j.dump());
    };
    e.check = [](const O&) {};
    return push(std::move(e));
  }

  // Every option of a shared set, over the nested member `member` (its defaults come from O's default member).
  template <class S>
  void include(const Table<S>& shared, S O::*member) {
    for (const auto& se : shared.entries()) {
      Entry e;
      e.info = std::make_shared<Info>(*se.info);
      if (!group_.empty() && e.info->group.empty()) e.info->group = group_;
      auto parse = se.parse, append = se.append;
      auto from_json = se.from_json;
      auto to_json = se.to_json;
      auto text = se.text;
      auto check = se.check;
      e.parse = [parse, member](O& o, std::string_view t) { parse(o.*member, t); };
      if (append) e.append = [append, member](O& o, std::string_view t) { append(o.*member, t); };
      e.from_json = [from_json, member](O& o, const Json& j) { from_json(o.*member, j); };
      e.to_json = [to_json, member](const O& o) { return to_json(o.*member); };
      e.text = [text, member](const O& o) { return text(o.*member); };
      e.check = [check, member](const O& o) { check(o.*member); };
      entries_.push_back(std::move(e));
    }
  }

  // Fills every option's default_text from a default-built O. Call once after the last add.
  Table& finish() {
    const O defaults{};
    for (auto& e : entries_) e.info->default_text = e.text(defaults);
    return *this;
  }

  // ---- using the table ----

  const Entry& entry(std::string_view key) const {
    for (const auto& e : entries_)
      if (e.info->key == key) return e;
    throw OptionError(std::string(key), unknown_key_message(key));
  }
  // Sets one option from its command-line word (a list option: the whole comma-separated list).
  void set(O& o, std::string_view key, std::string_view text) const { entry(key).parse(o, text); }
  // Sets options from a JSON object {key: value}; string values are read as command-line words.
  void set_json(O& o, const Json& settings) const {
    if (!settings.is_object()) throw InputError(name_ + ": options must be a JSON object");
    for (const auto& [key, value] : settings.items()) {
      if (value.is_null()) {
        const Entry& e = entry(key);
        if (!e.info->optional) detail::fail(*e.info, "a value (it has no unset state)", "null");
        e.from_json(o, value);
      } else {
        entry(key).from_json(o, value);
      }
    }
  }
  // Every option's range and choice check on a struct filled in by hand. OptionError naming the first bad one.
  void check(const O& o) const {
    for (const auto& e : entries_) e.check(o);
  }
  // The echo: {key: value} in table order.
  Json to_json(const O& o) const {
    Json j = Json::object();
    for (const auto& e : entries_)
      if (e.info->echo) j[e.info->key] = e.to_json(o);
    return j;
  }
  std::string text(const O& o, std::string_view key) const { return entry(key).text(o); }

 private:
  std::string unknown_key_message(std::string_view key) const;

  std::shared_ptr<Info> new_info(std::string key, std::string help, Kind kind) {
    auto info = std::make_shared<Info>();
    info->key = std::move(key);
    info->help = std::move(help);
    info->group = group_;
    info->kind = kind;
    return info;
  }
  OptionBuilder push(Entry e) {
    auto info = e.info;
    if (info->flag.empty()) info->flag = "--" + kebab(info->key);
    entries_.push_back(std::move(e));
    return OptionBuilder(info);
  }
  static std::string kebab(std::string s) {
    for (char& c : s)
      if (c == '_') c = '-';
    return s;
  }

  template <class T>
  struct Shape {
    using value = T;
    static constexpr bool optional = false, list = false;
  };
  template <class T>
  struct Shape<std::optional<T>> {
    using value = T;
    static constexpr bool optional = true, list = false;
  };
  template <class T>
  struct Shape<std::vector<T>> {
    using value = T;
    static constexpr bool optional = false, list = true;
  };

  // The generic adder over a codec `C` for the element type V of T (= V, optional<V> or vector<V>).
  template <class T, class C>
  OptionBuilder add_with(std::string key, std::function<T&(O&)> access, std::string help, Kind kind,
                         std::vector<std::string> choices) {
    using V = typename Shape<T>::value;
    auto info = new_info(std::move(key), std::move(help), kind);
    info->optional = Shape<T>::optional;
    info->list = Shape<T>::list;
    info->choices = std::move(choices);
    info->integer_only = kind == Kind::integer;
    if (info->value_name.empty()) {
      const char* base = kind == Kind::integer ? "N" : kind == Kind::real ? "X" : kind == Kind::choice ? "WORD" : "TEXT";
      info->value_name = info->list ? std::string(base) + ",..." : base;
    }
    if constexpr (Shape<T>::optional) info->unset_word = "auto";
    Entry e;
    e.info = info;
    if constexpr (Shape<T>::list) {
      auto parse_items = [info](std::string_view t) {
        std::vector<V> out;
        for (const auto& item : detail::split_list(t)) {
          V v{};
          C::parse(*info, item, v);
          C::check(*info, v);
          out.push_back(v);
        }
        return out;
      };
      e.parse = [access, parse_items](O& o, std::string_view t) { access(o) = parse_items(t); };
      e.append = [access, parse_items](O& o, std::string_view t) {
        for (auto& v : parse_items(t)) access(o).push_back(v);
      };
      e.text = [info, access](const O& o) {
        std::vector<std::string> items;
        for (const auto& v : access(const_cast<O&>(o))) items.push_back(C::text(*info, v));
        return detail::join_list(items);
      };
      e.to_json = [info, access](const O& o) {
        Json j = Json::array();
        for (const auto& v : access(const_cast<O&>(o))) j.push_back(C::json(*info, v));
        return j;
      };
      e.from_json = [info, access, parse_items](O& o, const Json& j) {
        if (j.is_string()) {
          access(o) = parse_items(j.get<std::string>());
          return;
        }
        if (!j.is_array()) detail::fail(*info, "a list", j.dump());
        std::vector<V> out;
        for (const auto& item : j) {
          V v{};
          C::from_json(*info, item, v);
          C::check(*info, v);
          out.push_back(v);
        }
        access(o) = std::move(out);
      };
      e.check = [info, access](const O& o) {
        for (const auto& v : access(const_cast<O&>(o))) C::check(*info, v);
      };
    } else if constexpr (Shape<T>::optional) {
      e.parse = [info, access](O& o, std::string_view t) {
        if (t == info->unset_word) {
          access(o).reset();
          return;
        }
        V v{};
        C::parse(*info, t, v);
        C::check(*info, v);
        access(o) = v;
      };
      e.text = [info, access](const O& o) {
        const auto& v = access(const_cast<O&>(o));
        return v ? C::text(*info, *v) : info->unset_word;
      };
      e.to_json = [info, access](const O& o) {
        const auto& v = access(const_cast<O&>(o));
        return v ? C::json(*info, *v) : Json(nullptr);
      };
      e.from_json = [info, access](O& o, const Json& j) {
        if (j.is_null() || (j.is_string() && j.get<std::string>() == info->unset_word)) {
          access(o).reset();
          return;
        }
        V v{};
        C::from_json(*info, j, v);
        C::check(*info, v);
        access(o) = v;
      };
      e.check = [info, access](const O& o) {
        const auto& v = access(const_cast<O&>(o));
        if (v) C::check(*info, *v);
      };
    } else {
      e.parse = [info, access](O& o, std::string_view t) {
        V v{};
        C::parse(*info, t, v);
        C::check(*info, v);
        access(o) = v;
      };
      e.text = [info, access](const O& o) { return C::text(*info, access(const_cast<O&>(o))); };
      e.to_json = [info, access](const O& o) { return C::json(*info, access(const_cast<O&>(o))); };
      e.from_json = [info, access](O& o, const Json& j) {
        V v{};
        C::from_json(*info, j, v);
        C::check(*info, v);
        access(o) = v;
      };
      e.check = [info, access](const O& o) { C::check(*info, access(const_cast<O&>(o))); };
    }
    return push(std::move(e));
  }

  template <class T>
  OptionBuilder add_at(std::string key, std::function<T&(O&)> access, std::string help) {
    using V = typename Shape<T>::value;
    using C = detail::Codec<V>;
    return add_with<T, C>(std::move(key), std::move(access), std::move(help), C::kind, {});
  }

  template <class T, class E>
  OptionBuilder choice_at(std::string key, std::function<T&(O&)> access, Choices<E> words, std::string help) {
    static_assert(std::is_same_v<typename Shape<T>::value, E>, "choice(): member and words must have one enum type");
    auto table = std::make_shared<const Choices<E>>(std::move(words));
    std::vector<std::string> names;
    for (const auto& [w, v] : *table) names.push_back(w);
    // Words map back through the Info's choices order, which equals the table's.
    struct Words {
      static E parse(const Info& i, std::string_view t, const Choices<E>& c) {
        for (const auto& [w, v] : c)
          if (w == t) return v;
        detail::fail(i, "one of " + detail::join_words(i.choices), "'" + std::string(t) + "'");
      }
      static std::string text(const Choices<E>& c, E v) {
        for (const auto& [w, e] : c)
          if (e == v) return w;
        return "?";
      }
    };
    using V = E;
    auto info = new_info(std::move(key), std::move(help), Kind::choice);
    info->choices = names;
    info->optional = Shape<T>::optional;
    info->list = Shape<T>::list;
    info->value_name = info->list ? "WORD,..." : "WORD";
    if constexpr (Shape<T>::optional) info->unset_word = "auto";
    Entry e;
    e.info = info;
    auto parse_one = [info, table](std::string_view t) { return Words::parse(*info, t, *table); };
    auto text_one = [table](V v) { return Words::text(*table, v); };
    auto json_one = [info, table, parse_one](const Json& j) {
      if (!j.is_string()) detail::fail(*info, "one of " + detail::join_words(info->choices), j.dump());
      return parse_one(j.get<std::string>());
    };
    if constexpr (Shape<T>::list) {
      auto parse_items = [parse_one](std::string_view t) {
        std::vector<V> out;
        for (const auto& item : detail::split_list(t)) out.push_back(parse_one(item));
        return out;
      };
      e.parse = [access, parse_items](O& o, std::string_view t) { access(o) = parse_items(t); };
      e.append = [access, parse_items](O& o, std::string_view t) {
        for (auto v : parse_items(t)) access(o).push_back(v);
      };
      e.text = [access, text_one](const O& o) {
        std::vector<std::string> items;
        for (auto v : access(const_cast<O&>(o))) items.push_back(text_one(v));
        return detail::join_list(items);
      };
      e.to_json = [access, text_one](const O& o) {
        Json j = Json::array();
        for (auto v : access(const_cast<O&>(o))) j.push_back(text_one(v));
        return j;
      };
      e.from_json = [info, access, parse_items, json_one](O& o, const Json& j) {
        if (j.is_string()) {
          access(o) = parse_items(j.get<std::string>());
          return;
        }
        if (!j.is_array()) detail::fail(*info, "a list", j.dump());
        std::vector<V> out;
        for (const auto& item : j) out.push_back(json_one(item));
        access(o) = std::move(out);
      };
    } else if constexpr (Shape<T>::optional) {
      e.parse = [info, access, parse_one](O& o, std::string_view t) {
        if (t == info->unset_word) access(o).reset();
        else access(o) = parse_one(t);
      };
      e.text = [info, access, text_one](const O& o) {
        const auto& v = access(const_cast<O&>(o));
        return v ? text_one(*v) : info->unset_word;
      };
      e.to_json = [access, text_one](const O& o) {
        const auto& v = access(const_cast<O&>(o));
        return v ? Json(text_one(*v)) : Json(nullptr);
      };
      e.from_json = [info, access, json_one](O& o, const Json& j) {
        if (j.is_null() || (j.is_string() && j.get<std::string>() == info->unset_word)) access(o).reset();
        else access(o) = json_one(j);
      };
    } else {
      e.parse = [access, parse_one](O& o, std::string_view t) { access(o) = parse_one(t); };
      e.text = [access, text_one](const O& o) { return text_one(access(const_cast<O&>(o))); };
      e.to_json = [access, text_one](const O& o) { return Json(text_one(access(const_cast<O&>(o)))); };
      e.from_json = [access, json_one](O& o, const Json& j) { access(o) = json_one(j); };
    }
    e.check = [](const O&) {};
    return push(std::move(e));
  }

  std::string name_;
  std::string group_;
  std::vector<Entry> entries_;
};

template <class O>
std::string Table<O>::unknown_key_message(std::string_view key) const {
  std::string known;
  for (const auto& e : entries_) known += (known.empty() ? "" : ", ") + e.info->key;
  return "unknown option '" + std::string(key) + "'; options are: " + known;
}

// The word of an enum value in a word list ("?" when absent), and the value of a word (OptionError naming `key`).
template <class E>
std::string word_of(const Choices<E>& words, E value) {
  for (const auto& [w, v] : words)
    if (v == value) return w;
  return "?";
}
template <class E>
E value_of(const Choices<E>& words, std::string_view word, std::string_view key) {
  for (const auto& [w, v] : words)
    if (w == word) return v;
  std::string list;
  for (const auto& [w, v] : words) list += (list.empty() ? "" : ", ") + w;
  throw OptionError(std::string(key), "option '" + std::string(key) + "' must be one of " + list + ", got '" +
                                          std::string(word) + "'");
}

}  // namespace featrel::options
