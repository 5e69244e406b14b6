// The parts the dice-rolling checks of a turn share (a move's `tumble:` and `escape_artist:`,
// an action's `check:`): the given d20 results, the check's modifier, the conditions a table's
// rows give while the check's move lasts, and how a rule is named in an answer.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dsl/eval/machine.h"
#include "query/answer.h"

namespace rulecraft::query {

// The ruleset's rule `index` as "rule NAME (file:line:col)".
std::string RuleAt(const AnswerContext& context, int index);

// The d20 results a check's parameters give: `roll: 17` as one, `rolls: [17, 9]` as listed, else none.
nlohmann::json GivenRolls(const nlohmann::json& params);

// The conditions the rows of `table` name in `column`, each once in row order; none without the table.
std::vector<std::string> RowConditions(const ruleset::Ruleset& rules, const char* table, const char* column);

// A check's modifier: the parameters' `modifier`, else rule `bonus_rule` asked with `args` (then
// `modifier_rule` names it), else 0. False when the rule failed (reported into `result`).
bool CheckModifier(const AnswerContext& context, eval::Machine& machine, const nlohmann::json& params,
                   const char* bonus_rule, std::span<const eval::Slot> args, int64_t& modifier,
                   std::string& modifier_rule, nlohmann::json& result);

}  // namespace rulecraft::query
