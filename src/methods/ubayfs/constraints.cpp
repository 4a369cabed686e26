// UBayFS blocks, constraint rows and their expansion into groups (featrel/ubayfs_constraints.hpp; docs/ubayfs.md#constraint-groups).
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/report.hpp"
#include "featrel/ubayfs_constraints.hpp"
#include "featrel/text_tokens.hpp"
#include "featrel/ubayfs_inputs.hpp"

namespace featrel::ubayfs {

using io::trim;

std::string to_string(Level level) { return level == Level::feature ? "feature" : "block"; }

std::string to_string(RowKind kind) {
  switch (kind) {
    case RowKind::max_size: return "max_size";
    case RowKind::must_link: return "must_link";
    case RowKind::cannot_link: return "cannot_link";
    case RowKind::linear: return "linear";
    case RowKind::decorrelation: return "decorrelation";
  }
  return "linear";
}

std::size_t feature_index(const std::vector<std::string>& names, std::string_view token, std::string_view what) {
  const std::string t = trim(token);
  for (std::size_t j = 0; j < names.size(); ++j)
    if (names[j] == t) return j;
  if (!t.empty() && std::all_of(t.begin(), t.end(), [](char ch) { return ch >= '0' && ch <= '9'; }) && t.size() < 10) {
    const std::size_t j = std::stoul(t);
    if (j < names.size()) return j;
  }
  throw InputError("ubayfs: unknown feature '" + t + "' in " + std::string(what) + " (give a column name or a 0-based "
                   "index below " + std::to_string(names.size()) + ")");
}

namespace {

std::vector<std::size_t> expand_members(const std::vector<std::string>& tokens, const std::vector<std::string>& names,
                                        const std::string& what) {
  std::vector<std::size_t> out;
  for (const std::string& tok : tokens) {
    const auto dots = tok.find("..");
    bool is_range = false;
    if (dots != std::string::npos) {
      const std::string a = trim(tok.substr(0, dots)), b = trim(tok.substr(dots + 2));
      auto digits = [](const std::string& s) {
        return !s.empty() && s.size() < 10 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
      };
      if (digits(a) && digits(b) && std::find(names.begin(), names.end(), tok) == names.end()) {
        const std::size_t lo = std::stoul(a), hi = std::stoul(b);
        if (lo > hi || hi >= names.size())
          throw InputError("ubayfs: range '" + tok + "' in " + what + " must be LO..HI with LO <= HI < " +
                           std::to_string(names.size()));
        for (std::size_t j = lo; j <= hi; ++j) out.push_back(j);
        is_range = true;
      }
    }
    if (!is_range) out.push_back(feature_index(names, tok, what));
  }
  return out;
}

std::size_t block_unit(const std::vector<Block>& blocks, const std::string& name, const std::string& what) {
  for (std::size_t w = 0; w < blocks.size(); ++w)
    if (blocks[w].name == trim(name)) return w;
  std::string known;
  for (const auto& b : blocks) known += (known.empty() ? "" : ", ") + b.name;
  throw InputError("ubayfs: unknown block '" + trim(name) + "' in " + what + " (blocks: " +
                   (known.empty() ? "none defined; use --block or --blocks-file" : known) + ")");
}

std::string spec_label(const ConstraintSpec& s) {
  if (!s.label.empty()) return s.label;
  std::string t = (s.level == Level::block ? "block " : "") + to_string(s.kind);
  if (s.kind == RowKind::max_size) {
    t += " " + format_number(s.size);
  } else if (s.kind == RowKind::linear) {
    std::string terms;
    for (const auto& [n, a] : s.coefficients) terms += (terms.empty() ? "" : ",") + n + "=" + format_number(a);
    t += " " + terms + "<=" + format_number(s.b);
  } else {
    std::string m;
    for (const auto& x : s.members) m += (m.empty() ? "" : ",") + x;
    t += " " + m;
  }
  return t + "@" + rho_word(s.rho);
}

Row make_row(RowKind kind, std::map<std::size_t, double> coef, double b, double rho, std::string label) {
  Row r;
  r.kind = kind;
  for (const auto& [u, a] : coef)
    if (a != 0) r.a.push_back({u, a});
  r.b = b;
  r.rho = rho;
  r.label = std::move(label);
  return r;
}

}  // namespace

Row max_size_row(std::size_t n_units, double s, double rho) {
  std::map<std::size_t, double> coef;
  for (std::size_t u = 0; u < n_units; ++u) coef[u] = 1.0;
  return make_row(RowKind::max_size, coef, s, rho, "max_size " + format_number(s) + "@" + rho_word(rho));
}

std::vector<Row> must_link_rows(const std::vector<std::size_t>& units, double rho) {
  std::vector<Row> rows;
  for (std::size_t i : units)
    for (std::size_t j : units)
      if (i != j) rows.push_back(make_row(RowKind::must_link, {{i, 1.0}, {j, -1.0}}, 0.0, rho, "must_link"));
  return rows;
}

Row cannot_link_row(const std::vector<std::size_t>& units, double rho) {
  std::map<std::size_t, double> coef;
  for (std::size_t u : units) coef[u] = 1.0;
  return make_row(RowKind::cannot_link, coef, 1.0, rho, "cannot_link");
}

std::vector<Block> resolve_blocks(const std::vector<BlockSpec>& specs, const std::vector<std::string>& names) {
  std::vector<Block> out;
  std::set<std::string> seen;
  for (const auto& s : specs) {
    if (trim(s.name).empty()) throw InputError("ubayfs: a block needs a name (--block NAME=F1,F2,...)");
    if (!seen.insert(s.name).second) throw InputError("ubayfs: block '" + s.name + "' is defined twice");
    if (s.members.empty()) throw InputError("ubayfs: block '" + s.name + "' has no features");
    Block b;
    b.name = s.name;
    b.members = expand_members(s.members, names, "block '" + s.name + "'");
    std::sort(b.members.begin(), b.members.end());
    b.members.erase(std::unique(b.members.begin(), b.members.end()), b.members.end());
    out.push_back(std::move(b));
  }
  return out;
}

std::vector<Group> resolve_constraints(const std::vector<ConstraintSpec>& specs, const std::vector<GroupSpec>& gspecs,
                                       const std::vector<Block>& blocks, const std::vector<std::string>& names,
                                       std::optional<double> decorrelate, const Eigen::MatrixXd* corr,
                                       std::vector<std::string>& warnings) {
  const std::size_t n = names.size();
  Group features{"features", Level::feature, {}, {}, {}};
  Group block_group{"blocks", Level::block, {}, {}, {}};
  for (const auto& b : blocks) {
    block_group.block_names.push_back(b.name);
    block_group.blocks.push_back(b.members);
  }
  for (const ConstraintSpec& s : specs) {
    const std::string label = spec_label(s);
    const std::string where = "constraint '" + label + "'";
    check_rho(s.rho, where);
    if (s.rho == 0) warnings.push_back(where + " has rho = 0, which disables it");
    Group& g = s.level == Level::feature ? features : block_group;
    if (s.level == Level::block && blocks.empty())
      throw InputError("ubayfs: " + where + " is block-level but no blocks are defined (use --block or --blocks-file)");
    const std::size_t units = g.n_units(n);
    auto unit_of = [&](const std::string& tok) {
      return s.level == Level::feature ? feature_index(names, tok, where) : block_unit(blocks, tok, where);
    };
    std::vector<std::size_t> members;
    if (s.kind == RowKind::must_link || s.kind == RowKind::cannot_link) {
      for (const auto& m : s.members) members.push_back(unit_of(m));
      std::sort(members.begin(), members.end());
      members.erase(std::unique(members.begin(), members.end()), members.end());
      if (members.size() < 2)
        throw InputError("ubayfs: " + where + " needs at least 2 different " +
                         (s.level == Level::feature ? "features" : "blocks"));
    }
    switch (s.kind) {
      case RowKind::max_size: {
        if (!(s.size >= smallest_max_size(s.level)) || !std::isfinite(s.size))
          throw InputError("ubayfs: max-size must be a number >= " + format_number(smallest_max_size(s.level)) +
                           " in " + where + ", got " + format_number(s.size));
        if (s.size >= static_cast<double>(units))
          warnings.push_back(where + " allows all " + std::to_string(units) + " " +
                             (s.level == Level::feature ? "features" : "blocks") + ", so it never binds");
        Row r = max_size_row(units, s.size, s.rho);
        r.label = label;
        g.rows.push_back(std::move(r));
        break;
      }
      case RowKind::must_link:
        for (Row& r : must_link_rows(members, s.rho)) {
          r.label = label;
          g.rows.push_back(std::move(r));
        }
        break;
      case RowKind::cannot_link: {
        Row r = cannot_link_row(members, s.rho);
        r.label = label;
        g.rows.push_back(std::move(r));
        break;
      }
      case RowKind::linear:
      case RowKind::decorrelation: {
        if (!std::isfinite(s.b)) throw InputError("ubayfs: the bound b of " + where + " must be finite");
        std::map<std::size_t, double> coef;
        for (const auto& [name, a] : s.coefficients) {
          if (!std::isfinite(a)) throw InputError("ubayfs: coefficient of '" + name + "' in " + where + " is not finite");
          coef[unit_of(name)] += a;
        }
        if (coef.empty()) throw InputError("ubayfs: " + where + " has no coefficients");
        g.rows.push_back(make_row(RowKind::linear, coef, s.b, s.rho, label));
        break;
      }
    }
  }
  if (decorrelate) {
    const double level = *decorrelate;
    if (!(level >= 0 && level < 1)) throw InputError("ubayfs: --decorrelate LEVEL must be in [0, 1), got " + format_number(level));
    if (corr == nullptr)
      throw InputError("ubayfs: --decorrelate needs the data to compute correlations (give DATA.csv with --counts)");
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j) {
        const double c = std::abs((*corr)(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)));
        if (!(c > level)) continue;
        const double rho = c >= 1 ? kHard : c / (1 - c);
        Row r = make_row(RowKind::decorrelation, {{i, 1.0}, {j, 1.0}}, 1.0, rho,
                         "decorrelation " + names[i] + "," + names[j] + " |r|=" + format_fixed(c, 3));
        features.rows.push_back(std::move(r));
      }
  }
  std::vector<Group> out;
  if (!features.rows.empty()) out.push_back(std::move(features));
  if (!block_group.rows.empty()) out.push_back(std::move(block_group));
  for (std::size_t gi = 0; gi < gspecs.size(); ++gi) {
    const GroupSpec& gs = gspecs[gi];
    const std::string gname = gs.name.empty() ? "group " + std::to_string(gi + 1) : gs.name;
    Group g{gname, Level::block, {}, {}, {}};
    for (std::size_t w = 0; w < gs.blocks.size(); ++w) {
      g.block_names.push_back(gname + "[" + std::to_string(w) + "]");
      auto m = expand_members(gs.blocks[w], names, "group '" + gname + "'");
      std::sort(m.begin(), m.end());
      m.erase(std::unique(m.begin(), m.end()), m.end());
      g.blocks.push_back(std::move(m));
    }
    if (gs.b.size() != gs.A.size() || (gs.rho.size() != gs.A.size() && gs.rho.size() > 1))
      throw InputError("ubayfs: group '" + gname + "' has " + std::to_string(gs.A.size()) + " rows of A but " +
                       std::to_string(gs.b.size()) + " values of b and " + std::to_string(gs.rho.size()) +
                       " of rho (rho may also be one value)");
    for (std::size_t k = 0; k < gs.A.size(); ++k) {
      if (gs.A[k].size() != g.blocks.size())
        throw InputError("ubayfs: row " + std::to_string(k + 1) + " of group '" + gname + "' has " +
                         std::to_string(gs.A[k].size()) + " coefficients but the group has " +
                         std::to_string(g.blocks.size()) + " blocks");
      const double rho = gs.rho.empty() ? 1.0 : gs.rho.size() == 1 ? gs.rho[0] : gs.rho[k];
      const std::string label = gname + " row " + std::to_string(k + 1);
      check_rho(rho, label);
      std::map<std::size_t, double> coef;
      for (std::size_t w = 0; w < gs.A[k].size(); ++w) coef[w] = gs.A[k][w];
      g.rows.push_back(make_row(RowKind::linear, coef, gs.b[k], rho, label));
    }
    if (!g.rows.empty()) out.push_back(std::move(g));
  }
  const bool has_max = !out.empty() && out.front().level == Level::feature &&
                       std::any_of(out.front().rows.begin(), out.front().rows.end(),
                                   [](const Row& r) { return r.kind == RowKind::max_size; });
  if (!has_max)
    throw InputError("ubayfs needs --max-size: without a feature-level max-size row every feature is optimal");
  return out;
}

// ---- prior ------------------------------------------------------------------------------------------------------

std::vector<double> resolve_prior(const std::vector<double>& weights,
                                  const std::vector<std::pair<std::string, double>>& block_weights,
                                  const std::vector<Block>& blocks, const std::vector<std::string>& names) {
  const std::size_t n = names.size();
  auto check = [](double w, const std::string& what) {
    if (!std::isfinite(w) || w <= 0)
      throw InputError("ubayfs: prior weights must be finite and > 0; " + what + " is " + format_number(w));
  };
  if (!weights.empty() && !block_weights.empty())
    throw InputError("ubayfs: give either --weights or --block-weights, not both");
  if (!block_weights.empty()) {
    std::vector<double> alpha(n, 0.0);
    for (const auto& [name, w] : block_weights) {
      check(w, "the weight of block '" + name + "'");
      const std::size_t unit = block_unit(blocks, name, "--block-weights");
      for (std::size_t j : blocks[unit].members) alpha[j] += w;
    }
    for (std::size_t j = 0; j < n; ++j)
      if (alpha[j] <= 0)
        throw InputError("ubayfs: feature '" + names[j] + "' is in no weighted block, so its prior weight would be 0; "
                         "weight a block that contains it");
    return alpha;
  }
  if (weights.empty()) return std::vector<double>(n, 1.0);
  if (weights.size() != 1 && weights.size() != n)
    throw InputError("ubayfs: --weights has " + std::to_string(weights.size()) + " values; give 1 (recycled) or one "
                     "per feature (" + std::to_string(n) + ")");
  std::vector<double> alpha(n);
  for (std::size_t j = 0; j < n; ++j) {
    alpha[j] = weights.size() == 1 ? weights[0] : weights[j];
    check(alpha[j], "the weight of feature '" + names[j] + "'");
  }
  return alpha;
}

std::vector<double> parse_weights(std::string_view text, const std::vector<std::string>& names) {
  WeightsInput in = parse_weights_input(text);
  if (in.named.empty()) return std::move(in.values);
  std::vector<double> by_name(names.size(), std::nan(""));
  const std::string source = "'" + trim(text) + "'";
  for (const auto& [name, w] : in.named) by_name[feature_index(names, name, source)] = w;
  for (std::size_t j = 0; j < names.size(); ++j)
    if (std::isnan(by_name[j])) throw InputError("ubayfs: " + source + " gives no weight for feature '" + names[j] + "'");
  return by_name;
}

}  // namespace featrel::ubayfs
