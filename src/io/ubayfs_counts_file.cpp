// The `--counts` file of UBayFS: ensemble counts made elsewhere (another tool, the R package's published counts),
// (featrel/ubayfs_inputs.hpp), as a CSV of `feature,count` rows with the number of elementary models in a `# n_models: M` comment line.
#include <cmath>

#include "featrel/error.hpp"
#include "featrel/dataset.hpp"
#include "featrel/text_tokens.hpp"
#include "featrel/ubayfs_inputs.hpp"

namespace featrel::ubayfs {

CountsInput parse_counts_csv(std::string_view text, const std::string& source, std::optional<std::size_t> n_models) {
  using io::trim;
  CountsInput in;
  in.source = source;
  std::optional<double> models;
  bool header = true;
  const auto lines = text_lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string line = trim(lines[i]);
    const std::string where = "'" + source + "' line " + std::to_string(i + 1);
    if (line.empty()) continue;
    if (line[0] == '#') {
      const std::string body = trim(line.substr(1));
      if (body.rfind("n_models", 0) == 0) {
        std::string value = trim(body.substr(8));
        if (!value.empty() && (value[0] == ':' || value[0] == '=')) value = trim(value.substr(1));
        models = io::parse_number(value);
        // The --n-models option's upper bound; larger numbers would not fit the count type either.
        if (!models || *models < 0 || *models > 1e9 || std::floor(*models) != *models)
          throw InputError("ubayfs: " + where + ": n_models must be a whole number in [0, 1e9], got '" + value + "'");
      }
      continue;
    }
    const auto f = split_csv_fields(line, "ubayfs");
    if (header) {
      header = false;
      if (f.size() == 2 && f[0] == "feature" && f[1] == "count") continue;
      throw InputError("ubayfs: " + where + ": a counts file starts with the header 'feature,count'");
    }
    if (f.size() != 2 || f[0].empty())
      throw InputError("ubayfs: " + where + ": expected 'feature,count' (two fields)");
    const auto y = io::parse_number(f[1]);
    if (!y || !std::isfinite(*y) || *y < 0)
      throw InputError("ubayfs: " + where + ": the count of '" + f[0] + "' must be a number >= 0, got '" + f[1] + "'");
    for (const auto& name : in.feature_names)
      if (name == f[0]) throw InputError("ubayfs: " + where + ": feature '" + f[0] + "' is listed twice");
    in.feature_names.push_back(f[0]);
    in.counts.push_back(*y);
  }
  if (in.counts.empty()) throw InputError("ubayfs: '" + source + "' lists no features");
  if (n_models) in.n_models = *n_models;
  else if (models) in.n_models = static_cast<std::size_t>(*models);
  else
    throw InputError("ubayfs: '" + source + "' does not say how many elementary models the counts come from; add a "
                     "line '# n_models: M' or give --n-models M");
  return in;
}

CountsInput read_counts_csv(const std::string& path, std::optional<std::size_t> n_models) {
  return parse_counts_csv(io::read_side_text(path), path, n_models);
}

}  // namespace featrel::ubayfs
