#include "query/carried_weapons.h"

#include <algorithm>
#include <array>

#include "query/attack_range.h"
#include "query/attack_record.h"
#include "query/attack_refusal.h"

namespace rulecraft::query {

bool TryCarriedWeapons(const AnswerContext& context, const model::Creature& attacker, const model::Creature& defender,
                       const eval::Slot* attack, CarriedWeapons& carried, std::string& error) {
  const compile::Program& program = *context.rules.program;
  int may_attack = program.FindRule("may_attack");
  if (may_attack < 0) return true;
  eval::Machine machine(program);
  for (const model::Weapon& weapon : attacker.weapons) {
    if (weapon.kind != "ranged" && weapon.kind != "thrown") continue;
    std::array<eval::Slot, kAttackRecordSlots> record{};
    std::copy(attack, attack + kAttackRecordSlots, record.begin());
    FillRangeFields(context, attacker, defender, weapon, record.data());
    eval::Trace trace;
    machine.SetTrace(&trace);
    eval::Slot slot{.record = record.data()};
    bool allowed = machine.Call(may_attack, {&slot, 1}).number != 0;
    machine.SetTrace(nullptr);
    if (!machine.error().empty()) {
      error = machine.error();
      return false;
    }
    if (allowed) {
      carried.usable.push_back(weapon.name);
      continue;
    }
    if (carried.refused.empty()) {
      carried.refusing_rule = program.rules[static_cast<size_t>(FirstRefusingRule(trace, program, 0, may_attack))].name;
    }
    carried.refused.push_back(weapon.name);
  }
  return true;
}

}  // namespace rulecraft::query
