// A scenario creature's own numbers (docs/scenarios.md, "A creature's numbers"): `abilities:`,
// `ac:`, `levels:` and `load:`, each mistake reported where it is written.
#pragma once

#include <functional>
#include <string>

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

// How a creature's mapping of a table's rows to whole numbers (`levels:`, `skills:`) is read and
// named in its errors.
struct RowNumbers {
  const char* key;         // the creature's key: "levels"
  const char* table;       // the table whose rows the keys are: "classes"
  const char* row_kind;    // one key, in errors: "class"
  const char* without;     // what a ruleset without the table lacks: "class levels"
  const char* mapping;     // the mapping expected: "classes to levels such as { monk: 5 }"
  const char* value_noun;  // before a value's quoted key in errors: "" or "skill "
  double low;              // the least value (the most is limits::kMaxCreatureNumber)
};

// Reads `node` as `form` says, giving each good entry to `take` (its row, its value, where its key
// is written); each mistake reported where it is written.
void ReadRowNumbers(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules,
                    const RowNumbers& form, Diagnostics& diagnostics,
                    const std::function<void(const std::string& row, double value, const SourceSpan& key)>& take);

// Gives `creature.ac.max_dex` its armor row's `max_dex` cell when the scenario gave none and the
// ruleset's `armor` table has that column (n/a: no cap).
void ApplyArmorRow(const ruleset::Ruleset& rules, Creature& creature);

}  // namespace rulecraft::model
