// The process-wide libsvm print hook and the per-thread capture (see libsvm_glue.hpp).
#include "models/libsvm_glue.hpp"

#include <libsvm/svm.h>

#include <mutex>
#include <sstream>

namespace featrel::models {

namespace {

thread_local LibsvmCapture* tls_capture = nullptr;

void featrel_libsvm_print(const char* s) {
  if (tls_capture != nullptr && s != nullptr) tls_capture->append(s);
}

std::once_flag hook_once;

}  // namespace

void install_libsvm_hook() {
  std::call_once(hook_once, [] { svm_set_print_string_function(&featrel_libsvm_print); });
}

LibsvmCapture::LibsvmCapture() {
  install_libsvm_hook();
  outer_ = tls_capture;
  tls_capture = this;
}

LibsvmCapture::~LibsvmCapture() { tls_capture = outer_; }

long LibsvmCapture::iterations() const {
  long total = 0;
  std::istringstream in(text_);
  std::string line;
  const std::string key = "#iter = ";
  while (std::getline(in, line)) {
    const std::size_t at = line.find(key);
    if (at != std::string::npos) total += std::stol(line.substr(at + key.size()));
  }
  return total;
}

}  // namespace featrel::models
