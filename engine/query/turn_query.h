// The `turn` query: a creature's actions in one round, checked against the ruleset's action
// economy (table `actions`, rule `may_take`), each move answered as a path or route and each
// attack as an attack query, from where the earlier actions left the creature.
#pragma once

#include <nlohmann/json.hpp>

#include "query/answer.h"

namespace rulecraft::query {

// Fills `result` with legal, each action's answer, first_illegal, actions_used, actions_left,
// moved_ft, left_ft, attacks_of_opportunity and the creature's end `state` (docs/scenarios.md).
void AnswerTurn(const AnswerContext& context, const model::Query& query, nlohmann::json& result);

}  // namespace rulecraft::query
