// The squares a creature could attack another from: for a move that ends in an attack (a d20
// charge, "You must move to the closest space from which you can attack the opponent"), how far
// the closest of them lies from where the move started.
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

#include "dsl/eval/machine.h"
#include "model/scenario.h"
#include "query/answer.h"

namespace rulecraft::query {

// The distance (rule gap_distance, feet) from `start` to the closest square of the map from
// which `attacker`, standing there, could make the attack `attack` (an attack query's params:
// defender, kind, weapon) — the attack query's `possible`; nullopt when no square near the
// defender is one, or the ruleset has no gap_distance. `attacker` is moved and put back.
// A rule's failure is reported into `result` (status "error").
std::optional<double> ClosestAttackFt(const AnswerContext& context, model::Creature& attacker, model::Square start,
                                      const nlohmann::json& attack, nlohmann::json& result);

// The distance (rule gap_distance, feet) between two squares, asked of `machine`; 0 without the rule.
double SquaresApartFt(const AnswerContext& context, eval::Machine& machine, model::Square from, model::Square to);

}  // namespace rulecraft::query
