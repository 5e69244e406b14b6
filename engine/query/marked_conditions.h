// The conditions the ruleset's optional `conditions` table marks with a bool column
// (`stand_up_ends`, `forbids_movement`, `incapacitates`): what a rule's column says, not a list
// of names in C++.
#pragma once

#include <string>
#include <vector>

#include "model/scenario.h"
#include "ruleset/ruleset.h"

namespace rulecraft::query {

// The rows of `conditions` whose `column` is true, in the table's order (none without the table).
std::vector<std::string> ConditionsMarked(const ruleset::Ruleset& rules, const char* column);

// Whether the creature has a condition whose `column` is true.
bool HasConditionMarked(const ruleset::Ruleset& rules, const model::Creature& creature, const char* column);

}  // namespace rulecraft::query
