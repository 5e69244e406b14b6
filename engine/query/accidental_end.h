// Where a creature stands when its move stops on a square it may not end on: the last square
// of its route it could end on, or, when the ruleset's `closer_legal_end` rule says so (d20:
// "or the closest legal position, if there's a legal position that's closer"), a legal square
// closer to where it stopped.
#pragma once

#include <functional>

#include <nlohmann/json.hpp>

#include "model/scenario.h"
#include "query/answer.h"

namespace rulecraft::query {

// The square to put the creature on, having stopped at `stopped` with `last_legal` the last
// square of its route where it could end; `may_end` says whether its space may end at a square.
// Equally close squares are settled by a seeded roll. Adds `ends_at_why` to `result`; a rule that
// fails on the way (closer_legal_end, gap_distance) fails `result` (Fail) instead.
model::Square AccidentalEnd(const AnswerContext& context, const model::Query& query, model::Square stopped,
                            model::Square last_legal, const std::function<bool(int32_t, int32_t)>& may_end,
                            nlohmann::json& result);

}  // namespace rulecraft::query
