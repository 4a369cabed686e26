// Error types shared by the whole library.
//
// The library never prints and never aborts: bad data or options raise InputError (CLI exit 2), a model that
// must solve and does not raises SolverError (exit 3), and a run stopped through RunContext's cancel flag
// raises Cancelled (exit 130). Messages say what went wrong, where (file, row, column, option) and what to do.
#pragma once

#include <stdexcept>
#include <string>

namespace featrel {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

class SolverError : public std::runtime_error {
 public:
  explicit SolverError(const std::string& message) : std::runtime_error(message) {}
};

class Cancelled : public std::runtime_error {
 public:
  Cancelled() : std::runtime_error("cancelled") {}
};

}  // namespace featrel
