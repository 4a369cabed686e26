// The JSON constraints file and the `feature,block` blocks file of UBayFS (featrel/ubayfs_inputs.hpp).
#include <map>

#include "featrel/dataset.hpp"
#include "featrel/error.hpp"
#include "featrel/report.hpp"
#include "featrel/text_tokens.hpp"
#include "featrel/ubayfs_inputs.hpp"

namespace featrel::ubayfs {

namespace {

double json_rho(const report::Json& v, const std::string& where) {
  if (v.is_number()) {
    const double r = v.get<double>();
    check_rho(r, where);
    return r;
  }
  if (v.is_string()) return parse_rho(v.get<std::string>(), where);
  throw InputError("ubayfs: rho in " + where + " must be a number or \"inf\"");
}

std::string json_name(const report::Json& v, const std::string& where) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_unsigned() || (v.is_number_integer() && v.get<long long>() >= 0)) return std::to_string(v.get<long long>());
  throw InputError("ubayfs: " + where + " lists a member that is neither a name nor a 0-based index");
}

std::vector<std::string> json_names(const report::Json& v, const std::string& where) {
  if (!v.is_array()) throw InputError("ubayfs: " + where + " needs a list of names");
  std::vector<std::string> out;
  for (const auto& x : v) out.push_back(json_name(x, where));
  return out;
}

// An optional string field: its default when absent, an InputError when present with another type (nlohmann's
// value() would throw its own type_error, which no caller expects).
std::string json_optional_string(const report::Json& v, const char* field, const std::string& fallback,
                                 const std::string& where) {
  if (!v.contains(field)) return fallback;
  if (!v[field].is_string()) throw InputError("ubayfs: " + where + ": '" + field + "' must be a string");
  return v[field].get<std::string>();
}

double json_number(const report::Json& v, const std::string& where, const char* field) {
  if (!v.contains(field) || !v[field].is_number())
    throw InputError("ubayfs: " + where + " needs a number '" + field + "'");
  return v[field].get<double>();
}

}  // namespace

ConstraintsFile parse_constraints_json(std::string_view text, const std::string& source) {
  const report::Json doc = report::parse_json_text(text, source);
  if (!doc.is_object()) throw InputError("ubayfs: '" + source + "' must hold a JSON object");
  ConstraintsFile out;
  for (auto it = doc.begin(); it != doc.end(); ++it)
    if (it.key() != "blocks" && it.key() != "constraints" && it.key() != "groups")
      throw InputError("ubayfs: '" + source + "': unknown key '" + it.key() + "' (expected blocks, constraints, groups)");
  if (doc.contains("blocks")) {
    const auto& b = doc["blocks"];
    if (!b.is_object()) throw InputError("ubayfs: '" + source + "': 'blocks' must map block names to feature lists");
    for (auto it = b.begin(); it != b.end(); ++it)
      out.blocks.push_back({it.key(), json_names(it.value(), "'" + source + "' block '" + it.key() + "'")});
  }
  if (doc.contains("constraints")) {
    const auto& cs = doc["constraints"];
    if (!cs.is_array()) throw InputError("ubayfs: '" + source + "': 'constraints' must be a list");
    for (std::size_t i = 0; i < cs.size(); ++i) {
      const auto& c = cs[i];
      const std::string where = "'" + source + "' constraints[" + std::to_string(i) + "]";
      if (!c.is_object() || !c.contains("type") || !c["type"].is_string())
        throw InputError("ubayfs: " + where + " needs a string 'type' (max_size, must_link, cannot_link, linear)");
      ConstraintSpec s;
      const std::string type = c["type"].get<std::string>();
      if (type == "max_size") s.kind = RowKind::max_size;
      else if (type == "must_link") s.kind = RowKind::must_link;
      else if (type == "cannot_link") s.kind = RowKind::cannot_link;
      else if (type == "linear") s.kind = RowKind::linear;
      else throw InputError("ubayfs: " + where + " has unknown type '" + type + "' (max_size, must_link, cannot_link, linear)");
      const std::string level = json_optional_string(c, "level", "feature", where);
      if (level != "feature" && level != "block")
        throw InputError("ubayfs: " + where + " has level '" + level + "' (feature or block)");
      s.level = level == "block" ? Level::block : Level::feature;
      if (c.contains("rho")) s.rho = json_rho(c["rho"], where);
      if (s.kind == RowKind::max_size) s.size = json_number(c, where, "size");
      if (s.kind == RowKind::must_link || s.kind == RowKind::cannot_link) {
        const char* key = s.level == Level::block ? "blocks" : "features";
        if (!c.contains(key)) throw InputError("ubayfs: " + where + " needs '" + key + "'");
        s.members = json_names(c[key], where);
      }
      if (s.kind == RowKind::linear) {
        if (!c.contains("coefficients") || !c["coefficients"].is_object())
          throw InputError("ubayfs: " + where + " needs 'coefficients' mapping names to numbers");
        for (auto it = c["coefficients"].begin(); it != c["coefficients"].end(); ++it) {
          if (!it.value().is_number()) throw InputError("ubayfs: " + where + ": coefficient of '" + it.key() + "' is not a number");
          s.coefficients.push_back({it.key(), it.value().get<double>()});
        }
        s.b = json_number(c, where, "b");
      }
      if (c.contains("label") && c["label"].is_string()) s.label = c["label"].get<std::string>();
      out.constraints.push_back(std::move(s));
    }
  }
  if (doc.contains("groups")) {
    const auto& gs = doc["groups"];
    if (!gs.is_array()) throw InputError("ubayfs: '" + source + "': 'groups' must be a list");
    for (std::size_t i = 0; i < gs.size(); ++i) {
      const auto& g = gs[i];
      const std::string where = "'" + source + "' groups[" + std::to_string(i) + "]";
      if (!g.is_object() || !g.contains("blocks") || !g.contains("A") || !g.contains("b"))
        throw InputError("ubayfs: " + where + " needs 'blocks', 'A' and 'b'");
      GroupSpec s;
      s.name = json_optional_string(g, "name", "", where);
      for (const auto& blk : g["blocks"]) s.blocks.push_back(json_names(blk, where));
      for (const auto& row : g["A"]) {
        std::vector<double> r;
        for (const auto& a : row) {
          if (!a.is_number()) throw InputError("ubayfs: " + where + ": A holds a value that is not a number");
          r.push_back(a.get<double>());
        }
        s.A.push_back(std::move(r));
      }
      for (const auto& b : g["b"]) {
        if (!b.is_number()) throw InputError("ubayfs: " + where + ": b holds a value that is not a number");
        s.b.push_back(b.get<double>());
      }
      if (g.contains("rho")) {
        if (g["rho"].is_array())
          for (const auto& r : g["rho"]) s.rho.push_back(json_rho(r, where));
        else
          s.rho.push_back(json_rho(g["rho"], where));
      }
      out.groups.push_back(std::move(s));
    }
  }
  return out;
}

ConstraintsFile read_constraints_file(const std::string& path) {
  return parse_constraints_json(report::read_text_file(path), path);
}

std::vector<BlockSpec> parse_blocks_csv(std::string_view text, const std::string& source) {
  std::vector<BlockSpec> out;
  std::map<std::string, std::size_t> index;
  const auto lines = text_lines(text);
  bool header = true;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (io::trim(lines[i]).empty()) continue;
    const auto f = split_csv_fields(lines[i], "ubayfs");
    if (header) {
      header = false;
      if (f.size() == 2 && f[0] == "feature" && f[1] == "block") continue;
      throw InputError("ubayfs: '" + source + "' line " + std::to_string(i + 1) +
                       ": a blocks file starts with the header 'feature,block'");
    }
    if (f.size() != 2 || f[0].empty() || f[1].empty())
      throw InputError("ubayfs: '" + source + "' line " + std::to_string(i + 1) +
                       ": expected 'feature,block' (two non-empty fields)");
    auto it = index.find(f[1]);
    if (it == index.end()) {
      it = index.emplace(f[1], out.size()).first;
      out.push_back({f[1], {}});
    }
    out[it->second].members.push_back(f[0]);
  }
  return out;
}

std::vector<BlockSpec> read_blocks_csv(const std::string& path) {
  return parse_blocks_csv(io::read_side_text(path), path);
}

}  // namespace featrel::ubayfs
