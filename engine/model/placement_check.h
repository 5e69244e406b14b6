// Whether the creatures of a scenario fit on its map. Who may share a square is the rules'
// business (query/shared_squares.h).
#pragma once

#include "model/scenario.h"
#include "rulecraft/diagnostic.h"

namespace rulecraft::model {

// Reports every valid creature that lies (partly) outside the map (outside-map); nothing when
// the scenario has no map.
void CheckPlacement(const Scenario& scenario, Diagnostics& diagnostics);

}  // namespace rulecraft::model
