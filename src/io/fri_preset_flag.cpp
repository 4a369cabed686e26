// The `--preset` word of FRI (featrel/fri_inputs.hpp): NAME=VALUE or NAME=LO:HI.
#include <exception>
#include <string>

#include "featrel/fri_inputs.hpp"

namespace featrel::fri {

Preset parse_preset(std::string_view text) {
  const std::string t(text);
  const auto eq = t.rfind('=');
  auto fail = [&](const std::string& why) -> Preset {
    throw PresetError("fri: preset '" + t + "': " + why + " (write NAME=VALUE or NAME=LO:HI)");
  };
  if (eq == std::string::npos || eq == 0) return fail("expected NAME=VALUE or NAME=LO:HI");
  Preset p;
  p.feature = t.substr(0, eq);
  const std::string value = t.substr(eq + 1);
  auto parse = [&](const std::string& s) -> double {
    std::size_t used = 0;
    double v = 0.0;
    try {
      v = std::stod(s, &used);
    } catch (const std::exception&) {
      fail("'" + s + "' is not a number");
    }
    if (used != s.size()) fail("'" + s + "' is not a number");
    return v;
  };
  const auto colon = value.find(':');
  if (colon == std::string::npos) {
    p.lo = p.hi = parse(value);
  } else {
    p.lo = parse(value.substr(0, colon));
    p.hi = parse(value.substr(colon + 1));
  }
  return p;
}

}  // namespace featrel::fri
