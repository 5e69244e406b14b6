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

// Whether a move's `tumble:` asks for an accelerated tumble (`accelerated: true`).
bool Accelerated(const nlohmann::json& tumble);

// The conditions a tumbling creature has while it moves (table tumbles, column while_moving; an
// accelerated tumble's, column while_accelerated).
std::vector<std::string> TumblingConditions(const ruleset::Ruleset& rules, bool accelerated);

// Asks the rule may_tumble (when the ruleset has it) whether `mover` may tumble at all; a refusal
// sets `allowed` false and `why` (naming the rule that said no), with the trace as `explain` in
// `answer`. False when the rule failed (reported into `result`).
bool MayTumble(const AnswerContext& context, const model::Creature& mover, bool& allowed, std::string& why,
               nlohmann::json& answer, nlohmann::json& result);

// Checks the tumbles of the move answered in `sub` (its `steps` and `attacks_of_opportunity`),
// made by `mover` from where it stood: every opponent whose square the move enters (the
// `through_enemy` row) or whose threat it leaves (the other row), once, in the order of the steps
// — opponents left at the same step share one check when the row says `one_check_per_space`, its
// DC the highest rule tumble_dc gives for one of them (`by`, the others `also`); a failed check of a
// row that `ends_move_on_failure` stops the checks there. Each DC is asked with the terrain of the
// square the step tumbles into (for a mover larger than a square, its first square). `tumble` is
// the query's `tumble:` (roll, rolls, modifier, accelerated; without `modifier`, the rule
// tumble_bonus gives it from the creature, named as `modifier_rule`; accelerated adds the row's
// `accelerated_modifier`); `earlier` counts the checks made earlier in the round and is advanced.
// Appends {by, also, kind, step, terrain, dc, roll, modifier, accelerated_modifier, total, success,
// rolled} to `checks`. False when a rule failed (reported into `result`).
bool CheckTumbles(const AnswerContext& context, const model::Query& query, const model::Creature& mover,
                  const nlohmann::json& sub, const nlohmann::json& tumble, int& earlier, nlohmann::json& checks,
                  TumbleOutcome& outcome, nlohmann::json& result);

}  // namespace rulecraft::query
