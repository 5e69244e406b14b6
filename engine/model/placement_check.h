// Whether the creatures of a scenario fit on its map: inside it, and no square holding more
// creatures than fit in it (a helpless creature may share its square).
#pragma once

#include "model/scenario.h"
#include "rulecraft/diagnostic.h"
#include "ruleset/ruleset.h"

namespace rulecraft::model {

// Reports every valid creature that lies (partly) outside the map (outside-map) or overlaps
// another (overlap, with a note at the other); nothing when the scenario has no map.
void CheckPlacement(const Scenario& scenario, const ruleset::Ruleset& rules, Diagnostics& diagnostics);

}  // namespace rulecraft::model
