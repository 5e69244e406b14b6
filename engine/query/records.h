// Scenario values as the records rules read (dsl/check/environment lists their fields).
#pragma once

#include <array>
#include <string>

#include "dsl/compile/program.h"
#include "dsl/eval/machine.h"
#include "hooks/runner.h"
#include "model/scenario.h"
#include "ruleset/ruleset.h"

namespace rulecraft::query {

// A creature record: header (flags, bonuses) then size, race, armor, has_race, land, has_land,
// long, moving, fly, swim, climb, burrow, maneuverability, squeezed, the six ability scores,
// the AC parts (armor, kinetic_armor, shield, natural, deflection, dodge, misc, max_dex,
// caps_dex), load and cr (challenge rating).
struct CreatureRecord {
  std::array<eval::Slot, compile::kRecordHeader + 31> slots;
  eval::HostBonuses bonuses;

  CreatureRecord() = default;
  CreatureRecord(const CreatureRecord&) = delete;  // slots[1] points at `bonuses`
  CreatureRecord& operator=(const CreatureRecord&) = delete;
};

// Fills a creature record moving by the speed kind `moving` (a row of `speed_kinds`);
// conditions and traits the rules never test are left out.
void BuildCreatureRecord(const model::Creature& creature, const ruleset::Ruleset& rules,
                         CreatureRecord& record, const std::string& moving = "land");

// Every value of a creature record the rules may read (its slots, bonuses and levels), as a
// key: two records with the same key answer every rule the same (movement::StepMemos).
std::vector<uint64_t> RecordKey(const CreatureRecord& record);

using model::CreatureFactsOf;
// The creature's Lua scripts, in the order of its traits.
std::vector<const hooks::Script*> ScriptsOf(const model::Creature& creature);

}  // namespace rulecraft::query
