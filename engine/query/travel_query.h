// The `travel` query: overland travel from the ruleset's travel rules (travel_mph,
// travel_day_hours, hustle_damage, forced_march_dc) and tables.
#pragma once

#include <nlohmann/json.hpp>

#include "query/answer.h"

namespace rulecraft::query {

// Fills `result` with miles per hour and per day, the miles of `hours` of travel, the hustle
// damage of each hour and the forced-march DC of each hour past a day's travel.
void AnswerTravel(const AnswerContext& context, const model::Query& query, nlohmann::json& result);

}  // namespace rulecraft::query
