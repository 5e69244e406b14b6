// Escape Artist in a turn (a moving action's `escape_artist:`): the checks of a move that squeezes
// through spaces too narrow for it, one per tight space it enters, with the DC of table `escapes`
// and rule escape_dc, each die given or rolled with the scenario's seed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/scenario.h"
#include "query/answer.h"

namespace rulecraft::query {

// What a move's Escape Artist checks decided.
struct EscapeOutcome {
  size_t stop_step = 0;            // the step into a tight space a failed check stops before; 0: none
  int64_t takes_rounds = 0;        // the rounds the checks take (table escapes, rounds); 0: none made
  std::string squeezed_condition;  // the row's while_squeezed when the move ends inside a tight space
};

// The conditions a creature has while its move uses Escape Artist (table escapes, while_moving).
std::vector<std::string> EscapingConditions(const ruleset::Ruleset& rules);

// Checks the Escape Artist squeezes of the move answered in `sub` (its `steps`), made by `mover`
// (whose conditions include EscapingConditions): a step is tight when the mover, from the step
// before, could not take it without those conditions; consecutive tight steps are one space, one
// check each, in order, with the DC of rule escape_dc and the row of `escapes` that
// `squeezes_through`; a failed check stops the checks there. `escape` is the query's
// `escape_artist:` (roll, rolls, modifier; without `modifier`, the rule escape_artist_bonus gives it
// from the creature). Appends {step, at, squares, dc, dc_rule, roll, modifier, modifier_rule, total,
// success, rolled, takes_rounds} to `checks`. `mover` is moved and given back its place and
// conditions. False when a rule or query failed (reported into `result`).
bool CheckEscapes(const AnswerContext& context, const model::Query& query, model::Creature& mover,
                  const nlohmann::json& sub, const nlohmann::json& escape, nlohmann::json& checks,
                  EscapeOutcome& outcome, nlohmann::json& result);

}  // namespace rulecraft::query
