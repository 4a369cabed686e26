// Which written values are missing: the one rule that the CSV reader, text feature columns and the Python package's
// text labels share, so that a blank cell, "NA" or "?" means the same thing wherever a user writes it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace featrel {

// Empty or blank, "NA" or "?" (spaces and tabs around the text ignored), or equal to one of `extra` (the data
// option na_values) after the same trimming.
bool is_missing_text(std::string_view text, const std::vector<std::string>& extra = {});

}  // namespace featrel
