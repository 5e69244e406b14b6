// `rulecraft serve`: the JSON service (docs/api.md) until SIGTERM or SIGINT.
#pragma once

#include "service/serve_options.h"

namespace rulecraft::service {

// Listens on options.host:port and answers the v1 API with a pool of options.workers Sessions
// that read only the bundled rulesets and options.ruleset_folders and write no file. Logs
// `listening on http://HOST:PORT` (the port picked when 0 was asked), one line per request and
// `stopped` on stderr. On SIGTERM or SIGINT it stops taking connections, finishes the requests
// under way and returns 0; returns 1 when it cannot listen.
int Serve(const ServeOptions& options);

}  // namespace rulecraft::service
