// liblinear's print hook, installed once for the whole process, with its messages routed to the task that
// called liblinear (docs/architecture.md#shared-components "liblinear and libsvm glue").
//
// liblinear prints through one global function pointer (set_print_string_function), and several tasks may train
// models at the same time on different threads. So the hook is installed exactly once, and it appends each
// message to the LiblinearCapture active on the calling thread (train() runs on the caller's thread), or drops
// it when none is active: the library never prints. Every liblinear user in featrel (linear_svm, logistic) trains
// inside a LiblinearCapture and turns what it caught into warnings.
#pragma once

#include <string>
#include <vector>

#include "models/captured_messages.hpp"

namespace featrel::models {

// Makes sure the hook is installed (idempotent, thread-safe). LiblinearCapture's constructor calls it.
void install_liblinear_hook();

// Captures liblinear's messages on this thread for its lifetime (nesting restores the outer capture).
class LiblinearCapture : public CapturedMessages {
 public:
  LiblinearCapture();
  ~LiblinearCapture();
  LiblinearCapture(const LiblinearCapture&) = delete;
  LiblinearCapture& operator=(const LiblinearCapture&) = delete;

  // Trust-region Newton iterations reported ("iter ..." lines of the primal solvers).
  int newton_iterations() const;

 private:
  LiblinearCapture* outer_ = nullptr;
};

}  // namespace featrel::models
