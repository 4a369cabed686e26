// libsvm's print hook, installed once for the whole process, with its messages routed to the task that called
// libsvm (docs/architecture.md#shared-components "liblinear and libsvm glue"; the twin of liblinear_glue.hpp).
//
// libsvm prints through one global function pointer (svm_set_print_string_function) and several tasks may train
// at once on different threads, so the hook is installed exactly once and appends each message to the
// LibsvmCapture active on the calling thread (svm_train runs on the caller's thread), or drops it: the library
// never prints.
#pragma once

#include <string>
#include <vector>

#include "models/captured_messages.hpp"

namespace featrel::models {

// Makes sure the hook is installed (idempotent, thread-safe). LibsvmCapture's constructor calls it.
void install_libsvm_hook();

// Captures libsvm's messages on this thread for its lifetime (nesting restores the outer capture).
class LibsvmCapture : public CapturedMessages {
 public:
  LibsvmCapture();
  ~LibsvmCapture();
  LibsvmCapture(const LibsvmCapture&) = delete;
  LibsvmCapture& operator=(const LibsvmCapture&) = delete;

  // SMO iterations reported ("#iter = N" lines), summed over the binary problems.
  long iterations() const;

 private:
  LibsvmCapture* outer_ = nullptr;
};

}  // namespace featrel::models
