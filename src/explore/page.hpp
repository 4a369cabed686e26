// The explorer's page files (web/), embedded into the library at build time (cmake/embed_files.cmake writes
// explore_page.cpp from them), so that `featrel explore` needs nothing at run time.
#pragma once

#include <string_view>

namespace featrel::explore {

struct PageFile {
  std::string_view name;
  std::string_view content;
  std::string_view mime;
};

// The file of web/ with this name (no directories), null when there is none.
const PageFile* page_file(std::string_view name);

}  // namespace featrel::explore
