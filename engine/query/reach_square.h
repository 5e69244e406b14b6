// One square of a reach explained on request: the way the move gets there and the rules behind
// each step's cost.
#pragma once

#include <nlohmann/json.hpp>

#include "query/answer.h"

namespace rulecraft::query {

// For a reach query with `square: [x, y]`, adds to its `result` `explained_square` — `at`,
// `reachable` (within the reach's budget), `cost` (squares), `cost_ft`, `may_end` and `steps`, or
// `why` when it is not reached — as the path query in the reach's mode (its `move` by default)
// answers it, and sets `explain` to that path's rules behind each step; does nothing without
// `square`.
void AddReachSquare(const AnswerContext& context, const model::Query& query,
                    nlohmann::json& result);

}  // namespace rulecraft::query
