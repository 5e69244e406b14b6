#include "tables/weapon_properties.h"

#include <fmt/format.h>

#include "base/suggest.h"

namespace rulecraft::tables {

std::vector<std::string> PropertiesOf(const Row& weapon) {
  std::vector<std::string> names;
  const Value* cell = weapon.Get("properties");
  if (cell == nullptr || cell->kind != Value::Kind::kList) return names;
  for (const Value::Item& item : cell->entries) names.push_back(item.value.text);
  return names;
}

void CheckWeaponProperties(const TableSet& tables, Diagnostics& diagnostics) {
  const Table* weapons = tables.Find("weapons");
  if (weapons == nullptr) return;
  const Table* properties = tables.Find("weapon_properties");
  for (const Row& row : weapons->rows) {
    const Value* cell = row.Get("properties");
    if (cell == nullptr || cell->kind != Value::Kind::kList) continue;
    for (const Value::Item& item : cell->entries) {
      if (properties == nullptr) {
        diagnostics.Error("missing-table", item.value.span,
                          fmt::format("weapon '{}' has the property '{}', but the ruleset has no table "
                                      "'weapon_properties' (tables/weapon_properties.yaml) to name it",
                                      row.name, item.value.text));
        continue;
      }
      if (properties->Find(item.value.text) != nullptr) continue;
      Diagnostic& error = diagnostics.Error(
          "unknown-row", item.value.span,
          fmt::format("weapon '{}' has the property '{}', which is not a row of table 'weapon_properties'", row.name,
                      item.value.text));
      SuggestName(error, item.value.text, properties->RowNames());
    }
  }
}

}  // namespace rulecraft::tables
