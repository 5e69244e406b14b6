// Lending Lua sandboxes to queries (issue 15): making a state and compiling a script cost more
// than a query's hook calls, so a query borrows an idle state of its thread with the same
// limits, and gives it back reset (Sandbox::Reset) when it ends. Nothing a query does reaches
// the next: every call runs in a fresh environment, the views are rebuilt per query, and the
// limits are set per call and per query as before.
#pragma once

#include <cstdint>
#include <memory>

#include "hooks/sandbox.h"
#include "hooks/script.h"

namespace rulecraft::hooks {

// A sandbox for the lease's life: an idle one of this thread with the same limits, or a new one.
class SandboxLease {
 public:
  explicit SandboxLease(const Limits& limits);
  ~SandboxLease();
  SandboxLease(const SandboxLease&) = delete;
  SandboxLease& operator=(const SandboxLease&) = delete;

  Sandbox& operator*() const { return *sandbox_; }
  Sandbox* operator->() const { return sandbox_.get(); }

  // How many sandboxes this thread has made (a test sees a second query reuse the first's).
  static int64_t Made();

 private:
  std::unique_ptr<Sandbox> sandbox_;
};

}  // namespace rulecraft::hooks
