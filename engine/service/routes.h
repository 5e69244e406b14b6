// The v1 API's routes on an httplib server: which method and path reach which handler
// (handlers.h), and the answers for everything else — 404 for an unknown path, 405 for a wrong
// method, 413 for a body past the limit, 503 when every worker is busy, 500 for a bug.
#pragma once

#include <httplib.h>

#include "service/scenario_store.h"
#include "service/serve_options.h"
#include "service/session_pool.h"

namespace rulecraft::service {

// Registers every route of the v1 API on `server`, lending Sessions from `pool` and keeping
// open scenarios in `store`.
void RegisterRoutes(httplib::Server& server, SessionPool& pool, ScenarioStore& store, const ServeOptions& options);

}  // namespace rulecraft::service
