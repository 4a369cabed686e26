// The process-wide liblinear print hook and the per-thread capture (see liblinear_glue.hpp).
#include "models/liblinear_glue.hpp"

#include <linear.h>

#include <mutex>
#include <sstream>

namespace featrel::models {

namespace {

// The capture of the calling thread; liblinear's train() calls the hook on that same thread.
thread_local LiblinearCapture* tls_capture = nullptr;

void featrel_liblinear_print(const char* s) {
  if (tls_capture != nullptr && s != nullptr) tls_capture->append(s);
}

std::once_flag hook_once;

}  // namespace

void install_liblinear_hook() {
  std::call_once(hook_once, [] { set_print_string_function(&featrel_liblinear_print); });
}

LiblinearCapture::LiblinearCapture() {
  install_liblinear_hook();
  outer_ = tls_capture;
  tls_capture = this;
}

LiblinearCapture::~LiblinearCapture() { tls_capture = outer_; }

int LiblinearCapture::newton_iterations() const {
  int count = 0;
  std::istringstream in(text_);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("iter ", 0) == 0) ++count;
  return count;
}

}  // namespace featrel::models
