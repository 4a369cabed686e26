// Reading what liblinear or libsvm printed (captured_messages.hpp).
#include "models/captured_messages.hpp"

#include <sstream>

namespace featrel::models {

bool CapturedMessages::hit_iteration_cap() const {
  return text_.find("max number of iterations") != std::string::npos;
}

std::vector<std::string> CapturedMessages::warning_lines() const {
  std::vector<std::string> out;
  std::istringstream in(text_);
  std::string line;
  const std::string prefix = "WARNING: ";
  while (std::getline(in, line)) {
    const std::size_t at = line.find(prefix);
    if (at != std::string::npos) out.push_back(line.substr(at + prefix.size()));
  }
  return out;
}

}  // namespace featrel::models
