// A scenario creature's own numbers (docs/scenarios.md, "A creature's numbers"): `abilities:`,
// `ac:`, `levels:` and `load:`, each mistake reported where it is written.
#pragma once

#include <yaml-cpp/yaml.h>

#include "model/scenario.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "ruleset/ruleset.h"

namespace rulecraft::model {

// Reads the creature mapping's `abilities`, `ac`, `levels` and `load` values (each absent: the
// defaults) into `creature`; `armor_row_max_dex` is applied after, by ApplyArmorRow.
void ReadCreatureNumbers(const SourceFile& file, const YAML::Node& abilities, const YAML::Node& ac,
                         const YAML::Node& levels, const YAML::Node& load, const ruleset::Ruleset& rules,
                         Creature& creature, Diagnostics& diagnostics);

// Gives `creature.ac.max_dex` its armor row's `max_dex` cell when the scenario gave none and the
// ruleset's `armor` table has that column (n/a: no cap).
void ApplyArmorRow(const ruleset::Ruleset& rules, Creature& creature);

}  // namespace rulecraft::model
