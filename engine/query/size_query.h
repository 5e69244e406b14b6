// The `size` query: a size category's row of the ruleset's `sizes` table.
#pragma once

#include <nlohmann/json.hpp>

#include "query/answer.h"

namespace rulecraft::query {

// Fills `result` with the space, natural reach, fit and modifiers of `params.category`.
void AnswerSize(const AnswerContext& context, const model::Query& query, nlohmann::json& result);

}  // namespace rulecraft::query
