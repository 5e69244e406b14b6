// A creature's `weapons:` in a scenario (docs/scenarios.md): each a row of the ruleset's
// `weapons` table, or a mapping with its own kind and range.
#pragma once

#include <yaml-cpp/yaml.h>

#include "model/scenario.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "ruleset/ruleset.h"

namespace rulecraft::model {

// Reads `node` (absent: no weapons) into `creature.weapons`, reporting each mistake at its place.
void ReadWeapons(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules, Creature& creature,
                 Diagnostics& diagnostics);

// The weapon of the ruleset's `weapons` table row `name` (its kind and range columns), or
// nullopt when the ruleset has no such row.
std::optional<Weapon> WeaponFromTable(const ruleset::Ruleset& rules, const std::string& name);

}  // namespace rulecraft::model
