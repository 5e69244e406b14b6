// A ranged attack that names no weapon, judged by the ranged weapons the attacker carries (its
// scenario `weapons:`): each is tried as if the attack named it, so a rule about weapons (d20
// ranged_weapon_usable: a prone attacker only with a weapon usable prone) still decides.
#pragma once

#include <string>
#include <vector>

#include "dsl/eval/machine.h"
#include "model/scenario.h"
#include "query/answer.h"

namespace rulecraft::query {

// What trying the carried ranged weapons found.
struct CarriedWeapons {
  std::vector<std::string> usable;   // those the rule may_attack allows, as if named
  std::vector<std::string> refused;  // the others
  std::string refusing_rule;         // the rule that refused the first of the others
};

// Puts each ranged or thrown weapon `attacker` carries into a copy of the attack record `attack`
// as if the attack named it (FillRangeFields) and asks the rule may_attack; no weapon carried, or
// no rule, leaves `carried` empty. False when a rule failed (`error`).
bool TryCarriedWeapons(const AnswerContext& context, const model::Creature& attacker, const model::Creature& defender,
                       const eval::Slot* attack, CarriedWeapons& carried, std::string& error);

}  // namespace rulecraft::query
