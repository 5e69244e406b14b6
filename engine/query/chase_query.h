// The `chase` query: who wins a chase, by the ruleset's chase rules (catches_by_speed,
// escapes_by_speed, chase_check_after, chase_check_bonus, chase_tie) and table chase_scales.
#pragma once

#include <nlohmann/json.hpp>

#include "query/answer.h"

namespace rulecraft::query {

// Fills `result` with the two sides' speeds, how the chase is decided (by speed, or by an
// opposed check after the scale's units, with given or seeded rolls), the winner and why.
void AnswerChase(const AnswerContext& context, const model::Query& query, nlohmann::json& result);

}  // namespace rulecraft::query
