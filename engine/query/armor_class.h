// A defender's armor class by the ruleset's rules `armor_class` and `ac_part` (docs/dsl.md):
// the total and each part, for the attack and creature queries.
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

#include "dsl/eval/machine.h"
#include "query/answer.h"

namespace rulecraft::query {

// The armor class a defender record has against an attack record, or nullopt when the ruleset
// has no rule `armor_class`.
struct ArmorClass {
  double total = 0;
  nlohmann::json parts = nlohmann::json::object();  // each row of `ac_parts`: {value, label}
};

// Calls `armor_class` (and `ac_part` for each row of `ac_parts`, when the ruleset has both) on
// `machine`, whose trace, if any, records the calls.
std::optional<ArmorClass> ComputeArmorClass(const AnswerContext& context, eval::Machine& machine,
                                            const eval::Slot* defender, const eval::Slot* attack);

}  // namespace rulecraft::query
