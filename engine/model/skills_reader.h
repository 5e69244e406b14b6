// A scenario creature's `skills: { tumble: 8 }` (docs/scenarios.md, "A creature's numbers"): its
// modifier in each skill, a row of the ruleset's `skills` table, which the rules read as the
// creature's untyped bonus to that skill (mover.bonuses(tumble)).
#pragma once

#include <yaml-cpp/yaml.h>

#include "model/scenario.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"
#include "ruleset/ruleset.h"

namespace rulecraft::model {

// Reads `node` (absent: no skills) into `creature.bonuses`, one untyped bonus of source "skills"
// per skill, reporting each mistake at its place.
void ReadSkills(const SourceFile& file, const YAML::Node& node, const ruleset::Ruleset& rules, Creature& creature,
                Diagnostics& diagnostics);

}  // namespace rulecraft::model
