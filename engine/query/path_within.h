// What an unlimited `path` (no mode, no movement used) means for the turn: the movement modes
// it falls within, as a virtual tabletop colours a ruler by move, double move and beyond.
#pragma once

#include <nlohmann/json.hpp>

#include "query/answer.h"

namespace rulecraft::query {

// Adds to an unlimited path's `result` `within` (the mode of smallest budget whose own path
// query reaches the square, by that mode's rules; null when none does), `within_modes` (each
// mode: whether its path reaches it) and `farthest_by_mode` (each mode: the farthest square
// along this route that a route query in that mode reaches, by its rules and budget; null when
// not even the first step).
void AddWithin(const AnswerContext& context, const model::Query& query, nlohmann::json& result);

}  // namespace rulecraft::query
