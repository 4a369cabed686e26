// Internal helpers of src/stats: argument checks that raise InputError with the function's name, and the
// NaN-to-null rule of the result JSON (docs/result-format.md#writing-rules: JSON holds no NaN or Inf).
#pragma once

#include <cmath>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "featrel/error.hpp"

namespace featrel::stats::detail {

inline void require(bool ok, const char* function, const std::string& what) {
  if (!ok) throw InputError(std::string(function) + ": " + what);
}

inline void require_same_size(std::size_t a, std::size_t b, const char* function) {
  require(a == b, function,
          "inputs differ in length (" + std::to_string(a) + " vs " + std::to_string(b) + ")");
}

// A finite double as a JSON number; NaN or ±inf as null.
inline nlohmann::ordered_json number_or_null(double v) { return std::isfinite(v) ? nlohmann::ordered_json(v) : nlohmann::ordered_json(); }

inline nlohmann::ordered_json number_or_null(const std::optional<double>& v) {
  return v ? number_or_null(*v) : nlohmann::ordered_json();
}

}  // namespace featrel::stats::detail
