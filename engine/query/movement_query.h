// The movement queries: `reach` (every square within a mode's movement), `path` (the cheapest
// legal route to a square) and `route` (the cost and legality of a given route).
#pragma once

#include <nlohmann/json.hpp>

#include "query/answer.h"

namespace rulecraft::query {

// Fills `result` with the squares the creature reaches in the mode (default `move`).
void AnswerReach(const AnswerContext& context, const model::Query& query, nlohmann::json& result);
// Fills `result` with the cheapest route to `to`, each step's cost, and the modes it fits in.
void AnswerPath(const AnswerContext& context, const model::Query& query, nlohmann::json& result);
// Fills `result` with the cost of each step of `through`, the first illegal step and why,
// and where the creature ends up.
void AnswerRoute(const AnswerContext& context, const model::Query& query, nlohmann::json& result);

}  // namespace rulecraft::query
