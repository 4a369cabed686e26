// The flag grammars of UBayFS's constraints, blocks and block weights, and their words back (featrel/ubayfs_inputs.hpp).
#include <cmath>

#include "featrel/dataset.hpp"
#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/text_tokens.hpp"
#include "featrel/ubayfs_inputs.hpp"

namespace featrel::ubayfs {

std::string rho_word(double rho) { return rho == kHard ? "inf" : format_number(rho); }

void check_rho(double rho, const std::string& where) {
  if (std::isnan(rho) || rho < 0)
    throw InputError("ubayfs: rho must be >= 0 or inf (hard) in " + where + ", got " + format_number(rho));
}

double parse_rho(std::string_view text, std::string_view what) {
  const auto v = io::parse_number(text);
  if (!v || std::isnan(*v) || *v < 0)
    throw InputError("ubayfs: rho in " + std::string(what) + " must be a number >= 0 or inf, got '" + io::trim(text) + "'");
  return *v;
}

ConstraintSpec parse_constraint_flag(RowKind kind, Level level, std::string_view text, std::string_view flag) {
  ConstraintSpec s;
  s.kind = kind;
  s.level = level;
  std::string body(text);
  const auto at = body.rfind('@');
  if (at != std::string::npos) {
    s.rho = parse_rho(body.substr(at + 1), std::string(flag) + " " + std::string(text));
    body = body.substr(0, at);
  }
  if (kind == RowKind::max_size) {
    const auto v = io::parse_number(body);
    if (!v || !(*v >= 0) || !std::isfinite(*v))
      throw InputError("ubayfs: " + std::string(flag) + " takes S[@RHO] with S >= 0, got '" + std::string(text) + "'");
    s.size = *v;
  } else if (kind == RowKind::linear) {
    const auto le = body.find("<=");
    if (le == std::string::npos)
      throw InputError("ubayfs: " + std::string(flag) + " takes NAME=A,NAME=A<=B[@RHO], got '" + std::string(text) + "'");
    const auto b = io::parse_number(body.substr(le + 2));
    if (!b || !std::isfinite(*b))
      throw InputError("ubayfs: the bound after <= in " + std::string(flag) + " '" + std::string(text) + "' is not a number");
    s.b = *b;
    for (const std::string& term : split_csv_fields(body.substr(0, le), "ubayfs")) {
      const auto eq = term.rfind('=');
      const auto a = eq == std::string::npos ? std::nullopt : io::parse_number(term.substr(eq + 1));
      if (!a) throw InputError("ubayfs: term '" + term + "' of " + std::string(flag) + " must be NAME=COEFFICIENT");
      s.coefficients.push_back({io::trim(term.substr(0, eq)), *a});
    }
  } else {
    s.members = split_csv_fields(body, "ubayfs");
  }
  s.label = std::string(flag.substr(2)) + " " + std::string(text);
  return s;
}

BlockSpec parse_block_flag(std::string_view text) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0)
    throw InputError("ubayfs: --block takes NAME=F1,F2,... (names, 0-based indices or i..j ranges), got '" +
                     std::string(text) + "'");
  return {io::trim(text.substr(0, eq)), split_csv_fields(text.substr(eq + 1), "ubayfs")};
}

std::vector<std::pair<std::string, double>> parse_block_weights(std::string_view text) {
  std::vector<std::pair<std::string, double>> out;
  for (const std::string& item : split_csv_fields(text, "ubayfs")) {
    const auto eq = item.rfind('=');
    const auto w = eq == std::string::npos ? std::nullopt : io::parse_number(item.substr(eq + 1));
    if (!w || eq == 0) throw InputError("ubayfs: --block-weights takes NAME=W items, got '" + item + "'");
    out.push_back({io::trim(item.substr(0, eq)), *w});
  }
  if (out.empty()) throw InputError("ubayfs: --block-weights takes NAME=W items, got ''");
  return out;
}

std::string constraint_word(const ConstraintSpec& s) {
  // parse_constraint_flag labels a spec with the flag (without "--"), a space and the user's text.
  for (const char* flag : {"max-size", "must-link", "cannot-link", "linear", "block-max-size", "block-must-link",
                           "block-cannot-link"}) {
    const std::string prefix = std::string(flag) + " ";
    if (s.label.rfind(prefix, 0) == 0) return s.label.substr(prefix.size());
  }
  std::string w;
  if (s.kind == RowKind::max_size) {
    w = format_number(s.size);
  } else if (s.kind == RowKind::linear || s.kind == RowKind::decorrelation) {
    for (const auto& [n, a] : s.coefficients) w += (w.empty() ? "" : ",") + n + "=" + format_number(a);
    w += "<=" + format_number(s.b);
  } else {
    for (const auto& m : s.members) w += (w.empty() ? "" : ",") + m;
  }
  return s.rho == 1.0 ? w : w + "@" + rho_word(s.rho);
}

}  // namespace featrel::ubayfs
