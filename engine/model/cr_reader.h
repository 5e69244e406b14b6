// A scenario creature's `cr:` (docs/scenarios.md, "A creature's numbers"): its challenge rating,
// which the rules read as creature.cr (Starfinder's tumble DCs: 15 + 1-1/2 x the opponent's CR).
#pragma once

#include <yaml-cpp/yaml.h>

#include "model/scenario.h"
#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"

namespace rulecraft::model {

// The highest challenge rating a scenario may give.
inline constexpr double kMaxChallengeRating = 50;

// Reads `node` (absent: CR 0) into `creature.cr`: a number from 0 to kMaxChallengeRating (whole or
// decimal, 0.5) or a fraction "1/2", "1/3", "1/4", "1/6", "1/8"; a mistake is reported at its place.
void ReadChallengeRating(const SourceFile& file, const YAML::Node& node, Creature& creature, Diagnostics& diagnostics);

}  // namespace rulecraft::model
