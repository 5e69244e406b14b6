#include "query/attack_refusal.h"

#include <fmt/format.h>

namespace rulecraft::query {

int FirstRefusingRule(const eval::Trace& trace, const compile::Program& program, size_t from, int fallback) {
  for (size_t i = from; i < trace.events.size(); ++i) {
    const eval::TraceEvent& event = trace.events[i];
    if (event.kind != eval::TraceEvent::Kind::kRule || event.value != 0) continue;
    if (program.rules[static_cast<size_t>(event.index)].result == ast::Type::Bool()) return event.index;
  }
  return fallback;
}

AttackRefusal RefusedByRule(const AnswerContext& context, const std::string& rule, const std::string& reason) {
  AttackRefusal refusal;
  const compile::Program& program = *context.rules.program;
  int index = program.FindRule(rule);
  std::string at = index >= 0 ? Where(program.rules[static_cast<size_t>(index)].span, context.sources) : "";
  refusal.why = at.empty() ? fmt::format("{} (rule {})", reason, rule) : fmt::format("{} (rule {}, {})", reason, rule, at);
  refusal.by = {{"rule", rule}};
  if (!at.empty()) refusal.by["at"] = at;
  return refusal;
}

AttackRefusal RefusedByRow(const AnswerContext& context, const std::string& table, const tables::Row& row,
                           const std::string& column, const std::string& reason) {
  AttackRefusal refusal;
  const tables::Value* cell = row.Get(column);
  std::string at = Where(cell != nullptr ? cell->span : row.span, context.sources);
  refusal.why = fmt::format("{} (table {}, row {}, column {}, {})", reason, table, row.name, column, at);
  refusal.by = {{"table", table}, {"row", row.name}, {"column", column}, {"at", at}};
  return refusal;
}

void WriteRefusal(const AttackRefusal& refusal, nlohmann::json& result) {
  result["possible"] = false;
  result["why"] = refusal.why;
  result["refused_by"] = refusal.by;
  for (const char* key : {"flanking", "flankers", "attack_bonus", "ac_bonus", "net", "armor_class", "defender_ac",
                          "ac_parts", "advantage", "disadvantage", "critical_on_hit", "miss_chance", "reflex_bonus",
                          "hide_bonus", "hiding_allowed", "attack_of_opportunity", "effects", "range_penalty"}) {
    result.erase(key);
  }
}

}  // namespace rulecraft::query
