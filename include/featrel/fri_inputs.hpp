// The grammar of FRI's `--preset` word (docs/fri.md#preset-constraints): NAME=VALUE pins a feature's relevance to
// one value, NAME=LO:HI to a range (shares of ‖w*‖₁). The checks against the data (unknown feature, range) are the
// method's.
#pragma once

#include <string_view>

#include "featrel/fri.hpp"

namespace featrel::fri {

// PresetError naming the text when it is not NAME=VALUE or NAME=LO:HI with numbers.
Preset parse_preset(std::string_view text);

}  // namespace featrel::fri
