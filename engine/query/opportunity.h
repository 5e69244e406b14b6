// Attacks of opportunity a move provokes: moving out of a square an opponent threatens (or, when
// the rule `provokes_only_leaving_reach` says so, out of every square it threatens), when
// the ruleset's `provokes` rule says that move provokes it (docs/dsl.md, hook points).
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "model/scenario.h"
#include "movement/footprint.h"
#include "query/answer.h"
#include "query/records.h"

namespace rulecraft::query {

// For the first `steps` steps of `route` (the mover's top-left squares, start first), every
// opponent (another side, or any creature when the mover has none, and hostile by its attitude)
// that threatens a square the mover occupies before a step (rule threatens, with the opponent's own reach weapon) and that
// the rule `provokes` lets attack; each opponent once, at its first such step. `shapes` gives
// the squares occupied per place of the route (movement/footprint.h; a squeezed band), or is
// empty for the whole space. Adds `attacks_of_opportunity` [{by, step, from}] and their
// explanations to `result`; adds nothing when the ruleset has no `provokes` or `threatens` rule.
void AddProvokedAttacks(const AnswerContext& context, const model::Creature& mover,
                        const CreatureRecord& mover_record, int mode, const std::vector<model::Square>& route,
                        const std::vector<movement::Footprint>& shapes, size_t steps, nlohmann::json& result);

// Attacks of opportunity an action (row `action` of table `actions`) provokes where `creature`
// stands: every opponent that threatens a square of its space (rule threatens, with the
// opponent's reach weapon), whose cover lets it attack as for a move, and that the rule
// `action_provokes` lets attack. Appends {by, from} to `attacks` and the rules' explanations to
// `explain`; false (nothing appended) when the ruleset has no `action_provokes` or `threatens`.
// A rule's failure is reported into `result` (status "error").
bool AddActionProvokedAttacks(const AnswerContext& context, const model::Creature& creature, int action,
                              nlohmann::json& attacks, nlohmann::json& explain, nlohmann::json& result);

}  // namespace rulecraft::query
