// The `speed` query: a creature's land speed from the ruleset's `speed` rule, and how far it
// moves in each movement mode (`mode_distance`).
#pragma once

#include <nlohmann/json.hpp>

#include "query/answer.h"

namespace rulecraft::query {

// Fills `result` with land_ft, land_squares and modes {mode: feet}, explained.
void AnswerSpeed(const AnswerContext& context, const model::Query& query, nlohmann::json& result);

}  // namespace rulecraft::query
