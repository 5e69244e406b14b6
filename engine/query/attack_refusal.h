// Why an attack cannot be made (docs/scenarios.md, `attack`): the reason, and the rule or table
// row that says so, where it is written. An answer that refuses an attack gives no numbers as if
// it were made.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "dsl/compile/program.h"
#include "dsl/eval/machine.h"
#include "query/answer.h"
#include "tables/table.h"

namespace rulecraft::query {

// A refusal, or none (`why` empty) while the attack is possible.
struct AttackRefusal {
  std::string why;                                  // the reason, naming the rule and its place
  nlohmann::json by = nlohmann::json::object();     // {rule, at} or {table, row, column, at}

  bool refused() const { return !why.empty(); }
};

// The rule behind a refusal: the index of the first yes-or-no rule `trace` saw answer false from
// event `from` on (the innermost that said no, e.g. ranged_weapon_usable inside may_attack), else
// `fallback`.
int FirstRefusingRule(const eval::Trace& trace, const compile::Program& program, size_t from, int fallback);

// A refusal by the ruleset's rule `rule`: "<reason> (rule <rule>, <file:line:col>)".
AttackRefusal RefusedByRule(const AnswerContext& context, const std::string& rule, const std::string& reason);

// A refusal by the cell `column` of row `row` of table `table`.
AttackRefusal RefusedByRow(const AnswerContext& context, const std::string& table, const tables::Row& row,
                           const std::string& column, const std::string& reason);

// Marks `result` refused: `possible: false`, `why` and `refused_by`, and takes out what would
// describe the attack as if it were made (flanking, the bonuses and their net, advantage, miss
// chance, the cover row's numbers, attack of opportunity, effects). The spaces' facts stay:
// adjacent, line of effect and of sight, the cover and concealment rows and their lines.
void WriteRefusal(const AttackRefusal& refusal, nlohmann::json& result);

}  // namespace rulecraft::query
