// The truth file of both generators (docs/generate.md#truth-file), written by `generate --truth` and read by
// `featrel evaluate`.
#include <string>

#include "featrel/error.hpp"
#include "featrel/generate.hpp"

namespace featrel::gen {

nlohmann::json Truth::to_json() const {
  nlohmann::json j;
  j["kind"] = kind;
  j["task"] = task;
  j["seed"] = seed;
  j["params"] = params.is_null() ? nlohmann::json::object() : params;
  j["names"] = names;
  j["roles"] = roles;
  nlohmann::json rel = nlohmann::json::array();
  for (bool b : relevant) rel.push_back(b);
  j["relevant"] = std::move(rel);
  if (!classes.empty()) j["classes"] = classes;  // relevance kind only
  j["groups"] = groups;
  nlohmann::json rep = nlohmann::json::array();
  for (const auto& r : repeat_of) rep.push_back(r ? nlohmann::json(*r) : nlohmann::json(nullptr));
  j["repeat_of"] = std::move(rep);
  // Privileged (LUPI) data only, so that every other truth file keeps its bytes.
  if (!block.empty()) j["block"] = block;
  return j;
}

namespace {

const nlohmann::json& field(const nlohmann::json& j, const char* name) {
  if (!j.contains(name)) throw InputError(std::string("truth file has no '") + name + "' field");
  return j.at(name);
}

void check_length(const char* name, std::size_t got, std::size_t want) {
  if (got != want)
    throw InputError(std::string("truth file: '") + name + "' has " + std::to_string(got) + " entries but 'names' has " +
                     std::to_string(want));
}

}  // namespace

Truth Truth::from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw InputError("truth file: expected a JSON object");
  Truth t;
  try {
    t.kind = field(j, "kind").get<std::string>();
    if (t.kind != "relevance" && t.kind != "clusters")
      throw InputError("truth file: 'kind' is '" + t.kind + "'; expected relevance or clusters");
    t.task = field(j, "task").get<std::string>();
    t.seed = field(j, "seed").get<std::uint64_t>();
    t.params = j.contains("params") ? j.at("params") : nlohmann::json::object();
    t.names = field(j, "names").get<std::vector<std::string>>();
    const std::size_t d = t.names.size();
    t.roles = field(j, "roles").get<std::vector<std::string>>();
    check_length("roles", t.roles.size(), d);
    for (const auto& b : field(j, "relevant")) t.relevant.push_back(b.get<bool>());
    check_length("relevant", t.relevant.size(), d);
    if (j.contains("classes")) {
      t.classes = j.at("classes").get<std::vector<int>>();
      check_length("classes", t.classes.size(), d);
      for (int c : t.classes)
        if (c < 0 || c > 2) throw InputError("truth file: a 'classes' entry is " + std::to_string(c) + "; expected 0, 1 or 2");
    } else if (t.kind == "relevance") {
      throw InputError("truth file of kind relevance has no 'classes' field");
    }
    t.groups = field(j, "groups").get<std::vector<int>>();
    check_length("groups", t.groups.size(), d);
    for (const auto& r : field(j, "repeat_of")) {
      if (r.is_null()) {
        t.repeat_of.emplace_back(std::nullopt);
      } else {
        const auto src = r.get<std::size_t>();
        if (src >= d)
          throw InputError("truth file: a 'repeat_of' entry is " + std::to_string(src) + " but there are only " +
                           std::to_string(d) + " columns");
        t.repeat_of.emplace_back(src);
      }
    }
    check_length("repeat_of", t.repeat_of.size(), d);
    if (j.contains("block")) {  // absent in files of non-privileged data and in files older than the field
      t.block = j.at("block").get<std::vector<std::string>>();
      check_length("block", t.block.size(), d);
      for (const auto& b : t.block)
        if (b != "normal" && b != "privileged")
          throw InputError("truth file: a 'block' entry is '" + b + "'; expected normal or privileged");
    }
  } catch (const nlohmann::json::exception& e) {
    // A field of the wrong type: say which kind of problem it was in the project's own error type.
    throw InputError(std::string("truth file: malformed field (") + e.what() + ")");
  }
  return t;
}

}  // namespace featrel::gen
