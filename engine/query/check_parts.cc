#include "query/check_parts.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "query/records.h"

namespace rulecraft::query {

std::string RuleAt(const AnswerContext& context, int index) {
  const compile::CompiledRule& rule = context.rules.program->rules[static_cast<size_t>(index)];
  return fmt::format("rule {} ({})", rule.name, Where(rule.span, context.sources));
}

nlohmann::json GivenRolls(const nlohmann::json& params) {
  if (!params.is_object()) return nlohmann::json::array();
  if (params.contains("roll")) return nlohmann::json::array({params["roll"]});
  if (params.contains("rolls")) return params["rolls"];
  return nlohmann::json::array();
}

std::vector<std::string> RowConditions(const ruleset::Ruleset& rules, const char* table, const char* column) {
  std::vector<std::string> names;
  const tables::Table* rows = rules.tables.Find(table);
  if (rows == nullptr) return names;
  for (const tables::Row& row : rows->rows) {
    const tables::Value* cell = row.Get(column);
    if (cell == nullptr || cell->text.empty()) continue;
    if (std::find(names.begin(), names.end(), cell->text) == names.end()) names.push_back(cell->text);
  }
  return names;
}

bool CheckModifier(const AnswerContext& context, eval::Machine& machine, const nlohmann::json& params,
                   const char* bonus_rule, std::span<const eval::Slot> args, int64_t& modifier,
                   std::string& modifier_rule, nlohmann::json& result) {
  modifier = 0;
  if (params.is_object() && params.contains("modifier")) {
    modifier = params.value("modifier", int64_t{0});
    return true;
  }
  int rule = context.rules.program->FindRule(bonus_rule);
  if (rule < 0) return true;
  modifier = static_cast<int64_t>(std::llround(machine.Call(rule, args).number));
  if (!machine.error().empty()) return Fail(result, machine.error());
  modifier_rule = RuleAt(context, rule);
  return true;
}

}  // namespace rulecraft::query
