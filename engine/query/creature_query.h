// The `creature` query: a creature's effective state in one place — its conditions, given and
// brought (the `conditions` table's `brings`), each with its table row; what the rules say it may
// still do (may_act, threatens_at_all, makes_attacks_of_opportunity, may_react); its speeds and
// movement modes (as the `speed` query); the rows its conditions have in the modifier tables.
#pragma once

#include <nlohmann/json.hpp>

#include "query/answer.h"

namespace rulecraft::query {

// Fills `result` with conditions, may, speed, attack_modifiers, ac_modifiers and explain.
void AnswerCreature(const AnswerContext& context, const model::Query& query, nlohmann::json& result);

}  // namespace rulecraft::query
