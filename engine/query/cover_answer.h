// Cover and concealment for the `attack` query: the engine measures the lines between the
// two spaces (combat/cover.h), the ruleset's cover_degree and concealment_degree rules turn
// the facts of each choice of the attacker into rows of its `cover` and `concealment` tables,
// and the attacker takes the earliest (least protective) row.
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "dsl/compile/program.h"
#include "dsl/eval/machine.h"
#include "query/answer.h"
#include "query/attack_refusal.h"
#include "query/attack_record.h"

namespace rulecraft::query {

// What cover and concealment decided.
struct CoverOutcome {
  bool measured = false;          // the ruleset has cover_degree or concealment_degree
  bool attack_possible = true;    // false behind total cover (the cover row's attack_possible)
  bool opportunity_allowed = true;  // both rows allow attacks of opportunity
  AttackRefusal refusal;          // why no attack is possible (the cover row that says so)
  nlohmann::json explain = nlohmann::json::array();
  std::string error;              // a rule failed
};

// Fills the attack record's cover fields (from kAttackCoverSlot) and `result`'s cover,
// concealment, miss_chance, reflex_bonus, hide_bonus, hiding_allowed, line_of_effect,
// line_of_sight and cover_lines. `attack` must already hold the attacker and the defender.
// `defender_hooks` (optional): the defender's Lua runner, whose `cover` hook may change the
// cover row the rules chose (docs/lua.md).
CoverOutcome MeasureCover(const AnswerContext& context, const model::Creature& attacker,
                          const model::Creature& defender, eval::Slot* attack, nlohmann::json& result,
                          hooks::Runner* defender_hooks = nullptr);

}  // namespace rulecraft::query
