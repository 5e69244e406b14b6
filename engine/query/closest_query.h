// The `closest` query: which creature is closest to another, by the ruleset's `gap_distance`,
// and how a tie is settled (rule `closest_ties_rolled`: a seeded roll, or the acting creature's
// choice).
#pragma once

#include <nlohmann/json.hpp>

#include "query/answer.h"

namespace rulecraft::query {

// Fills `result` with every candidate's distance, the closest (`closest`, null while the acting
// creature has yet to choose among tied ones), `tied`, and how the tie was settled (`roll` or
// `chosen_by`), explained.
void AnswerClosest(const AnswerContext& context, const model::Query& query, nlohmann::json& result);

}  // namespace rulecraft::query
