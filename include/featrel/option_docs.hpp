// Option tables as Markdown, for docs/: one row per option with its flag, default, range or choices and help, in
// the table's help groups. docs/<method>.md holds this text between <!-- options:NAME --> markers; a test fails
// when a page and its table differ, and `featrel options NAME` prints the text to paste.
#pragma once

#include <string>

#include "featrel/option_table.hpp"

namespace featrel::report {

std::string options_markdown(const options::Schema& schema);

}  // namespace featrel::report
