// The combat queries: `threatened` (the squares a creature threatens) and `attack` (whether
// an attack is possible, flanking, cover, concealment, and the attack and AC modifiers, explained).
#pragma once

#include <nlohmann/json.hpp>

#include "query/answer.h"

namespace rulecraft::query {

// Fills `result` with the threatened squares (an overlay and a count), and with `threatens`
// for `square` when given.
void AnswerThreatened(const AnswerContext& context, const model::Query& query, nlohmann::json& result);
// Fills `result` with possible, adjacent, flanking (and by whom), cover and concealment
// (query/cover_answer.h), attack_bonus, ac_bonus and their difference, each part explained.
void AnswerAttack(const AnswerContext& context, const model::Query& query, nlohmann::json& result);

}  // namespace rulecraft::query
