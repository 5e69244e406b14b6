// The weapon an attack names and the range fields of its record (docs/scenarios.md, `attack`):
// the distance between the spaces and the weapon's kind and range, for the ruleset's rules
// (`in_range`, `range_penalty`, `disadvantage` …) to judge.
#pragma once

#include <optional>
#include <string>

#include "combat/gap.h"
#include "dsl/eval/machine.h"
#include "model/scenario.h"
#include "query/answer.h"

namespace rulecraft::query {

// The gap from the attacker's space to the defender's nearest square (by the larger axis, then
// the smaller).
combat::Gap NearestGap(const model::Area& attacker, const model::Area& defender);

// The weapon the query names (`weapon: longbow` or `weapon: { name: longbow }`): the attacker's
// own of that name, else the ruleset's `weapons` row; nullopt when none is named. Sets `error`
// when the name is neither.
std::optional<model::Weapon> NamedWeapon(const AnswerContext& context, const model::Creature& attacker,
                                         const model::Query& query, std::string& error);

// Fills the record's distance (rule gap_distance, when the ruleset has it) and weapon fields,
// and adds the weapon's properties to its flags (attack.has(name)); returns the distance in feet.
double FillRangeFields(const AnswerContext& context, const model::Creature& attacker,
                       const model::Creature& defender, const std::optional<model::Weapon>& weapon,
                       eval::Slot* attack);

}  // namespace rulecraft::query
