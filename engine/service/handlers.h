// What each endpoint of the v1 API answers (docs/api.md), apart from HTTP: a request's body and
// parameters in, a Reply out. Each runs on a Session it is lent for the request.
#pragma once

#include <string>

#include "cli/run_answer.h"
#include "rulecraft/rulecraft.h"
#include "service/reply.h"

namespace rulecraft::service {

// POST /v1/run: exactly `rulecraft run`'s JSON document for the scenario in `body`. 200 when it
// ran without errors (a query may still answer status "error" at run time, a Lua hook failing);
// 404 when the scenario names an unknown ruleset; 400 for any other error in the input.
Reply AnswerRunRequest(Session& session, const std::string& body, const std::string& content_type, cli::ExplainLevel explain);

// POST /v1/render: the SVG `rulecraft render` draws (image/svg+xml) of the scenario in `body`
// (as /v1/run reads it) and, when `query_id` is not empty, that query's answer. When nothing can
// be drawn, a JSON document with located diagnostics: 404 for an unknown ruleset, else 400 (an
// error in the scenario, no map, a map too large, an unknown query, one with nothing to draw or
// one that failed).
Reply AnswerRenderRequest(Session& session, const std::string& body, const std::string& content_type,
                          const std::string& query_id);

// POST /v1/check: exactly `rulecraft check --format json`'s document for the rulesets the body
// names (`{"rulesets": ["dnd35"]}` or `{"ruleset": "dnd35"}`). 200 when each was found (its `ok`
// says whether it loads cleanly); 404 for an unknown ruleset; 400 for a malformed body.
Reply AnswerCheckRequest(Session& session, const std::string& body);

// GET /v1/rulesets: every ruleset served, `{"rulesets": [{name, title, lineage, tables, terrain,
// sizes, conditions}]}`, terrain as `[{name, label, colour}]`.
Reply AnswerRulesetsRequest(Session& session);

// GET /v1/health: `{"status": "ok", "version", "workers", "busy"}`.
Reply AnswerHealthRequest(size_t workers, size_t busy);

}  // namespace rulecraft::service
