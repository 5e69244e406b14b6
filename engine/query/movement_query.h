// The movement queries: `reach` (every square within a mode's movement), `path` (the cheapest
// legal route to a square) and `route` (the cost and legality of a given route).
#pragma once

#include <nlohmann/json.hpp>

#include "query/answer.h"
#include "rulecraft/rulecraft.h"

namespace rulecraft::query {

// Answers a reach query as values into `answer`; false when it fails, `result` then holding the
// failed answer (status "error", message). Either way `result` receives what the JSON answer
// says of the mover (creature, mode, speed_ft, budget_ft, …).
bool ComputeReach(const AnswerContext& context, const model::Query& query, ReachAnswer& answer,
                  nlohmann::json& result);
// Writes a reach answer's squares into `result` as JSON: budget_squares, overlay (the map
// `map_width` × `map_height`), reachable_count, may_end_count, grid, and squares (or
// squares_omitted past limits::kMaxListedSquares).
void WriteReach(const ReachAnswer& answer, int32_t map_width, int32_t map_height, nlohmann::json& result);
// Fills `result` with the squares the creature reaches in the mode (default `move`):
// ComputeReach, then WriteReach.
void AnswerReach(const AnswerContext& context, const model::Query& query, nlohmann::json& result);
// Fills `result` with the cheapest route to `to`, each step's cost, and the modes it fits in.
void AnswerPath(const AnswerContext& context, const model::Query& query, nlohmann::json& result);
// Fills `result` with the cost of each step of `through`, the first illegal step and why,
// and where the creature ends up.
void AnswerRoute(const AnswerContext& context, const model::Query& query, nlohmann::json& result);

}  // namespace rulecraft::query
