// The skill checks a turn's action makes (table `checks`): the check an `actions` row names in
// its `check` column (starfinder: hovering), and the checks a moving action makes where rule
// check_needed says so (starfinder: flying in a hindering wind). Each d20 is given (`roll:`) or
// rolled with the scenario's seed; the DC and modifier come from the rules unless given.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "model/scenario.h"
#include "query/answer.h"
#include "tables/table.h"

namespace rulecraft::query {

// What an action's checks decided for its turn.
struct ActionCheckOutcome {
  bool allowed = true;      // false: rule check_allowed says the creature may not attempt it (`why`)
  std::string why;
  bool spends_changed = false;  // a check that succeeded automatically spends `spends` instead (empty: nothing)
  std::string spends;
};

// Whether `action`'s own check (its `check` column) succeeds without a roll for `mover` (rules
// check_allowed and check_automatic) and then spends nothing (the check row's automatic_spends:
// none), so the turn's budget need not allow it. False on any doubt (a rule that failed included:
// MakeActionChecks reports it).
bool ActionCheckSpendsNothing(const AnswerContext& context, const tables::Row& action, const model::Creature& mover);

// Makes the checks of action `index` of the turn (a row of `actions`, `params` its parameters:
// `roll`, `modifier`, `dc` for its own check; a move's `check: {roll, modifier, dc}` for the
// checks moving makes), by `mover` as the turn has left it, `moving` by this speed kind; appends
// {check, skill, dc, dc_rule, roll, modifier, modifier_rule, total, success, rolled, automatic,
// on_failure} to answer["checks"]. False when a rule failed or a DC is not known (into `result`).
bool MakeActionChecks(const AnswerContext& context, const model::Query& query, size_t index,
                      const tables::Row& action, const model::Creature& mover, const std::string& moving,
                      const nlohmann::json& params, nlohmann::json& answer, ActionCheckOutcome& outcome,
                      nlohmann::json& result);

}  // namespace rulecraft::query
