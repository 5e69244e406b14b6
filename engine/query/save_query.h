// The `save` query: a creature against an area effect (a burst, an emanation, a spread) whose
// point of origin is a grid intersection. Whether the area reaches it, and the cover from the
// point of origin that adds to its Reflex save (002 엄폐: "산개형 효과는 모퉁이에서 확산될 수
// 있으므로 이 엄폐 보너스를 무시합니다", a spread turns corners and ignores this bonus). What
// each shape does is the ruleset's `area_shapes` table.
#pragma once

#include <nlohmann/json.hpp>

#include "query/answer.h"

namespace rulecraft::query {

// Fills `result` with in_area, distance_ft, line_of_effect, cover, reflex_bonus and
// cover_ignored for the creature against the area.
void AnswerSave(const AnswerContext& context, const model::Query& query, nlohmann::json& result);

}  // namespace rulecraft::query
