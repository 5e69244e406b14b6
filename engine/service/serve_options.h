// What `rulecraft serve` is told on its command line.
#pragma once

#include <string>
#include <vector>

#include "base/limits.h"

namespace rulecraft::service {

// The service's settings: where it listens, which rulesets it serves, how much it takes on.
struct ServeOptions {
  std::string host = "127.0.0.1";  // loopback only unless the user says otherwise
  int port = 8731;                 // 0: any free port (the log line says which)
  std::vector<std::string> ruleset_folders;  // served besides the bundled rulesets
  int workers = limits::kDefaultServiceWorkers;  // requests answered at once
  size_t max_body_bytes = limits::kMaxRequestBytes;
};

}  // namespace rulecraft::service
