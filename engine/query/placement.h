// Where each creature of a scenario stands, by the ruleset's rules: every square a creature
// occupies must be one it may be on at all (rule and Lua hook `may_occupy`, by any speed it
// has), and creatures share squares only as the rules allow (query/shared_squares.h). A creature of several squares placed
// where its whole space does not fit, that may squeeze (rule `may_squeeze`, in the first row of
// `movement_modes`), occupies the widest
// band of its space that fits (000 쥐어짜기: "큰 생물이 한 칸 너비인 공간으로 쥐어짤 때 … 두 칸을
// 차지합니다", a Large creature squeezing into a space one square wide occupies two squares).
#pragma once

#include <string>

#include "model/scenario.h"
#include "rulecraft/diagnostic.h"
#include "ruleset/ruleset.h"

namespace rulecraft::query {

// Checks and settles every valid creature on the scenario's map: a placement the rules refuse
// is an error at the creature's `at` naming the square, its terrain and the rule; a squeezed
// one narrows the creature's occupied squares (model::Creature::Occupied). Returns false when
// it reported an error.
bool SettlePlacements(model::Scenario& scenario, const ruleset::Ruleset& rules, Diagnostics& diagnostics);

// Why `creature` of `scenario` may not stand where its `at` now says (a turn resumed from a
// `state: {at}`), among the other creatures as they stand, by the same rules as
// SettlePlacements; empty when it may.
std::string WhyItCannotStand(model::Scenario& scenario, const ruleset::Ruleset& rules, model::Creature& creature);

}  // namespace rulecraft::query
