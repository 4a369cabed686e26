// The `--weights` grammar of UBayFS: a list of numbers, or a file of numbers or `feature,weight` rows
// (featrel/ubayfs_inputs.hpp). Names are resolved by ubayfs::parse_weights.
#include "featrel/dataset.hpp"
#include "featrel/error.hpp"
#include "featrel/text_tokens.hpp"
#include "featrel/ubayfs_inputs.hpp"

namespace featrel::ubayfs {

WeightsInput parse_weights_text(std::string_view text, const std::string& source) {
  WeightsInput in;
  const auto lines = text_lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (io::trim(lines[i]).empty()) continue;
    const std::string where = "ubayfs: '" + source + "' line " + std::to_string(i + 1);
    const auto f = split_csv_fields(lines[i], "ubayfs");
    const auto v = f.empty() ? std::nullopt : io::parse_number(f.back());
    if (!v) {
      if (in.values.empty() && in.named.empty()) continue;  // a header before the first weight
      throw InputError(where + ": the weight is not a number");
    }
    if (f.size() == 1) in.values.push_back(*v);
    else if (f.size() == 2) in.named.push_back({f[0], *v});
    else throw InputError(where + ": expected 'weight' or 'feature,weight'");
  }
  if (!in.values.empty() && !in.named.empty())
    throw InputError("ubayfs: '" + source + "' mixes plain weights and 'feature,weight' rows");
  return in;
}

WeightsInput parse_weights_input(std::string_view text_or_file) {
  const std::string t = io::trim(text_or_file);
  WeightsInput in;
  bool is_list = true;
  for (const auto& tok : split_csv_fields(t, "ubayfs"))
    if (!io::parse_number(tok)) is_list = false;
  if (is_list) {
    for (const auto& tok : split_csv_fields(t, "ubayfs")) in.values.push_back(*io::parse_number(tok));
    return in;
  }
  return parse_weights_text(io::read_side_text(t), t);
}

}  // namespace featrel::ubayfs
