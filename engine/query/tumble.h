// Tumbling in a turn (a moving action's `tumble:`): the Tumble checks of a move, one per
// opponent it passes, in the order it reaches them, with the DCs of table `tumbles` and rule
// tumble_dc, each die given or rolled with the scenario's seed.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/scenario.h"
#include "query/answer.h"

namespace rulecraft::query {

// What a move's Tumble checks decided.
struct TumbleOutcome {
  std::vector<std::string> avoided;  // opponents whose attacks of opportunity a check avoided
  size_t stop_step = 0;              // the step into an enemy's square a failed check stops before; 0: none
  std::string stopped_by;            // that enemy
};

// The conditions a tumbling creature has while it moves (table tumbles, column while_moving).
std::vector<std::string> TumblingConditions(const ruleset::Ruleset& rules);

// Checks the tumbles of the move answered in `sub` (its `steps` and `attacks_of_opportunity`),
// made by `mover` from where it stood: every opponent whose square the move enters (the
// `through_enemy` row) or whose threat it leaves (the other row), once, in the order of the steps;
// a failed check of a row that `ends_move_on_failure` stops the checks there. `tumble` is the
// query's `tumble:` (roll, rolls, modifier; without `modifier`, the rule tumble_bonus gives it from
// the creature, named as `modifier_rule`); `earlier` counts the opponents tumbled past earlier in
// the round and is advanced. Appends {by, kind, step, dc, roll, modifier, total, success, rolled}
// to `checks`. False when a rule failed (reported into `result`).
bool CheckTumbles(const AnswerContext& context, const model::Query& query, const model::Creature& mover,
                  const nlohmann::json& sub, const nlohmann::json& tumble, int& earlier, nlohmann::json& checks,
                  TumbleOutcome& outcome, nlohmann::json& result);

}  // namespace rulecraft::query
