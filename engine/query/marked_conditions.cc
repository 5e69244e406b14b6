#include "query/marked_conditions.h"

#include <algorithm>

namespace rulecraft::query {

std::vector<std::string> ConditionsMarked(const ruleset::Ruleset& rules, const char* column) {
  std::vector<std::string> names;
  const tables::Table* conditions = rules.tables.Find("conditions");
  if (conditions == nullptr) return names;
  for (const tables::Row& row : conditions->rows) {
    const tables::Value* marked = row.Get(column);
    if (marked != nullptr && marked->AsBool()) names.push_back(row.name);
  }
  return names;
}

bool HasConditionMarked(const ruleset::Ruleset& rules, const model::Creature& creature, const char* column) {
  std::vector<std::string> marked = ConditionsMarked(rules, column);
  std::vector<std::string> held = creature.AllConditions();
  return std::any_of(held.begin(), held.end(), [&](const std::string& name) {
    return std::find(marked.begin(), marked.end(), name) != marked.end();
  });
}

}  // namespace rulecraft::query
