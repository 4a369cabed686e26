// What a numerical library (liblinear, libsvm) printed during one call, and the questions featrel asks of it:
// did it hit its iteration cap, which warnings did it give. The per-library captures (liblinear_glue.hpp,
// libsvm_glue.hpp) route the library's print hook into one of these per thread.
#pragma once

#include <string>
#include <vector>

namespace featrel::models {

class CapturedMessages {
 public:
  // Everything the library printed, concatenated.
  const std::string& text() const { return text_; }
  // Whether the library reported reaching its iteration cap ("... max number of iterations").
  bool hit_iteration_cap() const;
  // The "WARNING: ..." lines, one per entry, without the prefix and trailing newline.
  std::vector<std::string> warning_lines() const;
  void append(const char* s) { text_ += s; }

 protected:
  std::string text_;
};

}  // namespace featrel::models
