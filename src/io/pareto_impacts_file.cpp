// The `--impacts` file of pareto (docs/pareto.md#inputs-and-outputs; featrel/pareto_inputs.hpp): header
// `criterion,<feature names…>`, one row per criterion `model:measure,<values…>`, lower = more important.
#include <cmath>
#include <set>

#include "featrel/dataset.hpp"
#include "featrel/error.hpp"
#include "featrel/pareto_inputs.hpp"
#include "featrel/text_tokens.hpp"

namespace featrel::pareto {

namespace {

std::vector<std::string> fields(std::string_view line, const std::string& where) {
  return featrel::split_csv_fields(line, "pareto: " + where);
}

}  // namespace

ImpactTable parse_impact_table(const std::string& text, const std::string& source) {
  std::vector<std::pair<std::size_t, std::string>> lines;  // (line number, text)
  std::size_t start = 0, number = 1;
  std::string_view all = text;
  if (all.substr(0, 3) == "\xEF\xBB\xBF") start = 3;  // UTF-8 BOM
  while (start <= all.size()) {
    std::size_t end = all.find('\n', start);
    if (end == std::string_view::npos) end = all.size();
    const std::string line = io::trim(all.substr(start, end - start));
    if (!line.empty()) lines.emplace_back(number, line);
    start = end + 1;
    ++number;
  }
  if (lines.empty()) throw InputError("pareto: impacts file " + source + " is empty");
  const auto header = fields(lines[0].second, source + ", line " + std::to_string(lines[0].first));
  if (header.size() < 2)
    throw InputError("pareto: impacts file " + source + " needs at least 1 feature column after 'criterion'");
  ImpactTable t;
  t.features.assign(header.begin() + 1, header.end());
  std::set<std::string> seen_features;
  for (const auto& f : t.features) {
    if (f.empty()) throw InputError("pareto: impacts file " + source + ": a feature column has no name");
    if (!seen_features.insert(f).second)
      throw InputError("pareto: impacts file " + source + ": feature '" + f + "' appears twice");
  }
  if (lines.size() < 2) throw InputError("pareto: impacts file " + source + " has no criterion row");
  const std::size_t m = lines.size() - 1, n = t.features.size();
  t.values.resize(Eigen::Index(m), Eigen::Index(n));
  std::set<std::string> seen;
  for (std::size_t r = 0; r < m; ++r) {
    const std::string where = source + ", line " + std::to_string(lines[r + 1].first);
    const auto cells = fields(lines[r + 1].second, where);
    if (cells.size() != n + 1)
      throw InputError("pareto: " + where + ": " + std::to_string(cells.size()) + " cells, expected " +
                       std::to_string(n + 1) + " (criterion and one value per feature)");
    const std::string& name = cells[0];
    const auto colon = name.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == name.size())
      throw InputError("pareto: " + where + ": criterion '" + name + "' must be written model:measure (e.g. rf:accuracy)");
    if (!seen.insert(name).second) throw InputError("pareto: " + where + ": criterion '" + name + "' appears twice");
    t.criteria.push_back(name);
    t.classifiers.push_back(name.substr(0, colon));
    t.measures.push_back(name.substr(colon + 1));
    for (std::size_t j = 0; j < n; ++j) {
      const std::string& cell = cells[j + 1];
      const auto v = io::parse_number(cell);
      if (!v || !std::isfinite(*v))
        throw InputError("pareto: " + where + ", column '" + t.features[j] + "': '" + cell +
                         "' is not a finite number");
      t.values(Eigen::Index(r), Eigen::Index(j)) = *v;
    }
  }
  return t;
}

ImpactTable read_impact_table(const std::string& path) {
  return parse_impact_table(io::read_side_text(path), path);
}

}  // namespace featrel::pareto
