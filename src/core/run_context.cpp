#include "featrel/run_context.hpp"

#include <thread>

#include "featrel/error.hpp"

namespace featrel {

unsigned RunContext::resolved_threads() const {
  if (threads > 0) return threads;
  unsigned hw = std::thread::hardware_concurrency();
  return hw > 0 ? hw : 1;
}

void RunContext::check_cancel() const {
  if (cancelled()) throw Cancelled();
}

}  // namespace featrel
