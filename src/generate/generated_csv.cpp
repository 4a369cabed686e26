// CSV text of generated data and the --kind word.
#include <string>

#include "featrel/error.hpp"
#include "featrel/format.hpp"
#include "featrel/generate.hpp"

namespace featrel::gen {

std::string to_string(Kind kind) { return kind == Kind::relevance ? "relevance" : "clusters"; }

Kind parse_kind(std::string_view word) {
  if (word == "relevance") return Kind::relevance;
  if (word == "clusters") return Kind::clusters;
  throw InputError("--kind must be relevance or clusters (got '" + std::string(word) + "')");
}

std::string GeneratedData::to_csv() const {
  std::string out;
  // About 20 bytes per number keeps reallocation rare for large files.
  out.reserve(static_cast<std::size_t>((X.cols() + 1) * (X.rows() + 1)) * 20);
  for (const std::string& name : names) {
    out += name;
    out += ',';
  }
  out += target_name;
  out += '\n';
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    for (Eigen::Index j = 0; j < X.cols(); ++j) {
      out += format_number(X(i, j));
      out += ',';
    }
    // Labels are stored as whole doubles, so the shortest form prints them as -1, 1, 0, 2 ...
    out += format_number(y(i));
    out += '\n';
  }
  return out;
}

}  // namespace featrel::gen
