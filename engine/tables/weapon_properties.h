// Weapon properties (docs/tables.md, `weapon_properties`): what a `weapons` row's `properties`
// may name, so a misspelt property is an error at its cell rather than a rule that never holds.
#pragma once

#include <string>
#include <vector>

#include "rulecraft/diagnostic.h"
#include "tables/table.h"

namespace rulecraft::tables {

// Reports each `properties` entry of table `weapons` that is not a row of `weapon_properties`
// (`unknown-row`, with the closest names), or every such entry when that table is missing.
void CheckWeaponProperties(const TableSet& tables, Diagnostics& diagnostics);

// The names of a weapons row's `properties` cell, in order (none without the cell).
std::vector<std::string> PropertiesOf(const Row& weapon);

}  // namespace rulecraft::tables
