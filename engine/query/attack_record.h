// The attack record the combat rules read (docs/dsl.md, `attack`): where each field lies, and
// the same facts as the Lua hooks see them.
#pragma once

#include <cstddef>
#include <string>
#include <utility>

#include "dsl/compile/program.h"
#include "dsl/eval/machine.h"
#include "hooks/runner.h"

namespace rulecraft::query {

// Slots of the attack record: header, then the fields dsl/check/environment.cc lists, in order.
inline constexpr size_t kAttackRecordSlots = compile::kRecordHeader + 33;
inline constexpr size_t kAttackMeleeSlot = compile::kRecordHeader + 0;
inline constexpr size_t kAttackRangedSlot = compile::kRecordHeader + 1;
inline constexpr size_t kAttackAttackerSlot = compile::kRecordHeader + 2;
inline constexpr size_t kAttackDefenderSlot = compile::kRecordHeader + 3;
inline constexpr size_t kAttackFlankingSlot = compile::kRecordHeader + 4;
inline constexpr size_t kAttackReachWeaponSlot = compile::kRecordHeader + 5;
inline constexpr size_t kAttackAdjacentSlot = compile::kRecordHeader + 6;
inline constexpr size_t kAttackAdjacentHostilesSlot = compile::kRecordHeader + 7;
// The range fields: the distance, and the named weapon's (query/attack_range.h).
inline constexpr size_t kAttackDistanceSlot = compile::kRecordHeader + 8;
inline constexpr size_t kAttackWeaponNamedSlot = compile::kRecordHeader + 9;
inline constexpr size_t kAttackThrownSlot = compile::kRecordHeader + 10;
inline constexpr size_t kAttackRangeIncrementSlot = compile::kRecordHeader + 11;
inline constexpr size_t kAttackNormalRangeSlot = compile::kRecordHeader + 12;
inline constexpr size_t kAttackLongRangeSlot = compile::kRecordHeader + 13;
// The first cover field (`cover`); the fields before it are filled by the attack query.
inline constexpr size_t kAttackCoverSlot = compile::kRecordHeader + 14;

// The facts of an attack record for the Lua hooks, with the cover and concealment rows chosen
// so far (empty before they are).
inline hooks::AttackFacts AttackFactsOf(const eval::Slot* attack, const hooks::CreatureFacts& attacker,
                                        const hooks::CreatureFacts& defender, std::string cover = "",
                                        std::string concealment = "") {
  return {&attacker,
          &defender,
          attack[kAttackMeleeSlot].number != 0,
          attack[kAttackFlankingSlot].number != 0,
          attack[kAttackAdjacentSlot].number != 0,
          attack[kAttackReachWeaponSlot].number != 0,
          std::move(cover),
          std::move(concealment)};
}

}  // namespace rulecraft::query
